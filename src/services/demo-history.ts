/**
 * The demo's history, as `vis --demo history`, `vis --demo changes` and `vis --demo report`
 * read it: simulated by the sandbox for each of the DEMO_HISTORY_DAYS days ending with the
 * demo's day (src/sandbox/history.ts), of the demo account VIS_API_KEY names (else the
 * default one). Nothing is stored or opened: no store VIS_HISTORY or a profile names, no
 * PostgreSQL. It holds what a daily `vis export` would have recorded (every list endpoint
 * the plan reads, for every brand and market), and any other question the history is asked
 * (`vis history topics --days 30`, an item) as if it had been read on each day too.
 */
import { ENDPOINTS, type EndpointSpec } from '../endpoints.js';
import { RECORDED_ENDPOINTS } from '../history/journal.js';
import type { AnswerFilter, RecordedAnswer, RecordedScope } from '../history/types.js';
import type { Context } from './context.js';
import type { OpenedHistory } from './history.js';
import { demoKey } from './session.js';

/** The history's name for the demo's API. */
export const DEMO_API = 'demo';

type Simulation = InstanceType<(typeof import('../sandbox/index.js'))['DemoHistory']>;

/** One series of the filter: a brand, market, endpoint, item and query, and the request that reads it. */
interface Series {
  brandId: string;
  market: string;
  spec: EndpointSpec;
  item: string;
  query: string;
  path: string;
  pairs: Array<[string, string]>;
}

/** The demo's history for this run's demo key and day; the sandbox is loaded, never started. */
export async function openDemoHistory(ctx: Context): Promise<OpenedHistory> {
  const key = demoKey(ctx.env);
  const { sandbox, options } = await ctx.sandbox();
  return new DemoReader(new sandbox.DemoHistory(key.value, options));
}

const LISTS = ENDPOINTS.filter((e) => RECORDED_ENDPOINTS.has(e.id) && e.brand && e.pathParam === undefined && e.itemsFrom === undefined);

function marketless(spec: EndpointSpec): boolean {
  return !spec.market || spec.sameInEveryMarket === true;
}

export class DemoReader implements OpenedHistory {
  constructor(private readonly sim: Simulation) {}

  async scopes(api: string): Promise<RecordedScope[]> {
    if (api !== DEMO_API) return [];
    const days = this.sim.days;
    const scope = (brandId: string, brandName: string, market: string, marketLabel: string | null): RecordedScope => ({
      api,
      brandId,
      brandName,
      market,
      marketLabel,
      days: days.length,
      firstDay: days[0]!,
      lastDay: days[days.length - 1]!,
    });
    return this.sim
      .scopes()
      .sort((a, b) => a.brandName.localeCompare(b.brandName))
      .flatMap((b) => [scope(b.brandId, b.brandName, '', null), ...b.markets.map((m) => scope(b.brandId, b.brandName, m.code, m.label))]);
  }

  async days(filter: AnswerFilter): Promise<string[]> {
    const series = this.series(filter);
    // Every series holds every day or none: the demo's day says which.
    if (!series.some((s) => this.sim.answer(this.sim.day, s.path, s.pairs) !== undefined)) return [];
    return this.sim.days.filter((d) => inRange(d, filter));
  }

  async answers(filter: AnswerFilter): Promise<RecordedAnswer[]> {
    const series = this.series(filter);
    const out: RecordedAnswer[] = [];
    for (const day of this.sim.days.filter((d) => inRange(d, filter))) {
      for (const s of series) {
        const raw = this.sim.answer(day, s.path, s.pairs);
        if (raw === undefined) continue;
        out.push({
          api: DEMO_API,
          brandId: s.brandId,
          market: s.market,
          endpoint: s.spec.id,
          item: s.item,
          query: s.query,
          day,
          fetchedAt: Date.parse(`${day}T12:00:00Z`),
          raw,
        });
      }
    }
    return out;
  }

  async close(): Promise<void> {}

  /** The series the filter names, ordered by brand, market, endpoint, item and query (as a store gives them). */
  private series(filter: AnswerFilter): Series[] {
    if (filter.api !== DEMO_API) return [];
    const specs = filter.endpoints === undefined ? LISTS : ENDPOINTS.filter((e) => filter.endpoints!.includes(e.id) && RECORDED_ENDPOINTS.has(e.id) && e.brand);
    const query = filter.query ?? '';
    const extra = [...new URLSearchParams(query)];
    const out: Series[] = [];
    for (const brand of this.sim.scopes().filter((b) => filter.brandIds === undefined || filter.brandIds.includes(b.brandId))) {
      for (const spec of specs) {
        const queryItem = spec.itemsFrom !== undefined && 'query' in spec.itemsFrom.into ? spec.itemsFrom.into.query : undefined;
        const item = filter.item ?? '';
        // An item endpoint is a series only with its item; a list endpoint only without one.
        if ((spec.pathParam !== undefined || queryItem !== undefined) !== (item !== '')) continue;
        const markets = marketless(spec) ? [''] : brand.markets.map((m) => m.code);
        for (const market of markets.filter((m) => filter.markets === undefined || filter.markets.includes(m))) {
          const path = spec.path.replace(/\{[^}]+\}/, encodeURIComponent(item));
          const pairs: Array<[string, string]> = [
            ['brand_id', brand.brandId],
            ...(market === '' ? [] : ([['market', market]] as Array<[string, string]>)),
            ...extra,
          ];
          if (queryItem !== undefined) pairs.push([queryItem, item]);
          out.push({ brandId: brand.brandId, market, spec, item, query, path, pairs });
        }
      }
    }
    return out.sort((a, b) => cmp(a.brandId, b.brandId) || cmp(a.market, b.market) || cmp(a.spec.id, b.spec.id));
  }
}

function inRange(day: string, filter: AnswerFilter): boolean {
  return (filter.since === undefined || day >= filter.since) && (filter.until === undefined || day <= filter.until);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
