/**
 * The report on screen and on paper, made by vis: a Growth report at 1280 px
 * (the whole page, and its top as the README shows it) and printed to A4 by Chromium (the
 * PDF, and its first page as a PNG), kept as test artefacts (test/report/browser.ts says
 * where); and `vis report --pdf` itself: an agency's report of every brand printed to a PDF
 * whose text pdftotext extracts with one section per brand, A4 unless --paper letter,
 * written as -o is (into a FIFO another process reads, to stdout with -), leaving nothing
 * of the browser in HOME, and, with no Chromium to be found, refused (exit 2) before
 * anything is read. The built vis is spawned where the process is what is tested (a FIFO,
 * a pipe); every other report is made in-process.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTION_VIEWS } from '../../src/report/sections/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { artefactsDir, browserSkipReason, keep, openInChromium, type OpenedPage } from '../report/browser.js';
import { fakeClock } from '../support/context.js';
import { runWithEnv } from '../support/run.js';
import { cleanEnv, VIS } from './helpers.js';

const skip = browserSkipReason() !== undefined;
const noPoppler = spawnSync('pdftotext', ['-v']).error !== undefined || spawnSync('pdfinfo', ['-v']).error !== undefined;
if (!skip && noPoppler)
  console.warn('pdftotext or pdfinfo not found (poppler-utils): the PDF text tests are skipped; scripts/ci-deps.sh installs them as root');

/** The demo agency's brands, with the market each is reported in (its primary). */
const AGENCY = [
  { name: 'Bluepeak Outdoor', market: 'United States (English) (US-en)' },
  { name: 'Larkspur Dental', market: 'United Kingdom (English) (GB-en)' },
  { name: 'Copperline Payments', market: 'United States (English) (US-en)' },
];

/** A PNG's size from its IHDR chunk. */
function pngSize(path: string): { width: number; height: number } {
  const png = readFileSync(path);
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** pdfinfo's page count and page size (`594.96 x 841.92 pts (A4)`). */
function pdfInfo(file: string): { pages: number; size: string } {
  const r = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return { pages: Number(/^Pages:\s+(\d+)/m.exec(r.stdout)?.[1]), size: /^Page size:\s+(.+)$/m.exec(r.stdout)?.[1] ?? '' };
}

/** The environment of the spawned `vis report --pdf` runs: the Growth demo key, a HOME of their own. */
const growthEnv = cleanEnv({ VIS_API_KEY: 'vis_demo_growth' });

/** The built vis, its stdout kept as bytes. */
function runBytes(args: string[], cwd: string): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  const child = spawn(process.execPath, [VIS, ...args], { env: growthEnv, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => out.push(d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr })));
}

/**
 * `vis report --pdf FIFO --paper letter` spawned, with another process reading the FIFO:
 * made once, for the FIFO's test and for the Letter paper's (a print costs seconds).
 */
let fifoPrint: Promise<{ r: Awaited<ReturnType<typeof runBytes>>; fifo: string; read: string }> | undefined;
function printIntoFifo(): Promise<{ r: Awaited<ReturnType<typeof runBytes>>; fifo: string; read: string }> {
  fifoPrint ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-report-fifo-'));
    const fifo = join(dir, 'pdf.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const reader = spawn('sh', ['-c', 'cat "$1" > "$2"', 'sh', fifo, join(dir, 'read.pdf')], { stdio: 'ignore' });
    const read = new Promise((resolve) => reader.on('close', resolve));
    const r = await runBytes(['--demo', 'report', '-o', join(dir, 'r.html'), '--pdf', fifo, '--paper', 'letter'], dir);
    // Had vis not written into the FIFO (replaced it, or failed), the reader would wait forever: end it.
    if (r.code !== 0 || !lstatSync(fifo).isFIFO()) reader.kill();
    await read;
    return { r, fifo, read: join(dir, 'read.pdf') };
  })();
  return fifoPrint;
}

describe.skipIf(skip)('the Growth report on screen and on paper, kept as artefacts', { timeout: 120_000 }, () => {
  let opened: OpenedPage | undefined;
  let file = '';
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-report-shots-'));
    file = join(dir, 'report.html');
    const r = await runWithEnv(['--demo', 'report', '-o', file], { env: cleanEnv({ VIS_API_KEY: 'vis_demo_growth' }), clock: fakeClock(Date.now()) });
    expect(r.code, r.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await opened?.close();
  });
  /** The A4 print both A4 tests read, made once. */
  let a4: Promise<string> | undefined;
  const printA4 = async (): Promise<string> => {
    opened ??= await openInChromium({ file }, { width: 1280 });
    return opened.pdf('report-growth-a4.pdf', { format: 'A4' });
  };

  it('at 1280 px: the whole page, and its top (the README’s picture), as PNG', async () => {
    opened = await openInChromium({ file }, { width: 1280 });
    const whole = pngSize(await opened.screenshot('report-growth-1280.png', { fullPage: true }));
    expect(whole.width).toBe(1280);
    // Eleven sections with charts and tables: far more than one screen.
    expect(whole.height).toBeGreaterThan(4000);
    const top = await opened.screenshot('report-growth-top-1280.png', { fullPage: true, clip: { x: 0, y: 0, width: 1280, height: 980 } });
    expect(pngSize(top)).toEqual({ width: 1280, height: 980 });
    expect(readFileSync(top).length).toBeLessThan(300 * 1024);
  });

  it.skipIf(noPoppler)('printed to A4: a PDF of several A4 pages, its first page as PNG', async () => {
    const pdf = await (a4 ??= printA4());
    expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const info = pdfInfo(pdf);
    expect(info.size).toMatch(/\(A4\)$/);
    expect(info.pages).toBeGreaterThan(3);
    // The printed page itself, as poppler draws it at 96 dpi: 210 x 297 mm.
    const prefix = join(artefactsDir(), 'report-growth-a4-page');
    const r = spawnSync('pdftoppm', ['-png', '-r', '96', '-f', '1', '-l', '1', '-singlefile', pdf, prefix], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const page = keep(`${prefix}.png`);
    const size = pngSize(page);
    expect([Math.abs(size.width - 794) <= 2, Math.abs(size.height - 1123) <= 2]).toEqual([true, true]);
  });
  it.skipIf(noPoppler)('printed to A4: the first page holds the headline and the trend chart; no page ends on a section’s heading', async () => {
    const pdf = await (a4 ??= printA4());
    const pageText = (n: number) => {
      const r = spawnSync('pdftotext', ['-f', String(n), '-l', String(n), pdf, '-'], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      return r.stdout;
    };
    const first = pageText(1);
    for (const s of ['Headline figures', 'Visibility trend', 'Latest 7 days']) expect(first).toContain(s);
    // The chart's text alternative sits under it: the whole figure is on the first page.
    expect(first).toMatch(/Visibility score over \d+ (weeks|days|dates)/);
    // A heading, its lead or the line saying its window never ends a page, cut off from what it introduces.
    const openers = Object.values(SECTION_VIEWS).flatMap((v) => [v.title, v.lead]);
    const pages = pdfInfo(pdf).pages;
    for (let n = 1; n <= pages; n++) {
      const lines = pageText(n)
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== '');
      const last = lines.at(-1) ?? '';
      expect([n, openers.includes(last) || /^Over .+\.$/.test(last)], last).toEqual([n, false]);
    }
  });
});

describe.skipIf(skip || noPoppler)('vis report --pdf', { timeout: 180_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'vis-report-pdf-'));
  const env = cleanEnv({ VIS_API_KEY: 'vis_demo_agency' });

  /** Each paper's report is made once, by the first test that asks (the same run, the same files). */
  const made = new Map<string, Promise<{ pdf: string; html: string }>>();
  function printed(paper: string[]): Promise<{ pdf: string; html: string }> {
    const name = paper.join('') || 'default';
    if (!made.has(name)) made.set(name, print(name, paper));
    return made.get(name)!;
  }
  async function print(name: string, paper: string[]): Promise<{ pdf: string; html: string }> {
    const pdf = join(dir, `out-${name}.pdf`);
    const html = join(dir, `out-${name}.html`);
    const r = await runWithEnv(['--demo', 'report', '--all-brands', '--combined', '--pdf', pdf, '-o', html, ...paper], { env, clock: fakeClock(Date.now()) });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(readFileSync(html, 'utf8')).toMatch(/^<!doctype html>/);
    return { pdf, html };
  }

  it('an agency’s report of every brand: pdftotext finds each brand heading exactly once, each opening its section, in order', async () => {
    const { pdf } = await printed([]);
    copyFileSync(pdf, join(artefactsDir(), 'report-agency-a4.pdf'));
    keep(join(artefactsDir(), 'report-agency-a4.pdf'));
    // -layout keeps a table's row on one line, so a line that is a brand's name alone is its heading.
    const r = spawnSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.split('\n').map((l) => l.trim());
    const at: number[] = [];
    for (const brand of AGENCY) {
      const headings = lines.flatMap((l, i) => (l === brand.name ? [i] : []));
      expect([brand.name, headings.length]).toEqual([brand.name, 1]);
      at.push(headings[0]!);
      expect(lines.slice(headings[0]! + 1).find((l) => l !== '')).toMatch(new RegExp(`^${brand.market.replace(/[()]/g, '\\$&')}\\s`));
      // The comparison's row names it too, on a line of its own figures.
      expect(lines.some((l) => l.startsWith(`${brand.name} `) && l.includes(brand.market))).toBe(true);
    }
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(r.stdout).toContain('Every brand at a glance');
  });

  // The Letter print is the spawned one into a FIFO (below): the same command line but for the paper and the key.
  it('A4 by default, Letter with --paper letter (pdfinfo’s page size)', async () => {
    const a4 = pdfInfo((await printed([])).pdf);
    const { r, read } = await printIntoFifo();
    expect(r.code, r.stderr).toBe(0);
    const letter = pdfInfo(read);
    expect(a4.size).toMatch(/^59[45](\.\d+)? x 84[12](\.\d+)? pts \(A4\)$/);
    expect(letter.size).toMatch(/^612(\.\d+)? x 792(\.\d+)? pts \(letter\)$/);
  });

  // vis hands Chromium the command's environment with a profile of its own as HOME: the
  // same in-process as in a process of its own, so the prints above tell.
  it('leaves nothing of the browser in the user’s home: no crash reports in ~/.config, nothing in ~/.cache', async () => {
    await printed([]);
    await printIntoFifo();
    // The in-process print's home, and the spawned one's (the Letter paper).
    for (const home of [env.HOME as string, growthEnv.HOME as string]) {
      // vis's own compile cache (~/.cache/vis, on Node 22 and later) is the only thing allowed there.
      const inside = (folder: string) => (existsSync(join(home, folder)) ? readdirSync(join(home, folder)) : []);
      expect(inside('.config')).toEqual([]);
      expect(inside('.cache').filter((name) => name !== 'vis')).toEqual([]);
    }
  });
});

describe.skipIf(skip || noPoppler)('vis report --pdf written as -o is', { timeout: 180_000 }, () => {
  it('into a FIFO another process reads: the reader gets the whole PDF, the FIFO stays a FIFO', async () => {
    const { r, fifo, read } = await printIntoFifo();
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(pdfInfo(read).pages).toBeGreaterThan(0);
  });

  it('--pdf - into a pipe: stdout is the whole PDF, the HTML in its file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-report-stdout-'));
    const r = await runBytes(['--demo', 'report', '-o', join(dir, 'r.html'), '--pdf', '-'], dir);
    expect(r.code, r.stderr).toBe(0);
    writeFileSync(join(dir, 'piped.pdf'), r.stdout);
    expect(pdfInfo(join(dir, 'piped.pdf')).pages).toBeGreaterThan(0);
    expect(readFileSync(join(dir, 'r.html'), 'utf8')).toMatch(/^<!doctype html>/);
  });
});

describe('vis report --pdf with no Chromium to be found', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ quiet: true, rateLimitPerMinute: 1_000_000 });
  });
  afterAll(() => sandbox.close());

  it('CHROME_PATH names no file, with a browser on PATH: exit 2 naming CHROME_PATH, before any request; nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-report-badchrome-'));
    const onPath = mkdtempSync(join(tmpdir(), 'vis-chrome-path-'));
    writeFileSync(join(onPath, 'chromium'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const env = cleanEnv({ VIS_BASE_URL: sandbox.baseUrl, VIS_API_KEY: 'vis_demo_growth', CHROME_PATH: join(dir, 'no-such-chrome'), PATH: onPath });
    const before = sandbox.requests.length;
    const r = await runWithEnv(['report', '--pdf', join(dir, 'out.pdf'), '-o', join(dir, 'out.html')], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `vis: CHROME_PATH must name the browser's program, an executable file; "${join(dir, 'no-such-chrome')}" is not one: nothing was read`,
    );
    expect(sandbox.requests.slice(before)).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('no CHROME_PATH and PATH holds none: exit 2 with the install hint, before any request; nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-report-nochrome-'));
    const emptyPath = mkdtempSync(join(tmpdir(), 'vis-empty-path-'));
    const env = cleanEnv({ VIS_BASE_URL: sandbox.baseUrl, VIS_API_KEY: 'vis_demo_growth', PATH: emptyPath });
    const before = sandbox.requests.length;
    const r = await runWithEnv(['report', '--pdf', join(dir, 'out.pdf'), '-o', join(dir, 'out.html')], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--pdf needs Chromium or Google Chrome, and none was found: nothing was read/);
    expect(r.stderr).toMatch(/apt-get install chromium/);
    expect(r.stderr).toMatch(/CHROME_PATH/);
    expect(sandbox.requests.slice(before)).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync(join(dir, 'out.pdf'))).toBe(false);
  });
});
