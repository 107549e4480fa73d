/**
 * `vis config get|set|unset|list|path`: the setting's name and new value checked, and the
 * active profile chosen, before the config file is written. Keys are set with `vis auth login`.
 */
import { checkProfileName, PROFILE_SETTINGS, type ProfileSetting } from '../../../config/store.js';
import { UsageError } from '../../../errors.js';
import { checkBaseUrl } from '../../../http/url.js';
import type { Context } from '../../../services/context.js';
import { checkCacheSwitch, checkHistorySetting } from '../../../services/settings.js';
import { checkNotifyFormat } from '../../../services/notify.js';
import type { ParsedOptions } from '../../declare.js';
import { checkFormat } from '../../../flags/rules.js';
import type { RawGlobalOptions } from '../../../flags/argv.js';

export type ConfigVerb = 'get' | 'set' | 'unset' | 'list' | 'path';

/** What `get` may read; `set` and `unset` refuse api_key with the command to use instead. */
export type ConfigSetting = ProfileSetting | 'profile' | 'api_key';

export type ConfigOptions = ParsedOptions &
  (
    | { command: 'config path' }
    | { command: 'config list'; profile: string }
    | { command: 'config get'; profile: string; name: ConfigSetting }
    | { command: 'config set'; profile: string; name: Exclude<ProfileSetting, 'notify'> | 'profile'; value: string }
    | { command: 'config set notify'; profile: string }
    | { command: 'config unset'; profile: string; name: ProfileSetting | 'profile' }
  );

const KEY_NAMES = ['api_key', 'api-key', 'key', 'apikey'];

function settingName(raw: string): ConfigSetting {
  const k = raw.trim().toLowerCase().replace(/-/g, '_');
  if (k === 'profile') return 'profile';
  if (KEY_NAMES.includes(raw.trim().toLowerCase()) || k === 'api_key') return 'api_key';
  if ((PROFILE_SETTINGS as readonly string[]).includes(k)) return k as ProfileSetting;
  throw new UsageError(`unknown setting "${raw}": use one of profile, ${PROFILE_SETTINGS.join(', ')}`);
}

async function checkValue(name: ProfileSetting, value: string): Promise<string> {
  switch (name) {
    case 'base_url':
      return checkBaseUrl(value, 'base_url');
    case 'format':
      return checkFormat(value, 'format');
    case 'cache':
      return checkCacheSwitch(value, 'cache');
    case 'history':
      return checkHistorySetting(value, 'history');
    case 'notify_format':
      return checkNotifyFormat(value, 'notify_format');
    default:
      if (value.trim() === '') throw new UsageError(`${name} must not be empty`);
      return value.trim();
  }
}

export async function parseConfigOptions(ctx: Context, verb: ConfigVerb, args: readonly string[], raw: RawGlobalOptions): Promise<ConfigOptions> {
  if (verb === 'path') return { command: 'config path' };
  const store = ctx.config();
  if (verb === 'list') return { command: 'config list', profile: store.activeProfileName(raw.profile, ctx.env).name };

  const name = settingName(args[0] ?? '');
  // Setting a value may create the profile (how one is set up before its key); switching
  // or resetting the active profile must work even when the saved one is gone.
  const create = (verb === 'set' || verb === 'unset') && name === 'profile' ? true : verb === 'set';
  const profile = store.activeProfileName(raw.profile, ctx.env, create).name;
  if (verb === 'get') return { command: 'config get', profile, name };
  if (name === 'api_key') {
    if (verb === 'set') throw new UsageError('keys do not belong on the command line: run `vis auth login` (hidden prompt, or a key piped on stdin)');
    throw new UsageError('remove a saved key with `vis auth logout`');
  }
  if (verb === 'unset') return { command: 'config unset', profile, name };
  const value = args[1];
  if (name === 'notify') {
    // Not quoted: the value is the secret.
    if (value !== undefined) {
      throw new UsageError('a webhook URL does not belong on the command line (ps and the shell history show it): pipe it in or type it at the prompt', {
        hint: 'vis config set notify < webhook.txt   (or run `vis config set notify` and paste it; the input is hidden)',
      });
    }
    return { command: 'config set notify', profile };
  }
  if (value === undefined) throw new UsageError('<value> is required by vis config set', { hint: 'Run vis config set --help for its usage.' });
  if (name !== 'profile') return { command: 'config set', profile, name, value: await checkValue(name, value) };
  const next = checkProfileName(value, 'profile');
  if (!store.hasProfile(next)) {
    throw new UsageError(`config set profile: no profile "${next}" (profiles: ${store.profileNames().join(', ')})`, {
      hint: `Create it first: vis auth login --profile ${next} --base-url URL (or vis config set base_url URL --profile ${next})`,
    });
  }
  return { command: 'config set', profile, name, value: next };
}
