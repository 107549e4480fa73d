/**
 * The one fake terminal and the one fake clock of the tests. testIO() (src/terminal/
 * test-io.ts, like gh's iostreams.Test()) captures stdout and stderr as text; fakeClock()
 * makes every wait instant and records it.
 * testContext() puts them in a Context for tests that call a command's function directly;
 * flagOptions() the global flags as parsed when none was given.
 */
import { createContext, type Context, type ContextOverrides } from '../../src/services/context.js';
import type { IO } from '../../src/terminal/io.js';
import { testIO } from '../../src/terminal/test-io.js';
import type { Env } from '../../src/domain/env.js';
import type { Clock } from '../../src/http/pacer.js';
import type { FlagOptions } from '../../src/flags/rules.js';

export { testIO, type TestIO, type TestIOOptions } from '../../src/terminal/test-io.js';

/** A moment fixed for every test: noon UTC, so the local date is 2026-11-22 almost everywhere. */
export const TEST_NOW = Date.parse('2026-11-22T12:00:00Z');

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

/** The global flags as parsed from a command line that gives none, with `o` on top. */
export function flagOptions(o: Partial<FlagOptions> = {}): FlagOptions {
  return {
    period: {},
    demo: false,
    timeoutMs: 30_000,
    refresh: false,
    noCache: false,
    quiet: false,
    debug: false,
    noColor: false,
    pager: false,
    params: [],
    wide: false,
    ...o,
  } as FlagOptions;
}
