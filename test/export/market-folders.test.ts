/**
 * `vis export --all-markets`: every market gets a folder of its own, even when the API
 * names two markets with codes that give the same folder, or folders that differ only in
 * case (one folder on a file system that ignores case). In-process, against FakeApi.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FakeApi, ok, type Matcher } from '../support/http.js';
import { listFiles, tempDir } from '../support/files.js';
import { runInProcess } from '../support/run.js';

const ACME = { id: 7, name: 'Acme CRM' };
const usage = ok({ account: 'Acme Inc', reads: { used: 10, limit: 1000, left: 990 } });
const get = (path: string, query?: Matcher['query']): Matcher => ({ method: 'GET', path, ...(query ? { query } : {}) });
const marketIs = (code: string) => (q: Array<[string, string]>) => q.some(([k, v]) => k === 'market' && v === code);
const readManifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, any>;
const account = () => new FakeApi().on(get('/usage'), usage, 'always').on(get('/brands'), ok({ brands: [ACME] }), 'always');

describe('market folders never collide', () => {
  const CODES = ['US-en', 'US_en', 'US en', 'us-en'];

  async function exportMarkets(listed: boolean) {
    const api = new FakeApi().on(get('/usage'), usage).on(get('/brands'), ok({ brands: [{ ...ACME, ...(listed ? { markets: CODES } : {}) }] }));
    if (!listed) api.on(get('/markets'), ok({ markets: CODES.map((code) => ({ code })) }));
    for (const code of CODES) api.on(get('/topics', marketIs(code)), ok({ topics: [{ id: 't1', market: code }] }, { market: { code } }));
    const dir = tempDir();
    const r = await runInProcess(['export', '--dir', dir, '--only', 'topics', '--all-markets', '--format', 'json'], { api });
    expect(r.code, r.stderr).toBe(0);
    api.verify();
    return { dir, m: readManifest(dir) };
  }

  it.each([
    ['GET /markets', false],
    ['GET /brands', true],
  ])('markets from %s that differ only in case or punctuation get a folder each', async (_from, listed) => {
    const { dir, m } = await exportMarkets(listed);
    const paths = (m.files as Array<{ path: string; market: string }>).map((f) => f.path);
    expect(new Set(paths.map((p) => p.toLowerCase())).size).toBe(CODES.length);
    expect(listFiles(dir).filter((f) => f !== 'manifest.json')).toHaveLength(CODES.length);
    // Each file holds its own market's data.
    for (const f of m.files as Array<{ path: string; market: string }>) {
      expect(JSON.parse(readFileSync(join(dir, f.path), 'utf8')).data.topics[0].market).toBe(f.market);
    }
    // A code no other collides with keeps its plain folder.
    expect(paths).toContain('acme-crm/US_en/topics.json');
    expect(m.status).toBe('complete');
  });

  it('a resume finds the files in the same folders', async () => {
    const { dir, m } = await exportMarkets(false);
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...m, status: 'interrupted' }));
    const api = account();
    const r = await runInProcess(['export', '--dir', dir, '--resume'], { api });
    expect(r.code, r.stderr).toBe(0);
    expect(r.requests.map((q) => q.path)).toEqual(['/usage', '/brands']);
    expect(readManifest(dir).files).toEqual(m.files);
  });
});
