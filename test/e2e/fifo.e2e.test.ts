/**
 * A FIFO planted where vis reads back or appends to a file of its own (an export's
 * manifest.json, a response-cache entry, the month's count of reads saved, the completion
 * cache and its lock): opening one with nobody at the other end would block the process
 * where not even Ctrl-C reaches it. vis must return promptly instead. Spawned: only a
 * real process can be killed if it hangs, so the test itself never does.
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { tempDir } from '../support/files.js';
import { cleanEnv, runVis } from './helpers.js';

const NOW = new Date('2026-11-22T12:00:00Z');
const KEY = 'vis_demo_growth';
/** Well beyond what any of these runs takes; a run still going by then hangs. */
const PROMPTLY_MS = 120_000;

const mkfifo = (path: string) => execFileSync('mkfifo', ['-m', '600', path]);

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ now: () => NOW, rateLimitPerMinute: 1_000_000 });
});
afterAll(() => sandbox.close());

const envFor = () => cleanEnv({ VIS_BASE_URL: sandbox.baseUrl, VIS_API_KEY: KEY, VIS_RATE_LIMIT: '1000000' });

describe('a FIFO where vis reads back its own file', () => {
  it('export --resume with a FIFO at manifest.json: exit 2 naming the file, promptly, no request', async () => {
    const dir = tempDir();
    mkfifo(join(dir, 'manifest.json'));
    const from = sandbox.requests.length;
    const r = await runVis(['export', '--dir', dir, '--resume'], { env: envFor(), timeoutMs: PROMPTLY_MS });
    expect(r.signal).toBeNull();
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`vis: --resume: ${join(dir, 'manifest.json')} is not a regular file`);
    expect(sandbox.requests.length).toBe(from);
  });

  it('a response-cache entry that is a FIFO is a miss, and is replaced by a regular file', async () => {
    const env = envFor();
    const first = await runVis(['topics', '-f', 'json'], { env, timeoutMs: PROMPTLY_MS });
    expect(first.code, first.stderr).toBe(0);
    const root = `${env.VIS_CONFIG_DIR}-cache`;
    const account = readdirSync(root).find((n) => /^[0-9a-f]{32}$/.test(n))!;
    const entries = readdirSync(join(root, account)).filter((n) => /^topics\.[0-9a-f]{32}\.json$/.test(n));
    expect(entries.length).toBeGreaterThan(0);
    for (const name of entries) {
      rmSync(join(root, account, name));
      mkfifo(join(root, account, name));
    }
    const from = sandbox.requests.length;
    const again = await runVis(['topics', '-f', 'json'], { env, timeoutMs: PROMPTLY_MS });
    expect(again.signal).toBeNull();
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(first.stdout);
    // A miss: read from the API, and stored as a regular file where the FIFO was.
    expect(sandbox.requests.slice(from).map((q) => q.path)).toEqual(['/topics']);
    for (const name of entries) expect(lstatSync(join(root, account, name)).isFile()).toBe(true);
  });

  it("a FIFO as the month's count of reads saved: the cached answer is still shown, promptly", async () => {
    const env = envFor();
    const first = await runVis(['topics', '-f', 'json'], { env, timeoutMs: PROMPTLY_MS });
    expect(first.code, first.stderr).toBe(0);
    const root = `${env.VIS_CONFIG_DIR}-cache`;
    const account = readdirSync(root).find((n) => /^[0-9a-f]{32}$/.test(n))!;
    const saved = join(root, account, `saved-${new Date().toISOString().slice(0, 7)}`);
    rmSync(saved, { force: true });
    mkfifo(saved);
    const from = sandbox.requests.length;
    const hit = await runVis(['topics', '-f', 'json'], { env, timeoutMs: PROMPTLY_MS });
    expect(hit.signal).toBeNull();
    expect(hit.code, hit.stderr).toBe(0);
    expect(hit.stdout).toBe(first.stdout);
    expect(sandbox.requests.length).toBe(from);
  });

  it.each([['completion-cache.json'], ['completion-cache.json.lock']])(
    'a FIFO at the %s in the config folder: brand names are still completed, promptly',
    async (name) => {
      const env = envFor();
      mkdirSync(env.VIS_CONFIG_DIR!, { recursive: true });
      mkfifo(join(env.VIS_CONFIG_DIR!, name));
      const r = await runVis(['__complete', 'brands'], { env, timeoutMs: PROMPTLY_MS });
      expect(r.signal).toBeNull();
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('Northwind CRM\n');
    },
  );
});
