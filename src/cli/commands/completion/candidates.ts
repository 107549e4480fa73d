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
 *
 * What the files hold is read by lookup.ts, which src/boot/complete.ts shares to answer
 * before the bundle loads; this adds the fetch and the cache's write.
 */
import type { ConfigStore } from '../../../config/store.js';
import type { Context } from '../../../services/context.js';
import type { RawGlobalOptions } from '../../../flags/rules.js';
import { makeDirs } from '../../../fs/make-dirs.js';
import { withLock, type LockOptions } from '../../../fs/lock.js';
import { writeFileAtomically } from '../../../fs/atomic-write.js';
import { candidateLines, lookupCandidates, readCache, type BrandsToFetch, type CacheData, type CacheEntry } from './lookup.js';

export {
  accountKey,
  BRANDS_TTL_MS,
  CACHE_FILE,
  isShellSafe,
  lookupStep,
  profileNames,
  readCache,
  RETRY_AFTER_FAILURE_MS,
  type CacheData,
  type CacheEntry,
} from './lookup.js';

export const FETCH_TIMEOUT_MS = 2_000;
/** Entries of accounts not looked up for this long are dropped from the cache. */
const FORGET_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

/** Prints the candidates of `source`; prints nothing at all when anything goes wrong. */
export async function printCandidates(ctx: Context, source: string | undefined, raw: RawGlobalOptions): Promise<void> {
  let names: string[] = [];
  try {
    names = await candidates(ctx, source, raw);
  } catch {
    names = [];
  }
  const lines = candidateLines(names);
  if (lines !== '') ctx.io.stdout.write(lines);
}

/** What the files hold (lookup.ts), with the brands fetched and stored when the cache has none fresh. */
async function candidates(ctx: Context, source: string | undefined, raw: RawGlobalOptions): Promise<string[]> {
  const found = await lookupCandidates({ env: ctx.env, config: () => ctx.config(), now: () => ctx.clock.now(), today: () => ctx.today() }, source, raw);
  return Array.isArray(found) ? found : fetchAndStore(ctx, found);
}

async function fetchAndStore(ctx: Context, { baseUrl, apiKey, path, key, entry, now }: BrandsToFetch): Promise<string[]> {
  let next: CacheEntry;
  try {
    next = { names: await fetchBrandNames(ctx, baseUrl, apiKey), fetched_at: now };
  } catch {
    next = { ...(entry ?? { names: [] }), failed_at: now };
  }
  await saveEntry(ctx.config(), path, key, next, now);
  return next.names;
}

async function fetchBrandNames(ctx: Context, baseUrl: string, apiKey: string): Promise<string[]> {
  // Loaded for a fetch only: most TABs are answered from the cache, before the bundle loads (src/boot/complete.ts).
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
