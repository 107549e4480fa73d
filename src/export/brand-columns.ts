/**
 * The columns every row of an export's csv files begins with: `brand_id`, `brand` and
 * `market`, so the files of several brands, markets and days load into one table without
 * their folder names being parsed. Their values are the manifest's for the file: the
 * brand's id (empty when the account named none) and name, and the market of the folder
 * the file is in (empty for an endpoint that takes no market). Data that is the same in
 * every market is read once and written into each market's folder, each copy naming its
 * own folder's market, as its manifest entry does.
 *
 * They keep their names in every file; a column of the data named the same (a pitch's
 * own `market`) is written as `market (2)` (csv.ts, leading columns).
 */
import type { FlatCell } from '../output/flatten.js';
import type { BrandRef } from './manifest.js';

export const BRAND_COLUMNS = ['brand_id', 'brand', 'market'] as const;

/** The leading columns of one file, in BRAND_COLUMNS order. */
export function brandColumns(brand: BrandRef, market: string | null): Array<readonly [string, FlatCell]> {
  const values: FlatCell[] = [brand.id, brand.name, market];
  return BRAND_COLUMNS.map((name, i) => [name, values[i]!] as const);
}
