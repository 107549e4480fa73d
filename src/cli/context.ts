/**
 * One context object, created once per run and passed down: io, env, clock, the abort
 * signal for Ctrl-C, and lazily the config store. A Session adds what a command that
 * talks to the API needs: settings, the client (or the in-process sandbox for --demo),
 * the spinner and the debug log.
 */
import { ConfigStore } from '../config/store.js';
import { UsageError } from '../errors.js';
import { ApiClient } from '../http/client.js';
import { Pacer, type Clock } from '../http/pacer.js';
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

export function createContext(io: IO, env: Env, version: string, signal: AbortSignal): Context {
  let store: ConfigStore | undefined;
  return {
    io,
    env,
    version,
    clock: realClock,
    random: Math.random,
    signal,
    config: () => (store ??= new ConfigStore(env)),
    today: () => localDate(Date.now()),
  };
}

export const DEMO_KEYS = ['vis_demo_growth', 'vis_demo_agency', 'vis_demo_monitor', 'vis_demo_inactive', 'vis_demo_exhausted'];

/** Default pace: the API allows 60 requests a minute per key. */
const DEFAULT_RATE_PER_MINUTE = 60;

export interface Session {
  settings: Settings;
  client: ApiClient;
  progress: Progress;
  debug: (line: string) => void;
  close(): Promise<void>;
}

export async function openSession(ctx: Context, flags: FlagOptions): Promise<Session> {
  const demo = flags.demo || isTruthy(ctx.env.VIS_DEMO);
  const settings = resolveSettings(flags, ctx.env, ctx.config());
  const debugOn = flags.debug || isTruthy(ctx.env.VIS_DEBUG);
  const debug = debugOn ? (line: string) => void ctx.io.stderr.write(`vis debug: ${line}\n`) : () => undefined;
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

  const perMinute = Number.parseInt(ctx.env.VIS_RATE_LIMIT ?? '', 10);
  const client = new ApiClient({
    baseUrl: settings.baseUrl.value,
    apiKey: settings.apiKey.value,
    timeoutMs: flags.timeoutMs,
    userAgent: `vis/${ctx.version} node/${process.versions.node}`,
    clock: ctx.clock,
    random: ctx.random,
    signal: ctx.signal,
    pacer: new Pacer(perMinute > 0 ? perMinute : DEFAULT_RATE_PER_MINUTE, ctx.clock),
    debug,
    onWait: (message) => progress.update(message),
  });

  return {
    settings,
    client,
    progress,
    debug,
    async close() {
      progress.stop();
      await client.close();
      await closeSandbox?.();
    },
  };
}

export function isTruthy(v: string | undefined): boolean {
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}
