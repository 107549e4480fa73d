/**
 * What every HistoryStore does, run against the SQLite store and the PostgreSQL one
 * (store-contract.sqlite.test.ts, store-contract.pg.test.ts): answers recorded directly
 * or taken in from a journal, one per key and day with the newest fetch kept, the reads
 * of the reader contract, prune, check, and the BI views' rows.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { writeEntry } from '../../src/history/journal.js';
import { SCHEMA_VERSION, type AnswerToRecord, type HistoryStore, type RecordedAnswer } from '../../src/history/types.js';
import type { FakeNames } from '../support/fake-history.js';
import { answer, readerContract, SAMPLE, type BodiesKept } from './reader-contract.js';

export type ViewRow = Record<string, string | number | null>;

export interface StoreMaker {
  /** A new, empty store, and the journal folder its ingest() takes in. */
  open(): Promise<{ store: HistoryStore; journal: string }>;
  bodies: BodiesKept;
  /**
   * The rows of a query on the store's BI views, with days as YYYY-MM-DD, is_brand as 1 or
   * 0 and figures as numbers. May close the store first (SQLite's is locked while open).
   */
  view(store: HistoryStore, sql: string): Promise<ViewRow[]>;
}

const API = SAMPLE[0]!.api;
const NAMES: FakeNames = { brands: { '101': 'Northwind CRM', '7': 'Acme' }, markets: { 'US-en': 'United States (English)' } };

function named(a: RecordedAnswer, names: FakeNames): AnswerToRecord {
  const brandName = names.brands?.[a.brandId];
  const marketLabel = names.markets?.[a.market];
  return { ...a, names: { ...(brandName === undefined ? {} : { brandName }), ...(marketLabel === undefined ? {} : { marketLabel }) } };
}

export function storeContract(name: string, maker: StoreMaker): void {
  // The reads, on a store filled by record(), one answer per write to keep the order they came in.
  readerContract(
    name,
    async (answers, names) => {
      const { store } = await maker.open();
      for (const a of answers) await store.record([named(a, names)]);
      return store;
    },
    maker.bodies,
  );

  describe(`HistoryStore contract: ${name}`, () => {
    it('record: counts what it stored and what it dropped as older than the answer kept', async () => {
      const { store } = await maker.open();
      const first = answer({ fetchedAt: 1000, raw: '{"v":1}' });
      const later = answer({ fetchedAt: 3000, raw: '{"v":3}' });
      const older = answer({ fetchedAt: 2000, raw: '{"v":2}' });
      expect(await store.record([first])).toEqual({ stored: 1, superseded: 0 });
      expect(await store.record([later, older])).toEqual({ stored: 1, superseded: 1 });
      expect(await store.record([])).toEqual({ stored: 0, superseded: 0 });
      const got = await store.answers({ api: API });
      expect(got.map((a) => [a.fetchedAt, JSON.parse(a.raw)])).toEqual([[3000, { v: 3 }]]);
      // Within one batch too, whatever the order: the newest is kept.
      const { store: other } = await maker.open();
      expect(await other.record([later, first, older])).toEqual({ stored: 1, superseded: 2 });
      expect((await other.answers({ api: API })).map((a) => a.fetchedAt)).toEqual([3000]);
    });

    it('ingest: takes the journal in, newest kept, damaged entries set aside, the journal emptied', async () => {
      const { store, journal } = await maker.open();
      mkdirSync(journal, { recursive: true, mode: 0o700 });
      const files = [
        writeEntry(journal, answer({ fetchedAt: 1000, raw: '{"n":1}' })),
        writeEntry(journal, answer({ fetchedAt: 5000, raw: '{"n":5}' }), { brandName: 'Northwind CRM' }),
        writeEntry(journal, answer({ day: '2026-11-21', raw: '{"n":21}' })),
      ];
      writeFileSync(join(journal, '3000-1-0badbad0.answer'), 'not an entry');
      expect(await store.ingest()).toEqual({
        stored: 3,
        superseded: 0,
        rejected: [{ file: join(journal, '3000-1-0badbad0.answer'), problem: 'no header line' }],
      });
      expect(readdirSync(journal)).toEqual(['3000-1-0badbad0.answer.rejected']);
      expect(files.some(existsSync)).toBe(false);
      writeEntry(journal, answer({ fetchedAt: 4000, raw: '{"n":4}' }));
      expect(await store.ingest()).toEqual({ stored: 0, superseded: 1, rejected: [] });
      expect((await store.answers({ api: API })).map((a) => [a.day, JSON.parse(a.raw)])).toEqual([
        ['2026-11-20', { n: 5 }],
        ['2026-11-21', { n: 21 }],
      ]);
      expect((await store.scopes(API))[0]!.brandName).toBe('Northwind CRM');
      expect(await store.ingest()).toEqual({ stored: 0, superseded: 0, rejected: [] });
      expect((await store.check()).journal).toEqual({ waiting: 0, rejected: ['3000-1-0badbad0.answer.rejected'] });
    });

    it('keeps the newest name seen for a brand and a market, by fetch time', async () => {
      const { store } = await maker.open();
      await store.record([{ ...answer({ fetchedAt: 2000 }), names: { brandName: 'Second', marketLabel: 'two' } }]);
      await store.record([{ ...answer({ fetchedAt: 1000, day: '2026-11-19' }), names: { brandName: 'First', marketLabel: 'one' } }]);
      expect((await store.scopes(API))[0]).toMatchObject({ brandName: 'Second', marketLabel: 'two', days: 2, firstDay: '2026-11-19', lastDay: '2026-11-20' });
      await store.record([{ ...answer({ fetchedAt: 3000, day: '2026-11-21' }), names: { brandName: 'Third' } }]);
      expect((await store.scopes(API))[0]).toMatchObject({ brandName: 'Third', marketLabel: 'two' });
    });

    it('prune: removes the days before the one given, and the bodies no answer holds any more', async () => {
      const { store } = await maker.open();
      await store.record(SAMPLE.map((a) => named(a, NAMES)));
      expect(await store.check()).toMatchObject({ answers: 9, bodies: 7 });
      expect(await store.prune('2026-11-22')).toEqual({ answers: 4, bodies: 4 });
      expect(await store.days({ api: API })).toEqual(['2026-11-22', '2026-11-23', '2026-11-24']);
      expect(await store.days({ api: 'demo' })).toEqual([]);
      expect(await store.prune('2026-11-22')).toEqual({ answers: 0, bodies: 0 });
      expect(await store.check()).toMatchObject({ answers: 5, bodies: 3 });
      const bad = await store.prune('2026-02-30').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(bad).toBeInstanceOf(UsageError);
      expect((bad as Error).message).toBe('cannot prune the history before "2026-02-30": not a date (YYYY-MM-DD)');
    });

    it('a body is kept once however many answers hold it, and dropped when a newer answer replaces its last one', async () => {
      const { store } = await maker.open();
      await store.record([answer({ raw: '{"same":1}' }), answer({ day: '2026-11-21', raw: '{"same":1}' })]);
      expect(await store.check()).toMatchObject({ answers: 2, bodies: 1 });
      await store.record([answer({ fetchedAt: Date.parse('2026-11-20T06:00:00Z'), raw: '{"other":2}' })]);
      expect(await store.check()).toMatchObject({ answers: 2, bodies: 2 });
      await store.record([answer({ day: '2026-11-21', fetchedAt: Date.parse('2026-11-21T06:00:00Z'), raw: '{"other":2}' })]);
      expect(await store.check()).toMatchObject({ answers: 2, bodies: 1 });
    });

    it('check: schema, counts, every API’s scopes and the months, nothing wrong', async () => {
      const { store } = await maker.open();
      const empty = await store.check();
      expect(empty).toMatchObject({ file: store.file, schemaVersion: SCHEMA_VERSION, answers: 0, bodies: 0, scopes: [], months: [], problems: [] });
      await store.record([...SAMPLE.map((a) => named(a, NAMES)), answer({ day: '2026-10-31' })]);
      const c = await store.check();
      expect(c).toMatchObject({ schemaVersion: SCHEMA_VERSION, answers: 10, bodies: 8, problems: [] });
      expect(c.bytes).toBeGreaterThan(0);
      expect(c.scopes.map((s) => [s.api, s.brandId, s.market, s.days])).toEqual([
        [API, '999', 'US-en', 1],
        [API, '7', '', 1],
        [API, '101', 'GB-en', 1],
        ['demo', '101', 'US-en', 1],
        [API, '101', 'US-en', 4],
      ]);
      expect(c.months.map((m) => [m.month, m.answers])).toEqual([
        ['2026-10', 1],
        ['2026-11', 9],
      ]);
      expect(c.months.every((m) => m.bytes > 0)).toBe(true);
    });

    it('the BI views: one row per topic, per question and engine, per competitor, with the names, NULL for what an answer lacks', async () => {
      const { store } = await maker.open();
      await store.record([
        named(
          answer({
            raw: JSON.stringify({
              data: { topics: [{ id: 't1', name: 'One', visibility: 40.5, change: -1, rank: 2, share_of_voice: 10 }, { id: 't2', visibility: 'high' }, 'odd'] },
            }),
          }),
          NAMES,
        ),
        named(
          answer({
            endpoint: 'prompts',
            raw: JSON.stringify({
              data: {
                prompts: [
                  { id: 'p1', prompt: 'Best CRM?', topic_id: 't1', engines: { chatgpt: { state: 'recommended', rate: 50, position: 1.5 }, claude: null } },
                  { id: 'p2' },
                  { id: 7, engines: {} },
                ],
              },
            }),
          }),
          NAMES,
        ),
        answer({
          endpoint: 'competitors',
          raw: JSON.stringify({
            data: {
              competitors: [
                { name: 'Pipewell', domain: 'pipewell.example', is_brand: false, share_of_voice: 21.4, visibility: 47.3, mentions: 1228 },
                { name: 'Northwind CRM', is_brand: true },
                { name: 'Unmarked', is_brand: 'yes' },
              ],
            },
          }),
        }),
        answer({ endpoint: 'overview', raw: JSON.stringify({ data: { score: 61 } }) }),
        answer({ endpoint: 'topics', day: '2026-11-21', raw: JSON.stringify({ data: { topics: 'none' } }) }),
        answer({ endpoint: 'competitors', day: '2026-11-21', raw: JSON.stringify({ data: [] }) }),
      ]);
      const topics = await maker.view(
        store,
        'SELECT brand, market_label, day, query, fetched_at, topic_id, name, visibility, change, rank, share_of_voice FROM topic_days ORDER BY topic_id',
      );
      const at = Date.parse('2026-11-20T05:00:00Z');
      const scope = { brand: 'Northwind CRM', market_label: 'United States (English)', day: '2026-11-20', query: '', fetched_at: at };
      expect(topics).toEqual([
        { ...scope, topic_id: 't1', name: 'One', visibility: 40.5, change: -1, rank: 2, share_of_voice: 10 },
        { ...scope, topic_id: 't2', name: null, visibility: null, change: null, rank: null, share_of_voice: null },
      ]);
      expect(await maker.view(store, 'SELECT prompt_id, prompt, topic_id, engine, state, rate, position FROM prompt_days ORDER BY prompt_id, engine')).toEqual([
        { prompt_id: '7', prompt: null, topic_id: null, engine: null, state: null, rate: null, position: null },
        { prompt_id: 'p1', prompt: 'Best CRM?', topic_id: 't1', engine: 'chatgpt', state: 'recommended', rate: 50, position: 1.5 },
        { prompt_id: 'p1', prompt: 'Best CRM?', topic_id: 't1', engine: 'claude', state: null, rate: null, position: null },
        { prompt_id: 'p2', prompt: null, topic_id: null, engine: null, state: null, rate: null, position: null },
      ]);
      expect(await maker.view(store, 'SELECT brand, name, domain, is_brand, share_of_voice, visibility, mentions FROM competitor_days ORDER BY name')).toEqual([
        { brand: 'Northwind CRM', name: 'Northwind CRM', domain: null, is_brand: 1, share_of_voice: null, visibility: null, mentions: null },
        { brand: 'Northwind CRM', name: 'Pipewell', domain: 'pipewell.example', is_brand: 0, share_of_voice: 21.4, visibility: 47.3, mentions: 1228 },
        { brand: 'Northwind CRM', name: 'Unmarked', domain: null, is_brand: null, share_of_voice: null, visibility: null, mentions: null },
      ]);
      const bodies = await maker.view(store, "SELECT endpoint, item, day, size, body FROM answer_bodies WHERE endpoint = 'overview'");
      expect(bodies).toHaveLength(1);
      expect(JSON.parse(String(bodies[0]!.body))).toEqual({ data: { score: 61 } });
      expect(bodies[0]).toMatchObject({ endpoint: 'overview', item: '', day: '2026-11-20', size: String(bodies[0]!.body).length });
    });
  });
}
