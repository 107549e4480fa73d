/**
 * Search-console performance joined to AI citations. Queries grow from each topic's
 * seed queries with the modifiers buyers add; each query lands on the brand page for its
 * topic (or the home page), so grouping by page is a roll-up of the same numbers.
 */
import { ApiError } from '../errors.js';
import { brandOf, modelOf, periodOf, type DataRequest, type Payload } from './context.js';
import { eachDay, isoDate } from './dates.js';
import { percent, round1 } from './metrics.js';
import type { MarketModel, OwnPage } from './model.js';
import { rngFor } from './prng.js';

const MODIFIERS = {
  en: ['best {q}', '{q} for small business', '{q} {year}', '{q} reviews', 'free {q}', '{q} comparison', '{q} alternatives'],
  de: ['beste {q}', '{q} vergleich', '{q} {year}', '{q} test', '{q} kostenlos', '{q} erfahrungen'],
} as const;

/** What people type after a brand's name. */
const BRANDED = {
  en: { pricing: 'pricing', login: 'login', reviews: 'reviews' },
  de: { pricing: 'preise', login: 'login', reviews: 'erfahrungen' },
} as const;

/** Click-through rate by (rounded) position, from public CTR studies, roughly. */
function ctrAt(position: number, branded: boolean): number {
  if (branded) return position < 1.5 ? 0.48 : 0.3;
  const curve = [0.28, 0.15, 0.1, 0.07, 0.05, 0.04, 0.03, 0.025, 0.02, 0.018];
  const index = Math.round(position) - 1;
  return curve[index] ?? (position <= 20 ? 0.01 : 0.003);
}

interface QueryRow {
  query: string;
  topicId: string | null;
  page: OwnPage;
  branded: boolean;
  /** The query this one varies (itself for a seed query). */
  seed: string;
  clicks: number;
  impressions: number;
  position: number;
}

function landing(model: MarketModel, path: string): OwnPage {
  const page = model.pages.find((p) => p.path === path) ?? model.pages[0];
  if (!page) throw new Error(`catalog ${model.catalog.vertical} has no pages`);
  return page;
}

function queryUniverse(model: MarketModel, year: string) {
  const brandName = model.brand.name.toLowerCase();
  const home = landing(model, '/');
  const pricing = model.pages.find((p) => p.path === '/pricing') ?? home;
  const rivals = model.competitors.slice(0, 2).map((c) => c.name.toLowerCase());
  const words = BRANDED[model.lang];
  const branded = [
    { query: brandName, page: home },
    { query: `${brandName} ${words.pricing}`, page: pricing },
    { query: `${brandName} ${words.login}`, page: home },
    { query: `${brandName} ${words.reviews}`, page: home },
    ...rivals.map((rival) => ({ query: `${brandName} vs ${rival}`, page: home })),
  ].map((q) => ({ ...q, topicId: null, branded: true, seed: q.query }));
  const modifiers = MODIFIERS[model.lang];
  const generic = model.topics.flatMap((topic) => {
    const page = topic.pages[0] ?? home;
    return topic.queries.flatMap((seed) =>
      [seed, ...modifiers.map((m) => m.replace('{q}', seed).replace('{year}', year))].map((query) => ({
        query,
        page,
        topicId: topic.id,
        branded: false,
        seed,
      })),
    );
  });
  const seen = new Set<string>();
  return [...branded, ...generic].filter((q) => !seen.has(q.query) && seen.add(q.query));
}

function measure(model: MarketModel, days: readonly string[], year: string): QueryRow[] {
  return queryUniverse(model, year).map((q) => {
    const rng = rngFor(model.brand.id, model.market.code, 'search', q.query);
    // A long-tail variant is searched a fraction as often as the query it varies.
    const seedVolume = Math.exp(rngFor(model.brand.id, model.market.code, 'search', q.seed).normal(3.8, 0.6));
    const dailyImpressions = q.branded ? rng.float(20, 160) : q.seed === q.query ? seedVolume : seedVolume * rng.float(0.03, 0.4);
    // Topics with no page of their own rank poorly with the home page.
    const basePosition = q.branded ? rng.float(1, 1.6) : q.page.path === '/' ? rng.float(18, 48) : rng.float(2.5, 26);
    let impressions = 0;
    let clicks = 0;
    let positionSum = 0;
    for (const day of days) {
      const daily = rngFor(model.brand.id, model.market.code, 'search', q.query, day);
      const shown = Math.max(0, Math.round(dailyImpressions * (0.75 + daily.next() * 0.5)));
      const position = Math.max(1, basePosition + daily.float(-1.2, 1.2));
      impressions += shown;
      clicks += Math.round(shown * ctrAt(position, q.branded) * daily.float(0.7, 1.3));
      positionSum += position * shown;
    }
    return { ...q, impressions, clicks, position: impressions > 0 ? round1(positionSum / impressions) : round1(basePosition) };
  });
}

function ownCitationsByTopic(model: MarketModel, from: string, to: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const run of model.runs(from, to)) {
    if (run.citations.some((c) => c.owner === 'brand')) counts.set(run.question.topicId, (counts.get(run.question.topicId) ?? 0) + 1);
  }
  return counts;
}

export function searchPayload(request: DataRequest): Payload {
  const brand = brandOf(request);
  if (!brand.searchConsole) {
    throw new ApiError(409, 'integration_not_connected', `Search-performance needs the search-console integration, which ${brand.name} has not connected`);
  }
  const model = modelOf(request);
  const period = periodOf(request);
  const groupBy = String(request.params['group_by']);
  const limit = Number(request.params['limit']);
  // Search-console data is daily; days after today have none yet.
  const days = eachDay(period.from, period.to).filter((day) => day <= isoDate(request.now));
  const rows = measure(model, days, period.to.slice(0, 4));
  const cited = ownCitationsByTopic(model, period.from, period.to);
  const totals = rows.reduce(
    (t, r) => ({ clicks: t.clicks + r.clicks, impressions: t.impressions + r.impressions, weighted: t.weighted + r.position * r.impressions }),
    {
      clicks: 0,
      impressions: 0,
      weighted: 0,
    },
  );
  const byImpressions = <T extends { impressions: number; clicks: number }>(a: T, b: T) => b.impressions - a.impressions || b.clicks - a.clicks;

  let out: Record<string, unknown>[];
  if (groupBy === 'page') {
    const pages = new Map<string, { page: OwnPage; rows: QueryRow[] }>();
    for (const row of rows) {
      const entry = pages.get(row.page.url) ?? { page: row.page, rows: [] };
      entry.rows.push(row);
      pages.set(row.page.url, entry);
    }
    out = [...pages.values()]
      .map(({ page, rows: own }) => {
        const impressions = own.reduce((s, r) => s + r.impressions, 0);
        const clicks = own.reduce((s, r) => s + r.clicks, 0);
        const topics = new Set(own.flatMap((r) => (r.topicId ? [r.topicId] : [])));
        const citations = [...topics].reduce((s, t) => s + (cited.get(t) ?? 0), 0);
        return {
          page: page.url,
          title: page.title,
          clicks,
          impressions,
          ctr: percent(clicks, impressions),
          position: impressions > 0 ? round1(own.reduce((s, r) => s + r.position * r.impressions, 0) / impressions) : null,
          top_query: own.slice().sort(byImpressions)[0]?.query ?? null,
          ai_citations: citations,
          ai_cited: citations > 0,
        };
      })
      .sort(byImpressions);
  } else {
    out = rows.sort(byImpressions).map((row) => {
      const citations = row.topicId === null ? null : (cited.get(row.topicId) ?? 0);
      return {
        query: row.query,
        clicks: row.clicks,
        impressions: row.impressions,
        ctr: percent(row.clicks, row.impressions),
        position: row.position,
        topic_id: row.topicId,
        page: row.page.url,
        ai_citations: citations,
        ai_cited: citations === null ? null : citations > 0,
      };
    });
  }
  return {
    data: {
      period,
      group_by: groupBy,
      limit,
      totals: {
        clicks: totals.clicks,
        impressions: totals.impressions,
        ctr: percent(totals.clicks, totals.impressions),
        position: totals.impressions > 0 ? round1(totals.weighted / totals.impressions) : null,
      },
      rows_total: out.length,
      rows: out.slice(0, limit),
    },
  };
}
