/**
 * One rule for the global options (src/cli/globals-rule.ts): commander accepts every
 * global on every command, so vis refuses, before anything runs, a global typed on the
 * command line that the command does not use. The walk takes every command of the
 * program and every global, before and after the command words:
 *
 * - accepted exactly where the command's help lists it, plus the documented exceptions
 *   below (written out here, not read from the code under test);
 * - refused otherwise: exit 2, a message naming the command and the flag, no request,
 *   no file written, and (through the real actions, spied) no sandbox, transport or
 *   config write.
 *
 * Environment variables are never refused.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { Context } from '../../src/services/context.js';
import { buildProgram } from '../../src/cli/program.js';
import type { Env } from '../../src/domain/env.js';
import { UsageError } from '../../src/errors.js';
import { GLOBAL_OPTIONS, type GlobalName } from '../../src/flags/globals.js';
import { testContext, testIO } from '../support/context.js';
import { requiredArgs, spyOn } from '../support/commands.js';
import { FakeApi } from '../support/http.js';
import { runInProcess, TEST_KEY } from '../support/run.js';

const BASE = 'http://127.0.0.1:9/api/v1';

/** README "Global options": accepted by every command, listed in its help or not. */
const EVERYWHERE = ['quiet', 'debug', 'no-color'];
/** The account options, also accepted by the commands that describe vis itself. */
const DESCRIBES_VIS: Record<string, string[]> = { help: ['profile', 'base-url', 'demo'], completion: ['profile', 'base-url', 'demo'] };

/** What a command needs besides the flag under test. */
const REQUIRED = requiredArgs();

function isoDaysBefore(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The global with a valid value: what is refused is the flag, never its value. --to
 * needs --from where it is taken; where it is not, --to alone is refused.
 */
function flagArgs(name: GlobalName, today: string, outFile: string, accepted: boolean): string[] {
  const from = isoDaysBefore(today, 10);
  const values: Partial<Record<GlobalName, string[]>> = {
    brand: ['acme'],
    market: ['US-en'],
    days: ['7'],
    from: [from],
    to: accepted ? [today, '--from', from] : [today],
    format: ['json'],
    output: [outFile],
    columns: ['id'],
    rows: ['topics'],
    param: ['x=1'],
    profile: ['default'],
    'base-url': [BASE],
    timeout: ['5'],
  };
  return [`--${name}`, ...(values[name] ?? [])];
}

function freshHome(): { env: Env; home: string } {
  const home = mkdtempSync(join(tmpdir(), 'vis-globals-'));
  const configDir = join(home, 'config');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles: { default: { base_url: BASE } } }));
  const env = { VIS_BASE_URL: BASE, VIS_API_KEY: TEST_KEY, VIS_CONFIG_DIR: configDir, HOME: home, XDG_CACHE_HOME: join(home, 'cache'), NO_COLOR: '1' } as Env;
  return { env, home };
}

/** Parses argv through the program; with `capture`, actions stop after their parse step. */
async function parse(ctx: Context, argv: string[], capture: boolean): Promise<unknown> {
  const program = buildProgram(ctx, argv, capture ? () => undefined : undefined);
  const quiet = { writeOut: () => undefined, writeErr: () => undefined, outputError: () => undefined };
  const all = (c: Command): Command[] => [c, ...c.commands.flatMap(all)];
  for (const c of all(program)) c.exitOverride().configureOutput(quiet);
  return program.parseAsync(argv, { from: 'user' }).then(
    () => undefined,
    (e: unknown) => e,
  );
}

interface Runnable {
  path: string[];
  /** The globals its help lists (long names without dashes). */
  listed: string[];
}

/** Every command with an action (groups such as `vis config` have none), with what its help lists. */
function runnable(): Runnable[] {
  const program = buildProgram(testContext({ env: freshHome().env }));
  const out: Runnable[] = [];
  const walk = (cmd: Command, path: string[]) => {
    for (const sub of cmd.commands) {
      const here = [...path, sub.name()];
      const hasAction = (sub as unknown as { _actionHandler: unknown })._actionHandler != null;
      if (hasAction && sub.name() !== '__complete') {
        out.push({ path: here, listed: sub.createHelp().visibleGlobalOptions(sub).map((o) => o.name()) });
      }
      walk(sub, here);
    }
  };
  walk(program, []);
  return out;
}

const commands = runnable();
const today = testContext().today().api;
const cases = commands.flatMap((c) =>
  GLOBAL_OPTIONS.map((g) => {
    const accepted = c.listed.includes(g.name) || EVERYWHERE.includes(g.name) || (DESCRIBES_VIS[c.path.join(' ')] ?? []).includes(g.name);
    return [c.path.join(' '), g.name, accepted, c] as const;
  }),
);

describe('a global option is accepted exactly where the command uses it', () => {
  it('walks every command and both outcomes', () => {
    const names = commands.map((c) => c.path.join(' '));
    expect(names).toEqual(expect.arrayContaining(['topics', 'answers runs', 'pitches create', 'usage', 'config get', 'config path', 'auth status', 'cache status', 'export', 'sandbox', 'api', 'openapi', 'completion', 'help']));
    expect(cases.filter(([, , ok]) => ok).length).toBeGreaterThan(200);
    expect(cases.filter(([, , ok]) => !ok).length).toBeGreaterThan(150);
  });

  it.each(cases)('vis %s --%s (accepted: %s)', async (name, flag, accepted, c) => {
    const outDir = mkdtempSync(join(tmpdir(), 'vis-globals-out-'));
    const outFile = join(outDir, 'out.json');
    // `vis api` answers in JSON unless told: its table options need a table.
    const table = name === 'api' && ['columns', 'rows', 'wide'].includes(flag) ? ['--format', 'table'] : [];
    const args = [...(REQUIRED[name] ?? []), ...table];
    const given = flagArgs(flag, today, outFile, accepted);
    // The same flag before the command words counts the same as after them.
    for (const argv of [[...c.path, ...args, ...given], [...given, ...c.path, ...args]]) {
      if (accepted) {
        const err = await parse(testContext({ env: freshHome().env, io: testIO() }), argv, true);
        expect(err, `vis ${argv.join(' ')}`).toBeUndefined();
        continue;
      }
      const api = new FakeApi();
      const r = await runInProcess(argv, { api, env: freshHome().env });
      expect(r.code, `vis ${argv.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toContain(`--${flag} does not apply to vis ${name}`);
      expect(r.requests).toEqual([]);
      expect(existsSync(outFile)).toBe(false);
      // The real action, spied: refused before the sandbox, the transport or a config write.
      const ctx = testContext({ env: freshHome().env, io: testIO() });
      const touched = spyOn(ctx);
      const err = await parse(ctx, argv, false);
      expect(err).toBeInstanceOf(UsageError);
      expect((err as Error).message).toContain(`--${flag} does not apply to`);
      expect(touched).toEqual([]);
    }
  });
});

describe('what the refusal says', () => {
  it.each([
    [['config', 'get', 'market', '--market', 'US'], '--market does not apply to vis config get: it works on saved settings (vis config set market <code|id> saves one)'],
    [['--format', 'json', 'auth', 'status'], '--format does not apply to vis auth status: it prints plain text'],
    [['cache', 'status', '--days', '7'], '--days does not apply to vis cache status: it has no period\nPeriod flags apply to '],
    [['usage', '--brand', '5'], '--brand does not apply to vis usage\nRun `vis usage --help` for the options it takes.'],
    [['export', '--dir', 'out', '--wide'], '--wide does not apply to vis export: it writes files, not tables'],
    [['config', 'path', '--profile', 'agency'], '--profile does not apply to vis config path: one config file holds every profile'],
    [['auth', 'login', '--demo'], '--demo does not apply to vis auth login: the sandbox needs no login'],
    [['sandbox', '--timeout', '5'], '--timeout does not apply to vis sandbox: it sends no request'],
  ])('%j', async (argv, message) => {
    const r = await runInProcess(argv, { env: freshHome().env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.requests).toEqual([]);
  });
});

describe('what is never refused', () => {
  it('environment variables, whatever the command uses', async () => {
    const { env } = freshHome();
    const r = await runInProcess(['config', 'get', 'market'], {
      env: { ...env, VIS_MARKET: 'US', VIS_BRAND: '5', VIS_FORMAT: 'json', VIS_DEMO: '1', VIS_PAGER: '', VIS_CACHE: 'off', VIS_DEBUG: '1' },
    });
    expect(r.stderr).not.toContain('does not apply to');
    expect(r.code).toBe(0);
  });

  it('an alias’s --demo or --profile before help and completion', async () => {
    for (const argv of [['--demo', 'completion', 'bash'], ['--profile', 'default', 'help', 'topics'], ['--demo', '-q', '--no-color', 'help']]) {
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
});
