/**
 * The key never leaves vis except in the Authorization header: not on stdout or stderr
 * (with --debug, on errors, even when a server echoes it back), not in any file vis
 * writes. Config files are 0600 in a 0700 folder, and no flag takes a key.
 */
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, sendJson, startTestServer, type TestServer } from '../e2e/helpers.js';
import { runWithEnv, type InProcessOutcome as RunResult } from '../support/run.js';
import { filesUnder } from '../e2e/resilience-support.js';

const KEY = 'vis_live_Qz7_K3yThatMustNeverLeak_0xBEEF';
let server: TestServer;
let calls = new Map<string, number>();

beforeAll(async () => {
  // A server that knows the key and, like a careless proxy or a debugging endpoint,
  // echoes it (and the whole Authorization header) into every error it can.
  server = await startTestServer((req, res) => {
    const auth = String(req.headers.authorization ?? '');
    if (auth !== `Bearer ${KEY}`) return sendJson(res, 401, { error: { code: 'invalid_api_key', message: 'no' } });
    const fail = req.query.find(([k]) => k === 'case')?.[1] ?? '';
    const n = (calls.get(fail) ?? 0) + 1;
    calls.set(fail, n);
    if (req.path === '/usage') return sendJson(res, 200, { data: { used: 1, limit: 10, resets_at: '2026-12-01T00:00:00Z' }, meta: {} });
    if (fail === '401') return sendJson(res, 401, { error: { code: 'invalid_api_key', message: `Key ${KEY} was revoked (header: ${auth})` } });
    if (fail === '429') {
      return sendJson(res, 429, { error: { code: 'rate_limited', message: `Too fast for ${KEY}` } }, { 'retry-after': '0' });
    }
    if (fail === '502-once' && n === 1) {
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end(`<html><pre>upstream said no to ${auth}</pre></html>`);
    }
    if (req.method === 'POST') {
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end(`<html><h1>502 Bad Gateway</h1><pre>Authorization: ${auth}\nX-Key: ${KEY}</pre></html>`);
    }
    return sendJson(res, 200, { data: { topics: [{ id: 't1', name: 'CRM', visibility: 42 }] }, meta: {} });
  });
});
afterAll(() => server.close());

describe('the key never appears in anything vis prints or writes', () => {
  it('success, 401, 429, 502, POST under 502, -o, auth status, config list — all with --debug', async () => {
    const env = cleanEnv({ VIS_BASE_URL: server.baseUrl, VIS_API_KEY: KEY, VIS_DEBUG: '1' });
    const out = mkdtempSync(join(tmpdir(), 'vis-keys-'));
    const outFile = join(out, 'topics.csv');
    calls = new Map();
    const runs: Array<[string[], number]> = [
      [['topics', '--format', 'json', '--debug', '--param', 'case=ok'], 0],
      [['topics', '--format', 'csv', '--debug', '-o', outFile, '--param', 'case=ok'], 0],
      [['topics', '--debug', '--param', 'case=401'], 3],
      [['topics', '--debug', '--param', 'case=429'], 6],
      [['topics', '--format', 'json', '--debug', '--param', 'case=502-once'], 0],
      [['pitches', 'create', 'acme.example', '--yes', '--debug'], 7],
      [['api', '/topics', '--debug', '--param', 'case=401'], 3],
      [['auth', 'status', '--debug'], 0],
      [['config', 'list'], 0],
      [['topics', '--days', '0', '--debug'], 2],
    ];
    const results: RunResult[] = [];
    for (const [args, exit] of runs) {
      const r = await runWithEnv(args, { env });
      expect(r.code, `vis ${args.join(' ')}\n${r.stderr}`).toBe(exit);
      results.push(r);
    }

    // The key was really used, and the server really echoed it.
    expect(server.requests.every((q) => q.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    expect(calls.get('429')).toBe(4);
    expect(calls.get('502-once')).toBe(2);

    const streams = results.flatMap((r) => [r.stdout, r.stderr]).join('\n');
    const files = [...filesUnder(out), ...filesUnder(env.VIS_CONFIG_DIR!), ...filesUnder(env.HOME!)];
    expect(files.map((f) => f.path)).toContain(outFile);
    for (const needle of [KEY, encodeURIComponent(KEY), KEY.slice(8, 30)]) {
      expect(streams).not.toContain(needle);
      for (const f of files) expect(f.content.includes(Buffer.from(needle)), f.path).toBe(false);
    }

    // What was printed instead.
    expect(streams).toContain('Authorization: Bearer ***');
    const message = (r: RunResult) => r.stderr.split('\n').find((l) => l.startsWith('vis: '));
    expect(message(results[2]!)).toBe('vis: Key *** was revoked (header: Bearer ***) [invalid_api_key]');
    expect(message(results[5]!)).toContain('Authorization: Bearer *** X-Key: ***');
    expect(results[7]!.stdout).toContain(`Key:      ****${KEY.slice(-4)} (from VIS_API_KEY)`);
  });
});

describe('config files', () => {
  it('auth login writes config.json 0600 in a 0700 folder, tightening a folder made looser', async () => {
    const env = cleanEnv({ VIS_BASE_URL: server.baseUrl });
    chmodSync(env.VIS_CONFIG_DIR!, 0o755);
    const r = await runWithEnv(['auth', 'login'], { env, input: `${KEY}\n` });
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(KEY);
    expect(statSync(env.VIS_CONFIG_DIR!).mode & 0o777).toBe(0o700);
    expect(statSync(join(env.VIS_CONFIG_DIR!, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('a config file created looser (copied in by hand) is tightened to 0600 by the next run that reads it', async () => {
    const env = cleanEnv();
    const path = join(env.VIS_CONFIG_DIR!, 'config.json');
    writeFileSync(path, JSON.stringify({ profile: 'default', profiles: { default: { base_url: server.baseUrl, api_key: KEY } } }));
    chmodSync(path, 0o644);
    const r = await runWithEnv(['topics', '--format', 'json', '--param', 'case=ok'], { env });
    expect(r.code).toBe(0);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8')).profiles.default.api_key).toBe(KEY);
  });
});

describe('where the key may go', () => {
  it('no flag takes a key: --api-key, --key and --token are unknown options (exit 2, nothing sent)', async () => {
    const before = server.requests.length;
    for (const flag of ['--api-key', '--key', '--token']) {
      const r = await runWithEnv(['topics', flag, KEY], { env: cleanEnv({ VIS_BASE_URL: server.baseUrl }) });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^vis: unknown option/);
      expect(r.stderr).not.toContain(KEY);
    }
    expect(server.requests.length).toBe(before);
  });

  it('no option in any help page takes a key', async () => {
    for (const args of [['--help'], ['topics', '--help'], ['auth', 'login', '--help'], ['api', '--help']]) {
      const r = await runWithEnv(args, { env: cleanEnv() });
      expect(r.code).toBe(0);
      expect(r.stdout).not.toMatch(/--[\w-]*(key|token|secret)[\w-]*\s*[<[]/i);
    }
  });

  it.each([
    ['http://localhost.example.com/api/v1', 2],
    ['http://127.0.0.1.nip.io/api/v1', 2],
    ['http://10.0.0.1/api/v1', 2],
    ['ftp://127.0.0.1/api/v1', 2],
  ])('a key is never sent to %s (exit %i before connecting)', async (base, exit) => {
    const r = await runWithEnv(['topics'], { env: cleanEnv({ VIS_BASE_URL: base, VIS_API_KEY: KEY }) });
    expect(r.code).toBe(exit);
    expect(r.stderr).not.toContain(KEY);
  });

  it('plain http to a loopback address is allowed (exact hosts)', async () => {
    const loop = server.baseUrl.replace('127.0.0.1', 'localhost');
    const r = await runWithEnv(['topics', '--format', 'json', '--param', 'case=ok'], { env: cleanEnv({ VIS_BASE_URL: loop, VIS_API_KEY: KEY }) });
    expect(r.code).toBe(0);
  });
});
