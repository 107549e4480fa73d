/**
 * Every command of the endpoint table (src/endpoints.ts), in every format, in-process
 * against the real sandbox on loopback (runInProcess with `baseUrl`: vis's own transport,
 * no process): the request the sandbox received (method, path, query, body, key, user
 * agent), exit 0, an empty stderr (a piped table too), and stdout checked against the sandbox's own answer:
 * json is that answer; csv and table are compared, column by column and cell by cell,
 * with the same command's json on the same (freshly reset) sandbox state; pitches.create
 * runs in every format, each on a fresh allowance. test/e2e/commands.e2e.test.ts keeps
 * two of these spawned, as smoke runs of the built bundle.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxControl } from '../support/http.js';
import { ENDPOINTS } from '../../src/endpoints.js';
import { guardFormula } from '../../src/output/csv.js';
import { cellText, discoverColumns, flattenRecord, selectRows } from '../../src/output/flatten.js';
import { sanitizeForTerminal } from '../../src/text/sanitize.js';
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
  ids.competitor = first(
    ((await get('competitors')).data.competitors as Array<Record<string, unknown>>).filter((c) => !c.is_brand),
    'name',
  );
  ids.pitch = first((await get('pitches')).data.pitches, 'id');
  ids.prompt = first((await get('answers')).data.answers, 'prompt');
  sandbox.requests.length = 0;
});
afterAll(() => sandbox.close());

/** Fresh sandbox state (budgets, pitches, recorded requests), as at the start. */
async function resetSandbox(): Promise<void> {
  expect(await sandboxControl(sandbox.baseUrl, '/__sandbox/reset')).toBe(204);
}

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
  overview: {
    argv: () => ['overview', '--days', '30', '--market', 'GB-en'],
    method: 'GET',
    path: () => '/overview',
    query: () => [
      ['market', 'GB-en'],
      ['days', '30'],
    ],
  },
  visibility: { argv: () => ['visibility'], method: 'GET', path: () => '/visibility' },
  topics: {
    argv: () => ['topics', '--market', 'US-en', '--from', '2026-11-01', '--to', '2026-11-20'],
    method: 'GET',
    path: () => '/topics',
    query: () => [
      ['market', 'US-en'],
      ['from', '2026-11-01'],
      ['to', '2026-11-20'],
    ],
  },
  'topics.get': { argv: () => ['topics', ids.topic], method: 'GET', path: () => `/topics/${encodeURIComponent(ids.topic)}` },
  prompts: { argv: () => ['prompts', '-m', 'DE-de'], method: 'GET', path: () => '/prompts', query: () => [['market', 'DE-de']] },
  answers: { argv: () => ['answers'], method: 'GET', path: () => '/answers' },
  'answers.runs': {
    argv: () => ['answers', 'runs', '--prompt', ids.prompt],
    method: 'GET',
    path: () => '/answers/runs',
    query: () => [['prompt', ids.prompt]],
  },
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
    query: () => [
      ['days', '90'],
      ['group_by', 'page'],
      ['limit', '100'],
    ],
  },
  technical: { argv: () => ['technical'], method: 'GET', path: () => '/technical' },
  'ai-crawlers': { argv: () => ['ai-crawlers'], method: 'GET', path: () => '/ai-crawlers' },
  'ai-visitors': { argv: () => ['ai-visitors'], method: 'GET', path: () => '/ai-visitors' },
  tasks: {
    argv: () => ['tasks', '--status', 'open', '--limit', '10', '--layer', 'content'],
    method: 'GET',
    path: () => '/tasks',
    query: () => [
      ['layer', 'content'],
      ['status', 'open'],
      ['limit', '10'],
    ],
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

describe('every endpoint has a case', () => {
  it('the table and the cases agree', () => {
    expect(Object.keys(CASES).sort()).toEqual(ENDPOINTS.map((e) => e.id).sort());
  });
});

/**
 * What csv and table output must hold, from the same command's JSON output on the same
 * sandbox state: the main collection's rows (or data as one row), their flattened
 * columns in first-seen order, and each cell's text.
 */
interface Expected {
  columns: string[];
  rows: string[][];
  /** Per cell: it came from JSON text (csv guards it against formulas). */
  texts: boolean[][];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A dashboard's figures, walked here independently of flatten.ts: [dotted key, leaf]. */
function figures(v: unknown, key: string, out: Array<[string, unknown]>): Array<[string, unknown]> {
  if (Array.isArray(v) && v.some((x) => typeof x === 'object' && x !== null)) {
    const by = ['date', 'id'].find(
      (f) =>
        v.every((x) => isObject(x) && ['string', 'number'].includes(typeof x[f])) &&
        new Set(v.map((x) => String((x as Record<string, unknown>)[f]))).size === v.length,
    );
    v.forEach((x, i) => figures(x, `${key}.${by === undefined ? i : String((x as Record<string, unknown>)[by])}`, out));
  } else if (isObject(v) && Object.keys(v).length > 0) {
    for (const [k, x] of Object.entries(v)) figures(x, key === '' ? k : key === 'period' && (k === 'from' || k === 'to') ? `period_${k}` : `${key}.${k}`, out);
  } else {
    out.push([key, v]);
  }
  return out;
}

const leafText = (v: unknown): string =>
  v === null || v === undefined ? '' : Array.isArray(v) ? v.map((x) => leafText(x)).join('; ') : isObject(v) ? '{}' : String(v);

function expectedFrom(json: string, id: string): Expected {
  const data = (JSON.parse(json) as { data: unknown }).data;
  const spec = ENDPOINTS.find((e) => e.id === id)!;
  if (spec.collection === undefined && isObject(data)) {
    // A one-record answer: key/value, one figure a row.
    const pairs = figures(data, '', []);
    return { columns: ['key', 'value'], rows: pairs.map(([k, v]) => [k, leafText(v)]), texts: pairs.map(([, v]) => [true, typeof v === 'string']) };
  }
  const { rows } = selectRows(data, { collection: spec.collection });
  const columns = discoverColumns(rows);
  // An endpoint with a period: its from and to close every row.
  const period = spec.period === 'none' ? null : isObject(data) && isObject(data.period) ? data.period : {};
  const flat = rows.map((row) => flattenRecord(row));
  return {
    columns: period === null ? columns : [...columns, 'period_from', 'period_to'],
    rows: flat.map((f) => [...columns.map((c) => cellText(f.get(c))), ...(period === null ? [] : [leafText(period.from), leafText(period.to)])]),
    texts: flat.map((f) => [
      ...columns.map((c) => typeof f.get(c) === 'string'),
      ...(period === null ? [] : [typeof period.from === 'string', typeof period.to === 'string']),
    ]),
  };
}

/** Each command's JSON output on a fresh sandbox: the reference for its csv and table. */
const jsonOutput = new Map<string, string>();

async function jsonOf(c: Case): Promise<string> {
  await resetSandbox();
  const r = await runInProcess([...c.argv(), '--format', 'json'], { baseUrl: sandbox.baseUrl, env: { VIS_API_KEY: KEY } });
  expect(r.code).toBe(0);
  return r.stdout;
}

describe.each(Object.entries(CASES))('%s', (id, c) => {
  it.each(['json', 'csv', 'table'] as const)('--format %s: request, exit 0, stdout, and nothing on stderr', async (format) => {
    // Fresh sandbox state for each run, so pitches.create spends one report of a fresh
    // allowance in every format and the JSON reference below sees the same data.
    await resetSandbox();
    const run = await runInProcess([...c.argv(), '--format', format], { baseUrl: sandbox.baseUrl, env: { VIS_API_KEY: KEY } });
    // Piped, a table writes its rows and nothing else: the notes wait for --verbose.
    const r = run;
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
    if (format === 'json') {
      const parsed = JSON.parse(r.stdout);
      expect(Object.keys(parsed).sort()).toEqual(['data', 'meta']);
      // The sandbox's own answer to the same request (a POST is answered once).
      if (c.method === 'GET') expect(parsed).toEqual(await get(req.url));
      expect(r.stdout.endsWith('}\n')).toBe(true);
      jsonOutput.set(id, r.stdout);
      return;
    }
    const reference = jsonOutput.get(id) ?? (await jsonOf(c));
    const want = expectedFrom(reference, id);
    expect(want.columns.length).toBeGreaterThan(0);
    if (format === 'csv') {
      expect(r.stdout.endsWith('\r\n')).toBe(true);
      const [header, ...body] = parse(r.stdout, { record_delimiter: '\r\n' }) as string[][];
      expect(header).toEqual(want.columns);
      expect(body).toHaveLength(want.rows.length);
      expect(body).toEqual(want.rows.map((row, i) => row.map((text, j) => (want.texts[i]![j] === true ? guardFormula(text) : text))));
    } else {
      // Not a terminal: on stdout a header and one tab-separated line per row of the
      // main collection (a single record's figures as key/value rows), as csv, and
      // nothing else; text sanitised (so a newline shows as \n).
      const text = (cell: string) => sanitizeForTerminal(cell);
      const lines = r.stdout.split('\n');
      expect(lines.pop()).toBe('');
      expect(lines.map((line) => line.split('\t'))).toEqual([want.columns, ...want.rows.map((row) => row.map(text))]);
    }
  });
});
