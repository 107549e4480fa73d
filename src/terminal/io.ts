/**
 * What vis knows about the terminal. Created once in the entry point and passed down;
 * tests pass buffers. Nothing else in src/ touches process.stdout or process.stderr.
 */
import type { Readable, Writable } from 'node:stream';
import type { Env } from '../domain/env.js';
import { plainCommands } from '../text/commands.js';
import { wrapAtSpaces } from '../text/wrap-message.js';

export interface IO {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** Colour on stdout (results). */
  color: boolean;
  /** Colour on stderr (messages, spinner). */
  stderrColor: boolean;
  /** Width to fit tables to: the terminal's, else $COLUMNS, else 80. */
  columns: number;
  /**
   * Height of the terminal stdout really is (its isTTY and rows), undefined when stdout is
   * not one: what the pager decides on, whatever layout a variable forces (terminal/pager.ts).
   */
  stdoutRows?: number;
}

/**
 * Processes that hold the terminal while vis runs (the pager), each as the function that
 * stops it and resolves once it has exited. On Ctrl-C the entry point stops them and waits
 * (bounded) before it exits, so the shell gets its terminal back after the pager, not
 * from under it.
 */
export const terminalHolders = new Set<() => Promise<void>>();

/**
 * The usual conventions: --no-color and NO_COLOR (any non-empty value) turn colour off,
 * FORCE_COLOR turns it on (FORCE_COLOR=0 or false turns it off), otherwise colour only on
 * a TTY whose TERM is not "dumb".
 */
export function colorEnabled(isTTY: boolean, env: Env, noColorFlag: boolean): boolean {
  if (noColorFlag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !(force === '0' || force.toLowerCase() === 'false');
  if (env.TERM === 'dumb') return false;
  return isTTY;
}

export function terminalColumns(stream: { columns?: number; isTTY?: boolean }, env: Env): number {
  if (stream.isTTY && typeof stream.columns === 'number' && stream.columns > 0) return stream.columns;
  const fromEnv = Number.parseInt(env.COLUMNS ?? '', 10);
  if (Number.isFinite(fromEnv) && fromEnv > 0) return fromEnv;
  return 80;
}

export function processIO(env: Env, noColorFlag: boolean): IO {
  const stdout = process.stdout;
  const stderr = process.stderr;
  return {
    stdout,
    stderr,
    // stdin is opened on first use: only `auth login` and the pitch prompt read it, and
    // opening it costs every other command a stream (and, for a pipe, a socket).
    get stdin() {
      return process.stdin;
    },
    get stdinIsTTY() {
      return process.stdin.isTTY === true;
    },
    stdoutIsTTY: stdout.isTTY === true,
    stderrIsTTY: stderr.isTTY === true,
    color: colorEnabled(stdout.isTTY === true, env, noColorFlag),
    stderrColor: colorEnabled(stderr.isTTY === true, env, noColorFlag),
    columns: terminalColumns(stdout, env),
    stdoutRows: stdout.isTTY === true && stdout.rows > 0 ? stdout.rows : undefined,
  };
}

/**
 * The width to wrap messages on stderr to: the terminal's when stderr is one, else
 * undefined (a log file or a pipe gets each message on one line, for grep).
 */
export function stderrColumns(io: IO): number | undefined {
  const columns = (io.stderr as { columns?: number }).columns;
  return io.stderrIsTTY && typeof columns === 'number' && columns > 0 ? columns : undefined;
}

/**
 * Writes a message for people (an error, a hint, a warning: text already sanitised) and a
 * newline to stderr, wrapped at spaces to the terminal's width when stderr is one. A
 * command quoted as Markdown (`vis auth login`) is printed as its bare words.
 */
export function writeMessage(io: IO, message: string): void {
  const columns = stderrColumns(io);
  const text = plainCommands(message);
  io.stderr.write(`${columns === undefined ? text : wrapAtSpaces(text, columns)}\n`);
}
