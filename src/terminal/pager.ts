/**
 * The pager: output taller than the terminal goes through `$VIS_PAGER`, else `$PAGER`,
 * else `less -FRX` when it is on PATH, like gh. Loaded only when stdout is a real terminal
 * and --no-pager was not given (render.ts); the pager process (node:child_process) only
 * once the output turns out taller than the screen.
 *
 * The command is split into words like gh does (spaces separate words, quotes and
 * backslashes as in a shell, no shell run): `less -R +G` works, a pipeline does not.
 * The splitter is vis's own: no shell-words parser is among the dependencies, and the one
 * in the tree (execa's parseCommandString, there for the mutation tester) knows no quotes,
 * so `'/opt/my pager/less'` would become two words; a new runtime package for forty
 * lines is not worth it.
 * A pager that cannot be started is reported in one line and the output is written
 * directly instead, so a typo in PAGER never loses a result.
 */
import type { Env } from '../domain/env.js';
import { sanitizeForTerminal } from '../text/sanitize.js';
import { wrapAtSpaces } from '../text/wrap-message.js';
import { displayWidth } from '../text/width.js';
import type { Chunks } from '../output/write.js';

export type PagerChoice = { argv: string[]; from: 'VIS_PAGER' | 'PAGER' | 'default' } | { error: string } | undefined;

/** The default, when neither VIS_PAGER nor PAGER is set: used only if `less` is on PATH. */
export const DEFAULT_PAGER = ['less', '-FRX'];

/**
 * Which pager, from the environment: VIS_PAGER (set, even empty, it decides), then PAGER,
 * then `less -FRX` if `hasLess()`. Empty or `cat` means none. Undefined: no pager.
 */
export function choosePager(env: Env, hasLess: () => boolean): PagerChoice {
  for (const name of ['VIS_PAGER', 'PAGER'] as const) {
    const value = env[name];
    if (value === undefined) continue;
    const words = splitCommand(value);
    if (words === undefined) return { error: `${name} has an unclosed quote: ${sanitizeForTerminal(value)}` };
    if (words.length === 0 || (words.length === 1 && words[0] === 'cat')) return undefined;
    return { argv: words, from: name };
  }
  return hasLess() ? { argv: DEFAULT_PAGER, from: 'default' } : undefined;
}

/**
 * A command line split into words as a POSIX shell would, without expanding anything:
 * blanks separate words, '…' is literal, "…" keeps blanks (a backslash there escapes
 * " \ $ `), a backslash elsewhere escapes the next character. Undefined on an unclosed quote.
 */
export function splitCommand(line: string): string[] | undefined {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === ' ' || c === '\t' || c === '\n') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      continue;
    }
    inWord = true;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return undefined;
      word += line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\' && j + 1 < line.length && '"\\$`'.includes(line[j + 1] as string)) j++;
        word += line[j];
      }
      if (j >= line.length) return undefined;
      i = j;
    } else if (c === '\\') {
      if (i + 1 < line.length) word += line[++i];
    } else word += c;
  }
  if (inWord) words.push(word);
  return words;
}

const SGR = /\u001b\[[0-9;]*m/g;

/**
 * Counts the terminal rows text takes at `columns` wide (a long line wraps), stopping
 * once more than `limit` are used. Feed it chunks; `rows` is the count so far.
 */
export class RowCounter {
  rows = 0;
  private line = '';

  constructor(
    private readonly columns: number,
    private readonly limit: number,
  ) {}

  get over(): boolean {
    return this.rows > this.limit;
  }

  add(chunk: string): void {
    const parts = chunk.split('\n');
    const last = parts.pop() as string;
    for (const part of parts) {
      this.rows += this.rowsOf(this.line + part);
      this.line = '';
      if (this.over) return;
    }
    this.line += last;
  }

  /** The rows so far, a last line without its newline included. */
  finish(): number {
    if (this.line !== '') this.rows += this.rowsOf(this.line);
    this.line = '';
    return this.rows;
  }

  private rowsOf(line: string): number {
    const width = displayWidth(line.replace(SGR, ''), this.columns * (this.limit + 1));
    return Math.max(1, Math.ceil(width / this.columns));
  }
}

/**
 * Does the output need a pager: more rows than fit above the prompt, that is `screenRows - 1`
 * (what `less -F` shows without paging). Consumes chunks only until it knows; `head` is what
 * it read, `rest` the iterator to go on with.
 */
export function measure(chunks: Chunks, columns: number, screenRows: number): { tall: boolean; head: string[]; rest: Iterator<string> } {
  const counter = new RowCounter(columns, Math.max(1, screenRows - 1));
  const rest = (typeof chunks === 'string' ? [chunks] : chunks)[Symbol.iterator]();
  const head: string[] = [];
  for (let r = rest.next(); !r.done; r = rest.next()) {
    head.push(r.value);
    counter.add(r.value);
    if (counter.over) return { tall: true, head, rest };
  }
  counter.finish();
  return { tall: counter.over, head, rest };
}

function* concat(head: string[], rest: Iterator<string>): Generator<string> {
  yield* head;
  for (let r = rest.next(); !r.done; r = rest.next()) yield r.value;
}

export interface PagedTarget {
  env: Env;
  columns: number;
  rows: number;
  stderr: { write(s: string): unknown };
  /** stderr's width when it is a terminal: a notice is wrapped at spaces to it, as errors are. */
  stderrColumns?: number;
  /** Writes chunks where they would go without a pager (stdout). */
  direct(chunks: Iterable<string>): Promise<void>;
  /** Is `less` on PATH (for the default pager). */
  hasLess?: () => boolean;
}

/**
 * Writes the output, through the pager if it is taller than the screen. Returns when the
 * pager has exited; quitting it early is not an error (its closed stdin is ignored).
 */
export async function writePaged(target: PagedTarget, chunks: Chunks): Promise<void> {
  const { tall, head, rest } = measure(chunks, target.columns, target.rows);
  if (!tall) return target.direct(concat(head, rest));
  const choice = choosePager(target.env, target.hasLess ?? (() => onPath('less', target.env)));
  if (choice === undefined) return target.direct(concat(head, rest));
  if ('error' in choice) {
    notice(target, `vis: no pager: ${choice.error}`);
    return target.direct(concat(head, rest));
  }
  const { runPager } = await import('./pager-process.js');
  const started = await runPager(choice.argv, target.env, concat(head, rest));
  if (started.error !== undefined) {
    notice(
      target,
      `vis: could not start the pager "${sanitizeForTerminal(choice.argv[0] ?? '')}" (${choice.from}): ${sanitizeForTerminal(started.error)}; writing without it`,
    );
    return target.direct(concat(head, rest));
  }
}

function notice(target: PagedTarget, text: string): void {
  target.stderr.write(`${target.stderrColumns === undefined ? text : wrapAtSpaces(text, target.stderrColumns)}\n`);
}

/** Is `cmd` an executable file in one of PATH's folders. */
export function onPath(cmd: string, env: Env): boolean {
  const { accessSync, constants, statSync } = process.getBuiltinModule('node:fs');
  const { join } = process.getBuiltinModule('node:path');
  for (const dir of (env.PATH ?? '').split(':')) {
    if (dir === '') continue;
    try {
      const path = join(dir, cmd);
      accessSync(path, constants.X_OK);
      if (statSync(path).isFile()) return true;
    } catch {
      // Not here.
    }
  }
  return false;
}
