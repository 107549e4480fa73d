/**
 * Precedence (docs/guide.md, Global options): flag > environment > active profile > default.
 * Each resolved value remembers where it came from, for `vis auth status` and messages.
 */
import { checkSavedKeyTarget } from '../config/key-binding.js';
import { ConfigStore } from '../config/store.js';
import { UsageError } from '../errors.js';
import { checkApiKey } from '../http/key.js';
import { checkBaseUrl } from '../http/url.js';
import type { Env } from '../domain/env.js';
import { checkFormat, type Format } from '../flags/argv.js';
import type { FlagOptions } from '../flags/rules.js';
import { isTruthy } from '../domain/env.js';
import { maskPgUrl, parsePgUrl } from '../history/pg/url.js';

export interface Sourced<T> {
  value: T;
  source: string;
}

export interface Settings {
  profile: Sourced<string>;
  baseUrl?: Sourced<string>;
  apiKey?: Sourced<string>;
  /** For a key saved in a profile: the one base URL it is sent to (that profile's). */
  keyFor?: string;
  brand?: Sourced<string>;
  market?: Sourced<string>;
  format: Sourced<Format>;
  /** The response cache: --no-cache > VIS_CACHE > the profile's `cache` > on. */
  cache: Sourced<CacheSwitch>;
  /**
   * The profile's `history` setting (off, a file path, a postgres:// URL), where it came
   * from; VIS_HISTORY wins over it (src/history/location.ts).
   */
  history?: Sourced<string>;
}

export type CacheSwitch = 'on' | 'off';

export function pick(
  flag: string | undefined,
  flagName: string,
  env: Env,
  envName: string,
  profileValue: string | undefined,
  profileSource: string,
): Sourced<string> | undefined {
  if (flag !== undefined) return { value: flag, source: flagName };
  const e = env[envName];
  if (e !== undefined && e !== '') return { value: e, source: envName };
  if (profileValue !== undefined && profileValue !== '') return { value: profileValue, source: profileSource };
  return undefined;
}

export function resolveSettings(flags: FlagOptions, env: Env, store: ConfigStore): Settings {
  const profile = store.activeProfileName(flags.profile, env);
  const p = store.profile(profile.name);
  const where = `profile "${profile.name}" (${store.path})`;

  const baseUrl = pick(flags.baseUrl, '--base-url', env, 'VIS_BASE_URL', p.base_url, where);
  if (baseUrl) baseUrl.value = checkBaseUrl(baseUrl.value, baseUrl.source);

  const apiKey = pick(undefined, '', env, 'VIS_API_KEY', p.api_key, where);
  if (apiKey) {
    apiKey.value = apiKey.value.trim();
    checkApiKey(apiKey.value, `the API key from ${apiKey.source}`);
  }
  // A saved key goes only to its profile's base URL; another one needs its own key.
  // --demo sends neither: it talks to its own sandbox with a demo key.
  const demo = flags.demo || isTruthy(env.VIS_DEMO);
  const saved = apiKey?.source === where && !demo ? { profile: profile.name, baseUrl: typeof p.base_url === 'string' ? p.base_url : undefined } : undefined;
  if (saved && baseUrl) checkSavedKeyTarget(saved, baseUrl);

  const format = resolveFormat(flags.format, env, p.format, where);

  return {
    profile: { value: profile.name, source: profile.source },
    baseUrl,
    apiKey,
    ...(saved && baseUrl ? { keyFor: baseUrl.value } : {}),
    // The profile's brand and market belong to its account; the demo account has its own.
    brand: pick(flags.brand, '--brand', env, 'VIS_BRAND', demo ? undefined : p.brand, where),
    market: pick(flags.market, '--market', env, 'VIS_MARKET', demo ? undefined : p.market, where),
    format,
    cache: resolveCacheSwitch(flags.noCache, env, p.cache, where),
    ...(p.history !== undefined && p.history.trim() !== '' ? { history: { value: p.history, source: where } } : {}),
  };
}

const CACHE_WORDS: Record<string, CacheSwitch> = { on: 'on', off: 'off', '1': 'on', '0': 'off', true: 'on', false: 'off', yes: 'on', no: 'off' };

/** `on` or `off` from the words people use for a switch; anything else is a usage error naming where it came from. */
export function checkCacheSwitch(value: string, source: string): CacheSwitch {
  const word = value.trim().toLowerCase();
  // hasOwn: `constructor` is not a switch.
  if (!Object.hasOwn(CACHE_WORDS, word)) throw new UsageError(`${source} must be on or off (got "${value}")`);
  return CACHE_WORDS[word]!;
}

function resolveCacheSwitch(noCache: boolean, env: Env, profileValue: string | undefined, profileSource: string): Sourced<CacheSwitch> {
  const picked = pick(noCache ? 'off' : undefined, '--no-cache', env, 'VIS_CACHE', profileValue, profileSource);
  return picked ? { value: checkCacheSwitch(picked.value, picked.source), source: picked.source } : { value: 'on', source: 'default' };
}

/**
 * The output format: --format > VIS_FORMAT > the profile's > table. The one place the
 * three are merged; the value that wins is checked by the one format rule (checkFormat).
 */
export function resolveFormat(flag: Format | undefined, env: Env, profileValue: string | undefined, profileSource: string): Sourced<Format> {
  const picked = pick(flag, '--format', env, 'VIS_FORMAT', profileValue, profileSource);
  return picked ? { value: checkFormat(picked.value, picked.source), source: picked.source } : { value: 'table', source: 'default' };
}

/**
 * The `history` setting as `vis config set history` takes it: an off-word, an absolute
 * path or `~/…` (the store file), or a postgres:// URL checked by the rules its store
 * connects with (src/history/pg/url.ts; the environment's defaults and the password file, src/history/pg/connect.ts,
 * are looked at when it connects), and holding no password (it was typed on a command
 * line, and would be kept in the config file). A relative path would name another file
 * from every folder the command runs in. A refused value is quoted with any password in it masked.
 */
export async function checkHistorySetting(value: string, source: string): Promise<string> {
  const v = value.trim();
  if (HISTORY_OFF_WORDS.includes(v.toLowerCase())) return 'off';
  if (/^postgres(ql)?:\/\//i.test(v)) {
    // Typed on a command line and saved in the config file: no password.
    await parsePgUrl(v, source, { argument: true });
    return v;
  }
  if ((v.startsWith('/') || v.startsWith('~/')) && !/[\u0000-\u001f\u007f]/.test(v) && !v.endsWith('/')) return v;
  throw new UsageError(`${source} must be off, an absolute path to the history file (or ~/…), or a postgres:// URL (got "${maskPgUrl(value)}")`);
}

const HISTORY_OFF_WORDS = ['off', '0', 'false', 'no', 'none'];

/** Shows the last 4 characters only: enough to tell keys apart, useless to anyone else. */
export function maskKey(key: string): string {
  if (key.length <= 8) return '****';
  return `****${key.slice(-4)}`;
}
