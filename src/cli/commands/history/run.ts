/**
 * The run step of `vis history <data command>`: the store opened (src/services/history.ts),
 * the brand and market picked among those recorded (when they cannot tell, as vis topics
 * picks them: the account's one brand, the brand's primary market, from the free GET
 * /brands), the series read and printed. No read is spent: the history is what earlier
 * reads left. historySeries takes any HistoryReader,
 * so the tests run it on an in-memory history.
 */
import { UsageError } from '../../../errors.js';
import type { AnswerFilter, HistoryReader, RecordedScope } from '../../../history/types.js';
import { notRecorded } from '../../../history/changes/scopes.js';
import type { BrandRecord } from '../../../api/account.js';
import { openHistory } from '../../../services/history.js';
import { accountBrands } from '../../../services/scopes.js';
import { openSession } from '../../../services/session.js';
import { DEMO_API, openDemoHistory } from '../../../services/demo-history.js';
import type { Context } from '../../../services/context.js';
import { renderHistory } from '../../../terminal/render-history.js';
import { sanitizeForTerminal } from '../../../text/sanitize.js';
import { marketless, shellWord, type HistorySeriesOptions } from './parse.js';
import { readDays, seriesJson, type SeriesMeta } from './rows.js';
import { writeMessage } from '../../../terminal/io.js';

export async function runHistory(options: HistorySeriesOptions, ctx: Context): Promise<void> {
  // The demo's history is simulated by the sandbox: no store is opened.
  const store = options.api === DEMO_API ? await openDemoHistory(ctx) : await openHistory(ctx, options.profile);
  let print: () => Promise<void>;
  try {
    print = await readSeries(options, ctx, store);
  } finally {
    // The store's lock is let go before anything is written: a pager may stay open for
    // minutes, and other vis processes wait for the lock meanwhile.
    await store.close();
  }
  await print();
}

interface Scope {
  brand: { id: string; name: string | null } | null;
  market: { code: string; label: string | null } | null;
}

/** Reads the series from `reader` and prints it: what the tests run on an in-memory history. */
export async function historySeries(options: HistorySeriesOptions, ctx: Context, reader: HistoryReader): Promise<void> {
  await (
    await readSeries(options, ctx, reader)
  )();
}

/** The account's brands (GET /brands, free), asked at most once; undefined without a key or the demo. */
type AccountBrands = () => Promise<readonly BrandRecord[] | undefined>;

/** As vis topics is told the brand and the market it reads: the account's brands, through the cache. */
function accountBrandsOf(options: HistorySeriesOptions, ctx: Context): AccountBrands {
  let asked: Promise<readonly BrandRecord[] | undefined> | undefined;
  const ask = async () => {
    if (options.account === undefined) return undefined;
    const session = await openSession(ctx, options.account);
    try {
      return await accountBrands(ctx, session);
    } finally {
      await session.close();
    }
  };
  return () => (asked ??= ask());
}

/** Everything read from `reader` now; what it returns prints it, with the reader no longer needed. */
async function readSeries(options: HistorySeriesOptions, ctx: Context, reader: HistoryReader): Promise<() => Promise<void>> {
  const { spec, flags } = options;
  const series: AnswerFilter = { api: options.api, endpoints: [spec.id], item: options.item, query: options.query };
  const scope = await pickScope(options, reader, series, accountBrandsOf(options, ctx));
  const filter: AnswerFilter = {
    ...series,
    ...(scope.brand === null ? {} : { brandIds: [scope.brand.id] }),
    ...(scope.market === null ? {} : { markets: [scope.market.code] }),
    ...(options.since === undefined ? {} : { since: options.since }),
    ...(options.until === undefined ? {} : { until: options.until }),
  };
  const answers = scope.brand === null && spec.brand ? [] : await reader.answers(filter);
  const { days, skipped } = readDays(answers);
  for (const s of skipped) writeMessage(ctx.io, `vis history: ${sanitizeForTerminal(s.day)} left out: ${s.why} (vis history check looks at the store)`);
  return async () => {
    if (days.length === 0 && !flags.quiet) ctx.io.stderr.write(emptyMessage(options, scope));
    await renderHistory(ctx, {
      format: options.format,
      flags,
      spec,
      days,
      json: () => seriesJson(days, seriesMeta(options, scope)),
      heading: heading(options, scope),
    });
  };
}

function heading(options: HistorySeriesOptions, scope: Scope): string {
  const parts = [options.dataCommand];
  if (scope.brand !== null) parts.push(scope.brand.name ?? `brand ${scope.brand.id}`);
  if (scope.market !== null && scope.market.code !== '') parts.push(scope.market.code);
  return parts.join(' · ');
}

function seriesMeta(options: HistorySeriesOptions, scope: Scope): SeriesMeta {
  return {
    api: options.api,
    brand: scope.brand,
    market: scope.market === null || scope.market.code === '' ? null : scope.market,
    endpoint: options.spec.id,
    item: options.item,
    query: options.query,
    since: options.since ?? null,
    until: options.until ?? null,
  };
}

/** `12 (Northwind CRM)`, sanitised: the names come from the store. */
function brandText(b: { id: string; name: string | null }): string {
  return sanitizeForTerminal(b.name === null ? b.id : `${b.id} (${b.name})`);
}

function uniqueBrands(scopes: readonly RecordedScope[]): Array<{ id: string; name: string | null }> {
  const out = new Map<string, string | null>();
  for (const s of scopes) if (!out.has(s.brandId) || out.get(s.brandId) === null) out.set(s.brandId, s.brandName);
  return [...out].map(([id, name]) => ({ id, name }));
}

/**
 * The brand: --brand (or VIS_BRAND, the profile's) by id, else by a recorded name; with
 * none, the one brand recorded for this API, else the account's own brand as vis topics
 * reads it (an account of one brand). Several recorded, none named and the account no help
 * is a usage error listing them, and so is a brand (id or name) the history holds nothing
 * of, as in vis changes.
 */
async function pickBrand(options: HistorySeriesOptions, scopes: readonly RecordedScope[], account: AccountBrands): Promise<Scope['brand']> {
  if (!options.spec.brand) return null;
  const brands = uniqueBrands(scopes);
  const given = options.brand;
  if (given !== undefined) {
    const v = given.value.trim();
    const byId = brands.find((b) => b.id === v);
    if (byId) return byId;
    const named = brands.filter((b) => b.name !== null && b.name.trim().toLowerCase() === v.toLowerCase());
    if (named.length === 1) return named[0]!;
    if (named.length > 1) {
      throw new UsageError(`${given.source}: several recorded brands are named "${sanitizeForTerminal(v)}": ${named.map(brandText).join(', ')}; give the id`);
    }
    // A list (`--brand A,B`) that is no recorded brand's whole name: the data command would read
    // each, but a series is one brand's.
    if (v.includes(',')) {
      throw new UsageError(`${given.source}: vis history shows one brand's series at a time (got "${sanitizeForTerminal(v)}")`, {
        hint: 'Run it once per brand, or compare several brands with vis changes --brand A,B.',
      });
    }
    // A brand the history holds nothing of, by id or by name, is refused as vis changes refuses it:
    // an empty series would suggest a command for a brand no read has seen.
    throw notRecorded(given.source, v, scopes);
  }
  if (brands.length === 1) return brands[0]!;
  if (brands.length === 0) return null;
  // Several recorded (an agency's, the demo's): the one brand of the account, as vis topics reads it unnamed.
  const own = await account();
  if (own?.length === 1) return { id: String(own[0]!.id), name: own[0]!.name };
  // In the account's order (by id), as vis topics lists them when it asks the same.
  const byId = [...brands].sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
  const where = options.api === DEMO_API ? 'the demo' : sanitizeForTerminal(options.api);
  throw new UsageError(`several brands are recorded for ${where}; pick one with --brand: ${byId.map(brandText).join(', ')}`, {
    hint: 'Or set VIS_BRAND, or the profile’s brand (vis config set brand ID).',
  });
}

/**
 * The market: --market (or VIS_MARKET, the profile's); with none, the one market this
 * series is recorded in for the brand; recorded in several, the brand's primary market,
 * the one vis topics reads without --market. With no account to tell it, a usage error
 * listing them.
 */
async function pickMarket(
  options: HistorySeriesOptions,
  reader: HistoryReader,
  scopes: readonly RecordedScope[],
  series: AnswerFilter,
  brand: Scope['brand'],
  account: AccountBrands,
): Promise<Scope['market']> {
  if (marketless(options.spec)) return { code: '', label: null };
  const mine = scopes.filter((s) => (brand === null || s.brandId === brand.id) && s.market !== '');
  const label = (code: string) => mine.find((s) => s.market === code && s.marketLabel !== null)?.marketLabel ?? null;
  if (options.market !== undefined) {
    if (options.market.value.includes(',')) {
      throw new UsageError(`${options.market.source}: vis history shows one market's series at a time (got "${sanitizeForTerminal(options.market.value)}")`, {
        hint: 'Run it once per market, or compare several markets with vis changes --market A,B.',
      });
    }
    return { code: options.market.value, label: label(options.market.value) };
  }
  if (brand === null) return null;
  const codes = [...new Set(mine.map((s) => s.market))];
  const recorded: string[] = [];
  for (const code of codes) {
    // The demo's takes the first (below): another market's days need not be simulated to know it.
    if (recorded.length > 0 && options.api === DEMO_API) break;
    if ((await reader.days({ ...series, brandIds: [brand.id], markets: [code] })).length > 0) recorded.push(code);
  }
  // The demo's history holds every market: like `vis --demo topics`, it shows the brand's primary one (listed first).
  if (recorded.length === 1 || (recorded.length > 1 && options.api === DEMO_API)) return { code: recorded[0]!, label: label(recorded[0]!) };
  if (recorded.length === 0) return null;
  const primary = (await account())?.find((b) => String(b.id) === brand.id)?.primaryMarket;
  if (primary !== undefined) return { code: primary, label: label(primary) };
  const list = recorded.map((code) => sanitizeForTerminal(label(code) === null ? code : `${code} (${label(code)})`)).join(', ');
  // Worded so that the error's own `vis: ` is the only one at the start of the line.
  throw new UsageError(`the series of ${options.dataCommand} is recorded in several markets of ${brandText(brand)}; pick one with --market: ${list}`, {
    hint: 'Or set VIS_MARKET, or the profile’s market (vis config set market CODE).',
  });
}

async function pickScope(options: HistorySeriesOptions, reader: HistoryReader, series: AnswerFilter, account: AccountBrands): Promise<Scope> {
  const scopes = await reader.scopes(options.api);
  const brand = await pickBrand(options, scopes, account);
  return { brand, market: await pickMarket(options, reader, scopes, series, brand, account) };
}

/**
 * Nothing recorded for this series (or between --since and --until): what would record
 * it, as commands to copy. Any data command records what it reads; a daily export records
 * every endpoint.
 */
function emptyMessage(options: HistorySeriesOptions, scope: Scope): string {
  const demo = options.api === 'demo';
  const scopeFlags: string[] = [];
  if (demo) scopeFlags.push('--demo');
  if (scope.brand !== null) scopeFlags.push('--brand', shellWord(scope.brand.id));
  if (scope.market !== null && scope.market.code !== '') scopeFlags.push('--market', shellWord(scope.market.code));
  const window =
    options.since !== undefined || options.until !== undefined ? ` between ${options.since ?? 'the first day'} and ${options.until ?? 'today'}` : '';
  const where = demo ? 'the demo' : sanitizeForTerminal(options.api);
  const read = sanitizeForTerminal([options.dataCommand, ...scopeFlags].join(' '));
  const lines = [
    `Nothing recorded for ${sanitizeForTerminal(options.dataCommand)}${window} (from ${where}).`,
    'Every data command records what it reads; to start this series, run it:',
    `  ${read}`,
  ];
  if (!demo)
    lines.push('or record every endpoint once a day (a cron line):', `  vis export --dir ~/vis-exports/$(date +%F) --all-brands --all-markets --quiet`);
  return `${lines.join('\n')}\n`;
}
