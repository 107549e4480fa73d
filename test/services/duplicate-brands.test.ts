/**
 * A brand GET /brands lists twice is one brand: every command that expands --all-brands
 * (the data commands, export, report, changes --fetch) reads it once, in the order of its
 * first listing; `--brand 7,7` and `--brand 7 --brand Acme` read it once too.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/endpoints.js';
import { FakeApi, ok } from '../support/http.js';
import type { RecordedRequest } from '../support/http.js';
import { listFiles } from '../support/files.js';
import { runInProcess } from '../support/run.js';

const ACME = { id: 7, name: 'Acme', primary_market: 'US-en' };
const BETA = { id: 8, name: 'Beta', primary_market: 'US-en' };

/** Answers every list endpoint; GET /brands lists `brands`. */
function api(brands: unknown[]): FakeApi {
  const fake = new FakeApi();
  for (const e of ENDPOINTS) {
    if (e.method !== 'GET' || e.path.includes('{')) continue;
    const data = e.path === '/brands' ? { brands } : e.path === '/usage' ? { used: 1, limit: 1000, remaining: 999 } : { topics: [] };
    fake.on({ method: 'GET', path: e.path }, ok(data, { market: { code: 'US-en', label: 'United States' } }), 'always');
  }
  return fake;
}

const line = (r: RecordedRequest) => `${r.method} ${r.path}${r.query.length > 0 ? `?${new URLSearchParams(r.query).toString()}` : ''}`;
/** The data reads (every request but the free /brands and /usage), as lines. */
const reads = (requests: RecordedRequest[]) => requests.filter((r) => r.path !== '/brands' && r.path !== '/usage').map(line);

async function run(argv: string[], brands: unknown[] = [ACME, BETA, ACME]) {
  const home = mkdtempSync(join(tmpdir(), 'vis-dup-brands-'));
  const r = await runInProcess(argv, { api: api(brands), env: { HOME: home, VIS_CONFIG_DIR: join(home, 'config'), VIS_CACHE: 'off' } });
  expect(r.code, `vis ${argv.join(' ')}\n${r.stderr}`).toBe(0);
  return { ...r, home };
}

describe('a brand GET /brands lists twice', () => {
  it('a data command --all-brands reads each brand once, in the order first listed', async () => {
    const r = await run(['topics', '--all-brands', '-f', 'json']);
    expect(reads(r.requests)).toEqual(['GET /topics?brand_id=7', 'GET /topics?brand_id=8']);
    const doc = JSON.parse(r.stdout) as { data: { results: Array<{ brand: { id: string } }> } };
    expect(doc.data.results.map((x) => x.brand.id)).toEqual(['7', '8']);
  });

  it('--brand 7,7, --brand 7 --brand Acme and --brand Acme,7 read it once', async () => {
    for (const flags of [
      ['--brand', '7,7'],
      ['--brand', '7', '--brand', 'Acme'],
      ['--brand', 'Acme,7'],
    ]) {
      const r = await run(['topics', ...flags, '-f', 'json']);
      expect(reads(r.requests), flags.join(' ')).toEqual(['GET /topics?brand_id=7']);
    }
  });

  it('an account listing its one brand twice has one brand: no --brand needed', async () => {
    const r = await run(['topics', '-f', 'json'], [ACME, ACME]);
    expect(reads(r.requests)).toEqual(['GET /topics']);
  });

  it('vis export --all-brands reads each brand once and writes one folder per brand', async () => {
    const home = mkdtempSync(join(tmpdir(), 'vis-dup-export-'));
    const r = await run(['export', '--dir', join(home, 'out'), '--all-brands', '--only', 'topics', '-q']);
    expect(reads(r.requests)).toEqual(['GET /topics?brand_id=7', 'GET /topics?brand_id=8']);
    expect(listFiles(join(home, 'out'))).toEqual(['acme/US-en/topics.csv', 'beta/US-en/topics.csv', 'manifest.json']);
    const manifest = JSON.parse(readFileSync(join(home, 'out', 'manifest.json'), 'utf8')) as { brands: Array<{ id: number }> };
    expect(manifest.brands.map((b) => b.id)).toEqual([7, 8]);
  });

  it('vis report --all-brands and vis changes --fetch --all-brands read each brand once', async () => {
    for (const argv of [
      ['report', '--all-brands', '--dir', mkdtempSync(join(tmpdir(), 'vis-dup-report-'))],
      ['changes', '--fetch', '--all-brands', '-f', 'json'],
    ]) {
      const r = await run(argv);
      const lines = reads(r.requests);
      expect(lines.length, argv[0]).toBeGreaterThan(0);
      expect(new Set(lines).size, `${argv[0]}: ${lines.join(', ')}`).toBe(lines.length);
      expect(lines.filter((l) => l.includes('brand_id=7')).length).toBe(lines.filter((l) => l.includes('brand_id=8')).length);
    }
  });
});
