/** `vis config get|set|unset|list|path`, run after parse.ts checked the options. */
import type { Context } from '../../../services/context.js';
import { maskKey } from '../../../services/settings.js';
import { maskPgUrl } from '../../../history/pg/url.js';
import type { ConfigOptions } from './parse.js';
import { checkBaseUrlChange } from '../../../config/key-binding.js';
import { checkWebhookUrl, maskWebhook } from '../../../services/notify.js';
import { readSecret } from '../../../terminal/secret-input.js';
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
        for (const [k, v] of Object.entries(p)) out(`  ${k} = ${shown(k, String(v))}`);
      }
      return;
    }
    case 'config get': {
      const { name, profile } = options;
      if (name === 'profile') return out(profile);
      const v = store.profile(profile)[name];
      if (v !== undefined) out(shown(name, v));
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
        if (name === 'base_url' && saved?.api_key !== undefined) checkBaseUrlChange(profile, saved.base_url, value);
        d.profiles[profile] = { ...saved, [name]: value };
      });
      return;
    }
    case 'config set notify': {
      const { profile } = options;
      // A folder vis cannot write is refused before the URL is typed.
      store.ensureDir();
      const typed = await readSecret(ctx.io, { prompt: 'Webhook URL (input hidden): ', what: 'the webhook URL' });
      if (typed === '') throw new UsageError('no webhook URL given: paste it at the prompt, or pipe it in (vis config set notify < webhook.txt)');
      const url = checkWebhookUrl(typed, 'the webhook URL');
      await store.update((d) => {
        d.profiles ??= {};
        d.profiles[profile] = { ...d.profiles[profile], notify: url };
      });
      ctx.io.stderr.write(`Saved the webhook ${maskWebhook(url)} to profile "${profile}" in ${store.path}\n`);
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

/** A saved value as printed: the key as its last 4 characters, a history URL with its password as `***`. */
function shown(name: string, value: string): string {
  if (name === 'api_key') return maskKey(value);
  if (name === 'notify') return maskWebhook(value);
  return name === 'history' && /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? maskPgUrl(value) : value;
}
