/**
 * manifest.json read back for `vis export --resume` is checked as if the user had typed
 * every value of it: each field that breaks its rule refuses the manifest (exit 2), named
 * with the file and the rule, and what is returned is rebuilt from checked values only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { checkManifest, START_ANEW } from '../../src/export/manifest-check.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { tempDir } from '../support/files.js';
import { runInProcess } from '../support/run.js';

const FILE = '/exports/d/manifest.json';

/** What an export of `--only topics,topics.get,pitches --days 7 --param x=1` writes, interrupted. */
function valid(): Record<string, any> {
  return {
    manifest_version: 1,
    tool: 'vis 0.1.0',
    base_url: 'https://api.example.com/api/v1',
    account: { api: 'https://api.example.com/api/v1', name: 'Acme Inc', brands: ['7', '8'] },
    started_at: '2026-11-22T12:00:00Z',
    finished_at: '2026-11-22T12:00:05Z',
    status: 'interrupted',
    exit_code: null,
    format: 'csv',
    period: { days: 7 },
    endpoints: ['topics', 'topics.get', 'pitches'],
    plan: {
      endpoints: ['topics', 'topics.get', 'pitches'],
      brands: [7],
      all_markets: false,
      market: null,
      format: 'csv',
      period: { days: 7 },
      period_date: '2026-11-22',
      period_resolved: { from: '2026-11-16', to: '2026-11-22' },
      params: [['x', '1']],
    },
    reads: { left_before: 100, planned: 4, spent: 3, this_run: 3 },
    brands: [{ id: 7, name: 'Acme CRM', slug: 'acme-crm', markets: ['US-en'], markets_from: 'primary' }],
    files: [
      {
        path: 'acme-crm/US-en/topics.csv',
        endpoint: 'topics',
        brand: { id: 7, name: 'Acme CRM' },
        market: 'US-en',
        item: null,
        period: { from: '2026-11-16', to: '2026-11-22' },
        rows: 2,
        bytes: 40,
        fetched_at: '2026-11-22T12:00:01Z',
      },
      {
        path: 'acme-crm/US-en/topics.get/crm-pricing.csv',
        endpoint: 'topics.get',
        brand: { id: 7, name: 'Acme CRM' },
        market: 'US-en',
        item: 'crm-pricing',
        period: null,
        rows: 1,
        bytes: 30,
        fetched_at: '2026-11-22T12:00:02Z',
      },
      {
        path: 'acme-crm/pitches.csv',
        endpoint: 'pitches',
        brand: { id: 7, name: 'Acme CRM' },
        market: null,
        item: null,
        period: null,
        rows: 0,
        bytes: 0,
        fetched_at: '2026-11-22T12:00:03Z',
      },
    ],
    skipped: [],
    failed: [],
    not_attempted: [],
    stale: [],
    listed: [{ request: 'GET /topics?brand_id=7&days=7&x=1', endpoint: 'topics.get', date: '2026-11-22', items: ['crm-pricing', 'crm migration'] }],
    csv_columns: ['brand_id', 'brand', 'market'],
  };
}

/** The manifest with one change made by `edit`. */
function edited(edit: (m: Record<string, any>) => void): Record<string, any> {
  const m = valid();
  edit(m);
  return m;
}

function refusal(m: unknown): UsageError {
  try {
    checkManifest(m, FILE);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return err as UsageError;
  }
  throw new Error('the manifest was accepted');
}

describe('a manifest as the export writes it', () => {
  it('is accepted, and rebuilt from its checked values', () => {
    const m = checkManifest(valid(), FILE);
    expect(m.plan).toEqual(valid().plan);
    expect(m.status).toBe('interrupted');
    expect(m.account).toEqual(valid().account);
    expect(m.files).toEqual(valid().files);
    expect(m.listed).toEqual(valid().listed);
    expect(m.reads.spent).toBe(3);
    expect(m.brands).toEqual(valid().brands);
    expect(m).toMatchObject({ format: 'csv', period: { days: 7 }, endpoints: ['topics', 'topics.get', 'pitches'] });
  });

  it('returns only what it checked: what a resume does not read back is left empty', () => {
    expect(checkManifest(valid(), FILE)).toEqual({
      manifest_version: 1,
      tool: '',
      base_url: '',
      account: valid().account,
      started_at: '',
      finished_at: '',
      status: 'interrupted',
      exit_code: null,
      format: 'csv',
      period: { days: 7 },
      endpoints: ['topics', 'topics.get', 'pitches'],
      plan: valid().plan,
      reads: { left_before: null, planned: 0, spent: 3, this_run: 0 },
      brands: valid().brands,
      files: valid().files,
      skipped: [],
      failed: [],
      not_attempted: [],
      stale: [],
      listed: valid().listed,
      csv_columns: ['brand_id', 'brand', 'market'],
    });
  });

  it('a csv export of an older vis, which records no csv_columns, is read back without them (the resume then refuses it)', () => {
    const m = checkManifest(
      edited((x) => delete x.csv_columns),
      FILE,
    );
    expect(m).not.toHaveProperty('csv_columns');
    expect(m.files).toEqual(valid().files);
  });

  it('a brand whose name gives no slug is called brand-<id>, as the export calls it', () => {
    const m = checkManifest(
      edited((x) => {
        x.brands[0].name = '日本';
        x.plan.brands = [0];
        x.brands[0].id = 0;
        x.files = [];
      }),
      FILE,
    );
    expect(m.brands[0]!.slug).toBe('brand-0');
    expect(m.plan.brands).toEqual([0]);
  });

  it('a stored slug is never used: it is made again from the name', () => {
    const m = checkManifest(
      edited((x) => {
        x.brands[0].slug = '../../../pwned-outside';
      }),
      FILE,
    );
    expect(m.brands[0]!.slug).toBe('acme-crm');
  });

  it('brands whose names give the same slug get their ids, as the export gives them', () => {
    const m = checkManifest(
      edited((x) => {
        x.plan.brands = [7, 'b8'];
        x.brands = [
          { id: 7, name: 'Acme', slug: 'x', markets: null, markets_from: 'primary' },
          { id: 'b8', name: 'ACME', slug: 'y', markets: null, markets_from: 'primary' },
        ];
      }),
      FILE,
    );
    expect(m.brands.map((b) => b.slug)).toEqual(['acme-7', 'acme-b8']);
  });

  it('the period as dates is computed again from the period and its day, not read', () => {
    const m = checkManifest(
      edited((x) => {
        x.plan.period_resolved = { from: '1999-01-01', to: '1999-01-02' };
      }),
      FILE,
    );
    expect(m.plan.period_resolved).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });

  it('takes the canonical form of what the command line would make of it', () => {
    const m = checkManifest(
      edited((x) => {
        x.plan.endpoints = ['pitches', 'topics', 'topics'];
        x.files = [x.files[0]];
        x.plan.period = {};
        x.period = null;
        x.plan.market = 'GB-en';
        x.plan.params = [];
        delete x.listed;
        delete x.account;
        x.unknown = 'dropped';
      }),
      FILE,
    );
    expect(m.plan.endpoints).toEqual(['topics', 'pitches']);
    expect(m.plan.market).toBe('GB-en');
    expect(m.plan.period_resolved).toBeNull();
    expect(m.period).toBeNull();
    expect(m.listed).toBeUndefined();
    expect(m.account).toBeUndefined();
    expect(m).not.toHaveProperty('unknown');
    expect(m.files).toHaveLength(1);
  });

  it('accepts null brand ids, --from without --to, and a brand-scoped item endpoint', () => {
    const m = checkManifest(
      edited((x) => {
        x.plan.brands = [null];
        x.plan.endpoints = ['pitches', 'pitches.get'];
        x.plan.period = { from: '2026-11-01' };
        x.brands = [{ id: null, name: 'brand', slug: 'brand', markets: null, markets_from: 'primary' }];
        x.files = [
          {
            path: 'brand/pitches.get/p-4.csv',
            endpoint: 'pitches.get',
            brand: { id: null, name: 'brand' },
            market: null,
            item: '4',
            period: null,
            rows: 1,
            bytes: 5,
            fetched_at: 'x',
          },
        ];
        x.listed = [{ request: 'GET /pitches', endpoint: 'pitches.get', date: '2026-11-22', items: ['4'] }];
      }),
      FILE,
    );
    expect(m.plan.period_resolved).toEqual({ from: '2026-11-01', to: '2026-11-22' });
    expect(m.brands[0]!.slug).toBe('brand');
    expect(m.files[0]!.path).toBe('brand/pitches.get/p-4.csv');
  });

  it('keeps fetched_in_market, checked as a market', () => {
    const m = checkManifest(
      edited((x) => {
        x.files[0].fetched_in_market = 'GB-en';
      }),
      FILE,
    );
    expect(m.files[0]!.fetched_in_market).toBe('GB-en');
    expect(refusal(edited((x) => (x.files[0].fetched_in_market = ' '))).message).toContain('files[0].fetched_in_market');
  });

  it('the manifest of a real export passes', async () => {
    const s = await startSandbox({ now: () => new Date('2026-11-22T12:00:00Z'), rateLimitPerMinute: 1_000_000 });
    try {
      const dir = tempDir();
      const r = await runInProcess(['export', '--dir', dir, '--only', 'topics,topics.get,pitches,pitches.get,technical', '--all-markets', '--days', '7'], {
        baseUrl: s.baseUrl,
        env: { VIS_API_KEY: 'vis_demo_growth', VIS_RATE_LIMIT: '1000000' },
      });
      expect(r.code, r.stderr).toBe(0);
      const raw = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, any>;
      const m = checkManifest(raw, join(dir, 'manifest.json'));
      expect(m.files).toEqual(raw.files);
      expect(m.brands).toEqual(raw.brands);
      expect(m.plan).toEqual(raw.plan);
      expect(m.listed).toEqual(raw.listed);
      expect(m.account).toEqual(raw.account);
    } finally {
      await s.close();
    }
  });
});

describe('each field that breaks its rule refuses the manifest, named with the file and the rule', () => {
  const cases: Array<[string, (m: Record<string, any>) => void, string, string?]> = [
    ['manifest_version', (m) => (m.manifest_version = 2), 'must be 1'],
    ['manifest_version', (m) => delete m.manifest_version, 'must be 1'],
    ['status', (m) => (m.status = 'done'), 'must be one of running, interrupted, failed, incomplete, complete (got "done")'],
    ['plan', (m) => (m.plan = null), 'must be an object'],
    ['plan', (m) => (m.plan = []), 'must be an object'],
    ['plan.period_date', (m) => (m.plan.period_date = '2026-02-30'), 'must be a real date written YYYY-MM-DD (got "2026-02-30")'],
    ['plan.period_date', (m) => (m.plan.period_date = 20261122), 'must be text'],
    ['plan.endpoints', (m) => (m.plan.endpoints = 'topics'), 'must be a list'],
    ['plan.endpoints', (m) => (m.plan.endpoints = []), '--only must list at least one endpoint id'],
    ['plan.endpoints', (m) => (m.plan.endpoints = ['topics', 'nope']), '--only: unknown endpoint id "nope"'],
    ['plan.endpoints', (m) => (m.plan.endpoints = ['topics', 'brands']), 'brands is not exported'],
    ['plan.endpoints[0]', (m) => (m.plan.endpoints = ['topics,pitches']), 'must be one endpoint id (got "topics,pitches")'],
    ['plan.endpoints[1]', (m) => (m.plan.endpoints = ['topics', 3]), 'must be text'],
    ['plan.endpoints[1]', (m) => (m.plan.endpoints = ['topics', '']), 'must be one endpoint id (got "")'],
    ['plan.endpoints[0]', (m) => (m.plan.endpoints = [' topics']), 'must be one endpoint id (got " topics")'],
    ['plan.format', (m) => (m.plan.format = 'csv/../../../../fmt-pwn'), '--format must be one of table, json, csv (got "csv/../../../../fmt-pwn")'],
    ['plan.format', (m) => (m.plan.format = 'table'), '--format of vis export must be csv (the default) or json (got "table")'],
    ['plan.format', (m) => (m.plan.format = undefined), 'must be text'],
    ['plan.period', (m) => (m.plan.period = null), 'must be an object'],
    ['plan.period', (m) => (m.plan.period = { days: 91 }), '--days must be a whole number from 1 to 90 (got 91)'],
    ['plan.period.days', (m) => (m.plan.period = { days: '7' }), 'must be a whole number of at least 0 (got "7")'],
    ['plan.period.days', (m) => (m.plan.period = { days: 7.5 }), 'must be a whole number of at least 0 (got 7.5)'],
    ['plan.period.days', (m) => (m.plan.period = { days: -1 }), 'must be a whole number of at least 0 (got -1)'],
    ['plan.period', (m) => (m.plan.period = { from: '2026-11-10', to: '2026-11-01' }), '--from must not be after --to'],
    ['plan.period', (m) => (m.plan.period = { to: '2026-11-01' }), '--to needs --from'],
    ['plan.period', (m) => (m.plan.period = { days: 7, from: '2026-11-01' }), '--days and --from cannot be used together'],
    ['plan.period', (m) => (m.plan.period = { from: '2026-11-23' }), '--from must not be after today (2026-11-22'],
    ['plan.period', (m) => (m.plan.period = { from: '2026-1-01', to: '2026-11-02' }), '--from must be a date written YYYY-MM-DD'],
    ['plan.period.from', (m) => (m.plan.period = { from: 1 }), 'must be text'],
    ['plan.period.to', (m) => (m.plan.period = { from: '2026-11-01', to: 2 }), 'must be text'],
    ['plan.all_markets', (m) => (m.plan.all_markets = 'yes'), 'must be true or false'],
    ['plan.market', (m) => (m.plan.market = ' '), '--market must not be empty'],
    ['plan.market', (m) => (m.plan.market = 5), 'must be text'],
    ['plan.market', (m) => Object.assign(m.plan, { market: 'US-en', all_markets: true }), '--all-markets and --market cannot be used together'],
    ['plan.params', (m) => (m.plan.params = {}), 'must be a list'],
    ['plan.params[0]', (m) => (m.plan.params = ['x=1']), 'must be a list'],
    ['plan.params[0]', (m) => (m.plan.params = [['x']]), 'must be a [key, value] pair'],
    ['plan.params[0]', (m) => (m.plan.params = [['x', '1', '2']]), 'must be a [key, value] pair'],
    ['plan.params[0]', (m) => (m.plan.params = [[1, 'x']]), 'must be text'],
    ['plan.params[0]', (m) => (m.plan.params = [['x', 1]]), 'must be text'],
    ['plan.params', (m) => (m.plan.params = [['', 'v']]), '--param must be key=value with a non-empty key (got "=v")'],
    [
      'plan.params[1]',
      (m) =>
        (m.plan.params = [
          ['x', '1'],
          ['a=b', 'c'],
        ]),
      'has a key --param cannot give ("a=b" holds "=")',
    ],
    ['plan.brands', (m) => (m.plan.brands = 7), 'must be a list'],
    ['plan.brands', (m) => (m.plan.brands = []), 'must list at least one brand'],
    ['plan.brands', (m) => (m.plan.brands = [7, '7']), 'must not list a brand twice'],
    ['plan.brands', (m) => (m.plan.brands = [7, null]), 'may hold null (no brand id) only as its one brand'],
    ['plan.brands[0]', (m) => (m.plan.brands = [-1]), 'must be a brand id: a whole number or a text (got -1)'],
    ['plan.brands[0]', (m) => (m.plan.brands = [1.5]), 'must be a brand id: a whole number or a text (got 1.5)'],
    ['plan.brands[0]', (m) => (m.plan.brands = ['  ']), '--brand must not be empty'],
    ['plan.brands[0]', (m) => (m.plan.brands = [true]), 'must be text'],
    ['account', (m) => (m.account = 'acme'), 'must be an object'],
    ['account.api', (m) => (m.account.api = null), 'must be text'],
    ['account.name', (m) => (m.account.name = 5), 'must be text'],
    ['account.brands', (m) => (m.account.brands = '7'), 'must be a list'],
    ['account.brands[1]', (m) => (m.account.brands = ['7', '']), '--brand must not be empty'],
    ['brands', (m) => (m.brands = {}), 'must be a list'],
    ['brands[0]', (m) => (m.brands = ['acme']), 'must be an object'],
    ['brands[0].id', (m) => (m.brands[0].id = 8), "must be one of the plan's brands (7; got 8)"],
    ['brands[0].id', (m) => (m.brands[0].id = null), "must be one of the plan's brands (7; got null)"],
    ['brands[0].id', (m) => (m.brands[0].id = -7), 'must be a brand id'],
    ['brands[0].name', (m) => (m.brands[0].name = 7), 'must be text'],
    ['brands[0].markets', (m) => (m.brands[0].markets = 'US-en'), 'must be a list'],
    ['brands[0].markets[0]', (m) => (m.brands[0].markets = ['']), '--market must not be empty'],
    ['brands[0].markets_from', (m) => (m.brands[0].markets_from = 'guess'), 'must be one of flag, primary, brands, markets (got "guess")'],
    ['brands', (m) => m.brands.push({ ...m.brands[0] }), 'must not list a brand twice'],
    ['files', (m) => (m.files = null), 'must be a list'],
    ['files[0]', (m) => (m.files[0] = 'acme-crm/US-en/topics.csv'), 'must be an object'],
    ['files[0].endpoint', (m) => (m.files[0].endpoint = 'pages'), 'must be one of the plan\'s endpoints (got "pages")'],
    ['files[0].endpoint', (m) => (m.files[0].endpoint = undefined), 'must be text'],
    ['files[0].brand', (m) => (m.files[0].brand = 7), 'must be an object'],
    ['files[0].brand.id', (m) => (m.files[0].brand.id = 1.5), 'must be a brand id'],
    ['files[0].brand.name', (m) => (m.files[0].brand.name = null), 'must be text'],
    ['files[0].market', (m) => (m.files[0].market = '\t'), '--market must not be empty'],
    ['files[0].market', (m) => (m.files[0].market = null), 'must name the market of a topics file'],
    ['files[2].market', (m) => (m.files[2].market = 'US-en'), 'must be null for pitches'],
    ['files[0].item', (m) => (m.files[0].item = 'x'), 'must be null for topics'],
    ['files[1].item', (m) => (m.files[1].item = null), 'must name the topics.get item'],
    ['files[1].item', (m) => (m.files[1].item = 3), 'must be text'],
    ['files[0].path', (m) => (m.files[0].path = 5), 'must be text'],
    [
      'files[0].path',
      (m) => (m.files[0].path = '../../../outside/US-en/topics.csv'),
      'must be laid out as the export writes topics files, <brand>/<market>/topics.csv',
    ],
    ['files[0].path', (m) => (m.files[0].path = 'acme-crm/../topics.csv'), '(got "acme-crm/../topics.csv")'],
    ['files[0].path', (m) => (m.files[0].path = 'acme-crm/US-en/topics.json'), 'laid out'],
    ['files[0].path', (m) => (m.files[0].path = 'acme-crm/US-en/pages.csv'), 'laid out'],
    ['files[0].path', (m) => (m.files[0].path = 'acme-crm/US-en/x/topics.csv'), 'laid out'],
    ['files[0].path', (m) => (m.files[0].path = 'acme-crm/topics.csv'), 'laid out'],
    ['files[0].path', (m) => (m.files[0].path = 'Acme/US-en/topics.csv'), 'laid out'],
    ['files[0].path', (m) => (m.files[0].path = '/etc/US-en/topics.csv'), 'laid out'],
    ['files[0].path', (m) => (m.files[0].path = ''), 'laid out'],
    ['files[0].path', (m) => (m.files[0].path = 'acme-crm/US.en/topics.csv'), 'laid out'],
    ['files[0].path', (m) => (m.files[0].path = 'acme-crm/-US-en/topics.csv'), 'laid out'],
    ['files[0].path', (m) => (m.files[0].path = 'acme-crm/con/topics.csv'), 'laid out'],
    ['files[0].path', (m) => (m.files[0].path = 'con/US-en/topics.csv'), 'laid out'],
    ['files[0].path', (m) => (m.files[0].path = '-acme/US-en/topics.csv'), 'laid out'],
    ['files[0].path', (m) => (m.files[0].path = `${'a'.repeat(121)}/US-en/topics.csv`), 'laid out'],
    ['files[0].path', (m) => (m.files[0].path = `acme-crm/${'U'.repeat(121)}/topics.csv`), 'laid out'],
    ['files[0].path', (m) => (m.files[0].path = 'acme-crm/US-en/topics.csv/../../../../x'), 'laid out'],
    ['files[1].path', (m) => (m.files[1].path = 'acme-crm/US-en/topics.get/...csv'), '<brand>/<market>/topics.get/<item>.csv'],
    ['files[1].path', (m) => (m.files[1].path = 'acme-crm/US-en/topics.get/..'), 'laid out'],
    ['files[1].path', (m) => (m.files[1].path = 'acme-crm/US-en/topics.get/crmxcsv'), 'laid out'],
    ['files[1].path', (m) => (m.files[1].path = 'acme-crm/US-en/topics.get/.csv'), 'laid out'],
    ['files[0].path', (m) => (m.files[0].path = 'acme-crm/US-en/topicsxcsv'), 'laid out'],
    ['files[0].path', (m) => (m.files[0].path = 'acme-crm/US-en/topics.get.csv'), 'laid out'],
    ['files[1].path', (m) => (m.files[1].path = 'acme-crm/US-en/topics/crm.csv'), 'laid out'],
    ['files[1].path', (m) => (m.files[1].path = 'acme-crm/US-en/topics.get/Crm.csv'), 'laid out'],
    ['files[1].path', (m) => (m.files[1].path = 'acme-crm/US-en/topics.get/crm.json'), 'laid out'],
    ['files[1].path', (m) => (m.files[1].path = 'acme-crm/US-en/topics.get/a/crm.csv'), 'laid out'],
    ['files[1].path', (m) => (m.files[1].path = 'acme-crm/US-en/topics.get'), 'laid out'],
    ['files[2].path', (m) => (m.files[2].path = 'acme-crm/US-en/pitches.csv'), '<brand>/pitches.csv'],
    ['files[0].period', (m) => (m.files[0].period = 'last week'), 'must be an object'],
    ['files[0].rows', (m) => (m.files[0].rows = -1), 'must be a whole number of at least 0 (got -1)'],
    ['files[0].bytes', (m) => (m.files[0].bytes = '40'), 'must be a whole number of at least 0 (got "40")'],
    ['files[0].fetched_at', (m) => (m.files[0].fetched_at = 1), 'must be text'],
    ['listed', (m) => (m.listed = {}), 'must be a list'],
    ['listed[0]', (m) => (m.listed = [null]), 'must be an object'],
    ['listed[0].endpoint', (m) => (m.listed[0].endpoint = 'topics'), 'must be one of the plan\'s item endpoints (got "topics")'],
    ['listed[0].endpoint', (m) => (m.listed[0].endpoint = 'tasks.get'), 'must be one of the plan\'s item endpoints (got "tasks.get")'],
    ['listed[0].items', (m) => (m.listed[0].items = 'a'), 'must be a list'],
    ['listed[0].items[1]', (m) => (m.listed[0].items = ['a', 7]), 'must be text'],
    ['listed[0].items[0]', (m) => (m.listed[0].items = [' ']), 'must not be empty'],
    ['listed[0].items[0]', (m) => (m.listed[0].items = ['..']), 'breaks the rule for item arguments: the topics.get item must not be empty, "." or ".."'],
    ['listed[0].items[0]', (m) => (m.listed[0].items = ['%2e%2E']), 'breaks the rule for item arguments'],
    ['listed[0].date', (m) => (m.listed[0].date = 'today'), 'must be a real date'],
    ['listed[0].request', (m) => (m.listed[0].request = 1), 'must be text'],
    ['listed[0].endpoint', (m) => (m.listed[0].endpoint = null), 'must be text'],
    ['brands[0].id', (m) => Object.assign(m.plan, { brands: [7, 'b8'] }) && (m.brands[0].id = 9), "must be one of the plan's brands (7, b8; got 9)"],
    ['csv_columns', (m) => (m.csv_columns = 'brand_id,brand,market'), 'must be a list'],
    ['csv_columns[1]', (m) => (m.csv_columns = ['brand_id', 1, 'market']), 'must be text'],
    [
      'csv_columns',
      (m) => (m.csv_columns = ['brand', 'brand_id', 'market']),
      'must be brand_id, brand, market, the columns this vis writes (got brand, brand_id, market)',
    ],
    ['csv_columns', (m) => (m.csv_columns = ['brand_id', 'brand']), 'must be brand_id, brand, market, the columns this vis writes (got brand_id, brand)'],
    ['csv_columns', (m) => (m.csv_columns = []), 'the columns this vis writes (got none)'],
    ['csv_columns', (m) => Object.assign(m.plan, { format: 'json' }) && (m.files = []), 'must be absent in a json export'],
    ['reads', (m) => (m.reads = 3), 'must be an object'],
    ['reads.spent', (m) => (m.reads.spent = -3), 'must be a whole number of at least 0 (got -3)'],
    ['reads.spent', (m) => (m.reads.spent = 2 ** 53), 'must be a whole number of at least 0'],
  ];

  it.each(cases)('%s: %s', (field, edit, rule) => {
    const err = refusal(edited(edit));
    expect(err.message).toContain(`--resume: ${FILE}: ${field} `);
    expect(err.message).toContain(rule);
    expect(err.message).toMatch(/, so the export cannot be resumed$/);
    expect(err.hint).toBe(START_ANEW);
  });

  it('not an object at all', () => {
    for (const m of [null, [], 'manifest', 7])
      expect(refusal(m).message).toBe(`--resume: ${FILE}: the manifest must be an object, so the export cannot be resumed`);
  });

  it('the hint says to start anew without --resume', () => {
    expect(START_ANEW).toMatch(/^Start anew without --resume/);
  });

  it('an item that goes into a query (a buyer question) may hold what a path may not', () => {
    const m = checkManifest(
      edited((x) => {
        x.plan.endpoints = ['answers', 'answers.runs'];
        x.files = [];
        x.listed = [{ request: 'GET /answers?brand_id=7', endpoint: 'answers.runs', date: '2026-11-22', items: ['..', 'what is a/b?'] }];
      }),
      FILE,
    );
    expect(m.listed![0]!.items).toEqual(['..', 'what is a/b?']);
  });
});
