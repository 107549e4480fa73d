/**
 * One context object, created once per run and passed down: io, env, clock, the abort
 * signal for Ctrl-C, and lazily the config store. A Session adds what a command that
 * talks to the API needs: settings, the client (or the in-process sandbox for --demo),
 * the spinner and the debug log.
 */
import { chmodSync, statSync } from 'node:fs';
import { ConfigStore } from '../config/store.js';
import { UsageError } from '../errors.js';
import { ApiClient } from '../http/client.js';
import { sharedPacer, type Clock, type Pacer } from '../http/pacer.js';
import { redactSecrets } from '../http/redact.js';
import type { Env, IO } from './io.js';
import { localDate, type FlagOptions } from './options.js';
import { createProgress, type Progress } from './progress.js';
import { resolveSettings, type Settings } from './settings.js';

export interface Context {
  io: IO;
  env: Env;
  version: string;
  clock: Clock;
  random: () => number;
  signal: AbortSignal;
  config(): ConfigStore;
  today(): string;
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

/** What tests may replace: a fake clock makes retry and pacing waits instant and exact. */
export interface ContextOverrides {
  clock?: Clock;
  random?: () => number;
}

export function createContext(io: IO, env: Env, version: string, signal: AbortSignal, overrides: ContextOverrides = {}): Context {
  let store: ConfigStore | undefined;
  return {
    io,
    env,
    version,
    clock: overrides.clock ?? realClock,
    random: overrides.random ?? Math.random,
    signal,
    config: () => (store ??= new ConfigStore(env)),
    today: () => localDate(Date.now()),
  };
}

export const DEMO_KEYS = ['vis_demo_growth', 'vis_demo_agency', 'vis_demo_monitor', 'vis_demo_inactive', 'vis_demo_exhausted'];

/** Default pace: the API allows 60 requests a minute per key. */
export const DEFAULT_RATE_PER_MINUTE = 60;
const MAX_RATE_PER_MINUTE = 1_000_000;

/** The pace for this run: VIS_RATE_LIMIT (requests a minute) or the API's 60. */
export function ratePerMinute(env: Env): number {
  const raw = env.VIS_RATE_LIMIT;
  if (raw === undefined || raw.trim() === '') return DEFAULT_RATE_PER_MINUTE;
  const n = /^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_RATE_PER_MINUTE) {
    throw new UsageError(`VIS_RATE_LIMIT must be a whole number of requests a minute, from 1 to ${MAX_RATE_PER_MINUTE} (got "${raw}")`);
  }
  return n;
}

export interface Session {
  settings: Settings;
  client: ApiClient;
  /** The pace shared by every client of this key in the process. */
  pacer: Pacer;
  progress: Progress;
  debug: (line: string) => void;
  close(): Promise<void>;
}

export async function openSession(ctx: Context, flags: FlagOptions): Promise<Session> {
  const demo = flags.demo || isTruthy(ctx.env.VIS_DEMO);
  const perMinute = ratePerMinute(ctx.env);
  const settings = resolveSettings(flags, ctx.env, ctx.config());
  const debugOn = flags.debug || isTruthy(ctx.env.VIS_DEBUG);
  const debug = debugOn ? (line: string) => void ctx.io.stderr.write(`vis debug: ${redactSecrets(line)}\n`) : () => undefined;
  tightenConfigFile(ctx.config(), debug);
  const progress = createProgress(ctx.io, flags.quiet);
  let closeSandbox: (() => Promise<void>) | undefined;

  if (demo) {
    const { startSandbox, sandboxOptionsFromEnv } = await import('../sandbox/server.js');
    const sandbox = await startSandbox({ ...sandboxOptionsFromEnv(ctx.env), host: '127.0.0.1', port: 0, quiet: true });
    closeSandbox = () => sandbox.close();
    const envKey = ctx.env.VIS_API_KEY;
    settings.baseUrl = { value: sandbox.baseUrl, source: '--demo' };
    settings.apiKey =
      envKey && DEMO_KEYS.includes(envKey)
        ? { value: envKey, source: 'VIS_API_KEY (demo)' }
        : { value: 'vis_demo_growth', source: '--demo' };
    debug(`demo sandbox on ${sandbox.baseUrl}`);
  }

  if (!settings.baseUrl) {
    throw new UsageError('no API base URL: pass --base-url, set VIS_BASE_URL, or save one with `vis auth login --base-url URL`', {
      hint: 'To try vis without an account: vis --demo topics',
    });
  }
  if (!settings.apiKey) {
    throw new UsageError('no API key: set VIS_API_KEY or run `vis auth login`', {
      hint: 'To try vis without an account: vis --demo topics',
    });
  }

  const pacer = sharedPacer(settings.baseUrl.value, settings.apiKey.value, perMinute, ctx.clock);
  const client = new ApiClient({
    baseUrl: settings.baseUrl.value,
    apiKey: settings.apiKey.value,
    timeoutMs: flags.timeoutMs,
    userAgent: `vis/${ctx.version} node/${process.versions.node}`,
    clock: ctx.clock,
    random: ctx.random,
    signal: ctx.signal,
    pacer,
    debug,
    onWait: (message, ms, text) => (text ? progress.countdown(text, ms) : progress.update(message)),
  });

  return {
    settings,
    client,
    pacer,
    progress,
    debug,
    async close() {
      progress.stop();
      await client.close();
      await closeSandbox?.();
    },
  };
}

/**
 * The config file holds keys: a file created looser than 0600 (copied in by hand, or by
 * an old version) is tightened on the first run that reads it. Only the file: the folder
 * may be one the user chose with VIS_CONFIG_DIR, and is tightened when vis writes.
 */
function tightenConfigFile(store: ConfigStore, debug: (line: string) => void): void {
  try {
    const mode = statSync(store.path).mode & 0o777;
    if ((mode & 0o077) !== 0) {
      chmodSync(store.path, mode & 0o700);
      debug(`tightened ${store.path} from ${mode.toString(8)} to ${(mode & 0o700).toString(8)}`);
    }
  } catch {
    // No file yet, or not ours to change: reading it is still allowed.
  }
}

export function isTruthy(v: string | undefined): boolean {
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}
