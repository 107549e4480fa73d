/**
 * `vis --demo mcp` as a user checks an MCP server: the MCP Inspector's command line
 * (`mcp-inspector --cli`), one start per method, with the server named in a client
 * configuration file (its key in the file's `env`, never on a command line), and a HOME
 * and vis config folder of their own. The Inspector needs Node 22.19 or newer: it runs on
 * the pinned Node 24 (scripts/pinned-nodes.mjs, fetched by .ci/run before the tests), and
 * vis on the Node running the tests.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { cachedNodeBinary, NODES, pinnedNodesSupported } from '../../scripts/pinned-nodes.mjs';
import { mcpTools } from '../../scripts/mcp-tools.js';
import { VIS } from './helpers.js';

const ROOT = resolve(__dirname, '../..');
const INSPECTOR = join(ROOT, 'node_modules', '.bin', 'mcp-inspector');
const IN_CI = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== '0' && process.env.CI.toLowerCase() !== 'false';
const NODE24 = NODES.find((v) => v.startsWith('24.'));
const node24 = NODE24 === undefined ? undefined : cachedNodeBinary(NODE24);
/** The key, in the configuration file's env only: it must show in no output. */
const KEY = 'vis_demo_monitor';
const MAX_READS = 3;

/** Why the Inspector cannot run here, or undefined. */
const skipReason = !pinnedNodesSupported
  ? `pinned Node binaries are for linux x64 only (this is ${process.platform} ${process.arch})`
  : node24 === undefined && !IN_CI
    ? `the pinned Node ${NODE24} is not in .cache/nodes: \`node scripts/pinned-nodes.mjs\` fetches it (.ci/run does)`
    : undefined;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

let config = '';
let home = '';
/** What each method printed: both Inspectors start at once, each on a vis of its own. */
let listed: Run;
let called: Run;

/** One Inspector start: `mcp-inspector --cli --config <file> --server vis ...args`. */
function inspector(args: string[]): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(node24!, [INSPECTOR, '--cli', '--config', config, '--server', 'vis', ...args], {
      // What the Inspector itself sees; vis gets only what the file's env and the Inspector pass on.
      // Its secret store in memory: no keychain, no file, no notice about either.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, NO_COLOR: '1', LANG: 'C.UTF-8', MCP_INSPECTOR_SECRET_STORE: 'memory' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

interface Tool {
  name: string;
  description?: string;
  annotations?: { readOnlyHint?: boolean };
  outputSchema?: Record<string, unknown>;
}

describe.skipIf(skipReason !== undefined)(`vis --demo mcp in the MCP Inspector${skipReason ? ` (skipped: ${skipReason})` : ''}`, { timeout: 180_000 }, () => {
  beforeAll(async () => {
    if (node24 === undefined) throw new Error(`the pinned Node ${NODE24} is not in .cache/nodes: .ci/run fetches it with \`node scripts/pinned-nodes.mjs\``);
    home = mkdtempSync(join(tmpdir(), 'vis-inspector-home-'));
    const visConfig = mkdtempSync(join(tmpdir(), 'vis-inspector-config-'));
    config = join(home, 'mcp.json');
    const server = {
      command: process.execPath,
      args: [VIS, '--demo', 'mcp', '--max-reads', String(MAX_READS)],
      env: { VIS_API_KEY: KEY, VIS_CONFIG_DIR: visConfig },
    };
    writeFileSync(config, JSON.stringify({ mcpServers: { vis: server } }), { mode: 0o600 });
    [listed, called] = await Promise.all([inspector(['--method', 'tools/list']), inspector(['--method', 'tools/call', '--tool-name', 'topics'])]);
  }, 180_000);

  it('lists a tool per endpoint (named by its id, . and - as _), history and changes, each read-only and described; pitches_create is not offered', () => {
    expect(listed.code, listed.stderr).toBe(0);
    const { tools } = JSON.parse(listed.stdout) as { tools: Tool[] };
    const expected = mcpTools()
      .filter((t) => !t.onlyWithAllowPitches)
      .map((t) => t.name);
    expect(tools.map((t) => t.name).sort()).toEqual([...expected].sort());
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(tool.description, tool.name).toMatch(/\S/);
    }
    expect(listed.stdout + listed.stderr).not.toContain(KEY);
  });

  it('calls topics: structuredContent {data, meta, reads, truncated} as its listed outputSchema says, one read spent of the cap, and no key', () => {
    expect(called.code, called.stderr).toBe(0);
    const result = JSON.parse(called.stdout) as {
      isError?: boolean;
      content: Array<{ type: string; text?: string }>;
      structuredContent: Record<string, unknown>;
    };
    expect(result.isError ?? false).toBe(false);
    const structured = result.structuredContent as { data: { topics: unknown[] }; meta: unknown; reads: { spent: number; left: number }; truncated: unknown };
    expect(Object.keys(structured).sort()).toEqual(['data', 'meta', 'reads', 'truncated']);
    expect(Array.isArray(structured.data.topics)).toBe(true);
    expect(structured.data.topics.length).toBeGreaterThan(0);
    expect(structured.reads).toEqual({ spent: 1, left: MAX_READS - 1 });
    expect(structured.truncated).toBeNull();
    expect(result.content.some((c) => c.type === 'text' && (c.text ?? '') !== '')).toBe(true);
    expect(called.stdout + called.stderr).not.toContain(KEY);

    const schema = (JSON.parse(listed.stdout) as { tools: Tool[] }).tools.find((t) => t.name === 'topics')?.outputSchema;
    expect(schema).toBeDefined();
    const validate = new Ajv({ strict: false }).compile(schema!);
    expect(validate(structured), JSON.stringify(validate.errors)).toBe(true);
  });
});
