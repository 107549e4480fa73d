/**
 * Text that fits a narrow terminal: every command's help, and the lines the export and the
 * data commands write on stderr, at 50 and 80 columns. No line is wider than the terminal
 * and no word is cut in two at a break: the words at that width are the words of the same
 * text laid out on one wide line. A word longer than the line stands alone (the terminal
 * folds it); an example command is kept whole, to be copied.
 */
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { testContext, testIO } from '../support/context.js';

const WIDTHS = [50, 80] as const;
const WIDE = 1000;

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** The lines of `text` wider than `width` that are not one word alone nor an example command. */
function tooWide(text: string, width: number): string[] {
  return text.split('\n').filter((l) => l.length > width && words(l).length > 1 && !l.startsWith('  $ '));
}

/** Checks `at(width)` against `at(WIDE)`: fits, and the same words in the same order. */
export function expectFits(at: (width: number) => string, what: string): void {
  const whole = words(at(WIDE));
  for (const width of WIDTHS) {
    const text = at(width);
    expect(tooWide(text, width), `${what} at ${width} columns: too wide`).toEqual([]);
    expect(words(text), `${what} at ${width} columns: a word cut in two`).toEqual(whole);
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
