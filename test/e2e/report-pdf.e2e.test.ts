/**
 * `vis report --pdf`'s printing (src/report/pdf.ts) with a real Chromium: a PDF whose text
 * pdftotext extracts, A4 and Letter, nothing fetched, and no browser or profile folder left
 * behind: not after a print, not after a timeout, not after Ctrl-C (in a process of its
 * own, with the built dist/lib/playwright/).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printPdf, PrintTimeoutError, PROFILE_PREFIX } from '../../src/report/pdf.js';
import { browserSkipReason, chromiumPath } from '../report/browser.js';
import { bundleTestDriver, VIS } from './helpers.js';

const ROOT = resolve(dirname(VIS), '..');
const PLAYWRIGHT_LIB = join(ROOT, 'dist', 'lib', 'playwright', 'lib', 'playwright.cjs');
const SAMPLE = readFileSync(join(__dirname, '..', 'report', 'fixtures', 'sample-report.html'), 'utf8');
const WITHOUT_CSP = SAMPLE.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '');
/** Keeps the page loading for `ms`: a script that runs that long before `load`. */
const busyFor = (ms: number) => WITHOUT_CSP.replace('<body>', `<body><script>const t = Date.now(); while (Date.now() - t < ${ms}) {}</script>`);
/** One heading of each section of the sample. */
const HEADINGS = ['AI visibility report', 'Headline figures', 'Visibility trend', 'Share of voice', 'Topics, weakest first', 'Hostile leftovers', 'Open tasks'];

const skip = browserSkipReason() !== undefined;
const noPdftotext = spawnSync('pdftotext', ['-v']).error !== undefined;
if (!skip && noPdftotext) console.warn('pdftotext not found (poppler-utils): the PDF text test is skipped; scripts/ci-deps.sh installs it as root');

/**
 * The browser processes of printPdf's profiles in `parent`, a folder of the test's own (Linux: /proc): the browser, and
 * its helpers, whose command line is rewritten into one string holding the flag.
 */
function ourBrowsers(parent: string): number[] {
  const flag = `--user-data-dir=${join(parent, PROFILE_PREFIX)}`;
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((e) => {
      try {
        return readFileSync(`/proc/${e}/cmdline`, 'utf8').includes(flag);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const profilesLeft = (parent: string) => readdirSync(parent).filter((n) => n.startsWith(PROFILE_PREFIX));

/** Waits until `check` holds, polling, for up to `ms`. */
async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

/**
 * The MediaBox of the PDF's first page, in whole points. Chromium lays the page out in
 * whole CSS pixels, so A4 (595.28 x 841.89 pt) comes out a point larger.
 */
function mediaBox(pdf: Buffer): [number, number] {
  const m = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  expect(m).not.toBeNull();
  return [Math.floor(Number(m![1])), Math.floor(Number(m![2]))];
}

/** A4 and Letter in points, as mediaBox reads them. */
const A4_PT = [595, 842];
const LETTER_PT = [612, 792];

/**
 * `print` run with a temporary folder of its own as TMPDIR, where printPdf makes its profile:
 * the browsers and profiles looked for are this print's, not those of another file's `vis
 * report --pdf` printing at the same time. The folder is returned with the result.
 */
async function inOwnTmp<T>(print: () => Promise<T>): Promise<{ parent: string; result: T }> {
  const parent = mkdtempSync(join(tmpdir(), 'vis-pdf-own-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = parent;
  try {
    return { parent, result: await print() };
  } finally {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
  }
}

function outFile(name: string): string {
  return join(mkdtempSync(join(tmpdir(), 'vis-pdf-')), name);
}

describe.skipIf(skip)('printPdf', () => {
  const chromium = chromiumPath!;

  /**
   * The sample printed to A4 once, watched while it prints: the tests of what a print
   * leaves and of what its PDF holds read the same file, a launch of Chromium each spared.
   */
  let a4: Promise<{ file: string; seen: number; parent: string }> | undefined;
  function printedA4(): Promise<{ file: string; seen: number; parent: string }> {
    a4 ??= (async () => {
      const file = outFile('report.pdf');
      let seen = 0;
      const { parent } = await inOwnTmp(async () => {
        const own = process.env.TMPDIR!;
        const printing = printPdf(SAMPLE, { paper: 'a4', env: process.env, chromium }).then((pdf) => writeFileSync(file, pdf));
        let done = false;
        void printing.finally(() => (done = true)).catch(() => undefined);
        while (!done) {
          seen = Math.max(seen, ourBrowsers(own).length);
          await new Promise((r) => setTimeout(r, 20));
        }
        await printing;
      });
      return { file, seen, parent };
    })();
    return a4;
  }

  let built: Promise<string> | undefined;
  /** The driver, bundled once against the built playwright-core. */
  const builtDriver = (): Promise<string> =>
    (built ??= (async () => {
      if (!existsSync(PLAYWRIGHT_LIB)) throw new Error('dist/lib/playwright/ is missing: run `npm run build` first (npm test does)');
      return bundleTestDriver('report-pdf-driver.ts', {
        name: 'built-playwright',
        setup(b) {
          b.onResolve({ filter: /^playwright-core$/ }, () => ({ path: PLAYWRIGHT_LIB, external: true }));
        },
      });
    })());

  async function startDriver(html: string, paper: 'a4' | 'letter') {
    const driver = await builtDriver();
    const dir = mkdtempSync(join(tmpdir(), 'vis-pdf-run-'));
    const htmlFile = join(dir, 'report.html');
    writeFileSync(htmlFile, html);
    const profiles = mkdtempSync(join(tmpdir(), 'vis-pdf-tmp-'));
    const child = spawn(process.execPath, [driver, htmlFile, join(dir, 'report.pdf'), paper], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', TMPDIR: profiles, VIS_CHROMIUM: chromium },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    return { child, pdf: join(dir, 'report.pdf'), profiles, exited, output: () => out };
  }

  /** The sample printed to Letter by the driver, in a process of its own: made once, for the driver's test and the paper sizes'. */
  let letter: Promise<Awaited<ReturnType<typeof startDriver>> & { code: number | null }> | undefined;
  const printedLetter = () =>
    (letter ??= (async () => {
      const run = await startDriver(SAMPLE, 'letter');
      return { ...run, code: await run.exited };
    })());

  it('prints a PDF, its browser seen while it prints and gone after, with its profile folder', async () => {
    const { file, seen, parent } = await printedA4();
    expect(seen).toBeGreaterThan(0);
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(ourBrowsers(parent)).toEqual([]);
    expect(profilesLeft(parent)).toEqual([]);
  });

  it.skipIf(noPdftotext)('pdftotext extracts one heading of each section, and the hostile text as text', async () => {
    const { file } = await printedA4();
    const r = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    for (const heading of HEADINGS) expect(r.stdout).toContain(heading);
    expect(r.stdout).toContain('<script>window.__visPwned=1</script>');
  });

  it('A4 and Letter are the paper sizes asked for (MediaBox in points)', async () => {
    const { file: a4 } = await printedA4();
    // The Letter print is the driver's (below): printPdf with paper 'letter', in a process of its own.
    const { code, pdf: letter, output } = await printedLetter();
    expect(code, output()).toBe(0);
    expect(mediaBox(readFileSync(a4))).toEqual(A4_PT);
    expect(mediaBox(readFileSync(letter))).toEqual(LETTER_PT);
  });

  describe('offline', () => {
    let hits: string[] = [];
    let base = '';
    const server = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/png' }).end();
    });
    beforeAll(async () => {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('a page without its CSP, pointing at a loopback server, fetches nothing from it while it prints', async () => {
      const html = WITHOUT_CSP.replace('https://example.com/x.png', `${base}/x.png`).replace(
        '</head>',
        `<link rel="stylesheet" href="${base}/style.css"></head>`,
      );
      expect(html).toContain(`${base}/x.png`);
      // The server answers and counts: a request from here is seen.
      await fetch(`${base}/probe`);
      expect(hits).toEqual(['/probe']);
      hits = [];
      const file = outFile('offline.pdf');
      writeFileSync(file, await printPdf(html, { paper: 'a4', env: process.env, chromium }));
      expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(hits).toEqual([]);
    });
  });

  it('a print that takes too long is stopped: a timeout error, and once it is thrown no browser process and no profile folder left', async () => {
    // On a busy machine the timeout may come while Chromium is still starting, or printing.
    const { parent } = await inOwnTmp(() =>
      expect(printPdf(busyFor(20_000), { paper: 'a4', env: process.env, chromium, timeoutMs: 2_000 })).rejects.toBeInstanceOf(PrintTimeoutError),
    );
    expect(ourBrowsers(parent)).toEqual([]);
    expect(profilesLeft(parent)).toEqual([]);
  });

  describe('in a process of its own, with the built playwright-core', () => {
    it('prints Letter through dist/lib/playwright/', async () => {
      const run = await printedLetter();
      expect(run.code, run.output()).toBe(0);
      expect(run.output()).toBe('printed\n');
      expect(mediaBox(readFileSync(run.pdf))).toEqual(LETTER_PT);
      expect(profilesLeft(run.profiles)).toEqual([]);
    });

    it('Ctrl-C while Chromium prints: exit 130 at once, and neither the browser nor its profile folder is left', async () => {
      const run = await startDriver(busyFor(20_000), 'a4');
      expect(await waitFor(() => ourBrowsers(run.profiles).length > 0 && profilesLeft(run.profiles).length > 0, 90_000)).toBe(true);
      run.child.kill('SIGINT');
      expect(await run.exited).toBe(130);
      expect(await waitFor(() => ourBrowsers(run.profiles).length === 0, 90_000)).toBe(true);
      expect(profilesLeft(run.profiles)).toEqual([]);
      expect(existsSync(run.pdf)).toBe(false);
    });
  });
});
