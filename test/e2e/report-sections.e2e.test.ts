/**
 * The report vis makes (in-process), opened in a real headless Chromium with no network: a
 * Growth account's report has every section of every brand × market, each drawn (not a
 * note saying why not), with nothing run, fetched or complained about; an agency's report
 * of every brand opens with a page linking to each brand's section; a Monitor account's
 * report says in place which sections need Pro or Growth, and is still made (exit 0).
 * The Growth report is read on two scan days, the second with a topic's visibility edited,
 * so "what changed" has something to show too.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTION_ENDPOINTS } from '../../src/cli/commands/report/plan.js';
import { REPORT_SECTIONS } from '../../src/domain/report.js';
import { endpointById } from '../../src/endpoints.js';
import { browserSkipReason, launchChromium, pageSurface, type ChromiumBrowser, type OpenedPage, type PageSurface } from '../report/browser.js';
import { fakeClock } from '../support/context.js';
import { runWithEnv } from '../support/run.js';
import { cleanEnv } from './helpers.js';

const skip = browserSkipReason() !== undefined;

/** The policy the report must carry, word for word. */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";

const DATA_AT = '2026-11-20T10:00:00Z';

/** The sandbox on a given scan day, its data fixed at DATA_AT but for `edits`. */
function onDay(day: string, edits: unknown[] = []): Record<string, string> {
  return { VIS_SANDBOX_OPTIONS: JSON.stringify({ now: `${day}T10:00:00Z`, dataAt: DATA_AT, edits }) };
}

/** Runs `vis --demo report …` into `dir` with `env`, in-process; the file it wrote, read back. */
async function report(dir: string, env: Record<string, string>, args: string[]): Promise<{ html: string; file: string }> {
  const file = join(dir, `${args.join('_').replace(/[^a-z0-9_-]/gi, '') || 'report'}.html`);
  const r = await runWithEnv(['--demo', 'report', ...args, '-o', file], { env, clock: fakeClock(Date.now()) });
  expect(r.code, r.stderr).toBe(0);
  expect(existsSync(file)).toBe(true);
  return { html: readFileSync(file, 'utf8'), file };
}

interface SectionFacts {
  id: string;
  /** The section's own heading. */
  heading: string;
  /** The class and text of each note in it (`note plan`: Needs Pro or Growth). */
  notes: Array<{ kind: string; text: string }>;
  /** Whether it draws something: figures, a chart or a table. */
  drawn: boolean;
}

interface ScopeFacts {
  id: string;
  brand: string;
  sections: SectionFacts[];
}

/** Each brand × market of the page, as Chromium laid it out, with its sections in order. */
function scopesOf(opened: OpenedPage): Promise<ScopeFacts[]> {
  return opened.evaluate(() => {
    const d = (globalThis as any).document;
    return [...d.querySelectorAll('section.scope')].map((scope: any) => ({
      id: scope.id,
      brand: scope.querySelector(':scope > header h2')?.textContent ?? '',
      sections: [...scope.querySelectorAll(':scope > section.section')].map((s: any) => ({
        id: s.id,
        heading: s.querySelector(':scope > h3')?.textContent ?? '',
        notes: [...s.querySelectorAll('p.note')].map((p: any) => ({ kind: p.className, text: p.textContent })),
        drawn: s.querySelector('.cards, figure svg, table') !== null,
      })),
    }));
  });
}

/** The page is inert and self-contained: what every report must be, whatever it holds. */
function expectInert(opened: OpenedPage, surface: PageSurface, html: string): void {
  expect(opened.consoleErrors).toEqual([]);
  expect(opened.requests.filter((u) => !u.startsWith('data:'))).toEqual([]);
  expect(opened.failedRequests).toEqual([]);
  expect(html).not.toMatch(/<script/i);
  expect(surface.scripts).toBe(0);
  expect(surface.handlers).toEqual([]);
  expect(surface.otherUrls).toEqual([]);
  expect(surface.csp).toBe(CSP);
  for (const href of surface.links) expect(href).toMatch(/^(https?:\/\/|#[a-z0-9-]+$)/);
}

const sectionIds = (scope: ScopeFacts) => scope.sections.map((s) => s.id);
const expectedIds = (scope: ScopeFacts) => REPORT_SECTIONS.map((id) => `${scope.id}-${id}`);

describe.skipIf(skip)('vis report opened in Chromium', { timeout: 180_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'vis-report-pages-'));
  // One browser for every page: each test opens its page in a context of its own.
  let browser: ChromiumBrowser | undefined;
  let opened: OpenedPage | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  async function open(file: string): Promise<OpenedPage> {
    await opened?.close();
    opened = await browser!.open({ file }, { width: 1280 });
    return opened;
  }

  describe('a Growth account (vis_demo_growth), on its second scan day', () => {
    let growth: { html: string; file: string };
    beforeAll(async () => {
      const env = cleanEnv({ VIS_API_KEY: 'vis_demo_growth' });
      await report(dir, { ...env, ...onDay('2026-11-24') }, []);
      growth = await report(dir, { ...env, ...onDay('2026-11-25', [{ from: '2026-11-25', path: '/topics', pointer: '/topics/0/visibility', value: 3 }]) }, []);
    }, 180_000);

    it('every section of the brand is there, in order, under its own anchor, and each draws its answer (no note of a failure, the plan or an absence)', async () => {
      const page = await open(growth.file);
      const scopes = await scopesOf(page);
      expect(scopes.map((s) => s.brand)).toEqual(['Northwind CRM']);
      for (const scope of scopes) {
        expect(sectionIds(scope)).toEqual(expectedIds(scope));
        for (const s of scope.sections) {
          expect([s.id, s.heading.trim() !== '', s.drawn]).toEqual([s.id, true, true]);
          expect([s.id, s.notes.filter((n) => /\b(plan|failed|none)\b/.test(n.kind) || /plain table/.test(n.text))]).toEqual([s.id, []]);
        }
      }
      const changes = scopes[0]!.sections.find((s) => s.id.endsWith('-changes'))!;
      expect(changes.drawn).toBe(true);
      const text = await page.evaluate(() => (globalThis as any).document.getElementById('northwind-crm-us-en-changes').innerText as string);
      // The edit of the last day, against the period's first recorded day (the demo's history holds 90 days).
      expect(text).toMatch(/\d+(\.\d+)? → 3(\.0)? \(-\d/);
    });

    it('nothing runs, is fetched or complains: no console message of any kind, no request but data: URLs, no script, the CSP as given', async () => {
      const page = await open(growth.file);
      expectInert(page, await pageSurface(page), growth.html);
    });

    it('at 1280 px no word of a table cell is split across lines (a task’s layer, an engine’s name); only links and URLs may break where they must', async () => {
      const page = await open(growth.file);
      const split = await page.evaluate(() => {
        const doc = (globalThis as any).document;
        const found: string[] = [];
        for (const td of doc.querySelectorAll('td')) {
          const walker = doc.createTreeWalker(td, 4 /* NodeFilter.SHOW_TEXT */);
          for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
            if (node.parentElement.closest('a, .url') !== null) continue;
            // Words apart from their hyphens: a line may end after one, as in any text.
            for (const m of (node.textContent as string).matchAll(/[^\s-]+/g)) {
              const range = doc.createRange();
              range.setStart(node, m.index);
              range.setEnd(node, m.index + m[0].length);
              const tops = new Set([...range.getClientRects()].map((r: { top: number }) => Math.round(r.top)));
              if (tops.size > 1) found.push(m[0]);
            }
          }
        }
        return found;
      });
      expect(split).toEqual([]);
    });
  });

  describe('an agency account of several brands (vis_demo_agency), --all-brands', () => {
    let agency: { html: string; file: string };
    beforeAll(async () => {
      agency = await report(dir, cleanEnv({ VIS_API_KEY: 'vis_demo_agency' }), ['--all-brands', '--combined']);
    }, 120_000);

    it('the first page compares every brand and links to each brand’s section, which exists, named as linked', async () => {
      const page = await open(agency.file);
      const scopes = await scopesOf(page);
      expect(scopes.map((s) => s.brand)).toEqual(['Bluepeak Outdoor', 'Larkspur Dental', 'Copperline Payments']);
      const compare = await page.evaluate(() => {
        const d = (globalThis as any).document;
        const first = d.querySelector('body > header.cover').nextElementSibling;
        return {
          first: `${first.tagName.toLowerCase()}#${first.id}`,
          links: [...first.querySelectorAll('a')].map((a: any) => {
            const href = a.getAttribute('href') as string;
            const target = href.startsWith('#') ? d.getElementById(href.slice(1)) : null;
            return {
              href,
              text: a.textContent,
              target: target === null ? null : `${target.tagName.toLowerCase()}.${target.className}`,
              named: target?.querySelector('h2')?.textContent ?? null,
            };
          }),
        };
      });
      expect(compare.first).toBe('section#compare');
      expect(compare.links).toEqual(scopes.map((s) => ({ href: `#${s.id}`, text: s.brand, target: 'section.scope', named: s.brand })));
      for (const scope of scopes) {
        expect(sectionIds(scope)).toEqual(expectedIds(scope));
        for (const s of scope.sections.filter((x) => !x.id.endsWith('-changes'))) {
          expect([s.id, s.drawn, s.notes.filter((n) => /\b(plan|failed)\b/.test(n.kind))]).toEqual([s.id, true, []]);
        }
      }
    });

    it('nothing runs, is fetched or complains', async () => {
      const page = await open(agency.file);
      const surface = await pageSurface(page);
      expectInert(page, surface, agency.html);
      expect(surface.links.filter((h) => h.startsWith('#'))).toHaveLength(3);
    });
  });

  describe('a Monitor account (vis_demo_monitor)', () => {
    /** The sections of endpoints only Pro and Growth answer. */
    const gated = REPORT_SECTIONS.filter((id) => id !== 'changes' && endpointById(SECTION_ENDPOINTS[id]).plan === 'pro');
    let monitor: { html: string; file: string };
    beforeAll(async () => {
      monitor = await report(dir, cleanEnv({ VIS_API_KEY: 'vis_demo_monitor' }), []);
    }, 120_000);

    it('the plan’s sections say "Needs Pro or Growth" where they stand; every other section draws its answer; exit 0, file written', async () => {
      expect(gated).toEqual(['perception', 'tasks']);
      const page = await open(monitor.file);
      const [scope, ...others] = await scopesOf(page);
      expect(others).toEqual([]);
      expect(sectionIds(scope!)).toEqual(expectedIds(scope!));
      for (const s of scope!.sections) {
        const id = s.id.slice(scope!.id.length + 1) as (typeof REPORT_SECTIONS)[number];
        if ((gated as string[]).includes(id)) expect([id, s.notes, s.drawn]).toEqual([id, [{ kind: 'note plan', text: 'Needs Pro or Growth' }], false]);
        else if (id !== 'changes') expect([id, s.drawn, s.notes.filter((n) => /\b(plan|failed)\b/.test(n.kind))]).toEqual([id, true, []]);
      }
      expectInert(page, await pageSurface(page), monitor.html);
    });
  });
});
