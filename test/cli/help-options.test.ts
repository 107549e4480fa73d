/**
 * Help that fits the command: `vis <cmd> --help` lists the options the command takes
 * (its own and the shared ones declared on it), then the true global options. The walk below takes every command of
 * the program and every option its help lists, and parses a command line with that
 * option (and a valid value) through the runF seam: none may be refused. Then the
 * per-command decisions: --format on `config` and `openapi`, `vis openapi` without a key,
 * the values of --status and --layer, and `vis help options`.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import type { ParsedOptions } from '../../src/cli/declare.js';
import { buildProgram } from '../../src/cli/program.js';
import { buildCompletionModel, allCommands } from '../../src/completion/model.js';
import type { Env } from '../../src/domain/env.js';
import { GLOBAL_OPTIONS } from '../../src/flags/globals.js';
import { COMMAND_OPTIONS } from '../../src/flags/command-options.js';
import { testContext, testIO } from '../support/context.js';
import { optionArgs, requiredArgs } from '../support/commands.js';
import { FakeApi, json } from '../support/http.js';
import { runInProcess, TEST_KEY } from '../support/run.js';
import { refusingBaseUrl } from '../support/ports.js';

/** Never reached (nothing here may send a request); if something did, it is refused at once. */
const BASE = await refusingBaseUrl();

function freshEnv(): Env {
  const home = mkdtempSync(join(tmpdir(), 'vis-help-options-'));
  const configDir = join(home, 'config');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles: { default: { base_url: BASE } } }));
  // The webhook --notify needs, as reads need the key.
  return {
    VIS_BASE_URL: BASE,
    VIS_API_KEY: TEST_KEY,
    VIS_CONFIG_DIR: configDir,
    HOME: home,
    NO_COLOR: '1',
    VIS_NOTIFY_URL: 'https://hooks.slack.com/services/T0/B0/x',
  } as Env;
}

/** What a command needs besides the option under test: its required arguments and options. */
const REQUIRED = requiredArgs();

interface Listed {
  path: string[];
  options: Option[];
  hasAction: boolean;
}

/** Every command with an action and the options its help lists (own, then global). */
function listedOptions(): Listed[] {
  const program = buildProgram(testContext({ env: freshEnv() }));
  const out: Listed[] = [];
  const walk = (cmd: Command, path: string[]) => {
    for (const sub of cmd.commands) {
      const help = sub.createHelp();
      if (sub.name() === '__complete' || (sub.name() === 'help' && path.length > 0)) continue;
      const options = [...help.visibleOptions(sub), ...help.visibleGlobalOptions(sub)].filter((o) => o.long !== '--help');
      out.push({ path: [...path, sub.name()], options, hasAction: (sub as unknown as { _actionHandler: unknown })._actionHandler != null });
      walk(sub, [...path, sub.name()]);
    }
  };
  walk(program, []);
  return out;
}

async function parses(argv: string[]): Promise<{ ok: true } | { ok: false; error: string }> {
  const env = freshEnv();
  const ctx = testContext({ env, io: testIO() });
  let got: ParsedOptions | undefined;
  const program = buildProgram(ctx, argv, (o) => void (got = o));
  const quiet = { writeOut: () => undefined, writeErr: () => undefined, outputError: () => undefined };
  const all = (c: Command): Command[] => [c, ...c.commands.flatMap(all)];
  // buildProgram makes every command throw (in vis's words) instead of exiting.
  for (const c of all(program)) c.configureOutput(quiet);
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
  return got ? { ok: true } : { ok: false, error: 'nothing parsed (a group command?)' };
}

describe('every option a command’s help lists is accepted by that command', () => {
  const listed = listedOptions();
  const today = testContext().today().api;
  const outDir = mkdtempSync(join(tmpdir(), 'vis-help-out-'));
  const cases = listed.flatMap(({ path, options }) => options.map((o) => [path.join(' '), o.long!, path, o] as const));

  it('walks the whole tree (data commands, sub-commands and tools)', () => {
    const names = listed.map((l) => l.path.join(' '));
    expect(names).toEqual(
      expect.arrayContaining(['topics', 'answers runs', 'tasks', 'pitches create', 'config list', 'auth login', 'sandbox', 'openapi', 'export', 'api']),
    );
    expect(cases.length).toBeGreaterThan(200);
  });

  it.each(cases)('vis %s %s', async (_name, _flag, path, option) => {
    const groups = listed.find((l) => l.path.join(' ') === path.join(' '))!;
    // A group (`vis config`) has no action: nothing to parse on its own.
    if (!groups.hasAction) return;
    // The one global a command refuses in its parse step, with the reason (checked below).
    if (path.join(' ') === 'auth login' && option.long === '--demo') return;
    // The stored history's own commands: the demo's history is simulated, there is no store to check, prune or push.
    if (['history check', 'history prune', 'history push'].includes(path.join(' ')) && option.long === '--demo') return;
    // `vis api` answers in JSON unless told: its table options need a table.
    const tableOnly = path[0] === 'api' && ['--columns', '--rows', '--wide'].includes(option.long!) ? ['--format', 'table'] : [];
    const argv = [
      ...path,
      ...(REQUIRED[path.join(' ')] ?? []),
      ...tableOnly,
      ...optionArgs(option, { today, outFile: join(outDir, 'out.json'), base: BASE, toWithFrom: true }),
    ];
    const r = await parses(argv);
    expect(r, `vis ${argv.join(' ')}`).toEqual({ ok: true });
  });

  it.each([
    ['tasks', ['--days', '--from', '--to']],
    ['sandbox', COMMAND_OPTIONS.map((g) => g.flags.replace(/^.*?(--[a-z-]+).*$/, '$1'))],
    ['config', COMMAND_OPTIONS.map((g) => g.flags.replace(/^.*?(--[a-z-]+).*$/, '$1'))],
    ['config get', COMMAND_OPTIONS.map((g) => g.flags.replace(/^.*?(--[a-z-]+).*$/, '$1'))],
    ['completion', ['--brand', '--market', '--days', '--format']],
    ['usage', ['--brand', '--market', '--days']],
    ['config list', ['--format', '--brand']],
    ['export', ['--output', '--columns', '--rows', '--wide']],
  ])('vis %s --help does not list %j', (name, absent) => {
    const l = listed.find((x) => x.path.join(' ') === name)!;
    const longs = l.options.map((o) => o.long);
    for (const flag of absent) expect(longs, `vis ${name} --help`).not.toContain(flag);
  });

  it('lists the command’s options, then the true globals, and no option of a parent command', () => {
    const program = buildProgram(testContext({ env: freshEnv() }));
    const text = program.commands.find((c) => c.name() === 'tasks')!.helpInformation();
    const globals = text.indexOf('Global options:');
    expect(text.indexOf('--status')).toBeLessThan(globals);
    expect(text.indexOf('--brand')).toBeLessThan(globals);
    expect(text).not.toContain('--days');
    expect(text.slice(globals)).toContain('--verbose');
    expect(text.slice(globals)).not.toContain('--brand');
    // `vis answers runs` takes --brand as its own option, not as one of `vis answers`.
    const runs = program.commands
      .find((c) => c.name() === 'answers')!
      .commands.find((c) => c.name() === 'runs')!
      .helpInformation();
    expect(runs.match(/--brand/g)).toHaveLength(1);
    expect(runs.indexOf('--brand')).toBeLessThan(runs.indexOf('Global options:'));
  });
});

it('vis auth login --demo is refused: the sandbox needs no login', async () => {
  const r = await runInProcess(['auth', 'login', '--demo']);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain('--demo does not apply to vis auth login: the sandbox needs no login');
  expect(r.requests).toEqual([]);
});

describe('--no-pager: taken where output can page, refused where nothing pages', () => {
  // A command pages when it declares --no-pager (addOutputOptions); everywhere else
  // commander refuses the flag, explained in vis's words (src/cli/option-errors.ts), exit 2.
  const listed = listedOptions().filter((l) => l.options.length > 0);
  const cases = listed.map((l) => [l.path.join(' '), l.options.some((o) => o.long === '--no-pager')] as const);

  it('both kinds exist', () => {
    expect(cases.filter(([, pages]) => pages).map(([n]) => n)).toEqual(expect.arrayContaining(['topics', 'api', 'openapi', 'pitches create']));
    expect(cases.filter(([, pages]) => !pages).map(([n]) => n)).toEqual(
      expect.arrayContaining(['export', 'auth status', 'config get', 'cache clear', 'sandbox']),
    );
  });

  it.each(cases)('vis %s --no-pager (pages: %s)', async (name, pages) => {
    const argv = [...name.split(' '), ...(REQUIRED[name] ?? []), '--no-pager'];
    expect(await parses(argv)).toEqual(pages ? { ok: true } : { ok: false, error: `--no-pager does not apply to vis ${name}: it never pages` });
  });
});

describe('enumerated values in help and completion', () => {
  it('--status and --layer name their known values and say others pass through', () => {
    const program = buildProgram(testContext({ env: freshEnv() }));
    const text = program.commands
      .find((c) => c.name() === 'tasks')!
      .helpInformation()
      .replace(/\s+/g, ' ');
    expect(text).toContain('known: open, todo, in_progress, done, dismissed, all (others are passed through as given)');
    expect(text).toContain('known: content, technical, authority, community');
  });

  it('TAB completes --status, --layer and --group-by values', () => {
    const model = buildCompletionModel(buildProgram(testContext({ env: freshEnv() })));
    const flag = (path: string, long: string) =>
      allCommands(model)
        .find((c) => c.path.join(' ') === path)!
        .flags.find((f) => f.long === long)!;
    expect(flag('tasks', '--status').value).toEqual({ kind: 'words', words: ['open', 'todo', 'in_progress', 'done', 'dismissed', 'all'] });
    expect(flag('tasks', '--layer').value).toEqual({ kind: 'words', words: ['content', 'technical', 'authority', 'community'] });
    expect(flag('search-performance', '--group-by').value).toEqual({ kind: 'words', words: ['query', 'page'] });
  });

  it('a value outside the known ones is still passed through', async () => {
    const r = await parses(['tasks', '--status', 'archived']);
    expect(r).toEqual({ ok: true });
  });
});

describe('vis help options', () => {
  it('lists every global option once, then every shared command option once', async () => {
    const r = await runInProcess(['help', 'options']);
    expect(r.code).toBe(0);
    const terms = r.stdout
      .split('\n')
      .filter((l) => /^ {2}-/.test(l))
      .map((l) => l.trim().split(/\s{2,}/)[0]);
    expect(terms).toEqual([...GLOBAL_OPTIONS.map((g) => g.flags), ...COMMAND_OPTIONS.map((o) => o.flags)]);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('vis topics -f json, not vis -f json topics');
  });
});

describe('--format where a command prints one thing', () => {
  it.each([
    [['config', 'list', '--format', 'json'], '--format does not apply to vis config list: it prints plain text'],
    [['config', 'get', 'market', '-f', 'csv'], '--format does not apply to vis config get'],
    [['openapi', '--format', 'table'], '--format table does not apply to vis openapi: it prints the OpenAPI document as received, in JSON'],
    [['openapi', '--format', 'csv'], '--format csv does not apply'],
  ])('vis %j is refused (exit 2, no request)', async (argv, message) => {
    const r = await runInProcess(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.requests).toEqual([]);
  });

  it('vis openapi --format json prints the document; VIS_FORMAT=table does not refuse it', async () => {
    for (const [argv, env] of [
      [['openapi', '--format', 'json'], {}],
      [['openapi'], { VIS_FORMAT: 'table' }],
    ] as const) {
      const api = new FakeApi().on({ method: 'GET', path: '/openapi.json' }, json(200, { openapi: '3.1.0', paths: {} }));
      const r = await runInProcess([...argv], { api, env });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).openapi).toBe('3.1.0');
    }
  });
});

describe('vis openapi needs no key', () => {
  it('without a key: sent with no Authorization header', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/openapi.json' }, json(200, { openapi: '3.1.0', paths: {} }));
    const r = await runInProcess(['openapi'], { api, env: { VIS_API_KEY: undefined } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.requests).toHaveLength(1);
    expect(Object.keys(r.requests[0]!.headers).map((h) => h.toLowerCase())).not.toContain('authorization');
  });

  it('with a key: sent as usual', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/openapi.json' }, json(200, { openapi: '3.1.0', paths: {} }));
    const r = await runInProcess(['openapi'], { api });
    expect(r.code).toBe(0);
    expect(r.requests[0]!.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
  });

  it('other commands still need one', async () => {
    const r = await runInProcess(['topics'], { env: { VIS_API_KEY: undefined } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no API key');
  });
});
