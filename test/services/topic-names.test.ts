/**
 * Topic names beside answers that name topics by id (src/services/topic-names.ts): on a
 * terminal, from a GET /topics answer of the same brand and market the cache already
 * holds, fresh or stale, and never a read spent for them; else the ids, as the answer has
 * them. json, csv and the piped table are the answer as it came.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../../src/cache/store.js';
import { entryFileName, entryKey } from '../../src/cache/keys.js';
import { answerScope, cachedTopicNames, demoTopicNames, MAX_ENTRIES, resultScope } from '../../src/services/topic-names.js';
import { createContext } from '../../src/services/context.js';
import { testIO } from '../support/context.js';
import { fakeClock } from '../support/context.js';
import { FakeApi, ok } from '../support/http.js';
import { runInProcess, TEST_KEY } from '../support/run.js';

const BRAND = { id: 101, name: 'Northwind CRM' };
const US = { id: 1011, code: 'US-en', label: 'United States (English)' };
const GB = { id: 1012, code: 'GB-en', label: 'United Kingdom (English)' };
const TOPICS = {
  topics: [
    { id: 'crm-migration', name: 'Switching CRMs', visibility: 45.8 },
    { id: 'sales-forecasting', name: 'Sales forecasting', visibility: 20.1 },
    { id: 'crm-reporting', name: 'Reporting and dashboards', visibility: 12 },
  ],
};
const PROMPTS = {
  prompts: [
    {
      id: 'migrate-globex',
      prompt: 'How hard is it to migrate from Globex CRM?',
      topic_id: 'crm-migration',
      engines: { chatgpt: { state: 'absent', rate: 85.7, position: null } },
    },
    {
      id: 'ai-forecast',
      prompt: 'Which CRM has accurate AI sales forecasting?',
      topic_id: 'sales-forecasting',
      engines: { chatgpt: { state: 'absent', rate: 100, position: null } },
    },
  ],
};
const TASKS = {
  total: 1,
  tasks: [
    {
      id: 5012,
      title: 'Get Northwind CRM reviewed on capterra.com',
      priority: 'high',
      status: 'open',
      layer: 'authority',
      impact: 8,
      topics: ['crm-reporting', 'sales-forecasting'],
    },
  ],
};
const TASK = { task: { id: 8664, title: 'Write a page on forecasting', priority: 'high', status: 'open', layer: 'content', topics: ['sales-forecasting'] } };

/** One home for several runs, so they share one cache; its root. */
function home(): { env: Record<string, string>; root: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vis-topic-names-'));
  return { env: { HOME: dir, VIS_CONFIG_DIR: join(dir, 'config'), VIS_FORCE_TTY: '100' }, root: join(dir, 'config-cache') };
}

/** Every file under the cache root with its bytes and modification time. */
function snapshot(root: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(root)) return out;
  for (const d of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!d.isFile()) continue;
    const path = join(d.parentPath, d.name);
    out.set(path, `${statSync(path).mtimeMs} ${readFileSync(path, 'base64')}`);
  }
  return out;
}

/** GET /topics of the brand in a market, read once by `vis topics`, so the cache holds it. */
async function cacheTopics(env: Record<string, string>, clock = fakeClock(), market = US): Promise<void> {
  const args = market === US ? [] : ['--market', market.code];
  const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS, { brand: BRAND, market }));
  const r = await runInProcess(['topics', ...args, '-f', 'json'], { api, env, clock });
  expect(r.code, r.stderr).toBe(0);
  api.verify();
}

describe('topic names on a terminal', () => {
  it('vis prompts groups its questions under the topics’ names (ids dimmed beside them), spending only its own read', async () => {
    const { env, root } = home();
    const clock = fakeClock();
    await cacheTopics(env, clock);
    const before = snapshot(root);
    const api = new FakeApi().on({ method: 'GET', path: '/prompts' }, ok(PROMPTS, { brand: BRAND, market: US }));
    const r = await runInProcess(['prompts'], { api, env, clock });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Switching CRMs {2}crm-migration$/m);
    expect(r.stdout).toMatch(/^Sales forecasting {2}sales-forecasting$/m);
    expect(api.requests.map((q) => q.path)).toEqual(['/prompts']);
    api.verify();
    // Nothing written for the names: the topics entry as it was, no read counted as saved; only the prompts answer joined.
    const after = snapshot(root);
    for (const [path, was] of before) expect(after.get(path), path).toBe(was);
    // (The prompts answer is filed under its brand's key too: src/services/cached.ts aliasKeys.)
    const added = [...after.keys()].filter((p) => !before.has(p)).map((p) => p.slice(p.lastIndexOf('/') + 1));
    expect(added.length).toBeGreaterThan(0);
    for (const name of added) expect(name).toMatch(/^prompts\./);
  });

  it('a stale GET /topics still names them (a name outlives the day’s figures)', async () => {
    const { env } = home();
    const clock = fakeClock(Date.parse('2026-11-22T10:00:00Z'));
    await cacheTopics(env, clock);
    clock.t += 5 * 24 * 3600_000;
    const api = new FakeApi().on({ method: 'GET', path: '/prompts' }, ok(PROMPTS, { brand: BRAND, market: US }));
    const r = await runInProcess(['prompts'], { api, env, clock });
    expect(r.stdout).toMatch(/^Switching CRMs {2}crm-migration$/m);
    expect(api.requests).toHaveLength(1);
  });

  it('a cache without GET /topics keeps the ids, and says so only under --debug', async () => {
    const { env } = home();
    const api = new FakeApi().on({ method: 'GET', path: '/prompts' }, ok(PROMPTS, { brand: BRAND, market: US }), 2);
    const r = await runInProcess(['prompts'], { api, env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^crm-migration$/m);
    expect(r.stdout).not.toContain('Switching CRMs');
    expect(r.stderr).toBe('');
    expect(api.requests.map((q) => q.path)).toEqual(['/prompts']);
    const debug = await runInProcess(['prompts', '--refresh', '--debug'], { api, env });
    expect(debug.stderr).toContain('topic names: no cached GET /topics of this brand and market; the ids are shown');
  });

  it('another market’s topics do not name this one’s', async () => {
    const { env } = home();
    await cacheTopics(env, fakeClock(), GB);
    const api = new FakeApi().on({ method: 'GET', path: '/prompts' }, ok(PROMPTS, { brand: BRAND, market: US }));
    const r = await runInProcess(['prompts'], { api, env });
    expect(r.stdout).toMatch(/^crm-migration$/m);
    expect(r.stdout).not.toContain('Switching CRMs');
  });

  it('--no-cache (VIS_CACHE=off) reads no cache for names either', async () => {
    const { env } = home();
    await cacheTopics(env);
    const api = new FakeApi().on({ method: 'GET', path: '/prompts' }, ok(PROMPTS, { brand: BRAND, market: US }));
    const r = await runInProcess(['prompts', '--no-cache'], { api, env });
    expect(r.stdout).toMatch(/^crm-migration$/m);
  });

  it('json, csv and the piped table are the answer as it came, names cached or not', async () => {
    const named = home();
    const bare = home();
    await cacheTopics(named.env);
    for (const args of [
      ['-f', 'json'],
      ['-f', 'csv'],
      ['-f', 'table'],
    ]) {
      const outs: string[] = [];
      for (const env of [named.env, bare.env]) {
        const api = new FakeApi().on({ method: 'GET', path: '/prompts' }, ok(PROMPTS, { brand: BRAND, market: US }), 'always');
        const r = await runInProcess(['prompts', ...args, '--no-cache'], { api, env: { ...env, VIS_FORCE_TTY: '' } });
        const withCache = await runInProcess(['prompts', ...args, '--refresh'], { api, env: { ...env, VIS_FORCE_TTY: '' } });
        expect(withCache.stdout).toBe(r.stdout);
        outs.push(withCache.stdout);
      }
      expect(outs[0]).toBe(outs[1]);
      expect(outs[0]).toContain('crm-migration');
      expect(outs[0]).not.toContain('Switching CRMs');
    }
  });

  it('vis tasks lists each task’s topics by name; vis tasks <id> names those its brief does not', async () => {
    const { env } = home();
    await cacheTopics(env);
    const api = new FakeApi()
      .on({ method: 'GET', path: '/tasks' }, ok(TASKS, { brand: BRAND, market: US }))
      .on({ method: 'GET', path: '/tasks/8664' }, ok(TASK, { brand: BRAND, market: US }));
    const list = await runInProcess(['tasks'], { api, env });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('Reporting and dashboards, Sales forecasting');
    expect(list.stdout).not.toContain('crm-reporting');
    const one = await runInProcess(['tasks', '8664'], { api, env });
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toContain('topics Sales forecasting');
    expect(api.requests.map((q) => q.path)).toEqual(['/tasks', '/tasks/8664']);
    api.verify();
  });

  it('several brands: each brand’s rows by its own cached names, the other brand’s by ids', async () => {
    const { env } = home();
    const other = { id: 102, name: 'Globex' };
    const brands = ok({
      brands: [
        { ...BRAND, markets: ['US-en'] },
        { ...other, markets: ['US-en'] },
      ],
    });
    const topicsApi = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS, { brand: BRAND, market: US }));
    await runInProcess(['topics', '--brand', '101', '-f', 'json'], { api: topicsApi, env });
    topicsApi.verify();
    const api = new FakeApi()
      .on({ method: 'GET', path: '/brands' }, brands, 'always')
      .on({ method: 'GET', path: '/usage' }, ok({ reads: { used: 1, limit: 1000, remaining: 999 } }), 'always')
      .on({ method: 'GET', path: '/prompts', query: [['brand_id', '101']] }, ok(PROMPTS, { brand: BRAND, market: US }))
      .on({ method: 'GET', path: '/prompts', query: [['brand_id', '102']] }, ok(PROMPTS, { brand: other, market: US }));
    const r = await runInProcess(['prompts', '--all-brands', '--wide'], { api, env });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    const row = (brand: string, question: string) => lines.find((l) => l.startsWith(brand) && l.includes(question)) ?? '';
    expect(row('Northwind CRM', 'Globex CRM?')).toContain('Switching CRMs');
    expect(row('Globex', 'Globex CRM?')).toContain('crm-migration');
    expect(row('Globex', 'Globex CRM?')).not.toContain('Switching CRMs');
    expect(api.requests.filter((q) => !['/brands', '/usage'].includes(q.path)).map((q) => `${q.path} ${new Map(q.query).get('brand_id')}`)).toEqual([
      '/prompts 101',
      '/prompts 102',
    ]);
  });

  it('--demo names topics from its own GET /topics of the day, with no cache: a fresh HOME, nothing written', async () => {
    const { env, root } = home();
    const before = snapshot(root);
    const r = await runInProcess(['--demo', 'prompts', '--debug'], { env: { ...env, VIS_API_KEY: undefined }, realTransport: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Switching CRMs {2}crm-migration$/m);
    expect(r.stderr).toMatch(/topic names: from the demo's GET \/topics of \d{4}-\d{2}-\d{2}/);
    // The demo's sandbox answered one request: the names cost no read.
    expect(r.stderr.match(/vis debug: → GET /g) ?? []).toHaveLength(1);
    expect(snapshot(root)).toEqual(before);
  });
});

describe('the lookup', () => {
  it('the scope of an answer: its meta first, else its request', () => {
    expect(answerScope([], { brand: { id: 7 }, market: { code: 'GB-en' } })).toEqual({ brand: '7', market: 'GB-en' });
    expect(
      answerScope(
        [
          ['brand_id', '7'],
          ['market', 'GB-en'],
        ],
        {},
      ),
    ).toEqual({ brand: '7', market: 'GB-en' });
    expect(
      answerScope(
        [
          ['brand_id', '8'],
          ['market', 'DE-de'],
        ],
        { brand: { id: '7' }, market: { code: 'GB-en' } },
      ),
    ).toEqual({ brand: '7', market: 'GB-en' });
    expect(answerScope([['brand_id', '8']], { brand: { id: '' }, market: { code: '' } })).toEqual({ brand: '8', market: undefined });
    expect(answerScope([], { brand: { id: null }, market: 'GB-en' })).toEqual({ brand: undefined, market: undefined });
    expect(answerScope([], null)).toEqual({ brand: undefined, market: undefined });
    expect(resultScope({ brand: { id: '7', name: 'A' }, market: null, envelope: null })).toEqual({ brand: '7', market: undefined });
    expect(resultScope({ brand: { id: '7', name: 'A' }, market: { code: 'GB-en', label: null }, envelope: { data: {}, meta: {} } })).toEqual({
      brand: '7',
      market: 'GB-en',
    });
    expect(
      resultScope({ brand: { id: '7', name: 'A' }, market: { code: 'GB-en', label: null }, envelope: { data: {}, meta: { market: { code: 'US-en' } } } }),
    ).toEqual({
      brand: '7',
      market: 'US-en',
    });
  });

  it('reads the newest entry of the scope that names topics, at most MAX_ENTRIES of them; no cache: none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-topic-lookup-'));
    const cache = ResponseCache.open(join(dir, 'cache'), 'https://api.example', TEST_KEY) as ResponseCache;
    const debug: string[] = [];
    const session = { cache: () => cache, debug: (l: string) => void debug.push(l) };
    const store = (query: Array<[string, string]>, body: string, at: number) => cache.store('topics', entryKey('GET', '/topics', query), body, at, at + 1000);
    const scope = { brand: '7', market: undefined };
    expect(cachedTopicNames(session, scope)).toBeUndefined();
    store([['brand_id', '7']], JSON.stringify({ data: { topics: [{ id: 'a', name: 'Old A' }] }, meta: {} }), 1_000);
    store(
      [
        ['brand_id', '7'],
        ['days', '30'],
      ],
      JSON.stringify({ data: { topics: [{ id: 'a', name: 'New A' }] }, meta: {} }),
      2_000,
    );
    store([['brand_id', '8']], JSON.stringify({ data: { topics: [{ id: 'a', name: 'Other brand' }] }, meta: {} }), 3_000);
    store(
      [
        ['brand_id', '7'],
        ['days', '7'],
      ],
      JSON.stringify({ data: { topics: [{ id: 'a', name: ' ' }] }, meta: {} }),
      4_000,
    );
    store(
      [
        ['brand_id', '7'],
        ['days', '9'],
      ],
      'not json',
      5_000,
    );
    store(
      [
        ['brand_id', '7'],
        ['days', '8'],
      ],
      '[1]',
      6_000,
    );
    // JSON, but no object: skipped like the rest, never read into.
    store(
      [
        ['brand_id', '7'],
        ['days', '6'],
      ],
      'null',
      7_000,
    );
    // Written in this order, one after another: the file times say which is newest.
    const names = cachedTopicNames(session, scope);
    expect(names?.get('a')).toMatch(/^(New|Old) A$/);
    expect(debug.at(-1)).toMatch(/^topic names: from the cached GET \/topics\?brand_id=7/);
    expect(cachedTopicNames({ cache: () => undefined, debug: () => undefined }, scope)).toBeUndefined();
    expect(MAX_ENTRIES).toBeGreaterThan(0);
  });

  it('reads at most MAX_ENTRIES entries, newest first: an older one of the scope past them is not reached', () => {
    const found = (others: number) => {
      const dir = mkdtempSync(join(tmpdir(), 'vis-topic-bound-'));
      const cache = ResponseCache.open(join(dir, 'cache'), 'https://api.example', TEST_KEY) as ResponseCache;
      const store = (brand: string, name: string, mtime: number) => {
        const key = entryKey('GET', '/topics', [['brand_id', brand]]);
        cache.store('topics', key, JSON.stringify({ data: { topics: [{ id: 'a', name }] }, meta: {} }), 1000, 2000);
        utimesSync(join(cache.dir, entryFileName('topics', key)), mtime, mtime);
      };
      store('7', 'A', 1000);
      for (let i = 0; i < others; i++) store(`9${i}`, 'Other', 2000 + i);
      return cachedTopicNames({ cache: () => cache, debug: () => undefined }, { brand: '7', market: undefined })?.get('a');
    };
    expect(found(MAX_ENTRIES - 1)).toBe('A');
    expect(found(MAX_ENTRIES)).toBeUndefined();
  });
});

describe('the demo’s topic names', () => {
  const ctx = createContext(testIO(), { VIS_API_KEY: 'vis_demo_agency', VIS_DEMO_DATE: '2026-11-20' }, '0.0.0-test', new AbortController().signal);
  it('are each brand’s and market’s own, of the demo’s day; a brand or market the demo has not is none', async () => {
    const said: string[] = [];
    const debug = (line: string) => void said.push(line);
    const bluepeak = await demoTopicNames(ctx, debug, { brand: '201', market: 'US-en' });
    expect(bluepeak?.size).toBeGreaterThan(0);
    expect(said).toEqual(["topic names: from the demo's GET /topics of 2026-11-20"]);
    const larkspur = await demoTopicNames(ctx, debug, { brand: '202', market: 'GB-en' });
    expect(larkspur?.size).toBeGreaterThan(0);
    expect([...larkspur!.keys()].some((id) => bluepeak!.has(id))).toBe(false);
    // No market: the brand's primary; no brand: the account's first, as the API answers them.
    expect(await demoTopicNames(ctx, debug, { brand: '201', market: undefined })).toEqual(bluepeak);
    expect(await demoTopicNames(ctx, debug, { brand: undefined, market: 'US-en' })).toEqual(bluepeak);
    expect(await demoTopicNames(ctx, debug, { brand: '999', market: 'US-en' })).toBeUndefined();
    said.length = 0;
    expect(await demoTopicNames(ctx, debug, { brand: '202', market: 'US-en' })).toBeUndefined();
    expect(said).toEqual(['topic names: the demo has none here; the ids are shown']);
  });
});
