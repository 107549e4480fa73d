/**
 * The demo report as a client reads it, in a real headless Chromium at 1280 px and at a
 * phone's 420 px: nothing runs off the page sideways; at 1280 px every URL in a table cell
 * stays on one line, at 420 px each table is cards no box of which scrolls sideways, every
 * cell showing its column's label. Screenshots of both are kept.
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
    }));
    expect(facts.page).toBeLessThanOrEqual(facts.view);
    expect(facts.urls).toBeGreaterThan(0);
    expect(facts.split).toBe(0);
    await opened.screenshot('report-growth-1280.png', { fullPage: true });
  });

  // A phone shows no sideways scrollbar: a table that scrolls in its box hides its numbers.
  it('at 420 px: no table needs a sideways scroll, and every cell shows its column’s label', async () => {
    opened = await browser!.open({ file }, { width: 420 });
    const facts = await opened.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
      boxes: document.querySelectorAll('.table').length,
      scrolling: [...document.querySelectorAll('.table')].filter((e) => e.scrollWidth > e.clientWidth).length,
      unlabelled: [...document.querySelectorAll('.table td[data-label]')].filter(
        (td) => td.getAttribute('data-label') !== '' && getComputedStyle(td, '::before').content !== JSON.stringify(td.getAttribute('data-label')),
      ).length,
    }));
    expect(facts.page).toBeLessThanOrEqual(facts.view);
    expect(facts.boxes).toBeGreaterThan(5);
    expect(facts.scrolling).toBe(0);
    expect(facts.unlabelled).toBe(0);
    await opened.screenshot('report-growth-420.png', { fullPage: true });
  });
});
