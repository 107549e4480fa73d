/** `vis config get|set|unset|list|path`, run after parse.ts checked the options. */
import type { Context } from '../../../services/context.js';
import { maskKey } from '../../../services/settings.js';
import type { ConfigOptions } from './parse.js';
import { comparableBaseUrl, sameBaseUrl } from '../../../config/key-binding.js';
import { UsageError } from '../../../errors.js';

export async function runConfig(options: ConfigOptions, ctx: Context): Promise<void> {
  const store = ctx.config();
  const out = (s: string) => void ctx.io.stdout.write(`${s}\n`);
  switch (options.command) {
    case 'config path':
      return out(store.path);
    case 'config list': {
      const data = store.read();
      const names = Object.keys(data.profiles ?? {});
      if (names.length === 0) {
        ctx.io.stderr.write(`No profiles saved yet (${store.path}). Start with: vis auth login --base-url URL\n`);
        return;
      }
      for (const name of names) {
        out(`[${name}]${name === options.profile ? ' (active)' : ''}`);
        const p = store.profile(name);
        for (const [k, v] of Object.entries(p)) out(`  ${k} = ${k === 'api_key' ? maskKey(String(v)) : String(v)}`);
      }
      return;
    }
    case 'config get': {
      const { name, profile } = options;
      if (name === 'profile') return out(profile);
      const v = store.profile(profile)[name];
      if (v !== undefined) out(name === 'api_key' ? maskKey(v) : v);
      return;
    }
    case 'config set': {
      const { name, profile, value } = options;
      if (name === 'profile') {
        await store.update((d) => void (d.profile = value));
        ctx.io.stderr.write(`Active profile is now "${value}".\n`);
        return;
      }
      await store.update((d) => {
        d.profiles ??= {};
        const saved = d.profiles[profile];
        if (name === 'base_url' && saved?.api_key !== undefined) refuseKeyMove(profile, saved.base_url, value);
        d.profiles[profile] = { ...saved, [name]: value };
      });
      return;
    }
    case 'config unset': {
      const { name, profile } = options;
      if (name === 'profile') return void (await store.update((d) => void delete d.profile));
      await store.update((d) => {
        const p = d.profiles?.[profile];
        if (p) delete p[name];
      });
    }
  }
}

/**
 * A saved key belongs to the base URL it was checked at (src/config/key-binding.ts):
 * moving the profile's base URL elsewhere would carry the key to the new server. Another
 * spelling of the same address is fine, and so is a first base URL for a key saved
 * without one; anything else needs the key logged out first.
 */
function refuseKeyMove(profile: string, savedUrl: string | undefined, value: string): void {
  // A key saved without a base URL goes nowhere until one is saved with it: that is how it gets one.
  if (savedUrl === undefined || savedUrl === '' || sameBaseUrl(savedUrl, value)) return;
  const from = comparableBaseUrl(savedUrl) ?? 'another base URL';
  throw new UsageError(
    `base_url of profile "${profile}" stays ${from}: its saved API key was checked there, and vis does not move a key to ${comparableBaseUrl(value) ?? value}`,
    {
      hint: `For the other server, use a profile of its own: vis auth login --profile NAME --base-url ${comparableBaseUrl(value) ?? value}. To move this profile, log out first: vis auth logout --profile ${profile}.`,
    },
  );
}
