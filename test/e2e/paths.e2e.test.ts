/**
 * Item arguments and `vis api` paths never leave the base URL's path (docs/guide.md, Design
 * notes): the built vis, spawned against a loopback server that records the raw
 * request target of everything it receives. A refused path exits 2 and sends nothing,
 * not even the brand lookup.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanEnv, runVis, sendJson } from './helpers.js';

let received: string[] = [];
let baseUrl = '';
const server = createServer((req, res) => {
  const target = req.url ?? '';
  received.push(target);
  const path = target.split('?')[0]!;
  if (path === '/api/v1/usage') return sendJson(res, 200, { data: { reads: { used: 1, limit: 1000 } }, meta: {} });
  if (path === '/api/v1/brands') return sendJson(res, 200, { data: { brands: [{ id: 7, name: 'Acme' }] }, meta: {} });
  if (path === '/api/v1/competitors') {
    return sendJson(res, 200, { data: { competitors: [{ name: '..' }, { name: '.' }, { name: 'Globex CRM' }] }, meta: {} });
  }
  return sendJson(res, 200, { data: { rows: [{ ok: 1 }] }, meta: {} });
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  received = [];
});

const env = () => cleanEnv({ VIS_BASE_URL: baseUrl, VIS_API_KEY: 'vis_test_key_abcd', VIS_RATE_LIMIT: '1000000' });

// Refused item arguments and `vis api` paths (exit 2, nothing sent) and the encoding of
// ordinary names are checked in-process, by test/cli/requests.test.ts. Here: the raw
// request target the built vis puts on the wire, and export.
describe('paths that once reached the server, through the real transport: exit 2, nothing sent', () => {
  // The full table of spellings runs in-process (test/cli/requests.test.ts); these four
  // are the ones that reached the server on 100498c, kept here because the bug lived in
  // the URL parser on the real send path, which no fake transport exercises.
  it.each([
    [['api', '/%2e%2e/%2e%2e/admin'], /^vis: <path> must not contain "\." or "\.\." segments, in any spelling/m],
    [['api', '/topics\\..\\..\\..\\x'], /^vis: <path> must not contain "\." or "\.\." segments/],
    [['competitors', '..'], /^vis: <name> of vis competitors must not be empty, "\." or "\.\."/m],
    [['topics', '.'], /^vis: <id> of vis topics must not be empty, "\." or "\.\."/m],
  ])('vis %j', async (args, message) => {
    const r = await runVis(args, { env: env() });
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
    expect(received).toEqual([]);
  });
});

describe('the request target on the wire', () => {
  it('vis api sends the path as typed, under the base URL', async () => {
    const r = await runVis(['api', 'topics/crm%20software?days=7', '--format', 'json'], { env: env() });
    expect(r.code).toBe(0);
    expect(received).toEqual(['/api/v1/topics/crm%20software?days=7']);
  });
});

describe('vis export', () => {
  it('does not request an item the list names "." or "..": those fail, the rest are exported', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-paths-export-'));
    const r = await runVis(['export', '--dir', dir, '--only', 'competitors.get', '-q'], { env: env() });
    expect(received.filter((t) => t.startsWith('/api/v1/competitors/'))).toEqual(['/api/v1/competitors/Globex%20CRM?brand_id=7']);
    expect(received.every((t) => /^\/api\/v1\/(usage|brands|competitors)[/?]?/.test(t))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { failed: Array<{ item: string; code: string; message: string }> };
    expect(manifest.failed.map((f) => [f.item, f.code])).toEqual([
      ['..', 'unexpected_shape'],
      ['.', 'unexpected_shape'],
    ]);
    expect(manifest.failed[0]!.message).toContain('the competitors.get item must not be empty, "." or ".." (in any spelling)');
    expect(r.code).toBe(7);
  });
});
