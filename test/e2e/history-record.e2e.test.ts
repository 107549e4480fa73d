/**
 * Recording, as real processes do it: several vis processes recording at once into one
 * journal lose nothing, the key reaches no file, VIS_HISTORY=off writes nothing, and a
 * history that cannot be written costs one warning line, never the answer or the exit code.
 */
import { spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalDir, readEntries } from '../../src/history/journal.js';
import { asUser, cleanEnv, NOBODY, runVis, sendJson, startTestServer, visRunnableBy, type TestServer } from './helpers.js';

/** A key of the documented shape that looks like a real one. */
const KEY = 'vis_live_9f3b2c7d1e8a4f6b0c5d2e7f1a3b8c4d';
const META = { brand: { id: 42, name: 'Northwind CRM' }, market: { code: 'US-en', label: 'United States (English)' } };
const TOPICS = { topics: [{ id: 'crm', name: 'CRM software', visibility: 41.5 }] };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${KEY}`) return sendJson(res, 401, { error: { code: 'unauthorized', message: 'no' } });
    if (req.path === '/topics') return sendJson(res, 200, { data: TOPICS, meta: META });
    return sendJson(res, 404, { error: { code: 'not_found', message: 'no' } });
  });
});
afterAll(() => server.close());

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
}

function setup(extra: Record<string, string | undefined> = {}) {
  const home = mkdtempSync(join(tmpdir(), 'vis-rec-home-'));
  const env = cleanEnv({ HOME: home, VIS_CONFIG_DIR: join(home, 'config'), VIS_BASE_URL: server.baseUrl, VIS_API_KEY: KEY, ...extra });
  return { home, env, store: join(home, 'config-data', 'history.db') };
}

/**
 * The built vis run as `nobody` (setpriv), from /. Not spawnSync: the test server answers
 * from this process's event loop.
 */
function asNobody(vis: string, args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('setpriv', asUser(NOBODY, [process.execPath, vis, ...args]), { env, cwd: '/', stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('recording from real processes', () => {
  it('two runs of N at once: 2N entries, each whole and readable, nothing of the key in any file', async () => {
    const { home, env, store } = setup();
    const N = 4;
    const lane = async () => {
      for (let i = 0; i < N; i++) {
        const r = await runVis(['topics', '--format', 'json', '--no-cache', '--days', String(30 + i)], { env });
        expect(r.code, r.stderr).toBe(0);
        expect(r.stderr).toBe('');
        expect(JSON.parse(r.stdout).data).toEqual(TOPICS);
      }
    };
    await Promise.all([lane(), lane()]);
    const entries = readEntries(journalDir(store));
    expect(entries).toHaveLength(2 * N);
    for (const e of entries) {
      expect('answer' in e, 'problem' in e ? e.problem : '').toBe(true);
      if ('answer' in e) expect(e.answer).toMatchObject({ api: server.baseUrl, brandId: '42', market: 'US-en', endpoint: 'topics' });
    }
    const queries = entries.flatMap((e) => ('answer' in e ? [e.answer.query] : [])).sort();
    expect(queries).toEqual(['days=30', 'days=30', 'days=31', 'days=31', 'days=32', 'days=32', 'days=33', 'days=33']);
    const files = filesUnder(home);
    expect(files.length).toBeGreaterThanOrEqual(2 * N);
    for (const f of files) {
      const text = readFileSync(f, 'latin1');
      expect(text, f).not.toContain(KEY);
      expect(text, f).not.toContain(KEY.slice(-12));
    }
  });

  it('VIS_HISTORY=off: no history file anywhere under the home', async () => {
    const { home, env } = setup({ VIS_HISTORY: 'off' });
    const r = await runVis(['topics', '--format', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(existsSync(join(home, 'config-data'))).toBe(false);
    expect(filesUnder(home).filter((f) => /history|\.answer$/.test(f))).toEqual([]);
  });

  // With no HOME, vis falls back to the account's home in the password database: run as a
  // user whose home is /nonexistent, so that nothing lands in the home of whoever runs the tests.
  it('no HOME, XDG_DATA_HOME, VIS_CONFIG_DIR nor VIS_HISTORY: the answer, nothing said', async (t) => {
    const runnable = visRunnableBy(NOBODY);
    if ('reason' in runnable) return t.skip();
    const env = cleanEnv({ HOME: undefined, VIS_CONFIG_DIR: undefined, VIS_BASE_URL: server.baseUrl, VIS_API_KEY: KEY });
    const r = await asNobody(runnable.vis, ['topics', '--format', 'json'], env);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).data).toEqual(TOPICS);
    expect(r.stderr).toBe('');
  });

  it('a read-only folder (a user for whom the bits bite): one warning line, the answer, exit 0', async (t) => {
    const runnable = visRunnableBy(NOBODY);
    if ('reason' in runnable) return t.skip();
    const root = mkdtempSync(join(tmpdir(), 'vis-rec-ro-'));
    chmodSync(root, 0o755);
    const home = join(root, 'home');
    mkdirSync(home, { mode: 0o700 });
    chownSync(home, NOBODY, NOBODY);
    const locked = join(root, 'locked');
    mkdirSync(locked);
    chownSync(locked, NOBODY, NOBODY);
    chmodSync(locked, 0o500);
    const env = cleanEnv({
      HOME: home,
      VIS_CONFIG_DIR: join(home, 'config'),
      VIS_BASE_URL: server.baseUrl,
      VIS_API_KEY: KEY,
      VIS_HISTORY: join(locked, 'vis', 'history.db'),
    });
    const r = await asNobody(runnable.vis, ['topics', '--format', 'json'], env);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).data).toEqual(TOPICS);
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^vis: warning: history: permission denied .*; answers of this run are not recorded \(vis history check tells more\)$/),
    ]);
    expect(readdirSync(locked)).toEqual([]);
  });
});
