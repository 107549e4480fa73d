/**
 * src/history/identity.ts rule by rule: what one recorded answer is filed under, so the
 * same question asked two ways continues one series.
 */
import { describe, expect, it } from 'vitest';
import { endpointById } from '../../src/endpoints.js';
import { answerIdentity, itemOfPath, normaliseQuery } from '../../src/history/identity.js';

const API = 'https://api.example.com/api/v1';
const META = { brand: { id: 101, name: 'Northwind CRM' }, market: { id: 1, code: 'US-en', label: 'United States (English)' } };
const topics = endpointById('topics');
const id = (spec = topics, path = spec.path, query: Array<[string, string]> = [], meta: Record<string, unknown> | null = META, api = API) =>
  answerIdentity(api, spec, { path, query }, meta === null ? {} : { meta });

describe('answerIdentity', () => {
  it('files `vis topics` under the answer’s brand and market, with the names seen', () => {
    expect(id()).toEqual({
      key: { api: API, brandId: '101', market: 'US-en', endpoint: 'topics', item: '', query: '' },
      names: { brandName: 'Northwind CRM', marketLabel: 'United States (English)' },
    });
  });

  it('api: the base URL without a trailing slash, or demo as given', () => {
    expect(id(topics, '/topics', [], META, `${API}/`)?.key.api).toBe(API);
    expect(id(topics, '/topics', [], META, `${API}//`)?.key.api).toBe(API);
    expect(id(topics, '/topics', [], META, 'demo')?.key.api).toBe('demo');
  });

  it('vis topics ≡ vis topics --days 7 (the default window), not --days 30', () => {
    expect(id(topics, '/topics', [['days', '7']])?.key).toEqual(id()?.key);
    expect(id(topics, '/topics', [['days', '30']])?.key.query).toBe('days=30');
  });

  it('days equal to the default stays when --from or --to sets the window', () => {
    expect(
      id(topics, '/topics', [
        ['days', '7'],
        ['to', '2026-11-20'],
      ])?.key.query,
    ).toBe('days=7&to=2026-11-20');
    expect(
      id(topics, '/topics', [
        ['from', '2026-11-01'],
        ['days', '7'],
      ])?.key.query,
    ).toBe('days=7&from=2026-11-01');
  });

  it('days of an endpoint with its own default window (search-performance: 28)', () => {
    const sp = endpointById('search-performance');
    expect(id(sp, sp.path, [['days', '28']])?.key.query).toBe('');
    expect(id(sp, sp.path, [['days', '7']])?.key.query).toBe('days=7');
  });

  it('days is not a window of an endpoint without a period: kept', () => {
    const visibility = endpointById('visibility');
    expect(id(visibility, visibility.path, [['days', '7']])?.key.query).toBe('days=7');
  });

  it('parameters equal to their documented default are left out, others kept', () => {
    const tasks = endpointById('tasks');
    expect(
      id(tasks, tasks.path, [
        ['status', 'open'],
        ['limit', '30'],
      ])?.key.query,
    ).toBe('');
    expect(
      id(tasks, tasks.path, [
        ['status', 'done'],
        ['limit', '30'],
      ])?.key.query,
    ).toBe('status=done');
    const forum = endpointById('forum');
    expect(id(forum, forum.path, [['limit', '20']])?.key.query).toBe('');
  });

  it('the rest sorted by name, then value, URL-encoded', () => {
    expect(
      id(topics, '/topics', [
        ['zeta', 'a b'],
        ['alpha', 'x&y=z'],
        ['days', '30'],
        ['alpha', 'a'],
      ])?.key.query,
    ).toBe('alpha=a&alpha=x%26y%3Dz&days=30&zeta=a%20b');
  });

  it('brand: the request’s brand_id over the answer’s; export-style brand_id ≡ the meta’s id', () => {
    expect(id(topics, '/topics', [['brand_id', '101']])?.key).toEqual(id()?.key);
    expect(id(topics, '/topics', [['brand_id', '202']], META)?.key.brandId).toBe('202');
    expect(id(topics, '/topics', [['brand_id', '202']], {})?.key.brandId).toBe('202');
  });

  it('brand: a string id in the meta', () => {
    expect(id(topics, '/topics', [], { brand: { id: 'b-7' } })?.key.brandId).toBe('b-7');
  });

  it('a request with no query at all', () => {
    expect(answerIdentity(API, topics, { path: '/topics' }, { meta: META })?.key.query).toBe('');
  });

  it('a parameter with no documented default is kept, whatever its value', () => {
    const spec = {
      ...topics,
      query: [{ name: 'engine', flag: 'engine', placeholder: '<e>', spec: { kind: 'enum', values: ['a'] } as const, description: '' }],
    };
    expect(id(spec, '/topics', [['engine', 'undefined']])?.key.query).toBe('engine=undefined');
  });

  it('no brand id either way: not recorded', () => {
    expect(id(topics, '/topics', [], { brand: { id: true } })).toBeUndefined();
    expect(id(topics, '/topics', [], { brand: { id: null } })).toBeUndefined();
    expect(id(topics, '/topics', [], { brand: { id: { n: 1 } } })).toBeUndefined();
    expect(id(topics, '/topics', [], {})).toBeUndefined();
    expect(id(topics, '/topics', [], null)).toBeUndefined();
    expect(id(topics, '/topics', [], { brand: { name: 'Acme' } })).toBeUndefined();
    expect(id(topics, '/topics', [], { brand: 'Acme' })).toBeUndefined();
    expect(id(topics, '/topics', [], { brand: null })).toBeUndefined();
    expect(id(topics, '/topics', [], { brand: [101] })).toBeUndefined();
  });

  it('an id the journal would refuse: not recorded', () => {
    expect(id(topics, '/topics', [], { brand: { id: -1 } })).toBeUndefined();
    expect(id(topics, '/topics', [], { brand: { id: 1.5 } })).toBeUndefined();
    expect(id(topics, '/topics', [], { brand: { id: 'a b' } })).toBeUndefined();
    expect(id(topics, '/topics', [], { brand: { id: '' } })).toBeUndefined();
    expect(id(topics, '/topics', [['brand_id', 'x/y']])).toBeUndefined();
    expect(id(topics, '/topics', [['brand_id', 'x'.repeat(101)]])).toBeUndefined();
    expect(id(topics, '/topics', [['brand_id', 'x'.repeat(100)]])?.key.brandId).toBe('x'.repeat(100));
    expect(id(topics, '/topics', [], { brand: { id: 0 } })?.key.brandId).toBe('0');
  });

  it('brand_id sent twice is not the request’s word: the answer’s id decides', () => {
    expect(
      id(topics, '/topics', [
        ['brand_id', '5'],
        ['brand_id', '6'],
      ])?.key.brandId,
    ).toBe('101');
  });

  it('market: the request’s over the answer’s; removed from the query', () => {
    const k = id(topics, '/topics', [
      ['market', 'GB-en'],
      ['days', '30'],
    ])?.key;
    expect(k?.market).toBe('GB-en');
    expect(k?.query).toBe('days=30');
  });

  it('an answer that names no market, asked for one: filed under the one asked for, no label', () => {
    expect(id(topics, '/topics', [['market', 'GB-en']], { brand: { id: 1, name: 'A' } })).toStrictEqual({
      key: { api: API, brandId: '1', market: 'GB-en', endpoint: 'topics', item: '', query: '' },
      names: { brandName: 'A' },
    });
    expect(id(topics, '/topics', [['market', 'GB-en']], { brand: { id: 1 }, market: null })?.names).toStrictEqual({});
  });

  it('a label beside an empty market code is no market’s', () => {
    expect(id(topics, '/topics', [], { brand: { id: 1 }, market: { code: '', label: 'Somewhere' } })?.names).toStrictEqual({});
  });

  it('market: `` when neither names one', () => {
    expect(id(topics, '/topics', [], { brand: { id: 1 } })?.key.market).toBe('');
    expect(id(topics, '/topics', [], { brand: { id: 1 }, market: { code: '' } })?.key.market).toBe('');
    expect(id(topics, '/topics', [], { brand: { id: 1 }, market: { code: 7 } })?.key.market).toBe('');
  });

  it('market: `` for data the same in every market and for endpoints without markets; the label goes too', () => {
    const perception = endpointById('brand-perception');
    expect(id(perception, perception.path, [['market', 'GB-en']])).toEqual({
      key: { api: API, brandId: '101', market: '', endpoint: 'brand-perception', item: '', query: '' },
      names: { brandName: 'Northwind CRM' },
    });
    const pitches = endpointById('pitches');
    expect(id(pitches, pitches.path)?.key.market).toBe('');
  });

  it('a market code the journal would refuse: not recorded', () => {
    expect(id(topics, '/topics', [['market', 'US en']])).toBeUndefined();
    expect(id(topics, '/topics', [['market', 'x'.repeat(65)]])).toBeUndefined();
  });

  it('item: the decoded path parameter of an item endpoint', () => {
    const get = endpointById('topics.get');
    expect(id(get, '/topics/crm%20for%20startups')?.key).toEqual({
      api: API,
      brandId: '101',
      market: 'US-en',
      endpoint: 'topics.get',
      item: 'crm for startups',
      query: '',
    });
    const competitor = endpointById('competitors.get');
    expect(id(competitor, '/competitors/Globex%2FCRM')?.key.item).toBe('Globex/CRM');
  });

  it('item: a path that is not the endpoint’s is not recorded', () => {
    expect(id(endpointById('topics.get'), '/topics')).toBeUndefined();
    expect(id(endpointById('topics.get'), '/topics/%E0%A4%A')).toBeUndefined();
    expect(id(topics, '/visibility')).toBeUndefined();
  });

  it('item: the question of answers runs travels in the query, and leaves it', () => {
    const runs = endpointById('answers.runs');
    const k = id(runs, runs.path, [
      ['prompt', 'best CRM?'],
      ['days', '30'],
    ])?.key;
    expect(k?.item).toBe('best CRM?');
    expect(k?.query).toBe('days=30');
    expect(id(runs, runs.path, [])?.key.item).toBe('');
  });

  it('an item with a control character, or too long: not recorded', () => {
    const runs = endpointById('answers.runs');
    expect(id(runs, runs.path, [['prompt', 'a\nb']])).toBeUndefined();
    expect(id(runs, runs.path, [['prompt', 'x'.repeat(1001)]])).toBeUndefined();
    expect(id(runs, runs.path, [['prompt', 'x'.repeat(1000)]])?.key.item).toHaveLength(1000);
  });

  it('a query too long for the journal: not recorded', () => {
    expect(id(topics, '/topics', [['q', 'x'.repeat(7998)]])?.key.query).toHaveLength(8000);
    expect(id(topics, '/topics', [['q', 'x'.repeat(7999)]])).toBeUndefined();
  });

  it('names: only those of the brand and market filed, and only plain text', () => {
    expect(id(topics, '/topics', [['brand_id', '202']])?.names).toStrictEqual({ marketLabel: 'United States (English)' });
    expect(id(topics, '/topics', [['market', 'GB-en']])?.names).toStrictEqual({ brandName: 'Northwind CRM' });
    const odd = { brand: { id: 1, name: 'A\u001b[31mB' }, market: { code: 'US-en', label: 'x'.repeat(501) } };
    expect(id(topics, '/topics', [], odd)?.names).toStrictEqual({});
    expect(id(topics, '/topics', [], { brand: { id: 1, name: '  ' }, market: { code: 'US-en', label: 3 } })?.names).toStrictEqual({});
    expect(id(topics, '/topics', [], { brand: { id: 1, name: 'x'.repeat(500) } })?.names.brandName).toHaveLength(500);
    // A meta that names the brand without its id: the name of the brand asked for.
    expect(id(topics, '/topics', [['brand_id', '5']], { brand: { name: 'Acme' } })?.names).toStrictEqual({ brandName: 'Acme' });
  });
});

describe('normaliseQuery', () => {
  it('empty when nothing is left', () => {
    expect(normaliseQuery(topics, [])).toBe('');
    expect(normaliseQuery(topics, [['days', '7']])).toBe('');
  });
});

describe('itemOfPath', () => {
  it.each([
    ['/topics', '/topics', ''],
    ['/topics/{id}', '/topics/abc', 'abc'],
    ['/topics/{id}', '/topics/a%2Fb', 'a/b'],
    ['/topics/{id}', '/topics', undefined],
    ['/topics/{id}', '/topics/', undefined],
    ['/topics/{id}', '/topics/a/b', undefined],
    ['/topics', '/topic', undefined],
    ['/answers/runs', '/answers/history', undefined],
    ['/a/x{id}', '/a/other', undefined],
    ['/a/{id}x', '/a/other', undefined],
    ['/a/x{id}', '/a/x{id}', ''],
  ])('%s against %s: %j', (template, path, item) => {
    expect(itemOfPath(template, path)).toBe(item);
  });
});
