/**
 * `vis export` interrupted: the built CLI spawned against the sandbox on loopback and sent
 * SIGINT or SIGTERM mid-run, which needs a real process. The rest of export runs in-process in
 * test/export/export.test.ts.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import { noTempFiles, tempDir } from '../support/files.js';
import { cleanEnv, VIS } from './helpers.js';

const NOW = new Date('2026-11-22T12:00:00Z');

describe('failures', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s during the export: exit %i, no temp file, a manifest that says "interrupted" with the files written', async (signal, exitCode) => {
    const s = await startSandbox({ now: () => NOW, rateLimitPerMinute: 1_000_000, faults: [{ path: '/pages', kind: 'slow', delayMs: 30_000 }] });
    try {
      const dir = tempDir();
      const child = spawn(process.execPath, [VIS, 'export', '--dir', dir], {
        env: cleanEnv({ VIS_BASE_URL: s.baseUrl, VIS_API_KEY: 'vis_demo_growth', VIS_RATE_LIMIT: '1000000' }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
      // Wait until the slow request is in flight (the earlier files are written by then).
      while (!s.requests.some((q) => q.path === '/pages')) await new Promise((r) => setTimeout(r, 20));
      child.kill(signal);
      expect(await exited).toBe(exitCode);
      expect(stderr).not.toMatch(/at .*\.js:\d+/);
      expect(noTempFiles(dir)).toEqual([]);
      expect(existsSync(join(dir, 'northwind-crm/US-en/topics.csv'))).toBe(true);
      // Written synchronously in the signal path, before the exit.
      const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { status: string; files: Array<{ path: string }>; csv_columns?: string[] };
      expect(m.status).toBe('interrupted');
      // The files written so far begin with the brand and market, and the manifest says so,
      // so a --resume finishes the export rather than refusing it as an older vis's.
      expect(m.csv_columns).toEqual(['brand_id', 'brand', 'market']);
      expect(readFileSync(join(dir, 'northwind-crm/US-en/topics.csv'), 'utf8')).toMatch(/^brand_id,brand,market,id,.*\r\n101,Northwind CRM,US-en,/);
      expect(m.files.map((f) => f.path)).toContain('northwind-crm/US-en/topics.csv');
      expect(m.files.map((f) => f.path)).not.toContain('northwind-crm/US-en/pages.csv');
    } finally {
      await s.close();
    }
  });
});
