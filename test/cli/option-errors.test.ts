/**
 * Where options go (src/cli/option-errors.ts). Only the true globals sit on the root;
 * every other option is declared by the commands that take it, and commander decides what
 * each command accepts (test/cli/help-options.test.ts parses every option each command's
 * help lists). The walk takes every command of the program and every option of vis (the
 * globals, the shared options, every command's own), on one program built once:
 *
 * - an option it does not take: refused in vis's words (`--market does not apply to vis
 *   config get`), after the command words and before them, before any action runs (the
 *   real actions, spied: no sandbox, transport or config write, no file written);
 * - a command option it takes, typed before the command words: refused, naming the
 *   command line to type instead (`--format goes after the command: vis topics -f json`).
 *
 * Each class of refusal is then run whole (exit 2, stderr, no request, no file) once per
 * kind of option (a boolean, a negated one, a value, a list, a choice) and kind of command
 * (its place in the tree, its arguments, what it writes, its period), with a true global
 * before the command words accepted; and each of commander's other refusals once per kind,
 * in the words vis prints.
 *
 * Environment variables are never refused.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import type { Context } from '../../src/services/context.js';
import { buildProgram } from '../../src/cli/program.js';
import { shellWord } from '../../src/cli/option-errors.js';
import type { Env } from '../../src/domain/env.js';
import { UsageError } from '../../src/errors.js';
import { GLOBAL_OPTIONS } from '../../src/flags/globals.js';
import { testContext, testIO } from '../support/context.js';
import { optionArgs, requiredArgs, spyOn } from '../support/commands.js';
import { FakeApi } from '../support/http.js';
import { runInProcess, TEST_KEY } from '../support/run.js';
import { refusingBaseUrl } from '../support/ports.js';

/** Never reached (nothing here may send a request); if something did, it is refused at once. */
const BASE = await refusingBaseUrl();

/** What a command needs besides the option under test. */
const REQUIRED = requiredArgs();

function freshHome(): { env: Env; home: string } {
  const home = mkdtempSync(join(tmpdir(), 'vis-options-'));
  const configDir = join(home, 'config');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles: { default: { base_url: BASE } } }));
  const env = { VIS_BASE_URL: BASE, VIS_API_KEY: TEST_KEY, VIS_CONFIG_DIR: configDir, HOME: home, XDG_CACHE_HOME: join(home, 'cache'), NO_COLOR: '1' } as Env;
  return { env, home };
}

/** A word as a POSIX shell reads it back (written out here, not taken from the code under test). */
function quoted(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

interface Runnable {
  path: string[];
  /** The long flags its help lists: its own options, then the globals. */
  listed: string[];
  command: Command;
}

const all = (c: Command): Command[] => [c, ...c.commands.flatMap(all)];
const QUIET = { writeOut: () => undefined, writeErr: () => undefined, outputError: () => undefined };

/** Parses argv through the program built for it, as vis does; with `capture`, actions stop after their parse step. */
async function parse(ctx: Context, argv: string[], capture: boolean): Promise<unknown> {
  const built = buildProgram(ctx, argv, capture ? () => undefined : undefined);
  for (const c of all(built)) c.configureOutput(QUIET);
  return built.parseAsync(argv, { from: 'user' }).then(
    () => undefined,
    (e: unknown) => e,
  );
}

/**
 * The whole program, built once and parsed again for each command line (commander resets
 * what a parse left), its output silenced.
 */
function reusable(ctx: Context): (argv: string[]) => Promise<unknown> {
  const program = buildProgram(ctx);
  for (const c of all(program)) c.configureOutput(QUIET);
  return (argv) =>
    program.parseAsync(argv, { from: 'user' }).then(
      () => undefined,
      (e: unknown) => e,
    );
}

const program = buildProgram(testContext({ env: freshHome().env }));

/** Every option of vis, once, by its long flag. */
const EVERY_OPTION: Option[] = [
  ...new Map(
    all(program)
      .flatMap((c) => c.options)
      .filter((o) => o.long !== undefined && o.long !== '--version')
      .map((o) => [o.long!, o] as const),
  ).values(),
];
const GLOBAL_LONGS = new Set(program.options.map((o) => o.long));

/** Every command with an action (groups such as `vis config` have none), with what its help lists. */
function runnable(): Runnable[] {
  const out: Runnable[] = [];
  const walk = (cmd: Command, path: string[]) => {
    for (const sub of cmd.commands) {
      const here = [...path, sub.name()];
      const hasAction = (sub as unknown as { _actionHandler: unknown })._actionHandler != null;
      if (hasAction && sub.name() !== '__complete') {
        const help = sub.createHelp();
        out.push({
          path: here,
          listed: [...help.visibleOptions(sub), ...help.visibleGlobalOptions(sub)].map((o) => o.long!).filter((l) => l !== '--help'),
          command: sub,
        });
      }
      walk(sub, here);
    }
  };
  walk(program, []);
  return out;
}

const commands = runnable();
const today = testContext().today().api;
/** The one global a command refuses in its parse step (the sandbox takes no login). */
const REFUSED_IN_PARSE = new Set(['auth login --demo']);
const cases = commands.flatMap((c) =>
  EVERY_OPTION.map((o) => [c.path.join(' '), o.long!, c.listed.includes(o.long!), c, o] as const).filter(
    ([name, flag]) => !REFUSED_IN_PARSE.has(`${name} ${flag}`),
  ),
);
type Case = (typeof cases)[number];

/** What argv needs besides the option: the command's arguments, and a table where `vis api` must print one. */
function argsFor(name: string, flag: string): string[] {
  const table = name === 'api' && ['--columns', '--rows', '--wide'].includes(flag) ? ['--format', 'table'] : [];
  return [...(REQUIRED[name] ?? []), ...table];
}

/** The kind of an option, as commander reads it. */
function optionKind(o: Option): string {
  if (o.argChoices) return 'choice';
  if (o.parseArg) return 'list';
  if (o.required || o.optional) return 'value';
  return o.negate ? 'negated' : 'boolean';
}

/**
 * The kind of a command, in what changes where its options go and how a refusal reads:
 * its place in the tree, its arguments, its saved settings, files or period.
 */
function commandKind(c: Command): string {
  const has = (flag: string) => c.options.some((o) => o.long === flag);
  return [
    c.parent === program ? 'top' : c.parent!.parent === program ? 'sub' : 'sub-sub',
    c.commands.length > 0 ? 'group' : 'leaf',
    c.registeredArguments.length > 0 ? 'arguments' : 'no arguments',
    c.parent?.name() === 'config' ? 'settings' : has('--dir') ? 'files' : has('--from') ? 'period' : has('--days') ? 'trailing window' : 'no period',
  ].join(', ');
}

/** The first case of each kind of command and kind of option among `of`. */
function onePerKind(of: readonly Case[]): Case[] {
  const seen = new Map<string, Case>();
  for (const k of of) {
    const key = `${commandKind(k[3].command)} / ${optionKind(k[4])}`;
    if (!seen.has(key)) seen.set(key, k);
  }
  return [...seen.values()];
}

const refused = cases.filter(([, , taken]) => !taken);
const before = cases.filter(([, flag, taken]) => taken && !GLOBAL_LONGS.has(flag));
const globals = cases.filter(([, flag, taken]) => taken && GLOBAL_LONGS.has(flag));

describe('the walk', () => {
  it('covers every command, both outcomes, the globals and the shared options', () => {
    const names = commands.map((c) => c.path.join(' '));
    expect(names).toEqual(
      expect.arrayContaining([
        'topics',
        'answers runs',
        'pitches create',
        'usage',
        'config get',
        'config path',
        'auth status',
        'cache status',
        'export',
        'sandbox',
        'api',
        'openapi',
        'completion',
        'help',
      ]),
    );
    expect(EVERY_OPTION.map((o) => o.long)).toEqual(
      expect.arrayContaining(['--verbose', '--demo', '--brand', '--format', '--no-pager', '--no-cache', '--dir', '--prompt']),
    );
    expect(cases.filter(([, , ok]) => ok).length).toBeGreaterThan(400);
    expect(refused.length).toBeGreaterThan(600);
  });

  it('what the help lists matches what these commands are documented to take', () => {
    const listed = (name: string) => commands.find((c) => c.path.join(' ') === name)!.listed;
    expect(listed('tasks')).toEqual(expect.arrayContaining(['--brand', '--market', '--status', '--format', '--refresh', '--verbose']));
    expect(listed('tasks')).not.toContain('--days');
    expect(listed('usage')).not.toContain('--brand');
    expect(listed('export')).toEqual(
      expect.arrayContaining(['--brand', '--market', '--days', '--from', '--to', '--format', '--param', '--refresh', '--no-cache', '--dir']),
    );
    expect(listed('export')).not.toEqual(expect.arrayContaining(['--output']));
    expect(listed('openapi')).toEqual(expect.arrayContaining(['--format', '--output', '--no-pager']));
    expect(listed('openapi')).not.toContain('--columns');
    for (const name of ['config get', 'config path', 'auth status', 'cache clear', 'sandbox', 'completion', 'help']) {
      expect(
        listed(name).filter((l) => !GLOBAL_LONGS.has(l) && !['--port', '--host'].includes(l)),
        `vis ${name}`,
      ).toEqual([]);
    }
  });

  it('the kinds below take every kind of option and command, and every class of refusal', () => {
    expect(new Set(EVERY_OPTION.map(optionKind))).toEqual(new Set(['boolean', 'negated', 'value', 'list', 'choice']));
    const kinds = new Set(commands.map((c) => commandKind(c.command)));
    expect(kinds.size).toBeGreaterThan(8);
    expect(new Set(onePerKind(refused).map((k) => commandKind(k[3].command)))).toEqual(kinds);
    expect(new Set(onePerKind(refused).map((k) => optionKind(k[4])))).toEqual(new Set(EVERY_OPTION.map(optionKind)));
  });
});

describe('every option of vis on every command, on one program', () => {
  const { env } = freshHome();
  const outDir = mkdtempSync(join(tmpdir(), 'vis-options-out-'));
  const outFile = join(outDir, 'out.json');

  it('an option the command does not take is refused after the command words and before them, before any action runs', async () => {
    const ctx = testContext({ env, io: testIO() });
    const touched = spyOn(ctx);
    const parse = reusable(ctx);
    const wrong: string[] = [];
    for (const [name, flag, , c, option] of refused) {
      const given = optionArgs(option, { today, outFile, base: BASE, toWithFrom: false });
      const args = argsFor(name, flag);
      for (const argv of [
        [...c.path, ...args, ...given],
        [...given, ...c.path, ...args],
      ]) {
        const err = await parse(argv);
        const message = err instanceof UsageError ? err.message : String(err);
        if (!message.startsWith(`${flag} does not apply to vis ${name}`)) wrong.push(`vis ${argv.join(' ')}: ${message}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(touched).toEqual([]);
    expect(existsSync(outFile)).toBe(false);
  });

  it('a command option typed before the command words goes after them, on the line to type instead', async () => {
    const ctx = testContext({ env, io: testIO() });
    const touched = spyOn(ctx);
    const parse = reusable(ctx);
    const wrong: string[] = [];
    for (const [name, flag, , c, option] of before) {
      const given = optionArgs(option, { today, outFile, base: BASE, toWithFrom: true });
      const args = argsFor(name, flag);
      const err = await parse([...given, ...c.path, ...args]);
      const line = ['vis', ...[...c.path, ...given, ...args].map(quoted)].join(' ');
      const message = err instanceof UsageError ? err.message : String(err);
      if (message !== `${flag} goes after the command: ${line}`) wrong.push(`${line}: ${message}`);
    }
    expect(wrong).toEqual([]);
    expect(touched).toEqual([]);
    expect(existsSync(outFile)).toBe(false);
  });

  it('every global and the shared options are walked before the command words', () => {
    expect(new Set(globals.map(([, flag]) => flag))).toEqual(new Set(GLOBAL_OPTIONS.map((g) => g.flags.replace(/^-\w, /, '').replace(/ <.*$/, ''))));
    expect(before.length).toBeGreaterThan(300);
  });
});

describe('each class of refusal, run whole, once per kind of command and option', () => {
  it.each(onePerKind(refused))('vis %s %s (taken: %s)', async (name, flag, _taken, c, option) => {
    const outFile = join(mkdtempSync(join(tmpdir(), 'vis-options-out-')), 'out.json');
    const given = optionArgs(option, { today, outFile, base: BASE, toWithFrom: false });
    const args = argsFor(name, flag);
    const { env } = freshHome();
    for (const argv of [
      [...c.path, ...args, ...given],
      [...given, ...c.path, ...args],
    ]) {
      const r = await runInProcess(argv, { api: new FakeApi(), env });
      expect(r.code, `vis ${argv.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toContain(`vis: ${flag} does not apply to vis ${name}`);
      expect(r.requests).toEqual([]);
      expect(existsSync(outFile)).toBe(false);
    }
    const ctx = testContext({ env, io: testIO() });
    const touched = spyOn(ctx);
    const err = await parse(ctx, [...c.path, ...args, ...given], false);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toContain(`${flag} does not apply to vis ${name}`);
    expect(touched).toEqual([]);
  });

  it.each(onePerKind(before))('vis %s: %s goes after the command', async (name, flag, _taken, c, option) => {
    const outFile = join(mkdtempSync(join(tmpdir(), 'vis-options-out-')), 'out.json');
    const args = argsFor(name, flag);
    const given = optionArgs(option, { today, outFile, base: BASE, toWithFrom: true });
    const { env } = freshHome();
    const r = await runInProcess([...given, ...c.path, ...args], { api: new FakeApi(), env });
    expect(r.code, r.stderr).toBe(2);
    const line = ['vis', ...[...c.path, ...given, ...args].map(quoted)].join(' ');
    expect(r.stderr).toContain(`vis: ${flag} goes after the command: ${line}\n`);
    expect(r.requests).toEqual([]);
    expect(existsSync(outFile)).toBe(false);
    const ctx = testContext({ env, io: testIO() });
    const touched = spyOn(ctx);
    expect(await parse(ctx, [...given, ...c.path, ...args], false)).toBeInstanceOf(UsageError);
    expect(touched).toEqual([]);
  });

  it.each(onePerKind(globals))('vis %s: %s before the command words is accepted', async (name, _flag, _taken, c, option) => {
    const argv = [...optionArgs(option, { today, outFile: join(tmpdir(), 'unused'), base: BASE, toWithFrom: true }), ...c.path, ...(REQUIRED[name] ?? [])];
    expect(await parse(testContext({ env: freshHome().env, io: testIO() }), argv, true), `vis ${argv.join(' ')}`).toBeUndefined();
  });
});

describe('what the refusal says', () => {
  it.each([
    [
      ['config', 'get', 'market', '--market', 'US'],
      'vis: --market does not apply to vis config get: it works on saved settings (vis config set market <code|id> saves one)\nRun vis config get --help for the options it takes.',
    ],
    [['auth', 'status', '--format', 'json'], 'vis: --format does not apply to vis auth status: it prints plain text'],
    [['--format', 'json', 'auth', 'status'], 'vis: --format does not apply to vis auth status: it prints plain text'],
    [['cache', 'status', '--days', '7'], 'vis: --days does not apply to vis cache status: it has no period\nPeriod flags apply to '],
    [['usage', '--brand', '5'], 'vis: --brand does not apply to vis usage\nRun vis usage --help for the options it takes.'],
    [['export', '--dir', 'out', '--wide'], 'vis: --wide does not apply to vis export: it writes files, not tables'],
    [['auth', 'login', '--demo'], 'vis: --demo does not apply to vis auth login: the sandbox needs no login'],
    [['pitches', 'create', 'acme.com', '--yes', '--no-cache'], 'vis: --no-cache does not apply to vis pitches create: what it shows is never cached'],
    [['tasks', '--from', '2026-11-01'], 'vis: --from does not apply to vis tasks: it has no period\nPeriod flags apply to '],
    // vis changes compares recorded days: --since names the earlier one, not a period.
    [
      ['changes', '--days', '3'],
      'vis: --days does not apply to vis changes: it compares two recorded days, the newest and the one --since names (YYYY-MM-DD, or Nd: the day N days before today)\nRun vis changes --help for the options it takes.\n',
    ],
    [['changes', '--from', '2026-11-01'], 'vis: --from does not apply to vis changes: it compares two recorded days, the newest and the one --since names'],
    [
      ['search-performance', '--from', '2026-11-01'],
      'vis: --from does not apply to vis search-performance: it takes a trailing window only: use --days\nRun vis search-performance --help for the options it takes.\n',
    ],
    [
      ['-f', 'json', 'topics'],
      'vis: --format goes after the command: vis topics -f json\nOnly --profile, --base-url, --demo, --timeout, --quiet, --verbose, --debug and --no-color may come before the command words; in an alias, use VIS_FORMAT, VIS_BRAND or VIS_MARKET instead.\n',
    ],
    // The first option before the command that it does not take is the one named.
    [['-f', 'json', '--dir', 'x', 'topics'], 'vis: --dir does not apply to vis topics\n'],
    // Command words stop at the first argument: `runs` after one is not a sub-command.
    [['-f', 'json', 'answers', 'extra', 'runs'], 'vis: --format goes after the command: vis answers -f json extra runs\n'],
    [['-o', '-', 'usage'], 'vis: --output goes after the command: vis usage -o -\n'],
    [['--market', 'US-en', 'topics'], 'vis: --market goes after the command: vis topics --market US-en\n'],
    [['--demo', '-f', 'json', '--days', '7', 'topics', '--wide'], 'vis: --format goes after the command: vis --demo topics -f json --days 7 --wide\n'],
    [
      ['--format=csv', '-q', 'answers', 'runs', '--prompt', "it's a test"],
      "vis: --format goes after the command: vis -q answers runs --format=csv --prompt 'it'\\''s a test'\n",
    ],
    [['answers', '--brand', 'x', 'runs', '--prompt', 'p'], 'vis: --brand goes after the command: vis answers runs --brand x --prompt p\n'],
    [
      ['--brand', 'x', 'config', 'get', 'market'],
      'vis: --brand does not apply to vis config get: it works on saved settings (vis config set brand <id|name> saves one)\n',
    ],
    [['auth', 'status', '--columns', 'a'], 'vis: --columns does not apply to vis auth status: it prints no table\n'],
    [['config', 'list', '--rows', 'a'], 'vis: --rows does not apply to vis config list: it prints no table\n'],
    // After `--` nothing is a command word.
    [['-f', 'json', '--', 'topics'], 'vis: --format goes after the words of a command that takes it, such as vis brands --format\n'],
    // A word that is no command is not mistaken for an option.
    [["unknown option '--market'"], `vis: unknown command "unknown option '--market'" for vis`],
    [['topics', '--marekt', 'US'], 'vis: unknown option --marekt for vis topics\nDid you mean --market?\n'],
    [['auth', 'status', '--wide'], 'vis: --wide does not apply to vis auth status: it prints no table\n'],
    [['config', 'list', '-o', 'x.txt'], 'vis: --output does not apply to vis config list: it prints plain text\n'],
    [['export', '--dir', 'o', '--rows', 'x'], 'vis: --rows does not apply to vis export: each file holds its endpoint’s main collection\n'],
    [['export', '--dir', 'o', '-o', 'x'], 'vis: --output does not apply to vis export: it writes one file per endpoint into --dir\n'],
    [['usage', '--market', 'US'], 'vis: --market does not apply to vis usage\nRun vis usage --help for the options it takes.\n'],
    [['help', '--to', '2026-11-01'], 'vis: --to does not apply to vis help: it has no period\nPeriod flags apply to '],
    [['cache', '--refresh', 'status'], 'vis: --refresh does not apply to vis cache status: what it shows is never cached\n'],
    [['--market', 'US-en'], 'vis: --market goes after the words of a command that takes it, such as vis overview --market\nOnly --profile, --base-url'],
    [['-q', '--dir', 'out'], 'vis: --dir goes after the words of a command that takes it, such as vis export --dir\n'],
    [['--bogus'], 'vis: unknown option --bogus for vis\n'],
  ])('%j', async (argv, message) => {
    const r = await runInProcess(argv, { env: freshHome().env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.requests).toEqual([]);
  });
});

describe('commander’s other refusals, in vis’s words, once per kind', () => {
  it.each([
    // A choice refused: an option's (each way of typing it), a command argument's.
    [['topics', '-f', 'xml'], 'vis: --format must be one of table, json, csv (got "xml")\n'],
    [['topics', '--format=xml'], 'vis: --format must be one of table, json, csv (got "xml")\n'],
    [['topics', '-qfxml'], 'vis: --format must be one of table, json, csv (got "xml")\n'],
    [['export', '--dir', 'o', '--format', 'table'], 'vis: --format must be one of csv, json (got "table")\n'],
    [['completion', 'zsh2'], 'vis: <shell> must be one of bash, zsh, fish (got "zsh2")\n'],
    // A value missing: a value, a list, a choice, a global, a short flag in a group.
    [['topics', '--days'], 'vis: --days needs a value: --days <n>\nRun vis topics --help for its usage.\n'],
    [['topics', '--brand'], 'vis: --brand needs a value: --brand <id|name>\nRun vis topics --help for its usage.\n'],
    [['topics', '-f'], 'vis: --format needs a value: --format <format>\nRun vis topics --help for its usage.\n'],
    [['topics', '--timeout'], 'vis: --timeout needs a value: --timeout <seconds>\nRun vis --help for its usage.\n'],
    [['topics', '-qb'], 'vis: --brand needs a value: --brand <id|name>\nRun vis topics --help for its usage.\n'],
    // An argument missing, too many.
    [['completion'], 'vis: <shell> is required by vis completion\nRun vis completion --help for its usage.\n'],
    [['config', 'set', 'market'], 'vis: <value> is required by vis config set\nRun vis config set --help for its usage.\n'],
    [
      ['config', 'get', 'market', 'brand', 'x y'],
      'vis: too many arguments: vis config get takes at most 1 argument, <key> (got "market", "brand", "x y")\nRun vis config get --help for its usage.\n',
    ],
    [['usage', 'extra'], 'vis: too many arguments: vis usage takes no arguments (got "extra")\nRun vis usage --help for its usage.\n'],
    // A command word vis does not know: close to one, and not; a group with an action takes it as an argument.
    [['topcs'], 'vis: unknown command "topcs" for vis\nDid you mean vis topics?\n'],
    [['config', 'gett'], 'vis: unknown command "gett" for vis config\nDid you mean vis config get?\n'],
    [['xyzzy'], 'vis: unknown command "xyzzy" for vis\nRun vis --help for the commands.\n'],
    [['answers', 'runns'], 'vis: too many arguments: vis answers takes no arguments (got "runns")\nRun vis answers --help for its usage.\n'],
    // An option no command has: each way of typing it.
    [['topics', '-Z'], 'vis: unknown option -Z for vis topics\nRun vis topics --help for its options.\n'],
    [['topics', '--bogus=1'], 'vis: unknown option --bogus for vis topics\nRun vis topics --help for its options.\n'],
    [['topics', '--formt', 'json'], 'vis: unknown option --formt for vis topics\nDid you mean --format?\n'],
  ])('%j', async (argv, message) => {
    const r = await runInProcess(argv, { env: freshHome().env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(message);
    expect(r.requests).toEqual([]);
  });
});

describe('the command line to type instead', () => {
  it.each([
    ['topics', 'topics'],
    ['--format=json', '--format=json'],
    ['/a/b.c,d:e@f%g+h', '/a/b.c,d:e@f%g+h'],
    ['best crm', "'best crm'"],
    ["it's", "'it'\\''s'"],
    ['$(touch x)', "'$(touch x)'"],
    ['', "''"],
    ['a\nb', "'a\nb'"],
  ])('%j is written %s', (word, written) => {
    expect(shellWord(word)).toBe(written);
  });
});

describe('what is never refused', () => {
  it('environment variables, whatever the command takes: an alias sets VIS_FORMAT instead of -f', async () => {
    const { env } = freshHome();
    const r = await runInProcess(['config', 'get', 'market'], {
      env: { ...env, VIS_MARKET: 'US', VIS_BRAND: '5', VIS_FORMAT: 'json', VIS_DEMO: '1', VIS_PAGER: '', VIS_CACHE: 'off', VIS_DEBUG: '1' },
    });
    expect(r.stderr).not.toContain('does not apply to');
    expect(r.code).toBe(0);
    const demo = await runInProcess(['--demo', 'usage'], { env: { ...freshHome().env, VIS_API_KEY: undefined, VIS_FORMAT: 'json' }, realTransport: true });
    expect(demo.code, demo.stderr).toBe(0);
    expect(JSON.parse(demo.stdout)).toHaveProperty('data');
  });

  it('an alias’s --demo or --profile before any command, help and completion included', async () => {
    for (const argv of [
      ['--demo', 'completion', 'bash'],
      ['--profile', 'default', 'help', 'topics'],
      ['--demo', '-q', '--no-color', '--verbose', 'help'],
    ]) {
      const r = await runInProcess(argv, { env: freshHome().env });
      expect(r.code, `vis ${argv.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.stdout).not.toBe('');
    }
  });

  it('--help, whatever else the line holds', async () => {
    const r = await runInProcess(['config', 'get', '--market', 'US', '--help'], { env: freshHome().env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: vis config get');
  });

  it('what the completion scripts pass to `vis __complete`, and more: it prints candidates or nothing', async () => {
    const r = await runInProcess(['__complete', 'profiles', '--profile', 'default', '--brand', 'x', '--whatever'], { env: freshHome().env });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('default\n');
  });
});
