/**
 * `vis export` from argv to the folder, in-process (runInProcess with `baseUrl`: vis's own
 * transport, no process) against the sandbox on loopback, checked by what lands in the
 * folder (files, manifest.json, csv that parses), what the sandbox received and spent,
 * the exit code and stderr. Ctrl-C needs a real process: test/e2e/export.e2e.test.ts.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointSpec } from '../../src/endpoints.js';
import { startSandbox, type RecordedRequest, type Sandbox } from '../../src/sandbox/server.js';
import { sendJson, startTestServer, type TestServer } from '../e2e/helpers.js';
import { listFiles, noTempFiles, tempDir } from '../support/files.js';
import { runInProcess } from '../support/run.js';

const NOW = new Date('2026-11-22T12:00:00Z');

/**
 * What `vis export` writes by default, written out from its rule (docs/guide.md, Export) rather
 * than from the code under test: every GET data endpoint with no path argument and no
 * required parameter.
 */
const DEFAULT_SET: EndpointSpec[] = ENDPOINTS.filter(
  (e) => e.method === 'GET' && e.group === 'data' && e.pathParam === undefined && !e.query.some((q) => q.required),
);
const PRO_ONLY = DEFAULT_SET.filter((e) => e.plan === 'pro').map((e) => e.id);

interface ManifestFile {
  path: string;
  endpoint: string;
  brand: { id: number | string | null; name: string };
  market: string | null;
  item: string | null;
  period: Record<string, unknown> | null;
  rows: number;
  bytes: number;
  fetched_at: string;
  fetched_in_market?: string;
}
interface ManifestEntry {
  path: string;
  endpoint: string;
  brand: { id: number | string | null; name: string };
  market: string | null;
  item: string | null;
  code?: string | null;
  reason?: string;
  message: string;
  exit_code?: number;
}
interface Manifest {
  status: string;
  exit_code: number;
  format: string;
  period: unknown;
  endpoints: string[];
  reads: { left_before: number | null; planned: number; spent: number; this_run: number };
  brands: Array<{ id: number; name: string; slug: string; markets: string[] | null; markets_from: string }>;
  files: ManifestFile[];
  skipped: ManifestEntry[];
  failed: ManifestEntry[];
  not_attempted: ManifestEntry[];
}

let sandbox: Sandbox;

beforeAll(async () => {
  // Many runs share the keys here; pacing has tests of its own below.
  sandbox = await startSandbox({ now: () => NOW, rateLimitPerMinute: 1_000_000 });
});
afterAll(() => sandbox.close());

/** A run against the server at `baseUrl` with this key (pacing out of the way unless asked for). */
const on = (baseUrl: string, key: string, extra: Record<string, string> = {}) => ({
  baseUrl,
  env: { VIS_API_KEY: key, VIS_RATE_LIMIT: '1000000', ...extra },
});
const env = (key: string) => on(sandbox.baseUrl, key);

const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;

/** The API requests a key sent since `from` (an index into sandbox.requests). */
function requestsOf(key: string, from: number): RecordedRequest[] {
  return sandbox.requests.slice(from).filter((r) => r.headers.authorization === `Bearer ${key}`);
}

const expectedPath = (slug: string, market: string, e: EndpointSpec, ext = 'csv') => (e.market ? `${slug}/${market}/${e.id}.${ext}` : `${slug}/${e.id}.${ext}`);

describe('a Growth export', () => {
  it('writes one file per default endpoint and a manifest that describes them; the csv parses', async () => {
    const dir = tempDir();
    const before = sandbox.reads('vis_demo_growth');
    const from = sandbox.requests.length;
    const r = await runInProcess(['export', '--dir', dir], env('vis_demo_growth'));
    expect(r.stdout).toBe('');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^vis export: 21 files, \d+ rows, 21 reads spent, 0 skipped, 0 failed, in /);

    const expected = DEFAULT_SET.map((e) => expectedPath('northwind-crm', 'US-en', e)).sort();
    expect(DEFAULT_SET.map((e) => e.id)).toContain('topics');
    expect(DEFAULT_SET.map((e) => e.id)).not.toContain('markets');
    expect(listFiles(dir)).toEqual([...expected, 'manifest.json'].sort());

    // The sandbox saw the two free look-ups, then one request per file, for brand 101.
    const reqs = requestsOf('vis_demo_growth', from);
    expect(reqs.slice(0, 2).map((q) => q.path)).toEqual(['/usage', '/brands']);
    expect(
      reqs
        .slice(2)
        .map((q) => q.path)
        .sort(),
    ).toEqual(DEFAULT_SET.map((e) => e.path).sort());
    expect(reqs.slice(2).every((q) => q.query.brand_id === '101' && q.status === 200)).toBe(true);
    expect(sandbox.reads('vis_demo_growth') - before).toBe(21);

    const m = readManifest(dir);
    expect(m).toMatchObject({ status: 'complete', exit_code: 0, format: 'csv', period: null, skipped: [], failed: [], not_attempted: [] });
    expect(m.reads).toMatchObject({ planned: 21, spent: 21 });
    expect(m.reads.left_before).toBe(200_000 - 48_213 - before);
    expect(m.brands).toEqual([{ id: 101, name: 'Northwind CRM', slug: 'northwind-crm', markets: ['US-en'], markets_from: 'primary' }]);
    expect(m.endpoints).toEqual(DEFAULT_SET.map((e) => e.id));
    expect(m.files.map((f) => f.path)).toEqual(expected);
    for (const f of m.files) {
      const spec = DEFAULT_SET.find((e) => e.id === f.endpoint)!;
      expect(f.path).toBe(expectedPath('northwind-crm', 'US-en', spec));
      expect(f.brand).toEqual({ id: 101, name: 'Northwind CRM' });
      expect(f.market).toBe(spec.market ? 'US-en' : null);
      expect(f.item).toBeNull();
      expect(f.fetched_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      const text = readFileSync(join(dir, f.path), 'utf8');
      expect(f.bytes).toBe(statSync(join(dir, f.path)).size);
      const records = parse(text, { relax_column_count: false }) as string[][];
      // A header and one line per row; an empty collection is an empty file.
      expect(records.length).toBe(f.rows === 0 ? 0 : f.rows + 1);
      // As --format csv prints them (a dashboard as key/value, a period's rows closing with
      // the period the answer covers, the manifest's), every row led by the brand and the
      // market the manifest names and a dashboard's figures closed by the period too, so
      // files load into one table without their folder names.
      if (records.length > 0) {
        expect(records[0]!.slice(0, 3)).toEqual(['brand_id', 'brand', 'market']);
        for (const r of records.slice(1)) expect(r.slice(0, 3)).toEqual(['101', 'Northwind CRM', f.market ?? '']);
      }
      if (records.length > 0 && spec.collection === undefined) expect(records[0]!.slice(3, 5)).toEqual(['key', 'value']);
      if (records.length > 0 && spec.period !== 'none') {
        expect(records[0]!.slice(-2)).toEqual(['period_from', 'period_to']);
        for (const r of records.slice(1)) expect(r.slice(-2)).toEqual([f.period!.from, f.period!.to]);
      }
      if (spec.period === 'none') expect(f.period).toBeNull();
      else expect(f.period).toMatchObject({ from: expect.stringMatching(/^\d{4}-\d\d-\d\d$/), to: '2026-11-22' });
    }
    expect(m.files.find((f) => f.endpoint === 'topics')!.period).toEqual({ from: '2026-11-16', to: '2026-11-22', days: 7 });
    expect(m.files.find((f) => f.endpoint === 'search-performance')!.period).toMatchObject({ days: 28 });
    expect(m.files.find((f) => f.endpoint === 'topics')!.rows).toBeGreaterThan(0);
  });

  it('--format json writes the API envelopes, the period flags reach the period endpoints', async () => {
    const dir = tempDir();
    const from = sandbox.requests.length;
    const r = await runInProcess(
      ['export', '--dir', dir, '--format', 'json', '--days', '30', '--only', 'topics,prompts,search-performance', '-q'],
      env('vis_demo_growth'),
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(listFiles(dir)).toEqual([
      'manifest.json',
      'northwind-crm/US-en/prompts.json',
      'northwind-crm/US-en/search-performance.json',
      'northwind-crm/US-en/topics.json',
    ]);
    const topics = JSON.parse(readFileSync(join(dir, 'northwind-crm/US-en/topics.json'), 'utf8'));
    expect(topics.meta).toMatchObject({ brand: { id: 101 }, market: { code: 'US-en' } });
    expect(topics.data.period).toMatchObject({ days: 30 });
    const sent = requestsOf('vis_demo_growth', from).slice(2);
    expect(sent.find((q) => q.path === '/topics')!.query).toEqual({ brand_id: '101', days: '30' });
    expect(sent.find((q) => q.path === '/prompts')!.query).toEqual({ brand_id: '101' });
    expect(sent.find((q) => q.path === '/search-performance')!.query).toEqual({ brand_id: '101', days: '30' });
    const m = readManifest(dir);
    expect(m.period).toEqual({ days: 30 });
    expect(m.format).toBe('json');
  });

  it('item endpoints on request: the list, then one file per item', async () => {
    const listed = (await (await fetch(`${sandbox.baseUrl}/topics`, { headers: { authorization: 'Bearer vis_demo_growth' } })).json()) as {
      data: { topics: Array<{ id: string }> };
    };
    const ids = listed.data.topics.map((t) => t.id);
    expect(ids.length).toBeGreaterThan(1);
    const dir = tempDir();
    const before = sandbox.reads('vis_demo_growth');
    const r = await runInProcess(['export', '--dir', dir, '--only', 'topics.get,topics', '-q'], env('vis_demo_growth'));
    expect(r.code).toBe(0);
    expect(sandbox.reads('vis_demo_growth') - before).toBe(1 + ids.length);
    const m = readManifest(dir);
    expect(m.files.filter((f) => f.endpoint === 'topics').map((f) => f.path)).toEqual(['northwind-crm/US-en/topics.csv']);
    const items = m.files.filter((f) => f.endpoint === 'topics.get');
    expect(items.map((f) => f.item).sort()).toEqual([...ids].sort());
    for (const f of items) {
      expect(f.path).toMatch(/^northwind-crm\/US-en\/topics\.get\/[a-z0-9-]+\.csv$/);
      expect(existsSync(join(dir, f.path))).toBe(true);
    }
    expect(new Set(items.map((f) => f.path)).size).toBe(ids.length);
    expect(m.reads).toMatchObject({ planned: 1 + ids.length, spent: 1 + ids.length });
  });
});

describe('plans, skips and several brands', () => {
  it('a Monitor export skips the plan-gated endpoints, reports them, and exits 0', async () => {
    const dir = tempDir();
    const r = await runInProcess(['export', '--dir', dir], env('vis_demo_monitor'));
    expect(r.code).toBe(0);
    const m = readManifest(dir);
    expect(PRO_ONLY.length).toBeGreaterThan(0);
    expect(m.skipped.map((s) => s.endpoint).sort()).toEqual([...PRO_ONLY].sort());
    expect(m.skipped.every((s) => s.code === 'feature_not_in_plan' && s.market === 'US-en')).toBe(true);
    expect(m.files.map((f) => f.endpoint).sort()).toEqual(
      DEFAULT_SET.filter((e) => e.plan !== 'pro')
        .map((e) => e.id)
        .sort(),
    );
    expect(m.status).toBe('complete');
    expect(r.stderr).toContain(`${PRO_ONLY.length} skipped, 0 failed`);
    // An entry wider than the terminal goes on under its first word.
    const entries = r.stderr.replace(/\n {4}/g, ' ');
    for (const id of PRO_ONLY)
      expect(entries).toMatch(
        new RegExp(
          `^  ${id.replace('.', '\\.')}, Fernhill Coffee Roasters, US-en: .* is part of the Pro and Growth plans; this account is on Monitor \\[feature_not_in_plan\\]$`,
          'm',
        ),
      );
  });

  it('vis_demo_agency --all-brands writes each brand’s files; the brand without search console is skipped there', async () => {
    const dir = tempDir();
    const from = sandbox.requests.length;
    const r = await runInProcess(['export', '--dir', dir, '--all-brands', '-q'], env('vis_demo_agency'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const brands: Array<[string, number, string]> = [
      ['bluepeak-outdoor', 201, 'US-en'],
      ['larkspur-dental', 202, 'GB-en'],
      ['copperline-payments', 203, 'US-en'],
    ];
    const files = listFiles(dir);
    for (const [slug, , market] of brands) {
      for (const e of DEFAULT_SET) {
        const path = expectedPath(slug, market, e);
        if (slug === 'larkspur-dental' && e.id === 'search-performance') expect(files).not.toContain(path);
        else expect(files).toContain(path);
      }
    }
    expect(files).toHaveLength(3 * DEFAULT_SET.length - 1 + 1);
    const m = readManifest(dir);
    expect(m.skipped).toEqual([
      expect.objectContaining({
        path: 'larkspur-dental/GB-en/search-performance.csv',
        endpoint: 'search-performance',
        brand: { id: 202, name: 'Larkspur Dental' },
        market: 'GB-en',
        code: 'integration_not_connected',
      }),
    ]);
    const sentBrands = new Set(
      requestsOf('vis_demo_agency', from)
        .slice(2)
        .map((q) => q.query.brand_id),
    );
    expect([...sentBrands].sort()).toEqual(['201', '202', '203']);
  });

  it('an agency without --brand or --all-brands is refused before any read, naming the brands', async () => {
    const from = sandbox.requests.length;
    const r = await runInProcess(['export', '--dir', tempDir()], env('vis_demo_agency'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--all-brands');
    expect(r.stderr).toContain('201 Bluepeak Outdoor, 202 Larkspur Dental, 203 Copperline Payments');
    expect(requestsOf('vis_demo_agency', from).map((q) => q.path)).toEqual(['/usage', '/brands']);
  });

  it('--all-markets reads brand perception and the technical scan once and writes them into every market', async () => {
    const dir = tempDir();
    const from = sandbox.requests.length;
    const r = await runInProcess(['export', '--dir', dir, '--all-markets', '--only', 'technical,brand-perception,topics', '-q'], env('vis_demo_growth'));
    expect(r.code).toBe(0);
    const sent = requestsOf('vis_demo_growth', from).slice(2);
    // /brands lists the markets, so no GET /markets; topics per market, the others once.
    expect(sent.map((q) => `${q.path} ${q.query.market}`).sort()).toEqual(
      ['/brand-perception US-en', '/technical US-en', '/topics DE-de', '/topics GB-en', '/topics US-en'].sort(),
    );
    for (const market of ['US-en', 'GB-en', 'DE-de']) {
      for (const id of ['technical', 'brand-perception', 'topics']) expect(existsSync(join(dir, `northwind-crm/${market}/${id}.csv`))).toBe(true);
    }
    // One read, the same rows in every market's folder, each naming that folder's market.
    const tech = (market: string) => parse(readFileSync(join(dir, `northwind-crm/${market}/technical.csv`), 'utf8')) as string[][];
    expect(tech('US-en').length).toBeGreaterThan(1);
    for (const market of ['GB-en', 'DE-de']) {
      expect(tech(market)).toEqual(tech('US-en').map((r, i) => (i === 0 ? r : [r[0], r[1], market, ...r.slice(3)])));
    }
    const m = readManifest(dir);
    expect(m.reads.spent).toBe(5);
    expect(m.brands[0]).toMatchObject({ markets: ['US-en', 'GB-en', 'DE-de'], markets_from: 'brands' });
    expect(m.files.find((f) => f.path === 'northwind-crm/GB-en/technical.csv')).toMatchObject({ market: 'GB-en', fetched_in_market: 'US-en' });
  });
});

describe('the read budget', () => {
  it('vis_demo_exhausted is refused before any data read: exit 6, both numbers named, nothing written', async () => {
    const dir = join(tempDir(), 'out');
    const from = sandbox.requests.length;
    const r = await runInProcess(['export', '--dir', dir], env('vis_demo_exhausted'));
    expect(r.code).toBe(6);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`vis: the export needs ${DEFAULT_SET.length} reads, and 0 are left this month`);
    expect(r.stderr).toContain('--force');
    expect(requestsOf('vis_demo_exhausted', from).map((q) => q.path)).toEqual(['/usage', '/brands']);
    expect(existsSync(dir)).toBe(false);
  });

  it('--dry-run spends nothing, writes nothing, and prints the plan and its cost on stdout', async () => {
    const dir = join(tempDir(), 'out');
    const before = sandbox.reads('vis_demo_growth');
    const from = sandbox.requests.length;
    const r = await runInProcess(['export', '--dir', dir, '--dry-run'], env('vis_demo_growth'));
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(sandbox.reads('vis_demo_growth')).toBe(before);
    expect(requestsOf('vis_demo_growth', from).map((q) => q.path)).toEqual(['/usage', '/brands']);
    expect(existsSync(dir)).toBe(false);
    expect(r.stdout).toContain(`Cost: ${DEFAULT_SET.length} reads.`);
    for (const e of DEFAULT_SET) expect(r.stdout).toContain(expectedPath('northwind-crm', 'US-en', e));
    expect(r.stdout).toMatch(/Reads left: \d{1,3}(,\d{3})* .*The export fits\./);
  });

  it('--dry-run --format json: the plan as a document; item endpoints make the cost "at least"', async () => {
    const before = sandbox.reads('vis_demo_agency');
    const r = await runInProcess(
      ['export', '--dir', tempDir(), '--dry-run', '--format', 'json', '--all-brands', '--all-markets', '--only', 'competitors.get,visibility'],
      env('vis_demo_agency'),
    );
    expect(r.code).toBe(0);
    expect(sandbox.reads('vis_demo_agency')).toBe(before);
    const doc = JSON.parse(r.stdout);
    // 6 markets in all: a visibility read and a competitors list read in each.
    expect(doc.reads).toEqual({
      at_least: 12,
      exact: false,
      per_item: [{ endpoint: 'competitors.get', list: 'competitors' }],
      per_extra_market: [],
      cached: 0,
    });
    expect(doc.budget).toMatchObject({ left: expect.any(Number), verdict: 'fits' });
    expect(doc.requests.filter((q: { endpoint: string }) => q.endpoint === 'competitors.get')).toHaveLength(6);
  });

  it('--dry-run on an exhausted account prints the plan and exits 6', async () => {
    const r = await runInProcess(['export', '--dir', tempDir(), '--dry-run'], env('vis_demo_exhausted'));
    expect(r.code).toBe(6);
    expect(r.stdout).toContain('the export would be refused (exit 6)');
    expect(r.stderr).toContain('would need 21 reads, and 0 are left');
  });

  it('--force on an exhausted account exports what fits (nothing), records the rest, exits 6', async () => {
    const dir = tempDir();
    const from = sandbox.requests.length;
    const r = await runInProcess(['export', '--dir', dir, '--force', '--only', 'topics,pages'], env('vis_demo_exhausted'));
    expect(r.code).toBe(6);
    expect(requestsOf('vis_demo_exhausted', from).map((q) => q.path)).toEqual(['/usage', '/brands']);
    const m = readManifest(dir);
    expect(m.files).toEqual([]);
    expect(m.not_attempted.map((n) => [n.endpoint, n.reason])).toEqual([
      ['pages', 'read_budget'],
      ['topics', 'read_budget'],
    ]);
  });

  it('quota_exceeded mid-run: stops spending, records the rest as not attempted, exits 6', async () => {
    const s = await startSandbox({
      now: () => NOW,
      rateLimitPerMinute: 1_000_000,
      faults: [{ path: '/sources', kind: 'status', status: 429, code: 'quota_exceeded' }],
    });
    try {
      const dir = tempDir();
      const r = await runInProcess(['export', '--dir', dir], on(s.baseUrl, 'vis_demo_growth'));
      expect(r.code).toBe(6);
      const paths = s.requests.map((q) => q.path);
      const order = DEFAULT_SET.map((e) => e.path);
      const at = order.indexOf('/sources');
      // Nothing after the refused request was sent.
      expect(paths).toEqual(['/usage', '/brands', ...order.slice(0, at + 1)]);
      const m = readManifest(dir);
      // It stopped early: failed, not incomplete (which is a run that went to the end).
      expect(m.status).toBe('failed');
      expect(m.exit_code).toBe(6);
      expect(m.failed).toEqual([expect.objectContaining({ endpoint: 'sources', code: 'quota_exceeded', exit_code: 6 })]);
      expect(m.not_attempted.map((n) => n.endpoint).sort()).toEqual(
        DEFAULT_SET.slice(at + 1)
          .map((e) => e.id)
          .sort(),
      );
      expect(m.not_attempted.every((n) => n.reason === 'quota_exceeded')).toBe(true);
      expect(m.files.map((f) => f.endpoint).sort()).toEqual(
        DEFAULT_SET.slice(0, at)
          .map((e) => e.id)
          .sort(),
      );
      expect(r.stderr).toContain('vis: export stopped:');
      expect(r.stderr).toContain('[quota_exceeded]');
    } finally {
      await s.close();
    }
  });
});

describe('failures', () => {
  it('a 500 on /topics leaves every other file written and no temp file behind; exit 7', async () => {
    const s = await startSandbox({ now: () => NOW, rateLimitPerMinute: 1_000_000, faults: [{ path: '/topics', kind: 'status', status: 500 }] });
    try {
      const dir = tempDir();
      const r = await runInProcess(['export', '--dir', dir], on(s.baseUrl, 'vis_demo_growth'));
      expect(r.code).toBe(7);
      const expected = DEFAULT_SET.filter((e) => e.id !== 'topics').map((e) => expectedPath('northwind-crm', 'US-en', e));
      expect(listFiles(dir)).toEqual([...expected, 'manifest.json'].sort());
      expect(noTempFiles(dir)).toEqual([]);
      const m = readManifest(dir);
      expect(m.failed).toEqual([
        expect.objectContaining({ path: 'northwind-crm/US-en/topics.csv', endpoint: 'topics', market: 'US-en', code: 'internal_error', exit_code: 7 }),
      ]);
      expect(m.exit_code).toBe(7);
      expect(r.stderr).toContain('Failed:\n  topics, Northwind CRM, US-en:');
      expect(r.stderr).toMatch(/vis: export incomplete: 1 failed \(topics US-en: .*\) \[internal_error\]/);
      // The other requests went on after the failure.
      expect(s.requests.filter((q) => q.path === '/pitches')).toHaveLength(1);
    } finally {
      await s.close();
    }
  });
});

describe('pacing', () => {
  it('with a sandbox limit of 10 a minute and VIS_RATE_LIMIT=10, an export of exactly 10 requests meets no 429', async () => {
    const s = await startSandbox({ now: () => NOW, rateLimitPerMinute: 10 });
    try {
      const dir = tempDir();
      const only = ['overview', 'visibility', 'topics', 'prompts', 'answers', 'competitors', 'sources', 'pages'];
      const r = await runInProcess(['export', '--dir', dir, '--only', only.join(','), '-q'], on(s.baseUrl, 'vis_demo_growth', { VIS_RATE_LIMIT: '10' }));
      expect(r.code).toBe(0);
      // /usage and /brands count towards the rate limit too: 10 requests, all answered.
      expect(s.requests).toHaveLength(10);
      expect(s.requests.filter((q) => q.status === 429)).toEqual([]);
      expect(readManifest(dir).files).toHaveLength(8);
    } finally {
      await s.close();
    }
  });
});

describe('--all-markets when /brands does not list the markets', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer((req, res) => {
      const market = req.query.find(([k]) => k === 'market')?.[1];
      if (req.path === '/usage') return sendJson(res, 200, { data: { reads: { used: 10, limit: 1000 } }, meta: {} });
      if (req.path === '/brands') return sendJson(res, 200, { data: { brands: [{ id: 7, name: 'Acme' }] }, meta: {} });
      if (req.path === '/markets')
        return sendJson(res, 200, {
          data: {
            markets: [
              { id: 1, code: 'US-en' },
              { id: 2, code: 'FR-fr' },
            ],
          },
          meta: {},
        });
      return sendJson(res, 200, { data: { rows: [{ market: market ?? null }] }, meta: { market: { code: market ?? 'US-en' } } });
    });
  });
  afterAll(() => server.close());
  const serverEnv = () => on(server.baseUrl, 'vis_test_key_abcd');

  it('the dry run does not call /markets and says the cost is "at least"', async () => {
    server.requests.length = 0;
    const r = await runInProcess(['export', '--dir', tempDir(), '--all-markets', '--dry-run', '--only', 'visibility,prompts'], serverEnv());
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.path)).toEqual(['/usage', '/brands']);
    expect(r.stdout).toContain('Cost: at least 3 reads, plus 2 per market beyond the first of Acme (GET /markets tells how many).');
    expect(r.stdout).toContain('acme/*/visibility.csv');
  });

  it('the run reads /markets once (and counts it), then exports each market', async () => {
    server.requests.length = 0;
    const dir = tempDir();
    const r = await runInProcess(['export', '--dir', dir, '--all-markets', '--only', 'visibility,prompts', '-q'], serverEnv());
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => `${q.path}${q.query.find(([k]) => k === 'market') ? ` ${q.query.find(([k]) => k === 'market')![1]}` : ''}`)).toEqual([
      '/usage',
      '/brands',
      '/markets',
      '/visibility US-en',
      '/prompts US-en',
      '/visibility FR-fr',
      '/prompts FR-fr',
    ]);
    expect(listFiles(dir)).toEqual([
      'acme/FR-fr/prompts.csv',
      'acme/FR-fr/visibility.csv',
      'acme/US-en/prompts.csv',
      'acme/US-en/visibility.csv',
      'manifest.json',
    ]);
    const m = readManifest(dir);
    expect(m.reads).toEqual({ left_before: 990, planned: 5, spent: 5, this_run: 5 });
    expect(m.brands).toEqual([{ id: 7, name: 'Acme', slug: 'acme', markets: ['US-en', 'FR-fr'], markets_from: 'markets' }]);
  });
});

describe('bad input is refused before any request (exit 2)', () => {
  it.each([
    [['--format', 'table'], /--format must be one of csv, json \(got "table"\)/],
    [['--only', 'topics,nope,zilch'], /unknown endpoint ids "nope", "zilch"\nValid ids: markets, overview, /],
    [['--only', 'pitches.create'], /never exported: it spends/],
    [['--all-brands', '--brand', 'acme'], /--all-brands and --brand cannot be used together/],
    [['--all-markets', '--market', 'US-en'], /--all-markets and --market cannot be used together/],
    [['--output', 'x.csv'], /--output does not apply to vis export: it writes one file per endpoint into --dir/],
    [['--columns', 'name'], /--columns does not apply to vis export: each file holds every column of its endpoint/],
    [['--rows', 'items'], /--rows does not apply to vis export/],
    [['--wide'], /--wide does not apply to vis export: it writes files, not tables/],
    [['--days', '120'], /--days must be a whole number from 1 to 90/],
  ])('%j', async (args, message) => {
    const from = sandbox.requests.length;
    const r = await runInProcess(['export', '--dir', tempDir(), ...args], env('vis_demo_growth'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(sandbox.requests.length).toBe(from);
  });

  it('no --dir, or a --dir that is a file', async () => {
    const noDir = await runInProcess(['export'], env('vis_demo_growth'));
    expect(noDir.code).toBe(2);
    expect(noDir.stderr).toContain('--dir <folder> is required by vis export');
    const file = join(tempDir(), 'file');
    writeFileSync(file, 'x');
    const onFile = await runInProcess(['export', '--dir', file], env('vis_demo_growth'));
    expect(onFile.code).toBe(2);
    expect(onFile.stderr).toContain('--dir must be a folder, not a file');
  });
});
