/**
 * Answers nested deeper than vis reads (MAX_NESTING), whole command lines in-process:
 * refused with exit 7 and a message naming the host and the limit, in every format (no
 * stack overflow); an answer exactly at the limit renders; in an export the deep answer
 * fails its file and the others are written. 100,000 levels, where the process itself
 * must live through it, are test/e2e/nesting.e2e.test.ts's.
 */
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NESTING } from '../../src/text/nesting.js';
import { cleanEnv, sendJson, startTestServer, type TestServer } from '../e2e/helpers.js';
import { deepText, envelopeText, sendRaw } from '../support/deep-json.js';
import { runWithEnv } from '../support/run.js';

let server: TestServer;
let host: string;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    if (req.path === '/at-limit') return sendRaw(res, 200, envelopeText(MAX_NESTING));
    if (req.path === '/over-limit') return sendRaw(res, 200, envelopeText(MAX_NESTING + 1));
    if (req.path === '/deep-5000') return sendRaw(res, 200, envelopeText(5_000));
    if (req.path === '/deep-100000') return sendRaw(res, 200, envelopeText(100_000));
    if (req.path === '/openapi.json') return sendRaw(res, 200, deepText(5_000));
    // For the export: /prompts answers too deep, everything else normally.
    if (req.path === '/usage') return sendJson(res, 200, { data: { reads: { used: 10, limit: 1000 } }, meta: {} });
    if (req.path === '/brands') return sendJson(res, 200, { data: { brands: [{ id: 7, name: 'Acme' }] }, meta: {} });
    if (req.path === '/prompts') return sendRaw(res, 200, envelopeText(5_000));
    return sendJson(res, 200, { data: { rows: [{ id: 1, name: 'fine' }] }, meta: { market: { code: 'US-en' } } });
  });
  host = new URL(server.baseUrl).host;
});
afterAll(() => server.close());

const env = () => cleanEnv({ VIS_BASE_URL: server.baseUrl, VIS_API_KEY: 'vis_test_key_abcd', VIS_RATE_LIMIT: '1000000' });
const count = (path: string) => server.requests.filter((r) => r.path === path).length;
const refusal = () => `vis: the answer from ${host} is nested deeper than ${MAX_NESTING} levels [too_deep]`;

describe(`answers nested deeper than ${MAX_NESTING} levels`, () => {
  it.each(['table', 'csv', 'json'])('5,000 levels, --format %s: exit 7 with the limit, sent once, nothing on stdout', async (format) => {
    const before = count('/deep-5000');
    const r = await runWithEnv(['api', '/deep-5000', '--format', format], { env: env() });
    expect(r.stderr).toContain(refusal());
    expect(r.stderr).not.toMatch(/call stack|a bug in vis/);
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
    // A 200 that is too deep would come back the same: not retried.
    expect(count('/deep-5000') - before).toBe(1);
  });

  it('vis openapi (a plain JSON document, not the envelope) is held to the same limit', async () => {
    const r = await runWithEnv(['openapi'], { env: env() });
    expect(r.stderr).toContain(refusal());
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
  });

  it('one level over the limit is refused too', async () => {
    const r = await runWithEnv(['api', '/over-limit', '--format', 'csv'], { env: env() });
    expect(r.stderr).toContain(refusal());
    expect(r.code).toBe(7);
  });

  it.each([
    ['table', 'id\tdeep.k\n1\t[{"k":'],
    ['csv', 'id,deep.k\r\n1,"[{""k"":'],
    ['json', '"data": {'],
  ])(`exactly ${MAX_NESTING} levels, --format %s: rendered, exit 0`, async (format, expected) => {
    const r = await runWithEnv(['api', '/at-limit', '--format', format], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(expected);
    expect(r.stdout).toContain('not a level');
  });
});

describe('vis export with one answer too deep', () => {
  it('that file fails in the manifest, the others are written, and the run exits 7', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-export-deep-'));
    const r = await runWithEnv(['export', '--dir', dir, '--only', 'visibility,prompts,competitors', '-q'], { env: env() });
    expect(r.stderr).not.toMatch(/call stack|a bug in vis/);
    expect(r.code).toBe(7);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
      exit_code: number;
      status: string;
      files: Array<{ endpoint: string; path: string }>;
      failed: Array<{ endpoint: string; code: string; message: string; exit_code: number }>;
    };
    expect(manifest.exit_code).toBe(7);
    expect(manifest.status).toBe('incomplete');
    expect(manifest.failed).toEqual([
      expect.objectContaining({
        endpoint: 'prompts',
        code: 'too_deep',
        exit_code: 7,
        message: `the answer from ${host} is nested deeper than ${MAX_NESTING} levels`,
      }),
    ]);
    expect(manifest.files.map((f) => f.endpoint).sort()).toEqual(['competitors', 'visibility']);
    for (const f of manifest.files) expect(existsSync(join(dir, f.path))).toBe(true);
  });
});
