/**
 * The sandbox behind a loopback relay that records each answer and can empty the main
 * collection of one path, and every list command (every GET endpoint with a main
 * collection) with the path its request goes to: what the piped-table tests run, in-process
 * (test/output/piped-table.test.ts) and through a real pipe (test/e2e/piped-table.e2e.test.ts).
 */
import { expect } from 'vitest';
import { ENDPOINTS, type EndpointId } from '../../src/endpoints.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { sendJson, startTestServer } from '../e2e/helpers.js';

export const KEY = 'vis_demo_growth';
export type Rec = Record<string, unknown>;

export const rows = (env: Rec, key: string): Rec[] => ((env.data as Rec)[key] as Rec[]) ?? [];

export interface ListRelay {
  baseUrl: string;
  /** The last answer the relay passed on, per path. */
  answers: Map<string, Rec>;
  /** The path whose main collection the relay empties, and that collection's key. */
  emptying: { path: string; collection: string } | null;
  /** Every list command: its argv and the path its request goes to. */
  lists: Record<string, { argv: string[]; path: string }>;
  close(): Promise<void>;
}

export const LIST_SPECS = ENDPOINTS.filter((e) => e.collection !== undefined && e.method === 'GET');

export async function startListRelay(): Promise<ListRelay> {
  const sandbox: Sandbox = await startSandbox({ now: () => new Date('2026-11-22T12:00:00Z'), rateLimitPerMinute: 100_000 });
  const get = async (path: string): Promise<Rec> => {
    const res = await fetch(`${sandbox.baseUrl}${path}`, { headers: { authorization: `Bearer ${KEY}` } });
    return (await res.json()) as Rec;
  };
  const self: Partial<ListRelay> & { answers: Map<string, Rec>; emptying: ListRelay['emptying'] } = { answers: new Map(), emptying: null };
  const relay = await startTestServer((req, res) => {
    const query = new URLSearchParams(req.query).toString();
    void fetch(`${sandbox.baseUrl}${req.path}${query ? `?${query}` : ''}`, {
      method: req.method,
      headers: { authorization: String(req.headers.authorization ?? '') },
    }).then(async (upstream) => {
      const body = (await upstream.json()) as Rec;
      const data = body.data as Rec | undefined;
      const emptying = self.emptying;
      if (emptying && req.path === emptying.path && data && Array.isArray(data[emptying.collection])) data[emptying.collection] = [];
      self.answers.set(req.path, body);
      sendJson(res, upstream.status, body);
    });
  });
  const topic = String(rows(await get('/topics'), 'topics')[0]?.id);
  const task = String(rows(await get('/tasks'), 'tasks')[0]?.id);
  const competitor = String(rows(await get('/competitors'), 'competitors').find((c) => c.is_brand !== true)?.name);
  const prompt = String(rows(await get('/answers'), 'answers')[0]?.prompt);
  const lists: Partial<Record<EndpointId, { argv: string[]; path: string }>> = {
    brands: { argv: ['brands'], path: '/brands' },
    markets: { argv: ['markets'], path: '/markets' },
    visibility: { argv: ['visibility'], path: '/visibility' },
    topics: { argv: ['topics'], path: '/topics' },
    'topics.get': { argv: ['topics', topic], path: `/topics/${topic}` },
    prompts: { argv: ['prompts'], path: '/prompts' },
    answers: { argv: ['answers'], path: '/answers' },
    'answers.runs': { argv: ['answers', 'runs', '--prompt', prompt], path: '/answers/runs' },
    'answers.history': { argv: ['answers', 'history'], path: '/answers/history' },
    competitors: { argv: ['competitors'], path: '/competitors' },
    'competitors.get': { argv: ['competitors', competitor], path: `/competitors/${encodeURIComponent(competitor)}` },
    sources: { argv: ['sources'], path: '/sources' },
    pages: { argv: ['pages'], path: '/pages' },
    'content-gaps': { argv: ['content-gaps'], path: '/content-gaps' },
    'brand-perception': { argv: ['brand-perception'], path: '/brand-perception' },
    'brand-perception.transcript': { argv: ['brand-perception', 'transcript'], path: '/brand-perception/transcript' },
    forum: { argv: ['forum'], path: '/forum' },
    'search-performance': { argv: ['search-performance'], path: '/search-performance' },
    technical: { argv: ['technical'], path: '/technical' },
    'ai-crawlers': { argv: ['ai-crawlers'], path: '/ai-crawlers' },
    'ai-visitors': { argv: ['ai-visitors'], path: '/ai-visitors' },
    tasks: { argv: ['tasks'], path: '/tasks' },
    'tasks.get': { argv: ['tasks', task], path: `/tasks/${task}` },
    'weekly-plan': { argv: ['weekly-plan'], path: '/weekly-plan' },
    activity: { argv: ['activity'], path: '/activity' },
    pitches: { argv: ['pitches'], path: '/pitches' },
  };
  return Object.assign(self, {
    baseUrl: relay.baseUrl,
    lists: lists as Record<string, { argv: string[]; path: string }>,
    close: async () => {
      await relay.close();
      await sandbox.close();
    },
  }) as ListRelay;
}

/** stdout as lines, each split at TAB; the output must end with a line break. */
export function tabFields(stdout: string): string[][] {
  if (!stdout.endsWith('\n')) throw new Error(`output does not end with a line break: ${JSON.stringify(stdout.slice(-40))}`);
  return stdout
    .slice(0, -1)
    .split('\n')
    .map((line) => line.split('\t'));
}

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The two checks of a piped table for one list command, with `run` (in-process with a piped
 * stdout, or the built `vis` writing into a real pipe) sending to the relay:
 * - `--format table` prints one header line and exactly one line per row of the
 *   collection the API sent, every line with the same number of tab-separated fields,
 *   and nothing else on stdout;
 * - with the collection emptied, `--format csv` prints its header row alone, and the
 *   piped table the same header as one tab-separated line and nothing on stderr; the
 *   "No … match." sentence goes to stderr with --verbose only.
 */
export async function checkPipedTable(relay: ListRelay, id: string, run: (argv: string[]) => Promise<Ran>): Promise<void> {
  const spec = LIST_SPECS.find((e) => e.id === id)!;
  const c = relay.lists[id]!;
  const collection = spec.collection!;
  relay.emptying = null;
  const r = await run([...c.argv, '--format', 'table']);
  expect(r.code, r.stderr).toBe(0);
  const sent = rows(relay.answers.get(c.path)!, collection);
  expect(sent.length).toBeGreaterThan(0);
  const lines = tabFields(r.stdout);
  expect(lines).toHaveLength(1 + sent.length);
  const width = lines[0]!.length;
  for (const line of lines) expect(line).toHaveLength(width);
  // The header names the rows' own fields, not period.* or a # section.
  for (const key of Object.keys(sent[0]!))
    expect(
      lines[0]!.some((h) => h === key || h.startsWith(`${key}.`)),
      key,
    ).toBe(true);
}

export async function checkPipedEmpty(relay: ListRelay, id: string, run: (argv: string[]) => Promise<Ran>): Promise<void> {
  const spec = LIST_SPECS.find((e) => e.id === id)!;
  const c = relay.lists[id]!;
  const collection = spec.collection!;
  relay.emptying = { path: c.path, collection };
  try {
    const csv = await run([...c.argv, '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    expect(rows(relay.answers.get(c.path)!, collection)).toEqual([]);
    expect(csv.stdout).toMatch(/^[^\r\n]+\r\n$/);
    const header = csv.stdout.slice(0, -2).split(',');
    expect(header.length).toBeGreaterThan(0);

    const table = await run([...c.argv, '--format', 'table']);
    expect(table.code, table.stderr).toBe(0);
    expect(tabFields(table.stdout)).toEqual([header]);
    expect(table.stderr).toBe('');

    const verbose = await run(['--verbose', ...c.argv, '--format', 'table']);
    expect(verbose.code, verbose.stderr).toBe(0);
    expect(verbose.stdout).toBe(table.stdout);
    expect(verbose.stderr).toMatch(new RegExp(`^No ${spec.noun} match\\.$`, 'm'));
  } finally {
    relay.emptying = null;
  }
}
