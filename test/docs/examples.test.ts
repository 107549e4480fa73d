/**
 * Every example in the documents (README.md, CONTRIBUTING.md, docs/guide.md and
 * docs/commands.md: lines starting `vis `, `$ vis ` or `VAR=value vis ` in their
 * sh/bash/console code blocks, and a crontab line's command) and in every command's
 * `--help` ("Examples:") runs against the sandbox (VIS_DEMO=1, the demo key
 * vis_demo_growth unless the example names another) and exits 0, or the code written
 * after it as a trailing comment `# exit N`.
 *
 * How a line is run: the part before an unquoted `|`, `>`, `<` or `#` is the vis command
 * (what a pipe or redirect does with its output is the shell's business, and jq need not
 * be installed); leading VAR=value words go into its environment; /bin/sh expands the
 * words (quotes, ~, $(date +%F)) with HOME a temp folder, and vis runs in-process with the
 * cwd a temp folder, so -o and --dir files land there. The examples of one code block
 * or one help page share a HOME and config folder and run in order, as a reader would.
 */
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdtempSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli/program.js';
import { testContext } from '../support/context.js';
import { runInProcess } from '../support/run.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

export interface Example {
  /** Where it is written: `README.md:144` or `vis tasks --help`. */
  where: string;
  line: string;
  /** The exit code it is documented with (`# exit N`), else 0. */
  exit: number;
}

/** The documents whose examples run, from the repository's root. */
export const DOCUMENTS = ['README.md', 'CONTRIBUTING.md', 'docs/guide.md', 'docs/commands.md'];

/** Examples that cannot run in-process, and why (and where what they show is tested). */
const CANNOT_RUN: Record<string, string> = {
  'vis sandbox --port 8787': 'serves until Ctrl-C (the sandbox command is tested in test/e2e/tools.e2e.test.ts)',
  'vis history push postgres://vis@db.example.com/brands': 'needs a PostgreSQL server (pushing is tested against one in test/history/pg-push.test.ts)',
  'vis history push postgres://vis@db.example.com/brands --file ./old-history.db': 'needs a PostgreSQL server (test/history/pg-push.test.ts)',
};

/** `VAR=value ` words before the command: a value may be quoted. */
const ASSIGNMENTS = String.raw`(?:[A-Z_][A-Z0-9_]*=(?:"[^"]*"|'[^']*'|[^\s"']*)\s+)*`;
/** A crontab line's schedule (five fields), before the command it runs. */
const CRON_SCHEDULE = /^(?:[0-9*/,-]+\s+){5}/;
const VIS_LINE = new RegExp(`^${ASSIGNMENTS}vis\\s`);

/** The vis command a code-block line holds, or undefined: `$ ` prompts and cron schedules dropped. */
export function exampleLine(raw: string): string | undefined {
  let line = raw.replace(/^\$ /, '');
  if (CRON_SCHEDULE.test(line)) {
    // cron hands the line to /bin/sh after turning `\%` into `%`.
    line = line.replace(CRON_SCHEDULE, '').replace(/\\%/g, '%');
  }
  return VIS_LINE.test(line) ? line : undefined;
}

/** The line's vis command, before any pipe, redirect or comment outside quotes. */
export function commandPart(line: string): { command: string; comment: string } {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') i++;
    else if (c === '|' || c === '>' || c === '<' || (c === '#' && (i === 0 || line[i - 1] === ' '))) {
      const rest = line.slice(i);
      return { command: line.slice(0, i).trim(), comment: rest.startsWith('#') ? rest : (/#.*$/.exec(rest)?.[0] ?? '') };
    }
  }
  return { command: line.trim(), comment: '' };
}

export function exitAnnotation(comment: string): number {
  const m = /#\s*exit (\d+)\b/.exec(comment);
  return m ? Number(m[1]) : 0;
}

/** A document's examples, by code block; only ```sh blocks hold commands (a bare ``` block shows output). */
export function documentExamples(text: string, file: string): Example[][] {
  const blocks: Example[][] = [];
  let block: Example[] | undefined;
  let inFence = false;
  text.split('\n').forEach((raw, i) => {
    if (raw.startsWith('```')) {
      if (inFence && block && block.length > 0) blocks.push(block);
      block = !inFence && /^```(sh|bash|console)\s*$/.test(raw) ? [] : undefined;
      inFence = !inFence;
      return;
    }
    const line = block ? exampleLine(raw) : undefined;
    if (block && line !== undefined) block.push({ where: `${file}:${i + 1}`, line, exit: exitAnnotation(commandPart(line).comment) });
  });
  return blocks;
}

/** The "Examples:" lines of a help text. */
export function helpExamples(help: string, where: string): Example[] {
  const at = help.indexOf('\nExamples:\n');
  if (at < 0) return [];
  const lines: Example[] = [];
  // A long example is laid out over several lines, each but the last ending in ` \`.
  const text = help.slice(at + '\nExamples:\n'.length).replace(/ \\\n\s+/g, ' ');
  for (const raw of text.split('\n')) {
    const m = /^\s+\$ (.*)$/.exec(raw);
    if (!m) break;
    lines.push({ where, line: m[1] as string, exit: exitAnnotation(commandPart(m[1] as string).comment) });
  }
  return lines;
}

/** Ends each command's words in expandAll's output: no example holds these bytes. */
const END_OF_COMMAND = '\x01end of command\x01';

/**
 * argv and environment of each command, expanded by /bin/sh as the shell would (HOME =
 * `home`), by one shell for all of them: a shell started per example was most of this
 * file's time. A command the shell cannot expand is named (each is then tried alone).
 */
function expandAll(commands: readonly string[], home: string): Array<{ argv: string[]; env: Record<string, string> }> {
  const script = commands.map((c) => `set -- ${c}; printf '%s\\0' "$@" '${END_OF_COMMAND}'`).join('\n');
  const r = spawnSync('/bin/sh', ['-c', script], { env: { HOME: home, PATH: '/usr/bin:/bin' }, encoding: 'utf8' });
  if (r.status !== 0 && commands.length > 1) return commands.map((c) => expandAll([c], home)[0]!);
  if (r.status !== 0) throw new Error(`sh could not expand ${commands[0]}: ${r.stderr}`);
  const all = r.stdout.split('\0').slice(0, -1);
  return commands.map((command) => {
    const words = all.splice(0, all.indexOf(END_OF_COMMAND) + 1).slice(0, -1);
    const env: Record<string, string> = {};
    while (words.length > 0 && /^[A-Z_][A-Z0-9_]*=/.test(words[0] as string)) {
      const w = words.shift() as string;
      env[w.slice(0, w.indexOf('='))] = w.slice(w.indexOf('=') + 1);
    }
    if (words.shift() !== 'vis') throw new Error(`not a vis command: ${command}`);
    return { argv: words, env };
  });
}

/** Every command path of the program: [], ['topics'], ['answers', 'runs'], … */
function commandPaths(cmd: Command, prefix: string[] = []): string[][] {
  return cmd.commands
    .filter((c) => !(c as unknown as { _hidden?: boolean })._hidden)
    .flatMap((c) => [[...prefix, c.name()], ...commandPaths(c, [...prefix, c.name()])]);
}

/** Addresses examples write for a real API: the test's loopback sandbox stands in for them. */
const PLACEHOLDER_URLS = ['https://YOUR-API-HOST/api/v1', 'https://api.example.com/api/v1', 'http://127.0.0.1:8787/api/v1'];
let sandboxUrl = '';
let sandbox: Sandbox | undefined;
// The chat webhook of `vis changes --notify` and `vis config set notify` (which reads it from stdin).
let webhook: Receiver | undefined;
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimitPerMinute: 100_000, quiet: true });
  sandboxUrl = sandbox.baseUrl;
  webhook = await startReceiver();
});
afterAll(async () => {
  await sandbox?.close();
  await webhook?.close();
});

/** Runs the examples in order; returns those that did not exit as documented. */
async function runExamples(examples: Example[]): Promise<Array<{ where: string; example: string; code: number; stderr: string }>> {
  const failed: Array<{ where: string; example: string; code: number; stderr: string }> = [];
  const home = mkdtempSync(join(tmpdir(), 'vis-examples-home-'));
  const cwd = mkdtempSync(join(tmpdir(), 'vis-examples-cwd-'));
  const before = process.cwd();
  process.chdir(cwd);
  try {
    const runnable = examples.filter((ex) => CANNOT_RUN[commandPart(ex.line).command] === undefined);
    const expanded = expandAll(
      runnable.map((ex) => PLACEHOLDER_URLS.reduce((c, url) => c.split(url).join(sandboxUrl), commandPart(ex.line).command)),
      home,
    );
    for (const [i, ex] of runnable.entries()) {
      const { argv, env } = expanded[i]!;
      const { command } = commandPart(ex.line);
      // Files go to the temp cwd or HOME only: an example naming /data/… would write there.
      const paths = argv.flatMap((a, i) =>
        ['-o', '--output', '--dir'].includes(argv[i - 1] as string) ? [a] : /^--(output|dir)=/.test(a) ? [a.slice(a.indexOf('=') + 1)] : [],
      );
      const outside = paths.find((a) => a.startsWith('/') && !a.startsWith(tmpdir()) && !a.startsWith('/dev/'));
      if (outside !== undefined) {
        failed.push({
          where: ex.where,
          example: ex.line,
          code: -1,
          stderr: `names ${outside}: write examples with relative paths or ~ so they can run anywhere`,
        });
        continue;
      }
      // The demo has no history store (its history is simulated): what works on one runs on the
      // block's own, outside the demo.
      const onStore = /^vis history (check|prune)\b/.test(command);
      const r = await runInProcess(argv, {
        realTransport: true,
        env: {
          VIS_API_KEY: undefined,
          VIS_BASE_URL: undefined,
          VIS_DEMO: onStore ? undefined : '1',
          HOME: home,
          VIS_CONFIG_DIR: join(home, 'config'),
          XDG_CACHE_HOME: join(home, 'cache'),
          VIS_NOTIFY_URL: webhook!.url,
          VIS_NOTIFY_FORMAT: 'json',
          ...env,
        },
        // `vis auth login` reads the key from stdin when it is not a terminal, `vis config set notify` the webhook.
        io: { stdin: argv.join(' ').includes('config set notify') ? `${webhook!.url}\n` : 'vis_demo_growth\n' },
      });
      // The demo's history moves every day: `--exit-code` finds changes (exit 8) as documented.
      const found = r.code === 8 && /--exit-code\b/.test(command);
      if (r.code !== ex.exit && !found) failed.push({ where: ex.where, example: ex.line, code: r.code, stderr: r.stderr.slice(0, 300) });
    }
  } finally {
    process.chdir(before);
  }
  return failed;
}

const ROOT = join(__dirname, '../..');
const TEXTS = DOCUMENTS.map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));
const README = TEXTS[0]!.text;

describe('extracting examples', () => {
  it('cuts a line at an unquoted pipe, redirect or comment', () => {
    expect(commandPart(`vis competitors --format json | jq '.a | b'`)).toEqual({ command: 'vis competitors --format json', comment: '' });
    expect(commandPart(`vis x "a | b" > f # exit 4`)).toEqual({ command: 'vis x "a | b"', comment: '# exit 4' });
    expect(commandPart(`vis auth login   # paste the key`)).toEqual({ command: 'vis auth login', comment: '# paste the key' });
    expect(exitAnnotation('# exit 4')).toBe(4);
    expect(exitAnnotation('# paste the key')).toBe(0);
  });

  it('takes vis lines with a prompt, leading variables or a cron schedule, and nothing else', () => {
    expect(exampleLine('$ vis usage')).toBe('vis usage');
    expect(exampleLine('VIS_API_KEY=vis_demo_agency vis --demo brands')).toBe('VIS_API_KEY=vis_demo_agency vis --demo brands');
    expect(exampleLine(`A="$(cat k)" B='x y' vis topics`)).toBe(`A="$(cat k)" B='x y' vis topics`);
    expect(exampleLine('15 6 * * * vis topics -o t-$(date +\\%F).csv')).toBe('vis topics -o t-$(date +%F).csv');
    expect(exampleLine('*/5 0-6 1,15 * 1 X=1 vis usage')).toBe('X=1 vis usage');
    expect(exampleLine('vis debug: → GET https://api.example.com/api/v1/topics')).toBe('vis debug: → GET https://api.example.com/api/v1/topics');
    for (const line of ['visible', 'npm install && npx vis --demo topics', 'export VIS_BASE_URL=x', 'echo vis usage', '15 6 * * echo vis', 'lower=1 vis usage'])
      expect(exampleLine(line), line).toBeUndefined();
  });

  it('finds the examples of every document in sh blocks only, and each help page’s', () => {
    const lines = TEXTS.flatMap(({ file, text }) => documentExamples(text, file))
      .flat()
      .map((e) => e.line);
    expect(lines).toContain('vis usage');
    expect(lines).toContain('VIS_API_KEY=vis_demo_agency vis --demo brands');
    expect(lines.some((l) => l.startsWith('vis debug:'))).toBe(false);
    expect(lines.length).toBeGreaterThan(60);
    for (const { file, text } of TEXTS.slice(1).filter((t) => t.file.startsWith('docs/')))
      expect(documentExamples(text, file).flat().length, `${file} has examples`).toBeGreaterThan(0);
    expect(helpExamples('Usage: x\n\nExamples:\n  $ vis a\n  $ vis b # exit 3\n\nMore\n  $ vis c\n', 'h')).toEqual([
      { where: 'h', line: 'vis a', exit: 0 },
      { where: 'h', line: 'vis b # exit 3', exit: 3 },
    ]);
    expect(helpExamples('Usage: x\n\nExamples:\n  $ vis a --b \\\n      --c d\n  $ vis e\n', 'h').map((e) => e.line)).toEqual(['vis a --b --c d', 'vis e']);
  });

  it('examples are not repeated within one code block or one help page', () => {
    for (const block of TEXTS.flatMap(({ file, text }) => documentExamples(text, file))) {
      const lines = block.map((e) => e.line);
      expect(lines.filter((l, i) => lines.indexOf(l) !== i)).toEqual([]);
    }
  });
});

// CONTRIBUTING.md holds no vis example today; it is read so that one added there runs too.
describe.each(TEXTS.filter(({ file, text }) => documentExamples(text, file).length > 0))('$file examples run against the sandbox', ({ file, text }) => {
  for (const block of documentExamples(text, file)) {
    it(`${block[0]?.where}: ${block.length} example(s)`, async () => {
      expect(await runExamples(block)).toEqual([]);
    });
  }
});

describe('README.md', () => {
  it('stays a first read: at most 250 lines, the rest in docs/', () => {
    expect(README.split('\n').length - 1).toBeLessThanOrEqual(250);
  });
});

describe('--help examples run against the sandbox', () => {
  const paths = commandPaths(buildProgram(testContext()));
  let helps: Array<{ where: string; examples: Example[] }> = [];
  beforeAll(async () => {
    for (const path of paths) {
      const r = await runInProcess([...path, '--help']);
      helps.push({ where: `vis ${path.join(' ')} --help`, examples: helpExamples(r.stdout, `vis ${path.join(' ')} --help`) });
    }
  });
  afterAll(() => {
    helps = [];
  });
  it('there are examples to run', () => {
    expect(helps.filter((h) => h.examples.length > 0).length).toBeGreaterThan(25);
  });
  it('none repeated on one page', () => {
    for (const h of helps) {
      const lines = h.examples.map((e) => e.line);
      expect({ where: h.where, repeated: lines.filter((l, i) => lines.indexOf(l) !== i) }).toEqual({ where: h.where, repeated: [] });
    }
  });
  // The pages of one command word (`vis auth login`, `vis auth status`, …) share a HOME,
  // in the order of the help: `vis auth status --profile agency` follows the login that made it.
  const words = [...new Set(paths.map((p) => p[0] as string))];
  it.each(words)(
    'vis %s: each example runs, exit 0 or as annotated',
    async (word) => {
      const examples = helps.filter((h) => h.where.split(' ')[1] === word).flatMap((h) => h.examples);
      expect(await runExamples(examples)).toEqual([]);
    },
    // vis history's pages hold some sixty examples, each reading the demo's simulated days.
    180_000,
  );
});
