/**
 * The HTTP client against hostile loopback servers, whole command lines
 * in-process (runInProcess with `baseUrl`: vis's own transport, no process; waits pass on
 * the fake clock): answers too large or endless, oversized headers, compressed or
 * non-UTF-8 bodies, a BOM, loose Retry-After values, a 503 that says when to come back,
 * and API keys with characters a header cannot carry (refused before any request, never
 * echoed).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { sendJson, startTestServer, type Handler, type TestServer } from '../e2e/helpers.js';
import { runInProcess } from '../support/run.js';

const KEY = 'vis_live_Sup3rS3cretKey_0451';
const OK = { data: { topics: [{ id: 't1', name: 'CRM' }] }, meta: {} };
let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(handler: Handler): Promise<TestServer> {
  server = await startTestServer(handler);
  return server;
}
/** A run against `s` with KEY, or what `env` says (undefined removes a variable). */
const envFor = (s: TestServer, env: Record<string, string | undefined> = {}) => ({ baseUrl: s.baseUrl, env: { VIS_API_KEY: KEY, ...env } });

function raw(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
}

describe('answers too large', () => {
  it('an endless chunked body with VIS_MAX_BODY_MB=1: exit 7 quickly, one request, a clear message', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":"');
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
      };
      res.on('drain', pump);
      pump();
    });
    const r = await runInProcess(['topics', '--timeout', '8'], envFor(s, { VIS_MAX_BODY_MB: '1' }));
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^vis: the answer from 127\.0\.0\.1:\d+ is larger than the 1 MiB limit \(VIS_MAX_BODY_MB\) \[response_too_large\]\n/);
    expect(r.stderr.length).toBeLessThan(400);
    expect(s.requests).toHaveLength(1);
  });

  it('a Content-Length over the limit: refused before the body is read, one request', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(600 * 1024 * 1024) });
      res.write('{"data":');
    });
    const r = await runInProcess(['topics'], envFor(s, { VIS_MAX_BODY_MB: '2' }));
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('is larger than the 2 MiB limit (VIS_MAX_BODY_MB)');
    expect(s.requests).toHaveLength(1);
  });

  it('a bad VIS_MAX_BODY_MB: exit 2 naming it, no request', async () => {
    const s = await serve((_req, res) => sendJson(res, 200, OK));
    const r = await runInProcess(['topics'], envFor(s, { VIS_MAX_BODY_MB: '0.5' }));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('vis: VIS_MAX_BODY_MB must be a whole number of MiB, from 1 to 500 (got "0.5")\n');
    expect(s.requests).toHaveLength(0);
  });

  it('response headers over 16 KiB: exit 7, one request, not retried', async () => {
    const s = await serve((_req, res) => raw(res, 200, JSON.stringify(OK), { 'x-padding': 'a'.repeat(100 * 1024) }));
    const r = await runInProcess(['topics'], envFor(s));
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/has headers larger than 16 KiB, more than vis accepts \[headers_too_large\]/);
    expect(s.requests).toHaveLength(1);
  });
});

describe('encodings', () => {
  it('a leading UTF-8 BOM is accepted, and dropped from --format json', async () => {
    const s = await serve((_req, res) => raw(res, 200, `\ufeff${JSON.stringify(OK)}`));
    const r = await runInProcess(['topics', '--format', 'json'], envFor(s));
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('{\n')).toBe(true);
    expect(JSON.parse(r.stdout)).toEqual(OK);
  });

  it('a gzip body vis never asked for: exit 7 naming the encoding, no binary on stderr, not retried', async () => {
    const s = await serve((_req, res) =>
      raw(res, 502, gzipSync(JSON.stringify({ error: { code: 'upstream_error', message: 'x'.repeat(300) } })), { 'content-encoding': 'gzip' }),
    );
    const r = await runInProcess(['topics'], envFor(s));
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('is compressed (Content-Encoding: gzip)');
    expect(r.stderr).toMatch(/^[\x20-\x7e\n]*$/);
    expect(s.requests).toHaveLength(1);
    expect(s.requests[0]!.headers['accept-encoding']).toBe('identity');
  });

  it('--format json refuses a body that is not valid UTF-8 rather than alter it', async () => {
    const body = Buffer.concat([Buffer.from('{"data":{"topics":[{"id":"t'), Buffer.from([0xff]), Buffer.from('"}]}}')]);
    const s = await serve((_req, res) => raw(res, 200, body));
    const r = await runInProcess(['topics', '--format', 'json'], envFor(s));
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`the server answered HTTP 200 with a body that is not valid UTF-8 (at byte 27 of ${body.length}) [invalid_utf8]`);
  });
});

describe('Retry-After', () => {
  it('on a 503 it is honoured for GET: waits what it says, then succeeds', async () => {
    let calls = 0;
    const s = await serve((_req, res) =>
      ++calls === 1 ? sendJson(res, 503, { error: { code: 'unavailable', message: 'down for a moment' } }, { 'retry-after': '1' }) : sendJson(res, 200, OK),
    );
    const r = await runInProcess(['topics', '--format', 'json', '--debug'], envFor(s));
    expect(r.code).toBe(0);
    expect(s.requests).toHaveLength(2);
    expect(r.stderr).toContain('vis debug: retry 1 of 3 for GET /topics in 1000 ms (HTTP 503 with Retry-After)');
  });

  it.each(['-5', '2, 3'])('a 429 with Retry-After %j is no date in 2001: the normal 5 s wait, not an instant retry', async (value) => {
    const s = await serve((_req, res) => sendJson(res, 429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': value }));
    const r = await runInProcess(['topics', '--debug'], envFor(s));
    expect(r.stderr).toContain('vis debug: retry 1 of 3 for GET /topics in 5000 ms (rate limited)');
    expect(r.clock.waits[0]).toBe(5000);
  });
});

describe('API keys an HTTP header cannot carry: exit 2, no request, the key never shown', () => {
  const cases = [
    ['a euro sign', `${KEY}\u20ac`, `character ${KEY.length + 1} is U+20AC (not ASCII)`],
    ['a zero-width space', `vis_live_Sup3r\u200bS3cretKey_0451`, 'character 15 is U+200B (zero-width space)'],
    ['smart quotes', `\u201c${KEY}\u201d`, 'character 1 is U+201C (left double quotation mark, a smart quote)'],
  ] as const;

  function expectRefused(r: { code: number | null; stdout: string; stderr: string }, what: string, source: string): void {
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`vis: ${source}`);
    expect(r.stderr).toContain(` has a character an HTTP header cannot carry: ${what}\n`);
    expect(r.stderr).toContain('smart quotes, zero-width or non-breaking spaces');
    expect(r.stderr).not.toContain('S3cret');
  }

  it.each(cases)('VIS_API_KEY with %s', async (_name, key, what) => {
    const s = await serve((_req, res) => sendJson(res, 200, OK));
    const r = await runInProcess(['topics'], envFor(s, { VIS_API_KEY: key }));
    expectRefused(r, what, 'the API key from VIS_API_KEY');
    expect(s.requests).toHaveLength(0);
  });

  it.each(cases)('a saved profile key with %s', async (_name, key, what) => {
    const s = await serve((_req, res) => sendJson(res, 200, OK));
    const config = mkdtempSync(join(tmpdir(), 'vis-hardening-'));
    writeFileSync(join(config, 'config.json'), JSON.stringify({ profile: 'default', profiles: { default: { api_key: key } } }), { mode: 0o600 });
    const r = await runInProcess(['topics'], envFor(s, { VIS_API_KEY: undefined, VIS_CONFIG_DIR: config }));
    expectRefused(r, what, 'the API key from profile "default"');
    expect(s.requests).toHaveLength(0);
  });

  it.each(cases)('`vis auth login` given a key with %s', async (_name, key, what) => {
    const s = await serve((_req, res) => sendJson(res, 200, { data: { reads: 1 }, meta: {} }));
    const r = await runInProcess(['auth', 'login', '--base-url', s.baseUrl], { env: { VIS_API_KEY: undefined }, io: { stdin: `${key}\n` } });
    expectRefused(r, what, 'the API key given');
    expect(s.requests).toHaveLength(0);
  });
});
