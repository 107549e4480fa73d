/**
 * Every row of an export's csv files names its brand and market (`brand_id`, `brand`,
 * `market` first), so an agency loads the files of every brand, market and day into one
 * table without parsing folder names (docs/guide.md, Export). In-process against the
 * sandbox on loopback, with the agency account (three brands, several markets).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandColumns, BRAND_COLUMNS } from '../../src/export/brand-columns.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { listFiles, tempDir } from '../support/files.js';
import { runInProcess } from '../support/run.js';

const NOW = new Date('2026-11-22T12:00:00Z');
const KEY = 'vis_demo_agency';

interface FileEntry {
  path: string;
  endpoint: string;
  brand: { id: number | string | null; name: string };
  market: string | null;
  item: string | null;
  period: { from: string; to: string } | null;
  rows: number;
  bytes: number;
  fetched_in_market?: string;
}
interface Manifest {
  status: string;
  files: FileEntry[];
  brands: Array<{ id: number; name: string; markets: string[] }>;
  csv_columns?: string[];
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ now: () => NOW, rateLimitPerMinute: 1_000_000 });
});
afterAll(() => sandbox.close());

const env = () => ({ baseUrl: sandbox.baseUrl, env: { VIS_API_KEY: KEY, VIS_RATE_LIMIT: '1000000' } });
const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
const table = (dir: string, path: string) => parse(readFileSync(join(dir, path), 'utf8'), { relax_column_count: false }) as string[][];
/** The three leading cells a file's rows carry: the manifest's brand and market for it. */
const leadOf = (f: FileEntry) => [String(f.brand.id ?? ''), f.brand.name, f.market ?? ''];

async function api(path: string): Promise<{ data: Record<string, unknown>; meta: Record<string, unknown> }> {
  const res = await fetch(`${sandbox.baseUrl}${path}`, { headers: { authorization: `Bearer ${KEY}` } });
  return (await res.json()) as { data: Record<string, unknown>; meta: Record<string, unknown> };
}

describe('an agency export of every brand and market', () => {
  let dir: string;
  let m: Manifest;
  beforeAll(async () => {
    dir = tempDir();
    const r = await runInProcess(
      ['export', '--dir', dir, '--all-brands', '--all-markets', '--only', 'topics,overview,technical,visibility,pitches,markets', '-q'],
      env(),
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    m = readManifest(dir);
  });

  it('*/*/topics.csv load into one table: one header, every row naming the brand and market its file is for', () => {
    const files = listFiles(dir).filter((p) => /^[^/]+\/[^/]+\/topics\.csv$/.test(p));
    const entries = m.files.filter((f) => f.endpoint === 'topics');
    expect(files).toEqual(entries.map((f) => f.path).sort());
    // Several brands, several markets of one brand.
    expect(new Set(entries.map((f) => f.brand.id)).size).toBe(3);
    expect(entries.length).toBeGreaterThan(3);
    const headers = new Set<string>();
    const rows: string[][] = [];
    for (const f of entries) {
      const [header, ...body] = table(dir, f.path);
      headers.add(header!.join(','));
      expect(body).toHaveLength(f.rows);
      for (const row of body) expect(row.slice(0, 3)).toEqual(leadOf(f));
      rows.push(...body);
    }
    expect([...headers]).toEqual(['brand_id,brand,market,id,name,visibility,change,rank,share_of_voice,rivals,questions,period_from,period_to']);
    // The brands and markets of the table are those of the export, each market of each brand.
    const pairs = new Set(rows.map((r) => `${r[0]} ${r[2]}`));
    expect([...pairs].sort()).toEqual(m.brands.flatMap((b) => b.markets.map((code) => `${b.id} ${code}`)).sort());
    // The brand names are the account's.
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set(m.brands.map((b) => b.name)));
  });

  it('a dashboard (key/value figures): every figure row led by the brand and market and closed by the period', () => {
    const entries = m.files.filter((f) => f.endpoint === 'overview');
    expect(entries.length).toBeGreaterThan(1);
    for (const f of entries) {
      const [header, ...body] = table(dir, f.path);
      expect(header).toEqual(['brand_id', 'brand', 'market', 'key', 'value', 'period_from', 'period_to']);
      expect(body).toHaveLength(f.rows);
      for (const row of body) expect(row).toEqual([...leadOf(f), row[3], row[4], f.period!.from, f.period!.to]);
      // The figures are as --format csv prints them: the period among them too.
      expect(body.find((r) => r[3] === 'period_from')![4]).toBe(f.period!.from);
    }
  });

  it('an endpoint without a period gets no period columns', () => {
    const f = m.files.find((x) => x.endpoint === 'visibility')!;
    expect(f.period).toBeNull();
    const [header, first] = table(dir, f.path);
    expect(header!.slice(0, 3)).toEqual([...BRAND_COLUMNS]);
    expect(header).not.toContain('period_from');
    expect(first!.slice(0, 3)).toEqual(leadOf(f));
  });

  it('the technical scan, read once per brand: each copy names the market of its folder, as its manifest entry does', () => {
    const copies = m.files.filter((f) => f.endpoint === 'technical' && f.brand.id === 201);
    expect(copies.map((f) => f.market).sort()).toEqual(['CA-en', 'US-en']);
    const [us, ca] = ['US-en', 'CA-en'].map((code) => copies.find((f) => f.market === code)!);
    expect(us!.fetched_in_market).toBe('US-en');
    expect(ca!.fetched_in_market).toBe('US-en');
    expect(ca!.path).toBe('bluepeak-outdoor/CA-en/technical.csv');
    const usRows = table(dir, us!.path);
    const caRows = table(dir, ca!.path);
    for (const row of caRows.slice(1)) expect(row.slice(0, 3)).toEqual(['201', 'Bluepeak Outdoor', 'CA-en']);
    // The same data otherwise; the bytes differ by the market alone.
    expect(caRows.map((r) => r.slice(3))).toEqual(usRows.map((r) => r.slice(3)));
    expect(ca!.bytes).toBe(us!.bytes);
  });

  it('an endpoint that takes no market: market empty; the pitch’s own market kept, as "market (2)"', async () => {
    const f = m.files.find((x) => x.endpoint === 'pitches' && x.brand.id === 201)!;
    expect(f).toMatchObject({ path: 'bluepeak-outdoor/pitches.csv', market: null });
    const [header, ...body] = table(dir, f.path);
    const answer = await api('/pitches?brand_id=201');
    const pitches = answer.data.pitches as Array<Record<string, unknown>>;
    expect(pitches.length).toBeGreaterThan(0);
    expect(Object.keys(pitches[0]!)).toContain('market');
    expect(header!.slice(0, 3)).toEqual([...BRAND_COLUMNS]);
    expect(header!.filter((h) => h === 'market')).toHaveLength(1);
    const own = header!.indexOf('market (2)');
    expect(own).toBeGreaterThan(2);
    expect(body.map((r) => r.slice(0, 3))).toEqual(pitches.map(() => ['201', 'Bluepeak Outdoor', '']));
    expect(body.map((r) => r[own])).toEqual(pitches.map((p) => p.market));
  });

  it('markets.csv: market empty on every row, the rows’ own codes kept', () => {
    const f = m.files.find((x) => x.endpoint === 'markets' && x.brand.id === 203)!;
    const [header, ...body] = table(dir, f.path);
    expect(header!.slice(0, 4)).toEqual(['brand_id', 'brand', 'market', 'id']);
    expect(body.map((r) => r.slice(0, 3))).toEqual(body.map(() => ['203', 'Copperline Payments', '']));
    expect(body.map((r) => r[header!.indexOf('code')]).sort()).toEqual([...m.brands.find((b) => b.id === 203)!.markets].sort());
  });

  it('the manifest records the columns the csv files begin with, and their rows as before (the header not counted)', () => {
    expect(m.status).toBe('complete');
    expect(m.csv_columns).toEqual(['brand_id', 'brand', 'market']);
    for (const f of m.files.filter((x) => x.endpoint !== 'overview')) expect(table(dir, f.path).length).toBe(f.rows === 0 ? 0 : f.rows + 1);
  });
});

describe('item endpoints and json', () => {
  it('one topic’s file (--only topics.get): every row names the brand and market', async () => {
    const dir = tempDir();
    const r = await runInProcess(['export', '--dir', dir, '--brand', '202', '--only', 'topics.get', '-q'], env());
    expect(r.code).toBe(0);
    const items = readManifest(dir).files.filter((f) => f.endpoint === 'topics.get');
    expect(items.length).toBeGreaterThan(1);
    for (const f of items) {
      expect(f.path).toMatch(/^larkspur-dental\/GB-en\/topics\.get\//);
      const [header, ...body] = table(dir, f.path);
      expect(header!.slice(0, 4)).toEqual(['brand_id', 'brand', 'market', 'id']);
      expect(body.length).toBeGreaterThan(0);
      for (const row of body) expect(row.slice(0, 3)).toEqual(['202', 'Larkspur Dental', 'GB-en']);
    }
  });

  it('--format json: each file is the envelope as received, its meta naming brand and market; no columns added', async () => {
    const dir = tempDir();
    const r = await runInProcess(['export', '--dir', dir, '--brand', '201', '--market', 'CA-en', '--format', 'json', '--only', 'topics,pitches', '-q'], env());
    expect(r.code).toBe(0);
    const topics = JSON.parse(readFileSync(join(dir, 'bluepeak-outdoor/CA-en/topics.json'), 'utf8')) as Awaited<ReturnType<typeof api>>;
    const answer = await api('/topics?brand_id=201&market=CA-en');
    expect(topics.data).toEqual(answer.data);
    expect(topics.meta).toMatchObject({ brand: { id: 201 }, market: { code: 'CA-en' } });
    expect(readManifest(dir).csv_columns).toBeUndefined();
  });
});

describe('--resume of an export begun by an older vis, whose csv files lack the columns', () => {
  /** An export interrupted after its topics: the pitches file and its entry gone, the manifest as an older vis wrote it. */
  async function olderExport(format: 'csv' | 'json'): Promise<string> {
    const dir = tempDir();
    const r = await runInProcess(['export', '--dir', dir, '--brand', '201', '--only', 'topics,pitches', '--format', format, '-q'], env());
    expect(r.code).toBe(0);
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown> & Manifest;
    m.status = 'interrupted';
    m.files = m.files.filter((f) => f.endpoint === 'topics');
    delete m.csv_columns;
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(m));
    return dir;
  }

  it('csv: refused before any request (exit 2), the files left as they are; starting anew is the way', async () => {
    const dir = await olderExport('csv');
    const topics = readFileSync(join(dir, 'bluepeak-outdoor/US-en/topics.csv'));
    const from = sandbox.requests.length;
    const r = await runInProcess(['export', '--dir', dir, '--resume'], env());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `vis: --resume: the csv files in ${dir} were written by an older vis, without the brand_id, brand, market columns every file now begins with, so the export cannot be resumed`,
    );
    expect(r.stderr).toContain('Start anew without --resume');
    expect(sandbox.requests.length).toBe(from);
    expect(readFileSync(join(dir, 'bluepeak-outdoor/US-en/topics.csv')).equals(topics)).toBe(true);
    // Started anew, the export is alike again.
    expect((await runInProcess(['export', '--dir', dir, '--brand', '201', '--only', 'topics,pitches', '-q'], env())).code).toBe(0);
    expect(readManifest(dir).csv_columns).toEqual([...BRAND_COLUMNS]);
  });

  it('json: its files are the envelopes, as this vis writes them; the resume reads only what is missing', async () => {
    const dir = await olderExport('json');
    const from = sandbox.requests.length;
    const r = await runInProcess(['export', '--dir', dir, '--resume', '-q'], env());
    expect(r.code).toBe(0);
    expect(sandbox.requests.slice(from).map((q) => q.path)).toEqual(['/usage', '/brands', '/pitches']);
    expect(readManifest(dir).status).toBe('complete');
  });
});

describe('brandColumns', () => {
  it('the brand id, name and market, in BRAND_COLUMNS order; no id or no market is an empty cell', () => {
    expect(brandColumns({ id: 7, name: 'Acme' }, 'US-en')).toEqual([
      ['brand_id', 7],
      ['brand', 'Acme'],
      ['market', 'US-en'],
    ]);
    expect(brandColumns({ id: null, name: 'Acme' }, null)).toEqual([
      ['brand_id', null],
      ['brand', 'Acme'],
      ['market', null],
    ]);
  });
});
