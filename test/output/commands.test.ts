/**
 * Every command of the contract's table, in every format, in-process against the real
 * sandbox on loopback (runInProcess with `baseUrl`: vis's own transport, no process):
 * the request the sandbox received (method, path, query, body, key, user agent), exit 0,
 * an empty stderr, and stdout checked against the sandbox's own answer: json is that
 * answer; csv has a header and one row per record of the main collection, carrying the
 * record's values; the table is not empty. test/e2e/commands.e2e.test.ts keeps two of
 * these spawned, as smoke runs of the built bundle.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, endpointById } from '../../src/endpoints.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { runInProcess } from '../support/run.js';

const KEY = 'vis_demo_growth';
let sandbox: Sandbox;
const ids = { topic: '', task: '', competitor: '', pitch: '', prompt: '' };

async function get(target: string): Promise<{ data: Record<string, unknown>; meta: unknown }> {
  const res = await fetch(new URL(target, `${sandbox.baseUrl}/`), { headers: { authorization: `Bearer ${KEY}` } });
  return (await res.json()) as { data: Record<string, unknown>; meta: unknown };
}
const first = (arr: unknown, key: string) => String(((arr as Array<Record<string, unknown>>)[0] ?? {})[key]);

beforeAll(async () => {
  // Many runs share one key here; the rate limit has tests of its own.
  sandbox = await startSandbox({ now: () => new Date('2026-11-22T12:00:00Z'), rateLimitPerMinute: 100_000 });
  ids.topic = first((await get('topics')).data.topics, 'id');
  ids.task = first((await get('tasks')).data.tasks, 'id');
  ids.competitor = first(((await get('competitors')).data.competitors as Array<Record<string, unknown>>).filter((c) => !c.is_brand), 'name');
  ids.pitch = first((await get('pitches')).data.pitches, 'id');
  ids.prompt = first((await get('answers')).data.answers, 'prompt');
  sandbox.requests.length = 0;
});
afterAll(() => sandbox.close());

interface Case {
  argv: () => string[];
  method: 'GET' | 'POST';
  path: () => string;
  query?: () => Array<[string, string]>;
  body?: Record<string, unknown>;
}

const CASES: Record<string, Case> = {
  brands: { argv: () => ['brands'], method: 'GET', path: () => '/brands' },
  markets: { argv: () => ['markets'], method: 'GET', path: () => '/markets' },
  usage: { argv: () => ['usage'], method: 'GET', path: () => '/usage' },
  overview: { argv: () => ['overview', '--days', '30', '--market', 'GB-en'], method: 'GET', path: () => '/overview', query: () => [['market', 'GB-en'], ['days', '30']] },
  visibility: { argv: () => ['visibility'], method: 'GET', path: () => '/visibility' },
  topics: {
    argv: () => ['topics', '--market', 'US-en', '--from', '2026-11-01', '--to', '2026-11-20'],
    method: 'GET',
    path: () => '/topics',
    query: () => [['market', 'US-en'], ['from', '2026-11-01'], ['to', '2026-11-20']],
  },
  'topics.get': { argv: () => ['topics', ids.topic], method: 'GET', path: () => `/topics/${encodeURIComponent(ids.topic)}` },
  prompts: { argv: () => ['prompts', '-m', 'DE-de'], method: 'GET', path: () => '/prompts', query: () => [['market', 'DE-de']] },
  answers: { argv: () => ['answers'], method: 'GET', path: () => '/answers' },
  'answers.runs': { argv: () => ['answers', 'runs', '--prompt', ids.prompt], method: 'GET', path: () => '/answers/runs', query: () => [['prompt', ids.prompt]] },
  'answers.history': { argv: () => ['answers', 'history', '--days', '14'], method: 'GET', path: () => '/answers/history', query: () => [['days', '14']] },
  competitors: { argv: () => ['competitors'], method: 'GET', path: () => '/competitors' },
  'competitors.get': { argv: () => ['competitors', ids.competitor], method: 'GET', path: () => `/competitors/${encodeURIComponent(ids.competitor)}` },
  sources: { argv: () => ['sources'], method: 'GET', path: () => '/sources' },
  pages: { argv: () => ['pages', '-d', '7'], method: 'GET', path: () => '/pages', query: () => [['days', '7']] },
  'content-gaps': { argv: () => ['content-gaps'], method: 'GET', path: () => '/content-gaps' },
  'brand-perception': { argv: () => ['perception', '--days', '30'], method: 'GET', path: () => '/brand-perception', query: () => [['days', '30']] },
  'brand-perception.transcript': { argv: () => ['brand-perception', 'transcript'], method: 'GET', path: () => '/brand-perception/transcript' },
  forum: { argv: () => ['forum', '--limit', '5'], method: 'GET', path: () => '/forum', query: () => [['limit', '5']] },
  'search-performance': {
    argv: () => ['search-performance', '--days', '90', '--group-by', 'page', '--limit', '100'],
    method: 'GET',
    path: () => '/search-performance',
    query: () => [['days', '90'], ['group_by', 'page'], ['limit', '100']],
  },
  technical: { argv: () => ['technical'], method: 'GET', path: () => '/technical' },
  'ai-crawlers': { argv: () => ['ai-crawlers'], method: 'GET', path: () => '/ai-crawlers' },
  'ai-visitors': { argv: () => ['ai-visitors'], method: 'GET', path: () => '/ai-visitors' },
  tasks: {
    argv: () => ['tasks', '--status', 'open', '--limit', '10', '--layer', 'content'],
    method: 'GET',
    path: () => '/tasks',
    query: () => [['layer', 'content'], ['status', 'open'], ['limit', '10']],
  },
  'tasks.get': { argv: () => ['tasks', ids.task], method: 'GET', path: () => `/tasks/${encodeURIComponent(ids.task)}` },
  'weekly-plan': { argv: () => ['weekly-plan'], method: 'GET', path: () => '/weekly-plan' },
  activity: { argv: () => ['activity'], method: 'GET', path: () => '/activity' },
  pitches: { argv: () => ['pitches'], method: 'GET', path: () => '/pitches' },
  'pitches.get': { argv: () => ['pitches', ids.pitch], method: 'GET', path: () => `/pitches/${ids.pitch}` },
  'pitches.create': {
    argv: () => ['pitches', 'create', 'acme.example', '--market', 'US-en', '--business-type', 'B2B SaaS', '--yes'],
    method: 'POST',
    path: () => '/pitches',
    body: { url: 'acme.example', market: 'US-en', business_type: 'B2B SaaS' },
  },
};

const queryPairs = (query: Record<string, string | string[]>) =>
  Object.entries(query).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v] as [string, string]]));

/** How a JSON scalar reads in a csv cell (text that could be a formula is guarded; skipped here). */
const csvScalar = (v: unknown): string | undefined =>
  typeof v === 'number' || typeof v === 'boolean' ? String(v) : typeof v === 'string' && !/^[=+\-@\t\r\n＝＋－＠]/.test(v) ? v : undefined;

describe('every endpoint has a case', () => {
  it('the table and the cases agree', () => {
    expect(Object.keys(CASES).sort()).toEqual(ENDPOINTS.map((e) => e.id).sort());
  });
});

describe.each(Object.entries(CASES))('%s', (id, c) => {
  it.each(['json', 'csv', 'table'] as const)('--format %s: request, exit 0, stdout from the sandbox data, empty stderr', async (format) => {
    if (id === 'pitches.create' && format !== 'json') return; // spends allowance: once is enough
    sandbox.requests.length = 0;
    const r = await runInProcess([...c.argv(), '--format', format], { baseUrl: sandbox.baseUrl, env: { VIS_API_KEY: KEY } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const reqs = sandbox.requests.filter((q) => !q.path.startsWith('/__'));
    expect(reqs).toHaveLength(1);
    const req = reqs[0]!;
    expect(req.method).toBe(c.method);
    expect(req.path).toBe(c.path());
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(String(req.headers['user-agent'])).toMatch(/^vis\/\d+\.\d+\.\d+/);
    expect(queryPairs(req.query)).toEqual(c.query?.() ?? []);
    if (c.body) expect(req.body).toEqual(c.body);
    // The sandbox's own answer to the same request (a POST is answered once: its output is checked by shape).
    const answer = c.method === 'GET' ? await get(req.url) : undefined;
    const collection = endpointById(id as never).collection;
    const records = answer && collection ? (answer.data[collection] as Array<Record<string, unknown>>) : undefined;
    if (format === 'json') {
      const parsed = JSON.parse(r.stdout);
      expect(Object.keys(parsed).sort()).toEqual(['data', 'meta']);
      if (answer) expect(parsed).toEqual(answer);
      expect(r.stdout.endsWith('}\n')).toBe(true);
    } else if (format === 'csv') {
      expect(r.stdout.endsWith('\r\n')).toBe(true);
      const [header, ...rows] = parse(r.stdout, { record_delimiter: '\r\n' }) as string[][];
      expect(header!.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toHaveLength(header!.length);
      if (records && records.length > 0) {
        expect(rows).toHaveLength(records.length);
        const firstRow = Object.fromEntries(header!.map((h, i) => [h, rows[0]![i]]));
        const scalars = Object.entries(records[0]!).filter(([, v]) => csvScalar(v) !== undefined);
        expect(scalars.length).toBeGreaterThan(0);
        for (const [k, v] of scalars) expect(firstRow[k], k).toBe(csvScalar(v));
      } else {
        expect(rows.length).toBeGreaterThan(0);
      }
    } else {
      expect(r.stdout.trim().length).toBeGreaterThan(0);
    }
  });
});
