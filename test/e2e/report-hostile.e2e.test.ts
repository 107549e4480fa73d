/**
 * A hostile server, through vis (in-process), into a real headless Chromium: a loopback
 * server answers every read of `vis report` with the sandbox's own answers, every text in
 * them (brand, topic and competitor names, questions, answers, titles, perception, tasks,
 * the account and plan words, an error message) carrying script and event-handler markup,
 * `</style>`, a quote that would close an attribute, bidi overrides and C0/C1 controls, and
 * every URL a `javascript:`, `data:` or otherwise broken one in turn. The report is made,
 * and in Chromium nothing of it runs (the marker any of it would set stays unset), no
 * element carries an event handler, every link is http(s) or the report's own anchor,
 * nothing is fetched and nothing is logged, not even a CSP refusal: nothing was injected for
 * the policy to refuse. The hostile text is on the page, as text.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTION_ENDPOINTS } from '../../src/cli/commands/report/plan.js';
import { REPORT_SECTIONS } from '../../src/domain/report.js';
import { endpointById } from '../../src/endpoints.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { browserSkipReason, openInChromium, pageSurface, type OpenedPage } from '../report/browser.js';
import { fakeClock } from '../support/context.js';
import { runWithEnv } from '../support/run.js';
import { cleanEnv, sendJson, startTestServer, type TestServer } from './helpers.js';

const skip = browserSkipReason() !== undefined;

const MARKUP = [
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '</style><script>window.__pwned=1</script>',
  '"><svg onload=window.__pwned=1>',
  '\'><iframe src="javascript:window.__pwned=1"></iframe>',
];
/** Bidi overrides and isolates, C0 and C1 controls, line and paragraph separators. */
const CONTROLS = [
  '\u202Eevil\u202C',
  '\u2066iso\u2069',
  'bell\x07esc\x1b[31mred\x1b]8;;https://evil.example\x07link\x1b]8;;\x07',
  'csi\x9b2J nel\x85',
  'nul\x00del\x7f',
  'ls\u2028ps\u2029',
];
const URLS = [
  'javascript:window.__pwned=1',
  'JaVaScRiPt:window.__pwned=1',
  ' javascript:window.__pwned=1',
  'data:text/html,<script>window.__pwned=1</script>',
  'https://user:pw@evil.example/',
  'https://evil.example/"><script>window.__pwned=1</script>',
  'https://safe.example/page?a=1&b="2"',
];

/** Raw characters a report must never carry: controls but tab and newline, bidi controls, separators. */
const RAW_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

/** What vis needs to reach the data: ids, market codes, dates, the plan's key. Everything else is text. */
const KEPT_KEYS = new Set(['id', 'brand_id', 'primary_market', 'markets', 'plan', 'api_version', 'resets_at']);
const DATE = /^\d{4}-\d{2}-\d{2}/;

/**
 * `value` with every string made hostile: markup and controls appended in turn (so each
 * sort of text meets each payload somewhere), a URL replaced by a hostile one. With
 * `words`, lower-case words (states, engines, priorities) are kept, so the designed views
 * draw the hostile names instead of falling back to a plain table.
 */
function hostile(value: unknown, o: { n: number; words: boolean }, key = ''): unknown {
  if (typeof value === 'string') {
    if (KEPT_KEYS.has(key) || DATE.test(value)) return value;
    if (o.words && /^[a-z][a-z_]*$/.test(value)) return value;
    const n = o.n++;
    if (/url|link|href|domain/i.test(key) || /^https?:/.test(value)) return URLS[n % URLS.length];
    return `${value} ${MARKUP[n % MARKUP.length]} ${CONTROLS[n % CONTROLS.length]}`;
  }
  if (Array.isArray(value)) return value.map((v) => hostile(v, o, key));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hostile(v, o, k)]));
  return value;
}

/** The sections vis reads from the server (`changes` is the history's). */
const READ_PATHS = REPORT_SECTIONS.filter((id) => id !== 'changes').map((id) => endpointById(SECTION_ENDPOINTS[id]).path);

describe.skipIf(skip)('vis report of a hostile server, in Chromium', { timeout: 180_000 }, () => {
  let sandbox: Sandbox;
  const servers: TestServer[] = [];
  let opened: OpenedPage | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ quiet: true, rateLimitPerMinute: 1_000_000 });
  });
  afterAll(async () => {
    await opened?.close();
    for (const s of servers) await s.close();
    await sandbox.close();
  });

  /** A server that answers as the sandbox does, every text made hostile; `failing` answers 404 with a hostile message. */
  async function hostileServer(o: { words: boolean; failing?: string }): Promise<TestServer> {
    const counter = { n: 0, words: o.words };
    const server = await startTestServer((req, res) => {
      if (req.path === o.failing) {
        return sendJson(res, 404, { error: { code: 'not_found', message: `no such thing ${MARKUP[0]} ${MARKUP[3]} ${CONTROLS[0]} ${CONTROLS[2]}` } });
      }
      const query = new URLSearchParams(req.query).toString();
      fetch(`${sandbox.baseUrl}${req.path}${query ? `?${query}` : ''}`, { headers: { authorization: String(req.headers.authorization) } })
        .then(async (upstream) => sendJson(res, upstream.status, hostile(await upstream.json(), counter)))
        .catch((err: unknown) => sendJson(res, 500, { error: { code: 'proxy', message: String(err) } }));
    });
    servers.push(server);
    return server;
  }

  async function reportOf(server: TestServer, expectedCode: number): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'vis-report-hostile-'));
    const file = join(dir, 'hostile.html');
    const env = cleanEnv({ VIS_BASE_URL: server.baseUrl, VIS_API_KEY: 'vis_demo_growth', VIS_RATE_LIMIT: '1000000' });
    const r = await runWithEnv(['report', '-o', file], { env, clock: fakeClock(Date.now()) });
    expect(r.code, r.stderr).toBe(expectedCode);
    expect(r.stderr).not.toMatch(RAW_CONTROLS);
    // Every section was asked of the hostile server: what follows checks its answers.
    for (const path of READ_PATHS) expect(server.requests.map((q) => q.path)).toContain(path);
    return file;
  }

  async function expectInert(file: string): Promise<{ text: string; heading: string }> {
    const raw = readFileSync(file, 'utf8');
    expect(raw).not.toMatch(RAW_CONTROLS);
    expect(raw).not.toMatch(/<(script|iframe|img)\b/i);
    opened = await openInChromium({ file }, { width: 1280 });
    expect(await opened.evaluate(() => typeof (globalThis as { __pwned?: unknown }).__pwned)).toBe('undefined');
    const surface = await pageSurface(opened);
    expect(surface.scripts).toBe(0);
    expect(surface.handlers).toEqual([]);
    expect(surface.otherUrls).toEqual([]);
    expect(surface.csp).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:");
    for (const href of surface.links) expect(href).toMatch(/^(https?:\/\/[^\s"<>]+|#[a-z0-9-]+)$/);
    expect(surface.links.filter((h) => /javascript:|data:|@/i.test(h))).toEqual([]);
    // Nothing was injected, so the policy had nothing to refuse: not even a CSP report.
    expect(opened.consoleErrors).toEqual([]);
    expect(opened.requests.filter((u) => !u.startsWith('data:'))).toEqual([]);
    const { text, heading } = await opened.evaluate(() => {
      const d = (globalThis as any).document;
      return { text: d.body.innerText as string, heading: d.querySelector('section.scope h2').textContent as string };
    });
    for (const markup of MARKUP) expect(text).toContain(markup);
    expect(text).toContain('\\u202e');
    expect(text).toContain('javascript:window.__pwned=1');
    await opened.close();
    opened = undefined;
    return { text, heading };
  }

  it('names, questions, answers, titles, perception, tasks and URLs (the API’s own words kept): drawn as text, nothing runs, nothing is fetched, exit 0', async () => {
    const server = await hostileServer({ words: true });
    const file = await reportOf(server, 0);
    const { heading } = await expectInert(file);
    // The designed views drew it: the hostile brand name heads its section, the safe link is a link.
    expect(MARKUP.some((m) => heading.startsWith(`Northwind CRM ${m} `))).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain('href="https://safe.example/page?a=1&amp;b=%222%22"');
  });

  it('every string hostile (states and engines too) and a section that fails with a hostile message: the same, exit 5 for the failure, the file written', async () => {
    const server = await hostileServer({ words: false, failing: '/technical' });
    const file = await reportOf(server, 5);
    const { text } = await expectInert(file);
    expect(text).toMatch(/Could not be read: not_found no such thing <script>window.__pwned=1<\/script>/);
  });
});
