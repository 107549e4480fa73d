/**
 * One data command over several brands and markets, in-process against the sandbox on
 * loopback (its request log counts the reads) with the agency account: three brands, one
 * without search console; Copperline Payments has three markets.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type Sandbox } from '../../../src/sandbox/server.js';
import { sendJson, startTestServer, type TestServer } from '../../e2e/helpers.js';
import { fakeClock } from '../../support/context.js';
import { runInProcess } from '../../support/run.js';

const clock = fakeClock(Date.parse('2026-11-22T08:00:00Z'));
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ quiet: true, now: () => new Date(clock.t), rateLimitPerMinute: 1_000_000 });
});
afterAll(() => sandbox.close());

/** A fresh HOME (so a fresh cache) unless one is handed in. */
function agency(home = mkdtempSync(join(tmpdir(), 'vis-scopes-')), key = 'vis_demo_agency') {
  return { HOME: home, VIS_CONFIG_DIR: join(home, 'config'), VIS_API_KEY: key, VIS_RATE_LIMIT: '1000000' };
}

async function vis(argv: string[], env = agency(), o: { signal?: AbortSignal } = {}) {
  const before = sandbox.requests.length;
  const r = await runInProcess(argv, { baseUrl: sandbox.baseUrl, env, clock, ...o });
  const requests = sandbox.requests.slice(before);
  return { ...r, reads: requests.filter((q) => !['/brands', '/usage'].includes(q.path)), all: requests };
}

const RESULT = z.object({
  brand: z.object({ id: z.string(), name: z.string() }),
  market: z.object({ code: z.string(), label: z.string().nullable() }).nullable(),
  data: z.unknown(),
  meta: z.record(z.string(), z.unknown()).nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
const DOCUMENT = z.object({
  data: z.object({ results: z.array(RESULT) }),
  meta: z.object({
    api_version: z.string().nullable(),
    filters: z.object({ brands: z.union([z.array(z.string()), z.literal('all')]), markets: z.union([z.array(z.string()), z.literal('all')]).nullable() }),
  }),
});

function csvRows(text: string): string[][] {
  return text
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split(','));
}

describe('several brands and markets', () => {
  it('topics --all-brands --format csv: brand and market columns first, every brand’s rows, one read per brand', async () => {
    const r = await vis(['topics', '--all-brands', '--format', 'csv']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [header, ...rows] = csvRows(r.stdout);
    expect(header!.slice(0, 2)).toEqual(['brand', 'market']);
    expect(header).toContain('period_from');
    expect(new Set(rows.map((row) => row[0]))).toEqual(new Set(['Bluepeak Outdoor', 'Larkspur Dental', 'Copperline Payments']));
    expect(r.reads.map((q) => `${q.path} ${q.query.brand_id}`)).toEqual(['/topics 201', '/topics 202', '/topics 203']);
  });

  it('--all-brands --all-markets reads each brand × market once, and a second run reads nothing', async () => {
    const env = agency();
    const first = await vis(['topics', '--all-brands', '--all-markets', '-f', 'csv'], env);
    expect(first.code).toBe(0);
    expect(first.reads.map((q) => `${q.query.brand_id} ${q.query.market}`)).toEqual([
      '201 US-en',
      '201 CA-en',
      '202 GB-en',
      '203 US-en',
      '203 GB-en',
      '203 AU-en',
    ]);
    const markets = new Set(
      csvRows(first.stdout)
        .slice(1)
        .map((row) => `${row[0]} ${row[1]}`),
    );
    expect(markets).toEqual(
      new Set([
        'Bluepeak Outdoor US-en',
        'Bluepeak Outdoor CA-en',
        'Larkspur Dental GB-en',
        'Copperline Payments US-en',
        'Copperline Payments GB-en',
        'Copperline Payments AU-en',
      ]),
    );
    const second = await vis(['topics', '--all-brands', '--all-markets', '-f', 'csv'], env);
    // Nothing at all: the brands are cached too, and with every answer cached GET /usage is not asked.
    expect(second.all).toEqual([]);
    expect(second.stdout).toBe(first.stdout);
  });

  it('works with --demo and the agency key, as a first try would', async () => {
    const r = await runInProcess(['--demo', 'topics', '--all-brands', '-f', 'csv'], { env: { VIS_API_KEY: 'vis_demo_agency' }, clock, realTransport: true });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(
      new Set(
        csvRows(r.stdout)
          .slice(1)
          .map((row) => row[0]),
      ),
    ).toEqual(new Set(['Bluepeak Outdoor', 'Larkspur Dental', 'Copperline Payments']));
  });

  it('perception is read once per brand whatever the markets, market null', async () => {
    const r = await vis(['perception', '--brand', '203', '--all-markets', '-f', 'json']);
    expect(r.code).toBe(0);
    expect(r.reads.map((q) => q.path)).toEqual(['/brand-perception']);
    expect(DOCUMENT.parse(JSON.parse(r.stdout)).data.results.map((x) => x.market)).toEqual([null]);
  });

  it('search-performance --all-brands: the brands with search console print, the other fails alone with exit 4', async () => {
    const r = await vis(['search-performance', '--all-brands', '-f', 'json']);
    expect(r.code).toBe(4);
    const doc = DOCUMENT.parse(JSON.parse(r.stdout));
    expect(doc.data.results.map((x) => [x.brand.id, x.error?.code ?? null])).toEqual([
      ['201', null],
      ['202', 'integration_not_connected'],
      ['203', null],
    ]);
    expect(doc.data.results[1]!.data).toBeNull();
    expect(doc.data.results[0]!.data).not.toBeNull();
    expect(r.stderr).toMatch(/^vis: Larkspur Dental \(GB-en\): .*search-console integration/im);
    const csv = await vis(['search-performance', '--all-brands', '-f', 'csv']);
    expect(csv.code).toBe(4);
    expect(
      new Set(
        csvRows(csv.stdout)
          .slice(1)
          .map((row) => row[0]),
      ),
    ).toEqual(new Set(['Bluepeak Outdoor', 'Copperline Payments']));
  });

  it('JSON: vis’s own document, data and meta exactly as received', async () => {
    const env = agency();
    const r = await vis(['topics', '--brand', 'Bluepeak Outdoor', '--market', 'US-en,CA-en', '-f', 'json'], env);
    expect(r.code).toBe(0);
    const doc = DOCUMENT.parse(JSON.parse(r.stdout));
    expect(doc.data.results.map((x) => x.market?.code)).toEqual(['US-en', 'CA-en']);
    expect(doc.meta.filters).toEqual({ brands: ['201'], markets: ['US-en', 'CA-en'] });
    const single = await vis(['topics', '--brand', '201', '--market', 'CA-en', '-f', 'json'], env);
    expect(doc.data.results[1]!.data).toEqual(JSON.parse(single.stdout).data);
    expect(doc.data.results[1]!.meta).toEqual(JSON.parse(single.stdout).meta);
  });

  it('a market a brand does not have fails alone (exit 5); the others print', async () => {
    const r = await vis(['topics', '--brand', '201,203', '--market', 'AU-en', '-f', 'csv']);
    expect(r.code).toBe(5);
    expect(
      new Set(
        csvRows(r.stdout)
          .slice(1)
          .map((row) => row[0]),
      ),
    ).toEqual(new Set(['Copperline Payments']));
    expect(r.stderr).toMatch(/Bluepeak Outdoor \(AU-en\)/);
  });

  it('the exit code is the first failure’s in output order, not the highest', async () => {
    const r = await vis(['search-performance', '--brand', '202,201,203', '--market', 'GB-en', '-f', 'json']);
    const doc = DOCUMENT.parse(JSON.parse(r.stdout));
    expect(doc.data.results.map((x) => x.error?.code ?? null)).toEqual(['integration_not_connected', 'market_not_found', null]);
    expect(r.code).toBe(4);
    expect(r.stderr.split('\n').filter((l) => /^vis: (Larkspur Dental|Bluepeak Outdoor) \(GB-en\): /.test(l))).toHaveLength(2);
  });

  it('the piped table has the brand and market columns on every row', async () => {
    const r = await vis(['topics', '--brand', '201', '--brand', '202']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]!.split('\t').slice(0, 2)).toEqual(['brand', 'market']);
    expect(lines.slice(1).every((l) => /^(Bluepeak Outdoor|Larkspur Dental)\t(US-en|GB-en)\t/.test(l))).toBe(true);
  });

  it('the terminal table shows one table, the brand column as it varies and the market not', async () => {
    const r = await runInProcess(['topics', '--brand', '201,203', '--market', 'US-en', '--no-pager'], {
      baseUrl: sandbox.baseUrl,
      env: agency(),
      clock,
      io: { stdoutIsTTY: true, columns: 160 },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/brand/i);
    expect(r.stdout).toContain('Bluepeak Outdoor');
    expect(r.stdout).toContain('Copperline Payments');
    expect(r.stdout).not.toMatch(/\bmarket\b/i);
  });

  it('an item command with two brands: exit 2, naming the flag, nothing read', async () => {
    const r = await vis(['topics', '1', '--brand', '201', '--brand', '202']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--brand: vis topics <id> reads one brand and one market/);
    expect(r.all).toEqual([]);
    const all = await vis(['topics', '1', '--all-brands']);
    expect(all.code).toBe(2);
    expect(all.stderr).toContain('--all-brands');
  });

  it('--brand with --all-brands: exit 2, nothing sent', async () => {
    const r = await vis(['topics', '--brand', '201', '--all-brands']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--brand and --all-brands cannot be used together/);
    expect(r.all).toEqual([]);
  });

  it('Ctrl-C while reading: exit 130 and nothing on stdout', async () => {
    const ac = new AbortController();
    const seen = sandbox.requests.length;
    const timer = setInterval(() => {
      if (sandbox.requests.slice(seen).some((q) => q.path === '/topics')) ac.abort();
    }, 1);
    const r = await vis(['topics', '--all-brands', '--all-markets', '-f', 'csv'], agency(), { signal: ac.signal }).finally(() => clearInterval(timer));
    expect(r.code).toBe(130);
    expect(r.stdout).toBe('');
  });
});

/**
 * Another server's shapes: GET /brands a bare array with string ids and no markets (so
 * --all-markets asks GET /markets), markets as objects with labels, topics under `items`,
 * a number the JSON round trip would respell, and a brand whose name holds a comma.
 */
describe('against a server with other payload shapes', () => {
  let server: TestServer;
  let readsLeft = 100;
  let marketsDown: string | undefined;
  beforeAll(async () => {
    server = await startTestServer((req, res) => {
      const brand = req.query.find(([k]) => k === 'brand_id')?.[1];
      const market = req.query.find(([k]) => k === 'market')?.[1] ?? 'DE-de';
      if (req.path === '/usage') return sendJson(res, 200, { data: { reads_left: readsLeft }, meta: {} });
      if (req.path === '/brands')
        return sendJson(res, 200, {
          data: [
            { id: 'b1', name: 'Smith, Jones & Co' },
            { id: 'b2', name: 'Smith' },
            { id: 'b3', name: 'Jones' },
          ],
          meta: {},
        });
      if (req.path === '/markets' && brand === marketsDown) return sendJson(res, 404, { error: { code: 'not_found', message: 'No markets for this brand' } });
      if (req.path === '/markets') {
        // b3 is in ten markets, so reading every brand's markets is more than ten reads.
        const codes = brand === 'b3' ? Array.from({ length: 10 }, (_, i) => `M${i}-xx`) : ['DE-de', 'AT-de'];
        return sendJson(res, 200, { data: { items: codes.map((code) => ({ code, label: code })) }, meta: {} });
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        `{"data":{"items":[{"topic":"t-${brand}","score":1.50}],"period":{"from":"2026-11-01","to":"2026-11-22"}},"meta":{"brand":"${brand}","market":{"code":"${market}","label":"L-${market}"},"api_version":"v1"}}`,
      );
    });
  });
  afterAll(() => server.close());

  const run = (argv: string[], io: { stderrIsTTY?: boolean } = {}) => {
    const before = server.requests.length;
    const home = mkdtempSync(join(tmpdir(), 'vis-shapes-'));
    return runInProcess(argv, {
      baseUrl: server.baseUrl,
      env: { HOME: home, VIS_CONFIG_DIR: join(home, 'config'), VIS_API_KEY: 'vis_test_0123456789abcdef', VIS_RATE_LIMIT: '1000000' },
      clock,
      io,
    }).then((r) => ({
      ...r,
      sent: server.requests.slice(before).map((q) => `${q.path}${q.query.length ? `?${new URLSearchParams(q.query).toString()}` : ''}`),
    }));
  };

  it('--all-markets learns the markets from GET /markets; JSON keeps numbers as sent and labels from the answer', async () => {
    readsLeft = 100;
    const r = await run(['topics', '--brand', 'b2', '--all-markets', '-f', 'json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.sent.filter((p) => !p.startsWith('/usage') && !p.startsWith('/brands'))).toEqual([
      '/markets?brand_id=b2',
      '/topics?brand_id=b2&market=DE-de',
      '/topics?brand_id=b2&market=AT-de',
    ]);
    expect(r.stdout).toContain('"score": 1.50');
    const doc = DOCUMENT.parse(JSON.parse(r.stdout));
    expect(doc.data.results.map((x) => x.market)).toEqual([
      { code: 'DE-de', label: 'L-DE-de' },
      { code: 'AT-de', label: 'L-AT-de' },
    ]);
    expect(doc.meta.api_version).toBe('v1');
  });

  it('--all-markets: a brand whose GET /markets fails is one failed result in its place; the other brands are read', async () => {
    readsLeft = 100;
    marketsDown = 'b2';
    try {
      const r = await run(['topics', '--brand', 'b2', '--brand', 'b3', '--all-markets', '-f', 'json']);
      expect(r.code).toBe(5);
      expect(r.stderr).toContain('vis: Smith: No markets for this brand');
      expect(r.sent.filter((p) => p.startsWith('/topics?brand_id=b2'))).toEqual([]);
      expect(r.sent.filter((p) => p.startsWith('/topics?brand_id=b3')).length).toBe(10);
      const doc = DOCUMENT.parse(JSON.parse(r.stdout));
      expect(doc.data.results[0]).toMatchObject({ brand: { id: 'b2', name: 'Smith' }, market: null, data: null, error: { code: 'not_found' } });
      expect(doc.data.results.slice(1).every((x) => x.brand.id === 'b3' && x.error === null)).toBe(true);
    } finally {
      marketsDown = undefined;
    }
  });

  it('a brand name holding a comma is that brand; other commas separate brands', async () => {
    const whole = await run(['topics', '--brand', 'smith, jones & co', '-f', 'csv']);
    expect(whole.code).toBe(0);
    expect(whole.stdout.split('\r\n')[0]!.startsWith('brand,')).toBe(false);
    expect(whole.sent.filter((p) => p.startsWith('/topics'))).toEqual(['/topics?brand_id=b1']);
    const two = await run(['topics', '--brand', 'Smith,Jones', '-f', 'csv']);
    expect(two.code).toBe(0);
    expect(two.sent.filter((p) => p.startsWith('/topics'))).toEqual(['/topics?brand_id=b2', '/topics?brand_id=b3']);
    expect(two.stdout.split('\r\n').slice(0, 3)).toEqual([
      'brand,market,topic,score,period_from,period_to',
      'Smith,DE-de,t-b2,1.50,2026-11-01,2026-11-22',
      'Jones,DE-de,t-b3,1.50,2026-11-01,2026-11-22',
    ]);
  });

  it('on a terminal, more than ten reads to make are counted on stderr before reading; not into a pipe', async () => {
    readsLeft = 100;
    const tty = await run(['topics', '--all-brands', '--all-markets', '-f', 'csv'], { stderrIsTTY: true });
    expect(tty.code).toBe(0);
    expect(tty.stderr).toContain('vis topics for 3 brands: 14 reads to make');
    expect(tty.sent.filter((p) => p.startsWith('/topics'))).toHaveLength(14);
    const piped = await run(['topics', '--all-brands', '--all-markets', '-f', 'csv']);
    expect(piped.stderr).toBe('');
    const few = await run(['topics', '--all-brands', '-f', 'csv'], { stderrIsTTY: true });
    expect(few.stderr).not.toContain('reads to make');
  });

  it('more reads than are left: exit 6 naming both numbers, before any data read', async () => {
    readsLeft = 2;
    const r = await run(['topics', '--all-brands', '-f', 'csv']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/needs 3 reads, and 2 are left this month: nothing was read/);
    expect(r.sent.filter((p) => p.startsWith('/topics'))).toEqual([]);
    expect(r.stdout).toBe('');
  });

  it('an item command given two brands in one value: exit 2, no read', async () => {
    readsLeft = 100;
    const r = await run(['topics', 't1', '--brand', 'Smith,Jones']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--brand');
    expect(r.sent.filter((p) => p.startsWith('/topics'))).toEqual([]);
  });
});

describe('list options over several brands and markets', () => {
  it('--sort and --top apply within each brand × market, in every format; meta.filters says so beside the brands', async () => {
    const env = agency();
    const csv = await vis(['topics', '--all-brands', '--sort', 'visibility', '--top', '2', '--format', 'csv'], env);
    expect(csv.code, csv.stderr).toBe(0);
    const rows = csvRows(csv.stdout);
    const header = rows[0]!;
    const body = rows.slice(1);
    const brandCol = header.indexOf('brand');
    const visCol = header.indexOf('visibility');
    const brands = [...new Set(body.map((r) => r[brandCol]))];
    expect(brands.length).toBe(3);
    for (const b of brands) {
      const mine = body.filter((r) => r[brandCol] === b).map((r) => Number(r[visCol]));
      expect(mine.length).toBe(2);
      expect(mine[0]!).toBeLessThanOrEqual(mine[1]!);
    }
    // The same weakest two per brand as each brand's own answer says, read from the cache.
    const json = await vis(['topics', '--all-brands', '--sort', 'visibility', '--top', '2', '--format', 'json'], env);
    expect(json.reads).toEqual([]);
    const doc = DOCUMENT.parse(JSON.parse(json.stdout));
    expect((JSON.parse(json.stdout) as { meta: { filters: object } }).meta.filters).toEqual({ brands: 'all', markets: null, sort: 'visibility', top: 2 });
    for (const result of doc.data.results) {
      const topics = (result.data as { topics: Array<{ visibility: number }> }).topics;
      expect(topics.length).toBe(2);
      const all = (
        JSON.parse((await vis(['topics', '--brand', result.brand.id, '--format', 'json'], env)).stdout) as { data: { topics: Array<{ visibility: number }> } }
      ).data.topics
        .map((t) => t.visibility)
        .sort((a, b) => a - b);
      expect(topics.map((t) => t.visibility)).toEqual(all.slice(0, 2));
    }
  });

  it('meta.filters names the list options even when no answer came back', async () => {
    const r = await vis(['search-performance', '--brand', 'Larkspur Dental', '--all-markets', '--sort', '-clicks', '--format', 'json']);
    expect(r.code).toBe(4);
    const doc = JSON.parse(r.stdout) as { data: { results: Array<{ error: unknown }> }; meta: { filters: object } };
    expect(doc.data.results.every((x) => x.error !== null)).toBe(true);
    expect(doc.meta.filters).toMatchObject({ sort: '-clicks' });
  });

  it('prompts over three markets --engine chatgpt --state absent: each market keeps only its absent ChatGPT rows', async () => {
    const env = agency(undefined, 'vis_demo_growth');
    const r = await vis(['prompts', '--all-markets', '--engine', 'chatgpt', '--state', 'absent', '--format', 'json'], env);
    expect(r.code, r.stderr).toBe(0);
    const doc = DOCUMENT.parse(JSON.parse(r.stdout));
    expect(doc.data.results.map((x) => x.market?.code)).toEqual(['US-en', 'GB-en', 'DE-de']);
    expect((JSON.parse(r.stdout) as { meta: { filters: object } }).meta.filters).toMatchObject({ markets: 'all', engine: ['chatgpt'], state: ['absent'] });
    for (const result of doc.data.results) {
      const one = JSON.parse((await vis(['prompts', '--market', result.market!.code, '--format', 'json'], env)).stdout) as { data: Record<string, unknown> };
      const list = (d: unknown) => Object.values(d as Record<string, unknown>).find(Array.isArray) as Array<Record<string, unknown>>;
      const expected = list(one.data).filter((p) => (p.engines as Record<string, { state?: string }> | undefined)?.chatgpt?.state === 'absent');
      const got = list(result.data);
      expect(got.length).toBe(expected.length);
      expect(got.every((p) => Object.keys(p.engines as object).join() === 'chatgpt')).toBe(true);
    }
  });
});
