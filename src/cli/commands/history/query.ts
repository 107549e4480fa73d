/**
 * The query a recorded answer is filed under, built from the flags as the recorder builds
 * it from the request it saw: brand_id and market left out (the store keeps them apart),
 * every parameter equal to its documented default left out (`vis topics --days 7` reads
 * what `vis topics` reads), the rest sorted and URL-encoded as `k=v&k=v`, `` when none is
 * left. One recorded series whichever way the same question was asked.
 */
import type { EndpointSpec } from '../../../endpoints.js';

/** Kept apart from the query: the store has a column for each. */
const SCOPE_PARAMS: ReadonlySet<string> = new Set(['brand_id', 'market']);

function defaultOf(
  spec: Pick<EndpointSpec, 'query' | 'period' | 'defaultDays'>,
  name: string,
  pairs: ReadonlyArray<readonly [string, string]>,
): string | undefined {
  if (name === 'days' && spec.period !== 'none') {
    // A range given by dates is another question, whatever --days says beside it.
    return pairs.some(([k]) => k === 'from' || k === 'to') ? undefined : String(spec.defaultDays);
  }
  const param = spec.query.find((q) => q.name === name);
  return param !== undefined && 'default' in param.spec && param.spec.default !== undefined ? String(param.spec.default) : undefined;
}

export function recordedQuery(spec: Pick<EndpointSpec, 'query' | 'period' | 'defaultDays'>, pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs
    .filter(([k, v]) => !SCOPE_PARAMS.has(k) && defaultOf(spec, k, pairs) !== v)
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)] as const)
    .sort(([ka, va], [kb, vb]) => compare(ka, kb) || compare(va, vb))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
