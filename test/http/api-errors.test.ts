/**
 * Every error code of the API reference reaches its exit code (docs/guide.md, Exit codes), with
 * stdout empty and `vis: <message> [<code>]` on stderr. A small server answers each code;
 * whole command lines run in-process through vis's own transport (runWithEnv).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, sendJson, startTestServer, type TestServer } from '../e2e/helpers.js';
import { FINAL_API_CODES } from '../support/api-codes.js';
import { unusedPort } from '../support/ports.js';
import { runWithEnv } from '../support/run.js';

const CASES: ReadonlyArray<readonly [number, string, number]> = [
  ...FINAL_API_CODES,
  // The code decides over the status; a code that names an Object property is unknown.
  [403, 'invalid_api_key', 3],
  [500, 'toString', 7],
  [503, '__proto__', 7],
  [404, 'constructor', 5],
];

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    if (req.path === '/brands')
      return sendJson(res, 200, {
        data: {
          brands: [
            { id: 1, name: 'Acme' },
            { id: 2, name: 'Globex' },
          ],
        },
        meta: {},
      });
    if (req.path === '/usage') return sendJson(res, 200, { data: { used: 10000, limit: 10000, resets_at: '2026-12-01T00:00:00Z' }, meta: {} });
    const wanted = req.query.find(([k]) => k === 'fail')?.[1] ?? '';
    const c = CASES.find(([, code]) => code === wanted);
    if (c) return sendJson(res, c[0], { error: { code: c[1], message: `server says ${c[1]}` } });
    if (wanted === 'html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html><body>Login</body></html>');
    }
    if (wanted === 'nodata') return sendJson(res, 200, { meta: {} });
    if (wanted === 'redirect') {
      res.writeHead(302, { location: 'https://elsewhere.example/steal' });
      return res.end();
    }
    return sendJson(res, 200, { data: { topics: [] }, meta: {} });
  });
});
afterAll(() => server.close());

const env = () => cleanEnv({ VIS_BASE_URL: server.baseUrl, VIS_API_KEY: 'vis_test_key_abcd' });

describe('API errors -> exit codes', () => {
  it.each(CASES)('%i %s exits %i with stdout empty', async (status, code, exit) => {
    const r = await runWithEnv(['topics', '--param', `fail=${code}`], { env: env() });
    expect(r.code).toBe(exit);
    expect(r.stdout).toBe('');
    // brand_required is said in the CLI's words once the brands are known (test/services/hints.test.ts).
    expect(r.stderr.split('\n')[0]).toBe(
      code === 'brand_required' ? 'vis: This account has 2 brands and the command names none [brand_required]' : `vis: server says ${code} [${code}]`,
    );
  });

  it('brand_required lists the brands from the free GET /brands', async () => {
    const r = await runWithEnv(['topics', '--param', 'fail=brand_required'], { env: env() });
    expect(r.stderr).toContain('Brands: 1 Acme, 2 Globex');
  });

  it('quota_exceeded says when the budget resets, from the free GET /usage', async () => {
    const r = await runWithEnv(['topics', '--param', 'fail=quota_exceeded'], { env: env() });
    expect(r.stderr).toContain('It resets 2026-12-01 00:00 UTC.');
  });

  it('a body that is not the envelope exits 7 with the status and an excerpt', async () => {
    const r = await runWithEnv(['topics', '--param', 'fail=html'], { env: env() });
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('vis: the server answered HTTP 200 with a body that is not JSON: <html><body>Login</body></html> [invalid_envelope]');
    const r2 = await runWithEnv(['topics', '--param', 'fail=nodata'], { env: env() });
    expect(r2.code).toBe(7);
    expect(r2.stderr).toContain('JSON that is not the API envelope');
  });

  it('redirects are not followed', async () => {
    const before = server.requests.length;
    const r = await runWithEnv(['topics', '--param', 'fail=redirect'], { env: env() });
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('HTTP 302 (a redirect to https://elsewhere.example/steal)');
    expect(server.requests.length).toBe(before + 1);
  });

  it('a refused connection exits 7', async () => {
    const port = await unusedPort();
    const r = await runWithEnv(['usage'], { env: cleanEnv({ VIS_BASE_URL: `http://127.0.0.1:${port}/api/v1`, VIS_API_KEY: 'k_abcdefgh' }) });
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
    const said = `vis: could not connect to 127.0.0.1:${port}: connection refused [connection_refused]`;
    expect(r.stderr.slice(0, said.length)).toBe(said);
    // A way forward: where the address comes from, the proxy, and the check that tries it.
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(
      'Check VIS_BASE_URL (or --base-url) and the proxy variables (HTTPS_PROXY, NO_PROXY), then run vis auth status.',
    );
  });
});
