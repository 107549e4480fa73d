/**
 * The report's rules, checked in a real headless Chromium on a hand-written page that
 * follows them (test/report/fixtures/sample-report.html): its Content-Security-Policy
 * alone stops a script and an inline handler left unescaped, nothing leaves the page, and
 * screenshots at 1280 px and an A4 print are kept as artefacts. One browser opens every
 * page, each in a context of its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, launchChromium, pageSurface, scriptRan, type ChromiumBrowser, type OpenedPage } from '../report/browser.js';

const SAMPLE = join(__dirname, '..', 'report', 'fixtures', 'sample-report.html');
const skip = browserSkipReason() !== undefined;

/** A4 at the CSS pixel's 96 per inch: 210 mm x 297 mm. */
const A4_PX = { width: 794, height: 1123 };

describe.skipIf(skip)('the report in headless Chromium', () => {
  let browser: ChromiumBrowser | undefined;
  let opened: OpenedPage | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  it('the CSP alone keeps an unescaped script and an inline handler from running, and says so on the console', async () => {
    opened = await browser!.open({ file: SAMPLE }, { width: 1280 });
    expect(await scriptRan(opened)).toBe(false);
    const csp = opened.consoleErrors.filter((e) => e.kind === 'csp').map((e) => e.text);
    expect(csp.some((t) => /inline script/i.test(t))).toBe(true);
    expect(csp.some((t) => /inline event handler/i.test(t))).toBe(true);
    expect(csp.some((t) => t.includes('https://example.com/x.png'))).toBe(true);
    expect(opened.consoleErrors.filter((e) => e.kind === 'other')).toEqual([]);
  });

  it('the same page without its CSP does run them: the marker can be set, so its absence means something', async () => {
    const careless = readFileSync(SAMPLE, 'utf8').replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '');
    expect(careless).not.toContain('Content-Security-Policy');
    opened = await browser!.open(careless, { width: 1280 });
    expect(await scriptRan(opened)).toBe(true);
  });

  it('nothing leaves the page: the remote image is the one request besides data: URLs, and it is refused, with or without the CSP', async () => {
    opened = await browser!.open({ file: SAMPLE }, { width: 1280 });
    expect(opened.requests.filter((u) => !u.startsWith('data:'))).toEqual(['https://example.com/x.png']);
    expect(opened.failedRequests).toEqual(['https://example.com/x.png']);
    await opened.close();
    const careless = readFileSync(SAMPLE, 'utf8').replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '');
    opened = await browser!.open(careless, { width: 1280 });
    const remote = opened.requests.filter((u) => !u.startsWith('data:'));
    expect(remote).toContain('https://example.com/x.png');
    expect(opened.failedRequests).toEqual(expect.arrayContaining(remote));
    expect(opened.consoleErrors.some((e) => e.kind === 'blocked')).toBe(true);
  });

  it('pageSurface sees what could run or lead out: the script, the inline handler, every link and URL, the CSP', async () => {
    opened = await browser!.open({ file: SAMPLE }, { width: 1280 });
    const surface = await pageSurface(opened);
    expect(surface.scripts).toBe(1);
    expect(surface.handlers).toEqual(['img[onerror]']);
    expect(surface.links).toEqual(['https://example.com/topic?x=1&y=%22']);
    expect(surface.otherUrls).toEqual([expect.stringMatching(/^img\[src\]=data:image\/png;base64,/), 'img[src]=x', 'img[src]=https://example.com/x.png']);
    expect(surface.csp).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:");
  });

  it('the escaped hostile text is shown as text', async () => {
    opened = await browser!.open({ file: SAMPLE }, { width: 1280 });
    const text = await opened.evaluate(() => (globalThis as unknown as { document: { body: { innerText: string } } }).document.body.innerText);
    expect(text).toContain('<script>window.__visPwned=1</script> Rival "Inc" & Co');
    expect(text).toContain('<img src=x onerror="window.__visPwned=1">');
  });

  it('a screenshot at 1280 px and an A4 print are kept as artefacts', async () => {
    opened = await browser!.open({ file: SAMPLE }, { width: 1280 });
    const wide = await opened.screenshot('sample-report-1280.png', { fullPage: true });
    expect(pngSize(wide).width).toBe(1280);
    await opened.page.emulateMedia({ media: 'print' });
    await opened.page.setViewportSize(A4_PX);
    const a4 = await opened.screenshot('sample-report-a4.png');
    expect(pngSize(a4)).toEqual(A4_PX);
    const pdf = await opened.pdf('sample-report-a4.pdf', { format: 'A4' });
    expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

/** A PNG's size from its IHDR chunk. */
function pngSize(path: string): { width: number; height: number } {
  const png = readFileSync(path);
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
