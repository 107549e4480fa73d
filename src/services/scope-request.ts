/**
 * The request of one endpoint for one brand and market: the one place it is built, for a
 * plain data command, a data command over several brands and markets, each section of
 * `vis report`, `vis changes --fetch`, GET /markets, and each task of `vis export`. The
 * query's order is always brand_id, market, the period, an item, then the rest (the
 * cache sorts it anyway). Pure.
 */
import type { PeriodFlags } from '../domain/period.js';
import type { ChosenBrand } from './brand-choice.js';
import type { EndpointSpec } from '../endpoints.js';
import { ServerError } from '../errors.js';
import type { ApiRequest } from '../http/client.js';
import { pathSegment } from '../http/url.js';

/** What the request asks besides its brand and market. */
export interface ScopeQuery extends PeriodFlags {
  /** The path, when the command line gave its argument already (`vis topics <id>`); else the endpoint's. */
  path?: string;
  /** An item a list gave (the export's item endpoints): into the path or the query, as the endpoint's `itemsFrom` says. */
  item?: string;
  /** Pairs added after the rest: the command line's own query (its period included) or the export's --param pairs. */
  query?: ReadonlyArray<readonly [string, string]>;
}

/**
 * brand_id when the endpoint takes a brand and one is known; market when it takes a
 * market and one is named (none: the brand's primary market); the period as far as the
 * endpoint takes one.
 */
export function scopeRequest(
  spec: EndpointSpec,
  brand: Partial<ChosenBrand> | undefined,
  market: string | undefined,
  asked: ScopeQuery = {},
): ApiRequest & { query: Array<[string, string]> } {
  const query: Array<[string, string]> = [];
  let path = asked.path ?? spec.path;
  if (spec.brand && brand?.id !== undefined) query.push(['brand_id', String(brand.id)]);
  if (spec.market && market !== undefined) query.push(['market', market]);
  const { days, from, to } = asked;
  if (spec.period === 'range' || spec.period === 'days') {
    if (days !== undefined) query.push(['days', String(days)]);
  }
  if (spec.period === 'range') {
    if (from !== undefined) query.push(['from', from]);
    if (to !== undefined) query.push(['to', to]);
  }
  if (asked.item !== undefined) {
    const into = spec.itemsFrom!.into;
    if ('path' in into) path = path.replace(`{${into.path}}`, itemSegment(asked.item, spec.id));
    else query.push([into.query, asked.item]);
  }
  for (const [k, v] of asked.query ?? []) query.push([k, v]);
  return { method: spec.method, path, query };
}

/**
 * An item key from a list the server sent, as one path segment. A key vis refuses to put
 * in a path (`..`) fails that item as the server's fault, and nothing is sent for it.
 */
function itemSegment(key: string, endpointId: string): string {
  try {
    return pathSegment(key, `the ${endpointId} item`);
  } catch (err) {
    throw new ServerError((err as Error).message, { code: 'unexpected_shape', maybeSent: false });
  }
}
