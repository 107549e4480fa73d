/**
 * `vis cache status|clear`: where the cache is, whether it is on for the active profile
 * (and why not), and which account folder the active settings use. Opens nothing.
 */
import { accountId } from '../../../cache/keys.js';
import { cacheRoot } from '../../../cache/store.js';
import { UsageError } from '../../../errors.js';
import type { RawGlobalOptions } from '../../../flags/argv.js';
import { parseFlags } from '../../../flags/rules.js';
import type { Context } from '../../../services/context.js';
import type { ParsedOptions } from '../../declare.js';
import { resolveSettings, type CacheSwitch, type Sourced } from '../../../services/settings.js';

export type CacheVerb = 'status' | 'clear';

export interface CacheOptions extends ParsedOptions {
  command: 'cache status' | 'cache clear';
  root: string;
  /** on/off for the active profile, and where that came from. */
  switch: Sourced<CacheSwitch>;
  /** The account folder of the active base URL and key, when both are set. */
  current: string | undefined;
}

export function parseCacheOptions(ctx: Context, verb: CacheVerb, raw: RawGlobalOptions): CacheOptions {
  const root = cacheRoot(ctx.env);
  if (root === undefined) throw new UsageError('no cache folder: set XDG_CACHE_HOME or HOME (or VIS_CONFIG_DIR)');
  const settings = resolveSettings(parseFlags(raw, ctx.today()), ctx.env, ctx.config());
  const current = settings.baseUrl && settings.apiKey ? accountId(settings.baseUrl.value, settings.apiKey.value) : undefined;
  return { command: `cache ${verb}`, root, switch: settings.cache, current };
}
