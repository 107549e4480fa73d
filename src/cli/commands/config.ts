/** `vis config get|set|unset|list|path`: the saved profiles. Keys are set with `vis auth login`. */
import { checkProfileName, PROFILE_SETTINGS, type ProfileSetting } from '../../config/store.js';
import { UsageError } from '../../errors.js';
import { checkBaseUrl } from '../../http/url.js';
import type { Context } from '../context.js';
import { FORMATS, type RawGlobalOptions } from '../../flags/rules.js';
import { maskKey } from '../settings.js';

type Verb = 'get' | 'set' | 'unset' | 'list' | 'path';

const KEY_NAMES = ['api_key', 'api-key', 'key', 'apikey'];

function settingName(raw: string): ProfileSetting | 'profile' | 'api_key' {
  const k = raw.trim().toLowerCase().replace(/-/g, '_');
  if (k === 'profile') return 'profile';
  if (KEY_NAMES.includes(raw.trim().toLowerCase()) || k === 'api_key') return 'api_key';
  if ((PROFILE_SETTINGS as readonly string[]).includes(k)) return k as ProfileSetting;
  throw new UsageError(`unknown setting "${raw}": use one of profile, ${PROFILE_SETTINGS.join(', ')}`);
}

function checkValue(name: ProfileSetting, value: string): string {
  switch (name) {
    case 'base_url':
      return checkBaseUrl(value, 'base_url');
    case 'format':
      if (!(FORMATS as readonly string[]).includes(value)) throw new UsageError(`format must be one of ${FORMATS.join(', ')} (got "${value}")`);
      return value;
    default:
      if (value.trim() === '') throw new UsageError(`${name} must not be empty`);
      return value.trim();
  }
}

export async function configCommand(ctx: Context, verb: Verb, args: string[], raw: RawGlobalOptions): Promise<void> {
  const store = ctx.config();
  const out = (s: string) => void ctx.io.stdout.write(`${s}\n`);
  if (verb === 'path') return out(store.path);

  const profile = store.activeProfileName(raw.profile, ctx.env).name;
  if (verb === 'list') {
    const data = store.read();
    const names = Object.keys(data.profiles ?? {});
    if (names.length === 0) {
      ctx.io.stderr.write(`No profiles saved yet (${store.path}). Start with: vis auth login --base-url URL\n`);
      return;
    }
    for (const name of names) {
      out(`[${name}]${name === profile ? ' (active)' : ''}`);
      const p = store.profile(name);
      for (const [k, v] of Object.entries(p)) out(`  ${k} = ${k === 'api_key' ? maskKey(String(v)) : String(v)}`);
    }
    return;
  }

  const name = settingName(args[0] ?? '');
  if (verb === 'get') {
    if (name === 'profile') return out(profile);
    const v = store.profile(profile)[name];
    if (v !== undefined) out(name === 'api_key' ? maskKey(v) : v);
    return;
  }
  if (name === 'api_key') {
    if (verb === 'set') throw new UsageError('keys do not belong on the command line: run `vis auth login` (hidden prompt, or a key piped on stdin)');
    throw new UsageError('remove a saved key with `vis auth logout`');
  }
  if (verb === 'set') {
    const value = args[1] ?? '';
    if (name === 'profile') {
      const p = checkProfileName(value, 'profile');
      await store.update((d) => void (d.profile = p));
      ctx.io.stderr.write(`Active profile is now "${p}".\n`);
      return;
    }
    const checked = checkValue(name, value);
    await store.update((d) => {
      d.profiles ??= {};
      d.profiles[profile] = { ...d.profiles[profile], [name]: checked };
    });
    return;
  }
  // unset
  if (name === 'profile') {
    await store.update((d) => void delete d.profile);
    return;
  }
  await store.update((d) => {
    const p = d.profiles?.[profile];
    if (p) delete p[name];
  });
}
