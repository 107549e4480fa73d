/**
 * docs/mcp.md: its tool table is what the endpoint table makes of it now (`npm run docs`
 * rewrites it), and its client configurations are JSON a client reads: each starts
 * `vis mcp`, and none holds a key.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BEGIN_MARKER, END_MARKER, MCP_DOC_FILE, mcpToolTable, mcpTools, spliceMcpTools, toolName } from '../../scripts/mcp-tools.js';
import { buildProgram } from '../../src/cli/program.js';
import { ENDPOINTS, PLAN_TEXT } from '../../src/endpoints.js';
import { readsSeveralScopes } from '../../src/flags/command-options.js';
import { testContext } from '../support/context.js';

const ROOT = resolve(__dirname, '../..');
const doc = readFileSync(join(ROOT, MCP_DOC_FILE), 'utf8');

/** The `json` code blocks of the document. */
function jsonBlocks(): string[] {
  return [...doc.matchAll(/^```json\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

interface ServerEntry {
  type?: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

describe(MCP_DOC_FILE, () => {
  it('holds the tool table the endpoint table makes now (run `npm run docs` after changing src/endpoints.ts)', () => {
    expect(spliceMcpTools(doc)).toBe(doc);
  });

  it('has the table between its markers once', () => {
    expect(doc.split(BEGIN_MARKER)).toHaveLength(2);
    expect(doc.split(END_MARKER)).toHaveLength(2);
    expect(() => spliceMcpTools('no markers here')).toThrow(/markers/);
  });

  it('lists one tool per endpoint, named by its id with . and - as _, and the history’s two', () => {
    const names = mcpTools().map((t) => t.name);
    expect(names).toEqual([...ENDPOINTS.map((e) => e.id.replace(/\./g, '_').replace(/-/g, '_')), 'history', 'changes']);
    expect(new Set(names).size).toBe(names.length);
    expect(toolName('brand-perception.transcript')).toBe('brand_perception_transcript');
  });

  it('says each tool’s cost and plan as the endpoint table does, and that only --allow-pitches offers the one that spends', () => {
    const table = mcpToolTable();
    for (const spec of ENDPOINTS) {
      const row = table.split('\n').find((l) => l.startsWith(`| \`${toolName(spec.id)}\``));
      expect(row, spec.id).toBeDefined();
      expect(row).toContain(PLAN_TEXT[spec.plan].table);
      if (spec.free) expect(row).toContain('| free |');
      else if (spec.spends) expect(row).toContain(`1 ${spec.spends.what}`);
      else expect(row).toMatch(/\| 1 read[ ;|]/);
      // A list read for several brands or markets spends one read for each.
      expect(row!.includes('per brand and market')).toBe(readsSeveralScopes(spec) && !spec.free && !spec.spends && !spec.idLookup);
      expect(row!.includes('only with `--allow-pitches`')).toBe(spec.spends !== undefined);
    }
  });

  it('shows each client’s configuration as JSON that starts vis mcp, and no key in it', () => {
    const blocks = jsonBlocks();
    // Claude Desktop, Claude Code's .mcp.json, Cursor, VS Code.
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    for (const block of blocks) {
      const config = JSON.parse(block) as { mcpServers?: Record<string, ServerEntry>; servers?: Record<string, ServerEntry> };
      const vis = (config.mcpServers ?? config.servers)?.vis;
      expect(vis, block).toBeDefined();
      expect(vis!.command).toBe('vis');
      expect(vis!.args).toEqual(['mcp']);
      if (config.servers) expect(vis!.type).toBe('stdio');
      // A variable, a prompt or nothing: never the key itself.
      for (const value of Object.values(vis!.env ?? {})) expect(value).toMatch(/^\$\{[^}]+\}$/);
    }
    expect(doc).not.toMatch(/vis_(live|test|demo)_[a-z0-9]+/);
  });

  it('never puts the key on a command line: no --env, -e or VIS_API_KEY= in its commands but the one it warns against', () => {
    const commands = [...doc.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].flatMap((m) => m[1]!.split('\n'));
    for (const line of commands) expect(line).not.toMatch(/VIS_API_KEY=|--env\b|\s-e\s/);
  });

  it('names every flag vis mcp takes, in its flag table', () => {
    const mcp = buildProgram(testContext()).commands.find((c) => c.name() === 'mcp');
    const flags = (mcp?.options ?? []).map((o) => o.long).filter((f) => f !== undefined && f !== '--help');
    expect(flags).toContain('--max-reads');
    for (const flag of flags) expect(doc).toMatch(new RegExp(`^\\| \`${flag}[ \`]`, 'm'));
  });
});
