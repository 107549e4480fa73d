/**
 * One context object, created once per run and passed down: io, env, clock, the abort
 * signal for Ctrl-C, and lazy factories for what only some commands need: the config
 * store, the HTTP transport (undici) and the sandbox. Nothing is loaded until asked for,
 * so `vis --help` and usage errors never load the HTTP client. What a command that talks
 * to the API needs on top (settings, the client, the spinner) is a Session (session.ts).
 * Tests replace the clock and the transport (ContextOverrides; test/support/).
 */
import { ConfigStore } from '../config/store.js';
import { UsageError } from '../errors.js';
import { sanitizeForTerminal } from '../text/sanitize.js';
import type { Clock } from '../http/pacer.js';
import type { Transport } from '../http/transport.js';
import { isTruthy } from '../domain/env.js';
import { localDate, utcDate, type Today } from '../domain/dates.js';
import { demoDate } from '../domain/demo.js';
import type { Env } from '../domain/env.js';
import type { SandboxOptions } from '../sandbox/options.js';
import { writeMessage, type IO } from '../terminal/io.js';

/** The sandbox (bundled apart, dist/lib/sandbox.cjs) and its options from VIS_SANDBOX_OPTIONS. */
export interface SandboxLib {
  sandbox: typeof import('../sandbox/index.js');
  options: SandboxOptions;
}

export interface Context {
  io: IO;
  env: Env;
  version: string;
  clock: Clock;
  random: () => number;
  signal: AbortSignal;
  /** --debug or VIS_DEBUG (debugRequested): the request log and stack traces. */
  debug: boolean;
  /** --verbose (verboseRequested): one line per request on stderr. */
  verbose: boolean;
  config(): ConfigStore;
  /** Where every request of this run goes: undici, loaded on the first call. */
  transport(): Promise<Transport>;
  sandbox(): Promise<SandboxLib>;
  /**
   * Today by the context's clock: the API's date (UTC), and the local one for messages.
   * With --demo, VIS_DEMO_DATE when set (a bad value: a usage error naming it).
   */
  today(): Today;
  /**
   * Runs another vis command line in this process with its own IO, and gives its exit
   * code: set by the runner (cli/run.ts), which builds programs, for vis mcp's history
   * and changes tools; absent where no runner made the context.
   */
  runCommandLine?: (argv: string[], io: IO) => Promise<number>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(new Error('aborted'));
      const t = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(t);
        reject(new Error('aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/** What tests may replace: a fake clock makes waits instant and exact, a fake transport answers requests. */
export interface ContextOverrides {
  clock?: Clock;
  random?: () => number;
  transport?: Transport;
  /** run() passes debugRequested(argv, env); without it, VIS_DEBUG alone decides. */
  debug?: boolean;
  /** run() passes verboseRequested(argv); default off. */
  verbose?: boolean;
  /** run() passes demoRequested(argv, env): VIS_DEMO_DATE then moves today to the demo's day. */
  demo?: boolean;
}

export function createContext(io: IO, env: Env, version: string, signal: AbortSignal, overrides: ContextOverrides = {}): Context {
  let store: ConfigStore | undefined;
  let transport: Promise<Transport> | undefined;
  let sandbox: Promise<SandboxLib> | undefined;
  const clock = overrides.clock ?? realClock;
  return {
    io,
    env,
    version,
    clock,
    random: overrides.random ?? Math.random,
    signal,
    debug: overrides.debug ?? isTruthy(env.VIS_DEBUG),
    verbose: overrides.verbose ?? false,
    config: () => (store ??= new ConfigStore(env, (line) => writeMessage(io, sanitizeForTerminal(line)))),
    transport: () => (transport ??= overrides.transport ? Promise.resolve(overrides.transport) : import('../http/client.js').then((m) => m.loadTransport())),
    sandbox: () => (sandbox ??= loadSandbox(env)),
    today: () => {
      // The demo's day is today for every date the command line counts (--since 7d, --days).
      const demo = overrides.demo ? demoDate(env) : undefined;
      if (demo !== undefined && 'problem' in demo) throw new UsageError(demo.problem);
      if (demo !== undefined) return { api: demo.day, local: () => demo.day };
      const now = clock.now();
      return { api: utcDate(now), local: () => localDate(now, env.TZ) };
    },
  };
}

/**
 * A mistake in VIS_SANDBOX_OPTIONS is a usage error, raised here on the CLI's side: the
 * sandbox bundle has its own copy of the error classes.
 */
async function loadSandbox(env: Env): Promise<SandboxLib> {
  const sandbox = await import('../sandbox/index.js');
  try {
    return { sandbox, options: sandbox.sandboxOptionsFromEnv(env) };
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

export { isTruthy } from '../domain/env.js';
