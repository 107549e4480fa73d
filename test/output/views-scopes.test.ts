/**
 * Several brands and markets on a terminal, from real sandbox payloads: the agency
 * account's three brands (each in its primary market) and the growth account's brand in
 * US-en, GB-en and DE-de. Goldens at 50, 80 and 160 columns (test/golden/scopes/), no
 * colour; the layout rules checked on their own besides.
 */
import { join } from 'node:path';
import { Chalk } from 'chalk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScopeResult } from '../../src/domain/scope.js';
import { endpointById, type EndpointId } from '../../src/endpoints.js';
import { renderTable, renderView, type TableSpec } from '../../src/output/table.js';
import type { ViewContext } from '../../src/output/views/context.js';
import { Reader } from '../../src/output/views/read.js';
import { scopesView, type DrawOne } from '../../src/output/views/scopes/index.js';
import { Shown } from '../../src/output/views/shown.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { copyables, damage, overflow } from './copy-check.js';
import { expectGolden, GOLDEN_DIR } from './golden.js';
import { SANDBOX_NOW } from './sandbox-envelopes.js';

/** A scope's dashboard section, drawn as src/output/table.ts renderScopes draws it. */
const drawOne: DrawOne = (envelope, spec, ctx) => renderTable(envelope, { spec, width: ctx.width, color: ctx.chalk.level > 0, tty: true, wide: ctx.wide });

const SCOPES_GOLDEN_DIR = join(GOLDEN_DIR, '..', 'scopes');
const WIDTHS = [50, 80, 160] as const;
const AGENCY = 'vis_demo_agency';
const GROWTH = 'vis_demo_growth';

type Rec = Record<string, unknown>;

let sandbox: Sandbox;

async function get(key: string, path: string): Promise<{ status: number; body: Rec }> {
  const res = await fetch(`${sandbox.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: res.status, body: (await res.json()) as Rec };
}

interface Brand {
  id: number;
  name: string;
  primary_market: string;
}

let agencyBrands: Brand[] = [];
let growthBrand: Brand;
let growthMarkets: Array<{ code: string; label: string }> = [];

/** One scope read as the fan-out reads it: the answer, or the API's error. */
async function scope(key: string, id: EndpointId, brand: Brand, market: { code: string; label: string | null } | null): Promise<ScopeResult> {
  const spec = endpointById(id);
  const query = new URLSearchParams({ brand_id: String(brand.id) });
  if (market !== null) query.set('market', market.code);
  const url = `${sandbox.baseUrl}${spec.path}?${query}`;
  const init = { headers: { authorization: `Bearer ${key}` } };
  // A kept-alive connection the sandbox closed as idle (a busy machine stretches the gap
  // between tests past its keep-alive) resets the next GET: asked again, as vis itself does.
  const res = await fetch(url, init).catch(() => fetch(url, init));
  const raw = await res.text();
  const body = JSON.parse(raw) as Rec;
  const base = { brand: { id: String(brand.id), name: brand.name }, market };
  if (res.status !== 200) {
    const error = body.error as { code: string; message: string };
    return { ...base, raw: null, envelope: null, error: { code: error.code, message: error.message, exitCode: res.status === 409 ? 4 : 1 } };
  }
  return { ...base, raw, envelope: body as ScopeResult['envelope'] & object, error: null };
}

/** Each agency brand in its primary market. */
function agency(id: EndpointId): Promise<ScopeResult[]> {
  return Promise.all(agencyBrands.map((b) => scope(AGENCY, id, b, { code: b.primary_market, label: null })));
}

/** The growth brand in each of its markets. */
function growth(id: EndpointId): Promise<ScopeResult[]> {
  return Promise.all(growthMarkets.map((m) => scope(GROWTH, id, growthBrand, m)));
}

function specOf(id: EndpointId): TableSpec {
  const spec = endpointById(id);
  return { id: spec.id, collection: spec.collection, noun: spec.noun, period: spec.period };
}

function ctxAt(width: number, wide = false, color = false): ViewContext {
  return { width, wide, chalk: new Chalk({ level: color ? 1 : 0 }), read: new Reader(new Shown()), brand: null, noun: 'rows' };
}

function draw(results: readonly ScopeResult[], id: EndpointId, width: number, wide = false): string {
  const lines = scopesView(results, specOf(id), ctxAt(width, wide), drawOne);
  if (lines === null) throw new Error(`no terminal layout for ${id}`);
  return `${lines.join('\n')}\n`;
}

const LISTS = [
  'topics',
  'prompts',
  'answers',
  'competitors',
  'sources',
  'pages',
  'content-gaps',
  'forum',
  'search-performance',
  'tasks',
  'ai-crawlers',
  'ai-visitors',
] as const satisfies readonly EndpointId[];
const DASHBOARDS = ['overview', 'visibility', 'technical', 'brand-perception', 'weekly-plan'] as const satisfies readonly EndpointId[];
/** Read once per brand: the API gives them identically in every market. */
const PER_BRAND: ReadonlySet<EndpointId> = new Set(['technical', 'brand-perception']);

interface Case {
  name: string;
  id: EndpointId;
  results: ScopeResult[];
}
const cases: Case[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => new Date(SANDBOX_NOW), rateLimitPerMinute: 100_000 });
  agencyBrands = ((await get(AGENCY, '/brands')).body.data as { brands: Brand[] }).brands;
  growthBrand = ((await get(GROWTH, '/brands')).body.data as { brands: Brand[] }).brands[0] as Brand;
  growthMarkets = ((await get(GROWTH, '/markets')).body.data as { markets: Array<{ code: string; label: string }> }).markets;
  for (const id of LISTS) cases.push({ name: `${id}.brands`, id, results: await agency(id) });
  for (const id of ['topics', 'prompts', 'pages'] as const) cases.push({ name: `${id}.markets`, id, results: await growth(id) });
  for (const id of DASHBOARDS) {
    const results = PER_BRAND.has(id) ? await Promise.all(agencyBrands.map((b) => scope(AGENCY, id, b, null))) : await agency(id);
    cases.push({ name: `${id}.brands`, id, results });
  }
  cases.push({ name: 'visibility.markets', id: 'visibility', results: await growth('visibility') });
  // A market the first brand does not have: its read fails, the others are drawn.
  const [first] = agencyBrands as [Brand];
  cases.push({
    name: 'overview.failed',
    id: 'overview',
    results: [await scope(AGENCY, 'overview', first, { code: 'GB-en', label: null }), ...(await agency('overview'))],
  });
});

afterAll(async () => {
  await sandbox.close();
});

function find(name: string): Case {
  const c = cases.find((x) => x.name === name);
  if (c === undefined) throw new Error(`no case ${name}`);
  return c;
}

/** A section's first line: its scope's name in a rule across the width. */
const rule = (name: string, width: number) => `── ${name} ${'─'.repeat(width - name.length - 4)}`;

/** The lines drawn, without the empty one after the last newline. */
const plain = (s: string) => s.replace(/\n$/, '').split('\n');

describe('goldens', () => {
  it('has every list and dashboard', () => {
    expect(cases.map((c) => c.name)).toEqual(expect.arrayContaining([...LISTS.map((id) => `${id}.brands`), ...DASHBOARDS.map((id) => `${id}.brands`)]));
  });

  it.each(WIDTHS)('at %i columns', (width) => {
    for (const c of cases) expectGolden(`${c.name}.${width}`, draw(c.results, c.id, width), SCOPES_GOLDEN_DIR);
  });
});

describe('list views: one table', () => {
  it('has brand and market columns first when both differ, then the view columns', () => {
    const [header] = plain(draw(find('topics.brands').results, 'topics', 160)).filter((l) => l.startsWith('brand'));
    // `share of voice` goes over lines of its own when that leaves the names more room.
    expect(header).toMatch(/^brand +market +id +topic +visibility +change +rank +(share of )?voice +questions +rivals named instead$/);
  });

  it('has no brand column when one brand is shown in several markets, and names the brand above the table', () => {
    const out = plain(draw(find('prompts.markets').results, 'prompts', 160));
    expect(out[0]).toBe(`${growthBrand.name} · 2026-11-16 – 2026-11-22`);
    expect(out.find((l) => l.startsWith('market'))).toMatch(/^market +ChatGPT/);
    // A question that does not fit on one line beside the figures puts every question under its row, whole.
    const [first] = (find('prompts.markets').results[0]?.envelope?.data as { prompts: Rec[] }).prompts;
    expect(out[5]?.trim()).toBe(first?.prompt);
    expect(out.some((l) => l.startsWith('brand'))).toBe(false);
  });

  it('has neither column for one brand in one market', () => {
    const [one] = find('topics.brands').results as [ScopeResult];
    const out = plain(draw([one], 'topics', 160));
    expect(out[0]).toBe(`${one.brand.name} · ${one.market?.code} · 2026-11-16 – 2026-11-22`);
    expect(out[2]).toMatch(/^id +topic +visibility/);
  });

  it('has every brand’s rows in the results’ order, each written as the view writes it', () => {
    const c = find('topics.brands');
    const lines = plain(draw(c.results, 'topics', 160));
    const expected = c.results.flatMap((r) =>
      ((r.envelope?.data as { topics: Rec[] }).topics ?? []).map((t) => ({
        brand: r.brand.name,
        id: t.id as string,
        visibility: `${(t.visibility as number).toFixed(1)}%`,
      })),
    );
    // A name too long for its column goes on under its row, on lines that start blank.
    const rows = lines.slice(lines.findIndex((l) => l.startsWith('─')) + 1).filter((l) => !l.startsWith(' '));
    expect(rows).toHaveLength(expected.length);
    rows.forEach((line, i) => {
      const e = expected[i] as (typeof expected)[number];
      expect(line.startsWith(e.brand)).toBe(true);
      expect(line).toContain(` ${e.id} `);
      expect(line).toContain(e.visibility);
    });
  });

  it('leaves out the lesser figures before the rows become blocks, never an id', () => {
    const results = find('topics.brands').results;
    const header = (width: number) => plain(draw(results, 'topics', width)).find((l) => l.startsWith('brand'));
    expect(header(160)).toMatch(/rank +(share of )?voice +questions +rivals named instead$/);
    expect(header(80)).toMatch(/^brand +market +id +topic +visibility +change$/);
    expect(plain(draw(results, 'topics', 50)).some((l) => l.startsWith('── 1/'))).toBe(true);
  });

  it('shows pages as paths, each brand’s site named above the table', () => {
    const c = find('pages.brands');
    const out = plain(draw(c.results, 'pages', 80));
    const first = (c.results[0]?.envelope?.data as { pages: Rec[] }).pages[0] as Rec;
    const site = /^https?:\/\/[^/]+/.exec(String(first.url))?.[0] as string;
    expect(out).toContain("Pages are paths on each brand's site:");
    expect(out.find((l) => l.includes(site))).toMatch(new RegExp(`^  ${c.results[0]?.brand.name} +${site}$`));
    expect(out.some((l) => l.endsWith(`  ${String(first.url).slice(site.length)}`))).toBe(true);
  });

  it('writes engine states as their marks and rates', () => {
    const out = draw(find('prompts.markets').results, 'prompts', 160);
    expect(out).toMatch(/○ 85\.7%/);
  });

  it('keeps an id whole in a wrapping column and wraps a human name at spaces at 50 columns, cutting no word that fits', () => {
    const out = draw(find('tasks.brands').results, 'tasks', 50);
    for (const t of find('tasks.brands').results.flatMap((r) => (r.envelope?.data as { tasks: Rec[] }).tasks))
      for (const word of String(t.title)
        .split(' ')
        .filter((w) => w.length <= 20))
        expect(out).toContain(word);
    for (const t of find('tasks.brands').results.flatMap((r) => (r.envelope?.data as { tasks: Rec[] }).tasks)) expect(out).toContain(String(t.id));
  });
});

describe('markets side by side', () => {
  it('joins the topics of each market by id, one column of visibility per market', () => {
    const c = find('topics.markets');
    const out = plain(draw(c.results, 'topics', 160));
    const header = out.find((l) => l.startsWith('topic'));
    expect(header).toMatch(/^topic +id +US-en +GB-en +DE-de$/);
    const byMarket = c.results.map((r) => new Map((r.envelope?.data as { topics: Rec[] }).topics.map((t) => [t.id as string, t.visibility as number])));
    const ids = [...new Set(byMarket.flatMap((m) => [...m.keys()]))];
    const rows = out.slice(out.indexOf(header as string) + 2);
    expect(rows).toHaveLength(ids.length);
    ids.forEach((id, i) => {
      const cells = (rows[i] ?? '').trim().split(/ {2,}/).slice(-3);
      expect(cells).toEqual(byMarket.map((m) => (m.has(id) ? `${(m.get(id) as number).toFixed(1)}%` : '–')));
      expect(rows[i]).toContain(` ${id} `);
    });
  });

  it('puts a dash where a topic is not tracked in a market, and a row for a topic only one market tracks', () => {
    const c = find('topics.markets');
    const [us, gb, de] = c.results as [ScopeResult, ScopeResult, ScopeResult];
    // GB without its first topic, DE with one of its own.
    const gbData = gb.envelope?.data as { topics: Rec[] };
    const deData = de.envelope?.data as { topics: Rec[] };
    const dropped = gbData.topics[0] as Rec;
    const gbLess: ScopeResult = { ...gb, envelope: { ...gb.envelope, data: { ...gbData, topics: gbData.topics.slice(1) } } };
    const deMore: ScopeResult = {
      ...de,
      envelope: { ...de.envelope, data: { ...deData, topics: [...deData.topics, { id: 'nur-hier', name: 'Nur hier', visibility: 12.5 }] } },
    };
    const out = plain(draw([us, gbLess, deMore], 'topics', 160));
    const row = (id: string) => (out.find((l) => l.includes(` ${id} `)) ?? '').trim().split(/ {2,}/).slice(-3);
    expect(row(String(dropped.id))).toEqual([expect.stringMatching(/%$/), '–', expect.stringMatching(/%$/)]);
    expect(out.at(-1)).toMatch(/^Nur hier +nur-hier +– +– +12\.5%$/);
  });

  it('is one row per topic even where the names differ between languages', () => {
    const c = find('topics.markets');
    const out = draw(c.results, 'topics', 160);
    const de = (c.results[2]?.envelope?.data as { topics: Rec[] }).topics.find((t) => t.id === 'crm-for-startups');
    expect(de?.name).not.toBe('CRM for startups');
    expect(out.match(/crm-for-startups/g)).toHaveLength(1);
    expect(out).toContain('CRM for startups');
  });

  it('leaves a market whose read failed out of the columns and names it under the table', async () => {
    const missing = await scope(GROWTH, 'topics', growthBrand, { code: 'FR-fr', label: null });
    expect(missing.error?.code).toBe('market_not_found');
    const out = plain(draw([...find('topics.markets').results, missing], 'topics', 160));
    expect(out.find((l) => l.startsWith('topic'))).toMatch(/^topic +id +US-en +GB-en +DE-de$/);
    expect(out.at(-2)).toBe('');
    expect(out.at(-1)).toBe(`${growthBrand.name} · FR-fr: market_not_found: ${missing.error?.message}`);
  });

  it('is for one brand only: several brands get the one table', () => {
    const out = plain(draw(find('topics.brands').results, 'topics', 160));
    expect(out.some((l) => /^brand +market/.test(l))).toBe(true);
  });
});

describe('dashboards: one section per scope', () => {
  it('draws each scope under its name as its view draws it alone', () => {
    const c = find('overview.brands');
    const out = draw(c.results, 'overview', 80);
    let expected = '';
    for (const r of c.results) {
      if (expected !== '') expected += '\n';
      expected += `${rule(`${r.brand.name} · ${r.market?.code}`, 80)}\n`;
      expected += renderView(r.envelope, { spec: specOf('overview'), width: 80, color: false, tty: true, wide: false }, true);
    }
    expect(out).toBe(expected);
  });

  it('cuts no rival’s name while the row has room: a figure’s header goes over more lines first, alike in every brand', () => {
    const c = find('overview.brands');
    const out = plain(draw(c.results, 'overview', 80)).join('\n');
    for (const r of c.results) {
      const data = r.envelope?.data as { competitors?: Rec[]; rivals?: Rec[] };
      for (const rival of data.competitors ?? data.rivals ?? []) expect(out).toContain(`  ${String(rival.name)}  `);
    }
    // Each brand's daily table has `share of voice` over more lines than one, and cuts no header.
    const dailies = out.split('Daily  ').slice(1);
    expect(dailies).toHaveLength(c.results.length);
    for (const daily of dailies) {
      const header = daily.split('\n').slice(
        1,
        daily.split('\n').findIndex((l) => l.startsWith('──')),
      );
      expect(header.join('\n')).not.toMatch(/share of voice/);
      expect(header.join('\n')).not.toContain('…');
      for (const word of ['day', 'visibility', 'share', 'voice', 'position', 'citations']) expect(header.join(' ')).toMatch(new RegExp(`\\b${word}\\b`));
    }
  });

  it('at 50 columns each scope’s weeks are their first and last date, whole', () => {
    const c = find('visibility.brands');
    const out = plain(draw(c.results, 'visibility', 50)).join('\n');
    expect(out).toMatch(/^\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2} +\d/m);
    expect(out).not.toMatch(/^week of/m);
  });

  it('names the brand alone for data read once per brand', () => {
    const out = plain(draw(find('technical.brands').results, 'technical', 80));
    for (const b of agencyBrands) expect(out).toContain(rule(b.name, 80));
  });
});

describe('a failed scope', () => {
  it('is one dim line in place in a dashboard, the others drawn', () => {
    const c = find('overview.failed');
    const lines = plain(draw(c.results, 'overview', 80));
    const [first] = agencyBrands as [Brand];
    expect(lines[0]).toMatch(new RegExp(`^${first.name} · GB-en: market_not_found: `));
    const gap = lines.indexOf('');
    expect(lines.slice(0, gap).join(' ')).toBe(`${first.name} · GB-en: market_not_found: ${(c.results[0] as ScopeResult).error?.message}`);
    expect(lines[gap + 1]).toBe(rule(`${first.name} · ${first.primary_market}`, 80));
    const coloured = scopesView(c.results, specOf('overview'), ctxAt(80, false, true), drawOne) ?? [];
    expect(coloured[0]).toMatch(/^\u001b\[2m/);
  });

  it('has no rows in a table, and a note under it naming the failure', () => {
    const c = find('search-performance.brands');
    const failed = c.results.find((r) => r.error !== null);
    expect(failed?.error?.code).toBe('integration_not_connected');
    const lines = plain(draw(c.results, 'search-performance', 160)).filter((l) => l !== '');
    expect(lines.filter((l) => l.startsWith(failed?.brand.name ?? '?'))).toEqual([
      `${failed?.brand.name} · ${failed?.market?.code}: integration_not_connected: ${failed?.error?.message}`,
    ]);
    expect(lines.at(-1)).toMatch(/^Larkspur Dental · GB-en: integration_not_connected:/);
    const others = c.results.filter((r) => r.error === null);
    // The brand's name may be shortened to fit, never below its first six characters.
    for (const r of others) {
      const rows = (r.envelope?.data as { rows: Rec[] }).rows;
      expect(lines.filter((l) => l.startsWith(r.brand.name.slice(0, 6)))).toHaveLength(rows.length);
    }
  });

  it('when every scope failed, says none match and names them', () => {
    const c = find('search-performance.brands');
    const failed = c.results.filter((r) => r.error !== null);
    const lines = plain(draw(failed, 'search-performance', 80));
    expect(lines[0]).toBe('Larkspur Dental · GB-en');
    expect(lines[2]).toMatch(/^No .* match\.$/);
    expect(lines[4]).toMatch(/^Larkspur Dental · GB-en: integration_not_connected: /);
  });
});

describe('text from the API', () => {
  it('passes brand names, market codes and error messages through the sanitiser', () => {
    const [r] = find('topics.brands').results as [ScopeResult];
    const hostile: ScopeResult = {
      ...r,
      brand: { id: '9', name: 'Evil\u001b[2J Corp' },
      market: { code: 'XX\u0007', label: null },
      raw: null,
      envelope: null,
      error: { code: 'boom\u001b]8;;', message: 'bad\u009b31m thing', exitCode: 1 },
    };
    const table = draw([r, hostile], 'topics', 160);
    const sections = draw([r, hostile], 'overview', 160);
    for (const out of [table, sections]) {
      expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
      expect(out).toContain('Evil');
    }
  });
});

describe('no better layout', () => {
  it('is null for an endpoint without a view, and for no results', () => {
    const c = find('topics.brands');
    expect(scopesView(c.results, { id: 'no-such-endpoint', noun: 'rows' }, ctxAt(80), drawOne)).toBeNull();
    expect(scopesView([], specOf('topics'), ctxAt(80), drawOne)).toBeNull();
  });

  it('is a section per scope for a list whose answer is not the shape of the list', () => {
    const [r] = find('topics.brands').results as [ScopeResult];
    const odd: ScopeResult = { ...r, brand: { id: 'x', name: 'Other' }, envelope: { data: { topics: 'not a list' } } };
    const lines = plain(draw([r, odd], 'topics', 80));
    expect(lines[0]).toBe(rule(`${r.brand.name} · ${r.market?.code}`, 80));
    expect(lines).toContain(rule(`Other · ${r.market?.code}`, 80));
    expect(lines.at(-1)).toMatch(/^topics +not a list$/);
  });
});

/**
 * A token (an id) cut is one whose shortened form starts a cell: after a line's start or
 * the two spaces between columns. The same letters shortened inside a human name (the
 * query `down sleeping bag…` beside the topic `sleeping-bags`) are another cell's text.
 */
/** Every string of a payload: a human text that begins like an id may be what was shortened. */
function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v !== null && typeof v === 'object') for (const x of Object.values(v)) strings(x, out);
  return out;
}

function coincidence(out: string, kind: 'token' | 'text', why: string, texts: readonly string[] = []): boolean {
  const head = /^cut after "(.*)"$/.exec(why)?.[1];
  if (kind !== 'token' || head === undefined) return false;
  // A search query `backpacking tents …` shortened to `backpacking…` is not the id `backpacking-tents` cut.
  if (texts.some((t) => /\s/.test(t) && t.startsWith(head))) return true;
  const escaped = head.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return !new RegExp(`(^|  )${escaped}…`, 'm').test(out);
}

describe('never cuts what users copy', () => {
  it.each([40, 50, 80, 160])('at %i columns: no line over the width but an unbreakable token', (width) => {
    const problems: string[] = [];
    for (const c of cases) {
      // Like the views alone, --wide keeps to the width from 80 columns.
      for (const wide of width >= 80 ? [false, true] : [false]) {
        const out = draw(c.results, c.id, width, wide);
        const lines = out.split('\n');
        const found = c.results.flatMap((r) => copyables(r.envelope?.data));
        const texts = c.results.flatMap((r) => strings(r.envelope?.data));
        const tokens = new Set(found.filter((x) => x.kind === 'token').map((x) => x.value));
        for (const x of found) {
          const why = damage(out, lines, x);
          if (why && !coincidence(out, x.kind, why, texts)) problems.push(`${c.name}${wide ? ' --wide' : ''}: ${x.key} ${why}`);
        }
        for (const line of lines) if (overflow(line, width, tokens)) problems.push(`${c.name}${wide ? ' --wide' : ''}: line over ${width}: ${line}`);
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });
});
