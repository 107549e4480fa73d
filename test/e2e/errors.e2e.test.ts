/**
 * The base URL and key rules as the built bundle applies them: exit 2, a way forward, and
 * no request sent. Every API error code and its exit code run in-process in
 * test/http/api-errors.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, runVis, sendJson, startTestServer, type TestServer } from './helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((_req, res) => sendJson(res, 200, { data: { topics: [] }, meta: {} }));
});
afterAll(() => server.close());

// Bad flags, dates, limits and items (exit 2, nothing sent) are checked in-process, by
// the usage-error table of test/cli/requests.test.ts. What stays here needs the real
// process: the base URL and key rules as the bundle applies them.
describe('bad settings are refused with exit 2 and no request sent', () => {
  it('a plain-http base URL that is not loopback is refused before connecting', async () => {
    const r = await runVis(['usage'], { env: cleanEnv({ VIS_BASE_URL: 'http://localhost.example.com/api/v1', VIS_API_KEY: 'k_abcdefgh' }) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('VIS_BASE_URL uses plain http to localhost.example.com');
  });

  it('no key or no base URL: exit 2 with a way forward', async () => {
    server.requests.length = 0;
    const noKey = await runVis(['topics'], { env: cleanEnv({ VIS_BASE_URL: server.baseUrl }) });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('vis: no API key: set VIS_API_KEY or run vis auth login');
    const noBase = await runVis(['topics'], { env: cleanEnv({ VIS_API_KEY: 'k_abcdefgh' }) });
    expect(noBase.code).toBe(2);
    expect(noBase.stderr).toContain('vis: no API base URL');
    expect(server.requests).toHaveLength(0);
  });
});
