/**
 * `vis changes`: the flags checked into ChangesOptions before anything is opened (exit 2,
 * no read spent): --since (a date or Nd), --threshold (points, 0 to 100), the scope
 * flags, the output options, and which history: the API is the base URL (or `demo`), so
 * without --fetch neither a key nor a request is needed.
 */
import { UsageError } from '../../../errors.js';
import { optionValues } from '../../../flags/argv.js';
import { dayFlag } from '../../../flags/days-back.js';
import { parseFlags, type FlagOptions, type Format, type RawGlobalOptions } from '../../../flags/rules.js';
import type { Context } from '../../../services/context.js';
import { parseSessionOptions, type SessionOptions } from '../../../services/session.js';
import { resolveSettings, type Settings } from '../../../services/settings.js';
import { isTruthy } from '../../../domain/env.js';
import { DEFAULT_THRESHOLD } from '../../../history/changes/compare.js';
import { checkOutputOptions } from '../../../terminal/render.js';
import { notifyTarget, type NotifyTarget } from '../../../services/notify.js';
import type { ParsedOptions } from '../../declare.js';

export interface ChangesOptions extends ParsedOptions {
  command: 'changes';
  flags: FlagOptions;
  format: Format;
  /** The history's API: the base URL without a trailing slash, or `demo`. */
  api: string;
  /** --brand values as typed (each may name several, A,B); 'all' for --all-brands; undefined: the default. */
  brands: string[] | 'all' | undefined;
  markets: string[] | 'all' | undefined;
  settings: Pick<Settings, 'brand' | 'market'>;
  /** `YYYY-MM-DD`; the day --since named (Nd: N days before the API's today). */
  since: string | undefined;
  /** --since as typed, for the JSON's meta. */
  sinceAsked: string | undefined;
  threshold: number;
  exitCode: boolean;
  /** --fetch (or --refresh): the session that reads today's answers first. */
  fetch: SessionOptions | undefined;
  /** --notify: the webhook and its format, checked before anything is read; `always` with --notify-always. */
  notify: (NotifyTarget & { always: boolean }) | undefined;
}

interface RawChangesOptions extends RawGlobalOptions {
  allBrands?: boolean;
  allMarkets?: boolean;
  since?: string;
  threshold?: string;
  exitCode?: boolean;
  fetch?: boolean;
  notify?: boolean;
  notifyAlways?: boolean;
}

/** --since: a date, or `Nd`, the day N days before the API's today, as every history command reads it. */
export function parseSince(value: string, today: string): string {
  return dayFlag('--since', value, today, true);
}

/** --threshold: points from 0 to 100, decimals allowed. */
export function parseThreshold(value: string | undefined): number {
  if (value === undefined) return DEFAULT_THRESHOLD;
  const t = value.trim();
  const n = /^\+?(?:\d+(?:\.\d*)?|\.\d+)$/.test(t) ? Number(t) : Number.NaN;
  if (!(n >= 0 && n <= 100)) throw new UsageError(`--threshold must be a number of points from 0 to 100, such as 5 or 2.5 (got "${value}")`);
  return n;
}

export function parseChangesOptions(ctx: Context, raw: RawChangesOptions): ChangesOptions {
  const brands = optionValues(raw.brand, false);
  const markets = optionValues(raw.market, true);
  if (raw.allBrands === true && brands !== undefined)
    throw new UsageError('--brand and --all-brands cannot be used together: --all-brands compares every brand');
  if (raw.allMarkets === true && markets !== undefined)
    throw new UsageError('--market and --all-markets cannot be used together: --all-markets compares every market');
  const since = raw.since === undefined ? undefined : parseSince(raw.since, ctx.today().api);
  const threshold = parseThreshold(raw.threshold);
  const rest: RawGlobalOptions = { ...raw, brand: brands?.[0], market: markets?.[0] };
  for (const k of ['allBrands', 'allMarkets', 'since', 'threshold', 'exitCode', 'fetch', 'notify', 'notifyAlways'] as const)
    delete (rest as Record<string, unknown>)[k];
  if (rest.brand === undefined) delete rest.brand;
  if (rest.market === undefined) delete rest.market;
  const flags = parseFlags(rest, ctx.today());
  // --refresh reads again from the API: with nothing to read it would mean nothing, so it reads (--fetch) too.
  const fetch = raw.fetch === true || flags.refresh;
  const demo = flags.demo || isTruthy(ctx.env.VIS_DEMO);
  // The scope flags pick what is compared, not the configured defaults' source: resolveSettings reads the rest.
  const settings = resolveSettings({ ...flags, brand: undefined, market: undefined }, ctx.env, ctx.config());
  const session = fetch ? parseSessionOptions(ctx, { ...flags, brand: undefined, market: undefined }) : undefined;
  let api = 'demo';
  if (!demo) {
    if (!settings.baseUrl) {
      throw new UsageError('no API base URL: vis changes reads the history of the API it names; pass --base-url or set VIS_BASE_URL', {
        hint: 'To try vis without an account: vis --demo changes --fetch',
      });
    }
    api = settings.baseUrl.value.replace(/\/+$/, '');
  }
  const format = settings.format.value;
  checkOutputOptions(format, flags, ctx);
  // --notify-always is --notify that posts when nothing changed too; with --demo only to this machine.
  const notify =
    raw.notify === true || raw.notifyAlways === true
      ? {
          ...notifyTarget(ctx.env, ctx.config().profile(ctx.config().activeProfileName(flags.profile, ctx.env).name), demo),
          always: raw.notifyAlways === true,
        }
      : undefined;
  return {
    command: 'changes',
    flags,
    format,
    api,
    brands: raw.allBrands === true ? 'all' : brands,
    markets: raw.allMarkets === true ? 'all' : markets,
    settings: { brand: settings.brand, market: settings.market },
    since,
    sinceAsked: raw.since,
    threshold,
    exitCode: raw.exitCode === true,
    fetch: session,
    notify,
  };
}
