/**
 * The commands beyond the endpoint table, and the global options that go through more
 * than one request, in-process against the sandbox on loopback: `vis api`, `vis openapi`,
 * `--demo`/`VIS_DEMO`, `vis sandbox`'s refusals, `--brand <name>`, `-o`, `--columns` and
 * `--rows`. `vis sandbox` serving until Ctrl-C and a TZ east of UTC need a process of
 * their own: test/e2e/tools.e2e.test.ts.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { cleanEnv } from '../e2e/helpers.js';
import { runWithEnv } from '../support/run.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ now: () => new Date('2026-11-22T12:00:00Z'), rateLimitPerMinute: 100_000 });
});
afterAll(() => sandbox.close());

const env = (key = 'vis_demo_growth', extra: Record<string, string> = {}) => cleanEnv({ VIS_BASE_URL: sandbox.baseUrl, VIS_API_KEY: key, ...extra });
const dataRequests = () => sandbox.requests.filter((r) => !r.path.startsWith('/__'));

describe('vis api and vis openapi', () => {
  it('vis api GETs any path with --param and the typed flags, output as json', async () => {
    sandbox.requests.length = 0;
    const r = await runWithEnv(['api', '/topics?days=30', '--market', 'GB-en', '--param', 'x=1', '--format', 'json'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).meta.market.code).toBe('GB-en');
    const [req] = dataRequests();
    expect(req?.method).toBe('GET');
    expect(req?.path).toBe('/topics');
    expect(req?.query).toEqual({ days: '30', market: 'GB-en', x: '1' });
  });

  it('vis api prints JSON into a pipe, whatever VIS_FORMAT says (`vis api /usage | jq .`)', async () => {
    const r = await runWithEnv(['api', '/usage'], { env: env('vis_demo_growth', { VIS_FORMAT: 'table' }) });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(r.stdout).data.plan).toBeDefined();
  });

  it('vis api refuses full URLs (the key only goes to the base URL)', async () => {
    sandbox.requests.length = 0;
    const r = await runWithEnv(['api', 'https://evil.example/api/v1/topics'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('not a full URL');
    expect(dataRequests()).toHaveLength(0);
  });

  it('vis api on an unknown path exits 5', async () => {
    const r = await runWithEnv(['api', '/nope'], { env: env() });
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^vis: .*\[not_found\]/);
  });

  it('vis openapi prints the OpenAPI 3.1 document', async () => {
    const r = await runWithEnv(['openapi'], { env: env() });
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(Object.keys(doc.paths)).toContain('/topics/{id}');
  });
});

describe('--demo', () => {
  it('`vis --demo topics` works with no config, key or network (the first command of README.md)', async () => {
    const r = await runWithEnv(['--demo', 'topics'], { env: cleanEnv() });
    // Piped: the rows on stdout, the period in their last two columns, nothing on stderr.
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('id\tname\tvisibility\tchange\trank\tshare_of_voice\trivals\tquestions\tperiod_from\tperiod_to');
    expect(r.stdout).toContain('crm-for-startups\tCRM for startups\t');
    expect(r.stdout.split('\n')[1]).toMatch(/\t\d{4}-\d\d-\d\d\t\d{4}-\d\d-\d\d$/);
  });

  it('VIS_DEMO=1 does the same, and VIS_API_KEY picks another demo account', async () => {
    const monitor = await runWithEnv(['tasks'], { env: cleanEnv({ VIS_DEMO: '1', VIS_API_KEY: 'vis_demo_monitor' }) });
    expect(monitor.code).toBe(4);
    expect(monitor.stderr).toMatch(/\[feature_not_in_plan\]/);
    const growth = await runWithEnv(['usage', '--format', 'json'], { env: cleanEnv({ VIS_DEMO: '1' }) });
    expect(growth.code).toBe(0);
    expect(JSON.parse(growth.stdout).data.plan).toBeDefined();
  });
});

describe('vis sandbox', () => {
  it('refuses a host that is not loopback', async () => {
    const r = await runWithEnv(['sandbox', '--host', '0.0.0.0'], { env: cleanEnv() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--host must be a loopback address');
  });
});

describe('--brand by name (agency account: several brands)', () => {
  it('brand_required from the server lists the brands (exit 2)', async () => {
    const r = await runWithEnv(['topics'], { env: env('vis_demo_agency') });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/\[brand_required\]/);
    expect(r.stderr).toMatch(/Brands: \d+ /);
  });

  it('a name is resolved through the free /brands, case-insensitively', async () => {
    const list = await runWithEnv(['brands', '--format', 'json'], { env: env('vis_demo_agency') });
    const brands = JSON.parse(list.stdout).data.brands as Array<{ id: number; name: string }>;
    const target = brands[1]!;
    sandbox.requests.length = 0;
    const r = await runWithEnv(['topics', '--brand', target.name.toUpperCase(), '--format', 'json'], { env: env('vis_demo_agency') });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).meta.brand.id).toBe(target.id);
    expect(dataRequests().map((q) => [q.path, q.query.brand_id])).toEqual([
      ['/brands', undefined],
      ['/topics', String(target.id)],
    ]);
  });

  it('an unknown name exits 5 with the list, having spent no read', async () => {
    const before = sandbox.reads('vis_demo_agency');
    const r = await runWithEnv(['topics', '--brand', 'No Such Brand'], { env: env('vis_demo_agency') });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('no brand named "No Such Brand"');
    expect(sandbox.reads('vis_demo_agency')).toBe(before);
  });
});

describe('-o, --columns, --rows', () => {
  it('-o writes the file atomically and prints nothing on stdout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-out-'));
    const file = join(dir, 'topics.csv');
    writeFileSync(file, 'old contents');
    const r = await runWithEnv(['topics', '--format', 'csv', '-o', file, '--columns', 'name,visibility'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    const rows = parse(readFileSync(file, 'utf8'), { columns: true, record_delimiter: '\r\n' }) as Array<Record<string, string>>;
    expect(Object.keys(rows[0]!)).toEqual(['name', 'visibility']);
    expect(readdirSync(dir)).toEqual(['topics.csv']);
  });

  it('a failed request leaves the old -o file untouched', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-out-'));
    const file = join(dir, 'topic.json');
    writeFileSync(file, 'old contents');
    const r = await runWithEnv(['topics', 'no-such-topic', '--format', 'json', '-o', file], { env: env() });
    expect(r.code).toBe(5);
    expect(readFileSync(file, 'utf8')).toBe('old contents');
    expect(readdirSync(dir)).toEqual(['topic.json']);
  });

  it('--rows picks another array; an unknown --rows or --columns exits 2 without writing', async () => {
    const r = await runWithEnv(['technical', '--format', 'csv', '--rows', 'engines'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\r\n')[0]).toBe('engine,label,score');
    const dir = mkdtempSync(join(tmpdir(), 'vis-out-'));
    const bad = await runWithEnv(['topics', '--format', 'csv', '--columns', 'nope', '-o', join(dir, 'x.csv')], { env: env() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('nope');
    expect(existsSync(join(dir, 'x.csv'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
    const badRows = await runWithEnv(['topics', '--format', 'csv', '--rows', 'nope'], { env: env() });
    expect(badRows.code).toBe(2);
  });
});
