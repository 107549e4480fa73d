/**
 * Help, as users see it. `vis --help` and the help topics are compared with goldens in
 * test/golden/help/ (UPDATE_GOLDEN=1 rewrites them; review the diff). Every command's
 * help says what it shows, what it calls, the plan, and gives examples of itself.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Help, type Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { createContext } from '../../src/services/context.js';
import { buildProgram } from '../../src/cli/program.js';
import { inertIO, inertProgram } from '../../scripts/completion-files.js';
import { HELP_TOPICS } from '../../src/docs/topics.js';
import { ENDPOINTS, PLAN_TEXT } from '../../src/endpoints.js';
import { plainCommands } from '../../src/text/commands.js';
import { testIO } from '../support/context.js';
import { cleanEnv, runVis } from './helpers.js';

const GOLDEN_DIR = resolve(__dirname, '../golden/help');
const UPDATING = process.env.UPDATE_GOLDEN === '1';

function expectGolden(name: string, actual: string): void {
  const file = join(GOLDEN_DIR, `${name}.txt`);
  if (UPDATING) {
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  if (!existsSync(file)) throw new Error(`golden ${file} is missing; run with UPDATE_GOLDEN=1 to create it`);
  expect(actual, `output differs from ${file} (UPDATE_GOLDEN=1 rewrites it)`).toBe(readFileSync(file, 'utf8'));
}

describe('vis --help and the help topics (built CLI, not a terminal)', () => {
  it('vis --help is the golden: commands grouped as visibility data, account, tools', async () => {
    const r = await runVis(['--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expectGolden('vis', r.stdout);
    const groups = ['Visibility data:', 'Account:', 'Tools:'].map((g) => r.stdout.indexOf(`\n${g}\n`));
    expect(groups.every((i) => i > 0)).toBe(true);
    expect([...groups].sort((a, b) => a - b)).toEqual(groups);
    expect(r.stdout).not.toContain('\nCommands:\n');
  });

  it.each([50, 160])('COLUMNS=%i fits the help when stdout is a pipe, words whole', async (columns) => {
    const r = await runVis(['--help'], { env: cleanEnv({ COLUMNS: String(columns) }) });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter((l) => l.length > columns)).toEqual([]);
    if (columns > 80) expect(r.stdout.split('\n').some((l) => l.length > 80)).toBe(true);
    const closing = r.stdout.slice(r.stdout.indexOf('More help:')).trimEnd();
    expect(closing.replace(/\n/g, ' ')).toContain('vis help exit-codes, vis help environment, vis help options.');
  });

  it('vis alone prints the root help on stdout, exit 0', async () => {
    const [alone, help] = await Promise.all([runVis([]), runVis(['--help'])]);
    expect(alone).toMatchObject({ code: 0, stderr: '', stdout: help.stdout });
  });

  it('vis help (no words) is vis --help', async () => {
    const [a, b] = await Promise.all([runVis(['help']), runVis(['--help'])]);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
  });

  it.each(HELP_TOPICS.map((t) => t.name))('vis help %s is the golden', async (name) => {
    const r = await runVis(['help', name]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expectGolden(name, r.stdout);
  });

  it.each([
    [
      ['help', 'topics'],
      ['topics', '--help'],
    ],
    [
      ['help', 'answers', 'runs'],
      ['answers', 'runs', '--help'],
    ],
    [
      ['help', 'perception'],
      ['brand-perception', '--help'],
    ],
    [
      ['help', 'auth', 'login'],
      ['auth', 'login', '--help'],
    ],
    [
      ['help', 'completion'],
      ['completion', '--help'],
    ],
  ])('vis %j prints what vis %j prints', async (viaHelp, viaFlag) => {
    const [a, b] = await Promise.all([runVis(viaHelp), runVis(viaFlag)]);
    expect(a.code).toBe(0);
    expect(a.stderr).toBe('');
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toMatch(/^Usage: vis /);
  });

  it('vis help <unknown> exits 2 and names the topics', async () => {
    const r = await runVis(['help', 'answers', 'nope']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('vis: no help for "vis answers nope"');
    expect(r.stderr).toContain('exit-codes, environment');
  });
});

/** Runs vis in this process with buffers for stdout and stderr. */
async function runInProcess(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = testIO();
  const code = await run(argv, io, { NO_COLOR: '1' }, new AbortController().signal);
  return { code, stdout: io.out(), stderr: io.err() };
}

function visiblePaths(cmd: Command, prefix: string[] = []): string[][] {
  const shown = new Set(new Help().visibleCommands(cmd));
  return cmd.commands.filter((c) => shown.has(c)).flatMap((c) => [[...prefix, c.name()], ...visiblePaths(c, [...prefix, c.name()])]);
}

/** Help text as one line, so checks do not depend on where commander wrapped it. */
const flat = (s: string) => s.replace(/\s+/g, ' ');

const program = inertProgram();
const paths = visiblePaths(program);

describe('every command has help: what it shows, what it calls, the plan, examples', () => {
  it('covers the commands of the table and the tools', () => {
    const names = paths.map((p) => p.join(' '));
    for (const spec of ENDPOINTS) expect(names).toContain(spec.words.join(' '));
    for (const tool of [
      'auth login',
      'auth status',
      'auth logout',
      'config get',
      'config set',
      'config unset',
      'config list',
      'config path',
      'api',
      'openapi',
      'sandbox',
      'completion',
      'help',
    ]) {
      expect(names).toContain(tool);
    }
    expect(names).not.toContain('__complete');
  });

  it.each(paths.map((p) => [p.join(' ')]))('vis %s --help', async (path) => {
    const words = path.split(' ');
    const r = await runInProcess([...words, '--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(new RegExp(`^Usage: vis ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[ |]`));
    const text = flat(r.stdout);

    // What it shows: a description under the usage line.
    const description = r.stdout.split('\n\n')[1] ?? '';
    expect(description.trim().length, 'description').toBeGreaterThan(10);

    // What it calls and the plan.
    const specs = ENDPOINTS.filter((s) => s.words.join(' ') === path);
    if (specs.length > 0) {
      for (const spec of specs) {
        expect(text).toContain(`Calls ${spec.method} ${spec.path}.`);
      }
      const main = specs.find((s) => !s.pathParam) ?? specs[0]!;
      expect(text).toContain(plainCommands(PLAN_TEXT[main.plan].help));
      if (main.plan !== 'any') expect(text).not.toContain('Available on every plan.');
      expect(text).toMatch(/Free: no read spent\.|Costs one read\.|Spends one monthly pitch report\./);
    } else {
      // History series read the local store and, when the records cannot tell, the free GET /brands.
      expect(text).toMatch(/Calls (GET|POST) \S+|Sends no request|Spends no read and needs no key/);
    }

    // Examples of itself.
    const examples = r.stdout.split('\nExamples:\n')[1];
    expect(examples, 'an Examples: section').toBeDefined();
    const lines = examples!.split('\n').filter((l) => l.startsWith('  $ '));
    expect(lines.length).toBeGreaterThan(0);
    const cmd = words.reduce<Command>((c, w) => c.commands.find((s) => s.name() === w)!, program);
    const spellings = [path, ...cmd.aliases().map((a) => [...words.slice(0, -1), a].join(' '))];
    expect(lines.some((l) => spellings.some((s) => l === `  $ vis ${s}` || l.startsWith(`  $ vis ${s} `)))).toBe(true);
  });
});

describe('only the command argv names is built, with the same help as in the full program', () => {
  const ctx = () => createContext(inertIO(), {}, '0.0.0', new AbortController().signal);
  const built = (argv: string[]) => buildProgram(ctx(), argv).commands.map((c) => c.name());

  it.each([
    [['usage', '--format', 'json'], ['usage']],
    [['--market', 'US-en', 'topics', '--days', '7'], ['topics']],
    [['-m', 'US-en', '--demo', 'perception'], ['brand-perception']],
    [['--param', 'usage', 'topics'], ['topics']],
    [['--format=json', 'answers', 'runs'], ['answers']],
    [['--', 'tasks'], ['tasks']],
    [['config', 'list'], ['config']],
    [['__complete', 'brands'], ['__complete']],
  ])('argv %j builds %j', (argv, names) => {
    expect(built(argv)).toEqual(names);
  });

  it.each([[[]], [['--help']], [['help', 'topics']], [['completion', 'bash']], [['topci']], [['--market', 'US-en']]])('argv %j knows every command', (argv) => {
    expect(built(argv)).toEqual(inertProgram().commands.map((c) => c.name()));
  });

  it.each(paths.map((p) => [p.join(' ')]))('vis %s --help is what vis help %s prints', async (path) => {
    const words = path.split(' ');
    const [scoped, full] = await Promise.all([runInProcess([...words, '--help']), runInProcess(['help', ...words])]);
    expect(scoped.code).toBe(0);
    expect(scoped.stdout).toBe(full.stdout);
  });
});
