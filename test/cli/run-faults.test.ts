/**
 * Whole command lines run in-process (run() with buffers for io) against a real loopback
 * sandbox, with a fake clock: what a cron user would see after long waits (the retry
 * cap, a minute of pacing) without waiting for them. The spawned-process tests in
 * test/e2e/resilience*.test.ts cover what needs a real process (signals, pipes, files).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxControl } from '../support/http.js';
import { run } from '../../src/cli/run.js';
import { startSandbox, type Fault, type Sandbox } from '../../src/sandbox/server.js';
import { fakeClock, testIO, type FakeClock } from '../support/context.js';

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

let sandbox: Sandbox;

async function setFaults(faults: Fault[]): Promise<void> {
  expect(await sandboxControl(sandbox.baseUrl, '/__sandbox/reset')).toBe(204);
  expect(await sandboxControl(sandbox.baseUrl, '/__sandbox/faults', faults)).toBe(204);
}
const count = (path: string) => sandbox.requests.filter((r) => r.path === path).length;

async function vis(argv: string[], opts: { clock?: FakeClock; env?: Record<string, string> } = {}): Promise<Outcome & { clock: FakeClock }> {
  const clock = opts.clock ?? fakeClock(Date.parse('2026-11-22T10:00:00Z'));
  const io = testIO({ columns: 100 });
  const home = mkdtempSync(join(tmpdir(), 'vis-run-'));
  const env = {
    VIS_BASE_URL: sandbox.baseUrl,
    VIS_API_KEY: 'vis_demo_growth',
    VIS_CONFIG_DIR: home,
    HOME: home,
    NO_COLOR: '1',
    ...opts.env,
  };
  const code = await run(argv, io, env, new AbortController().signal, { clock, random: () => 0.5 });
  return { code, stdout: io.out(), stderr: io.err(), clock };
}

beforeAll(async () => {
  sandbox = await startSandbox({ quiet: true });
});
afterAll(() => sandbox.close());
beforeEach(() => setFaults([]));

describe('what a cron job sees when vis gives up', () => {
  it('502 forever: 4 requests, exit 7, one message line and a hint, stdout empty', async () => {
    await setFaults([{ path: '/topics', kind: 'status', status: 502 }]);
    const r = await vis(['topics', '--format', 'json']);
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'vis: Injected fault: 502 upstream_error [upstream_error]\n' +
        'Gave up after 4 attempts.\n' +
        'A service behind the API failed; try again in a few minutes.\n',
    );
    expect(count('/topics')).toBe(4);
    expect(r.clock.waits).toEqual([250, 500, 1_000]);
  });

  it('a Retry-After over the cap: exit 6 at once, and why', async () => {
    await setFaults([{ path: '/topics', kind: 'status', status: 429, retryAfter: '600' }]);
    const r = await vis(['topics', '--format', 'json']);
    expect(r.code).toBe(6);
    expect(r.stderr).toBe(
      'vis: Injected fault: 429 rate_limited [rate_limited]\n' +
        'vis did not wait: the server asks to wait 600 s, more than the 120 s vis waits in all. Try again later, or run fewer commands at once with this key.\n',
    );
    expect(count('/topics')).toBe(1);
    expect(r.clock.waits).toEqual([]);
  });

  it('rate limited after 3 retries: exit 6 with the limit explained', async () => {
    await setFaults([{ path: '/topics', kind: 'status', status: 429, retryAfter: '20' }]);
    const r = await vis(['topics', '--format', 'json']);
    expect(r.code).toBe(6);
    expect(r.stderr.split('\n').slice(0, 2)).toEqual(['vis: Injected fault: 429 rate_limited [rate_limited]', 'Gave up after 4 attempts.']);
    expect(r.stderr).toContain('60 requests a minute per key');
    expect(r.clock.waits).toEqual([20_000, 20_000, 20_000]);
  });

  it('--debug logs every attempt, wait and answer (and never the key)', async () => {
    await setFaults([{ path: '/topics', kind: 'status', status: 502, times: 1 }]);
    const r = await vis(['topics', '--format', 'json', '--debug']);
    expect(r.code).toBe(0);
    const lines = r.stderr.split('\n').filter(Boolean);
    const normal = (l: string) =>
      l
        .replace(/\d+ ms/g, 'N ms')
        .replace(/\d+ bytes/, 'N bytes')
        .replace(/127\.0\.0\.1:\d+/, 'HOST')
        .replace(/content-length: \d+/, 'content-length: N')
        .replace(/date: [^;]+/, 'date: D');
    expect(lines.map(normal)).toEqual([
      'vis debug: cache miss: GET /topics @2026-11-22 (absent)',
      'vis debug: → GET http://HOST/api/v1/topics (attempt 1 of 4; Authorization: Bearer ***)',
      'vis debug: ← 502 GET /topics in N ms (N bytes)',
      'vis debug:   headers: x-request-id: req_000001; date: D; content-type: application/json; charset=utf-8; cache-control: no-store; content-length: N',
      'vis debug: retry 1 of 3 for GET /topics in N ms (HTTP 502)',
      'vis debug: → GET http://HOST/api/v1/topics (attempt 2 of 4; Authorization: Bearer ***)',
      'vis debug: ← 200 GET /topics in N ms (N bytes)',
    ]);
    expect(r.stderr).not.toContain('vis_demo_growth');
    expect(JSON.parse(r.stdout).data.topics.length).toBeGreaterThan(0);
  });
});

describe('pacing: one limiter per key for the whole process', () => {
  it('VIS_RATE_LIMIT=1: a brand name look-up and the request itself are a minute apart', async () => {
    const r = await vis(['topics', '--brand', 'northwind crm', '--format', 'json', '--debug'], { env: { VIS_RATE_LIMIT: '1' } });
    expect(r.code).toBe(0);
    expect(count('/brands')).toBe(1);
    expect(count('/topics')).toBe(1);
    expect(sandbox.requests.every((q) => q.status === 200)).toBe(true);
    expect(r.clock.waits).toHaveLength(1);
    expect(r.clock.waits[0]).toBeGreaterThanOrEqual(60_000);
    expect(r.stderr).toMatch(/pacing: waiting \d+ ms to stay under 1 requests a minute/);
  });

  it('the hint look-ups share it too (brand_required asks the free GET /brands)', async () => {
    const r = await vis(['topics', '--format', 'json'], { env: { VIS_RATE_LIMIT: '1', VIS_API_KEY: 'vis_demo_agency' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Brands: ');
    expect(r.clock.waits).toHaveLength(1);
    expect(r.clock.waits[0]).toBeGreaterThanOrEqual(60_000);
  });

  it('two commands in one process with the same key share one window', async () => {
    const clock = fakeClock();
    const env = { VIS_RATE_LIMIT: '1', VIS_API_KEY: 'vis_demo_monitor' };
    expect((await vis(['usage', '--format', 'json'], { clock, env })).code).toBe(0);
    expect(clock.waits).toEqual([]);
    expect((await vis(['usage', '--format', 'json'], { clock, env })).code).toBe(0);
    expect(clock.waits).toHaveLength(1);
    expect(clock.waits[0]).toBeGreaterThanOrEqual(60_000);
  });

  it.each(['0', 'abc', '1.5', '-3', '60x'])('VIS_RATE_LIMIT=%s is refused with exit 2 before any request', async (value) => {
    const r = await vis(['usage'], { env: { VIS_RATE_LIMIT: value } });
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`vis: VIS_RATE_LIMIT must be a whole number of requests a minute, from 1 to 1000000 (got "${value}")`);
    expect(sandbox.requests).toHaveLength(0);
  });
});
