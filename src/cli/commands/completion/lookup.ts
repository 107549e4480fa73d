/**
 * `vis __complete <source>` from files alone: the profile names of the config file, the
 * brand names the completion cache holds for the account, the engines of its cached
 * answers. Shared by the command (candidates.ts), which fetches and stores the brands when
 * the cache has none fresh, and by the entry that answers a TAB without the program
 * (src/boot/complete.ts), which then leaves the line to the program.
 * Must never send a request nor write a file: when the brands must be fetched, it says so.
 */
import { join } from 'node:path';
import { checkProfileName, type ConfigStore } from '../../../config/store.js';
import type { Today } from '../../../domain/dates.js';
import { isTruthy, type Env } from '../../../domain/env.js';
import { parseFlags, type RawGlobalOptions } from '../../../flags/rules.js';
import { resolveSettings } from '../../../services/settings.js';
import type { DynamicSource } from '../../../completion/shells.js';
import { readRegularFile } from '../../../fs/safe-file.js';
import { sha256Hex } from '../../../domain/sha256.js';

export const CACHE_FILE = 'completion-cache.json';
export const BRANDS_TTL_MS = 24 * 60 * 60 * 1000;
export const RETRY_AFTER_FAILURE_MS = 5 * 60 * 1000;
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

/** What a lookup reads: the command's context, or what the entry makes of the environment. */
export interface LookupContext {
  env: Env;
  config(): ConfigStore;
  now(): number;
  today(): string | Today;
}

/** The brands must be fetched: the account, its cache file and key there, its entry (if any), and the lookup's time. */
export interface BrandsToFetch {
  baseUrl: string;
  apiKey: string;
  path: string;
  key: string;
  entry: CacheEntry | undefined;
  now: number;
}

const emptyCache = (): CacheData => ({ version: 1, brands: {} });

/** The candidates of `source` the files hold, or the account whose brands must be fetched first. Throws on a broken config. */
export async function lookupCandidates(ctx: LookupContext, source: string | undefined, raw: RawGlobalOptions): Promise<string[] | BrandsToFetch> {
  switch (source as DynamicSource | undefined) {
    case 'profiles':
      return profileNames(ctx.config());
    case 'brands':
      return cachedBrandNames(ctx, raw);
    case 'engines':
      return await seenEngines(ctx, raw);
    default:
      return [];
  }
}

/** What the command prints for `names`: the shell-safe ones, one a line; nothing at all when none is. */
export function candidateLines(names: readonly string[]): string {
  const shown = names.filter(isShellSafe);
  return shown.length > 0 ? `${shown.join('\n')}\n` : '';
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

/** The account's settings as the command resolves them; undefined without a base URL or a key. */
function account(ctx: LookupContext, raw: RawGlobalOptions): { baseUrl: string; apiKey: string } | undefined {
  const settings = resolveSettings(parseFlags({ profile: raw.profile, baseUrl: raw.baseUrl }, ctx.today()), ctx.env, ctx.config());
  if (!settings.baseUrl || !settings.apiKey) return undefined;
  return { baseUrl: settings.baseUrl.value, apiKey: settings.apiKey.value };
}

function cachedBrandNames(ctx: LookupContext, raw: RawGlobalOptions): string[] | BrandsToFetch {
  // Under --demo every command talks to the built-in sandbox, so an account's brands would mislead.
  if (raw.demo || isTruthy(ctx.env.VIS_DEMO)) return [];
  const store = ctx.config();
  const found = account(ctx, raw);
  if (found === undefined) return [];
  const path = join(store.dir, CACHE_FILE);
  const cache = readCache(path);
  const key = accountKey(found.baseUrl, found.apiKey);
  const entry = cache.brands[key];
  const now = ctx.now();
  if (lookupStep(entry, now) === 'cached') return entry!.names;
  return { ...found, path, key, entry, now };
}

/** The engines the account's cached answers name (seen.ts); none under --demo, whose sandbox is new each run. */
async function seenEngines(ctx: LookupContext, raw: RawGlobalOptions): Promise<string[]> {
  if (raw.demo || isTruthy(ctx.env.VIS_DEMO)) return [];
  const found = account(ctx, raw);
  if (found === undefined) return [];
  // Loaded for this source only: the response cache's keys load node:crypto, which a TAB
  // after --brand or --profile never needs.
  const { seenEngines: seen } = await import('./seen.js');
  return seen(ctx.env, found.baseUrl, found.apiKey);
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
