/**
 * The recorded scopes as both stores read them from SQL rows (api, brand_id, brand_name,
 * market, market_label, days, first_day, last_day), in the order the history commands
 * list them: by brand name (else id), then market, then API; and the recorded answers,
 * in the order both stores give them: by day, brand, market, endpoint, item and query.
 */
import type { RecordedAnswer, RecordedScope } from './types.js';

export function scopesFromRows(rows: ReadonlyArray<Record<string, unknown>>): RecordedScope[] {
  return rows
    .map((r): RecordedScope => ({
      api: String(r.api),
      brandId: String(r.brand_id),
      brandName: r.brand_name === null ? null : String(r.brand_name),
      market: String(r.market),
      marketLabel: r.market_label === null ? null : String(r.market_label),
      days: Number(r.days),
      firstDay: String(r.first_day),
      lastDay: String(r.last_day),
    }))
    .sort((a, b) => compareText(a.brandName ?? a.brandId, b.brandName ?? b.brandId) || compareText(a.market, b.market) || compareText(a.api, b.api));
}

/** Text in code-unit order, as SQLite's BINARY collation and the stores' other sorts. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The answers of SQL rows (api, brand_id, market, endpoint, item, query, day, fetched_at),
 * each body read by `raw`, sorted by UTF-16 code unit whatever the database's collation.
 */
export function answersFromRows(rows: ReadonlyArray<Record<string, unknown>>, raw: (row: Record<string, unknown>) => string): RecordedAnswer[] {
  return rows
    .map((r): RecordedAnswer => ({
      api: String(r.api),
      brandId: String(r.brand_id),
      market: String(r.market),
      endpoint: String(r.endpoint) as RecordedAnswer['endpoint'],
      item: String(r.item),
      query: String(r.query),
      day: String(r.day),
      fetchedAt: Number(r.fetched_at),
      raw: raw(r),
    }))
    .sort(
      (a, b) =>
        compareText(a.day, b.day) ||
        compareText(a.brandId, b.brandId) ||
        compareText(a.market, b.market) ||
        compareText(a.endpoint, b.endpoint) ||
        compareText(a.item, b.item) ||
        compareText(a.query, b.query),
    );
}
