/**
 * An in-memory history (the HistoryReader of src/history/types.ts), for the tests of the
 * commands that read the history: `vis history`, `vis changes`, `vis report`. The SQLite
 * store answers the same calls the same way (test/history/store.test.ts runs the same
 * cases against both).
 */
import type { AnswerFilter, HistoryReader, RecordedAnswer, RecordedScope } from '../../src/history/types.js';

export interface FakeNames {
  /** brand id -> name */
  brands?: Record<string, string>;
  /** market code -> label */
  markets?: Record<string, string>;
}

export class FakeHistory implements HistoryReader {
  private readonly rows: RecordedAnswer[] = [];

  constructor(
    answers: readonly RecordedAnswer[] = [],
    private readonly names: FakeNames = {},
  ) {
    for (const a of answers) this.record(a);
  }

  /** One answer per key and day: a later fetch replaces an earlier one, an older one never replaces a newer. */
  record(answer: RecordedAnswer): void {
    const i = this.rows.findIndex((r) => sameKey(r, answer));
    if (i < 0) this.rows.push(answer);
    else if (answer.fetchedAt >= this.rows[i]!.fetchedAt) this.rows[i] = answer;
  }

  async days(filter: AnswerFilter): Promise<string[]> {
    return [...new Set(this.match(filter).map((a) => a.day))].sort();
  }

  async answers(filter: AnswerFilter): Promise<RecordedAnswer[]> {
    return this.match(filter).sort(
      (a, b) =>
        cmp(a.day, b.day) ||
        cmp(a.brandId, b.brandId) ||
        cmp(a.market, b.market) ||
        cmp(a.endpoint, b.endpoint) ||
        cmp(a.item, b.item) ||
        cmp(a.query, b.query),
    );
  }

  async scopes(api: string): Promise<RecordedScope[]> {
    const by = new Map<string, RecordedAnswer[]>();
    for (const a of this.rows.filter((r) => r.api === api)) {
      const k = `${a.brandId}\n${a.market}`;
      by.set(k, [...(by.get(k) ?? []), a]);
    }
    const out: RecordedScope[] = [...by.values()].map((list) => {
      const days = [...new Set(list.map((a) => a.day))].sort();
      const { brandId, market } = list[0]!;
      return {
        api,
        brandId,
        brandName: this.names.brands?.[brandId] ?? null,
        market,
        marketLabel: this.names.markets?.[market] ?? null,
        days: days.length,
        firstDay: days[0]!,
        lastDay: days[days.length - 1]!,
      };
    });
    return out.sort((a, b) => cmp(a.brandName ?? a.brandId, b.brandName ?? b.brandId) || cmp(a.market, b.market));
  }

  private match(f: AnswerFilter): RecordedAnswer[] {
    return this.rows.filter(
      (a) =>
        a.api === f.api &&
        (f.brandIds === undefined || f.brandIds.includes(a.brandId)) &&
        (f.markets === undefined || f.markets.includes(a.market)) &&
        (f.endpoints === undefined || f.endpoints.includes(a.endpoint)) &&
        (f.item === undefined || a.item === f.item) &&
        (f.query === undefined || a.query === f.query) &&
        (f.since === undefined || a.day >= f.since) &&
        (f.until === undefined || a.day <= f.until),
    );
  }
}

function sameKey(a: RecordedAnswer, b: RecordedAnswer): boolean {
  return (
    a.api === b.api &&
    a.brandId === b.brandId &&
    a.market === b.market &&
    a.endpoint === b.endpoint &&
    a.item === b.item &&
    a.query === b.query &&
    a.day === b.day
  );
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
