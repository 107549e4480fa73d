/**
 * `vis changes` against a server whose answers have other shapes than the sandbox's (the
 * reference shows none beyond its entities, and a real server's will differ): two days of
 * `vis changes --fetch --exit-code` through the built vis, the second day with a score
 * down, an item gone, an item new, a text changed, a figure moved under the threshold and
 * every "when" field moved. The generic comparison must report exactly the first four,
 * each with its path, and say nothing of the rest.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, runVis, sendJson, startTestServer, type Recorded, type TestServer } from './helpers.js';

let today = '2026-11-21';
let server: TestServer;

const META = { api_version: 'v1', brand: { id: 'acme-1', name: 'Acme Tools' }, market: { code: 'US-en', label: 'United States' } };

/** The answers of each path on each of the two days: shapes of their own, nothing like the sandbox's. */
function body(path: string, day2: boolean): unknown {
  const when = { measured_at: `${today}T03:30:00Z`, window: { start: '2026-11-01', end: today } };
  switch (path) {
    case '/visibility':
      return { data: { summary: { visibility: day2 ? 0.33 : 0.41, trend: 'flat' }, ...when }, meta: META };
    case '/topics':
      return {
        data: {
          items: [
            { id: 't-3', label: 'Pricing', score: day2 ? 50 : 62, updated_at: `${today}T04:00:00Z` },
            { id: 't-4', label: 'Security', score: day2 ? 42 : 40, updated_at: `${today}T04:00:00Z` },
            ...(day2 ? [{ id: 't-9', label: 'Migration', score: 12, updated_at: `${today}T04:00:00Z` }] : []),
          ],
          ...when,
        },
        meta: META,
      };
    case '/competitors':
      return { data: { rivals: [{ name: 'Yonder', sov: 0.31 }, ...(day2 ? [] : [{ name: 'Zeta', sov: 0.2 }])], ...when }, meta: META };
    case '/prompts':
      return {
        data: { questions: [{ text: 'Best CRM for a small team?', by_engine: [{ engine: 'chatgpt', verdict: day2 ? 'ignored' : 'cited' }] }], ...when },
        meta: META,
      };
    case '/pages':
      return { data: { urls: [{ url: 'https://acme.example/pricing', hits: 3 }], ...when }, meta: META };
    case '/technical':
      return { data: { checks: [{ code: 'llms-txt', passed: true }], ...when }, meta: META };
    default:
      return undefined;
  }
}

function handler(req: Recorded, res: ServerResponse): void {
  const { path } = req;
  const headers = { date: new Date(`${today}T10:00:00Z`).toUTCString() };
  if (path === '/brands')
    return sendJson(
      res,
      200,
      { data: { brands: [{ id: 'acme-1', name: 'Acme Tools', markets: [{ code: 'US-en', label: 'United States' }] }] }, meta: { api_version: 'v1' } },
      headers,
    );
  if (path === '/usage')
    return sendJson(res, 200, { data: { reads_used: 3, reads_limit: 10000, resets_at: '2026-12-01T00:00:00Z' }, meta: { api_version: 'v1' } }, headers);
  const b = body(path, today !== '2026-11-21');
  if (b === undefined) return sendJson(res, 404, { error: { code: 'not_found', message: `no ${path}` } }, headers);
  sendJson(res, 200, b, headers);
}

beforeAll(async () => {
  server = await startTestServer(handler);
});
afterAll(async () => {
  await server.close();
});

describe('changes on answers of shapes vis has not seen', () => {
  it('reports the moved score, the item gone, the item new and the changed text with their paths, nothing else', async () => {
    // The cache off: both days are read on one real day, which the cache would answer from the first read.
    const env = cleanEnv({ VIS_API_KEY: 'vis_live_0123456789abcdef0123', VIS_BASE_URL: server.baseUrl, VIS_CACHE: 'off' });
    today = '2026-11-21';
    const first = await runVis(['changes', '--fetch', '--exit-code', '--format', 'json'], { env });
    expect(first.code, first.stderr).toBe(0);
    today = '2026-11-22';
    const second = await runVis(['changes', '--fetch', '--exit-code', '--format', 'json'], { env });
    expect(second.code, second.stderr).toBe(8);
    const doc = JSON.parse(second.stdout) as { data: { changes: Array<{ kind: string; subject: unknown; before: unknown; after: unknown }> } };
    const seen = doc.data.changes.map((c) => ({ kind: c.kind, subject: String(c.subject), before: c.before, after: c.after }));
    expect(
      seen.every((c) => c.kind === 'other'),
      JSON.stringify(seen),
    ).toBe(true);
    const find = (part: string) => seen.filter((c) => c.subject.includes(part));
    expect(find('summary.visibility')).toEqual([expect.objectContaining({ before: 0.41, after: 0.33 })]);
    expect(find('items[t-3].score')).toEqual([expect.objectContaining({ before: 62, after: 50 })]);
    expect(find('items[t-9]')).toHaveLength(1);
    expect(find('rivals[Zeta]')).toHaveLength(1);
    expect(find('verdict')).toEqual([expect.objectContaining({ before: 'cited', after: 'ignored' })]);
    // Under the threshold, and the "when" fields: never changes.
    expect(find('t-4'), JSON.stringify(seen)).toEqual([]);
    expect(
      seen.filter((c) => /measured_at|updated_at|window/.test(c.subject)),
      JSON.stringify(seen),
    ).toEqual([]);
    expect(seen).toHaveLength(5);
    // The key never reaches the history: not in the output, not in the store file, not in the journal.
    expect(JSON.stringify(doc)).not.toContain('vis_live_0123456789abcdef0123');
    const store = join(`${env.VIS_CONFIG_DIR}-data`, 'history.db');
    expect(statSync(store).size).toBeGreaterThan(0);
    for (const f of [store, ...readdirSync(`${store}.incoming`).map((n) => join(`${store}.incoming`, n))]) {
      expect(readFileSync(f).includes('vis_live_0123456789abcdef0123'), f).toBe(false);
      expect(readFileSync(f).includes('0123456789abcdef0123'), f).toBe(false);
    }
  });
});
