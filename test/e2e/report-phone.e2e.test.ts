/**
 * The demo report as a client reads it, in a real headless Chromium at 1280 px and at a
 * phone's 420 px: nothing runs off the page sideways (a wide table scrolls in its own box),
 * and every URL in a table cell stays on one line. Screenshots of both are kept.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, openInChromium, type OpenedPage } from '../report/browser.js';
import { fakeClock } from '../support/context.js';
import { runWithEnv } from '../support/run.js';
import { cleanEnv } from './helpers.js';

const skip = browserSkipReason() !== undefined;

describe.skipIf(skip)('the report at a desk’s and a phone’s width', () => {
  let file: string;
  let opened: OpenedPage | undefined;
  beforeAll(async () => {
    file = join(mkdtempSync(join(tmpdir(), 'vis-report-phone-')), 'growth.html');
    const r = await runWithEnv(['--demo', 'report', '-o', file], { env: cleanEnv({ VIS_API_KEY: 'vis_demo_growth' }), clock: fakeClock(Date.now()) });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^<!doctype html>/);
  });
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  it.each([1280, 420])('at %i px: nothing wider than the page, every URL in a cell on one line', async (width) => {
    opened = await openInChromium({ file }, { width });
    const facts = await opened.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
      urls: document.querySelectorAll('td .url').length,
      split: [...document.querySelectorAll('td .url')].filter((e) => e.getClientRects().length > 1 || (e as HTMLElement).offsetHeight > 40).length,
    }));
    expect(facts.page).toBeLessThanOrEqual(facts.view);
    expect(facts.urls).toBeGreaterThan(0);
    expect(facts.split).toBe(0);
    await opened.screenshot(`report-growth-${width}.png`, { fullPage: true });
  });
});
