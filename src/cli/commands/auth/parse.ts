/** `vis auth login|status|logout`: argv, environment and profile to checked options. Opens nothing. */
import { UsageError } from '../../../errors.js';
import { selectProxy } from '../../../http/proxy.js';
import { checkBaseUrl } from '../../../http/url.js';
import type { Context } from '../../../services/context.js';
import type { ParsedOptions } from '../../declare.js';
import { maxBodyBytes, parseSessionOptions, type SessionOptions } from '../../../services/session.js';
import { pick } from '../../../services/settings.js';
import { parseFlags, type RawGlobalOptions } from '../../../flags/rules.js';

export interface AuthLoginOptions extends ParsedOptions {
  command: 'auth login';
  profile: string;
  baseUrl: string;
  timeoutMs: number;
  maxBodyBytes: number;
}

export interface AuthStatusOptions extends ParsedOptions {
  command: 'auth status';
  session: SessionOptions;
}

export interface AuthLogoutOptions extends ParsedOptions {
  command: 'auth logout';
  profile: string;
}

export type AuthVerb = 'login' | 'status' | 'logout';
export type AuthOptions = AuthLoginOptions | AuthStatusOptions | AuthLogoutOptions;

const PARSERS: Readonly<Record<AuthVerb, (ctx: Context, raw: RawGlobalOptions) => AuthOptions>> = {
  login: parseAuthLogin,
  status: parseAuthStatus,
  logout: parseAuthLogout,
};

export function parseAuthOptions(ctx: Context, verb: AuthVerb, raw: RawGlobalOptions): AuthOptions {
  return PARSERS[verb](ctx, raw);
}

export function parseAuthLogin(ctx: Context, raw: RawGlobalOptions): AuthLoginOptions {
  const flags = parseFlags(raw, ctx.today());
  // A global every command accepts, but here it would check and save a key for the
  // sandbox, which takes none: refused rather than ignored (VIS_DEMO is not a flag typed here).
  if (flags.demo) {
    throw new UsageError('--demo does not apply to vis auth login: the sandbox needs no login (vis --demo <command> works without a key)', {
      hint: 'Run `vis auth login --help` for the options it takes.',
    });
  }
  const store = ctx.config();
  // Logging in is how a profile is made: --profile NEW creates NEW.
  const profile = store.activeProfileName(flags.profile, ctx.env, true).name;
  const saved = store.profile(profile);
  const base = pick(flags.baseUrl, '--base-url', ctx.env, 'VIS_BASE_URL', saved.base_url, `profile "${profile}"`);
  if (!base) {
    throw new UsageError('the API base URL is required by vis auth login: pass --base-url https://…/api/v1 (or set VIS_BASE_URL)');
  }
  const baseUrl = checkBaseUrl(base.value, base.source);
  selectProxy(ctx.env, baseUrl); // a bad proxy variable is refused before the key is asked for
  return { command: 'auth login', profile, baseUrl, timeoutMs: flags.timeoutMs, maxBodyBytes: maxBodyBytes(ctx.env) };
}

export function parseAuthStatus(ctx: Context, raw: RawGlobalOptions): AuthStatusOptions {
  return { command: 'auth status', session: parseSessionOptions(ctx, parseFlags(raw, ctx.today())) };
}

export function parseAuthLogout(ctx: Context, raw: RawGlobalOptions): AuthLogoutOptions {
  const flags = parseFlags(raw, ctx.today());
  return { command: 'auth logout', profile: ctx.config().activeProfileName(flags.profile, ctx.env).name };
}
