/**
 * The export folder as an attacker leaves it: a manifest whose values would climb out of
 * --dir, links planted where vis writes, folders others own or can write to. vis writes
 * nothing outside --dir, never through a link, and refuses folders that are not the
 * user's own (exit 2, before any read). In-process against the sandbox on loopback (and a
 * fake API where the sandbox cannot answer what the case needs).
 */
import { chmodSync, chownSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { ENDPOINTS } from '../../src/endpoints.js';
import { exportLikeFiles, filesStillThere, type FileEntry } from '../../src/export/manifest.js';
import type { ExportFormat } from '../../src/export/options.js';
import { planBrand } from '../../src/export/plan.js';
import { runExport } from '../../src/export/execute-plan.js';
import { FakeApi, ok } from '../support/http.js';
import { listFiles, tempDir } from '../support/files.js';
import { runInProcess } from '../support/run.js';

const NOW = new Date('2026-11-22T12:00:00Z');
const KEY = 'vis_demo_growth';
const TOPICS = 'northwind-crm/US-en/topics.csv';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ now: () => NOW, rateLimitPerMinute: 1_000_000 });
});
afterAll(() => sandbox.close());

const on = (extra: Record<string, string> = {}) => ({
  baseUrl: sandbox.baseUrl,
  env: { VIS_API_KEY: KEY, VIS_RATE_LIMIT: '1000000', VIS_CACHE: 'off', ...extra },
});
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

/** An export folder six levels down a temp folder of the test's own, so whatever climbs out of it lands in `base`. */
function nestedDir(): { base: string; dir: string } {
  const base = tempDir();
  const dir = join(base, 'a', 'b', 'c', 'd', 'e', 'export');
  mkdirSync(dir, { recursive: true });
  return { base, dir };
}

/** Files under `base` that are not under its export folder. */
const outside = (base: string) => listFiles(base).filter((f) => !f.startsWith('a/b/c/d/e/export/'));

describe('--resume never writes outside --dir, whatever the manifest says', () => {
  it('plan.format "csv/../../../../fmt-pwn": exit 2, no file outside the folder', async () => {
    const { base, dir } = nestedDir();
    expect((await runInProcess(['export', '--dir', dir, '--only', 'topics'], on())).code).toBe(0);
    const m = readJson(join(dir, 'manifest.json')) as { plan: Record<string, unknown> };
    writeFileSync(
      join(dir, 'manifest.json'),
      JSON.stringify({ ...m, status: 'interrupted', files: [], plan: { ...m.plan, format: 'csv/../../../../fmt-pwn' } }),
    );
    const r = await runInProcess(['export', '--dir', dir, '--resume'], on());
    expect(outside(base)).toEqual([]);
    expect(r.code).toBe(2);
  });

  it('brands[].slug "../../../pwned-outside" (GET /brands lists none): exit 2, no file outside the folder', async () => {
    const { base, dir } = nestedDir();
    const manifest = {
      manifest_version: 1,
      tool: 'vis 0.1.0',
      base_url: 'https://api.vis.test/api/v1',
      started_at: '2026-11-22T11:00:00Z',
      finished_at: '2026-11-22T11:00:01Z',
      status: 'interrupted',
      exit_code: null,
      format: 'csv',
      period: null,
      endpoints: ['topics'],
      plan: {
        endpoints: ['topics'],
        brands: [101],
        all_markets: false,
        market: null,
        format: 'csv',
        period: {},
        period_date: '2026-11-22',
        period_resolved: null,
        params: [],
      },
      reads: { left_before: null, planned: 1, spent: 0, this_run: 0 },
      brands: [{ id: 101, name: 'Northwind', slug: '../../../pwned-outside', markets: null, markets_from: 'primary' }],
      files: [],
      skipped: [],
      failed: [],
      not_attempted: [],
      stale: [],
      listed: [],
    };
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    const api = new FakeApi()
      .on({ method: 'GET', path: '/usage' }, ok({}), 'always')
      .on({ method: 'GET', path: '/brands' }, ok({ brands: [] }), 'always')
      .on({ method: 'GET', path: '/topics' }, ok({ topics: [{ id: 't1', name: 'CRM' }] }, { market: { code: 'US-en' } }), 'always');
    const r = await runInProcess(['export', '--dir', dir, '--resume'], { api, clock: undefined, env: { VIS_CACHE: 'off' } });
    expect(outside(base)).toEqual([]);
    expect(r.code).toBe(2);
  });
});

describe('the runner itself, whatever it is handed (the last line of defence)', () => {
  it.each([
    ['a format that climbs out', 'csv/../../../../fmt-pwn', 'northwind'],
    ['a brand slug that climbs out', 'csv', '../../../pwned-outside'],
  ])('%s: the export stops (exit 2), nothing is written outside --dir', async (_what, format, slug) => {
    const { base, dir } = nestedDir();
    const sent: string[] = [];
    const result = await runExport(
      {
        dir,
        format: format as ExportFormat,
        endpoints: ENDPOINTS.filter((e) => e.id === 'topics' || e.id === 'pages'),
        brands: [planBrand({ id: 101, name: 'Northwind', slug }, { kind: 'one', market: 'US-en' })],
        period: {},
        params: [],
        readsLeft: 100,
        force: false,
      },
      {
        now: () => NOW.getTime(),
        send: async (req) => {
          sent.push(req.path);
          const envelope = { data: { rows: [{ n: 1 }] }, meta: {} };
          return { status: 200, raw: JSON.stringify(envelope), envelope, attempts: 1 };
        },
      },
    );
    expect(outside(base)).toEqual([]);
    expect(listFiles(dir)).toEqual([]);
    expect(result.exitCode).toBe(2);
    expect(result.stoppedBy?.message).toContain('is not a path inside');
    // Stopped at the first file that could not be written: no more reads spent on data that cannot be saved.
    expect(sent).toEqual(['/topics']);
  });
});

describe('links planted in the export folder are replaced, never written through', () => {
  it('manifest.json and a data file planted as links: the files they point at are unchanged, the links become regular files', async () => {
    const dir = tempDir();
    expect((await runInProcess(['export', '--dir', dir, '--only', 'topics'], on())).code).toBe(0);
    const victims = tempDir();
    writeFileSync(join(victims, 'a'), 'precious a\n');
    writeFileSync(join(victims, 'b'), 'precious b\n');
    const { rmSync } = await import('node:fs');
    rmSync(join(dir, 'manifest.json'));
    rmSync(join(dir, TOPICS));
    symlinkSync(join(victims, 'a'), join(dir, 'manifest.json'));
    symlinkSync(join(victims, 'b'), join(dir, TOPICS));
    const r = await runInProcess(['export', '--dir', dir, '--only', 'topics'], on());
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(victims, 'a'), 'utf8')).toBe('precious a\n');
    expect(readFileSync(join(victims, 'b'), 'utf8')).toBe('precious b\n');
    expect(lstatSync(join(dir, 'manifest.json')).isFile()).toBe(true);
    expect(lstatSync(join(dir, TOPICS)).isFile()).toBe(true);
    expect(readJson(join(dir, 'manifest.json')).status).toBe('complete');
    expect(readFileSync(join(dir, TOPICS), 'utf8')).toMatch(/^brand_id,brand,market,id,/);
  });

  it('--resume with manifest.json planted as a link (to a manifest that would resume): exit 2 naming the file, no request, nothing written through it', async () => {
    const dir = tempDir();
    const elsewhere = tempDir();
    expect((await runInProcess(['export', '--dir', elsewhere, '--only', 'topics'], on())).code).toBe(0);
    const m = readJson(join(elsewhere, 'manifest.json'));
    const victim = join(elsewhere, 'manifest.json');
    writeFileSync(victim, JSON.stringify({ ...m, status: 'interrupted' }));
    const before = readFileSync(victim, 'utf8');
    symlinkSync(victim, join(dir, 'manifest.json'));
    const from = sandbox.requests.length;
    const r = await runInProcess(['export', '--dir', dir, '--resume'], on());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${join(dir, 'manifest.json')} is a symbolic link`);
    expect(sandbox.requests.length).toBe(from);
    expect(readFileSync(victim, 'utf8')).toBe(before);
  });

  it('a folder on the way planted as a link (northwind-crm -> elsewhere): refused, exit 2, nothing written there', async () => {
    const dir = tempDir();
    const elsewhere = tempDir();
    symlinkSync(elsewhere, join(dir, 'northwind-crm'));
    const r = await runInProcess(['export', '--dir', dir, '--only', 'topics'], on());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${join(dir, 'northwind-crm')} is a symbolic link`);
    expect(listFiles(elsewhere)).toEqual([]);
  });

  it('a resume does not count a planted link as a file still there, nor an export as stale output', () => {
    const dir = tempDir();
    const victims = tempDir();
    writeFileSync(join(victims, 'topics.csv'), 'x'.repeat(10));
    mkdirSync(join(dir, 'northwind-crm', 'US-en'), { recursive: true });
    symlinkSync(join(victims, 'topics.csv'), join(dir, TOPICS));
    writeFileSync(join(dir, 'northwind-crm/US-en/pages.csv'), 'y'.repeat(10));
    const entry = (path: string): FileEntry => ({
      path,
      endpoint: 'topics',
      brand: { id: 101, name: 'N' },
      market: 'US-en',
      item: null,
      period: null,
      rows: 1,
      bytes: 10,
      fetched_at: '',
    });
    const still = filesStillThere(dir, [entry(TOPICS), entry('northwind-crm/US-en/pages.csv'), entry('../outside.csv')]);
    expect([...still.keys()]).toEqual(['northwind-crm/US-en/pages.csv']);
    expect(exportLikeFiles(dir, new Set(['topics', 'pages']))).toEqual(['northwind-crm/US-en/pages.csv']);
  });
});

describe('--dir must be a folder of the user’s own that others cannot write to', () => {
  it('--dir writable by others (0777): exit 2 with a hint, no request, nothing written', async () => {
    const dir = tempDir();
    chmodSync(dir, 0o777);
    const from = sandbox.requests.length;
    const r = await runInProcess(['export', '--dir', dir, '--only', 'topics'], on());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`vis: --dir: ${dir} is writable by other users`);
    expect(r.stderr).toContain('Export into a folder of your own');
    expect(sandbox.requests.length).toBe(from);
    expect(listFiles(dir)).toEqual([]);
  });

  it('--dir writable by its group (0775) is fine', async () => {
    const dir = tempDir();
    chmodSync(dir, 0o775);
    const r = await runInProcess(['export', '--dir', dir, '--only', 'topics'], on());
    expect(r.code, r.stderr).toBe(0);
    expect(listFiles(dir)).toEqual(['manifest.json', TOPICS]);
  });

  it('a sub-folder vis would write into, writable by others: exit 2 before any read', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'northwind-crm'));
    chmodSync(join(dir, 'northwind-crm'), 0o777);
    const reads = sandbox.reads(KEY);
    const r = await runInProcess(['export', '--dir', dir, '--only', 'topics'], on());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${join(dir, 'northwind-crm')} is writable by other users`);
    expect(sandbox.reads(KEY)).toBe(reads);
    expect(listFiles(dir)).toEqual([]);
  });

  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root) console.log('skipped: the --dir owner test needs root, to give a folder to nobody (uid 65534)');
  it.runIf(root)('--dir owned by another user (nobody): exit 2, no request', async () => {
    const dir = tempDir();
    chownSync(dir, 65534, 65534);
    const from = sandbox.requests.length;
    const r = await runInProcess(['export', '--dir', dir, '--only', 'topics'], on());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`vis: --dir: ${dir} belongs to another user`);
    expect(sandbox.requests.length).toBe(from);
    expect(listFiles(dir)).toEqual([]);
  });
});
