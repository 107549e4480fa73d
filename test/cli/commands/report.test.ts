/**
 * `vis report` in-process: the flags refused before any request, the plan and --dry-run,
 * and the reads against the sandbox on loopback (its request log counts them), with the
 * renderer, the charts and the PDF printer handed in as fakes that keep the model.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCommand } from '../../../src/cli/commands/export/run.js';
import { defaultDeps } from '../../../src/cli/commands/report/deps.js';
import { failedSection, joinTrend } from '../../../src/cli/commands/report/model.js';
import { parseReportCommand, type RawReportOptions } from '../../../src/cli/commands/report/parse.js';
import { printFailure, requireChromium, runReport, shownPath, type ReportDeps, type ReportHistoryOpener } from '../../../src/cli/commands/report/run.js';
import type { ChartKit, ReportModel } from '../../../src/domain/report.js';
import { exitCodeFor, InterruptedError, PlanError, ServerError, UsageError } from '../../../src/errors.js';
import type { RecordedAnswer } from '../../../src/history/types.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/server.js';
import type { Fault } from '../../../src/sandbox/options.js';
import { createContext } from '../../../src/services/context.js';
import { fakeClock, testIO } from '../../support/context.js';
import { FakeHistory } from '../../support/fake-history.js';
import { sandboxControl } from '../../support/http.js';
import { FakeApi, ok } from '../../support/http.js';
import { runInProcess } from '../../support/run.js';
import { noTempFiles } from '../../support/files.js';
import { PrintTimeoutError } from '../../../src/report/pdf.js';

const NOW = Date.parse('2026-11-22T08:00:00Z');
const clock = fakeClock(NOW);
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ quiet: true, now: () => new Date(clock.t), rateLimitPerMinute: 1_000_000 });
});
afterAll(() => sandbox.close());

function home(key = 'vis_demo_growth', extra: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'vis-report-'));
  return {
    dir,
    env: { HOME: dir, VIS_CONFIG_DIR: join(dir, 'config'), VIS_API_KEY: key, VIS_BASE_URL: sandbox.baseUrl, VIS_RATE_LIMIT: '1000000', ...extra },
  };
}

/** Fakes for what src/report/ provides: the HTML is the model as JSON, so the tests read it back. */
function fakeDeps(o: { chromium?: boolean } = {}) {
  const printed: Array<{ paper: string; chromium: string; env: Record<string, string | undefined> }> = [];
  const kit = {} as ChartKit;
  const deps: ReportDeps = {
    charts: async () => kit,
    render: async (model, charts) => {
      expect(charts).toBe(kit);
      return JSON.stringify(model, (_k, v: unknown) => (v instanceof Uint8Array ? `bytes:${v.length}` : v));
    },
    pdf: async (html, { paper, chromium, env }) => {
      printed.push({ paper, chromium, env });
      return Buffer.from(`%PDF- of ${html.length} chars`);
    },
    findChromium: () => (o.chromium === false ? undefined : '/usr/bin/chromium'),
  };
  return { deps, printed };
}

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
  reads: string[];
  model: ReportModel | undefined;
  file: string | undefined;
}

/** parse and run as the declaration does, with the fakes; the reads are the sandbox's (the free /usage and /brands aside). */
async function report(
  raw: RawReportOptions,
  h = home(),
  o: { deps?: ReportDeps; load?: () => Promise<ReportDeps>; history?: ReportHistoryOpener; tty?: boolean | 'stderr' } = {},
): Promise<Outcome> {
  // A terminal wide enough for a temporary folder's path on one line (a narrower one wraps the summary at spaces).
  const io = testIO(o.tty ? { stdoutIsTTY: o.tty === true, stderrIsTTY: true, columns: 300 } : {});
  const ctx = createContext(io, h.env, '0.0.0-test', new AbortController().signal, { clock, random: () => 0.5 });
  const before = sandbox.requests.length;
  let code = 0;
  const deps = o.deps ?? fakeDeps().deps;
  try {
    const options = parseReportCommand(ctx, raw, h.dir);
    await runReport(options, ctx, o.load ?? (async () => deps), o.history);
  } catch (err) {
    code = exitCodeFor(err);
    io.stderr.write(`${(err as Error).message}\n`);
  }
  const reads = sandbox.requests
    .slice(before)
    .filter((r) => !['/brands', '/usage'].includes(r.path))
    .map((r) => `${r.path}${r.query.market ? ` ${r.query.market}` : ''}`);
  const toStdout = raw.output === '-' || raw.output === '/dev/stdout';
  const file = toStdout ? undefined : raw.output !== undefined ? resolve(h.dir, raw.output) : findReport(h.dir);
  const text = toStdout ? io.out() : file && existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  return { code, stdout: io.out(), stderr: io.err(), reads, model: text?.startsWith('{') ? (JSON.parse(text) as ReportModel) : undefined, file };
}

function findReport(dir: string): string | undefined {
  const name = ['report-northwind-crm-2026-11-22.html', 'report-agency-2026-11-22.html'].find((n) => existsSync(join(dir, n)));
  return name === undefined ? undefined : join(dir, name);
}

async function setFaults(faults: Fault[]): Promise<void> {
  expect(await sandboxControl(sandbox.baseUrl, '/__sandbox/faults', faults)).toBe(204);
}

describe('vis report: flags refused before any request (exit 2)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vis-report-flags-'));
  const svg = join(dir, 'logo.svg');
  writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  const big = join(dir, 'big.png');
  writeFileSync(big, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1024 * 1024)]));
  const png = join(dir, 'logo.png');
  writeFileSync(png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
  const link = join(dir, 'link.png');
  symlinkSync(png, link);
  mkdirSync(join(dir, 'folder.html'));

  it.each([
    [['--accent', 'red'], /--accent must be a colour written #rgb or #rrggbb.*"red"/],
    [['--accent', '#12345'], /--accent must be a colour/],
    [['--accent', '#ggg'], /--accent must be a colour/],
    [['--locale', 'not a locale'], /--locale must be a BCP 47 language tag.*"not a locale"/],
    [['--logo', svg], /--logo must be a PNG or JPEG image/],
    [['--logo', big], /--logo must be at most 1 MiB/],
    [['--logo', link], /--logo must be a regular file: .* is a symbolic link/],
    [['--logo', join(dir, 'missing.png')], /--logo: cannot read .*missing.png \(ENOENT\)/],
    [['--logo', dir], /--logo must be a regular file: .* is not a regular file/],
    [['-o', join(dir, 'folder.html')], /--output must name a file, not a folder/],
    // A folder by its spelling, though it does not exist: never written as a file of that name.
    [['-o', join(dir, 'newdir') + '/'], /--output must name a file, not a folder \(got ".*newdir\/"\)\n.*--dir FOLDER/],
    [['--pdf', join(dir, 'newpdf') + '/.'], /--pdf must name a file, not a folder/],
    [['-o', join(dir, 'nowhere', 'r.html')], /--output: the folder .*nowhere does not exist or is not writable/],
    [['--pdf', join(dir, 'folder.html')], /--pdf must name a file, not a folder/],
    [['--pdf', join(dir, 'nowhere', 'r.pdf')], /--pdf: the folder .*nowhere does not exist or is not writable/],
    [['--pdf', ' '], /--pdf must name a file, or - for stdout/],
    [['-o', '-', '--pdf', '-'], /--output and --pdf cannot both be - \(stdout\)/],
    [['-o', join(dir, 'same.html'), '--pdf', join(dir, 'same.html')], /--output and --pdf name the same file/],
    [['--paper', 'a3'], /--paper must be a4 or letter \(got "a3"\)/],
    [['--brand', 'A', '--all-brands'], /--brand and --all-brands cannot be used together/],
    [['--market', 'US-en', '--all-markets'], /--market and --all-markets cannot be used together/],
    [['--days', '91'], /--days/],
    [['--days', '7', '--from', '2026-11-01'], /--days and --from cannot be used together/],
  ])('vis report %j', async (args, message) => {
    const api = new FakeApi();
    const r = await runInProcess(['report', ...args], { api });
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
    expect(r.requests).toEqual([]);
  });

  it('--pdf without a Chromium: exit 2 saying how to get one, before any request', async () => {
    const r = await report({ pdf: join(dir, 'r.pdf') }, home(), { deps: fakeDeps({ chromium: false }).deps });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--pdf needs Chromium or Google Chrome/);
    expect(r.reads).toEqual([]);
    const noBrowser = (() => {
      try {
        requireChromium({ findChromium: () => undefined }, {});
      } catch (err) {
        return err as UsageError;
      }
    })();
    expect(noBrowser?.hint).toBe(
      'Install one (apt-get install chromium), or set CHROME_PATH to its program; or open the HTML in a browser and print it to PDF.',
    );
    expect(requireChromium({ findChromium: (env) => env.CHROME_PATH }, { CHROME_PATH: '/opt/chrome' })).toBe('/opt/chrome');
  });

  it('--dry-run with --pdf needs no Chromium: it prints nothing', async () => {
    const r = await report({ pdf: join(dir, 'r.pdf'), dryRun: true }, home(), { deps: fakeDeps({ chromium: false }).deps });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^vis report: /);
    expect(existsSync(join(dir, 'r.pdf'))).toBe(false);
  });

  it('a renderer that cannot load: refused before any request', async () => {
    const before = sandbox.requests.length;
    const r = await report({}, home(), {
      load: async () => {
        throw new UsageError('no renderer');
      },
    });
    expect(r.code).toBe(2);
    expect(sandbox.requests.length).toBe(before);
  });

  it('the look: --accent #rgb as #rrggbb, --locale canonical, the logo embedded, the title as typed, --paper letter', () => {
    const h = home();
    const ctx = createContext(testIO(), h.env, '0.0.0-test', new AbortController().signal, { clock });
    const o = parseReportCommand(ctx, { accent: '#0A7', locale: 'de-de', logo: png, title: '<b>Q4</b>', paper: 'Letter' }, h.dir);
    expect(o.look).toEqual({
      title: '<b>Q4</b>',
      accent: '#00aa77',
      locale: 'de-DE',
      paper: 'letter',
      logo: { mime: 'image/png', bytes: new Uint8Array(readFileSync(png)) },
    });
    const jpeg = join(dir, 'logo.jpg');
    writeFileSync(jpeg, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]));
    expect(parseReportCommand(ctx, { logo: jpeg }, h.dir).look.logo?.mime).toBe('image/jpeg');
  });

  it('defaults: 30 days to the API’s today, the house look, the locale from LANG (else LC_MESSAGES, LC_ALL first)', () => {
    const h = home('vis_demo_growth', { LANG: 'fr_FR.UTF-8' });
    const ctx = createContext(testIO(), h.env, '0.0.0-test', new AbortController().signal, { clock });
    const o = parseReportCommand(ctx, {}, h.dir);
    expect(o.period).toEqual({ days: 30 });
    expect(o.span).toEqual({ from: '2026-10-24', to: '2026-11-22', days: 30 });
    expect(o.look).toEqual({ title: 'AI visibility report', accent: '#1f5fbf', locale: 'fr-FR', paper: 'a4', logo: null });
    expect(o.output).toBeUndefined();
    const env = (e: Record<string, string>) => createContext(testIO(), { ...h.env, ...e }, '0', new AbortController().signal, { clock });
    expect(parseReportCommand(env({ LC_ALL: 'de_AT.UTF-8', LC_MESSAGES: 'it_IT' }), {}, h.dir).look.locale).toBe('de-AT');
    expect(parseReportCommand(env({ LC_MESSAGES: 'it_IT' }), {}, h.dir).look.locale).toBe('it-IT');
    const fallback = new Intl.NumberFormat().resolvedOptions().locale;
    expect(parseReportCommand(env({ LANG: 'C.UTF-8' }), {}, h.dir).look.locale).toBe(fallback);
    expect(parseReportCommand(env({}), { from: '2026-11-01', to: '2026-11-10' }, h.dir).span).toEqual({ from: '2026-11-01', to: '2026-11-10', days: 10 });
    expect(parseReportCommand(env({}), { from: '2026-11-20' }, h.dir).span).toEqual({ from: '2026-11-20', to: '2026-11-22', days: 3 });
    expect(parseReportCommand(env({}), { days: '7', output: '-' }, h.dir)).toMatchObject({ output: '-', span: { from: '2026-11-16', days: 7 } });
  });
});

describe('vis report --pdf: written as -o is', () => {
  /** The fake printer's PDF of the report `report()` writes. */
  const PDF = /^%PDF- of \d+ chars$/;

  it('a FIFO stays a FIFO, its reader gets the PDF', async () => {
    const h = home();
    const fifo = join(h.dir, 'pdf.fifo');
    execFileSync('mkfifo', [fifo]);
    const cat = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'inherit'] });
    let got = '';
    cat.stdout.setEncoding('utf8').on('data', (d: string) => (got += d));
    const closed = new Promise((resolve) => cat.on('close', resolve));
    const r = await report({ output: 'r.html', pdf: fifo }, h);
    // Had the PDF not gone into the FIFO, its reader would wait forever: end it.
    if (r.code !== 0 || !lstatSync(fifo).isFIFO()) cat.kill();
    await closed;
    expect(r.code, r.stderr).toBe(0);
    expect(got).toMatch(PDF);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('a device stays a device', async () => {
    const h = home();
    const device = join(h.dir, 'null');
    execFileSync('mknod', [device, 'c', '1', '3']);
    const r = await report({ output: 'r.html', pdf: device }, h);
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(device).isCharacterDevice()).toBe(true);
  });

  it('a link to /dev/stdout is the command’s stdout, and stays a link; - is stdout', async () => {
    const h = home();
    symlinkSync('/dev/stdout', join(h.dir, 'out.pdf'));
    const linked = await report({ output: 'r.html', pdf: 'out.pdf' }, h);
    expect(linked.code, linked.stderr).toBe(0);
    expect(linked.stdout).toMatch(PDF);
    expect(lstatSync(join(h.dir, 'out.pdf')).isSymbolicLink()).toBe(true);
    const dash = await report({ output: 'r.html', pdf: '-' }, h);
    expect(dash.code, dash.stderr).toBe(0);
    expect(dash.stdout).toMatch(PDF);
    expect(readFileSync(join(h.dir, 'r.html'), 'utf8')).toMatch(/^\{/);
  });

  it('a dangling link: the file it names is made, the link stays', async () => {
    const h = home();
    symlinkSync('made.pdf', join(h.dir, 'link.pdf'));
    const r = await report({ output: 'r.html', pdf: 'link.pdf' }, h);
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(join(h.dir, 'link.pdf')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(h.dir, 'made.pdf'), 'utf8')).toMatch(PDF);
  });

  it('-o and --pdf on one file (the same name, a hard link, a link to it): exit 2 before any request, the file untouched', async () => {
    const h = home();
    writeFileSync(join(h.dir, 'r.html'), 'old');
    linkSync(join(h.dir, 'r.html'), join(h.dir, 'hard.html'));
    symlinkSync('r.html', join(h.dir, 'soft.html'));
    for (const pdf of ['r.html', 'hard.html', 'soft.html']) {
      const before = sandbox.requests.length;
      const r = await report({ output: 'r.html', pdf }, h);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^--output and --pdf name the same file \(/);
      expect(sandbox.requests.length).toBe(before);
    }
    expect(readFileSync(join(h.dir, 'r.html'), 'utf8')).toBe('old');
  });

  it('--pdf naming the default HTML file: exit 2 once the name is known, before any read is spent', async () => {
    const h = home();
    const r = await report({ pdf: 'report-northwind-crm-2026-11-22.html' }, h);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`--output and --pdf name the same file (${join(h.dir, 'report-northwind-crm-2026-11-22.html')}): give each its own\n`);
    expect(r.reads).toEqual([]);
    expect(existsSync(join(h.dir, 'report-northwind-crm-2026-11-22.html'))).toBe(false);
  });

  it('--pdf on a terminal says it is printing before Chromium starts, so a slow first start does not look hung', async () => {
    const h = home();
    const r = await report({ output: 'r.html', pdf: 'r.pdf' }, h, { tty: 'stderr' });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('vis report: printing r.pdf with Chromium…\n');
    const piped = await report({ output: 'r.html', pdf: 'r.pdf' }, h);
    expect(piped.stderr).not.toContain('printing');
  });

  // The spinner may come first, on a busy machine: the line is the last.
  it('stderr on a terminal: one line names the files, and what went to stdout', async () => {
    const h = home();
    const pdf = await report({ output: 'r.html', pdf: '-' }, h, { tty: 'stderr' });
    expect(pdf.code).toBe(0);
    expect(pdf.stderr).toMatch(new RegExp(`vis report: wrote r\\.html, the PDF is on stdout; \\d+ reads? spent\n$`));
    const html = await report({ output: '-', pdf: 'r.pdf' }, h, { tty: 'stderr' });
    expect(html.stderr).toMatch(new RegExp(`vis report: wrote r\\.pdf, the report is on stdout; \\d+ reads? spent\n$`));
    const files = await report({ output: 'r.html', pdf: 'r.pdf' }, h, { tty: 'stderr' });
    expect(files.stderr).toMatch(new RegExp(`vis report: wrote r\\.html and r\\.pdf; \\d+ reads? spent\n$`));
    // Outside the current folder, the path is whole.
    const outside = mkdtempSync(join(tmpdir(), 'vis-report-out-'));
    const away = await report({ output: join(outside, 'r.html') }, h, { tty: 'stderr' });
    expect(away.stderr).toMatch(new RegExp(`vis report: wrote ${outside}/r\\.html; \\d+ reads? spent\n$`));
    const stdout = await report({ output: '-' }, h, { tty: 'stderr' });
    expect(stdout.stderr).toMatch(/vis report: the report is on stdout; \d+ reads? spent\n$/);
  });
});

describe('vis report: the charts it keeps', () => {
  it('are kept in the cache folder the environment names, and nowhere with the cache off', async () => {
    const seen: Array<Record<string, string | undefined>> = [];
    const spy = (): ReportDeps => {
      const { deps } = fakeDeps();
      return { ...deps, charts: async (env) => (seen.push({ ...env }), deps.charts(env)) };
    };
    const on = home();
    expect((await report({}, on, { deps: spy() })).code).toBe(0);
    expect(seen[0]?.HOME).toBe(on.dir);
    for (const [raw, extra] of [
      [{ cache: false }, {}],
      [{}, { VIS_CACHE: 'off' }],
    ] as const) {
      const off = home('vis_demo_growth', extra);
      expect((await report(raw, off, { deps: spy() })).code).toBe(0);
      expect(seen.at(-1)).toEqual({});
    }
  });
});

describe('vis report: the files it wrote, as named on stderr', () => {
  it('relative to the current folder when inside it, else absolute', () => {
    expect(shownPath('/home/u/vis/report-acme-2026-11-28.html', '/home/u/vis')).toBe('report-acme-2026-11-28.html');
    expect(shownPath('/home/u/vis/rep/report-acme-2026-11-28.html', '/home/u/vis')).toBe(join('rep', 'report-acme-2026-11-28.html'));
    expect(shownPath('/home/u/other/r.html', '/home/u/vis')).toBe('/home/u/other/r.html');
    expect(shownPath('/home/u/vis..old/r.html', '/home/u/vis')).toBe('/home/u/vis..old/r.html');
    expect(shownPath('/home/u/vis/..r.html', '/home/u/vis')).toBe('..r.html');
    expect(shownPath('/home/u/vis', '/home/u/vis')).toBe('/home/u/vis');
  });
});

describe('vis report: the plan', () => {
  it('--dry-run prints each section’s read and the cost, and reads nothing (nor loads the renderer)', async () => {
    const r = await report({ dryRun: true }, home(), {
      load: () => {
        throw new Error('loaded');
      },
    });
    expect(r.code).toBe(0);
    expect(r.reads).toEqual([]);
    expect(r.stdout).toContain('vis report: 2026-10-24 to 2026-11-22 (30 days)');
    expect(r.stdout).toMatch(/headline +vis overview --days 30 {2}1 read/);
    expect(r.stdout).toMatch(/trend +vis visibility {2}1 read/);
    // The data commands that make the reads, in the user's words: no API path, no internal name.
    expect(r.stdout).not.toMatch(/GET \/|market primary|history store/);
    expect(r.stdout).toMatch(/^ {2}changes +the recorded history {2}free$/m);
    expect(r.stdout).toContain('Reads: 10, none cached: 10 to spend');
    expect(r.stdout).toMatch(/^Reads left this month: \d{1,3}(,\d{3})+$/m);
    expect(r.model).toBeUndefined();
  });

  it('cached reads are free: after a report, the dry run of the same period counts them cached', async () => {
    const h = home();
    expect((await report({}, h)).code).toBe(0);
    const r = await report({ dryRun: true }, h);
    expect(r.stdout).toContain('Reads: 10, all 10 cached (free): nothing to spend');
    expect(r.stdout).toMatch(/headline .* cached, free/);
    const other = await report({ dryRun: true, days: '7' }, h);
    expect(other.stdout).toContain('Reads: 10, 6 cached (free): 4 to spend');
  });

  it('with several markets, perception and the technical scan are read once per brand', async () => {
    const r = await report({ dryRun: true, market: 'US-en,GB-en' });
    expect(r.stdout).toContain('Reads: 18, none cached');
    expect(r.stdout.match(/perception .* read above/g)).toHaveLength(1);
    expect(r.stdout.match(/technical .* read above/g)).toHaveLength(1);
  });

  it('refused with exit 6 when the reads left do not cover it, before any read (and the dry run says so)', async () => {
    const h = home('vis_demo_exhausted');
    const dry = await report({ dryRun: true }, h);
    expect(dry.code).toBe(6);
    expect(dry.stdout).toMatch(/Refused: the report needs 10 reads/);
    const r = await report({}, h);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/needs 10 reads/);
    expect(r.reads).toEqual([]);
    expect(r.model).toBeUndefined();
  });
});

describe('vis report: the reads and the model', () => {
  it('a Growth account: every section is data, one scope, the plan’s label, default file name', async () => {
    const h = home();
    const r = await report({}, h, { tty: true });
    expect(r.code).toBe(0);
    expect(r.file).toBe(join(h.dir, 'report-northwind-crm-2026-11-22.html'));
    expect(r.reads).toHaveLength(10);
    const m = r.model!;
    expect(m.period).toEqual({ from: '2026-10-24', to: '2026-11-22', days: 30 });
    expect(m.madeAt).toBe(clock.t);
    expect(m.look.title).toBe('AI visibility report');
    expect(m.scopes).toHaveLength(1);
    const s = m.scopes[0]!;
    expect(s.brand.name).toBe('Northwind CRM');
    expect(s.plan).toBe('Growth');
    expect(s.market?.code).toBeTruthy();
    for (const [id, section] of Object.entries(s.sections)) if (id !== 'changes') expect([id, section.kind]).toEqual([id, 'data']);
    const weeks = (s.sections.trend as { data: { history: unknown[] } }).data.history;
    expect(weeks).toHaveLength(12);
    expect(s.trend).toHaveLength(weeks.length);
    // After the spinner, when the reads took long enough to show it (a busy machine).
    expect(r.stderr.endsWith(`vis report: wrote ${basename(r.file!)}; 10 reads spent\n`), r.stderr).toBe(true);
  });

  it('a Monitor account: the plan’s sections say what they need, and the command exits 0', async () => {
    const r = await report({ output: 'monitor.html' }, home('vis_demo_monitor'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const s = r.model!.scopes[0]!;
    expect(s.sections.perception).toEqual({ kind: 'plan', needs: 'Pro or Growth' });
    expect(s.sections.tasks).toEqual({ kind: 'plan', needs: 'Pro or Growth' });
    expect(s.sections.headline.kind).toBe('data');
  });

  it('a read that fails: its section says so, the file is still written, the exit code is the failure’s', async () => {
    await setFaults([{ path: '/competitors', kind: 'status', status: 404, code: 'not_found' }]);
    try {
      const h = home();
      const r = await report({ output: join(h.dir, 'out.html') }, h);
      expect(r.code).toBe(5);
      expect(r.stderr).toMatch(/a section could not be read .*the report was written/);
      const s = r.model!.scopes[0]!;
      expect(s.sections['share-of-voice']).toMatchObject({ kind: 'failed', code: 'not_found', exitCode: 5 });
      expect(s.sections.topics.kind).toBe('data');
    } finally {
      await setFaults([]);
    }
  });

  it('the first failure in section order sets the exit code', async () => {
    await setFaults([
      { path: '/tasks', kind: 'status', status: 404, code: 'not_found' },
      { path: '/topics', kind: 'status', status: 500, code: 'internal_error' },
    ]);
    try {
      const r = await report({ output: '-' });
      expect(r.code).toBe(7);
      expect(r.model!.scopes[0]!.sections.topics).toMatchObject({ kind: 'failed', exitCode: 7 });
      expect(r.model!.scopes[0]!.sections.tasks).toMatchObject({ kind: 'failed', exitCode: 5 });
    } finally {
      await setFaults([]);
    }
  });

  it('--all-brands --combined on the agency key: one file holding every brand, the agency file name', async () => {
    const h = home('vis_demo_agency');
    const r = await report({ allBrands: true, combined: true }, h);
    expect(r.code).toBe(0);
    expect(r.file).toBe(join(h.dir, 'report-agency-2026-11-22.html'));
    expect(r.model!.scopes.map((s) => s.brand.name)).toEqual(['Bluepeak Outdoor', 'Larkspur Dental', 'Copperline Payments']);
    expect(r.model!.internal).toBe(true);
    expect(r.reads).toHaveLength(30);
  });

  it('--combined on the agency key without --brand: every brand, as --all-brands --combined', async () => {
    const h = home('vis_demo_agency');
    const r = await report({ combined: true }, h);
    expect(r.code).toBe(0);
    expect(r.file).toBe(join(h.dir, 'report-agency-2026-11-22.html'));
    expect(r.model!.scopes.map((s) => s.brand.name)).toEqual(['Bluepeak Outdoor', 'Larkspur Dental', 'Copperline Payments']);
    expect(r.model!.internal).toBe(true);
  });

  it('--combined --brand A,B: those brands in one file', async () => {
    const r = await report({ combined: true, brand: '201,203' }, home('vis_demo_agency'));
    expect(r.code).toBe(0);
    expect(r.model!.scopes.map((s) => s.brand.name)).toEqual(['Bluepeak Outdoor', 'Copperline Payments']);
    expect(r.model!.internal).toBe(true);
  });

  it('several brands and none named: refused naming the flags, with no API code in brackets (exit 2), nothing read', async () => {
    const h = home('vis_demo_agency');
    const r = await runInProcess(['report', '--dir', h.dir], { env: h.env, baseUrl: sandbox.baseUrl, realTransport: true });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'vis: this account has 3 brands: name them with --brand A,B, or report them all with --all-brands (one file each) or --combined (one file)\n',
    );
    expect(r.stderr).not.toContain('[');
  });

  it('--all-brands --all-markets --combined: one scope per brand × market, perception and technical read once per brand', async () => {
    const r = await report({ allBrands: true, allMarkets: true, combined: true }, home('vis_demo_agency'));
    expect(r.code).toBe(0);
    expect(r.model!.scopes.map((s) => `${s.brand.id} ${s.market?.code}`)).toEqual([
      '201 US-en',
      '201 CA-en',
      '202 GB-en',
      '203 US-en',
      '203 GB-en',
      '203 AU-en',
    ]);
    expect(r.reads).toHaveLength(6 * 8 + 3 * 2);
    expect(r.reads.filter((q) => q.startsWith('/technical'))).toEqual(['/technical US-en', '/technical GB-en', '/technical US-en']);
    const copperline = r.model!.scopes.filter((s) => s.brand.id === '203');
    expect(copperline[2]!.sections.technical).toEqual(copperline[0]!.sections.technical);
  });

  it('-o /dev/stdout is written where it points, as a shell redirect; a file is written whole, no temp file left', async () => {
    const r = await report({ output: '/dev/stdout' });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).scopes).toHaveLength(1);
    const h = home();
    const out = await report({ output: 'r.html' }, h);
    expect(out.model!.scopes).toHaveLength(1);
    expect(noTempFiles(h.dir)).toEqual([]);
  });

  it('after the morning’s export of the same period, the report reads nothing', async () => {
    const h = home();
    const ctx = createContext(testIO(), h.env, '0.0.0-test', new AbortController().signal, { clock, random: () => 0.5 });
    await exportCommand(ctx, { dir: join(h.dir, 'export'), days: '30', quiet: true });
    const r = await report({}, h, { tty: true });
    expect(r.code).toBe(0);
    expect(r.reads).toEqual([]);
    expect(r.stderr).toMatch(/; 0 reads spent\n$/);
    expect(Object.values(r.model!.scopes[0]!.sections).filter((s) => s.kind === 'data')).toHaveLength(10);
  });

  it('-o - writes the HTML to stdout; --pdf prints it after the HTML, handing the browser the command’s environment', async () => {
    const h = home();
    const { deps, printed } = fakeDeps();
    const r = await report({ output: '-', pdf: 'r.pdf', paper: 'letter' }, h, { deps });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).scopes).toHaveLength(1);
    expect(printed).toEqual([{ paper: 'letter', chromium: '/usr/bin/chromium', env: h.env }]);
    expect(readFileSync(join(h.dir, 'r.pdf'), 'utf8')).toMatch(/^%PDF- of \d+ chars$/);
  });

  it('--pdf starts the Chromium the command’s environment names (CHROME_PATH), not the one the process’s would find', async () => {
    const h = home();
    const started = join(h.dir, 'started');
    const browser = join(h.dir, 'my-chromium');
    // A "browser" that only says it was started: the real one on this machine's PATH must not be the one used.
    writeFileSync(browser, `#!/bin/sh\necho started > '${started}'\nexit 1\n`, { mode: 0o755 });
    const r = await report({ output: 'r.html', pdf: 'r.pdf' }, { ...h, env: Object.assign({ CHROME_PATH: browser }, h.env) }, { deps: await defaultDeps() });
    expect(existsSync(started)).toBe(true);
    expect(existsSync(join(h.dir, 'r.pdf'))).toBe(false);
    // A browser that will not print is the machine's trouble, not a bug: one line, exit 2, and the HTML is there to print.
    expect(r.code).toBe(2);
    expect(r.stderr.startsWith(`--pdf: ${browser} could not print the report (`)).toBe(true);
    expect(r.stderr).toMatch(/^[^\n]*\)\n$/);
    expect(readFileSync(join(h.dir, 'r.html'), 'utf8')).toMatch(/^<!doctype html>/);
  });

  it.each([
    ['pro', 'Pro or Growth'],
    ['pitch-reports', 'a plan with pitch reports'],
    ['any', 'any plan'],
  ] as const)('a section of a %s endpoint the plan does not include needs "%s"', (plan, needs) => {
    expect(failedSection({ plan }, new PlanError('not in your plan', { code: 'feature_not_in_plan' }))).toEqual({ kind: 'plan', needs });
  });

  it('an integration not connected leaves its section empty, saying why; any other failure is noted with its code and exit code', () => {
    const spec = { plan: 'any' } as const;
    expect(failedSection(spec, new PlanError('Search Console is not connected', { code: 'integration_not_connected' }))).toEqual({
      kind: 'none',
      why: 'Search Console is not connected',
    });
    expect(failedSection(spec, new PlanError('plan inactive', { code: 'plan_inactive' }))).toEqual({
      kind: 'failed',
      code: 'plan_inactive',
      message: 'plan inactive',
      exitCode: 4,
    });
  });

  it('a print that fails: its first line, exit 2, and where the HTML is; Ctrl-C and vis’s own errors as they are', () => {
    const timeout = printFailure(new PrintTimeoutError(60_000), '/opt/chrome', '/r/report.html');
    expect([timeout.message, timeout.hint, exitCodeFor(timeout)]).toEqual([
      '--pdf: /opt/chrome could not print the report (Chromium did not print the report within 60 s; it was stopped)',
      'The HTML is written (/r/report.html): open it in a browser and print it to PDF, or set CHROME_PATH to another Chromium or Google Chrome.',
      2,
    ]);
    const crash = printFailure(new Error('page.pdf: crashed\nCall log:\n  - lots'), '/opt/chrome', '-');
    expect([crash.message, crash.hint]).toEqual([
      '--pdf: /opt/chrome could not print the report (page.pdf: crashed)',
      'The HTML went to stdout: open it in a browser and print it to PDF, or set CHROME_PATH to another Chromium or Google Chrome.',
    ]);
    expect(printFailure('  odd  \n more', '/c', '-').message).toBe('--pdf: /c could not print the report (odd)');
    const interrupted = new InterruptedError();
    expect(printFailure(interrupted, '/c', '-')).toBe(interrupted);
  });

  it('the trend is week by week: the history’s daily scans before the API’s weeks are one point a week, its last day’s', () => {
    const weeks = [
      { date: '2026-09-06', value: 35 },
      { date: '2026-09-13', value: 36 },
    ];
    const days = ['2026-08-29', '2026-08-30', '2026-08-31', '2026-09-01', '2026-09-05', '2026-09-06'].map((date, i) => ({ date, value: 30 + i }));
    expect(joinTrend(days, weeks)).toEqual([{ date: '2026-08-23', value: 30 }, { date: '2026-08-30', value: 34 }, ...weeks]);
    expect(joinTrend([], weeks)).toEqual(weeks);
    expect(joinTrend([], [])).toEqual([]);
    // No week from the API: the weeks end on the last scan day.
    expect(joinTrend(days.slice(0, 3), [])).toEqual([{ date: '2026-08-25', value: 32 }]);
    expect(joinTrend(days.slice(0, 1), [])).toEqual([{ date: '2026-08-23', value: 30 }]);
  });

  it('the trend: the history’s scan days before the API’s weeks; changes over the period', async () => {
    const answer = (day: string, score: number | null, raw?: string): RecordedAnswer => ({
      api: sandbox.baseUrl.replace(/\/+$/, ''),
      brandId: '101',
      market: 'US-en',
      endpoint: 'visibility',
      item: '',
      query: '',
      day,
      fetchedAt: Date.parse(`${day}T10:00:00Z`),
      raw: raw ?? JSON.stringify({ data: { score, history: [] } }),
    });
    const fake = new FakeHistory([answer('2026-06-01', 21), answer('2026-06-02', null), answer('2026-06-03', 0, 'not json'), answer('2026-11-20', 40)]);
    let closed = 0;
    const r = await report({}, home(), { history: async () => Object.assign(fake, { close: async () => void closed++ }) });
    expect(r.code).toBe(0);
    expect(closed).toBe(1);
    const s = r.model!.scopes[0]!;
    expect(s.brand.id).toBe('101');
    // Jun 1 and 2 fall in one week, counted back from the API's first: its last day's score.
    const first = Date.parse(`${s.trend[1]!.date}T00:00:00Z`);
    expect(s.trend[0]!.value).toBeNull();
    expect(Date.parse(`${s.trend[0]!.date}T00:00:00Z`)).toBeLessThanOrEqual(Date.parse('2026-06-01T00:00:00Z'));
    expect((first - Date.parse(`${s.trend[0]!.date}T00:00:00Z`)) % (7 * 86_400_000)).toBe(0);
    expect(s.trend.slice(1).every((p) => p.date > '2026-08-01')).toBe(true);
    expect(s.trend.find((p) => p.date === '2026-11-20')).toBeUndefined();
    expect(s.sections.changes.kind).toBe('data');
  });

  it('no history (off, or it cannot be opened): the API’s weeks alone, changes none, the report made', async () => {
    const off = await report({}, home(), { history: async () => undefined });
    expect(off.code).toBe(0);
    expect(off.model!.scopes[0]!.sections.changes).toEqual({ kind: 'none', why: 'the history is off: nothing has been recorded to compare' });
    const broken = await report({}, home(), {
      history: async () => {
        throw new Error('locked');
      },
    });
    expect(broken.code).toBe(0);
    expect(broken.stderr).toMatch(/warning: the history could not be read.*locked/);
    expect(broken.model!.scopes[0]!.sections.changes).toEqual({ kind: 'none', why: 'History unavailable.' });
    expect(broken.model!.scopes[0]!.trend).toHaveLength(12);
  });

  it('a history that fails while it is read (a server gone, a timeout): History unavailable., the detail on stderr, the store closed', async () => {
    const fake = new FakeHistory([]);
    let closed = 0;
    const url = 'postgresql://vis_writer:***@db.example.com/analytics';
    const r = await report({}, home(), {
      history: async () =>
        Object.assign(fake, {
          answers: async () => {
            throw new ServerError(`the PostgreSQL history ${url} stopped answering: no answer within 35 s`);
          },
          close: async () => {
            closed++;
            throw new Error('already gone');
          },
        }),
    });
    expect(r.code).toBe(0);
    expect(closed).toBe(1);
    expect(r.model!.scopes[0]!.sections.changes).toEqual({ kind: 'none', why: 'History unavailable.' });
    expect(JSON.stringify(r.model)).not.toContain('db.example.com');
    expect(r.stderr).toContain(
      `vis: warning: the history could not be read, so the report has no longer trend: the PostgreSQL history ${url} stopped answering`,
    );
    const quiet = await report({ quiet: true }, home(), {
      history: async () => {
        throw new Error('locked');
      },
    });
    expect(quiet.stderr).toBe('');
    expect(quiet.model!.scopes[0]!.sections.changes).toEqual({ kind: 'none', why: 'History unavailable.' });
  });

  it('the default history: what this run read is recorded, and changes has nothing to compare yet', async () => {
    const r = await report({}, home());
    expect(r.code).toBe(0);
    expect(r.model!.scopes[0]!.sections.changes).toMatchObject({
      kind: 'none',
      why: expect.stringMatching(/nothing to compare yet: only 2026-11-2\d is recorded/),
    });
  });
});

describe('vis report with several brands: one report per brand', () => {
  const AGENCY = ['bluepeak-outdoor', 'larkspur-dental', 'copperline-payments'];
  const named = (dir: string, slug: string, ext = 'html') => join(dir, `report-${slug}-2026-11-22.${ext}`);
  const modelOf = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as ReportModel;

  it('--all-brands: a file per brand in the current folder, each holding only its brand, read once; no file of them all', async () => {
    const h = home('vis_demo_agency');
    const r = await report({ allBrands: true }, h);
    expect(r.code).toBe(0);
    expect(r.reads).toHaveLength(30);
    expect(AGENCY.map((slug) => modelOf(named(h.dir, slug)).scopes.map((s) => s.brand.name))).toEqual([
      ['Bluepeak Outdoor'],
      ['Larkspur Dental'],
      ['Copperline Payments'],
    ]);
    expect(AGENCY.map((slug) => modelOf(named(h.dir, slug)).internal)).toEqual([undefined, undefined, undefined]);
    expect(existsSync(join(h.dir, 'report-agency-2026-11-22.html'))).toBe(false);
    expect(noTempFiles(h.dir)).toEqual([]);
  });

  it('--all-brands --all-markets: each brand’s file holds all of its markets', async () => {
    const h = home('vis_demo_agency');
    const r = await report({ allBrands: true, allMarkets: true }, h);
    expect(r.code).toBe(0);
    expect(modelOf(named(h.dir, 'copperline-payments')).scopes.map((s) => `${s.brand.id} ${s.market?.code}`)).toEqual(['203 US-en', '203 GB-en', '203 AU-en']);
  });

  it('--pdf alone: each brand’s PDF beside its HTML, printed from that brand’s HTML; --dir names the folder', async () => {
    const h = home('vis_demo_agency');
    const out = mkdtempSync(join(tmpdir(), 'vis-report-dir-'));
    const { deps, printed } = fakeDeps();
    const r = await report({ allBrands: true, pdf: true, dir: out }, h, { deps });
    expect(r.code).toBe(0);
    expect(printed).toHaveLength(3);
    for (const slug of AGENCY) {
      const html = readFileSync(named(out, slug), 'utf8');
      expect(readFileSync(named(out, slug, 'pdf'), 'utf8')).toBe(`%PDF- of ${html.length} chars`);
    }
    expect(existsSync(named(h.dir, 'bluepeak-outdoor'))).toBe(false);
  });

  it.each([
    [{ allBrands: true, output: 'all.html' }, /^--output names one file, and with several brands vis writes one report per brand .*add --combined/],
    [{ brand: ['201', '202'], output: 'all.html' }, /^--output names one file/],
    [{ allBrands: true, pdf: 'all.pdf' }, /^--pdf names one file, and with several brands/],
    [{ brand: ['201,202'], output: 'all.html' }, /^--output names one file/],
    [{ brand: ['201,202'], pdf: 'all.pdf' }, /^--pdf names one file/],
  ] as Array<[RawReportOptions, RegExp]>)('%j: refused (exit 2) before any read, nothing written', async (raw, message) => {
    const h = home('vis_demo_agency');
    const r = await report(raw, h);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.reads).toEqual([]);
    expect(readdirSync(h.dir).filter((f) => f.endsWith('.html') || f.endsWith('.pdf'))).toEqual([]);
  });

  it('--combined takes -o and --pdf FILE: one file holding every brand, titled as an internal overview', async () => {
    const h = home('vis_demo_agency');
    const r = await report({ allBrands: true, combined: true, output: 'all.html', pdf: 'all.pdf' }, h);
    expect(r.code).toBe(0);
    expect(r.model!.scopes).toHaveLength(3);
    expect(r.model!.internal).toBe(true);
    expect(existsSync(join(h.dir, 'all.pdf'))).toBe(true);
  });

  it('--dry-run lists the files, and writes none', async () => {
    const h = home('vis_demo_agency');
    const r = await report({ allBrands: true, pdf: true, dryRun: true }, h);
    expect(r.code).toBe(0);
    // Named as the written ones are: relative to the current folder, which holds them.
    expect(r.stdout).toContain(`\nFiles:\n${AGENCY.flatMap((slug) => [`  ${named('', slug)}`, `  ${named('', slug, 'pdf')}`]).join('\n')}\n`);
    expect(readdirSync(h.dir).filter((f) => f.startsWith('report-'))).toEqual([]);
  });

  it('--dir that does not exist is made (0700, one level at a time) before any read, as vis export makes its folder; the dry run makes none', async () => {
    const h = home('vis_demo_agency');
    const dir = join(h.dir, 'reports', '2026-11');
    const dry = await report({ allBrands: true, dir, dryRun: true }, h);
    expect(dry.code).toBe(0);
    expect(existsSync(join(h.dir, 'reports'))).toBe(false);
    const r = await report({ allBrands: true, dir }, h);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(readdirSync(dir).sort()).toEqual(AGENCY.map((slug) => named(dir, slug).slice(dir.length + 1)).sort());
    for (const d of [join(h.dir, 'reports'), dir]) expect(statSync(d).mode & 0o777).toBe(0o700);
  });

  it('--dir that exists is used as it is, even one others can write to (only a folder vis makes is checked)', async () => {
    const h = home();
    const dir = join(h.dir, 'shared');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    const r = await report({ dir }, h);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(statSync(dir).mode & 0o777).toBe(0o777);
    expect(readdirSync(dir).filter((f) => f.startsWith('report-'))).toHaveLength(1);
  });

  it('--dir that cannot be made: refused (exit 2) before any read, naming --dir', async () => {
    const h = home('vis_demo_agency');
    writeFileSync(join(h.dir, 'plain'), 'x');
    const underFile = await report({ allBrands: true, dir: join(h.dir, 'plain', 'sub') }, h);
    expect([underFile.code, underFile.stderr, underFile.reads]).toEqual([
      2,
      `--dir: ${join(h.dir, 'plain')} is a file, so ${join(h.dir, 'plain', 'sub')} cannot be made\n`,
      [],
    ]);
    const file = await report({ allBrands: true, dir: join(h.dir, 'plain') }, h);
    expect([file.code, file.stderr]).toEqual([2, `--dir must be a folder, not a file (got "${join(h.dir, 'plain')}")\n`]);
    // A link planted where the folder is to be made is not written through.
    const link = join(h.dir, 'link');
    symlinkSync(join(h.dir, 'nowhere'), link);
    const dangling = await report({ allBrands: true, dir: link }, h);
    expect(dangling.code).toBe(2);
    expect(dangling.stderr).toMatch(/^--dir: /);
    expect(dangling.reads).toEqual([]);
    expect(existsSync(join(h.dir, 'nowhere'))).toBe(false);
  });

  it('--dir not with -o', async () => {
    const h = home('vis_demo_agency');
    expect((await report({ dir: '.', output: 'r.html' }, h)).stderr).toMatch(/^--dir and --output cannot be used together/);
    expect((await report({ dir: ' ' }, h)).stderr).toBe('--dir must name a folder\n');
  });

  it.each([
    ['a symbolic link', (p: string, dir: string) => symlinkSync(join(dir, 'elsewhere.html'), p)],
    ['not a regular file', (p: string) => execFileSync('mkfifo', [p])],
    ['a folder', (p: string) => mkdirSync(p)],
  ])('a name vis chose that is %s: refused before any read, left as it is', async (what, make) => {
    const h = home('vis_demo_agency');
    const at = named(h.dir, 'larkspur-dental');
    make(at, h.dir);
    const r = await report({ allBrands: true }, h);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${at} is ${what}`);
    expect(r.stderr).toContain('and vis report would write a report there');
    expect(r.reads).toEqual([]);
    expect(existsSync(named(h.dir, 'bluepeak-outdoor'))).toBe(false);
    expect(existsSync(join(h.dir, 'elsewhere.html'))).toBe(false);
  });

  it('an earlier report of that name is replaced whole, keeping its mode', async () => {
    const h = home('vis_demo_agency');
    const at = named(h.dir, 'bluepeak-outdoor');
    writeFileSync(at, 'old', { mode: 0o640 });
    chmodSync(at, 0o640);
    expect((await report({ allBrands: true }, h)).code).toBe(0);
    expect(modelOf(at).scopes).toHaveLength(1);
    expect(statSync(at).mode & 0o777).toBe(0o640);
  });

  it('one brand: --pdf alone writes the PDF beside the HTML, the name vis chose or -o’s', async () => {
    const h = home();
    expect((await report({ pdf: true }, h)).code).toBe(0);
    expect(existsSync(join(h.dir, 'report-northwind-crm-2026-11-22.pdf'))).toBe(true);
    expect((await report({ pdf: true, output: 'mine.html' }, h)).code).toBe(0);
    expect(existsSync(join(h.dir, 'mine.pdf'))).toBe(true);
  });
});

describe('vis report against a server of other shapes', () => {
  function otherServer() {
    const api = new FakeApi();
    api.on({ method: 'GET', path: '/usage' }, ok({ plan_label: 'Pro', reads_left: 40 }), 'always');
    api.on({ method: 'GET', path: '/brands' }, ok({ brands: [{ id: 7, name: 'Acme' }] }), 'always');
    api.on({ method: 'GET', path: '/markets' }, ok({ markets: [{ code: 'US-en' }, { code: 'DE-de' }] }), 'always');
    api.on(
      { method: 'GET', path: '/visibility' },
      ok({ history: [{ date: '2026-11-16', value: 3 }, { week: '2026-11-09T00:00:00Z', score: null }, { score: 9 }, 'x'] }),
      'always',
    );
    for (const path of ['/overview', '/competitors', '/topics', '/prompts', '/brand-perception', '/pages', '/content-gaps', '/technical', '/tasks']) {
      api.on({ method: 'GET', path }, ok({ unknown: [path] }, { market: 'XX' }), 'always');
    }
    return api;
  }

  async function run(raw: RawReportOptions, api: FakeApi) {
    const dir = mkdtempSync(join(tmpdir(), 'vis-report-other-'));
    const io = testIO();
    const env = { VIS_BASE_URL: api.baseUrl, VIS_API_KEY: 'vis_test_0123456789abcdef', HOME: dir, VIS_CONFIG_DIR: join(dir, 'config') };
    const ctx = createContext(io, env, '0.0.0-test', new AbortController().signal, { clock, random: () => 0.5, transport: api.transport });
    let code = 0;
    try {
      await runReport(
        parseReportCommand(ctx, { output: '-', ...raw }, dir),
        ctx,
        async () => fakeDeps().deps,
        async () => undefined,
      );
    } catch (err) {
      code = exitCodeFor(err);
    }
    return { code, stdout: io.out() };
  }

  it('--all-markets without markets in GET /brands: the dry run counts at least one market, the run reads GET /markets first', async () => {
    const api = otherServer();
    const dry = await run({ allMarkets: true, dryRun: true }, api);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('Reads: at least 11, none cached: at least 11 to spend');
    expect(dry.stdout).toContain('vis markets tells the markets of 1 brand first');
    expect(dry.stdout).toContain('Reads left this month: 40');
    expect(api.requests.map((r) => r.path)).toEqual(['/usage', '/brands']);

    const r = await run({ allMarkets: true }, api);
    expect(r.code).toBe(0);
    const reads = api.requests.slice(2).filter((q) => !['/usage', '/brands'].includes(q.path));
    expect(reads[0]!.path).toBe('/markets');
    expect(reads).toHaveLength(1 + 2 * 8 + 2);
    const model = JSON.parse(r.stdout) as ReportModel;
    expect(model.scopes.map((s) => [s.brand, s.market, s.plan])).toEqual([
      [{ id: '7', name: 'Acme' }, { code: 'US-en', label: null }, 'Pro'],
      [{ id: '7', name: 'Acme' }, { code: 'DE-de', label: null }, 'Pro'],
    ]);
    expect(model.scopes[0]!.sections.topics).toEqual({ kind: 'data', data: { unknown: ['/topics'] }, meta: { market: 'XX' } });
    expect(model.scopes[0]!.trend).toEqual([
      { date: '2026-11-09', value: null },
      { date: '2026-11-16', value: 3 },
    ]);
    expect(model.scopes[0]!.sections.changes).toEqual({ kind: 'none', why: 'the history is off: nothing has been recorded to compare' });
  });

  it('the market the answer names when none was asked; refused (exit 6) when the reads left are fewer', async () => {
    const api = otherServer();
    const r = await run({}, api);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as ReportModel).scopes[0]!.market).toEqual({ code: 'XX', label: null });
    const poor = new FakeApi();
    poor.on({ method: 'GET', path: '/usage' }, ok({ reads: { limit: 100, used: 95 } }), 'always');
    poor.on({ method: 'GET', path: '/brands' }, ok({ brands: [{ id: 7, name: 'Acme' }] }), 'always');
    expect((await run({}, poor)).code).toBe(6);
    expect(poor.requests.map((q) => q.path)).toEqual(['/usage', '/brands', '/usage']);
  });
});

describe('vis report interrupted', () => {
  it('Ctrl-C between reads: exit 130, nothing written', async () => {
    const api = new FakeApi();
    api.on({ method: 'GET', path: '/usage' }, ok({ reads_left: 40 }), 'always');
    api.on({ method: 'GET', path: '/brands' }, ok({ brands: [{ id: 7, name: 'Acme' }] }), 'always');
    const abort = new AbortController();
    api.on({ method: 'GET', path: '/overview' }, ok({}), 'always');
    const dir = mkdtempSync(join(tmpdir(), 'vis-report-int-'));
    const env = { VIS_BASE_URL: api.baseUrl, VIS_API_KEY: 'vis_test_0123456789abcdef', HOME: dir, VIS_CONFIG_DIR: join(dir, 'config') };
    const ctx = createContext(testIO(), env, '0.0.0-test', abort.signal, {
      clock,
      random: () => 0.5,
      transport: {
        createAgent: (o) => api.transport.createAgent(o),
        sendRequest: async (d, url, o) => {
          const res = await api.transport.sendRequest(d, url, o);
          if (url.includes('/overview')) abort.abort();
          return res;
        },
      },
    });
    const options = parseReportCommand(ctx, {}, dir);
    const err = await runReport(
      options,
      ctx,
      async () => fakeDeps().deps,
      async () => undefined,
    ).catch((e: unknown) => e);
    expect(exitCodeFor(err)).toBe(130);
    expect(api.requests.map((q) => q.path)).toEqual(['/usage', '/brands', '/usage', '/overview']);
    expect(findReport(dir)).toBeUndefined();
  });
});
