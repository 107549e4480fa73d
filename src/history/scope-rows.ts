/**
 * The recorded scopes as both stores read them from SQL rows (api, brand_id, brand_name,
 * market, market_label, days, first_day, last_day), in the order the history commands
 * list them: by brand name (else id), then market, then API.
 */
import type { RecordedScope } from './types.js';

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
