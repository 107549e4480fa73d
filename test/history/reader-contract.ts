/**
 * What every HistoryReader answers, run against the in-memory FakeHistory (the tests of
 * the commands that read the history use it) and the SQLite store, so both keep one
 * meaning: one answer per key and day, an older fetch never over a newer, filters that
 * match exactly, and a fixed order.
 */
import { describe, expect, it } from 'vitest';
import type { HistoryReader, RecordedAnswer } from '../../src/history/types.js';
import type { FakeNames } from '../support/fake-history.js';

/** Makes a reader holding `answers` (recorded in this order) and the names seen with them. */
export type MakeReader = (answers: readonly RecordedAnswer[], names: FakeNames) => Promise<HistoryReader>;

const API = 'https://api.example.com/v1';

export function answer(over: Partial<RecordedAnswer>): RecordedAnswer {
  return {
    api: API,
    brandId: '101',
    market: 'US-en',
    endpoint: 'topics',
    item: '',
    query: '',
    day: '2026-11-20',
    fetchedAt: Date.parse(`${over.day ?? '2026-11-20'}T05:00:00Z`),
    raw: JSON.stringify({ data: { day: over.day ?? '2026-11-20' } }),
    ...over,
  };
}

const NAMES: FakeNames = { brands: { '101': 'Northwind CRM', '7': 'Acme' }, markets: { 'US-en': 'United States (English)' } };

/** A small recorded history: two brands, two markets, three endpoints, four days, another API. */
export const SAMPLE: readonly RecordedAnswer[] = [
  answer({ day: '2026-11-20' }),
  answer({ day: '2026-11-21', raw: '{"data":{"text":"caf\u00e9 \u{1F600}"},  "meta" : {}}' }),
  answer({ day: '2026-11-22', endpoint: 'prompts' }),
  answer({ day: '2026-11-22', endpoint: 'topics.get', item: 'crm-for-startups' }),
  answer({ day: '2026-11-22', query: 'days=30' }),
  answer({ day: '2026-11-23', market: 'GB-en' }),
  answer({ day: '2026-11-21', brandId: '7', market: '' }),
  answer({ day: '2026-11-24', brandId: '999' }),
  answer({ day: '2026-11-19', api: 'demo' }),
];

/**
 * How bodies come back: `exact`, the text as received (FakeHistory, SQLite); `json`, the
 * same JSON value (PostgreSQL keeps jsonb, which normalises whitespace and key order).
 */
export type BodiesKept = 'exact' | 'json';

export function readerContract(name: string, make: MakeReader, bodies: BodiesKept = 'exact'): void {
  /** An answer as the reader must give it back: its body as text, or as the JSON value it holds. */
  const kept = (a: RecordedAnswer) => ({ ...a, raw: bodies === 'exact' ? a.raw : (JSON.parse(a.raw) as unknown) });

  describe(`HistoryReader contract: ${name}`, () => {
    it('days: every recorded day of the API, oldest first, each once', async () => {
      const r = await make(SAMPLE, NAMES);
      expect(await r.days({ api: API })).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24']);
      expect(await r.days({ api: 'demo' })).toEqual(['2026-11-19']);
      expect(await r.days({ api: 'https://other.example' })).toEqual([]);
    });

    it('filters match exactly, and an empty list matches nothing', async () => {
      const r = await make(SAMPLE, NAMES);
      expect(await r.days({ api: API, brandIds: ['7'] })).toEqual(['2026-11-21']);
      expect(await r.days({ api: API, brandIds: ['7', '999'] })).toEqual(['2026-11-21', '2026-11-24']);
      expect(await r.days({ api: API, brandIds: [] })).toEqual([]);
      expect(await r.days({ api: API, markets: ['GB-en'] })).toEqual(['2026-11-23']);
      expect(await r.days({ api: API, markets: [''] })).toEqual(['2026-11-21']);
      expect(await r.days({ api: API, endpoints: ['prompts', 'topics.get'] })).toEqual(['2026-11-22']);
      expect(await r.days({ api: API, endpoints: [] })).toEqual([]);
      expect((await r.answers({ api: API, item: 'crm-for-startups' })).map((a) => a.endpoint)).toEqual(['topics.get']);
      expect((await r.answers({ api: API, query: 'days=30' })).map((a) => a.day)).toEqual(['2026-11-22']);
      expect((await r.answers({ api: API, query: '', item: '', endpoints: ['topics'], brandIds: ['101'], markets: ['US-en'] })).map((a) => a.day)).toEqual([
        '2026-11-20',
        '2026-11-21',
      ]);
    });

    it('since and until are inclusive bounds on the day', async () => {
      const r = await make(SAMPLE, NAMES);
      expect(await r.days({ api: API, since: '2026-11-21', until: '2026-11-23' })).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
      expect(await r.days({ api: API, since: '2026-11-24' })).toEqual(['2026-11-24']);
      expect(await r.days({ api: API, until: '2026-11-20' })).toEqual(['2026-11-20']);
      expect(await r.days({ api: API, since: '2026-11-25' })).toEqual([]);
    });

    it('answers: oldest day first, then brand, market, endpoint, item, query; bodies exactly as received', async () => {
      const r = await make(SAMPLE, NAMES);
      const got = await r.answers({ api: API });
      expect(got.map((a) => [a.day, a.brandId, a.market, a.endpoint, a.item, a.query])).toEqual([
        ['2026-11-20', '101', 'US-en', 'topics', '', ''],
        ['2026-11-21', '101', 'US-en', 'topics', '', ''],
        ['2026-11-21', '7', '', 'topics', '', ''],
        ['2026-11-22', '101', 'US-en', 'prompts', '', ''],
        ['2026-11-22', '101', 'US-en', 'topics', '', 'days=30'],
        ['2026-11-22', '101', 'US-en', 'topics.get', 'crm-for-startups', ''],
        ['2026-11-23', '101', 'GB-en', 'topics', '', ''],
        ['2026-11-24', '999', 'US-en', 'topics', '', ''],
      ]);
      expect(kept(got[1]!)).toEqual(kept(SAMPLE[1]!));
      if (bodies === 'exact') expect(got[1]!.raw).toBe('{"data":{"text":"caf\u00e9 \u{1F600}"},  "meta" : {}}');
      else expect(JSON.parse(got[1]!.raw)).toEqual({ data: { text: 'caf\u00e9 \u{1F600}' }, meta: {} });
      expect(got[0]!.fetchedAt).toBe(Date.parse('2026-11-20T05:00:00Z'));
    });

    it('one answer per key and day: a later fetch replaces it, an older one never does', async () => {
      const first = answer({ fetchedAt: 1000, raw: '{"v":1}' });
      const later = answer({ fetchedAt: 3000, raw: '{"v":3}' });
      const older = answer({ fetchedAt: 2000, raw: '{"v":2}' });
      const r = await make([first, later, older], NAMES);
      expect((await r.answers({ api: API })).map(kept)).toEqual([kept(later)]);
      const back = await make([later, first], NAMES);
      expect((await back.answers({ api: API })).map((a) => kept(a).raw)).toEqual([kept(later).raw]);
    });

    it('scopes: one per brand and market, with names, days and the first and last day, by name (else id) then market', async () => {
      const r = await make(SAMPLE, NAMES);
      expect(await r.scopes(API)).toEqual([
        {
          api: API,
          brandId: '999',
          brandName: null,
          market: 'US-en',
          marketLabel: 'United States (English)',
          days: 1,
          firstDay: '2026-11-24',
          lastDay: '2026-11-24',
        },
        { api: API, brandId: '7', brandName: 'Acme', market: '', marketLabel: null, days: 1, firstDay: '2026-11-21', lastDay: '2026-11-21' },
        { api: API, brandId: '101', brandName: 'Northwind CRM', market: 'GB-en', marketLabel: null, days: 1, firstDay: '2026-11-23', lastDay: '2026-11-23' },
        {
          api: API,
          brandId: '101',
          brandName: 'Northwind CRM',
          market: 'US-en',
          marketLabel: 'United States (English)',
          days: 3,
          firstDay: '2026-11-20',
          lastDay: '2026-11-22',
        },
      ]);
      expect(await r.scopes('https://other.example')).toEqual([]);
    });
  });
}
