/**
 * Answers nested deeper than vis reads (MAX_NESTING), through the built CLI: refused with
 * exit 7 and a message naming the host and the limit, in every format and quickly (no
 * stack overflow, no quadratic indentation); an answer exactly at the limit renders; in
 * an export the deep answer fails its file and the others are written.
 */
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NESTING } from '../../src/text/nesting.js';
import { cleanEnv, runVis, sendJson, startTestServer, type TestServer } from './helpers.js';

/** JSON text `levels` objects and arrays deep, alternating, with a string full of brackets at the bottom. */
function deepText(levels: number): string {
  let open = '';
  let close = '';
  for (let i = 0; i < levels; i++) {
    open += i % 2 === 0 ? '{"k":' : '[';
    close = (i % 2 === 0 ? '}' : ']') + close;
  }
  return `${open}"[{ \\" not a level"${close}`;
}

/** An envelope `levels` deep in all: {"data": {"rows": [{"id": 1, "deep": ...}]}} is 4 of them. */
const envelopeText = (levels: number) => `{"data":{"rows":[{"id":1,"deep":${deepText(levels - 4)}}]},"meta":{}}`;

function sendRaw(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(text);
}

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
    const r = await runVis(['api', '/deep-5000', '--format', format], { env: env() });
    expect(r.stderr).toContain(refusal());
    expect(r.stderr).not.toMatch(/call stack|a bug in vis/);
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
    // A 200 that is too deep would come back the same: not retried.
    expect(count('/deep-5000') - before).toBe(1);
  });

  it('100,000 levels with --format json: exit 7 (no quadratic indentation, no running out of memory)', async () => {
    const r = await runVis(['api', '/deep-100000', '--format', 'json'], { env: env() });
    expect(r.signal).toBeNull();
    expect(r.stderr).toContain(refusal());
    expect(r.code).toBe(7);
  });

  it('vis openapi (a plain JSON document, not the envelope) is held to the same limit', async () => {
    const r = await runVis(['openapi'], { env: env() });
    expect(r.stderr).toContain(refusal());
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
  });

  it('one level over the limit is refused too', async () => {
    const r = await runVis(['api', '/over-limit', '--format', 'csv'], { env: env() });
    expect(r.stderr).toContain(refusal());
    expect(r.code).toBe(7);
  });

  it.each([
    ['table', 'id\tdeep.k\n1\t[{"k":'],
    ['csv', 'id,deep.k\r\n1,"[{""k"":'],
    ['json', '"data": {'],
  ])(`exactly ${MAX_NESTING} levels, --format %s: rendered, exit 0`, async (format, expected) => {
    const r = await runVis(['api', '/at-limit', '--format', format], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(expected);
    expect(r.stdout).toContain('not a level');
  });
});

describe('vis export with one answer too deep', () => {
  it('that file fails in the manifest, the others are written, and the run exits 7', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-export-deep-'));
    const r = await runVis(['export', '--dir', dir, '--only', 'visibility,prompts,competitors', '-q'], { env: env() });
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
