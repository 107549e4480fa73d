/**
 * Hostile text from a server, through the built CLI: json escapes what could drive a
 * terminal, table and error output never carry raw controls, csv guards formulas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, runVis, sendJson, startTestServer, type TestServer } from './helpers.js';

const HOSTILE = 'Acme\u001b]0;pwned\u0007\u001b[31m red\u202e evil\u2028line\u009b2J';
const FORMULA = '=HYPERLINK("http://x","click")';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    if (req.path === '/fail') return sendJson(res, 404, { error: { code: 'not_found', message: `no topic ${HOSTILE}` } });
    return sendJson(res, 200, {
      data: { topics: [{ id: 't1', name: HOSTILE, note: FORMULA, visibility: -3.5 }] },
      meta: { brand: { id: 1, name: HOSTILE } },
    });
  });
});
afterAll(() => server.close());

const env = () => cleanEnv({ VIS_BASE_URL: server.baseUrl, VIS_API_KEY: 'vis_test_key_abcd' });
const RAW_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

describe('hostile server text', () => {
  it('json: terminal-driving characters become \\u escapes, and jq reads back the same values', async () => {
    const r = await runVis(['topics', '--format', 'json'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/[\u007f-\u009f\u202a-\u202e\u2028\u2029]/);
    expect(r.stdout).toContain('\\u202e');
    expect(r.stdout).toContain('\\u2028');
    expect(JSON.parse(r.stdout).data.topics[0].name).toBe(HOSTILE);
  });

  it('table (piped): no raw control reaches stdout', async () => {
    const r = await runVis(['topics'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(RAW_CONTROLS);
    expect(r.stdout).toContain('red');
  });

  it('csv: formula cells are guarded, numbers stay numbers', async () => {
    const r = await runVis(['topics', '--format', 'csv'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`"'=HYPERLINK(""http://x"",""click"")"`);
    // visibility is a column the schema knows, so it comes before the unknown `note`.
    expect(r.stdout).toContain(',-3.5,"\'=HYPERLINK');
  });

  it('error messages from the server are sanitised on stderr', async () => {
    const r = await runVis(['api', '/fail'], { env: env() });
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(RAW_CONTROLS);
    expect(r.stderr).toMatch(/^vis: no topic Acme.*\[not_found\]/);
  });
});
