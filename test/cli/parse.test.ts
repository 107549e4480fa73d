/**
 * Parse, then run: every command turns argv, environment and profile into
 * typed, checked options before anything is opened. The first table stops after parsing
 * (buildProgram's runF seam, like gh's) and checks the options; the second runs the real
 * actions and checks that a usage error comes before the Context's sandbox, transport or
 * a config write is touched.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Context } from '../../src/services/context.js';
import type { ParsedOptions } from '../../src/cli/declare.js';
import { buildProgram } from '../../src/cli/program.js';
import type { Env } from '../../src/domain/env.js';
import { UsageError } from '../../src/errors.js';
import { testContext, testIO, type TestIOOptions } from '../support/context.js';
import { spyOn } from '../support/commands.js';
import { TEST_KEY } from '../support/run.js';
import { refusingBaseUrl } from '../support/ports.js';

/** Never reached (nothing here may send a request); if something did, it is refused at once. */
const BASE = await refusingBaseUrl();

interface Case {
  argv: string[];
  env?: Record<string, string | undefined>;
  /** A profile saved in the config file before the run. */
  profile?: Record<string, string>;
  io?: TestIOOptions;
}

/** A context on a fresh config folder, whose sandbox, transport and config writes are recorded. */
function spiedContext(c: Case): { ctx: Context; touched: string[]; dir: string } {
  const home = mkdtempSync(join(tmpdir(), 'vis-parse-'));
  const configDir = join(home, 'config');
  if (c.profile) {
    mkdirSync(configDir, { recursive: true });
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles: { default: c.profile } }));
  }
  const base: Record<string, string | undefined> = {
    VIS_BASE_URL: BASE,
    VIS_API_KEY: TEST_KEY,
    VIS_CONFIG_DIR: configDir,
    HOME: home,
    NO_COLOR: '1',
    ...c.env,
  };
  const env = Object.fromEntries(Object.entries(base).filter((e): e is [string, string] => e[1] !== undefined)) as Env;
  const ctx = testContext({ env, io: testIO(c.io) });
  return { ctx, touched: spyOn(ctx), dir: home };
}

async function parseAs(ctx: Context, argv: string[], runF?: (o: ParsedOptions) => void): Promise<void> {
  const program = buildProgram(ctx, argv, runF);
  const quiet = { writeOut: () => undefined, writeErr: () => undefined, outputError: () => undefined };
  // buildProgram makes every command throw (in vis's words) instead of exiting.
  for (const cmd of [program, ...program.commands, ...program.commands.flatMap((c) => c.commands)]) cmd.configureOutput(quiet);
  await program.parseAsync(argv, { from: 'user' });
}

/** The options a command line parses to; throws what parsing throws. */
async function optionsOf(c: Case): Promise<Record<string, unknown>> {
  const { ctx, touched } = spiedContext(c);
  let got: ParsedOptions | undefined;
  await parseAs(ctx, c.argv, (o) => void (got = o));
  expect(touched).toEqual([]);
  expect(got).toBeDefined();
  return got as unknown as Record<string, unknown>;
}

describe('parse: argv, environment and profile -> typed options (nothing opened)', () => {
  it.each<[string, Case, Record<string, unknown>]>([
    ['a list, default format', { argv: ['topics'] }, { command: 'data', format: 'table', confirm: 'none' }],
    ['--format beats VIS_FORMAT', { argv: ['topics', '--format', 'csv'], env: { VIS_FORMAT: 'json' } }, { format: 'csv' }],
    ['VIS_FORMAT beats the profile', { argv: ['topics'], env: { VIS_FORMAT: 'json' }, profile: { format: 'csv' } }, { format: 'json' }],
    ['the profile beats the default', { argv: ['topics'], profile: { format: 'csv' } }, { format: 'csv' }],
    ['--demo needs no base URL or key', { argv: ['--demo', 'topics'], env: { VIS_BASE_URL: undefined, VIS_API_KEY: undefined } }, { format: 'table' }],
    ['pitches create --yes', { argv: ['pitches', 'create', 'acme.com', '--yes'] }, { confirm: 'yes' }],
    ['pitches create at a terminal asks', { argv: ['pitches', 'create', 'acme.com'], io: { stdinIsTTY: true, stderrIsTTY: true } }, { confirm: 'ask' }],
    [
      'config set format',
      { argv: ['config', 'set', 'format', 'json', '--profile', 'agency'] },
      { command: 'config set', profile: 'agency', name: 'format', value: 'json' },
    ],
    ['config get key aliases', { argv: ['config', 'get', 'api-key'] }, { command: 'config get', profile: 'default', name: 'api_key' }],
    ['config path', { argv: ['config', 'path'] }, { command: 'config path' }],
    ['auth logout', { argv: ['auth', 'logout', '--profile', 'default'] }, { command: 'auth logout', profile: 'default' }],
    ['auth login', { argv: ['auth', 'login', '--timeout', '5'] }, { command: 'auth login', profile: 'default', baseUrl: BASE, timeoutMs: 5000 }],
    [
      'api keeps the path query before the typed flags',
      { argv: ['api', '/api/v1/topics?x=1', '--market', 'US-en', '--param', 'y=2'] },
      {
        command: 'api',
        path: '/topics',
        pathQuery: [['x', '1']],
        query: [
          ['market', 'US-en'],
          ['y', '2'],
        ],
      },
    ],
    ['sandbox', { argv: ['sandbox', '--port', '8787'] }, { command: 'sandbox', port: 8787, host: '127.0.0.1' }],
    [
      'export: a saved table format is no file format',
      { argv: ['export', '--dir', 'out'], profile: { format: 'table' } },
      { command: 'export', format: 'csv' },
    ],
    ['completion', { argv: ['completion', 'fish'] }, { command: 'completion', shell: 'fish' }],
  ])('%s', async (_name, c, expected) => {
    expect(await optionsOf(c)).toMatchObject(expected);
  });

  it('a data command carries its endpoint, request and session options', async () => {
    const o = await optionsOf({ argv: ['tasks', '42', '--format', 'json', '--timeout', '9'], env: { VIS_RATE_LIMIT: '30' } });
    expect(o).toMatchObject({ command: 'data', format: 'json', request: { command: 'vis tasks', path: '/tasks/42', query: [] } });
    expect((o.spec as { id: string }).id).toBe('tasks.get');
    expect(o.session).toMatchObject({ demo: false, perMinute: 30, timeoutMs: 9000, settings: { baseUrl: { value: BASE, source: 'VIS_BASE_URL' } } });
  });

  it('pitches create: the body is checked, the market typed is sent', async () => {
    const o = await optionsOf({ argv: ['pitches', 'create', ' acme.com ', '--market', 'US-en', '--field', 'note=hi', '-y'] });
    expect((o.request as { body: unknown }).body).toEqual({ url: 'acme.com', market: 'US-en', note: 'hi' });
  });

  it('help: a topic, or the command the words name', async () => {
    expect(await optionsOf({ argv: ['help', 'exit-codes'] })).toMatchObject({ topic: { name: 'exit-codes' } });
    const o = await optionsOf({ argv: ['help', 'answers', 'runs'] });
    expect((o.target as { name(): string }).name()).toBe('runs');
  });
});

describe('parse: a usage error comes before any sandbox, transport or config write', () => {
  const folder = mkdtempSync(join(tmpdir(), 'vis-parse-out-'));
  it.each<[Case, string]>([
    [{ argv: ['--demo', 'topics', '--format', 'json', '--columns', 'name'] }, '--columns applies to --format csv and table'],
    [{ argv: ['--demo', 'topics', '--rows', 'items'], env: { VIS_FORMAT: 'json' } }, '--rows applies to --format csv and table'],
    [{ argv: ['--demo', 'topics', '--columns', 'name'], profile: { format: 'json' } }, '--columns applies to --format csv and table'],
    [{ argv: ['--demo', 'topics'], env: { VIS_FORMAT: 'yaml' } }, 'VIS_FORMAT must be one of table, json, csv (got "yaml")'],
    [{ argv: ['--demo', 'topics', '-o', folder] }, '--output must name a file, not a folder'],
    [{ argv: ['--demo', 'topics', '-o', join(folder, 'missing') + '/'] }, '--output must name a file, not a folder'],
    [{ argv: ['--demo', 'topics', '-o', join(folder, 'missing', '..')] }, '--output must name a file, not a folder'],
    [{ argv: ['--demo', 'pitches', 'create', 'acme.com'] }, '--yes is required by vis pitches create when not at a terminal'],
    [{ argv: ['--demo', 'pitches', 'create', 'not a domain', '--yes'] }, '<domain-or-url> must be a domain'],
    [{ argv: ['--demo', 'tasks', '42', '--status', 'open'] }, '--status applies to the list (vis tasks)'],
    [{ argv: ['--demo', 'pitches', 'abc'] }, 'must be a whole number of at least 1'],
    [{ argv: ['--demo', 'usage', '--days', '7'] }, '--days does not apply to vis usage: it has no period'],
    [{ argv: ['--demo', 'topics'], env: { VIS_RATE_LIMIT: 'fast' } }, 'VIS_RATE_LIMIT must be a whole number'],
    [{ argv: ['topics'], env: { VIS_BASE_URL: undefined } }, 'no API base URL'],
    [{ argv: ['--demo', 'api', 'https://elsewhere.example/topics'] }, 'not a full URL'],
    [{ argv: ['--demo', 'api', '/topics', '--format', 'json', '--columns', 'a'] }, '--columns applies to --format csv and table'],
    [{ argv: ['--demo', 'export', '--dir', 'out', '--columns', 'a'] }, '--columns does not apply to vis export'],
    [{ argv: ['--demo', 'export', '--dir', 'out', '--format', 'table'] }, '--format must be one of csv, json (got "table")'],
    [{ argv: ['sandbox', '--host', '0.0.0.0'] }, '--host must be a loopback address'],
    [{ argv: ['sandbox', '--port', '70000'] }, '--port must be a whole number from 0 to 65535'],
    [{ argv: ['config', 'set', 'format', 'xml'] }, 'format must be one of table, json, csv (got "xml")'],
    [{ argv: ['config', 'set', 'api_key', 'vis_x'] }, 'keys do not belong on the command line'],
    [{ argv: ['config', 'unset', 'colour'] }, 'unknown setting "colour"'],
    [{ argv: ['auth', 'login'], env: { VIS_BASE_URL: undefined } }, 'the API base URL is required by vis auth login'],
    [{ argv: ['auth', 'status'], env: { VIS_API_KEY: undefined } }, 'no API key'],
  ])('%j: %s', async (c, message) => {
    const { ctx, touched } = spiedContext(c);
    const err = await parseAs(ctx, c.argv).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toContain(message);
    expect(touched).toEqual([]);
  });

  it('the spies see what a run opens: --demo starts the sandbox once parsing passed', async () => {
    const { ctx, touched } = spiedContext({ argv: [], env: { VIS_API_KEY: undefined } });
    await parseAs(ctx, ['--demo', 'usage', '--format', 'json']);
    expect(touched).toContain('sandbox');
    const saved = spiedContext({ argv: [] });
    await parseAs(saved.ctx, ['config', 'set', 'market', 'US-en']);
    expect(saved.touched).toContain('config.update');
  });
});
