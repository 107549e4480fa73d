/**
 * AI crawler and AI visitor traffic on the brand's site, per market (each market's
 * section of the site). Counts are drawn per bot or engine per day, so overlapping
 * periods agree, and a crawler that robots.txt blocks (see technical.ts) only ever
 * fetches robots.txt, as it would.
 */
import type { DemoBrand, DemoMarket } from '../accounts.js';
import { brandOf, periodOf, previousPeriod, type DataRequest, type Payload, type ApiPeriod } from './context.js';
import { catalogFor } from './catalogs.js';
import { eachDay, isoDate, isoTime, timeOnDay } from './dates.js';
import { round1 } from './metrics.js';
import { ENGINE_LABELS, ENGINES, type Engine } from './model.js';
import { rngFor } from './prng.js';
import { hasIssue, technicalScan } from './technical.js';

interface BotDef {
  bot: string;
  operator: string;
  purpose: 'training' | 'search' | 'user request';
  /** Typical hits a day on a primary market's pages. */
  daily: number;
  /** Blocked by the robots.txt rule of the `robots-blocks-ai-crawlers` issue. */
  blockedByRobots?: boolean;
}

const BOTS: readonly BotDef[] = [
  { bot: 'GPTBot', operator: 'OpenAI', purpose: 'training', daily: 38, blockedByRobots: true },
  { bot: 'OAI-SearchBot', operator: 'OpenAI', purpose: 'search', daily: 22 },
  { bot: 'ChatGPT-User', operator: 'OpenAI', purpose: 'user request', daily: 30 },
  { bot: 'PerplexityBot', operator: 'Perplexity', purpose: 'search', daily: 26 },
  { bot: 'Perplexity-User', operator: 'Perplexity', purpose: 'user request', daily: 12 },
  { bot: 'ClaudeBot', operator: 'Anthropic', purpose: 'training', daily: 18, blockedByRobots: true },
  { bot: 'Claude-User', operator: 'Anthropic', purpose: 'user request', daily: 6 },
  { bot: 'Bingbot', operator: 'Microsoft', purpose: 'search', daily: 35 },
  { bot: 'Applebot', operator: 'Apple', purpose: 'search', daily: 7 },
  { bot: 'Amazonbot', operator: 'Amazon', purpose: 'training', daily: 9 },
  { bot: 'meta-externalagent', operator: 'Meta', purpose: 'training', daily: 11 },
  { bot: 'Bytespider', operator: 'ByteDance', purpose: 'training', daily: 14 },
  { bot: 'CCBot', operator: 'Common Crawl', purpose: 'training', daily: 5 },
];

/** Typical visits a day referred by each engine to a primary market's pages. */
const VISITS_PER_DAY: Readonly<Record<Engine, number>> = { chatgpt: 64, perplexity: 23, gemini: 12, claude: 6, copilot: 9 };

/** Smaller markets see a fraction of the primary market's traffic. */
function marketScale(brand: DemoBrand, market: DemoMarket): number {
  return market.id === brand.markets[0].id ? 1 : rngFor(brand.id, market.code, 'traffic-scale').float(0.25, 0.6);
}

function marketUrls(brand: DemoBrand, market: DemoMarket): string[] {
  const origin = `https://${brand.domain}${market.sitePrefix}`;
  return catalogFor(brand.vertical).pages.map((page) => `${origin}${page.path}`);
}

/** Days of the period that have happened; traffic is never reported for the future. */
function pastDays(period: ApiPeriod, now: Date): string[] {
  const today = isoDate(now);
  return eachDay(period.from, period.to).filter((day) => day <= today);
}

function weekdayFactor(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6 ? 0.7 : 1.08;
}

/** Spread `total` over `urls` with stable per-page weights; the largest shares first. */
function spread(total: number, urls: readonly string[], ...seed: (string | number)[]): { url: string; hits: number }[] {
  const rng = rngFor(...seed, 'spread');
  const weights = urls.map((url, i) => ({ url, weight: (i === 0 ? 3 : 1) * rng.float(0.2, 1.5) }));
  const sum = weights.reduce((s, w) => s + w.weight, 0);
  return weights
    .map(({ url, weight }) => ({ url, hits: Math.round((total * weight) / sum) }))
    .filter((row) => row.hits > 0)
    .sort((a, b) => b.hits - a.hits || a.url.localeCompare(b.url));
}

interface CrawlerRow {
  bot: string;
  operator: string;
  purpose: string;
  hits: number;
  pages: number;
  last_seen: string | null;
  top_pages: { url: string; hits: number }[];
}

function botHitsOn(brand: DemoBrand, market: DemoMarket, def: BotDef, day: string, blocked: boolean): number {
  const rng = rngFor(brand.id, market.code, def.bot, day);
  const expected = blocked && def.blockedByRobots ? 1.5 : def.daily * marketScale(brand, market) * weekdayFactor(day);
  return Math.max(0, Math.round(expected * (1 + 0.3 * rng.normal(0, 1))));
}

/**
 * A time of today (UTC) or later moves back to a stable moment of yesterday evening: never
 * after the clock, and the same answer at any hour of the day (the sandbox is deterministic
 * per day, not per minute).
 */
function notAfter(iso: string, now: Date, salt: number): string {
  const dayStart = Date.parse(`${isoDate(now)}T00:00:00Z`);
  if (Date.parse(iso) < dayStart) return iso;
  const minutesBefore = 1 + ((salt * 37) % 180);
  return isoTime(new Date(dayStart - minutesBefore * 60_000));
}

export function crawlerTraffic(brand: DemoBrand, market: DemoMarket, period: ApiPeriod, now: Date) {
  const blocked = hasIssue(technicalScan(brand, now), 'robots-blocks-ai-crawlers');
  const urls = marketUrls(brand, market);
  const days = pastDays(period, now);
  const perDay = BOTS.map((def) => days.map((day) => botHitsOn(brand, market, def, day, blocked)));
  const crawled = new Set<string>();
  const rows: CrawlerRow[] = BOTS.map((def, b) => {
    const counts = perDay[b] ?? [];
    const hits = counts.reduce((sum, n) => sum + n, 0);
    let lastDay: string | undefined;
    counts.forEach((n, d) => {
      if (n > 0) lastDay = days[d];
    });
    const pages =
      blocked && def.blockedByRobots
        ? hits > 0
          ? [{ url: `https://${brand.domain}/robots.txt`, hits }]
          : []
        : spread(hits, urls, brand.id, market.code, def.bot);
    for (const page of pages) crawled.add(page.url);
    return {
      bot: def.bot,
      operator: def.operator,
      purpose: def.purpose,
      hits,
      pages: pages.length,
      // The latest hit of the day is placed in working hours, stable for the same counts,
      // and never after the clock: a bot cannot have been seen in the future.
      last_seen: lastDay ? notAfter(timeOnDay(lastDay, 8 + (hits % 14), hits % 60), now, hits) : null,
      top_pages: pages.slice(0, 5),
    };
  }).sort((a, b) => b.hits - a.hits || a.bot.localeCompare(b.bot));
  const daily = days.map((day, d) => ({ date: day, hits: perDay.reduce((sum, counts) => sum + (counts[d] ?? 0), 0) }));
  return { rows, daily, total: rows.reduce((sum, r) => sum + r.hits, 0), pages: crawled.size };
}

function visitsOn(brand: DemoBrand, market: DemoMarket, engine: Engine, day: string): number {
  const rng = rngFor(brand.id, market.code, 'visits', engine, day);
  const expected = VISITS_PER_DAY[engine] * marketScale(brand, market) * weekdayFactor(day) * (0.6 + brand.strength);
  return Math.max(0, Math.round(expected * (1 + 0.25 * rng.normal(0, 1))));
}

function relativeChange(now: number, before: number): number | null {
  return before > 0 ? round1(((now - before) / before) * 100) : null;
}

export function visitorTraffic(brand: DemoBrand, market: DemoMarket, period: ApiPeriod, now: Date) {
  const days = pastDays(period, now);
  const before = pastDays(previousPeriod(period), now);
  const urls = marketUrls(brand, market);
  const perEngine = ENGINES.map((engine) => ({
    engine,
    visits: days.reduce((sum, day) => sum + visitsOn(brand, market, engine, day), 0),
    before: before.reduce((sum, day) => sum + visitsOn(brand, market, engine, day), 0),
  }));
  const total = perEngine.reduce((sum, e) => sum + e.visits, 0);
  const totalBefore = perEngine.reduce((sum, e) => sum + e.before, 0);
  return {
    total,
    changePct: relativeChange(total, totalBefore),
    rows: perEngine
      .map((e) => ({
        engine: e.engine,
        label: ENGINE_LABELS[e.engine],
        visits: e.visits,
        change_pct: relativeChange(e.visits, e.before),
        share: total > 0 ? round1((e.visits / total) * 100) : null,
        landing_pages: spread(e.visits, urls, brand.id, market.code, 'landing', e.engine)
          .slice(0, 3)
          .map(({ url, hits }) => ({ url, visits: hits })),
      }))
      .sort((a, b) => b.visits - a.visits || a.engine.localeCompare(b.engine)),
    daily: days.map((day) => ({ date: day, visits: ENGINES.reduce((sum, engine) => sum + visitsOn(brand, market, engine, day), 0) })),
  };
}

function marketOf(request: DataRequest): DemoMarket {
  return request.market ?? brandOf(request).markets[0];
}

export function crawlersPayload(request: DataRequest): Payload {
  const brand = brandOf(request);
  const period = periodOf(request);
  const traffic = crawlerTraffic(brand, marketOf(request), period, request.now);
  return {
    data: {
      period,
      source: 'CDN logs',
      totals: { hits: traffic.total, bots: traffic.rows.filter((r) => r.hits > 0).length, pages: traffic.pages },
      crawlers: traffic.rows,
      daily: traffic.daily,
    },
  };
}

export function visitorsPayload(request: DataRequest): Payload {
  const brand = brandOf(request);
  const period = periodOf(request);
  const traffic = visitorTraffic(brand, marketOf(request), period, request.now);
  return {
    data: {
      period,
      totals: { visits: traffic.total, change_pct: traffic.changePct },
      visitors: traffic.rows,
      daily: traffic.daily,
    },
  };
}
