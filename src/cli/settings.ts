/**
 * Precedence, contract section 2: flag > environment > active profile > default.
 * Each resolved value remembers where it came from, for `vis auth status` and messages.
 */
import { ConfigStore } from '../config/store.js';
import { UsageError } from '../errors.js';
import { checkApiKey } from '../http/key.js';
import { checkBaseUrl } from '../http/url.js';
import type { Env } from '../domain/env.js';
import { FORMATS, type FlagOptions, type Format } from '../flags/rules.js';

export interface Sourced<T> {
  value: T;
  source: string;
}

export interface Settings {
  profile: Sourced<string>;
  baseUrl?: Sourced<string>;
  apiKey?: Sourced<string>;
  brand?: Sourced<string>;
  market?: Sourced<string>;
  format: Sourced<Format>;
}

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

  const formatPick = pick(flags.format, '--format', env, 'VIS_FORMAT', p.format, where);
  let format: Sourced<Format> = { value: 'table', source: 'default' };
  if (formatPick) {
    if (!(FORMATS as readonly string[]).includes(formatPick.value)) {
      throw new UsageError(`${formatPick.source} must be one of ${FORMATS.join(', ')} (got "${formatPick.value}")`);
    }
    format = { value: formatPick.value as Format, source: formatPick.source };
  }

  return {
    profile: { value: profile.name, source: profile.source },
    baseUrl,
    apiKey,
    brand: pick(flags.brand, '--brand', env, 'VIS_BRAND', p.brand, where),
    market: pick(flags.market, '--market', env, 'VIS_MARKET', p.market, where),
    format,
  };
}

/** Shows the last 4 characters only: enough to tell keys apart, useless to anyone else. */
export function maskKey(key: string): string {
  if (key.length <= 8) return '****';
  return `****${key.slice(-4)}`;
}
