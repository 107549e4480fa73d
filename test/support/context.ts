/**
 * The one fake terminal and the one fake clock of the tests (like gh's iostreams.Test()).
 * testIO() captures stdout and stderr as text, synchronously, with the TTY flags, width
 * and colour a test asks for; fakeClock() makes every wait instant and records it.
 * testContext() puts them in a Context for tests that call a command's function directly.
 */
import { clearLine, cursorTo, moveCursor } from 'node:readline';
import { PassThrough, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createContext, type Context, type ContextOverrides } from '../../src/cli/context.js';
import type { IO } from '../../src/cli/io.js';
import type { Env } from '../../src/domain/env.js';
import type { Clock } from '../../src/http/pacer.js';

/** A moment fixed for every test: noon UTC, so the local date is 2026-11-22 almost everywhere. */
export const TEST_NOW = Date.parse('2026-11-22T12:00:00Z');

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

export interface FakeClock extends Clock {
  /** Now, in ms since the epoch; a test may move it. */
  t: number;
  /** Every wait asked for, in order. */
  waits: number[];
}

/**
 * A clock whose sleep returns at once and moves `t` on. Each sleep still yields to the
 * event loop once, so concurrent workers take turns as they would in real time.
 */
export function fakeClock(start = TEST_NOW): FakeClock {
  const c: FakeClock = {
    t: start,
    waits: [],
    now: () => c.t,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw new Error('aborted');
      c.waits.push(ms);
      c.t += ms;
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
  return c;
}

/** A Context for calling a command's function directly, with testIO() and fakeClock() unless given. */
export function testContext(o: { io?: IO; env?: Env; overrides?: ContextOverrides } = {}): Context {
  return createContext(o.io ?? testIO(), o.env ?? {}, '0.0.0-test', new AbortController().signal, {
    clock: fakeClock(),
    random: () => 0.5,
    ...o.overrides,
  });
}
