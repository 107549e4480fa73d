/**
 * `vis export --resume` over a manifest someone else edited: the built CLI spawned, as a
 * cron job would run it, with the two edits that made it write outside the export folder.
 * Every folder is under the test's own temp folder, nested, so an escape stays inside it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_RETRIES } from '../../src/http/retry.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { listFiles, tempDir } from '../support/files.js';
import { cleanEnv, runVis, sendJson, startTestServer } from './helpers.js';

const NOW = new Date('2026-11-22T12:00:00Z');

/** The export folder, four folders down in a temp folder of the test's own. */
function nestedDir(): { root: string; dir: string } {
  const root = tempDir();
  const dir = join(root, 'a', 'b', 'c', 'd', 'export');
  mkdirSync(dir, { recursive: true });
  return { root, dir };
}

function editManifest(dir: string, edit: (m: Record<string, any>) => void): void {
  const path = join(dir, 'manifest.json');
  const m = JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>;
  edit(m);
  writeFileSync(path, JSON.stringify(m));
}

describe('a manifest edited to write outside the export folder', () => {
  it('plan.format "csv/../../../../fmt-pwn": refused (exit 2), nothing read, nothing written outside', async () => {
    const s = await startSandbox({
      now: () => NOW,
      rateLimitPerMinute: 1_000_000,
      faults: [{ path: '/pages', kind: 'status', status: 500, times: MAX_RETRIES + 1 }],
    });
    try {
      const { root, dir } = nestedDir();
      const env = cleanEnv({ VIS_BASE_URL: s.baseUrl, VIS_API_KEY: 'vis_demo_growth', VIS_RATE_LIMIT: '1000000' });
      const first = await runVis(['export', '--dir', dir, '--only', 'topics,pages'], { env });
      expect(first.code, first.stderr).toBe(7);
      editManifest(dir, (m) => (m.plan.format = 'csv/../../../../fmt-pwn'));
      const readsBefore = s.reads('vis_demo_growth');
      const r = await runVis(['export', '--dir', dir, '--resume'], { env });
      expect(listFiles(root).filter((f) => f.includes('fmt-pwn'))).toEqual([]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(
        `manifest.json: plan.format breaks the command line's rule: --format must be one of table, json, csv (got "csv/../../../../fmt-pwn")`,
      );
      expect(r.stderr).toContain('Start anew without --resume');
      expect(s.reads('vis_demo_growth')).toBe(readsBefore);
    } finally {
      await s.close();
    }
  });

  it('brands[].slug "../../../pwned-outside" with GET /brands listing no brands: the slug is made again from the name', async () => {
    let pagesFail = true;
    const server = await startTestServer((req, res) => {
      if (req.path === '/usage') return sendJson(res, 200, { data: { account: 'Acme Inc', reads: { left: 100 } }, meta: {} });
      if (req.path === '/brands') return sendJson(res, 200, { data: { brands: [] }, meta: {} });
      if (req.path === '/pages' && pagesFail) {
        pagesFail = false;
        return sendJson(res, 404, { error: { code: 'not_found', message: 'not yet' } });
      }
      sendJson(res, 200, { data: { rows: [{ path: req.path }] }, meta: { market: { code: 'US-en' } } });
    });
    try {
      const { root, dir } = nestedDir();
      const env = cleanEnv({ VIS_BASE_URL: server.baseUrl, VIS_API_KEY: 'vis_test_0123456789abcdef', VIS_RATE_LIMIT: '1000000' });
      const first = await runVis(['export', '--dir', dir, '--only', 'topics,pages'], { env });
      expect(first.code, first.stderr).toBe(5);
      editManifest(dir, (m) => (m.brands[0].slug = '../../../pwned-outside'));
      const r = await runVis(['export', '--dir', dir, '--resume'], { env });
      expect(listFiles(root).filter((f) => f.includes('pwned'))).toEqual([]);
      expect(r.code, r.stderr).toBe(0);
      expect(listFiles(dir)).toEqual(['brand/US-en/pages.csv', 'brand/US-en/topics.csv', 'manifest.json']);
      // One read: the file that was missing.
      expect(server.requests.slice(-3).map((q) => q.path)).toEqual(['/usage', '/brands', '/pages']);
    } finally {
      await server.close();
    }
  });
});
