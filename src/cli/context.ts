/**
 * One context object, created once per run and passed down: io, env, clock, the abort
 * signal for Ctrl-C, and lazily the config store. What a command that talks to the API
 * needs on top (settings, the client, the spinner) is a Session (session.ts), loaded only
 * by such commands, so `vis --help` and usage errors never load the HTTP client.
 */
import { ConfigStore } from '../config/store.js';
import { sanitizeForTerminal } from '../output/sanitize.js';
import type { Clock } from '../http/pacer.js';
import { localDate } from '../flags/names.js';
import type { Env } from '../domain/env.js';
import type { IO } from './io.js';

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
    config: () => (store ??= new ConfigStore(env, (line) => void io.stderr.write(`${sanitizeForTerminal(line)}\n`))),
    today: () => localDate(Date.now()),
  };
}

export { isTruthy } from '../flags/names.js';
