/**
 * The report's pages in a real headless Chromium, for the report's end-to-end tests: the
 * page's network is shut (offline, and a route that refuses every request), and every
 * request it tries, every console message and every uncaught error is recorded, so a test
 * can say "nothing was fetched, nothing ran, nothing complained". Screenshots and prints
 * are kept as test artefacts: in the run's temporary folder, and also in
 * test-artifacts/report/ at the repository's root when VIS_TEST_ARTIFACTS is set (CI keeps
 * that folder; git ignores it).
 *
 * Without a Chromium the browser tests skip and say why (`browserSkipReason`): .ci/run
 * installs one (scripts/ci-deps.sh) wherever it can.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumArgs, findChromium } from '../../src/report/chromium.js';
import { browserEnv } from '../../src/report/pdf.js';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..', '..');

/** The Chromium the tests use (CHROME_PATH, or one on PATH), if any. */
export const chromiumPath = findChromium(process.env);

/** Why the browser tests skip, or undefined when they run. Printed once per file that asks. */
export function browserSkipReason(): string | undefined {
  if (chromiumPath !== undefined) return undefined;
  const reason =
    'no Chromium found (CHROME_PATH, or chromium / chromium-browser / google-chrome on PATH): the report browser tests are skipped; scripts/ci-deps.sh installs it as root (apt-get install chromium)';
  console.warn(reason);
  return reason;
}

/** What the page wrote to its console as an error, sorted by what it means. */
export interface ConsoleError {
  text: string;
  /**
   * csp: the Content-Security-Policy refused something (a script, an inline handler, an
   * image); blocked: a request the tests' network refused; other: anything else (a bug).
   */
  kind: 'csp' | 'blocked' | 'other';
}

export interface OpenedPage {
  page: Page;
  consoleErrors: ConsoleError[];
  /** Every URL the page asked for, data: URLs included, in order. */
  requests: string[];
  /** Requests that left the page's hands but did not complete (refused by the route), by URL. */
  failedRequests: string[];
  evaluate<T>(fn: () => T): Promise<T>;
  /**
   * A PNG of the page, kept as an artefact named `name` (a file name, `.png`); returns its
   * path. `clip`: only that rectangle of the page, in CSS pixels from its top left.
   */
  screenshot(name: string, o?: { fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number } }): Promise<string>;
  /** The page printed to PDF, kept as an artefact named `name`; returns its path. */
  pdf(name: string, o: { format: 'A4' | 'Letter' }): Promise<string>;
  close(): Promise<void>;
}

function classify(text: string): ConsoleError['kind'] {
  if (/Content Security Policy/i.test(text)) return 'csp';
  if (/ERR_BLOCKED_BY_CLIENT|ERR_INTERNET_DISCONNECTED/.test(text)) return 'blocked';
  return 'other';
}

/** Where this run's artefacts go: a folder in the run's temporary folder. */
export function artefactsDir(): string {
  const dir = join(tmpdir(), 'vis-report-artifacts');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Keeps `path` (in artefactsDir) also in test-artifacts/report/ when VIS_TEST_ARTIFACTS asks for it. */
export function keep(path: string): string {
  if (process.env.VIS_TEST_ARTIFACTS) {
    const kept = join(ROOT, 'test-artifacts', 'report');
    mkdirSync(kept, { recursive: true });
    copyFileSync(path, join(kept, basename(path)));
  }
  return path;
}

/** One headless Chromium, launched once, in which a file opens each of its pages. */
export interface ChromiumBrowser {
  /**
   * Opens `source` (HTML text, or `{ file }`) at `width` CSS pixels (and `height`, 800
   * unless given), with no network, in a context of its own (no cookie, cache or storage
   * shared with another page). `close()` on the page closes that context.
   */
  open(source: string | { file: string }, o: { width: number; height?: number }): Promise<OpenedPage>;
  /** Closes the browser and every page still open in it. */
  close(): Promise<void>;
}

/**
 * A headless Chromium for several pages: a launch costs more than the pages a layout
 * check opens, so a file launches one (beforeAll) and closes it (afterAll). What
 * `vis report --pdf` launches itself is tested where that launch is the subject.
 */
export async function launchChromium(): Promise<ChromiumBrowser> {
  if (chromiumPath === undefined) throw new Error('no Chromium: check browserSkipReason() first');
  const { chromium } = await import('playwright-core');
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    // The user id Chromium runs as: none on Windows.
    args: chromiumArgs(process.getuid?.()),
    // Its home and XDG folders in the run's temporary folder, never the machine's HOME.
    env: browserEnv(process.env, mkdtempSync(join(tmpdir(), 'vis-test-browser-'))),
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  return { open: (source, o) => openPage(browser, source, o), close: () => browser.close() };
}

async function openPage(browser: Browser, source: string | { file: string }, o: { width: number; height?: number }): Promise<OpenedPage> {
  const html = typeof source === 'string' ? source : readFileSync(source.file, 'utf8');
  const context = await browser.newContext({ offline: true, viewport: { width: o.width, height: o.height ?? 800 } });
  try {
    await context.route('**/*', (route) => route.abort('blockedbyclient'));
    const page = await context.newPage();
    const consoleErrors: ConsoleError[] = [];
    const requests: string[] = [];
    const failedRequests: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push({ text: m.text(), kind: classify(m.text()) });
    });
    page.on('pageerror', (e) => consoleErrors.push({ text: e.message, kind: 'other' }));
    page.on('request', (r) => requests.push(r.url()));
    page.on('requestfailed', (r) => failedRequests.push(r.url()));
    await page.setContent(html, { waitUntil: 'load' });
    const dir = artefactsDir();
    return {
      page,
      consoleErrors,
      requests,
      failedRequests,
      evaluate: (fn) => page.evaluate(fn),
      screenshot: async (name, so = {}) => {
        const path = join(dir, name);
        await page.screenshot({ path, fullPage: so.fullPage ?? false, ...(so.clip === undefined ? {} : { clip: so.clip }) });
        return keep(path);
      },
      pdf: async (name, po) => {
        const path = join(dir, name);
        await page.pdf({ path, format: po.format, printBackground: true, preferCSSPageSize: true });
        return keep(path);
      },
      close: () => context.close(),
    };
  } catch (err) {
    await context.close();
    throw err;
  }
}

/**
 * Opens `source` in a Chromium of its own (see ChromiumBrowser.open), for a file that
 * opens one page; `close()` closes the browser. Close it in a finally or afterAll: the
 * browser is a process of its own.
 */
export async function openInChromium(source: string | { file: string }, o: { width: number; height?: number }): Promise<OpenedPage> {
  const browser = await launchChromium();
  try {
    const opened = await browser.open(source, o);
    return { ...opened, close: () => browser.close() };
  } catch (err) {
    await browser.close();
    throw err;
  }
}

/** Whether any script of the page ever ran: the tests' hostile payloads set `window.__visPwned`. */
export function scriptRan(opened: OpenedPage): Promise<boolean> {
  return opened.evaluate(() => (globalThis as { __visPwned?: unknown }).__visPwned !== undefined);
}

/** A fresh folder for one test's files, in the run's temporary folder. */
export function testDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** What in a page could run or lead out of it. */
export interface PageSurface {
  /** `<script>` elements, however they got there. */
  scripts: number;
  /** Every event-handler attribute, as `tag[onname]`. */
  handlers: string[];
  /** The `href` of every `<a>`, as written. */
  links: string[];
  /** Any other attribute that names a URL (src, href, xlink:href, action, srcset, poster, data…), as `tag[name]=value`. */
  otherUrls: string[];
  /** The Content-Security-Policy of the page's meta element, or null. */
  csp: string | null;
}

/** Reads the page's PageSurface from its DOM, as Chromium parsed it. */
export function pageSurface(opened: OpenedPage): Promise<PageSurface> {
  return opened.evaluate((): PageSurface => {
    const d = (globalThis as any).document;
    const handlers: string[] = [];
    const otherUrls: string[] = [];
    const urlAttributes = new Set(['src', 'href', 'xlink:href', 'action', 'formaction', 'srcset', 'poster', 'data', 'background', 'ping']);
    for (const el of d.querySelectorAll('*')) {
      for (const a of el.attributes) {
        const name = String(a.name).toLowerCase();
        if (name.startsWith('on')) handlers.push(`${el.tagName.toLowerCase()}[${name}]`);
        else if (urlAttributes.has(name) && !(el.tagName === 'A' && name === 'href')) otherUrls.push(`${el.tagName.toLowerCase()}[${name}]=${a.value}`);
      }
    }
    const csp = d.querySelector('meta[http-equiv="Content-Security-Policy"]');
    return {
      scripts: d.querySelectorAll('script').length,
      handlers,
      links: [...d.querySelectorAll('a')].map((a: any) => a.getAttribute('href') as string | null).filter((h): h is string => h !== null),
      otherUrls,
      csp: csp === null ? null : csp.getAttribute('content'),
    };
  });
}
