/**
 * `vis report` against a server whose answers have other shapes than the sandbox's: every
 * path the report reads answers with a shape of its own (renamed lists, string ids, 0-1
 * shares, unknown fields, nested objects, a list where an object was, a figure as text).
 * The built vis must write the report whole and exit 0: every section present, in order,
 * what it does not understand shown as a plain table in place with every value as sent.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTION_ENDPOINTS } from '../../src/cli/commands/report/plan.js';
import { REPORT_SECTIONS } from '../../src/domain/report.js';
import { endpointById } from '../../src/endpoints.js';
import { cleanEnv, runVis, sendJson, startTestServer, type Recorded, type TestServer } from './helpers.js';

const META = { api_version: 'v1', brand: { id: 'acme-1', name: 'Acme Tools' }, market: { code: 'US-en', label: 'United States' } };

/** Each path's answer, and a value of it the report must show. */
const ANSWERS: Record<string, { data: unknown; shows: string[] }> = {
  '/overview': {
    data: { summary: { visibility: 0.41, sov: 0.12 }, brand_ref: 'acme-1', window: { start: '2026-10-28' } },
    shows: ['summary.visibility', '0.41'],
  },
  '/visibility': { data: { score: 0.33, history: { weeks: [{ start: '2026-11-02', v: 0.3 }] } }, shows: ['history.weeks.0.start', '2026-11-02'] },
  '/competitors': { data: { rivals: [{ id: 'r-1', name: 'Yonder', sov: 0.31, extra: { tier: 'gold' } }] }, shows: ['Yonder', '0.31', 'extra.tier', 'gold'] },
  '/topics': { data: { items: [{ id: 't-3', label: 'Pricing', score: 0.62 }] }, shows: ['Pricing', '0.62', 't-3'] },
  '/prompts': {
    data: { prompts: [{ prompt: 'Best CRM for a small team?', engines: [{ engine: 'chatgpt', verdict: 'cited' }] }] },
    shows: ['Best CRM for a small team?', 'cited'],
  },
  '/brand-perception': { data: [{ engine: 'chatgpt', tone: 0.7 }], shows: ['chatgpt', 'tone', '0.7'] },
  '/pages': { data: { pages: [{ url: 'https://acme.example/pricing', citations: '3 this week' }] }, shows: ['https://acme.example/pricing', '3 this week'] },
  '/content-gaps': {
    data: { gaps: [{ prompt: 'Which CRM for agencies?', action: { kind: 'write' } }] },
    shows: ['Which CRM for agencies?', 'action.kind', 'write'],
  },
  '/technical': { data: { checks: [{ code: 'llms-txt', passed: false }], readiness: '71/100' }, shows: ['llms-txt', '71/100'] },
  '/tasks': { data: { tasks: [{ id: 't-1', title: 'Write the pricing page', impact: 'high' }] }, shows: ['Write the pricing page', 'high'] },
};

/** Answers of the shapes the views draw, with fields the server added inside their records. */
const KNOWN_WITH_EXTRAS: Record<string, { data: unknown; shows: string[] }> = {
  '/topics': {
    data: { topics: [{ id: 't-3', name: 'Pricing', visibility: 41, sentiment: { tone: 'warm <i>' } }] },
    shows: ['Other fields of each record in topics', 'sentiment.tone', 'warm &lt;i&gt;', 'Pricing'],
  },
  '/tasks': {
    data: {
      open_counts: { content: 1 },
      tasks: [{ id: 7, title: 'Write the pricing page', layer: 'content', priority: 'high', status: 'todo', impact: 5, owner: 'Dana' }],
    },
    shows: ['Other fields of each record in tasks', 'owner', 'Dana', 'Write the pricing page'],
  },
};

let answers = ANSWERS;
let server: TestServer;

function handler(req: Recorded, res: import('node:http').ServerResponse): void {
  if (req.path === '/brands') {
    return sendJson(res, 200, {
      data: { brands: [{ id: 'acme-1', name: 'Acme Tools', markets: [{ code: 'US-en', label: 'United States' }] }] },
      meta: { api_version: 'v1' },
    });
  }
  if (req.path === '/usage')
    return sendJson(res, 200, { data: { reads_used: 3, reads_limit: 10000, resets_at: '2026-12-01T00:00:00Z' }, meta: { api_version: 'v1' } });
  const answer = answers[req.path];
  if (answer === undefined) return sendJson(res, 404, { error: { code: 'not_found', message: `no ${req.path}` } });
  sendJson(res, 200, { data: answer.data, meta: META });
}

beforeAll(async () => {
  server = await startTestServer(handler);
});
afterAll(async () => {
  await server.close();
});

describe('the report on answers of shapes vis has not seen', () => {
  it('every section is there, in order; each unknown answer a plain table with its values; exit 0', async () => {
    const env = cleanEnv({ VIS_API_KEY: 'vis_live_0123456789abcdef0123', VIS_BASE_URL: server.baseUrl, VIS_CACHE: 'off' });
    const file = join(mkdtempSync(join(tmpdir(), 'vis-report-shapes-')), 'report.html');
    const r = await runVis(['report', '-o', file], { env });
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(file, 'utf8');
    const at = REPORT_SECTIONS.map((id) => html.search(new RegExp(`<section class="section" id="[a-z0-9-]+-${id}">`)));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // Every path the report reads was asked, once.
    expect(server.requests.map((q) => q.path).filter((p) => p in ANSWERS)).toEqual(Object.keys(ANSWERS));
    for (const [path, answer] of Object.entries(ANSWERS)) {
      const section = Object.entries(SECTION_ENDPOINTS).find(([, e]) => endpointById(e).path === path)![0];
      const body = sectionOf(html, section);
      expect(body, path).toContain('Shown as a plain table');
      for (const s of answer.shows) expect(body, path).toContain(s);
    }
    expect(sectionOf(html, 'changes')).not.toBe('');
    expect(html).not.toContain('Could not be read');
  });

  it('a record of a known shape with fields the server added shows them under its section', async () => {
    answers = KNOWN_WITH_EXTRAS;
    try {
      const env = cleanEnv({ VIS_API_KEY: 'vis_live_0123456789abcdef0123', VIS_BASE_URL: server.baseUrl, VIS_CACHE: 'off' });
      const file = join(mkdtempSync(join(tmpdir(), 'vis-report-shapes-')), 'report.html');
      const r = await runVis(['report', '-o', file], { env });
      const html = readFileSync(file, 'utf8');
      for (const [path, answer] of Object.entries(KNOWN_WITH_EXTRAS)) {
        const section = Object.entries(SECTION_ENDPOINTS).find(([, e]) => endpointById(e).path === path)![0];
        const body = sectionOf(html, section);
        expect(body, path).not.toContain('Shown as a plain table');
        for (const s of answer.shows) expect(body, path).toContain(s);
      }
      // The other paths answer 404 here: said in place, the exit code the read's.
      expect(r.code, r.stderr).not.toBe(0);
    } finally {
      answers = ANSWERS;
    }
  });
});

function sectionOf(page: string, id: string): string {
  const m = new RegExp(`<section class="section" id="[a-z0-9-]+-${id}">([\\s\\S]*?)</section>`).exec(page);
  if (m === null) throw new Error(`no section ${id}`);
  return m[1]!;
}
