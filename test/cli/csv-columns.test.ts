/**
 * In-process through the HTTP seam: csv columns come from the endpoint's data
 * schema (an empty collection is its header line), unknown fields are never dropped, the
 * period columns close the rows of an endpoint with a period, and a one-record endpoint
 * is key/value rows whatever arrays the payload carries.
 */
import { describe, expect, it } from 'vitest';
import { knownColumns } from '../../src/schemas/columns.js';
import { FakeApi, ok } from '../support/http.js';
import { runInProcess } from '../support/run.js';

const PERIOD = { from: '2025-03-08', to: '2025-03-14', days: 7 };

describe('csv columns from the data schema', () => {
  it("an empty collection is exactly the header line of the schema's row columns", async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok({ period: PERIOD, topics: [] }));
    const r = await runInProcess(['topics', '--format', 'csv'], { api });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('id,name,visibility,change,rank,share_of_voice,rivals,questions,period_from,period_to\r\n');
    api.verify();
  });

  it('nested row objects are dotted columns in the header of an empty collection', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/answers' }, ok({ window: PERIOD, answers: [] }));
    const r = await runInProcess(['answers', '--format', 'csv'], { api });
    expect(r.stdout).toBe(
      'id,prompt,topic_id,topic,rate,runs_counted,named,engines.chatgpt,engines.perplexity,engines.gemini,engines.claude,engines.copilot\r\n',
    );
  });

  it("rows: known columns first in the schema's order, an unknown field kept after them", async () => {
    const row = { new_field: 'x', name: 'Pricing', id: 'pricing', rank: 2 };
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok({ period: PERIOD, topics: [row] }));
    const r = await runInProcess(['topics', '--format', 'csv'], { api });
    expect(r.stdout).toBe('id,name,rank,new_field,period_from,period_to\r\npricing,Pricing,2,x,2025-03-08,2025-03-14\r\n');
  });

  it('data that does not match the schema is still shown in full', async () => {
    const row = { id: 7, visibility: 'high', rivals: { a: 1 } };
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok({ period: PERIOD, topics: [row] }));
    const r = await runInProcess(['topics', '--format', 'csv'], { api });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('id,visibility,rivals.a,period_from,period_to\r\n7,high,1,2025-03-08,2025-03-14\r\n');
  });

  it("--columns still picks and orders; --rows elsewhere is not reordered by the collection's schema", async () => {
    const api = new FakeApi()
      .on({ method: 'GET', path: '/topics' }, ok({ period: PERIOD, topics: [{ name: 'A', id: 'a' }] }))
      .on({ method: 'GET', path: '/topics' }, ok({ period: PERIOD, topics: [], other: [{ z: 1, id: 2 }] }));
    expect((await runInProcess(['topics', '--format', 'csv', '--columns', 'name,id'], { api })).stdout).toBe('name,id\r\nA,a\r\n');
    expect((await runInProcess(['topics', '--format', 'csv', '--rows', 'other'], { api })).stdout).toBe(
      'z,id,period_from,period_to\r\n1,2,2025-03-08,2025-03-14\r\n',
    );
  });
});

describe('one-record endpoints are key/value csv rows', () => {
  const USAGE = {
    account: 'Northwind',
    reads: { used: 10, left: 90 },
    extra: [[1, 2], [3]],
  };

  it('/usage with an array the schema does not know keeps reads.used and reads.left', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/usage' }, ok(USAGE));
    const r = await runInProcess(['usage', '--format', 'csv'], { api });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('key,value\r\naccount,Northwind\r\nreads.used,10\r\nreads.left,90\r\nextra.0,"1; 2"\r\nextra.1,3\r\n');
    api.verify();
  });

  it('an item (pitches get) with an array of records: one key per field of each record', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/pitches/7' }, ok({ id: 7, prospect: 'Acme', notes: [{ a: 1 }, { a: 2 }] }));
    const r = await runInProcess(['pitches', '7', '--format', 'csv'], { api });
    expect(r.stdout).toBe('key,value\r\nid,7\r\nprospect,Acme\r\nnotes.0.a,1\r\nnotes.1.a,2\r\n');
  });

  it('--rows still reaches an array inside a one-record payload', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/usage' }, ok(USAGE));
    const r = await runInProcess(['usage', '--format', 'csv', '--rows', 'extra'], { api });
    expect(r.stdout).toBe('value\r\n"1; 2"\r\n3\r\n');
  });
});

describe('knownColumns', () => {
  it('is empty for an endpoint whose data is one record', () => {
    expect(knownColumns('usage')).toEqual([]);
    expect(knownColumns('overview')).toEqual([]);
  });

  it('a nullable nested object gives its fields', () => {
    expect(knownColumns('activity')).toEqual(['at', 'type', 'title', 'ref.kind', 'ref.id']);
  });

  it('rows of several shapes: the one the first row matches, else the first (search-performance by query or by page)', () => {
    const byQuery = ['query', 'clicks', 'impressions', 'ctr', 'position', 'topic_id', 'page', 'ai_citations', 'ai_cited'];
    const byPage = ['page', 'title', 'clicks', 'impressions', 'ctr', 'position', 'top_query', 'ai_citations', 'ai_cited'];
    expect(knownColumns('search-performance')).toEqual(byQuery);
    expect(knownColumns('search-performance', { rows: [] })).toEqual(byQuery);
    const pageRow = {
      page: 'https://x.example/',
      title: 'X',
      clicks: 1,
      impressions: 2,
      ctr: 50,
      position: 1,
      top_query: 'x',
      ai_citations: 0,
      ai_cited: false,
    };
    expect(knownColumns('search-performance', { rows: [pageRow] })).toEqual(byPage);
  });
});

describe('--rows naming an array the data does not hold', () => {
  it('is a usage error (exit 2) that lists the arrays there are', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok({ period: PERIOD, topics: [{ id: 'a' }], extra: { notes: [] } }));
    const r = await runInProcess(['topics', '--format', 'csv', '--rows', 'nope'], { api });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('arrays available: topics, extra.notes');
  });
});
