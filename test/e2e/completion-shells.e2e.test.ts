/**
 * The checked-in completion scripts, run by real bash, fish and zsh. Static candidates
 * come from the scripts; profile and brand names from the built `vis __complete`, against
 * the sandbox on loopback (agency key: three brands).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountKey, CACHE_FILE } from '../../src/cli/commands/completion/candidates.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import {
  bashComplete,
  bashCompleteAll,
  bashCompletionInstalled,
  BASH_COMPLETION,
  COMPLETIONS,
  describeWith,
  fishComplete,
  fishCompleteAll,
  hasCommand,
  runProgram,
  typedLines,
  visShimDir,
  zshComplete,
  zshCompleteAll,
  type TypingShell,
} from '../completion/shell-harness.js';
import { refusingBaseUrl } from '../support/ports.js';

let sandbox: Sandbox;
let env: Record<string, string>;
const BRANDS = ['Bluepeak Outdoor', 'Larkspur Dental', 'Copperline Payments'];

beforeAll(async () => {
  sandbox = await startSandbox();
  const home = mkdtempSync(join(tmpdir(), 'vis-home-'));
  const config = mkdtempSync(join(tmpdir(), 'vis-config-'));
  writeFileSync(
    join(config, 'config.json'),
    JSON.stringify({
      profile: 'agency',
      profiles: {
        agency: { base_url: sandbox.baseUrl, api_key: 'vis_demo_agency' },
        growth: { base_url: sandbox.baseUrl, api_key: 'vis_demo_growth' },
      },
    }),
  );
  env = {
    PATH: `${visShimDir()}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: home,
    VIS_CONFIG_DIR: config,
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    TMPDIR: tmpdir(),
  };
});
afterAll(() => sandbox.close());

const GLOBAL_LONGS = ['--profile', '--base-url', '--demo', '--timeout', '--quiet', '--verbose', '--debug', '--no-color'];

/** Lines typed before TAB, and what every shell must offer (in any order). */
const STATIC_CASES: Array<[string, string[]]> = [
  ['vis to', ['topics']],
  ['vis topics --format ', ['table', 'json', 'csv']],
  ['vis search-performance --group-by ', ['query', 'page']],
  ['vis answers ', ['runs', 'history']],
  ['vis perception tr', ['transcript']],
  // A global that takes a value, before the command word (a command's own options go after it).
  ['vis --profile default con', ['config', 'content-gaps']],
  ['vis forum --li', ['--limit']],
  ['vis completion ', ['bash', 'zsh', 'fish']],
  ['vis config set ', ['profile', 'base_url', 'brand', 'market', 'format', 'cache', 'history', 'notify', 'notify_format']],
  ['vis config set format ', ['table', 'json', 'csv']],
  ['vis help exit', ['exit-codes']],
  // Values the reference leaves open: the known ones (help says others pass through).
  ['vis tasks --status ', ['open', 'todo', 'in_progress', 'done', 'dismissed', 'all']],
  ['vis tasks --layer ', ['content', 'technical', 'authority', 'community']],
  // Only the flags the command takes: tasks has no period, sandbox no data flags; the true
  // globals everywhere.
  ['vis tasks --d', ['--debug', '--demo']],
  ['vis sandbox --', ['--port', '--host', '--help', ...GLOBAL_LONGS]],
  ['vis config set --', ['--help', ...GLOBAL_LONGS]],
];

const DYNAMIC_CASES: Array<[string, string[]]> = [
  ['vis --profile ', ['agency', 'growth']],
  ['vis config set profile g', ['growth']],
  ['vis topics --brand ', BRANDS],
  ['vis --profile growth topics -b ', ['Northwind CRM']],
];

const sorted = (a: string[]) => [...a].sort();
/** File candidates as a set of names: shells differ in a trailing / and in repeats. */
const names = (a: string[]) => [...new Set(a.map((c) => c.replace(/\/$/, '')))].sort();

/** A folder with one file and one sub-folder, for --output. */
function filesDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vis-files-'));
  writeFileSync(join(dir, 'report.csv'), '');
  mkdirSync(join(dir, 'out'));
  return dir;
}

const SPLIT_CASES: Array<[string, string[]]> = [
  ['vis topics --format=', ['table', 'json', 'csv']],
  ['vis topics --format=j', ['json']],
  ['vis --base-url http://127.0.0.1:9/api/v1 to', ['topics']],
];

/**
 * Each line's answer from one shell that completes them all in turn (a shell per line
 * cost a second of CPU per ten lines); each line still starts from a fresh completion
 * state (see shell-harness.ts), and each case below checks its own line's answer.
 */
function batched<T>(complete: (lines: string[]) => Promise<T[]>, lines: string[]): (line: string) => T {
  let answers: T[] = [];
  beforeAll(async () => {
    answers = await complete(lines);
  });
  return (line) => {
    const i = lines.indexOf(line);
    if (i < 0 || answers[i] === undefined) throw new Error(`no batched answer for ${JSON.stringify(line)}`);
    return answers[i];
  };
}

function bashSuite(withBashCompletion: boolean): void {
  const answer = batched(
    (lines) => bashCompleteAll(lines, env, withBashCompletion),
    ['vis ', ...STATIC_CASES.map((c) => c[0]), ...SPLIT_CASES.map((c) => c[0]), ...DYNAMIC_CASES.map((c) => c[0]), 'vis topics --brand lark'],
  );

  it('registers _vis for vis (complete -p vis)', () => {
    const r = answer('vis ');
    expect(r.registration).toBe('complete -F _vis vis');
    expect(r.candidates).toEqual(expect.arrayContaining(['topics', 'brand-perception', 'perception', 'config', 'completion']));
    expect(r.candidates).not.toContain('__complete');
  });

  it.each(STATIC_CASES)('%j -> %j', (line, want) => {
    expect(sorted(answer(line).candidates)).toEqual(sorted(want));
  });

  it.each(SPLIT_CASES)('%j (split by readline at = and :) -> %j', (line, want) => {
    expect(sorted(answer(line).candidates)).toEqual(sorted(want));
  });

  it.each(DYNAMIC_CASES)('%j -> %j, escaped for the command line', (line, want) => {
    const escaped = want.map((w) => w.replace(/ /g, '\\ '));
    expect(sorted(answer(line).candidates)).toEqual(sorted(escaped));
  });

  it('matches brand names ignoring case', () => {
    expect(answer('vis topics --brand lark').candidates).toEqual(['Larkspur\\ Dental']);
  });

  it('offers file names after --output', async () => {
    expect(names((await bashComplete('vis topics -o ', env, withBashCompletion, filesDir())).candidates)).toEqual(['out', 'report.csv']);
  });
}

describeWith('bash', hasCommand('bash'), () => bashSuite(false));

describeWith('bash with bash-completion', hasCommand('bash') && bashCompletionInstalled(), () => {
  bashSuite(true);

  it('loads the script from ~/.local/share/bash-completion/completions/vis on first use', async () => {
    const home = mkdtempSync(join(tmpdir(), 'vis-home-'));
    const dir = join(home, '.local', 'share', 'bash-completion', 'completions');
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(COMPLETIONS, 'vis.bash'), join(dir, 'vis'));
    const script = [`source '${BASH_COMPLETION}'`, 'complete -p vis 2>/dev/null && echo "loaded too early"', '_completion_loader vis', 'complete -p vis'].join(
      '\n',
    );
    const r = await runProgram('bash', ['--norc', '--noprofile', '-c', script], { ...env, HOME: home });
    expect(r.stdout.trim()).toBe('complete -F _vis vis');
  });
});

describeWith('fish', hasCommand('fish'), () => {
  const answer = batched(
    (lines) => fishCompleteAll(lines, env),
    [...STATIC_CASES, ...DYNAMIC_CASES].map((c) => c[0]),
  );

  it.each(STATIC_CASES)('%j -> %j', (line, want) => {
    expect(sorted(answer(line))).toEqual(sorted(want));
  });

  it.each(DYNAMIC_CASES)('%j -> %j', (line, want) => {
    expect(sorted(answer(line))).toEqual(sorted(want));
  });

  it('offers file names after --output', async () => {
    expect(names(await fishComplete('vis topics -o ', env, true, filesDir()))).toEqual(['out', 'report.csv']);
  });

  it('loads the script from ~/.config/fish/completions/vis.fish', async () => {
    const home = mkdtempSync(join(tmpdir(), 'vis-home-'));
    const dir = join(home, '.config', 'fish', 'completions');
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(COMPLETIONS, 'vis.fish'), join(dir, 'vis.fish'));
    expect(await fishComplete('vis to', { ...env, HOME: home, XDG_CONFIG_HOME: join(home, '.config') }, false)).toEqual(['topics']);
  });
});

describeWith('zsh', hasCommand('zsh'), () => {
  const answer = batched((lines) => zshCompleteAll(lines, env), [...[...STATIC_CASES, ...DYNAMIC_CASES].map((c) => c[0]), 'vis topics --format=c']);

  it('reads _vis without a syntax error (zsh -n)', async () => {
    const r = await runProgram('zsh', ['-n', join(COMPLETIONS, '_vis')], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it.each(STATIC_CASES)('%j -> %j', (line, want) => {
    expect(sorted(answer(line))).toEqual(sorted(want));
  });

  it.each(DYNAMIC_CASES)('%j -> %j, quoted for the command line', (line, want) => {
    expect(sorted(answer(line))).toEqual(sorted(want.map((w) => w.replace(/ /g, '\\ '))));
  });

  it('offers file names after --output', async () => {
    expect(names(await zshComplete('vis topics -o ', env, filesDir()))).toEqual(['out', 'report.csv']);
  });

  it('completes the value after --format=', async () => {
    expect(answer('vis topics --format=c')).toEqual(['csv']);
  });
});

/**
 * Brand names come from the API: a name that reads as shell code must reach vis as the
 * same text, whichever quote the user opened before TAB, and run nothing. The names are
 * served from the completion cache of an account whose server is offline.
 */
const HOSTILE = ['Acme $(touch MARKER)', 'Bolt `touch MARKER`', "Cove's !touch MARKER", 'Dune "q" \\ ${HOME} $(touch MARKER) end'];
const OPENINGS = ['"', "'", ''];
/** Each line typed before TAB, and the arguments vis must then receive. */
const HOSTILE_LINES: Array<{ line: string; argv: string[] }> = [
  ...HOSTILE.flatMap((name) => OPENINGS.map((open) => ({ line: `vis topics --brand ${open}${name.slice(0, 2)}`, argv: ['topics', '--brand', name] }))),
  { line: 'vis topics --brand="Co', argv: ['topics', `--brand=${HOSTILE[2]!}`] },
  { line: "vis topics -b 'Du", argv: ['topics', '-b', HOSTILE[3]!] },
];

async function hostileEnv(): Promise<Record<string, string>> {
  // The names come from the cache: the API is never asked (and would refuse).
  const baseUrl = await refusingBaseUrl();
  const apiKey = 'vis_live_hostile_names_0001';
  const config = mkdtempSync(join(tmpdir(), 'vis-config-'));
  writeFileSync(join(config, 'config.json'), JSON.stringify({ profile: 'hostile', profiles: { hostile: { base_url: baseUrl, api_key: apiKey } } }));
  const cache = { version: 1, brands: { [accountKey(baseUrl, apiKey)]: { names: HOSTILE, fetched_at: Date.now() } } };
  writeFileSync(join(config, CACHE_FILE), JSON.stringify(cache));
  return { ...env, HOME: mkdtempSync(join(tmpdir(), 'vis-home-')), VIS_CONFIG_DIR: config };
}

describe('brand names that read as shell code', () => {
  // Typed through zsh's pseudo-terminal module, so every shell here needs zsh too.
  const shells: Array<[TypingShell, boolean]> = (
    [
      ['bash', hasCommand('bash')],
      ['bash+bash-completion', hasCommand('bash') && bashCompletionInstalled()],
      ['zsh', true],
      ['fish', hasCommand('fish')],
    ] as Array<[TypingShell, boolean]>
  ).map(([shell, present]) => [shell, present && hasCommand('zsh')]);
  let hostile: Record<string, string>;
  const typing = new Map<TypingShell, { cwd: string; received: Promise<Array<string[] | undefined>> }>();
  // All shells type at once: each spends most of its time waiting on its terminal.
  beforeAll(async () => {
    hostile = await hostileEnv();
    for (const [shell, present] of shells) {
      if (!present) continue;
      const cwd = mkdtempSync(join(tmpdir(), 'vis-typed-'));
      const received = typedLines(
        shell,
        HOSTILE_LINES.map((c) => c.line),
        hostile,
        cwd,
      );
      received.catch(() => undefined); // reported by the shell's own tests
      typing.set(shell, { cwd, received });
    }
  });

  it('vis __complete brands offers the names as they are', async () => {
    const r = await runProgram('vis', ['__complete', 'brands'], hostile);
    expect(r.stdout.split('\n').filter((l) => l !== '')).toEqual(HOSTILE);
  });

  for (const [shell, present] of shells) {
    describeWith(`${shell}, typed in a terminal`, present, () => {
      let received: Array<string[] | undefined> = [];
      beforeAll(async () => {
        received = await typing.get(shell)!.received;
      }, 120_000);

      it.each(HOSTILE_LINES.map((c, i) => [c.line, c.argv, i] as const))('%s + TAB + Return passes %j to vis', (_line, argv, i) => {
        expect(received[i]).toEqual(argv);
      });

      it('ran none of the commands inside the names', () => {
        expect(existsSync(join(typing.get(shell)!.cwd, 'MARKER'))).toBe(false);
      });
    });
  }
});

describe('completion spends no reads', () => {
  it('asked the sandbox for nothing but GET /brands, which is free', () => {
    for (const r of sandbox.requests) expect(`${r.method} ${r.path}`).toBe('GET /brands');
    expect(sandbox.reads('vis_demo_agency')).toBe(0);
    expect(sandbox.reads('vis_demo_growth')).toBe(0);
  });
});
