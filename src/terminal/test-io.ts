/**
 * The terminal of a test (gh's iostreams.Test()): stdout and stderr captured as text,
 * synchronously, with the TTY flags, width, height and colour a test asks for, and a stdin
 * that holds what the test gives it. Nothing in the product imports it; it lives beside
 * IO so the two change together.
 */
import { clearLine, cursorTo, moveCursor } from 'node:readline';
import { PassThrough, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { IO } from './io.js';

export interface TestIOOptions {
  stdoutIsTTY?: boolean;
  /** A TTY stderr has what ora needs of a tty.WriteStream (cursor moves, width). */
  stderrIsTTY?: boolean;
  stdinIsTTY?: boolean;
  color?: boolean;
  stderrColor?: boolean;
  columns?: number;
  /** Height of a real terminal on stdout (IO.stdoutRows): only then may the pager start. */
  rows?: number;
  /** What stdin holds. A piped stdin then ends (empty without it); a TTY one stays open. */
  stdin?: string;
}

export interface TestIO extends IO {
  out(): string;
  err(): string;
}

/** A writable stream that keeps what is written to it as text. */
function capture(): { stream: Writable; text: () => string } {
  const decoder = new StringDecoder('utf8');
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += decoder.write(chunk);
      done();
    },
  });
  return { stream, text: () => text + decoder.end() };
}

export function testIO(o: TestIOOptions = {}): TestIO {
  const columns = o.columns ?? 80;
  const stdout = capture();
  const stderr = capture();
  if (o.stderrIsTTY) {
    const s = stderr.stream;
    Object.assign(s, {
      isTTY: true,
      columns,
      rows: 30,
      cursorTo: (x: number, y?: number) => cursorTo(s, x, y),
      moveCursor: (dx: number, dy: number) => moveCursor(s, dx, dy),
      clearLine: (dir: -1 | 0 | 1) => clearLine(s, dir),
    });
  }
  const stdin = Object.assign(new PassThrough(), { isTTY: o.stdinIsTTY === true });
  if (o.stdin !== undefined) stdin.write(o.stdin);
  if (!o.stdinIsTTY) stdin.end();
  return {
    stdout: stdout.stream,
    stderr: stderr.stream,
    stdin,
    stdoutIsTTY: o.stdoutIsTTY ?? false,
    stderrIsTTY: o.stderrIsTTY ?? false,
    stdinIsTTY: o.stdinIsTTY ?? false,
    color: o.color ?? false,
    stderrColor: o.stderrColor ?? false,
    columns,
    stdoutRows: o.rows,
    out: stdout.text,
    err: stderr.text,
  };
}
