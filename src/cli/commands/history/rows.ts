/**
 * A recorded series read back. The bodies come from the history store, a file vis reads
 * back: each is checked as if the server had just sent it (JSON, an envelope with `data`,
 * nested no deeper than an answer may be); one that is not is left out, and said so on
 * stderr, rather than failing the whole series. The json is vis's own document,
 * `{"data":{"days":[{"day","fetched_at","data","meta"}]},"meta":{...}}`, each day's `data`
 * and `meta` as received, numbers as sent; the rows of csv and the tables are
 * src/output/views/history-rows.ts.
 */
import type { RecordedAnswer } from '../../../history/types.js';
import { parseExactJson, parseKeepingNumbers } from '../../../output/exact-json.js';
import { isPlainObject } from '../../../output/flatten.js';
import { exactStringify } from '../../../text/raw-number.js';
import { MAX_NESTING, nestedDeeperThan } from '../../../text/nesting.js';
import type { RecordedDay } from '../../../output/views/history-rows.js';

export type { RecordedDay };

/** The answers as days; `skipped` names the days whose body could not be read back. */
export function readDays(answers: readonly RecordedAnswer[]): { days: RecordedDay[]; skipped: Array<{ day: string; why: string }> } {
  const days: RecordedDay[] = [];
  const skipped: Array<{ day: string; why: string }> = [];
  for (const a of answers) {
    let body: unknown;
    try {
      body = parseBody(a.raw);
    } catch {
      skipped.push({ day: a.day, why: 'its recorded body is not JSON' });
      continue;
    }
    if (!isPlainObject(body) || !Object.hasOwn(body, 'data')) skipped.push({ day: a.day, why: 'its recorded body has no data' });
    else if (nestedDeeperThan(body, MAX_NESTING)) skipped.push({ day: a.day, why: `its recorded body is nested deeper than ${MAX_NESTING} levels` });
    else days.push({ day: a.day, fetchedAt: a.fetchedAt, data: body.data, meta: Object.hasOwn(body, 'meta') ? body.meta : null });
  }
  return { days, skipped };
}

/**
 * A body as the exact parser reads it, sooner: JSON.parse's own result when every number
 * in it prints as sent (one scan of the text, as the client does with an answer), the exact
 * parse otherwise. Text JSON.parse refuses goes to the exact parser, which reads it as it
 * always did (it takes a little more than JSON.parse, and no depth is too deep for it).
 */
function parseBody(raw: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return parseExactJson(raw);
  }
  return parseKeepingNumbers(raw, parsed);
}

export interface SeriesMeta {
  api: string;
  brand: { id: string; name: string | null } | null;
  market: { code: string; label: string | null } | null;
  endpoint: string;
  item: string;
  query: string;
  since: string | null;
  until: string | null;
}

/** The json document (see the module comment), compact: the json renderer indents it. */
export function seriesJson(days: readonly RecordedDay[], meta: SeriesMeta): string {
  return exactStringify({
    data: {
      days: days.map((d) => ({ day: d.day, fetched_at: isoTime(d.fetchedAt), data: d.data, meta: d.meta })),
    },
    meta,
  });
}

/** A time the store gave back, as ISO text; null when it is no time a Date holds. */
function isoTime(ms: number): string | null {
  const t = new Date(ms);
  return Number.isNaN(t.getTime()) ? null : t.toISOString();
}
