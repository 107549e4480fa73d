/**
 * Two recorded scan days compared (docs/changes.md). Pure: it reads the history through
 * the HistoryReader alone and returns a ChangesResult; the command renders it.
 *
 * - `to` is the newest day any selected scope recorded one of the six kinds' endpoints;
 *   `from` the recorded day before it, or with `since` the newest on or before that day
 *   (none: the oldest after it, `sinceFallback`).
 * - Like with like: per brand, market, endpoint, item and query recorded on both days,
 *   the two bodies' `data` are compared by the kind's rules (kinds.ts), or generically
 *   when either is not the shape the kind expects (generic.ts).
 * - A kind whose endpoint a brand (and market) did not record on both days is listed as
 *   not compared, with the reason.
 * - Worst news first (order.ts).
 */
import type { Change, ChangeMarket, ChangesResult, Compared, KnownKind, NotCompared } from '../../domain/changes.js';
import { CHANGE_KINDS } from '../../domain/changes.js';
import type { AnswerFilter, HistoryReader, RecordedAnswer } from '../types.js';
import { compareGeneric } from './generic.js';
import { compareKind, KIND_ENDPOINTS } from './kinds.js';
import { byWorstNews } from './order.js';

/** Points a share must move to count as a change, unless --threshold says otherwise. */
export const DEFAULT_THRESHOLD = 5;

export interface ChangesAsk {
  api: string;
  /** Brand ids to compare; undefined: every brand recorded. */
  brandIds?: readonly string[] | undefined;
  /** Market codes; undefined: every market. Data identical in every market (market ``) is always compared. */
  markets?: readonly string[] | undefined;
  /** `YYYY-MM-DD`: compare with the newest recorded day on or before it. */
  since?: string | undefined;
  /** Points (default 5). */
  threshold: number;
}

const ENDPOINTS = CHANGE_KINDS.map((k) => KIND_ENDPOINTS[k]);

/** The day the comparison starts from, and whether --since had to take one after it. */
export function pickFrom(days: readonly string[], to: string, since: string | undefined): { from: string | null; sinceFallback: boolean } {
  const earlier = days.filter((d) => d < to);
  if (earlier.length === 0) return { from: null, sinceFallback: false };
  if (since === undefined) return { from: earlier[earlier.length - 1]!, sinceFallback: false };
  const onOrBefore = earlier.filter((d) => d <= since);
  if (onOrBefore.length > 0) return { from: onOrBefore[onOrBefore.length - 1]!, sinceFallback: false };
  return { from: earlier[0]!, sinceFallback: true };
}

/** The `data` of a recorded body, or why it cannot be compared. */
function dataOf(answer: RecordedAnswer): { data: unknown } | { problem: string } {
  let body: unknown;
  try {
    body = JSON.parse(answer.raw);
  } catch {
    return { problem: `the answer recorded on ${answer.day} is not JSON` };
  }
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && Object.hasOwn(body, 'data')) return { data: (body as { data: unknown }).data };
  return { data: body };
}

const pairKey = (a: RecordedAnswer) => `${a.item}\n${a.query}`;

function describeQueries(answers: readonly RecordedAnswer[]): string {
  return [...new Set(answers.map((a) => [a.item, a.query].filter((p) => p !== '').join(' ') || 'no options'))].join(', ');
}

export async function changesFrom(reader: HistoryReader, ask: ChangesAsk): Promise<ChangesResult> {
  const base: AnswerFilter = {
    api: ask.api,
    endpoints: ENDPOINTS,
    ...(ask.brandIds === undefined ? {} : { brandIds: ask.brandIds }),
    ...(ask.markets === undefined ? {} : { markets: [...ask.markets, ''] }),
  };
  const days = await reader.days(base);
  const to = days.length > 0 ? days[days.length - 1]! : null;
  if (to === null) return { from: null, to: null, sinceFallback: false, changes: [], notCompared: [], compared: [] };
  const { from, sinceFallback } = pickFrom(days, to, ask.since);
  if (from === null) return { from: null, to, sinceFallback: false, changes: [], notCompared: [], compared: [] };

  const scopes = await reader.scopes(ask.api);
  const brandName = new Map<string, string>();
  const marketLabel = new Map<string, string>();
  for (const s of scopes) {
    if (s.brandName !== null && !brandName.has(s.brandId)) brandName.set(s.brandId, s.brandName);
    if (s.marketLabel !== null && !marketLabel.has(s.market)) marketLabel.set(s.market, s.marketLabel);
  }
  const brandOf = (id: string) => ({ id, name: brandName.get(id) ?? id });
  const marketOf = (code: string): ChangeMarket | null => (code === '' ? null : { code, label: marketLabel.get(code) ?? null });

  const before = await reader.answers({ ...base, since: from, until: from });
  const after = await reader.answers({ ...base, since: to, until: to });
  const brandIds = ask.brandIds ?? [...new Set([...before, ...after].map((a) => a.brandId))].sort();

  const changes: Change[] = [];
  const notCompared: NotCompared[] = [];
  const compared: Compared[] = [];
  for (const brandId of brandIds) {
    const brand = brandOf(brandId);
    for (const kind of CHANGE_KINDS) {
      const endpoint = KIND_ENDPOINTS[kind];
      const mine = (list: readonly RecordedAnswer[]) => list.filter((a) => a.brandId === brandId && a.endpoint === endpoint);
      const [was, now] = [mine(before), mine(after)];
      const markets = [...new Set([...was, ...now].map((a) => a.market))].sort();
      if (markets.length === 0) {
        notCompared.push({ kind, brand, market: null, endpoint, reason: `not recorded on ${from} nor on ${to}` });
        continue;
      }
      for (const market of markets) {
        const inMarket = (list: readonly RecordedAnswer[]) => list.filter((a) => a.market === market);
        const scope = { kind, brand, market: marketOf(market), endpoint, from, to, threshold: ask.threshold };
        compareScope(scope, inMarket(was), inMarket(now), { changes, notCompared, compared });
      }
    }
  }
  return { from, to, sinceFallback, changes: byWorstNews(changes), notCompared, compared };
}

interface Scope {
  kind: KnownKind;
  brand: { id: string; name: string };
  market: ChangeMarket | null;
  endpoint: string;
  from: string;
  to: string;
  threshold: number;
}

function compareScope(
  scope: Scope,
  was: readonly RecordedAnswer[],
  now: readonly RecordedAnswer[],
  found: Omit<ChangesResult, 'from' | 'to' | 'sinceFallback'>,
): void {
  const { changes, notCompared } = found;
  const { kind, brand, market, endpoint } = scope;
  const skip = (reason: string) => notCompared.push({ kind, brand, market, endpoint, reason });
  if (was.length === 0) return void skip(`not recorded on ${scope.from}`);
  if (now.length === 0) return void skip(`not recorded on ${scope.to}`);
  const earlier = new Map(was.map((a) => [pairKey(a), a]));
  const pairs = now.filter((a) => earlier.has(pairKey(a))).map((a) => [earlier.get(pairKey(a))!, a] as const);
  if (pairs.length === 0) {
    return void skip(`recorded with other options on each day (${scope.from}: ${describeQueries(was)}; ${scope.to}: ${describeQueries(now)})`);
  }
  let counted = false;
  for (const [a, b] of pairs) {
    const [da, db] = [dataOf(a), dataOf(b)];
    if ('problem' in da || 'problem' in db) {
      skip('problem' in da ? da.problem : (db as { problem: string }).problem);
      continue;
    }
    // Something was compared here: a "no change" of this brand and market is now a finding.
    if (!counted) found.compared.push({ kind, brand, market, endpoint });
    counted = true;
    const where = { brand, market, endpoint, item: b.item, query: b.query };
    const known = compareKind(kind, da.data, db.data, scope.threshold);
    if (known !== undefined) {
      for (const c of known) changes.push({ kind, ...c, ...where });
      continue;
    }
    for (const c of compareGeneric(da.data, db.data, scope.threshold)) {
      changes.push({ kind: 'other', subject: c.path, label: null, engine: null, ...c, ...where });
    }
  }
}
