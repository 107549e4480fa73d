/**
 * What a recorded answer is filed under (its AnswerKey less the scan day; the rules are
 * those of src/history/types.ts), from the endpoint, the request as sent and the answer.
 * The same question asked two ways is one series: `vis topics` and `vis topics --days 7`,
 * `vis export` (which sends brand_id) and `vis topics` on a one-brand account (which does
 * not, and learns the brand from meta.brand.id). Every value is checked here against the
 * journal's rules (src/history/journal.ts), so an answer either gets a key the store will
 * take in, or none.
 */
import type { EndpointSpec } from '../endpoints.js';
import type { AnswerKey, SeenNames } from './types.js';

/** The query pairs of a request, in the order sent. */
export type QueryPairs = ReadonlyArray<readonly [string, string]>;

export interface AnswerIdentity {
  key: Omit<AnswerKey, 'day'>;
  names: SeenNames;
}

type MetaObject = { id?: unknown; name?: unknown; code?: unknown; label?: unknown } | null | undefined;

export type IdentitySpec = Pick<EndpointSpec, 'id' | 'path' | 'market' | 'period' | 'defaultDays' | 'query'> &
  Partial<Pick<EndpointSpec, 'sameInEveryMarket' | 'itemsFrom' | 'pathParam'>>;

const BRAND_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const MARKET = /^[A-Za-z0-9._-]{0,64}$/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const MAX_ITEM = 1000;
const MAX_QUERY = 8000;
const MAX_NAME = 500;

/**
 * The key and names of an answer; undefined when it cannot be filed: no brand named by
 * the request or the answer, a path that is not the endpoint's, or a value the journal
 * would refuse (a control character in an item, an id of another shape).
 */
export function answerIdentity(
  api: string,
  spec: IdentitySpec,
  req: { path: string; query?: QueryPairs },
  envelope: { meta?: Record<string, unknown> },
): AnswerIdentity | undefined {
  const pathItem = itemOfPath(spec.path, req.path);
  if (pathItem === undefined) return undefined;
  const query = [...(req.query ?? [])];
  // Read through optional chaining alone: a field of any JSON value but null is undefined
  // unless it is an object's own (a string's `id` is undefined), and each value is checked.
  const metaBrand = envelope.meta?.brand as MetaObject;
  const metaMarket = envelope.meta?.market as MetaObject;

  const brandId = only(query, 'brand_id') ?? idText(metaBrand?.id);
  if (brandId === undefined || !BRAND_ID.test(brandId)) return undefined;

  const perMarket = spec.market && spec.sameInEveryMarket !== true;
  const marketCode = plainString(metaMarket?.code);
  const market = perMarket ? (only(query, 'market') ?? marketCode ?? '') : '';
  if (!MARKET.test(market)) return undefined;

  const filed = filedQuery(spec, query);
  const item = filed.item ?? pathItem;
  if (item.length > MAX_ITEM || CONTROL.test(item)) return undefined;
  const normalised = filed.query;
  if (normalised.length > MAX_QUERY) return undefined;

  const names: SeenNames = {};
  const metaBrandId = idText(metaBrand?.id);
  // A name belongs to the brand the answer is filed under, never to another one the meta names.
  const brandName = metaBrandId === undefined || metaBrandId === brandId ? plainName(metaBrand?.name) : undefined;
  if (brandName !== undefined) names.brandName = brandName;
  // A label belongs to the market the answer is filed under.
  const marketLabel = plainName(metaMarket?.label);
  if (marketLabel !== undefined && marketCode === market) names.marketLabel = marketLabel;

  return { key: { api: api.replace(/\/+$/, ''), brandId, market, endpoint: spec.id, item, query: normalised }, names };
}

/**
 * A request's query as the history files it: the item, for an endpoint whose item travels
 * in the query (undefined for the others: theirs is in the path), and the rest less brand_id
 * and market (columns of their own), normalised. `vis history <command>` files its flags
 * through this too, so it asks for exactly what the recorder filed.
 */
export function filedQuery(
  spec: Pick<IdentitySpec, 'period' | 'defaultDays' | 'query' | 'itemsFrom'>,
  pairs: QueryPairs,
): { item: string | undefined; query: string } {
  const queryItem = spec.itemsFrom !== undefined && 'query' in spec.itemsFrom.into ? spec.itemsFrom.into.query : undefined;
  const dropped = new Set(['brand_id', 'market', queryItem]);
  return {
    item: queryItem === undefined ? undefined : (only(pairs, queryItem) ?? ''),
    query: normaliseQuery(
      spec,
      pairs.filter(([k]) => !dropped.has(k)),
    ),
  };
}

/**
 * The query as the history files it: parameters equal to their documented default left
 * out (`days` too, when it is the endpoint's default window and no --from or --to moves
 * it), the rest sorted by name then value and URL-encoded, `k=v&k=v`.
 */
export function normaliseQuery(spec: Pick<IdentitySpec, 'period' | 'defaultDays' | 'query'>, pairs: QueryPairs): string {
  const defaults = new Map<string, string>();
  for (const p of spec.query) {
    const documented = (p.spec as { default?: string | number }).default;
    if (documented !== undefined) defaults.set(p.name, String(documented));
  }
  const ranged = pairs.some(([k]) => k === 'from' || k === 'to');
  if (spec.period !== 'none' && !ranged) defaults.set('days', String(spec.defaultDays));
  return pairs
    .filter(([k, v]) => defaults.get(k) !== v)
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)] as const)
    .sort(([ka, va], [kb, vb]) => compare(ka, kb) || compare(va, vb))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/**
 * The decoded path parameter when `path` is the endpoint's `template` (`/topics/{id}` and
 * `/topics/crm%20tools` give `crm tools`), `` for a template without one, undefined when
 * the path is another endpoint's.
 */
export function itemOfPath(template: string, path: string): string | undefined {
  const want = template.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  let item = '';
  for (const [i, w] of want.entries()) {
    const g = got[i]!;
    if (/^\{[^}]+\}$/.test(w)) {
      if (g === '') return undefined;
      try {
        item = decodeURIComponent(g);
      } catch {
        return undefined;
      }
    } else if (w !== g) {
      return undefined;
    }
  }
  return item;
}

/** The value of a parameter sent once; undefined when absent or sent twice (which one would the API take?). */
function only(query: QueryPairs, name: string): string | undefined {
  const values = query.filter(([k]) => k === name);
  return values.length === 1 ? values[0]![1] : undefined;
}

/** An id as the text a request carries it as: a whole number, or a string of id characters. */
function idText(v: unknown): string | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 0 ? String(v) : undefined;
  return typeof v === 'string' && BRAND_ID.test(v) ? v : undefined;
}

function plainString(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** A name the journal keeps: text with no control characters, not too long. */
function plainName(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' && v.length <= MAX_NAME && !CONTROL.test(v) ? v : undefined;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
