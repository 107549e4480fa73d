/**
 * A Session: what a command that talks to the API needs on top of the Context. Settings
 * (flag > env > profile > default), the client (or the in-process sandbox for --demo),
 * the shared pacer, the spinner and the debug log.
 */
import { chmodSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import type { ConfigStore } from '../config/store.js';
import { AuthError, UsageError } from '../errors.js';
import { DEFAULT_MAX_BODY_BYTES, MAX_BODY_MB_LIMIT } from '../http/body.js';
import { ApiClient } from '../http/client.js';
import { sharedPacer, type Pacer } from '../http/pacer.js';
import { fileWindowStore } from '../http/shared-window.js';
import { envCacheDir } from '../fs/private-dir.js';
import { selectProxy } from '../http/proxy.js';
import { printable } from '../http/redact.js';
import { isTruthy, type Context } from './context.js';
import { DEFAULT_DEMO_KEY, DEMO_KEYS, isDemoKey } from '../domain/demo.js';
import type { Env } from '../domain/env.js';
import type { FlagOptions } from '../flags/rules.js';
import { createProgress, type Progress } from '../terminal/progress.js';
import { writeMessage } from '../terminal/io.js';
import { resolveSettings, type Settings, type Sourced } from './settings.js';
import { cacheRoot, ResponseCache } from '../cache/store.js';
import { requestLogger } from './request-log.js';
import { historyLocation } from '../history/location.js';
import { maskingPassword } from './history.js';
import { HistoryRecorder } from '../history/recorder.js';

/** Default pace: the API allows 60 requests a minute per key. */
export const DEFAULT_RATE_PER_MINUTE = 60;
const MAX_RATE_PER_MINUTE = 1_000_000;

/** The pace for this run: VIS_RATE_LIMIT (requests a minute) or the API's 60. */
export function ratePerMinute(env: Env): number {
  return wholeNumberVar(env, 'VIS_RATE_LIMIT', 'requests a minute', MAX_RATE_PER_MINUTE) ?? DEFAULT_RATE_PER_MINUTE;
}

/** The largest answer accepted: VIS_MAX_BODY_MB (MiB) or 256 MiB. */
export function maxBodyBytes(env: Env): number {
  const mb = wholeNumberVar(env, 'VIS_MAX_BODY_MB', 'MiB', MAX_BODY_MB_LIMIT);
  return mb === undefined ? DEFAULT_MAX_BODY_BYTES : mb * 1024 * 1024;
}

/** A variable holding a whole number from 1 to `max`; undefined when unset or empty. */
function wholeNumberVar(env: Env, name: string, unit: string, max: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = /^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > max) {
    throw new UsageError(`${name} must be a whole number of ${unit}, from 1 to ${max} (got "${raw}")`);
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
  /**
   * The account's response cache, opened (its folders checked, made if missing) on the
   * first call; undefined when not used (see CacheMode). src/services/cached.ts reads it.
   */
  cache(): ResponseCache | undefined;
  cacheMode: CacheMode;
  /**
   * The id of the account's only brand, once a GET /brands answer in this run listed
   * exactly one (the export; a --brand NAME lookup). The cache then files an answer asked
   * with that brand_id under the same request without one too (src/services/cached.ts).
   */
  oneBrand?: string;
  /**
   * Notes a warning about the answers (another API version): each said once, after the
   * answer, when the session closes; never with -q.
   */
  warn(line: string): void;
  /**
   * Where this run's answers are recorded (src/history/recorder.ts): src/services/cached.ts
   * notes each one read from the network; close() writes them. Absent in tests that build
   * a session by hand.
   */
  history?: HistoryRecorder;
  close(): Promise<void>;
}

/**
 * `use`: serve fresh answers from the cache and store new ones; `refresh` (--refresh):
 * always send, then store; `off` (--no-cache, VIS_CACHE=off, `cache off` in the profile,
 * --demo, whose sandbox lives for one run): neither.
 */
export type CacheMode = 'use' | 'refresh' | 'off';

/**
 * What opening a session needs, resolved and checked without opening anything: the pace
 * and body limit from the environment, the settings (flag > env > profile), and, unless
 * --demo provides them, a base URL and a key. Throws UsageError; reads the config file but
 * writes nothing, starts no sandbox and loads no client.
 */
export interface SessionOptions {
  demo: boolean;
  perMinute: number;
  maxBodyBytes: number;
  settings: Settings;
  timeoutMs: number;
  quiet: boolean;
  /** A public document (`vis openapi`): sent without a key when none is set. */
  keyOptional: boolean;
  cache: CacheMode;
}

export function parseSessionOptions(ctx: Context, flags: FlagOptions, o: { keyOptional?: boolean } = {}): SessionOptions {
  const keyOptional = o.keyOptional ?? false;
  const demo = flags.demo || isTruthy(ctx.env.VIS_DEMO);
  const perMinute = ratePerMinute(ctx.env);
  const maxBody = maxBodyBytes(ctx.env);
  const settings = resolveSettings(flags, ctx.env, ctx.config());
  // A bad proxy variable is refused here with the other usage errors (the client checks again).
  if (!demo) selectProxy(ctx.env, requireConnection(settings, keyOptional).baseUrl.value);
  const cache: CacheMode = demo || settings.cache.value === 'off' ? 'off' : flags.refresh ? 'refresh' : 'use';
  return { demo, perMinute, maxBodyBytes: maxBody, settings, timeoutMs: flags.timeoutMs, quiet: flags.quiet, keyOptional, cache };
}

/**
 * The demo account --demo shows: VIS_API_KEY when it is a demo key, else the default one.
 * Any other key is refused (exit 3) rather than ignored: a mistyped demo key would
 * otherwise show another account without a word, and a real key never goes to the sandbox.
 */
export function demoKey(env: Env): Sourced<string> {
  const key = env.VIS_API_KEY?.trim();
  if (!key) return { value: DEFAULT_DEMO_KEY, source: '--demo' };
  if (isDemoKey(key)) return { value: key, source: 'VIS_API_KEY (demo)' };
  throw new AuthError(`--demo: VIS_API_KEY is not a demo key; the demo keys are ${DEMO_KEYS.join(', ')}`, {
    hint: `Set VIS_API_KEY to one of them, or leave it empty for ${DEFAULT_DEMO_KEY}: VIS_API_KEY= vis --demo …`,
  });
}

/** A base URL and a key (unless keyOptional), or the usage error that says where to put them. */
function requireConnection(settings: Settings, keyOptional = false): { baseUrl: Sourced<string>; apiKey: Sourced<string> | undefined } {
  if (!settings.baseUrl) {
    throw new UsageError('no API base URL: pass --base-url, set VIS_BASE_URL, or save one with `vis auth login --base-url URL`', {
      hint: 'To try vis without an account: vis --demo topics',
    });
  }
  if (!settings.apiKey && !keyOptional) {
    throw new UsageError('no API key: set VIS_API_KEY or run `vis auth login`', {
      hint: 'To try vis without an account: vis --demo topics',
    });
  }
  return { baseUrl: settings.baseUrl, apiKey: settings.apiKey };
}

/** What every client of this run shares with the Context: who it is, its clock, Ctrl-C, its transport and proxy. */
export function contextClientOptions(ctx: Context) {
  return {
    proxyEnv: ctx.env,
    userAgent: `vis/${ctx.version} node/${process.versions.node}`,
    clock: ctx.clock,
    random: ctx.random,
    signal: ctx.signal,
    transport: ctx.transport,
    ...(ctx.verbose ? { log: requestLogger(ctx) } : {}),
  };
}

/** Opens what parseSessionOptions checked: the sandbox for --demo, the client, the spinner. */
export async function openSession(ctx: Context, options: SessionOptions): Promise<Session> {
  const settings: Settings = { ...options.settings };
  // Debug lines quote the server (headers, request ids) and what the user typed: sanitised, then masked.
  const debug = ctx.debug ? (line: string) => void ctx.io.stderr.write(`vis debug: ${printable(line)}\n`) : () => undefined;
  tightenConfigFile(ctx.config(), debug);
  let closeSandbox: (() => Promise<void>) | undefined;

  if (options.demo) {
    // After every usage check of the command line, before the sandbox starts.
    const apiKey = demoKey(ctx.env);
    const { sandbox: lib, options: sandboxOptions } = await ctx.sandbox();
    const sandbox = await lib.startSandbox({ ...sandboxOptions, host: '127.0.0.1', port: 0, quiet: true, oneShot: true });
    closeSandbox = () => sandbox.close();
    settings.baseUrl = { value: sandbox.baseUrl, source: '--demo' };
    settings.apiKey = apiKey;
    debug(`demo sandbox on ${sandbox.baseUrl}`);
  }
  const { baseUrl, apiKey } = requireConnection(settings, options.keyOptional);
  const key = apiKey?.value ?? '';
  // Opened on first use: nothing is read or made here.
  const cache = openCache(ctx, options.cache, baseUrl.value, key, debug);
  const progress = createProgress(ctx.io, options.quiet);

  // Shared with every vis process of this key on the machine, through a file in the cache
  // folder; not for --demo, whose sandbox is this run's own, nor without HOME or
  // XDG_CACHE_HOME to say where the cache folder is, nor without a key (`vis openapi`).
  const cacheDir = options.demo || key === '' ? undefined : envCacheDir(ctx.env);
  if (!options.demo && key !== '' && !cacheDir)
    debug('pacing: this run paces alone, not shared with other vis processes (neither XDG_CACHE_HOME nor HOME is set)');
  const share =
    cacheDir === undefined
      ? undefined
      : {
          store: fileWindowStore(join(cacheDir, 'pace'), baseUrl.value, key, ctx.clock),
          onShareFailed: (reason: string) => debug(`pacing: this run paces alone, not shared with other vis processes (${reason})`),
        };
  const pacer = sharedPacer(baseUrl.value, key, options.perMinute, ctx.clock, share);
  const client = new ApiClient({
    baseUrl: baseUrl.value,
    ...(apiKey ? { apiKey: apiKey.value } : {}),
    timeoutMs: options.timeoutMs,
    maxBodyBytes: options.maxBodyBytes,
    ...contextClientOptions(ctx),
    pacer,
    debug,
    onWait: (message, ms, text) => (text ? progress.countdown(text, ms) : progress.update(message)),
  });

  const warnings = new Set<string>();
  const warn = (line: string) => void warnings.add(line);
  // An answer the history could not hold is told even with -q: the gap stays in the history.
  const notRecorded = new Set<string>();
  // The demo records nothing: its history is simulated by the sandbox (services/demo-history.ts), and a
  // real history (VIS_HISTORY, the profile's, PostgreSQL) never holds a demo answer.
  const history = new HistoryRecorder({
    where: options.demo ? { kind: 'off', source: '--demo' } : maskingPassword(historyLocation(ctx.env, settings.history)),
    api: options.demo ? 'demo' : baseUrl.value,
    now: () => ctx.clock.now(),
    debug,
    warn,
    setAside: (line) => void notRecorded.add(line),
  });
  return {
    settings,
    client,
    pacer,
    progress,
    debug,
    ...cache,
    warn,
    history,
    async close() {
      progress.stop();
      // After the answer is printed: the journal write is not in the way of reading it. A
      // PostgreSQL server out of reach holds the close up to its connect timeout, no longer.
      await history.close();
      if (!options.quiet) for (const line of warnings) writeMessage(ctx.io, `vis: warning: ${line}`);
      warnings.clear();
      for (const line of notRecorded) writeMessage(ctx.io, `vis: warning: ${line}`);
      notRecorded.clear();
      await client.close();
      await closeSandbox?.();
    },
  };
}

/** The account's cache for a session, opened on first use, or none (with a --debug line saying why). */
function openCache(ctx: Context, mode: CacheMode, baseUrl: string, key: string, debug: (line: string) => void): Pick<Session, 'cache' | 'cacheMode'> {
  if (mode === 'off' || key === '') return { cacheMode: 'off', cache: () => undefined };
  let opened: { cache: ResponseCache | undefined } | undefined;
  const open = (): ResponseCache | undefined => {
    const root = cacheRoot(ctx.env);
    if (root === undefined) {
      debug('cache: not used (neither VIS_CONFIG_DIR, XDG_CACHE_HOME nor HOME is set)');
      return undefined;
    }
    const cache = ResponseCache.open(root, baseUrl, key);
    if (typeof cache === 'string') {
      debug(`cache: not used: ${cache}`);
      return undefined;
    }
    return cache;
  };
  return { cacheMode: mode, cache: () => (opened ??= { cache: open() }).cache };
}

/**
 * The config file holds keys: a file created looser than 0600 (copied in by hand, or by
 * an old version) is tightened on the first run that reads it. Only the file: the folder
 * may be one the user chose with VIS_CONFIG_DIR, and is tightened when vis writes.
 */
function tightenConfigFile(store: ConfigStore, debug: (line: string) => void): void {
  try {
    // lstat: a config.json that is a symlink is left alone (its target is not ours to chmod).
    const st = lstatSync(store.path);
    const mode = st.mode & 0o777;
    if (st.isFile() && (mode & 0o077) !== 0) {
      chmodSync(store.path, mode & 0o700);
      debug(`tightened ${store.path} from ${mode.toString(8)} to ${(mode & 0o700).toString(8)}`);
    }
  } catch {
    // No file yet, or not ours to change: reading it is still allowed.
  }
}
