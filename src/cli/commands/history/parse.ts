/**
 * The parse step of `vis history <data command>`, `vis history check` and `vis history
 * prune`. A data command's flags are checked by the data command's own rules
 * (prepareRequest), so `vis history topics --days 30 --market GB-en` names the query
 * `vis topics --days 30 --market GB-en` sends; then the recorded query, the API it was
 * read from (the base URL, or `demo`), the brand and market as given or configured, and
 * the days. Needs no key and opens nothing: the history is read without a request, but
 * for the account's brands when the records alone cannot tell which brand or market.
 */
import { UsageError } from '../../../errors.js';
import type { EndpointSpec } from '../../../endpoints.js';
import { isTruthy } from '../../../domain/env.js';
import type { Context } from '../../../services/context.js';
import { resolveSettings, type Sourced } from '../../../services/settings.js';
import { parseSessionOptions, type SessionOptions } from '../../../services/session.js';
import { checkOutputOptions } from '../../../terminal/render.js';
import { camel, parseFlags, type FlagOptions, type Format, type RawGlobalOptions } from '../../../flags/rules.js';
import type { ParsedOptions } from '../../declare.js';
import { prepareRequest, type Invocation } from '../../../services/endpoint-request.js';
import { parseBefore, parseDayRange } from './days.js';
import { filedQuery } from '../../../history/identity.js';
import { maskPgUrl, parsePgUrl } from '../../../history/pg/url.js';

const PG_URL = /^postgres(ql)?:\/\//i;

/** `vis history <data command>`: which recorded series, and how to print it. */
export interface HistorySeriesOptions extends ParsedOptions {
  command: 'history';
  spec: EndpointSpec;
  /** The data command as typed, for messages: `vis topics crm-for-startups --days 30`. */
  dataCommand: string;
  /** `demo` for --demo, else the base URL. */
  api: string;
  item: string;
  query: string;
  /** --brand, VIS_BRAND or the profile's; the recorded brands decide when none is given. */
  brand: Sourced<string> | undefined;
  /** As for brand; `` for data the API gives the same in every market. */
  market: Sourced<string> | undefined;
  since?: string;
  until?: string;
  format: Format;
  flags: FlagOptions;
  /** --profile: whose `history` setting names the store. */
  profile?: string;
  /**
   * The session that asks the account's brands (GET /brands, free) when the records alone
   * cannot tell the brand or the market, as vis topics is told them: with --demo, or a key.
   */
  account?: SessionOptions;
}

export interface HistoryPruneOptions extends ParsedOptions {
  command: 'history prune';
  before: string;
  dryRun: boolean;
  quiet: boolean;
  /** --profile: whose `history` setting names the store. */
  profile?: string;
}

export interface HistoryPushOptions extends ParsedOptions {
  command: 'history push';
  /** The PostgreSQL history, as typed: it may hold the password, so only `display` is printed. */
  url: string;
  display: string;
  /** --file, else the default SQLite store. */
  file?: string;
  dryRun: boolean;
  profile?: string;
}

export interface HistoryCheckOptions extends ParsedOptions {
  command: 'history check';
  profile?: string;
}

/** Is the data the same in every market (recorded with market ``)? */
export function marketless(spec: Pick<EndpointSpec, 'market' | 'sameInEveryMarket'>): boolean {
  return !spec.market || spec.sameInEveryMarket === true;
}

export function parseHistoryOptions(ctx: Context, spec: EndpointSpec, inv: Invocation): HistorySeriesOptions {
  const today = ctx.today().api;
  const local = inv.local as { since?: string; until?: string };
  const days = parseDayRange(local, today);
  const request = prepareRequest(ctx, spec, inv);
  const { flags } = request;
  const settings = resolveSettings(flags, ctx.env, ctx.config());
  const format = settings.format.value;
  checkOutputOptions(format, flags, ctx);
  const demo = flags.demo || isTruthy(ctx.env.VIS_DEMO);
  if (!demo && settings.baseUrl === undefined) {
    throw new UsageError('no API base URL: the history is kept per API; pass --base-url, set VIS_BASE_URL, or use --demo for the demo’s history', {
      hint: 'No key is needed: vis history reads what earlier commands recorded, and sends no request.',
    });
  }
  // Filed as the recorder files what this data command sends: the same function.
  const filed = filedQuery(spec, request.query);
  const item = filed.item ?? (spec.pathParam && inv.pathArg !== undefined ? itemOf(spec, inv.pathArg) : '');
  const account = demo || settings.apiKey !== undefined ? accountSession(ctx, flags) : undefined;
  return {
    command: 'history',
    spec,
    dataCommand: dataCommandText(spec, inv, item),
    api: demo ? 'demo' : settings.baseUrl!.value,
    item,
    query: filed.query,
    ...(flags.profile === undefined ? {} : { profile: flags.profile }),
    brand: spec.brand ? settings.brand : undefined,
    market: marketless(spec) ? { value: '', source: 'the same in every market' } : settings.market,
    ...days,
    format,
    flags,
    ...(account === undefined ? {} : { account }),
  };
}

/** The session a brand or market look-up would open; none when its settings are unusable (the history is read without it). */
function accountSession(ctx: Context, flags: FlagOptions): SessionOptions | undefined {
  try {
    return parseSessionOptions(ctx, flags);
  } catch {
    return undefined;
  }
}

/** The item as the recorder files it: as typed, a whole number written plainly. */
function itemOf(spec: EndpointSpec, value: string): string {
  return spec.pathParam?.type === 'integer' ? String(Number(value.trim())) : value;
}

/** The data command that reads (and so records) this series, for the message of an empty history. */
function dataCommandText(spec: EndpointSpec, inv: Invocation, item: string): string {
  const words = ['vis', ...spec.words, ...(item === '' ? [] : [shellWord(item)])];
  const typed = inv.local as Record<string, unknown>;
  for (const p of spec.query) {
    const v = typed[camel(p.flag)];
    if (v !== undefined) words.push(`--${p.flag}`, shellWord(String(v)));
  }
  const g = inv.globals as Record<string, unknown>;
  for (const flag of ['days', 'from', 'to'] as const) if (g[flag] !== undefined) words.push(`--${flag}`, shellWord(String(g[flag])));
  for (const p of (g.param as string[] | undefined) ?? []) words.push('--param', shellWord(p));
  return words.join(' ');
}

/** A word as a shell reads it back: quoted when it holds anything but plain characters. */
export function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The demo's history is simulated on each run (services/demo-history.ts): no store to check, prune or push. */
function refuseDemo(ctx: Context, flags: FlagOptions, command: string): void {
  if (flags.demo || isTruthy(ctx.env.VIS_DEMO))
    throw new UsageError(`--demo does not apply to ${command}: it works on a history store, and the demo has none (its history is simulated on each run)`, {
      hint: `To work on your own history, run ${command} without --demo and with VIS_DEMO unset: it then uses the store VIS_HISTORY or the profile's history setting names, else the default file.`,
    });
}

export function parsePruneOptions(ctx: Context, raw: RawGlobalOptions & { before?: string; dryRun?: boolean }): HistoryPruneOptions {
  const before = parseBefore(raw.before, ctx.today().api);
  const flags = parseFlags(raw, ctx.today());
  refuseDemo(ctx, flags, 'vis history prune');
  return {
    command: 'history prune',
    before,
    dryRun: raw.dryRun === true,
    quiet: flags.quiet,
    ...(flags.profile === undefined ? {} : { profile: flags.profile }),
  };
}

export function parseCheckOptions(ctx: Context, raw: RawGlobalOptions): HistoryCheckOptions {
  const flags = parseFlags(raw, ctx.today());
  refuseDemo(ctx, flags, 'vis history check');
  return { command: 'history check', ...(flags.profile === undefined ? {} : { profile: flags.profile }) };
}

/** The URL checked by the PostgreSQL history's own rules; the password file and the connection wait for the run. */
export async function parsePushOptions(ctx: Context, url: string, raw: RawGlobalOptions & { file?: string; dryRun?: boolean }): Promise<HistoryPushOptions> {
  const flags = parseFlags(raw, ctx.today());
  refuseDemo(ctx, flags, 'vis history push');
  // The value is not echoed: a mistyped URL may still hold a password.
  if (!PG_URL.test(url.trim())) throw new UsageError('the URL to push to must be a PostgreSQL URL, postgres://… or postgresql://…');
  await parsePgUrl(url.trim(), 'the PostgreSQL URL', { argument: true });
  if (raw.file !== undefined && raw.file.trim() === '') throw new UsageError('--file must name the SQLite history file to push');
  return {
    command: 'history push',
    url: url.trim(),
    display: maskPgUrl(url.trim()),
    ...(raw.file === undefined ? {} : { file: raw.file }),
    dryRun: raw.dryRun === true,
    ...(flags.profile === undefined ? {} : { profile: flags.profile }),
  };
}
