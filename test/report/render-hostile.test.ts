/**
 * Hostile text from the server comes out of the report inert. Every string of a Growth
 * account's real answers (names, questions, answers, titles, URLs, states, error messages,
 * the plan's words) is made hostile: script and event-handler markup, `</style>`, quotes
 * that would close an attribute, bidi overrides and control characters, and every URL a
 * `javascript:`, `data:` or credential-carrying one in turn. The page is then read with a
 * tokenizer, as a browser would split it: no script element, no event attribute, no href
 * but http(s) and the report's own anchors, no tag but the report's own, no raw bidi or
 * control character. (That a browser runs nothing is checked in a real Chromium apart.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPORT_SECTIONS, type ReportModel, type ScopeReport, type SectionResult } from '../../src/domain/report.js';
import { renderReport } from '../../src/report/render.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { openSandbox } from '../sandbox/helpers.js';
import { FakeCharts } from './fake-charts.js';
import { decode, tags, texts, tokenize } from './html-tokens.js';
import { sandboxModel } from './sandbox-model.js';

const HOSTILE = [
  '<script>window.__pwned=1</script>',
  '<img src=x onerror=alert(1)>',
  '</style><script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  "'><iframe src=javascript:alert(1)>",
  '\u202Eevil\u202C',
  '\u2066iso\u2069',
  'bell\x07esc\x1b[31mred\x1b]8;;https://evil.example\x07link\x9b',
  '<!--',
  ']]><![CDATA[',
];

const URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.domain)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'https://user:pw@evil.example/',
  'https://evil.example/"><script>alert(1)</script>',
  'vbscript:msgbox(1)',
];

/** Keys whose values the report's own logic reads as words of its own (the news of a change). */
const KEEP = new Set(['news', 'move']);

function hostileCopy(value: unknown, counter: { n: number }, key = ''): unknown {
  if (typeof value === 'string') {
    const n = counter.n++;
    if (/url|^subject$/.test(key) || /^https?:/.test(value)) return URLS[n % URLS.length];
    if (KEEP.has(key)) return value;
    return `${value}${HOSTILE[n % HOSTILE.length]}`;
  }
  if (Array.isArray(value)) return value.map((v) => hostileCopy(v, counter, key));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hostileCopy(v, counter, k)]));
  }
  return value;
}

function hostileScope(scope: ScopeReport, counter: { n: number }): ScopeReport {
  const sections = {} as Record<(typeof REPORT_SECTIONS)[number], SectionResult>;
  for (const id of REPORT_SECTIONS) {
    const s = scope.sections[id];
    sections[id] = s.kind === 'data' ? { kind: 'data', data: hostileCopy(s.data, counter), meta: s.meta } : (hostileCopy(s, counter) as SectionResult);
  }
  return {
    ...scope,
    brand: { id: scope.brand.id, name: `${scope.brand.name}${HOSTILE[counter.n++ % HOSTILE.length]}` },
    market: scope.market === null ? null : { code: `${scope.market.code}${HOSTILE[0]}`, label: `${scope.market.label}${HOSTILE[3]}` },
    plan: `Growth${HOSTILE[1]}`,
    sections,
  };
}

/** The tags the report writes, and the SVG ones its charts may hold. */
const REPORT_TAGS = new Set([
  'html',
  'head',
  'meta',
  'title',
  'style',
  'body',
  'header',
  'footer',
  'section',
  'div',
  'span',
  'h1',
  'h2',
  'h3',
  'h4',
  'p',
  'a',
  'img',
  'br',
  'strong',
  'code',
  'table',
  'caption',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'figure',
  'figcaption',
  'svg',
  'g',
  'text',
]);

let sandbox: Sandbox;
let model: ReportModel;
/** Rendered in each test rather than once before them, so each test counts for the code it checks. */
let page: string;

beforeAll(async () => {
  sandbox = await openSandbox();
  const growth = await sandboxModel(sandbox, 'vis_demo_growth', { maxScopes: 2 });
  const monitor = await sandboxModel(sandbox, 'vis_demo_monitor');
  const counter = { n: 0 };
  const failed: SectionResult = { kind: 'failed', code: `server_error${HOSTILE[0]}`, message: `boom${HOSTILE[2]}`, exitCode: 5 };
  const none: SectionResult = { kind: 'none', why: `nothing${HOSTILE[3]}` };
  const scopes = [...growth.scopes, ...monitor.scopes].map((s) => hostileScope(s, counter));
  scopes.push({
    ...scopes[0]!,
    sections: { ...scopes[0]!.sections, pages: failed, changes: none, topics: { kind: 'data', data: hostileCopy({ odd: [{ a: 'x' }] }, counter), meta: null } },
  });
  model = { ...growth, look: { ...growth.look, title: `Report${HOSTILE[0]}` }, scopes };
});

beforeEach(async () => {
  page = await renderReport(model, new FakeCharts());
});

afterAll(async () => {
  await sandbox.close();
});

describe('hostile API text is inert in the report', () => {
  it('the model really is hostile: every kind of payload went in', () => {
    const json = JSON.stringify(model);
    for (const h of [...HOSTILE, ...URLS]) expect(json).toContain(JSON.stringify(h).slice(1, -1));
  });

  it('no script element, no tag but the report’s own, and no stray "<"', () => {
    const tokens = tokenize(page);
    expect(page).not.toMatch(/<script/i);
    expect(tokens.filter((t) => t.kind === 'stray')).toEqual([]);
    const unknown = tags(tokens).filter((t) => !REPORT_TAGS.has(t.name));
    expect(unknown.map((t) => t.raw)).toEqual([]);
  });

  it('no event-handler attribute, and attributes only of the report’s own names', () => {
    const names = new Set(tags(tokenize(page)).flatMap((t) => t.attrs.map((a) => a.name)));
    expect([...names].filter((n) => n.startsWith('on'))).toEqual([]);
    const allowed = new Set([
      'lang',
      'charset',
      'http-equiv',
      'content',
      'name',
      'class',
      'id',
      'href',
      'rel',
      'src',
      'alt',
      'scope',
      'data-label',
      'role',
      'aria-label',
      'title',
      'xmlns',
      'width',
      'height',
      'viewbox',
      'x',
      'y',
    ]);
    expect([...names].filter((n) => !allowed.has(n))).toEqual([]);
  });

  it('every href is an http(s) URL or one of the report’s own anchors; none javascript:, data: or with credentials', () => {
    const all = tags(tokenize(page));
    const ids = new Set(all.flatMap((t) => t.attrs.filter((a) => a.name === 'id').map((a) => a.value)));
    const hrefs = all.flatMap((t) => t.attrs.filter((a) => a.name === 'href').map((a) => decode(a.value ?? '')));
    expect(hrefs.length).toBeGreaterThan(10);
    for (const href of hrefs) {
      if (href.startsWith('#')) {
        expect(href).toMatch(/^#[a-z0-9-]+$/);
        expect(ids.has(href.slice(1))).toBe(true);
        continue;
      }
      const url = new URL(href);
      expect(['http:', 'https:']).toContain(url.protocol);
      expect(url.username + url.password).toBe('');
      expect(href).not.toMatch(/["'<>\s]/);
    }
    expect(hrefs.some((h) => /javascript:|data:|vbscript:/i.test(h))).toBe(false);
  });

  it('the hostile URLs still show, as text', () => {
    const shown = texts(tokenize(page)).map((t) => t.text);
    for (const u of ['javascript:alert(1)', 'JaVaScRiPt:alert(document.domain)', 'data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;', 'vbscript:msgbox(1)'])
      expect(
        shown.some((t) => t.includes(u)),
        u,
      ).toBe(true);
  });

  it('no "<" or ">" from API text in any text of the page; the style and title hold none', () => {
    for (const t of texts(tokenize(page))) {
      if (t.rawIn === 'style') expect(t.text).not.toMatch(/<|url\(|@import/);
      else expect(t.text, t.text.slice(0, 80)).not.toMatch(/[<>]/);
    }
    expect(page).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('&quot;&gt;&lt;svg onload=alert(1)&gt;');
    expect(page).toContain('&lt;/style&gt;');
  });

  it('no raw bidi, control or invisible character anywhere: they show as escapes', () => {
    expect(page).not.toMatch(/[\u202a-\u202e\u2066-\u2069\x00-\x08\x0b-\x1f\x7f-\x9f\u200b\ufeff]/);
    expect(page).toContain('\\u202eevil\\u202c');
    expect(page).toContain('bell\\x07esc');
  });

  it('every attribute value is quoted, so none can run on into another', () => {
    for (const t of tags(tokenize(page))) {
      for (const a of t.attrs) if (a.value !== null) expect(t.raw, t.raw).toContain(`${a.name === 'viewbox' ? 'viewBox' : a.name}="`);
    }
  });

  it('the CSP is there still, and the page is one self-contained file', () => {
    expect(page).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:">`,
    );
    for (const t of tags(tokenize(page))) for (const a of t.attrs) if (a.name === 'src') expect(a.value).toMatch(/^data:image\//);
  });

  it('every section of every scope is still there, hostile shapes included', () => {
    const ids = [...page.matchAll(/<section class="section" id="([a-z0-9-]+)">/g)].map((m) => m[1]!);
    expect(ids).toHaveLength(model.scopes.length * REPORT_SECTIONS.length);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
