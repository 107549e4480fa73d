/**
 * The demo report as a client reads it, in a real headless Chromium at 1280 px and at a
 * phone's 420 px: nothing runs off the page sideways; at 1280 px every URL in a table cell
 * stays on one line, at 420 px each text-heavy table is cards no box of which scrolls
 * sideways, every cell showing its column's label, while a grid of marks stays a table; the
 * phone's page is at most 1.6 times as tall as the desk's, and every chart's text is 10 px
 * or more as shown. Screenshots of both are kept.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, launchChromium, type ChromiumBrowser, type OpenedPage } from '../report/browser.js';
import { fakeClock } from '../support/context.js';
import { runWithEnv } from '../support/run.js';
import { cleanEnv } from './helpers.js';

const skip = browserSkipReason() !== undefined;

describe.skipIf(skip)('the report at a desk’s and a phone’s width', () => {
  let file: string;
  let opened: OpenedPage | undefined;
  // One browser for both widths, each page in a context of its own.
  let browser: ChromiumBrowser | undefined;
  /** The page's height at 1280 px, which the phone's is held to. */
  let deskHeight = 0;
  beforeAll(async () => {
    browser = await launchChromium();
    file = join(mkdtempSync(join(tmpdir(), 'vis-report-phone-')), 'growth.html');
    const r = await runWithEnv(['--demo', 'report', '-o', file], { env: cleanEnv({ VIS_API_KEY: 'vis_demo_growth' }), clock: fakeClock(Date.now()) });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^<!doctype html>/);
  });
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('at 1280 px: nothing wider than the page, every URL in a cell on one line', async () => {
    opened = await browser!.open({ file }, { width: 1280 });
    const facts = await opened.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
      urls: document.querySelectorAll('td .url').length,
      split: [...document.querySelectorAll('td .url')].filter((e) => e.getClientRects().length > 1 || (e as HTMLElement).offsetHeight > 40).length,
      height: document.documentElement.scrollHeight,
    }));
    deskHeight = facts.height;
    expect(facts.page).toBeLessThanOrEqual(facts.view);
    expect(facts.urls).toBeGreaterThan(0);
    expect(facts.split).toBe(0);
    await opened.screenshot('report-growth-1280.png', { fullPage: true });
  });

  // A phone shows no sideways scrollbar: a table that scrolls in its box hides its numbers.
  it('at 420 px: no table needs a sideways scroll, every card cell shows its column’s label, a grid of marks stays a table, the page at most 1.6 times the desk’s height, chart text 10 px or more', async () => {
    opened = await browser!.open({ file }, { width: 420 });
    const facts = await opened.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
      boxes: document.querySelectorAll('.table').length,
      scrolling: [...document.querySelectorAll('.table')].filter((e) => e.scrollWidth > e.clientWidth).length,
      unlabelled: [...document.querySelectorAll('.table:not(.grid) td[data-label]')].filter(
        (td) => td.getAttribute('data-label') !== '' && getComputedStyle(td, '::before').content !== JSON.stringify(td.getAttribute('data-label')),
      ).length,
      // A grid of marks stays a table: its rows are table rows, its heads shown.
      grids: [...document.querySelectorAll('.table.grid')].map((g) => ({
        rows: [...g.querySelectorAll('tr')].every((tr) => getComputedStyle(tr).display === 'table-row'),
        heads: [...g.querySelectorAll('th')].every((th) => th.getBoundingClientRect().width > 0),
      })),
      height: document.documentElement.scrollHeight,
      // Every card in one order: its first cell on a line of its own, the figures under it, never beside a short one.
      beside: [...document.querySelectorAll('.table:not(.grid) tr')].filter((tr) => {
        const cells = [...tr.querySelectorAll('td')].filter((td) => td.getClientRects().length > 0);
        return cells.length > 1 && cells[1]!.getBoundingClientRect().top < cells[0]!.getBoundingClientRect().bottom - 1;
      }).length,
      cardRows: document.querySelectorAll('.table:not(.grid) tr').length,
      // A bar's label wraps at spaces rather than being cut.
      cut: [...document.querySelectorAll('figure.chart svg text')].filter((t) => t.getClientRects().length > 0 && t.textContent!.includes('…')).length,
      // Each chart's text as shown: its size in the drawing times the drawing's scale on the page.
      charts: [...document.querySelectorAll('figure.chart svg')]
        .filter((svg) => svg.getClientRects().length > 0)
        .map((svg) => {
          const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
          const sizes = [...svg.querySelectorAll('text')]
            .filter((t) => t.textContent!.trim() !== '')
            .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
          return Math.min(...sizes);
        }),
    }));
    expect(facts.page).toBeLessThanOrEqual(facts.view);
    expect(facts.boxes).toBeGreaterThan(5);
    expect(facts.scrolling).toBe(0);
    expect(facts.unlabelled).toBe(0);
    expect(facts.cardRows).toBeGreaterThan(10);
    expect(facts.beside).toBe(0);
    expect(facts.cut).toBe(0);
    expect(facts.grids).toEqual([
      { rows: true, heads: true },
      { rows: true, heads: true },
    ]);
    expect(deskHeight).toBeGreaterThan(0);
    expect(facts.height).toBeLessThanOrEqual(1.6 * deskHeight);
    expect(facts.charts).toHaveLength(4);
    for (const smallest of facts.charts) expect(smallest).toBeGreaterThanOrEqual(10);
    await opened.screenshot('report-growth-420.png', { fullPage: true });
  });
});
