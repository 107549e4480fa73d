/**
 * Issue 15, "piped table = rows" and "empty is still a table", with the built `vis`
 * writing into a pipe: for every list command (every GET endpoint with a main
 * collection), against the sandbox through a loopback relay that records each answer and
 * can empty the main collection of one path:
 * - `--format table` prints one header line and exactly one line per row of the
 *   collection the API sent, every line with the same number of tab-separated fields,
 *   and nothing else on stdout;
 * - with the collection emptied, `--format csv` prints its header row alone, and the
 *   piped table the same header as one tab-separated line, the "No … match." sentence
 *   going to stderr.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointId } from '../../src/endpoints.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { cleanEnv, runVis, sendJson, startTestServer, type TestServer } from './helpers.js';

const KEY = 'vis_demo_growth';
type Rec = Record<string, unknown>;

let sandbox: Sandbox;
let relay: TestServer;
/** The path whose main collection the relay empties, and that collection's key. */
let emptying: { path: string; collection: string } | null = null;
/** The last answer the relay passed on, per path. */
const answers = new Map<string, Rec>();

const ids = { topic: '', task: '', competitor: '', pitch: '', prompt: '' };

async function get(path: string): Promise<Rec> {
  const res = await fetch(`${sandbox.baseUrl}${path}`, { headers: { authorization: `Bearer ${KEY}` } });
  return (await res.json()) as Rec;
}
const rows = (env: Rec, key: string): Rec[] => ((env.data as Rec)[key] as Rec[]) ?? [];

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => new Date('2026-11-22T12:00:00Z'), rateLimitPerMinute: 100_000 });
  relay = await startTestServer((req, res) => {
    const query = new URLSearchParams(req.query).toString();
    void fetch(`${sandbox.baseUrl}${req.path}${query ? `?${query}` : ''}`, {
      method: req.method,
      headers: { authorization: String(req.headers.authorization ?? '') },
    }).then(async (upstream) => {
      const body = (await upstream.json()) as Rec;
      const data = body.data as Rec | undefined;
      if (emptying !== null && req.path === emptying.path && data && Array.isArray(data[emptying.collection])) data[emptying.collection] = [];
      answers.set(req.path, body);
      sendJson(res, upstream.status, body);
    });
  });
  ids.topic = String(rows(await get('/topics'), 'topics')[0]?.id);
  ids.task = String(rows(await get('/tasks'), 'tasks')[0]?.id);
  ids.competitor = String(rows(await get('/competitors'), 'competitors').find((c) => c.is_brand !== true)?.name);
  ids.pitch = String(rows(await get('/pitches'), 'pitches')[0]?.id);
  ids.prompt = String(rows(await get('/answers'), 'answers')[0]?.prompt);
});
afterAll(async () => {
  await relay?.close();
  await sandbox?.close();
});

/** Every list command: its argv and the path its request goes to. */
const LISTS: Partial<Record<EndpointId, { argv: () => string[]; path: () => string }>> = {
  brands: { argv: () => ['brands'], path: () => '/brands' },
  markets: { argv: () => ['markets'], path: () => '/markets' },
  visibility: { argv: () => ['visibility'], path: () => '/visibility' },
  topics: { argv: () => ['topics'], path: () => '/topics' },
  'topics.get': { argv: () => ['topics', ids.topic], path: () => `/topics/${ids.topic}` },
  prompts: { argv: () => ['prompts'], path: () => '/prompts' },
  answers: { argv: () => ['answers'], path: () => '/answers' },
  'answers.runs': { argv: () => ['answers', 'runs', '--prompt', ids.prompt], path: () => '/answers/runs' },
  'answers.history': { argv: () => ['answers', 'history'], path: () => '/answers/history' },
  competitors: { argv: () => ['competitors'], path: () => '/competitors' },
  'competitors.get': { argv: () => ['competitors', ids.competitor], path: () => `/competitors/${encodeURIComponent(ids.competitor)}` },
  sources: { argv: () => ['sources'], path: () => '/sources' },
  pages: { argv: () => ['pages'], path: () => '/pages' },
  'content-gaps': { argv: () => ['content-gaps'], path: () => '/content-gaps' },
  'brand-perception': { argv: () => ['brand-perception'], path: () => '/brand-perception' },
  'brand-perception.transcript': { argv: () => ['brand-perception', 'transcript'], path: () => '/brand-perception/transcript' },
  forum: { argv: () => ['forum'], path: () => '/forum' },
  'search-performance': { argv: () => ['search-performance'], path: () => '/search-performance' },
  technical: { argv: () => ['technical'], path: () => '/technical' },
  'ai-crawlers': { argv: () => ['ai-crawlers'], path: () => '/ai-crawlers' },
  'ai-visitors': { argv: () => ['ai-visitors'], path: () => '/ai-visitors' },
  tasks: { argv: () => ['tasks'], path: () => '/tasks' },
  'tasks.get': { argv: () => ['tasks', ids.task], path: () => `/tasks/${ids.task}` },
  'weekly-plan': { argv: () => ['weekly-plan'], path: () => '/weekly-plan' },
  activity: { argv: () => ['activity'], path: () => '/activity' },
  pitches: { argv: () => ['pitches'], path: () => '/pitches' },
};

const LIST_SPECS = ENDPOINTS.filter((e) => e.collection !== undefined && e.method === 'GET');

it('covers every list command', () => {
  expect(Object.keys(LISTS).sort()).toEqual(LIST_SPECS.map((e) => e.id).sort());
});

const env = () => cleanEnv({ VIS_BASE_URL: relay.baseUrl, VIS_API_KEY: KEY });

/** stdout as lines, each split at TAB; the output must end with a line break. */
function fields(stdout: string): string[][] {
  expect(stdout.endsWith('\n')).toBe(true);
  return stdout.slice(0, -1).split('\n').map((line) => line.split('\t'));
}

describe.each(LIST_SPECS.map((spec) => [spec.id, spec] as const))('%s, piped', (id, spec) => {
  const c = LISTS[id]!;
  const collection = spec.collection!;

  it('table: one header and one line per row the API sent, equal field counts, nothing else', async () => {
    emptying = null;
    const r = await runVis([...c.argv(), '--format', 'table'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const sent = rows(answers.get(c.path())!, collection);
    expect(sent.length).toBeGreaterThan(0);
    const lines = fields(r.stdout);
    expect(lines).toHaveLength(1 + sent.length);
    const width = lines[0]!.length;
    for (const line of lines) expect(line).toHaveLength(width);
    // The header names the rows' own fields, not period.* or a # section.
    for (const key of Object.keys(sent[0]!)) expect(lines[0]!.some((h) => h === key || h.startsWith(`${key}.`)), key).toBe(true);
  });

  it('empty collection: csv prints its header row, the table the same header line, the sentence on stderr', async () => {
    emptying = { path: c.path(), collection };
    try {
      const csv = await runVis([...c.argv(), '--format', 'csv'], { env: env() });
      expect(csv.code, csv.stderr).toBe(0);
      expect(rows(answers.get(c.path())!, collection)).toEqual([]);
      expect(csv.stdout).toMatch(/^[^\r\n]+\r\n$/);
      const header = csv.stdout.slice(0, -2).split(',');
      expect(header.length).toBeGreaterThan(0);

      const table = await runVis([...c.argv(), '--format', 'table'], { env: env() });
      expect(table.code, table.stderr).toBe(0);
      expect(fields(table.stdout)).toEqual([header]);
      expect(table.stderr).toMatch(new RegExp(`^No ${spec.noun} match\\.\\n`));
    } finally {
      emptying = null;
    }
  });
});
