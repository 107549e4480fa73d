/**
 * `vis __complete <source>`: candidates for the completion scripts, one a line.
 *
 * - `profiles`: the profile names in the config file.
 * - `brands`: brand names from the free GET /brands (never a read), cached for a day per
 *   account in the config folder (0600 file in a 0700 folder). After a failed fetch
 *   (offline, bad key) the cache answers for a few minutes, so TAB stays instant. The
 *   cache is locked while an entry is stored (src/fs/lock.ts), never during the fetch.
 *
 * - `engines`: the engine names the account's cached answers hold (seen.ts); no request.
 *
 * Silent on every failure: no key, no base URL, offline, a broken config or cache, an
 * API error. A completion that prints errors or hangs is worse than none, so the only
 * possible output is candidates, and a fetch gives up after two seconds.
 */
import { join } from 'node:path';
import { checkProfileName, type ConfigStore } from '../../../config/store.js';
import { isTruthy, type Context } from '../../../services/context.js';
import { parseFlags, type RawGlobalOptions } from '../../../flags/rules.js';
import { resolveSettings } from '../../../services/settings.js';
import type { DynamicSource } from '../../../completion/shells.js';
import { makeDirs } from '../../../fs/make-dirs.js';
import { withLock, type LockOptions } from '../../../fs/lock.js';
import { writeFileAtomically } from '../../../fs/atomic-write.js';
import { readRegularFile } from '../../../fs/safe-file.js';
import { sha256Hex } from '../../../domain/sha256.js';

export const CACHE_FILE = 'completion-cache.json';
export const BRANDS_TTL_MS = 24 * 60 * 60 * 1000;
export const RETRY_AFTER_FAILURE_MS = 5 * 60 * 1000;
export const FETCH_TIMEOUT_MS = 2_000;
/** Entries of accounts not looked up for this long are dropped from the cache. */
const FORGET_AFTER_MS = 30 * 24 * 60 * 60 * 1000;
const MAX_CANDIDATE_LENGTH = 200;

export interface CacheEntry {
  names: string[];
  /** When the names were fetched (ms since the epoch). */
  fetched_at?: number;
  /** When the last fetch failed; later lookups answer from the cache until the retry time. */
  failed_at?: number;
}

export interface CacheData {
  version: 1;
  /** By account: a hash of the base URL and key, so the file never holds a key. */
  brands: Record<string, CacheEntry>;
}

const emptyCache = (): CacheData => ({ version: 1, brands: {} });

/** Prints the candidates of `source`; prints nothing at all when anything goes wrong. */
export async function printCandidates(ctx: Context, source: string | undefined, raw: RawGlobalOptions): Promise<void> {
  let names: string[] = [];
  try {
    names = await candidates(ctx, source, raw);
  } catch {
    names = [];
  }
  const shown = names.filter(isShellSafe);
  if (shown.length > 0) ctx.io.stdout.write(`${shown.join('\n')}\n`);
}

async function candidates(ctx: Context, source: string | undefined, raw: RawGlobalOptions): Promise<string[]> {
  switch (source as DynamicSource | undefined) {
    case 'profiles':
      return profileNames(ctx.config());
    case 'brands':
      return brandNames(ctx, raw);
    case 'engines':
      return await seenEngines(ctx, raw);
    default:
      return [];
  }
}

export function profileNames(store: ConfigStore): string[] {
  return Object.keys(store.read().profiles ?? {}).filter((name) => {
    try {
      checkProfileName(name);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * One line each, nothing that could drive a terminal or break a shell's reading of the
 * list: names from the API are untrusted.
 */
export function isShellSafe(name: string): boolean {
  return name.trim() !== '' && name.length <= MAX_CANDIDATE_LENGTH && !/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(name);
}

/** The cache key of an account: a hash, so neither the key nor a usable part of it is stored. */
export function accountKey(baseUrl: string, apiKey: string): string {
  return sha256Hex(`${baseUrl}\n${apiKey}`).slice(0, 32);
}

/** Whether a lookup at `now` answers from the cache entry or fetches. */
export function lookupStep(entry: CacheEntry | undefined, now: number): 'cached' | 'fetch' {
  if (!entry) return 'fetch';
  const within = (t: number | undefined, ms: number) => t !== undefined && now >= t && now - t < ms;
  if (within(entry.failed_at, RETRY_AFTER_FAILURE_MS)) return 'cached';
  if (within(entry.fetched_at, BRANDS_TTL_MS)) return 'cached';
  return 'fetch';
}

async function brandNames(ctx: Context, raw: RawGlobalOptions): Promise<string[]> {
  // Under --demo every command talks to the built-in sandbox, so an account's brands would mislead.
  if (raw.demo || isTruthy(ctx.env.VIS_DEMO)) return [];
  const store = ctx.config();
  const settings = resolveSettings(parseFlags({ profile: raw.profile, baseUrl: raw.baseUrl }, ctx.today()), ctx.env, store);
  if (!settings.baseUrl || !settings.apiKey) return [];
  const baseUrl = settings.baseUrl.value;
  const apiKey = settings.apiKey.value;

  const path = join(store.dir, CACHE_FILE);
  const cache = readCache(path);
  const key = accountKey(baseUrl, apiKey);
  const entry = cache.brands[key];
  const now = ctx.clock.now();
  if (lookupStep(entry, now) === 'cached') return entry!.names;

  let next: CacheEntry;
  try {
    next = { names: await fetchBrandNames(ctx, baseUrl, apiKey), fetched_at: now };
  } catch {
    next = { ...(entry ?? { names: [] }), failed_at: now };
  }
  await saveEntry(store, path, key, next, now);
  return next.names;
}

/** The engines the account's cached answers name (seen.ts); none under --demo, whose sandbox is new each run. */
async function seenEngines(ctx: Context, raw: RawGlobalOptions): Promise<string[]> {
  if (raw.demo || isTruthy(ctx.env.VIS_DEMO)) return [];
  const settings = resolveSettings(parseFlags({ profile: raw.profile, baseUrl: raw.baseUrl }, ctx.today()), ctx.env, ctx.config());
  if (!settings.baseUrl || !settings.apiKey) return [];
  // Loaded for this source only: the response cache's keys load node:crypto, which a TAB
  // after --brand or --profile never needs.
  const { seenEngines: seen } = await import('./seen.js');
  return seen(ctx.env, settings.baseUrl.value, settings.apiKey.value);
}

async function fetchBrandNames(ctx: Context, baseUrl: string, apiKey: string): Promise<string[]> {
  // Loaded for a fetch only: most TABs are answered from the cache, and quickly (quick.ts).
  const [{ ApiClient }, { listBrands }] = await Promise.all([import('../../../http/client.js'), import('../../../api/account.js')]);
  const client = new ApiClient({
    baseUrl,
    apiKey,
    timeoutMs: FETCH_TIMEOUT_MS,
    userAgent: `vis/${ctx.version} node/${process.versions.node} completion`,
    // One attempt only: a clock that refuses to wait turns every retry or pacing wait into
    // a failure, so an offline machine answers at once instead of backing off.
    clock: { now: () => ctx.clock.now(), sleep: () => Promise.reject(new Error('no waiting during completion')) },
    random: ctx.random,
    signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]),
    transport: ctx.transport,
    proxyEnv: ctx.env,
  });
  try {
    return (await listBrands(client)).map((b) => b.name);
  } finally {
    await client.close();
  }
}

/** The cache file, or an empty cache when it is missing, not a regular file, or not what vis wrote. */
export function readCache(path: string): CacheData {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readRegularFile(path).toString('utf8'));
  } catch {
    return emptyCache();
  }
  const data = parsed as Partial<CacheData> | null;
  if (!data || data.version !== 1 || typeof data.brands !== 'object' || data.brands === null || Array.isArray(data.brands)) {
    return emptyCache();
  }
  const brands: Record<string, CacheEntry> = {};
  for (const [key, e] of Object.entries(data.brands)) {
    if (!e || !Array.isArray(e.names) || !e.names.every((n) => typeof n === 'string')) continue;
    brands[key] = {
      names: e.names,
      ...(typeof e.fetched_at === 'number' ? { fetched_at: e.fetched_at } : {}),
      ...(typeof e.failed_at === 'number' ? { failed_at: e.failed_at } : {}),
    };
  }
  return { version: 1, brands };
}

/** The cache with `entry` stored under `key` and long-unused accounts forgotten. */
export function withEntry(cache: CacheData, key: string, entry: CacheEntry, now: number): CacheData {
  const brands: Record<string, CacheEntry> = {};
  for (const [k, e] of Object.entries(cache.brands)) {
    const last = Math.max(e.fetched_at ?? 0, e.failed_at ?? 0);
    if (k !== key && now - last < FORGET_AFTER_MS) brands[k] = e;
  }
  brands[key] = entry;
  return { version: 1, brands };
}

/** How long a completion waits for another vis to finish writing the cache; then it skips the write. */
export const CACHE_LOCK_TIMEOUT_MS = 500;

/**
 * Stores one account's entry, holding the cache's lock from the read to the write, so
 * completions running in parallel (two shells) never drop each other's accounts. A cache
 * that cannot be locked or written only costs a fetch next time: nothing is said.
 */
export async function saveEntry(store: ConfigStore, path: string, key: string, entry: CacheEntry, now: number, lock: LockOptions = {}): Promise<void> {
  try {
    makeDirs(store.dir, 0o700);
    await withLock(path, () => writeCache(store, path, withEntry(readCache(path), key, entry, now)), { timeoutMs: CACHE_LOCK_TIMEOUT_MS, ...lock });
  } catch {
    // Silent, like every failure of a completion.
  }
}

/** Written atomically (temp file, rename), 0600 in a 0700 folder, like the config file. */
export function writeCache(store: ConfigStore, path: string, data: CacheData): void {
  try {
    makeDirs(store.dir, 0o700);
    store.tighten();
    writeFileAtomically(path, `${JSON.stringify(data)}\n`, { mode: 0o600 });
  } catch {
    // A cache that cannot be written only costs a fetch next time.
  }
}
