/**
 * Environments vis cannot use: a bad VIS_SANDBOX_OPTIONS, a config folder or export
 * folder that cannot be made. Each is a usage error (exit 2, one line naming the problem,
 * no stack), and no read is spent. Also: `vis sandbox` takes its options from
 * VIS_SANDBOX_OPTIONS, as --demo does.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import { cleanEnv, runVis, VIS } from './helpers.js';

const ON_PROC = existsSync('/proc/self');

function expectUsageError(r: { code: number | null; stdout: string; stderr: string }, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(/at .*\.c?js:\d+/);
  expect(r.stderr).not.toContain('This is a bug');
}

describe('VIS_SANDBOX_OPTIONS', () => {
  it('not JSON: vis sandbox exits 2 and says so', async () => {
    const r = await runVis(['sandbox', '--port', '0'], { env: cleanEnv({ VIS_SANDBOX_OPTIONS: '{bad' }) });
    expectUsageError(r, /^vis: VIS_SANDBOX_OPTIONS is not valid JSON/);
  });

  it('an unknown field: --demo exits 2 and names it', async () => {
    const r = await runVis(['--demo', 'usage'], { env: cleanEnv({ VIS_SANDBOX_OPTIONS: '{"rate":1}' }) });
    expectUsageError(r, /^vis: VIS_SANDBOX_OPTIONS: .*"rate"/);
  });

  it('vis sandbox serves with them: a limit of 1 a minute answers the second request 429', async () => {
    const child = spawn(process.execPath, [VIS, 'sandbox', '--port', '0'], {
      env: cleanEnv({ VIS_SANDBOX_OPTIONS: '{"rateLimitPerMinute":1}' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const baseUrl = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.setEncoding('utf8').on('data', (d: string) => {
          out += d;
          const m = /Sandbox API:\s+(\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.on('exit', (code) => reject(new Error(`vis sandbox exited ${code}: ${out}`)));
      });
      const get = () => fetch(`${baseUrl}/usage`, { headers: { authorization: 'Bearer vis_demo_growth' } });
      expect((await get()).status).toBe(200);
      const second = await get();
      expect(second.status).toBe(429);
      expect(((await second.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    } finally {
      child.kill('SIGINT');
    }
  });
});

describe.runIf(ON_PROC)('folders that cannot be made (under /proc, where mkdir fails even for a parent that exists)', () => {
  it('the config folder: exit 2, naming it', async () => {
    const r = await runVis(['config', 'set', 'market', 'US-en'], { env: cleanEnv({ VIS_CONFIG_DIR: '/proc/vis-test-config' }) });
    expect(r.signal).toBe(null);
    expectUsageError(r, /^vis: cannot create the config folder \/proc\/vis-test-config: /);
  });

  it('export --dir: exit 2 before any read is spent', async () => {
    const s = await startSandbox({ rateLimitPerMinute: 1_000_000 });
    try {
      const env = cleanEnv({ VIS_BASE_URL: s.baseUrl, VIS_API_KEY: 'vis_demo_growth', VIS_RATE_LIMIT: '1000000' });
      const r = await runVis(['export', '--dir', '/proc/vis-test-export/out'], { env });
      expect(r.signal).toBe(null);
      expectUsageError(r, /^vis: --dir: \/proc\/vis-test-export\/out cannot be created: /);
      // At most the free look-ups that plan the export: root gets that far (it may write
      // anywhere, so only mkdir fails), anyone else is refused by the look at --dir first.
      for (const q of s.requests) expect(['GET /usage', 'GET /brands']).toContain(`${q.method} ${q.path}`);
      expect(s.reads('vis_demo_growth')).toBe(0);
    } finally {
      await s.close();
    }
  });
});
