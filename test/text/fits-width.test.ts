/**
 * Text that fits a narrow terminal: every command's help, and the lines the export and the
 * data commands write on stderr, at 50 and 80 columns. No line is wider than the terminal
 * and no word is cut in two at a break: the words at that width are the words of the same
 * text laid out on one wide line. A word longer than the line stands alone (the terminal
 * folds it); an example command is kept whole, to be copied.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { formatProgressLine, type ProgressSnapshot } from '../../src/export/progress.js';
import { displayWidth } from '../../src/text/width.js';
import { testContext, testIO } from '../support/context.js';
import { runInProcess } from '../support/run.js';

const WIDTHS = [50, 80] as const;
const WIDE = 1000;

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** One shell word: a quoted string an example cannot break (its spaces are the string's). */
const QUOTED = /^\s*(?:"[^"]*"|'[^']*')(?: \\)?$/;

/** The lines of `text` wider than `width` that are not one word alone (a quoted string is one). */
function tooWide(text: string, width: number): string[] {
  return text.split('\n').filter((l) => displayWidth(l) > width && words(l).length > 1 && !QUOTED.test(l));
}

/** The words of `text`, an example's shell continuations (` \` at a line's end) aside. */
const wordsOf = (text: string) => words(text.replace(/ \\\n/g, '\n'));

/** Checks `at(width)` against `at(WIDE)`: fits, and the same words in the same order. */
export function expectFits(at: (width: number) => string, what: string): void {
  const whole = wordsOf(at(WIDE));
  for (const width of WIDTHS) {
    const text = at(width);
    expect(tooWide(text, width), `${what} at ${width} columns: too wide`).toEqual([]);
    expect(wordsOf(text), `${what} at ${width} columns: a word cut in two`).toEqual(whole);
  }
}

function everyCommand(cmd: Command): Command[] {
  return [cmd, ...cmd.commands.flatMap(everyCommand)];
}

/** The whole program, its help laid out `width` columns wide. */
function programAt(width: number): Command {
  const program = buildProgram(testContext({ io: testIO({ columns: width }) }));
  for (const c of everyCommand(program)) c.configureOutput({ getOutHelpWidth: () => width, getErrHelpWidth: () => width });
  return program;
}

const path = (c: Command): string => (c.parent ? `${path(c.parent)} ${c.name()}` : c.name());

describe('help at 50 and 80 columns', () => {
  it('every command’s --help, and the root’s list of commands, fit without a word cut in two', () => {
    const programs = new Map([...WIDTHS, WIDE].map((w) => [w, programAt(w)]));
    const byPath = new Map([...programs].map(([w, p]) => [w, new Map(everyCommand(p).map((c) => [path(c), c]))]));
    const paths = [...byPath.get(WIDE)!.keys()];
    expect(paths.length).toBeGreaterThan(40);
    for (const p of paths) expectFits((w) => byPath.get(w)!.get(p)!.helpInformation(), `${p} --help`);
    // `vis --help` lists the commands from their names alone (buildProgram with argv).
    const root = (w: number) => {
      const program = buildProgram(testContext({ io: testIO({ columns: w }) }), ['--help']);
      program.configureOutput({ getOutHelpWidth: () => w });
      return program.helpInformation();
    };
    expectFits(root, 'vis --help');
  });
});

/** `vis --demo export` on a terminal `width` columns wide (stderr a TTY), or with stderr a pipe. */
async function demoExport(width: number, extra: string[] = [], tty = true) {
  const dir = join(mkdtempSync(join(tmpdir(), 'vis-fits-')), 'out');
  const r = await runInProcess(['--demo', 'export', '--dir', dir, ...extra], {
    env: { VIS_API_KEY: undefined },
    realTransport: true,
    io: { stderrIsTTY: tty, stdoutIsTTY: tty, columns: width },
  });
  expect(r.code, r.stderr).toBe(0);
  const own = (text: string) => text.replaceAll(dir, 'DIR');
  // The bar's frames, each drawn over the last, then what stays: the summary.
  const end = r.stderr.lastIndexOf('\u001b[?25h');
  const frames = r.stderr
    .slice(0, Math.max(0, end))
    .split('\r\u001b[2K')
    .map((f) => f.replace('\u001b[?25l', ''))
    .filter(Boolean);
  return { frames, stderr: own(r.stderr.slice(end < 0 ? 0 : end + '\u001b[?25h'.length)), stdout: own(r.stdout) };
}

describe('stderr and the export’s plan at 50 and 80 columns', () => {
  it('the export’s progress line: one line, one column spare, whole words only, the figures kept first', () => {
    const snaps: ProgressSnapshot[] = [
      {
        done: 58,
        total: 114,
        files: 57,
        reads: 58,
        failed: 1,
        etaMs: 49_000,
        current: { endpoint: 'brand-perception.transcript', brand: 'Copperline Payments', market: 'AU-en', waitingMs: 100 },
      },
      {
        done: 58,
        total: 114,
        files: 58,
        reads: 58,
        failed: 0,
        etaMs: 60_000,
        paced: { waitMs: 42_000, perMinute: 60 },
        current: { endpoint: 'topics', brand: 'Acme', waitingMs: 8_000 },
      },
      {
        done: 3,
        total: 9,
        files: 3,
        reads: 3,
        failed: 0,
        current: { endpoint: 'answers', item: 'copilot', brand: 'Northwind CRM', market: 'GB-en', waitingMs: 14_000 },
      },
    ];
    for (const snap of snaps) {
      // The words of the whole line, and of the rate limit's shorter wording.
      const whole = new Set([...words(formatProgressLine(snap, WIDE)), '(rate', 'limit)']);
      for (const width of WIDTHS) {
        const line = formatProgressLine(snap, width);
        expect(displayWidth(line), line).toBeLessThanOrEqual(width - 1);
        for (const w of words(line)) expect(whole, `${line}: "${w}" cut`).toContain(w);
        expect(line).toMatch(new RegExp(`^(\\[[#-]+\\] )?${snap.done}/${snap.total} · `));
      }
    }
    const paced = formatProgressLine(snaps[1]!, 120);
    expect(paced).toContain('waiting 42 s for the API’s rate limit (60 reads a minute)');
    expect(formatProgressLine(snaps[1]!, 50)).toContain('waiting 42 s (rate limit)');
  });

  it('a whole export on a terminal: every frame of the bar and every line of the summary', async () => {
    const wide = await demoExport(WIDE);
    const piped = await demoExport(80, [], false);
    const vocabulary = new Set(wide.frames.flatMap(words));
    expect(wide.frames.length).toBeGreaterThan(10);
    for (const width of WIDTHS) {
      const run = await demoExport(width);
      for (const frame of run.frames) {
        expect(displayWidth(frame), frame).toBeLessThanOrEqual(width - 1);
        for (const w of words(frame)) expect(vocabulary, `${frame}: "${w}" cut`).toContain(w);
      }
      expect(run.stderr).toMatch(/^vis export: 21 files, /);
      expect(tooWide(run.stderr, width)).toEqual([]);
      expect(words(run.stderr), `the summary at ${width} columns`).toEqual(words(piped.stderr));
    }
  });

  it('vis export --dry-run: the plan’s table and sentences, file names whole', async () => {
    const wide = await demoExport(WIDE, ['--dry-run']);
    expect(wide.stdout).toContain('northwind-crm/US-en/brand-perception.transcript.csv');
    expect(wide.stdout).toContain('Time: 21 reads at 60 reads a minute, the API’s rate limit: under a minute of waiting');
    for (const width of WIDTHS) {
      const plan = (await demoExport(width, ['--dry-run'])).stdout;
      expect(tooWide(plan, width), `the plan at ${width} columns`).toEqual([]);
      // A row too wide for its columns is its cells joined by dots, its files under it.
      const cells = (text: string) => words(text).filter((w) => w !== '·');
      expect(cells(plan), `the plan at ${width} columns`).toEqual(cells(wide.stdout));
    }
  });
});

describe('vis export --dry-run: paths and continuation lines', () => {
  it('a path wider than the room is alone at the line’s start; a row’s cells go on under an indent, never a bare word at the edge', async () => {
    const long = 'a-rather-long-folder-name/for/the/export/files';
    for (const width of WIDTHS) {
      const plan = (await demoExport(width, ['--dry-run'])).stdout.split('\n');
      for (const l of plan) {
        // The only lines past the width are one path alone, with nothing before it.
        if (displayWidth(l) > width) expect(l, `at ${width}`).toMatch(/^\S+$/);
      }
      // The continuation of a row's cells is indented under it.
      expect(
        plan.filter((l) => /^US-en$|^-$/.test(l)),
        `at ${width}`,
      ).toEqual([]);
    }
    const r = await runInProcess(['--demo', 'export', '--dir', join(mkdtempSync(join(tmpdir(), 'vis-fits-')), long), '--dry-run'], {
      env: { VIS_API_KEY: undefined },
      realTransport: true,
      io: { stdoutIsTTY: true, stderrIsTTY: true, columns: 50 },
    });
    const lines = r.stdout.split('\n');
    const folder = lines.findIndex((l) => l.startsWith('Folder:'));
    expect(lines[folder]).toBe('Folder:');
    expect(lines[folder + 1]).toMatch(new RegExp(`^/\\S+/${long}$`));
    expect(lines.find((l) => l.startsWith('Period:'))).toBe('Period:  each endpoint’s default (7 days;');
    expect(lines[lines.findIndex((l) => l.startsWith('Period:')) + 1]).toBe('         search-performance 28)');
  });
});
