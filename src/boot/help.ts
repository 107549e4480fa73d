/**
 * `vis [command...] --help` answered before the bundle loads (dist/help.cjs): the page the
 * build wrote for that command (dist/help/, scripts/help-pages.ts), laid out as the program
 * lays it out (src/cli/help-layout.ts) at the terminal's width. Only command words then a
 * last --help or -h are answered here; any other command line, or words with no page,
 * returns false before anything is written, and the program answers it the same way.
 * Must never load the program, commander's Command or anything that sends a request.
 */
import { fstatSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Help } from 'commander';
import { layoutHelp, MIN_WIDTH_TO_WRAP, type HelpPage } from '../cli/help-layout.js';
import type { Env } from '../domain/env.js';
import { terminalColumns } from '../terminal/io.js';
import { writeAll } from './write-out.js';

/** A command word as a page's file name holds it (nothing that could name another folder). */
const WORD = /^[a-z_][a-z0-9_-]*$/;

/** The command words of a help request (`topics --help` -> ['topics']); undefined for any other command line. */
export function helpWords(argv: readonly string[]): string[] | undefined {
  const last = argv[argv.length - 1];
  if (last !== '--help' && last !== '-h') return undefined;
  const words = argv.slice(0, -1);
  return words.every((w) => WORD.test(w)) ? words : undefined;
}

/** The help text of `words` at `width` columns, from the page in `helpDir`; undefined when there is none. */
export function helpText(helpDir: string, words: readonly string[], width: number): string | undefined {
  let file: { before: string; page: HelpPage; after: string };
  try {
    file = JSON.parse(readFileSync(join(helpDir, `${['vis', ...words].join('.')}.json`), 'utf8')) as typeof file;
  } catch {
    return undefined;
  }
  const helper = Object.assign(new Help(), { minWidthToWrap: MIN_WIDTH_TO_WRAP });
  helper.prepareContext({ helpWidth: width });
  return `${file.before}${layoutHelp(file.page, helper)}${file.after}`;
}

/** Prints the help argv asks for and returns true; false, having done nothing, when the program must answer. */
export function answerHelp(argv: readonly string[], env: Env, helpDir: string): boolean {
  const words = helpWords(argv);
  if (words === undefined) return false;
  // On a terminal, its width and its stream; else $COLUMNS (or 80), written straight to the file or pipe.
  const tty = isTerminal();
  const text = helpText(helpDir, words, terminalColumns(tty ? process.stdout : {}, env));
  if (text === undefined) return false;
  if (tty) process.stdout.write(text);
  else writeAll(text);
  return true;
}

/**
 * Whether stdout is a terminal. node:tty loads node:net and the streams (about as much as
 * the rest of this answer), so it is asked only about a character device other than
 * /dev/null: files, pipes and sockets are never terminals.
 */
function isTerminal(): boolean {
  try {
    const out = fstatSync(1);
    if (!out.isCharacterDevice() || out.rdev === statSync('/dev/null').rdev) return false;
  } catch {
    // Unknown: ask node:tty.
  }
  return (process.getBuiltinModule('node:tty') as typeof import('node:tty')).isatty(1);
}
