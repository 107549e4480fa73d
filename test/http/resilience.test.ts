/**
 * Retries, timeouts and malformed answers over real HTTP, with faults injected into a
 * sandbox (or a small server) that the test watches: whole command lines in-process
 * (runInProcess with `baseUrl`: vis's own transport and client, no process), so a
 * Retry-After or a backoff passes on the fake clock; a --timeout is real and kept to a
 * second. The give-up-after-4 paths run with FakeApi in test/http/client-faults.test.ts
 * and test/cli/run-faults.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startTestServer, type TestServer } from '../e2e/helpers.js';
import { STACK_LINE, startFaultySandbox, type FaultySandbox } from '../e2e/resilience-support.js';
import { TEST_NOW } from '../support/context.js';
import { runInProcess } from '../support/run.js';

let sb: FaultySandbox;
/** A run against the server at `baseUrl` with this key. */
const at = (baseUrl: string, key: string) => ({ baseUrl, env: { VIS_API_KEY: key } });
const env = (key = 'vis_demo_growth') => at(sb.baseUrl, key);

beforeAll(async () => {
  sb = await startFaultySandbox();
});
afterAll(() => sb.close());

describe('429 rate_limited', () => {
  it('Retry-After in seconds: waits, retries once, succeeds (the wait is logged with --debug)', async () => {
    await sb.reset([{ path: '/topics', kind: 'status', status: 429, retryAfter: '1', times: 1 }]);
    const r = await runInProcess(['topics', '--format', 'json', '--debug'], env());
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data.topics.length).toBeGreaterThan(0);
    expect(sb.count('GET', '/topics')).toBe(2);
    expect(r.stderr).toContain('vis debug: retry 1 of 3 for GET /topics in 1000 ms (rate limited)');
    expect(r.stderr.match(/vis debug: → GET /g)).toHaveLength(2);
  });

  it('Retry-After as an HTTP date: waits until then, retries once, succeeds', async () => {
    let calls = 0;
    const server = await startTestServer((_req, res) => {
      calls++;
      if (calls === 1) {
        // One second ahead of vis's (fake) clock, at the one-second resolution of HTTP dates.
        const when = new Date(Math.ceil(TEST_NOW / 1000) * 1000 + 1000).toUTCString();
        return sendJson(res, 429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': when });
      }
      return sendJson(res, 200, { data: { topics: [{ id: 't1' }] }, meta: {} });
    });
    try {
      const r = await runInProcess(['topics', '--format', 'json', '--debug'], at(server.baseUrl, 'k_date_form_1'));
      expect(r.code).toBe(0);
      expect(server.requests).toHaveLength(2);
      const waited = Number(/retry 1 of 3 for GET \/topics in (\d+) ms \(rate limited\)/.exec(r.stderr)?.[1]);
      expect(waited).toBeGreaterThan(0);
      expect(waited).toBeLessThanOrEqual(2_000);
    } finally {
      await server.close();
    }
  });

  it('a Retry-After over the 120 s cap: exit 6 at once, one request, and the reason', async () => {
    await sb.reset([{ path: '/topics', kind: 'status', status: 429, retryAfter: '3600' }]);
    const r = await runInProcess(['topics'], env());
    expect(r.code).toBe(6);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'vis: Injected fault: 429 rate_limited [rate_limited]\n' +
        'vis did not wait: the server asks to wait 3600 s, more than the 120 s vis waits in all. Try again later, or run fewer commands at once with this key.\n',
    );
    expect(sb.count('GET', '/topics')).toBe(1);
  });

  it('quota_exceeded: exactly one request to the endpoint, none to /usage (the answer says when the budget resets; vis usage is named)', async () => {
    await sb.reset();
    const r = await runInProcess(['topics'], env('vis_demo_exhausted'));
    expect(r.code).toBe(6);
    expect(r.stderr.split('\n')[0]).toMatch(/^vis: The monthly budget of [\d,]+ reads is used up; it resets on \d{4}-\d\d-\d\d \[quota_exceeded\]$/);
    // Said once, with the way to see what is left.
    expect(r.stderr.match(/resets/g)).toHaveLength(1);
    expect(r.stderr).toContain('vis usage shows what is left');
    expect(sb.count('GET', '/topics')).toBe(1);
    expect(sb.count('GET', '/usage')).toBe(0);
  });
});

describe('5xx and broken connections: GET retried with backoff', () => {
  it('502 then success: two requests, exit 0, the data on stdout', async () => {
    await sb.reset([{ path: '/topics', kind: 'status', status: 502, times: 1 }]);
    const r = await runInProcess(['topics', '--format', 'json'], env());
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).data.topics.length).toBeGreaterThan(0);
    expect(sb.count('GET', '/topics')).toBe(2);
  });

  it('a reset, then an answer cut short: both retried, then success', async () => {
    await sb.reset([
      { path: '/topics', kind: 'reset', times: 1 },
      { path: '/topics', kind: 'truncated', times: 1 },
    ]);
    const r = await runInProcess(['topics', '--format', 'json'], env());
    expect(r.code).toBe(0);
    expect(sb.count('GET', '/topics')).toBe(3);
  });
});

describe('POST /pitches is sent once when it may have reached the server', () => {
  it('under 502: exactly one POST, exit 7, the outcome is unknown, check with `vis pitches`', async () => {
    await sb.reset([{ path: '/pitches', method: 'POST', kind: 'status', status: 502 }]);
    const r = await runInProcess(['pitches', 'create', 'acme.example', '--yes'], env());
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'vis: Injected fault: 502 upstream_error [upstream_error]\n' +
        'The outcome is unknown: the request may have reached the server and created the pitch report, so vis did not send it again (each one spends a report).\n' +
        'Check with vis pitches before trying again.\n',
    );
    expect(sb.count('POST', '/pitches')).toBe(1);
  });

  it('under a timeout (--timeout 1): exactly one POST, exit 7, same advice', async () => {
    await sb.reset([{ path: '/pitches', method: 'POST', kind: 'slow', delayMs: 5_000 }]);
    const r = await runInProcess(['pitches', 'create', 'acme.example', '--yes', '--timeout', '1'], env());
    expect(r.code).toBe(7);
    expect(r.stderr.split('\n')[0]).toMatch(/^vis: no answer from 127\.0\.0\.1:\d+ within 1 s \[timeout\]$/);
    expect(r.stderr).toContain('Check with vis pitches before trying again.');
    expect(sb.count('POST', '/pitches')).toBe(1);
  });
});

describe('a server that accepts the connection and never sends headers', () => {
  let server: TestServer;
  let answerAfter = Number.POSITIVE_INFINITY;
  beforeAll(async () => {
    server = await startTestServer((req, res) => {
      if (server.requests.length > answerAfter) sendJson(res, 200, { data: { topics: [] }, meta: {} });
      // Otherwise: say nothing, keep the connection open.
    });
  });
  afterAll(() => server.close());
  const hangEnv = () => at(server.baseUrl, 'k_never_answers_1');

  it('POST with --timeout 1: exit 7 naming the timeout, one request, no stack', async () => {
    answerAfter = Number.POSITIVE_INFINITY;
    server.requests.length = 0;
    const r = await runInProcess(['pitches', 'create', 'acme.example', '--yes', '--timeout', '1'], hangEnv());
    expect(r.code).toBe(7);
    expect(r.stderr.split('\n')[0]).toMatch(/^vis: no answer from 127\.0\.0\.1:\d+ within 1 s \[timeout\]$/);
    expect(r.stderr).not.toMatch(STACK_LINE);
    expect(server.requests).toHaveLength(1);
  });

  it('GET with --timeout 1: the silent attempt times out and the retry gets the answer', async () => {
    answerAfter = 1;
    server.requests.length = 0;
    const r = await runInProcess(['topics', '--format', 'json', '--timeout', '1', '--debug'], hangEnv());
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/✗ GET \/topics failed in \d+ ms: no answer from 127\.0\.0\.1:\d+ within 1 s/);
    expect(r.stderr).toContain('(timeout)');
    expect(server.requests).toHaveLength(2);
  });
});

describe('answers that are not the envelope: exit 7, the status and a short sanitised excerpt', () => {
  it('an HTML page from a proxy', async () => {
    await sb.reset([{ path: '/topics', kind: 'html', status: 403 }]);
    const r = await runInProcess(['topics'], env());
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toBe(
      'vis: the server answered HTTP 403 with a body that is not JSON: <html> <head><title>403 Forbidden</title></head> <body> <center><h1>403 Forbidden</h1></center> <hr><center>nginx</center> </body> </html> [invalid_envelope]',
    );
    expect(sb.count('GET', '/topics')).toBe(1);
  });

  it('a body that is not JSON', async () => {
    await sb.reset([{ path: '/topics', kind: 'non-json' }]);
    const r = await runInProcess(['topics'], env());
    expect(r.code).toBe(7);
    expect(r.stderr.split('\n')[0]).toBe(
      'vis: the server answered HTTP 200 with a body that is not JSON: upstream connect error or disconnect/reset before headers. reset reason: connection termination [invalid_envelope]',
    );
  });

  it('an envelope without data', async () => {
    await sb.reset([{ path: '/topics', kind: 'no-data' }]);
    const r = await runInProcess(['topics'], env());
    expect(r.code).toBe(7);
    expect(r.stderr.split('\n')[0]).toMatch(/^vis: the server answered HTTP 200 with JSON that is not the API envelope: \{"meta":\{.*\[invalid_envelope\]$/);
  });

  it('truncated JSON ending in a clean close (no Content-Length): not retried, exit 7 with an excerpt', async () => {
    const body = JSON.stringify({ data: { topics: Array.from({ length: 50 }, (_, i) => ({ id: `t${i}`, name: `Topic ${i}` })) }, meta: {} });
    const server = await startTestServer((_req, res) => {
      // No Content-Length, then a clean close half-way: to HTTP a whole (short) answer.
      res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
      res.end(`${body.slice(0, 40)}\u001b[2J\u001b]0;owned\u0007${body.slice(40, 700)}`);
    });
    try {
      const r = await runInProcess(['topics'], at(server.baseUrl, 'k_truncated_1'));
      expect(r.code).toBe(7);
      const first = r.stderr.split('\n')[0]!;
      expect(first).toMatch(
        /^vis: the server answered HTTP 200 with JSON that is cut short or malformed: \{"data":\{"topics":\[.{100,}…? \[invalid_envelope\]$/,
      );
      expect(first.length).toBeLessThan(300);
      expect(r.stderr).not.toContain('\u001b');
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
