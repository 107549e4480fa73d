/**
 * The report's HTML (src/report/render.ts) from models built of the sandbox's real answers:
 * one file that needs nothing else (no script, a CSP, no URL but data: and links), every
 * section in order for a Growth account, the plan notes in place for a Monitor one, a page
 * comparing several scopes, what the report does not know as plain tables, and the locale,
 * the paper and the agency's look.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_CHART_WIDTH, REPORT_SECTIONS, type ChartKit, type ReportModel, type ScopeReport, type SectionResult } from '../../src/domain/report.js';
import { CSP, planNote, renderReport } from '../../src/report/render.js';
import { SECTION_VIEWS } from '../../src/report/sections/index.js';
import { ANSWER_STATES, engineNames, prose, TONE_COLOURS, urlCell, type RecordFields } from '../../src/report/sections/kit.js';
import { reasonWords } from '../../src/report/sections/changes.js';
import { formatsFor } from '../../src/report/format.js';
import { reportStyle } from '../../src/report/style.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { openSandbox } from '../sandbox/helpers.js';
import { FakeCharts } from './fake-charts.js';
import { tags, texts, tokenize } from './html-tokens.js';
import { sandboxModel } from './sandbox-model.js';

let sandbox: Sandbox;
let growth: ReportModel;
let monitor: ReportModel;

beforeAll(async () => {
  sandbox = await openSandbox();
  growth = await sandboxModel(sandbox, 'vis_demo_growth');
  monitor = await sandboxModel(sandbox, 'vis_demo_monitor');
});

afterAll(async () => {
  await sandbox.close();
});

function oneScope(model: ReportModel, i = 0): ReportModel {
  return { ...model, scopes: [model.scopes[i]!] };
}

function withSection(model: ReportModel, id: (typeof REPORT_SECTIONS)[number], result: SectionResult): ReportModel {
  const scope = model.scopes[0]!;
  return { ...model, scopes: [{ ...scope, sections: { ...scope.sections, [id]: result } }] };
}

/** The HTML of one section of the first scope. */
function sectionOf(page: string, id: string): string {
  const m = new RegExp(`<section class="section" id="[a-z0-9-]+-${id}">([\\s\\S]*?)</section>`).exec(page);
  if (m === null) throw new Error(`no section ${id}`);
  return m[1]!;
}

function plain(fragment: string): string {
  return fragment
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('one self-contained file', () => {
  it('opens with the doctype, charset, the exact CSP, the viewport and the title; no script at all', async () => {
    const page = await renderReport(oneScope(growth), new FakeCharts());
    expect(page.startsWith('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n')).toBe(true);
    expect(CSP).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:");
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="${CSP}">`);
    expect(page.match(/Content-Security-Policy/g)).toHaveLength(1);
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    // One client's file names the client in its tab and its PDF's Title; the cover keeps the report's title.
    expect(page).toContain('<title>AI visibility report: Northwind CRM</title>');
    expect(page).toContain('<h1>AI visibility report</h1>');
    expect(page).not.toMatch(/<script/i);
    expect(page.indexOf('Content-Security-Policy')).toBeLessThan(page.indexOf('<style>'));
  });

  it('names the colour emoji fonts last in its font stack, so an emoji in API text shows where the machine has one', async () => {
    const page = await renderReport(oneScope(growth), new FakeCharts());
    const style = texts(tokenize(page)).find((t) => t.rawIn === 'style')!.text;
    const stack = /--font: ([^;]*);/.exec(style)![1]!;
    expect(stack).toMatch(/sans-serif,\s*"Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji"$/);
  });

  it('Topics and Cited pages name the period of their figures, so they are not read against What changed’s recorded days', async () => {
    const page = await renderReport(oneScope(growth), new FakeCharts());
    expect(plain(sectionOf(page, 'topics'))).toMatch(/Over \w{3} \d+, \d{4} – \w{3} \d+, \d{4} \(\d+ days\); each change against the same days before\./);
    expect(plain(sectionOf(page, 'pages'))).toMatch(/Citations over \w{3} \d+, \d{4} – \w{3} \d+, \d{4} \(\d+ days\); before: \w{3} \d+, \d{4} – /);
  });

  it('Content gaps speaks of the answers to each question, so a page no answer there cited is not read against Cited pages’ counts', async () => {
    const gaps = plain(sectionOf(await renderReport(oneScope(growth), new FakeCharts()), 'content-gaps'));
    expect(gaps).toContain('Each reason counts the answers to its own question; Cited pages counts every answer.');
    expect(gaps).toMatch(/covers it, but (only \d+ of the \d+|no) answers? to this question/);
    expect(gaps).not.toMatch(/no answer in the last \d+ days cited it/);
  });

  it('a phone (600 px or less) shows each table as cards: every cell carries its column’s label, shown before its value', async () => {
    const page = await renderReport(oneScope(growth), new FakeCharts());
    const tables = [...page.matchAll(/<div class="table(?: grid)?"><table>([\s\S]*?)<\/table><\/div>/g)].map((m) => m[1]!);
    expect(tables.length).toBeGreaterThan(5);
    for (const t of tables) {
      const heads = [...t.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
      for (const row of t.matchAll(/<tr>(<td[\s\S]*?)<\/tr>/g)) {
        const labels = [...row[1]!.matchAll(/<td(?: class="num")? data-label="([^"]*)">/g)].map((m) => m[1]);
        expect(labels).toEqual(heads.slice(0, labels.length));
        expect(labels.length).toBe((row[1]!.match(/<td/g) ?? []).length);
      }
    }
    const style = texts(tokenize(page)).find((t) => t.rawIn === 'style')!.text;
    const phone = /@media screen and \(max-width: 600px\) \{([\s\S]*?)\n\}/.exec(style)![1]!;
    expect(phone).toContain('.table:not(.grid) table, .table:not(.grid) tbody { display: block;');
    expect(phone).toContain('.table:not(.grid) tr { display: flex; flex-wrap: wrap;');
    expect(phone).toContain('content: attr(data-label)');
  });

  it('on a phone a grid of marks or counts stays a table (its heads upright); text-heavy tables are cards', async () => {
    const page = await renderReport(oneScope(growth), new FakeCharts());
    const grids = [...page.matchAll(/<div class="table grid"><table><thead><tr>([\s\S]*?)<\/tr><\/thead>/g)].map((m) =>
      [...m[1]!.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((h) => h[1]),
    );
    // The buyer questions' counts per engine and state, and each question's mark per engine.
    expect(grids).toEqual([
      ['Engine', 'recommended', 'mentioned', 'absent', 'open', 'no answer'],
      ['Question', 'ChatGPT', 'Perplexity', 'Gemini', 'Claude', 'Copilot'],
    ]);
    const style = texts(tokenize(page)).find((t) => t.rawIn === 'style')!.text;
    const phone = /@media screen and \(max-width: 600px\) \{([\s\S]*?)\n\}/.exec(style)![1]!;
    expect(phone).toContain('.table.grid th:not(:first-child) { writing-mode: vertical-rl;');
    // Every card in one order, however long its first cell: that cell on a line of its own, the figures under it.
    expect(phone).toContain('.table:not(.grid) td:first-child { flex-basis: 100%; }');
  });

  it('each chart is drawn twice: for the page, and as wide as a phone’s screen, shown only there', async () => {
    const charts = new FakeCharts();
    const page = await renderReport(oneScope(growth), charts);
    expect(charts.phoneCalls.map((c) => c.title)).toEqual(charts.calls.map((c) => c.title));
    expect(charts.phoneWidths).toEqual(charts.calls.map(() => PHONE_CHART_WIDTH));
    const figures = [...page.matchAll(/<figure class="chart">([\s\S]*?)<\/figure>/g)].map((m) => m[1]!);
    expect(figures.length).toBe(charts.calls.length);
    for (const f of figures)
      expect(f).toMatch(
        /^<div class="svg wide" role="img" aria-label="[^"]+"><svg[\s\S]*<\/svg><\/div><div class="svg phone" role="img" aria-label="[^"]+"><svg/,
      );
    const style = texts(tokenize(page)).find((t) => t.rawIn === 'style')!.text;
    expect(style).toContain('figure.chart .svg.phone { display: none; }');
    const phone = /@media screen and \(max-width: 600px\) \{([\s\S]*?)\n\}/.exec(style)![1]!;
    expect(phone).toContain('figure.chart .svg.wide { display: none; }');
    expect(phone).toContain('figure.chart .svg.phone { display: block; }');
  });

  it('fetches nothing: no src but data:, no url() or @import, links only http(s) and its own anchors', async () => {
    const model = { ...growth, look: { ...growth.look, logo: { mime: 'image/png' as const, bytes: new Uint8Array([137, 80, 78, 71]) } } };
    const page = await renderReport(model, new FakeCharts());
    const all = tags(tokenize(page));
    const ids = new Set(all.flatMap((t) => t.attrs.filter((a) => a.name === 'id').map((a) => a.value)));
    for (const t of all) {
      for (const a of t.attrs) {
        if (a.name === 'src') expect(a.value).toMatch(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/);
        if (a.name === 'href') {
          if (a.value!.startsWith('#')) expect(ids.has(a.value!.slice(1)), a.value!).toBe(true);
          else expect(a.value).toMatch(/^https?:\/\//);
        }
      }
    }
    expect(all.some((t) => t.name === 'img')).toBe(true);
    expect(all.filter((t) => t.name === 'link' || t.name === 'iframe' || t.name === 'object' || t.name === 'embed' || t.name === 'base')).toEqual([]);
    const style = texts(tokenize(page)).find((t) => t.rawIn === 'style')!.text;
    expect(style).not.toMatch(/url\(|@import|http/i);
    expect(style).toMatch(/font-family|--font: system-ui/);
    // Every http URL in the page is a link's target or the text of one: none is fetched.
    const outside = page.replace(/<a href="https?:[^"]*"[^>]*>[^<]*<\/a>/g, '').replace(/<svg[\s\S]*?<\/svg>/g, '');
    for (const t of tags(tokenize(outside))) for (const a of t.attrs) expect(a.value ?? '').not.toMatch(/https?:/);
  });

  it('is made of well-formed tags only: no stray "<" anywhere', async () => {
    const page = await renderReport(growth, new FakeCharts());
    expect(tokenize(page).filter((t) => t.kind === 'stray')).toEqual([]);
  });
});

describe('a Growth account: every section, in order, each drawn by its view', () => {
  it('each scope holds the sections of REPORT_SECTIONS in order, none a note', async () => {
    const page = await renderReport(oneScope(growth), new FakeCharts());
    const found = [...page.matchAll(/<section class="section" id="northwind-crm-us-en-([a-z-]+)">/g)].map((m) => m[1]);
    expect(found).toEqual([...REPORT_SECTIONS]);
    for (const id of REPORT_SECTIONS) {
      const body = sectionOf(page, id);
      expect(body, id).toContain(`<h3>${SECTION_VIEWS[id].title}</h3>`);
      expect(body, id).not.toMatch(/class="note (plan|failed|none)"|Shown as a plain table/);
    }
  });

  it('the heading names the brand, market, period, plan and when the data was read', async () => {
    const page = await renderReport(oneScope(growth), new FakeCharts());
    const header = /<section class="scope first" id="northwind-crm-us-en">\n<header>([\s\S]*?)<\/header>/.exec(page)![1]!;
    expect(plain(header)).toBe(
      'Northwind CRM United States (English) (US-en) Feb 13, 2025 – Mar 14, 2025 (30 days) Growth plan Data read Mar 14, 2025, 11:00 AM UTC',
    );
  });

  it('the headline figures come from the overview: score and change, share of voice, AI readiness, AI visits', async () => {
    const page = await renderReport(oneScope(growth), new FakeCharts());
    const overview = growth.scopes[0]!.sections.headline as { data: any };
    const d = overview.data;
    const text = plain(sectionOf(page, 'headline'));
    expect(text).toContain(`Visibility score ${d.visibility.score}`);
    expect(text).toContain(`Share of voice ${d.share_of_voice.value.toFixed(1)}%`);
    expect(text).toContain(`AI readiness ${d.readiness_score}`);
    expect(text).toContain(`AI visits ${d.ai_traffic.ai_visits.toLocaleString('en-US')}`);
  });

  it('each figure says the window it covers: the headline its period, the trend its latest week, share of voice its window', async () => {
    const page = await renderReport(oneScope(growth), new FakeCharts());
    const sections = growth.scopes[0]!.sections as Record<string, { data: any }>;
    const day = (d: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
    const span = (w: { from: string; to: string; days: number }) => `${day(w.from)} – ${day(w.to)} (${w.days} days)`;
    const period = sections.headline!.data.period;
    expect(plain(sectionOf(page, 'headline'))).toContain(`Over ${span(period)}; each change is over the same days.`);
    const trend = plain(sectionOf(page, 'trend'));
    const window = sections.trend!.data.window;
    expect(trend).toContain(`Latest ${window.days} days, ${span(window).replace(/ \(\d+ days\)$/, '')}: ${sections.trend!.data.score}`);
    expect(trend).toContain(`against the ${window.days} days before`);
    expect(trend).not.toMatch(/\bNow\b/);
    expect(plain(sectionOf(page, 'share-of-voice'))).toContain(`Over ${span(sections['share-of-voice']!.data.window)}.`);
    expect(plain(sectionOf(page, 'questions'))).toContain(`Over ${span(sections.questions!.data.window)}.`);
    expect(page).not.toMatch(/over the last \d+ days/);
  });

  it('without a window in the answer, the headline says the report’s period and the trend its latest week', async () => {
    const scope = growth.scopes[0]!;
    const headline = { ...(scope.sections.headline as { data: any }).data, period: undefined };
    const trend = { ...(scope.sections.trend as { data: any }).data, window: 'last week' };
    const model = withSection(withSection(oneScope(growth), 'headline', { kind: 'data', data: headline, meta: null }), 'trend', {
      kind: 'data',
      data: trend,
      meta: null,
    });
    const page = await renderReport(model, new FakeCharts());
    const { from, to, days } = growth.period;
    const day = (d: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
    expect(plain(sectionOf(page, 'headline'))).toContain(`Over ${day(from)} – ${day(to)} (${days} days)`);
    expect(plain(sectionOf(page, 'trend'))).toContain(`Latest week: ${trend.score}`);
    expect(plain(sectionOf(page, 'trend'))).toContain('against the week before');
    const dayless = withSection(model, 'trend', { kind: 'data', data: { ...trend, window: { from: '2026-11-20', to: '2026-11-26' } }, meta: null });
    const text = plain(sectionOf(await renderReport(dayless, new FakeCharts()), 'trend'));
    expect(text).toContain(`Latest, Nov 20, 2026 – Nov 26, 2026: ${trend.score}`);
    expect(text).toContain('against the same length of time before');
    const oneDay = withSection(model, 'trend', { kind: 'data', data: { ...trend, window: { from: '2026-11-26', to: '2026-11-26', days: 1 } }, meta: null });
    expect(plain(sectionOf(await renderReport(oneDay, new FakeCharts()), 'trend'))).toContain('Latest 1 day, Nov 26, 2026 – Nov 26, 2026');
  });

  it('draws the trend, share of voice, topics and questions through the ChartKit, each with its text alternative', async () => {
    const charts = new FakeCharts();
    const page = await renderReport(oneScope(growth), charts);
    expect(charts.calls.map((c) => `${c.kind}:${c.title}`)).toEqual([
      'trend:Visibility score',
      'bars:Share of voice',
      'bars:Visibility per topic',
      'stacked:Buyer questions by engine and state',
    ]);
    const trend = charts.calls[0]!;
    expect(trend.kind === 'trend' && trend.points).toEqual(growth.scopes[0]!.trend);
    const bars = charts.calls[1]!;
    expect(bars.kind === 'bars' && bars.values.filter((v) => v.own === true).map((v) => v.label)).toEqual(['Northwind CRM']);
    expect(bars.kind === 'bars' && bars.accent).toBe('#3355cc');
    expect(page.match(/<figure class="chart"><div class="svg wide" role="img" aria-label="[^"]+"><svg /g)).toHaveLength(4);
    expect(page.match(/<figcaption>/g)).toHaveLength(4);
  });

  it('buyer questions: each engine’s count of each state, known states best first', async () => {
    const charts = new FakeCharts();
    await renderReport(oneScope(growth), charts);
    const stacked = charts.calls.find((c) => c.kind === 'stacked')!;
    if (stacked.kind !== 'stacked') throw new Error('not stacked');
    expect(stacked.order).toEqual(['recommended', 'mentioned', 'absent', 'open', 'no answer']);
    const prompts = (growth.scopes[0]!.sections.questions as { data: any }).data.prompts as any[];
    // Engines are named by the labels perception gives them; states in words.
    const perception = (growth.scopes[0]!.sections.perception as { data: any }).data.engines as Array<{ engine: string; label: string }>;
    const idOf = new Map(perception.map((e) => [e.label, e.engine]));
    for (const s of stacked.stacks) {
      const id = idOf.get(s.label)!;
      for (const part of s.parts)
        expect(part.value, `${s.label} ${part.part}`).toBe(prompts.filter((p) => p.engines[id]?.state?.replace(/_/g, ' ') === part.part).length);
      expect(s.parts.reduce((a, p) => a + p.value, 0)).toBe(prompts.length);
    }
    expect(stacked.stacks.map((s) => idOf.get(s.label))).toEqual(Object.keys(prompts[0].engines));
  });
});

describe('a Monitor account: the plan notes in place, the rest drawn', () => {
  it('perception and tasks say "Needs Pro or Growth" where they stand; AI visits are not in the plan', async () => {
    const page = await renderReport(monitor, new FakeCharts());
    const found = [
      ...page.matchAll(
        /<section class="section" id="[a-z0-9-]+?-(headline|trend|share-of-voice|topics|questions|perception|pages|content-gaps|technical|tasks|changes)">/g,
      ),
    ].map((m) => m[1]);
    expect(found).toEqual([...REPORT_SECTIONS]);
    for (const id of ['perception', 'tasks'] as const) expect(sectionOf(page, id)).toContain('<p class="note plan">Needs Pro or Growth</p>');
    for (const id of REPORT_SECTIONS.filter((s) => s !== 'perception' && s !== 'tasks')) expect(sectionOf(page, id), id).not.toContain('note plan');
    expect(plain(sectionOf(page, 'headline'))).toContain('AI visits not in this plan');
  });

  it('the plan note reads the same whether the model names the plans or says the whole sentence', () => {
    expect(planNote('Pro or Growth')).toBe('Needs Pro or Growth');
    expect(planNote('needs Pro or Growth')).toBe('Needs Pro or Growth');
    expect(planNote('  Needs  Growth')).toBe('Needs Growth');
    expect(planNote('Growth (needs an upgrade)')).toBe('Needs Growth (needs an upgrade)');
  });
});

describe('several scopes: a first page comparing them', () => {
  it('lists every brand × market with score, change and share of voice, linking to its section', async () => {
    const page = await renderReport(growth, new FakeCharts());
    const compare = /<section class="compare" id="compare">([\s\S]*?)<\/section>/.exec(page)![1]!;
    const rows = [...compare.matchAll(/<tr><td data-label="Brand"><a href="#([a-z0-9-]+)">([^<]+)<\/a><\/td><td data-label="Market">([^<]+)<\/td>/g)].map(
      (m) => [m[1], m[2], m[3]],
    );
    expect(rows).toEqual(
      growth.scopes.map((s) => [`northwind-crm-${s.market!.code.toLowerCase()}`, 'Northwind CRM', `${s.market!.label} (${s.market!.code})`]),
    );
    for (const [anchor] of rows) expect(page).toContain(`<section class="scope" id="${anchor}">`);
    for (const s of growth.scopes) {
      const d = (s.sections.headline as { data: any }).data;
      expect(plain(compare)).toContain(`${s.market!.code}) ${d.visibility.score} `);
      expect(plain(compare)).toContain(`${d.share_of_voice.value.toFixed(1)}%`);
    }
    expect(page.indexOf('id="compare"')).toBeLessThan(page.indexOf('class="scope'));
  });

  it('a scope whose overview was not read shows that in the comparison, not a number', async () => {
    const model = {
      ...growth,
      scopes: [{ ...growth.scopes[0]!, sections: { ...growth.scopes[0]!.sections, headline: { kind: 'plan', needs: 'Growth' } as const } }, growth.scopes[1]!],
    };
    const page = await renderReport(model, new FakeCharts());
    const compare = /<section class="compare" id="compare">([\s\S]*?)<\/section>/.exec(page)![1]!;
    expect(compare.split('<tr>')[2]).toContain('not read');
    expect(compare.split('<tr>')[3]).not.toContain('not read');
  });

  it('the page comparing scopes is the shared table, so a phone shows its rows as cards, each cell labelled', async () => {
    const compare = /<section class="compare" id="compare">([\s\S]*?)<\/section>/.exec(await renderReport(growth, new FakeCharts()))![1]!;
    expect(compare).toContain('<div class="table"><table>');
    expect(compare).toMatch(/<td data-label="Brand"><a href="#/);
    expect(compare).toContain('<td class="num" data-label="Share of voice">');
  });

  it('one brand’s markets are compared as markets; several brands as brands', async () => {
    expect(await renderReport(growth, new FakeCharts())).toContain('<h2>Every market at a glance</h2>');
    const other = { ...growth.scopes[1]!, brand: { id: '999', name: 'Other Brand' } };
    expect(await renderReport({ ...growth, scopes: [growth.scopes[0]!, other] }, new FakeCharts())).toContain('<h2>Every brand at a glance</h2>');
  });

  it('a file of several brands (--combined) is titled and marked as the agency’s internal overview; a client’s is not', async () => {
    const page = await renderReport({ ...growth, internal: true }, new FakeCharts());
    expect(page).toContain('<title>AI visibility report: internal overview</title>');
    expect(page).toContain('<h1>AI visibility report: internal overview</h1>');
    expect(page).toContain('for the agency’s own use');
    const client = await renderReport(growth, new FakeCharts());
    expect(client).not.toContain('internal overview');
    expect(client).not.toContain('agency’s own use');
  });

  it('one scope has no comparison page and no page break before it', async () => {
    const page = await renderReport(oneScope(growth), new FakeCharts());
    expect(page).not.toContain('id="compare"');
    expect(page).toContain('<section class="scope first"');
  });
});

describe('sections that hold no answer say why, in place', () => {
  it('a failed read shows its code and message, escaped', async () => {
    const model = withSection(oneScope(growth), 'pages', { kind: 'failed', code: 'server_error', message: 'GET /pages answered 500 <oops>', exitCode: 5 });
    const body = sectionOf(await renderReport(model, new FakeCharts()), 'pages');
    expect(body).toContain('<p class="note failed">Could not be read: <code>server_error</code> GET /pages answered 500 &lt;oops&gt;</p>');
  });

  it('nothing to show says why', async () => {
    const model = withSection(oneScope(growth), 'changes', { kind: 'none', why: 'No day recorded before this period yet.' });
    expect(sectionOf(await renderReport(model, new FakeCharts()), 'changes')).toContain('<p class="note none">No day recorded before this period yet.</p>');
  });
});

describe('what the report does not know is shown, never dropped', () => {
  it.each(REPORT_SECTIONS.map((id) => [id]))('%s: an answer of another shape is a plain table in place', async (id) => {
    const data = {
      results: [
        { key: `${id}-row-1`, visibility_pct: 0.41, nested: { deep: 'kept' } },
        { key: `${id}-row-2`, visibility_pct: 0.33 },
      ],
      note: 'as sent',
    };
    const model = withSection(oneScope(growth), id, { kind: 'data', data, meta: null });
    const body = sectionOf(await renderReport(model, new FakeCharts()), id);
    expect(body).toContain('Shown as a plain table');
    for (const s of [`${id}-row-1`, `${id}-row-2`, '0.41', '0.33', 'nested.deep', 'kept', 'visibility_pct', 'note', 'as sent']) expect(body).toContain(s);
  });

  it.each([
    ['an array', [{ a: 1 }, { a: 2 }], ['<th scope="col">a</th>', '<td>2</td>']],
    ['a scalar', 'just text <b>', ['value', 'just text &lt;b&gt;']],
    ['null', null, ['No rows']],
    ['an empty object', {}, ['no fields']],
    ['one record of several arrays', { a: [1, 2], b: [{ x: 1 }] }, ['<td>a</td><td>1; 2</td>', 'b.0.x']],
  ])('%s is shown as it is', async (_, data, expected) => {
    const model = withSection(oneScope(growth), 'topics', { kind: 'data', data, meta: null });
    // The cells' column labels (for a phone's cards) aside: what is shown is the question here.
    const body = sectionOf(await renderReport(model, new FakeCharts()), 'topics').replace(/ data-label="[^"]*"/g, '');
    for (const s of expected) expect(body).toContain(s);
  });

  // Shapes a real server may send and the sandbox never does: renamed lists, string ids,
  // 0-1 shares, a figure as text or as an object, a list where an object was, an object
  // where a list was. A view that would draw such an answer without the figure it cannot
  // read leaves it to the plain table, where every value shows as sent.
  it.each<[string, (typeof REPORT_SECTIONS)[number], unknown, string[]]>([
    ['headline, renamed', 'headline', { summary: { visibility: 0.41, sov: 0.12 }, brand_id: 'acme-1' }, ['summary.visibility', '0.41', 'acme-1']],
    ['headline, a score as text', 'headline', { visibility: { score: '28.8', change: -5.5 }, share_of_voice: { value: 13 } }, ['visibility.score', '28.8']],
    [
      'headline, a share as an object',
      'headline',
      { visibility: { score: 28 }, share_of_voice: { value: { pct: 0.13 } } },
      ['share_of_voice.value.pct', '0.13'],
    ],
    [
      'trend, weeks in an object',
      'trend',
      { score: 0.33, history: { weeks: [{ start: '2026-11-02', v: 0.3 }] } },
      ['0.33', 'history.weeks.0.start', '2026-11-02'],
    ],
    ['trend, a week’s score as text', 'trend', { score: 33, history: [{ week_start: '2026-11-02', score: '31.5' }] }, ['week_start', '31.5']],
    ['share of voice, rivals[]', 'share-of-voice', { rivals: [{ name: 'Yonder', sov: 0.31 }] }, ['Yonder', 'sov', '0.31']],
    [
      'share of voice, nested share',
      'share-of-voice',
      { competitors: [{ name: 'Yonder', share_of_voice: { pct: 31 } }] },
      ['Yonder', 'share_of_voice.pct', '31'],
    ],
    ['topics, items[] with number ids', 'topics', { items: [{ id: 7, label: 'Pricing', score: 0.62 }] }, ['Pricing', 'label', '0.62']],
    ['topics, visibility as text', 'topics', { topics: [{ name: 'Pricing', visibility: '62', rivals: 'Yonder' }] }, ['Pricing', '62', 'Yonder']],
    [
      'questions, engines as a list',
      'questions',
      { prompts: [{ prompt: 'Best CRM?', engines: [{ engine: 'chatgpt', verdict: 'cited' }] }] },
      ['Best CRM?', 'chatgpt', 'cited'],
    ],
    ['perception, a list for an answer', 'perception', [{ engine: 'chatgpt', tone: 0.7 }], ['chatgpt', 'tone', '0.7']],
    ['perception, sentiment as a number', 'perception', { engines: [{ engine: 'chatgpt', sentiment: 0.7, says: 'fine' }] }, ['chatgpt', 'sentiment', '0.7']],
    ['pages, citations as text', 'pages', { pages: [{ url: 'https://acme.example/p', citations: '3 this week' }] }, ['acme.example/p', '3 this week']],
    ['content gaps, an action object', 'content-gaps', { gaps: [{ prompt: 'Which CRM?', action: { kind: 'write' } }] }, ['Which CRM?', 'action.kind', 'write']],
    ['technical, pages as a word', 'technical', { issues: [{ title: 'No llms.txt', affected_pages: 'many', engines: 'all' }] }, ['No llms.txt', 'many', 'all']],
    [
      'tasks, impact as a word',
      'tasks',
      { tasks: [{ id: 't-1', title: 'Write the pricing page', impact: 'high' }] },
      ['t-1', 'Write the pricing page', 'high'],
    ],
  ])('%s: a plain table in place, every value shown', async (_, id, data, expected) => {
    const model = withSection(oneScope(growth), id, { kind: 'data', data, meta: null });
    const body = sectionOf(await renderReport(model, new FakeCharts()), id);
    expect(body).toContain('Shown as a plain table');
    for (const s of expected) expect(body).toContain(s);
  });

  it('a long answer of another shape shows its first 200 rows and counts the rest', async () => {
    const data = { rows: Array.from({ length: 230 }, (_, i) => ({ n: `row-${i}` })), total: 230 };
    const body = sectionOf(await renderReport(withSection(oneScope(growth), 'tasks', { kind: 'data', data, meta: null }), new FakeCharts()), 'tasks');
    expect(body).toContain('row-199');
    expect(body).not.toContain('row-200<');
    expect(body).toContain('And 30 more rows');
    expect(body).toContain('total');
  });

  it('a known answer with fields the view does not know lists them under it', async () => {
    const scope = growth.scopes[0]!;
    const topics = (scope.sections.topics as { data: any }).data;
    const model = withSection(oneScope(growth), 'topics', { kind: 'data', data: { ...topics, forecast: { next_week: 44.1 }, flags: ['beta'] }, meta: null });
    const body = sectionOf(await renderReport(model, new FakeCharts()), 'topics');
    expect(body).not.toContain('Shown as a plain table');
    expect(body).toContain('Other fields in the answer');
    expect(body).toContain('forecast.next_week');
    expect(body).toContain('44.1');
    expect(body).toContain('beta');
    const plainTopics = sectionOf(await renderReport(oneScope(growth), new FakeCharts()), 'topics');
    expect(plainTopics).not.toContain('Other fields');
  });

  // Every list a view draws, at every depth: a field the server added to its first record.
  function withExtraInRecords(
    data: Record<string, unknown>,
    lists: Readonly<Record<string, RecordFields>>,
    id: string,
    found: string[],
    path = '',
  ): Record<string, unknown> {
    const out: Record<string, unknown> = { ...data };
    for (const [k, spec] of Object.entries(lists)) {
      const list = out[k];
      if (!Array.isArray(list) || list.length === 0) continue;
      const at = path === '' ? k : `${path} › ${k}`;
      const first = withExtraInRecords(list[0] as Record<string, unknown>, spec.lists ?? {}, id, found, at);
      found.push(at);
      out[k] = [{ ...first, added_by_server: { deep: `<b>${id} ${at}</b>` } }, ...list.slice(1)];
    }
    return out;
  }

  it.each(REPORT_SECTIONS.filter((id) => Object.keys(SECTION_VIEWS[id].records).length > 0).map((id) => [id]))(
    '%s: a field the server added inside a list’s records is listed under the section, each record named, escaped',
    async (id) => {
      const scope = growth.scopes[0]!;
      const result = scope.sections[id];
      if (result.kind !== 'data') throw new Error(`${id} was not read`);
      const found: string[] = [];
      const data = withExtraInRecords(result.data as Record<string, unknown>, SECTION_VIEWS[id].records, id, found);
      expect(found.length).toBeGreaterThan(0);
      const body = sectionOf(await renderReport(withSection(oneScope(growth), id, { kind: 'data', data, meta: null }), new FakeCharts()), id);
      expect(body).not.toContain('Shown as a plain table');
      for (const at of found) {
        expect(body).toContain(`Other fields of each record in ${at}`);
        expect(body).toContain(`&lt;b&gt;${id} ${at}&lt;/b&gt;`);
      }
      expect(body).toContain('added_by_server.deep');
      expect(body).not.toContain(`<b>${id}`);
      const plainBody = sectionOf(await renderReport(oneScope(growth), new FakeCharts()), id);
      expect(plainBody).not.toContain('Other fields');
    },
  );

  it('a record with other fields is named by its own name field; records without any are not listed', async () => {
    const data = {
      topics: [
        { id: 't1', name: 'CRM pricing', visibility: 40, sentiment_score: 0.7, sources: ['g2.com', 'capterra.com'] },
        { id: 't2', name: 'Security', visibility: 20 },
      ],
      forecast: 44.1,
    };
    const body = sectionOf(await renderReport(withSection(oneScope(growth), 'topics', { kind: 'data', data, meta: null }), new FakeCharts()), 'topics');
    const other = body.slice(body.indexOf('Other fields of each record in topics'));
    expect(plain(other)).toContain('name sentiment_score sources CRM pricing 0.7 g2.com; capterra.com');
    expect(plain(other)).not.toContain('Security');
    // The records' table, then the answer's own other fields, each a block of its own.
    expect(body).toContain('</div>\n<div class="other"><p class="small muted">Other fields in the answer</p>');
  });

  it('an answer its view cannot draw is shown as a table rather than sinking the report', async () => {
    const charts: ChartKit = {
      ...new FakeCharts(),
      trend: async () => ({ svg: '<svg></svg>', alt: 'x' }),
      bars: async () => ({ svg: '<svg></svg>', alt: 'x' }),
      stacked: async () => ({ svg: '<svg></svg>', alt: 'x' }),
    };
    const view = SECTION_VIEWS.tasks;
    const saved = view.render;
    view.render = async () => {
      throw new Error('boom');
    };
    try {
      const body = sectionOf(await renderReport(oneScope(growth), charts), 'tasks');
      expect(body).toContain('Shown as a plain table');
      expect(body).toContain('Get Northwind CRM reviewed on capterra.com');
    } finally {
      view.render = saved;
    }
  });
});

describe('shares sent as 0–1 fractions or as 0–100 percentages read the same', () => {
  // The same figures at both scales: 31% is 0.31 or 31, a change of 2 points 0.02 or 2.
  const headline = (share: number, change: number) => ({
    visibility: { score: 40, change: 1 },
    share_of_voice: { value: share, change },
    readiness_score: 70,
    ai_traffic: null,
  });
  const competitors = (k: number) => ({
    competitors: [
      { name: 'Northwind CRM', is_brand: true, share_of_voice: 0.31 * k, change: 0.02 * k, visibility: 40, mentions: 12, position: 2 },
      { name: 'Pipewell', share_of_voice: 0.45 * k, change: -0.015 * k, visibility: 55, mentions: 20, position: 1 },
    ],
  });
  const topics = (k: number) => ({
    topics: [
      { name: 'CRM pricing', visibility: 40, change: 1, rank: 2, share_of_voice: 0.25 * k, rivals: [] },
      { name: 'Security', visibility: 20, change: 0, rank: 4, share_of_voice: 0.125 * k, rivals: [] },
    ],
  });

  it.each([
    ['0–1', 1],
    ['0–100', 100],
  ])('headline and comparison page, %s', async (_, k) => {
    const model = withSection(oneScope(growth), 'headline', { kind: 'data', data: headline(0.31 * k, 0.02 * k), meta: null });
    const text = plain(sectionOf(await renderReport(model, new FakeCharts()), 'headline'));
    expect(text).toContain('Share of voice 31.0% ▲ 2.0 of brands named');
    const two = { ...model, scopes: [model.scopes[0]!, model.scopes[0]!] };
    const compare = /<section class="compare" id="compare">([\s\S]*?)<\/section>/.exec(await renderReport(two, new FakeCharts()))![1]!;
    expect(plain(compare)).toContain('40.0 ▲ 1.0 31.0%');
  });

  it.each([
    ['0–1', 1],
    ['0–100', 100],
  ])('share of voice: the table and the bars, %s', async (_, k) => {
    const charts = new FakeCharts();
    const model = withSection(oneScope(growth), 'share-of-voice', { kind: 'data', data: competitors(k), meta: null });
    const text = plain(sectionOf(await renderReport(model, charts), 'share-of-voice'));
    expect(text).toContain('Pipewell 45.0% ▼ 1.5 55.0 20 1');
    expect(text).toContain('Northwind CRM you 31.0% ▲ 2.0 40.0 12 2');
    const bars = charts.calls.find((c) => c.kind === 'bars' && c.title === 'Share of voice');
    expect(bars?.kind === 'bars' && bars.values.map((v) => v.value?.toFixed(6))).toEqual(['45.000000', '31.000000']);
  });

  it.each([
    ['0–1', 1],
    ['0–100', 100],
  ])('topics: share of voice per topic, %s', async (_, k) => {
    const model = withSection(oneScope(growth), 'topics', { kind: 'data', data: topics(k), meta: null });
    const text = plain(sectionOf(await renderReport(model, new FakeCharts()), 'topics'));
    expect(text).toContain('Security 20.0 0.0 4 12.5%');
    expect(text).toContain('CRM pricing 40.0 ▲ 1.0 2 25.0%');
  });

  it('a list with one share above 1 is of percentages: its small shares stay as sent', async () => {
    const data = { competitors: [...competitors(1).competitors, { name: 'Ledgerly', share_of_voice: 24 }] };
    const text = plain(
      sectionOf(await renderReport(withSection(oneScope(growth), 'share-of-voice', { kind: 'data', data, meta: null }), new FakeCharts()), 'share-of-voice'),
    );
    expect(text).toContain('Pipewell 0.5%');
    expect(text).toContain('Ledgerly 24.0%');
  });
});

describe('charts', () => {
  it('the topics chart asks for its bars weakest first, and its text alternative says so', async () => {
    const charts = new FakeCharts();
    const asked: unknown[] = [];
    const kit: ChartKit = {
      trend: (p, o) => charts.trend(p, o),
      stacked: (s, o) => charts.stacked(s, o),
      bars: async (values, o) => {
        asked.push(o);
        return charts.bars(values, o);
      },
    };
    await renderReport(oneScope(growth), kit);
    expect(asked).toContainEqual(expect.objectContaining({ title: 'Visibility per topic', order: 'smallest first' }));
    expect(asked).toContainEqual(expect.objectContaining({ title: 'Share of voice' }));
    expect(asked.find((o) => (o as { title: string }).title === 'Share of voice')).not.toHaveProperty('order', 'smallest first');
  });

  it('a drawing that is not inert is left out; its text alternative stays', async () => {
    const charts = new FakeCharts();
    charts.trend = async () => ({ svg: '<svg onload="alert(1)"><script>alert(2)</script></svg>', alt: 'Visibility score: 30 then 31.' });
    const body = sectionOf(await renderReport(oneScope(growth), charts), 'trend');
    expect(body).not.toContain('alert');
    expect(body).toContain('Chart left out');
    expect(body).toContain('<figcaption>Visibility score: 30 then 31.</figcaption>');
  });

  it('a chart that cannot be drawn says so; the section’s table still shows', async () => {
    const charts = new FakeCharts();
    charts.bars = async () => {
      throw new Error('no canvas <here>');
    };
    const body = sectionOf(await renderReport(oneScope(growth), charts), 'share-of-voice');
    expect(body).toContain('The chart could not be drawn (no canvas &lt;here&gt;)');
    expect(body).toContain('Pipewell');
  });

  it('no trend measured: a note, no chart', async () => {
    const scope: ScopeReport = { ...growth.scopes[0]!, trend: [] };
    const vis = (scope.sections.trend as { data: any }).data;
    const model = {
      ...growth,
      scopes: [{ ...scope, sections: { ...scope.sections, trend: { kind: 'data' as const, data: { ...vis, history: [] }, meta: null } } }],
    };
    const charts = new FakeCharts();
    const body = sectionOf(await renderReport(model, charts), 'trend');
    expect(body).toContain('No week measured yet.');
    expect(charts.calls.filter((c) => c.kind === 'trend')).toEqual([]);
  });

  it('weeks the history adds before the API’s are counted apart, so a line longer than vis visibility’s is not read as disagreeing', async () => {
    const scope = growth.scopes[0]!;
    const vis = (scope.sections.trend as { data: any }).data;
    const api = vis.history.map((w: any) => ({ date: w.week_start, value: w.score }));
    const longer: ScopeReport = { ...scope, trend: [{ date: '2000-01-01', value: 30 }, ...api] };
    const body = plain(sectionOf(await renderReport({ ...growth, scopes: [longer] }, new FakeCharts()), 'trend'));
    expect(body).toContain(
      `${api.length + 1} weeks: the ${api.length} weeks the API gives (as vis visibility shows them), and before them 1 week from the history vis records, each its last recorded day’s score.`,
    );
    // The API's weeks alone: nothing to explain.
    const own = plain(sectionOf(await renderReport({ ...growth, scopes: [{ ...scope, trend: api }] }, new FakeCharts()), 'trend'));
    expect(own).not.toContain('from the history');
  });

  it('a model without a trend of its own draws the weeks of the answer', async () => {
    const scope: ScopeReport = { ...growth.scopes[0]!, trend: [] };
    const charts = new FakeCharts();
    await renderReport({ ...growth, scopes: [scope] }, charts);
    const vis = (scope.sections.trend as { data: any }).data;
    const trend = charts.calls.find((c) => c.kind === 'trend')!;
    expect(trend.kind === 'trend' && trend.points).toEqual(vis.history.map((w: any) => ({ date: w.week_start, value: w.score })));
  });
});

describe('the look: locale, paper, accent, title, logo', () => {
  it('numbers and dates follow the locale; the words stay English', async () => {
    const model = { ...oneScope(growth), look: { ...growth.look, locale: 'de-DE' } };
    const page = await renderReport(model, new FakeCharts());
    const d = (growth.scopes[0]!.sections.headline as { data: any }).data;
    expect(plain(sectionOf(page, 'headline'))).toContain(`Share of voice ${d.share_of_voice.value.toFixed(1).replace('.', ',')} %`);
    expect(page).toContain('13.02.2025 – 14.03.2025 (30 days)');
  });

  it('an unknown locale falls back to en-US rather than failing', async () => {
    const page = await renderReport({ ...oneScope(growth), look: { ...growth.look, locale: 'not a locale!' } }, new FakeCharts());
    expect(page).toContain('Feb 13, 2025 – Mar 14, 2025');
  });

  it.each([
    ['a4', 'A4'],
    ['letter', 'letter'],
  ] as const)('paper %s: @page size %s, a break before each scope but the first, none inside a figure', async (paper, size) => {
    const page = await renderReport({ ...growth, look: { ...growth.look, paper } }, new FakeCharts());
    expect(page).toContain(`@page { size: ${size};`);
    expect(page).toMatch(/\.scope \{[^}]*break-before: page;/);
    expect(page).toMatch(/figure, tr, \.card, \.cards, \.note, \.lede \{ break-inside: avoid; \}/);
    expect(page).toMatch(/h3, h4, \.section > p:not\(\.note\), \.legend \{ break-after: avoid; \}/);
  });

  it('the accent colour is the one asked for; a colour that is not #rrggbb is refused', async () => {
    const page = await renderReport({ ...oneScope(growth), look: { ...growth.look, accent: '#AA0055' } }, new FakeCharts());
    expect(page).toContain('--accent: #aa0055;');
    await expect(
      renderReport({ ...oneScope(growth), look: { ...growth.look, accent: 'red;}</style><script>alert(1)</script>' } }, new FakeCharts()),
    ).rejects.toThrow(/#rrggbb/);
  });

  it('the title is the agency’s, escaped; the logo a PNG or JPEG data URL only', async () => {
    const look = { ...growth.look, title: 'Acme & Co <Q1>', logo: { mime: 'image/jpeg' as const, bytes: new Uint8Array([0xff, 0xd8, 0xff]) } };
    const page = await renderReport({ ...oneScope(growth), look }, new FakeCharts());
    expect(page).toContain('<title>Acme &amp; Co &lt;Q1&gt;: Northwind CRM</title>');
    expect(page).toContain('<h1>Acme &amp; Co &lt;Q1&gt;</h1>');
    expect(page).toContain('<img src="data:image/jpeg;base64,/9j/" alt="">');
    const svgLogo = { ...growth.look, logo: { mime: 'image/svg+xml', bytes: new Uint8Array([60]) } } as unknown as ReportModel['look'];
    await expect(renderReport({ ...oneScope(growth), look: svgLogo }, new FakeCharts())).rejects.toThrow(/logo type/);
  });
});

describe('a model lacking a section', () => {
  it('says so in place of the section', async () => {
    const scope = growth.scopes[0]!;
    const { tasks: _, ...rest } = scope.sections;
    const page = await renderReport({ ...growth, scopes: [{ ...scope, sections: rest as ScopeReport['sections'] }] }, new FakeCharts());
    expect(sectionOf(page, 'tasks')).toContain('<p class="note none">Not read for this report.</p>');
  });
});

describe('the client’s language', () => {
  it('each engine has one name throughout: its label where any answer gives one (ChatGPT), never its id beside it', async () => {
    const charts = new FakeCharts();
    const page = await renderReport(oneScope(growth), charts);
    const words = plain(page.replace(/<(style|svg)[\s\S]*?<\/\1>/g, ''));
    expect(words).toContain('ChatGPT');
    expect(words).not.toMatch(/\bchatgpt\b/);
    const stacked = charts.calls.find((c) => c.kind === 'stacked')!;
    expect(stacked.kind === 'stacked' && stacked.stacks.map((s) => s.label)).toContain('ChatGPT');
  });

  it('engineNames: the first label given for an id, anywhere in the answers; the id where none is', () => {
    const name = engineNames([
      { engines: [{ engine: 'chatgpt', label: 'ChatGPT' }] },
      {
        deep: {
          list: [
            { engine: 'gemini', label: 'Gemini' },
            { engine: 'chatgpt', label: 'Other' },
          ],
        },
      },
    ]);
    expect([name('chatgpt'), name('gemini'), name('claude')]).toEqual(['ChatGPT', 'Gemini', 'claude']);
    expect(engineNames([{ engine: 'x', label: ' ' }])('x')).toBe('x');
  });

  it('no raw API words: states in words, quoted text as code without its backticks, the history’s options in plain words', async () => {
    const page = await renderReport(oneScope(growth), new FakeCharts());
    const words = plain(page.replace(/<(style|svg)[\s\S]*?<\/\1>/g, ''));
    expect(words).not.toContain('no_answer');
    expect(words).not.toContain('`');
    expect(prose('Add a `Disallow: /` rule <now>')).toBe('Add a <code>Disallow: /</code> rule &lt;now&gt;');
    expect(reasonWords('recorded with other options on each day (2026-11-01: days=30; 2026-11-22: days=7)')).toBe(
      'the two days were recorded with different settings, so they cannot be compared',
    );
    expect(reasonWords('not recorded on 2026-11-01')).toBe('not recorded on 2026-11-01');
  });

  it('the buyer-questions chart colours each state as the matrix under it does: absent reddest, no answer grey, in the matrix’s order', async () => {
    const charts = new FakeCharts();
    await renderReport(oneScope(growth), charts);
    const stacked = charts.calls.find((c) => c.kind === 'stacked')!;
    if (stacked.kind !== 'stacked') throw new Error('not stacked');
    expect(stacked.order).toEqual(ANSWER_STATES.map((s) => s.state.replace(/_/g, ' ')));
    expect(stacked.colours).toEqual(ANSWER_STATES.map((s) => TONE_COLOURS[s.tone]));
    expect(stacked.colours![stacked.order.indexOf('absent')]).toBe(TONE_COLOURS.bad);
  });

  it('each answer state is one colour in the chart and in the marks under it: the same hue and lightness, `mentioned` the very same blue', () => {
    const css = reportStyle({ accent: '#123456', paper: 'a4' });
    const hsl = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      const d = max - min;
      const hue = d === 0 ? 0 : max === r ? 60 * (((g - b) / d + 6) % 6) : max === g ? 60 * ((b - r) / d + 2) : 60 * ((r - g) / d + 4);
      return { hue, light: (max + min) / 2, grey: d < 0.15 };
    };
    for (const s of ANSWER_STATES) {
      const mark = new RegExp(`--${s.tone}: (#[0-9a-f]{6});`, 'i').exec(css)![1]!;
      const [a, b] = [hsl(mark), hsl(TONE_COLOURS[s.tone])];
      const apart = Math.min(Math.abs(a.hue - b.hue), 360 - Math.abs(a.hue - b.hue));
      expect(a.grey === b.grey && (a.grey || apart <= 30) && Math.abs(a.light - b.light) <= 0.2, `${s.state}: ${mark} beside ${TONE_COLOURS[s.tone]}`).toBe(
        true,
      );
    }
    expect(/--info: (#[0-9a-f]{6});/i.exec(css)![1]!.toLowerCase()).toBe(TONE_COLOURS.info.toLowerCase());
  });

  it('one number style per measure: visibility scores and changes in points with one decimal', async () => {
    const fmt = formatsFor('en-US');
    expect([fmt.score(31), fmt.score(29.14)]).toEqual(['31.0', '29.1']);
    expect(plain(fmt.change(-3, 'points', 'higher'))).toBe('▼ 3.0');
    expect(plain(fmt.change(2.7, 'points', 'higher'))).toBe('▲ 2.7');
    expect(plain(fmt.change(3, 'count', 'higher'))).toBe('▲ 3');
  });

  it('every count says what it counts; tables in a box that scrolls on a phone; a URL in a cell kept on one line', async () => {
    const page = await renderReport(oneScope(growth), new FakeCharts());
    expect(page).toContain('AI cites instead (citations)');
    expect(page).toMatch(/ citations?<\/span>/);
    expect(page.match(/<table>/g)!.length).toBe(page.match(/<div class="table(?: grid)?"><table>/g)!.length);
    expect(page).toContain('td .url, td .url a { white-space: nowrap;');
    expect(page).toContain('@media screen and (max-width: 600px)');
    expect(urlCell('https://example.com/a/very/long/path')).toBe(
      '<span class="url"><a href="https://example.com/a/very/long/path" rel="noopener noreferrer">https://example.com/a/very/long/path</a></span>',
    );
  });
});

describe('topics by their names', () => {
  it('a task’s topics are named as the topics section names them, never by their ids, where the name is known', async () => {
    const page = await renderReport(oneScope(growth), new FakeCharts());
    const tasks = plain(sectionOf(page, 'tasks'));
    const topics = (growth.scopes[0]!.sections.topics as { data: any }).data.topics as Array<{ id: string; name: string }>;
    const named = topics.filter((t) => tasks.includes(t.name));
    expect(named.length).toBeGreaterThan(0);
    for (const t of topics) expect(tasks).not.toMatch(new RegExp(`(^| |,)${t.id}(,| |$)`));
  });
});
