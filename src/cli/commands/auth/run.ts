/**
 * `vis auth login|status|logout`, run after parse.ts checked the options. The key never
 * comes from argv: a hidden prompt on a TTY, or stdin when piped. It is checked with the
 * free GET /usage before it is saved.
 */
import { endpointById } from '../../../endpoints.js';
import { AuthError, UsageError, VisError } from '../../../errors.js';
import { ApiClient } from '../../../http/client.js';
import { checkApiKey } from '../../../http/key.js';
import { printable } from '../../../http/redact.js';
import type { Context } from '../../../services/context.js';
import { contextClientOptions, openSession } from '../../../services/session.js';
import type { IO } from '../../../terminal/io.js';
import { readSecret } from '../../../terminal/secret-input.js';
import { wrapAtSpaces } from '../../../text/wrap-message.js';
import { accountFromUsage, budgetFromUsage, listBrands } from '../../../api/account.js';
import { maskKey, type Settings } from '../../../services/settings.js';
import type { AuthLoginOptions, AuthLogoutOptions, AuthOptions, AuthStatusOptions } from './parse.js';

export async function runAuth(options: AuthOptions, ctx: Context): Promise<void> {
  switch (options.command) {
    case 'auth login':
      return runAuthLogin(options, ctx);
    case 'auth status':
      return runAuthStatus(options, ctx);
    case 'auth logout':
      return runAuthLogout(options, ctx);
  }
}

async function runAuthLogin(options: AuthLoginOptions, ctx: Context): Promise<void> {
  const { profile, baseUrl } = options;
  const store = ctx.config();
  // A folder vis cannot write is refused now, not after the key was typed and checked.
  store.ensureDir();
  const key = await readSecret(ctx.io, { prompt: 'API key (input hidden): ', what: 'the API key' });
  if (key === '') throw new UsageError('no API key given: paste it at the prompt, or pipe it in (vis auth login < key.txt)');
  checkApiKey(key, 'the API key given');

  const client = new ApiClient({
    baseUrl,
    apiKey: key,
    timeoutMs: options.timeoutMs,
    maxBodyBytes: options.maxBodyBytes,
    ...contextClientOptions(ctx),
  });
  try {
    await client.send({ method: 'GET', path: endpointById('usage').path });
  } catch (err) {
    if (err instanceof AuthError) err.hint = 'The key was not saved. Check that it is the whole key, for this base URL.';
    throw err;
  } finally {
    await client.close();
  }
  await store.update((data) => {
    data.profiles ??= {};
    data.profiles[profile] = { ...data.profiles[profile], base_url: baseUrl, api_key: key };
    data.profile ??= profile;
  });
  ctx.io.stderr.write(`Logged in: key ${maskKey(key)} saved to profile "${profile}" in ${store.path}\n`);
  if (ctx.env.VIS_API_KEY) {
    ctx.io.stderr.write('Note: VIS_API_KEY is set in this environment and takes precedence over the saved key.\n');
  }
}

async function runAuthStatus(options: AuthStatusOptions, ctx: Context): Promise<void> {
  const session = await openSession(ctx, options.session);
  const s = session.settings;
  const config = ctx.config().path;
  const out: string[] = [];
  try {
    // GET /usage checks the key; GET /brands names what it opens. Both are free.
    const [usage, brands] = await Promise.allSettled([session.client.send({ method: 'GET', path: endpointById('usage').path }), listBrands(session.client)]);
    if (usage.status === 'fulfilled') {
      const account = accountFromUsage(usage.value.envelope.data);
      const budget = budgetFromUsage(usage.value.envelope.data);
      const who = [account.name, account.plan === undefined ? undefined : `${account.plan} plan`].filter((x) => x !== undefined);
      if (who.length > 0) out.push(`Account:  ${printable(who.join(', '))}`);
      out.push(`Brands:   ${brands.status === 'fulfilled' ? brandsLine(brands.value) : `could not list them: ${printable(errorText(brands.reason))}`}`);
      const reads = readsLine(budget.left, budget.resetsAt);
      if (reads) out.push(`Reads:    ${reads}`);
    }
    out.push(...connectionLines(s, config, options.session.demo));
    if (usage.status === 'rejected') {
      const err = usage.reason as unknown;
      if (err instanceof VisError) out.push(`Check:    ${err instanceof AuthError ? 'key REJECTED' : 'could not check'}: ${printable(err.message)}`);
      if (err instanceof VisError) ctx.io.stdout.write(fieldLines(out, ctx.io));
      throw err;
    }
    ctx.io.stdout.write(fieldLines(out, ctx.io));
  } finally {
    await session.close();
  }
}

const LABEL_WIDTH = 'Base URL: '.length;

/**
 * The `Label:   value` lines, on a terminal wrapped at spaces under the value column, so a
 * narrow terminal does not fold a line back to column 0. A word wider than the room (a
 * URL, a path) stays whole for the terminal to fold: it is what people copy.
 */
export function fieldLines(lines: readonly string[], io: Pick<IO, 'stdoutIsTTY' | 'columns'>): string {
  const room = io.columns - LABEL_WIDTH;
  const fit = (line: string) =>
    !io.stdoutIsTTY || room < 10
      ? line
      : wrapAtSpaces(line.slice(LABEL_WIDTH), room)
          .replaceAll('\n', `\n${' '.repeat(LABEL_WIDTH)}`)
          .replace(/^/, line.slice(0, LABEL_WIDTH));
  return `${lines.map(fit).join('\n')}\n`;
}

/** Where the connection comes from: the profile named once, the config file's path once. */
function connectionLines(s: Settings, config: string, demo: boolean): string[] {
  const fromProfile = (source: string) => source.startsWith('profile "');
  const from = (source: string) => (fromProfile(source) ? 'the profile' : source);
  const out: string[] = [];
  // The profile is named only when something comes from it, or something chose it: with
  // everything from the environment, `Profile: default` would say nothing true.
  const chosen = s.profile.source !== 'default';
  const usesProfile = [s.baseUrl, s.apiKey, s.brand, s.market, s.format].some((v) => v !== undefined && fromProfile(v.source));
  if (chosen || usesProfile)
    out.push(`Profile:  ${s.profile.value}${chosen ? ` (${s.profile.source === config ? 'chosen in the config file' : `from ${s.profile.source}`})` : ''}`);
  if (usesProfile) out.push(`Config:   ${config}`);
  out.push(`Base URL: ${s.baseUrl!.value} (from ${from(s.baseUrl!.source)})`, `Key:      ${maskKey(s.apiKey!.value)} (from ${from(s.apiKey!.source)})`);
  out.push(`Key for:  ${keyFor(s, demo)}`);
  return out;
}

const BRANDS_SHOWN = 5;

/** `3: Bluepeak Outdoor (201), …`: the first few, then how many more and where they are. */
function brandsLine(brands: ReadonlyArray<{ id: number | string; name: string }>): string {
  if (brands.length === 0) return 'none';
  const named = brands.slice(0, BRANDS_SHOWN).map((b) => `${printable(b.name)} (${printable(String(b.id))})`);
  const more = brands.length > BRANDS_SHOWN ? `, and ${brands.length - BRANDS_SHOWN} more (vis brands)` : '';
  return `${brands.length}: ${named.join(', ')}${more}`;
}

/** `18,123 left this month, until 2026-12-01 00:00 UTC`; undefined when /usage says neither. */
function readsLine(left: number | undefined, resetsAt: string | undefined): string | undefined {
  const until = resetsAt === undefined ? undefined : readableTime(resetsAt);
  if (left === undefined) return until === undefined ? undefined : `the budget resets ${until}`;
  return `${left.toLocaleString('en-US')} left this month${until === undefined ? '' : `, until ${until}`}`;
}

/** A date stays a date; a time the API wrote in ISO form reads as `2026-12-01 00:00 UTC`; anything else as written. */
function readableTime(raw: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) return raw;
  const t = /^\d{4}-\d{2}-\d{2}T/.test(raw) ? Date.parse(raw) : Number.NaN;
  return Number.isNaN(t) ? printable(raw) : `${new Date(t).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function errorText(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

/** Where the key in use may go: a saved key only to its profile's base URL. */
function keyFor(s: Settings, demo: boolean): string {
  if (demo) return 'the built-in sandbox of this run (--demo)';
  if (s.keyFor !== undefined) return `${s.keyFor} only (a saved key goes only to its profile's base URL)`;
  return 'any base URL (VIS_API_KEY goes wherever the base URL points)';
}

async function runAuthLogout(options: AuthLogoutOptions, ctx: Context): Promise<void> {
  const { profile } = options;
  const store = ctx.config();
  if (!store.profile(profile).api_key) {
    ctx.io.stderr.write(`No key is saved for profile "${profile}"; nothing to do.\n`);
  } else {
    await store.update((data) => {
      const p = data.profiles?.[profile];
      if (p) delete p.api_key;
    });
    ctx.io.stderr.write(`Removed the key of profile "${profile}" from ${store.path}\n`);
  }
  if (ctx.env.VIS_API_KEY) ctx.io.stderr.write('Note: VIS_API_KEY is still set in this environment, and vis will use it.\n');
}
