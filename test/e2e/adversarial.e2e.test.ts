/**
 * An attacker's view of vis, through the built CLI: a hostile server on loopback and
 * hostile files planted where vis reads and writes. Every data command that lists (and
 * `vis api`) prints the server's text to a terminal, a pipe and a CSV; every command that
 * writes a file (export, -o, the response cache, the completion cache) meets planted
 * links, FIFOs, traversal and foreign folders. What must hold:
 * - no escape sequence, C1 control, bidi control or invisible character from the server
 *   reaches a terminal raw; CSV into a pipe keeps its bytes, with formula cells guarded;
 *   JSON keeps every value (a `__proto__` key too) and nothing is dropped from a view;
 * - a key is sent only to the base URL it was saved for, and never printed, however the
 *   server spells it back;
 * - the export writes regular files strictly inside --dir, never through a link, never
 *   into a folder others can write to, and trusts nothing it reads back from manifest.json;
 * - a FIFO planted where vis reads a file never hangs it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, needsArgument } from '../../src/endpoints.js';
import { makeFifo, stopFifoWatchdogs, waitedOnFifos } from '../fs/fifo.js';
import { cleanEnv, runVis, sendJson, shellQuote, startTestServer, VIS, type Recorded, type TestServer } from './helpers.js';

const KEY = 'vis_live_SECRETKEY_123456';
const OTHER_KEY = 'vis_live_OTHERKEY_654321';

/** Text a third party wrote on the web: clipboard write, hyperlink, screen clear, C1, bidi, invisibles. */
const HOSTILE =
  'Acme\u001b]52;c;cHduZWQ=\u0007\u001b]8;;http://evil.example/\u001b\\link\u001b]8;;\u001b\\\u001b[2J\u009b31m\u202eevil\u200b\u2060\ufeff\u00ad\u206a\u{E0041}end';
/** Cells a spreadsheet would run, however they are dressed up. */
const FORMULAS = ['=1+1', ' =cmd', '\u00a0=cmd', '\u3000=cmd', '\uff1dcmd', '+cmd', "Acme;=cmd|' /C calc'!A0"];
/** What a terminal must never receive raw from the server. */
const RAW_TERMINAL =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\u206a-\u206f\ufeff]|[\u{E0000}-\u{E007F}]/u;

/** A JSON text with `__proto__` as an own key (an object literal would set the prototype). */
function row(i: number): Record<string, unknown> {
  const r = JSON.parse(`{"__proto__":"PROTO${i}"}`) as Record<string, unknown>;
  return Object.assign(r, {
    id: `r${i}`,
    name: HOSTILE,
    title: FORMULAS[i % FORMULAS.length],
    url: `https://acme.example/page-${i}`,
    state: 'absent',
    extra: { owner: `OWNER${i}` },
  });
}

function envelope(collection: string | undefined): unknown {
  const data = JSON.parse('{"__proto__":"PROTOTOP"}') as Record<string, unknown>;
  data.note = HOSTILE;
  data.unknown_block = { reviewer: 'REVIEWTOP' };
  data.period = { from: '2026-10-26', to: '2026-11-24', days: 30 };
  data[collection ?? 'items'] = FORMULAS.map((_, i) => row(i));
  return { data, meta: { brand: { id: 1, name: HOSTILE }, market: { id: 1, code: 'US-en', label: HOSTILE } } };
}

const USAGE = {
  data: { account: 'Acme', plan: 'growth', plan_active: true, reads: { limit: 1000, used: 0, left: 1000 }, resets_at: '2026-12-01T00:00:00Z' },
  meta: {},
};

interface Hostile {
  server: TestServer;
  brands: unknown[];
  markets: string[];
}

/** The hostile API: every path answers an envelope full of hostile text in the endpoint's collection. */
async function hostileServer(): Promise<Hostile> {
  const state: Hostile = {
    server: undefined as unknown as TestServer,
    brands: [{ id: 7, name: HOSTILE, primary_market: 'US-en', markets: ['US-en'] }],
    markets: ['US-en'],
  };
  state.server = await startTestServer((req, res) => {
    if (req.path === '/usage') return sendJson(res, 200, USAGE);
    if (req.path === '/brands') return sendJson(res, 200, { data: { brands: state.brands }, meta: {} });
    if (req.path === '/markets') {
      return sendJson(res, 200, { data: { markets: state.markets.map((code, i) => ({ id: i + 1, code, label: code, primary: i === 0 })) }, meta: {} });
    }
    if (req.path === '/echo-key') {
      // The key spelled back with an escape sequence in its middle, percent-encoded, and split by a C1 control.
      const mid = KEY.slice(0, 12) + '\u001b[m' + KEY.slice(12);
      return sendJson(res, 400, { error: { code: mid, message: `bad key ${KEY.replace(/_/g, '%5F')} or ${KEY.slice(0, 9)}\u009b${KEY.slice(9)}` } });
    }
    const spec = ENDPOINTS.find((e) => e.path === req.path);
    return sendJson(res, 200, envelope(spec?.collection));
  });
  return state;
}

let h: Hostile;
beforeAll(async () => {
  h = await hostileServer();
});
afterAll(() => h.server.close());

// A test that failed before asking its FIFOs' watchdogs leaves none running.
afterEach(() => stopFifoWatchdogs());
const env = (extra: Record<string, string | undefined> = {}) => cleanEnv({ VIS_BASE_URL: h.server.baseUrl, VIS_API_KEY: KEY, ...extra });
const dataReads = (reqs: readonly Recorded[]) => reqs.filter((r) => r.path !== '/usage' && r.path !== '/brands');

/** Data commands that take no item argument: what prints a list or a dashboard. */
const LISTS = ENDPOINTS.filter((e) => e.group === 'data' && e.method === 'GET' && !needsArgument(e) && e.id !== 'answers.runs').map((e) => e.words);

/**
 * Runs `vis args` with stdout on a real terminal (script(1) gives it a pty; stderr goes to
 * a file, so vis's own spinner is not mistaken for the server's text): the screen's bytes.
 * Asynchronous: the hostile server runs in this process and must keep answering.
 */
async function onTerminal(args: string[], environment: Record<string, string>, cols = 80): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'vis-pty-'));
  const cmd = `stty cols ${cols} rows 50; ${shellQuote(process.execPath)} ${shellQuote(VIS)} ${args.map(shellQuote).join(' ')} 2>${shellQuote(join(dir, 'stderr'))}`;
  const child = spawn('script', ['-qec', cmd, join(dir, 'typescript')], { env: environment, stdio: ['pipe', 'pipe', 'inherit'] });
  let screen = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (screen += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  await new Promise((r) => child.on('close', r));
  clearTimeout(timer);
  rmSync(dir, { recursive: true, force: true });
  // The pty turns each \n into \r\n, so CSV's own CRLF arrives as \r\r\n.
  return screen.replace(/\r+\n/g, '\n');
}

describe('hostile server text through every list command', () => {
  it.each(LISTS.map((w) => [w.join(' '), w] as const))('vis %s: the terminal view carries no raw control and drops no field', async (_name, words) => {
    const r = await runVis([...words, '--wide'], { env: env({ VIS_FORCE_TTY: '160', VIS_PAGER: 'cat' }) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(RAW_TERMINAL);
    expect(r.stderr).not.toMatch(RAW_TERMINAL);
    // Fields no view knows are shown, not dropped: a nested object in each row and at the top.
    expect(r.stdout).toContain('OWNER0');
    expect(r.stdout).toContain('REVIEWTOP');
    expect(r.stdout).toContain('PROTOTOP');
  });

  it.each(LISTS.map((w) => [w.join(' '), w] as const))(
    'vis %s --format csv into a pipe: bytes kept, formulas guarded, __proto__ kept',
    async (_name, words) => {
      const r = await runVis([...words, '--format', 'csv'], { env: env() });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      // Into a pipe the server's text is kept as sent (the escape sequences included)...
      expect(r.stdout).toContain('\u001b]52;c;cHduZWQ=\u0007');
      // ...but no cell starts a formula, whatever space or full-width form comes first.
      for (const line of r.stdout.split('\r\n')) {
        for (const cell of line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)) {
          const text = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
          expect(text.replace(/^[\s\u00a0\u3000]+/u, ''), `cell ${JSON.stringify(cell)}`).not.toMatch(/^[=+@\uff1d\uff0b\uff20]/);
        }
      }
      // A cell holding ';' is quoted, so a ';'-splitting locale keeps it one cell.
      expect(r.stdout).toContain(`"Acme;=cmd|' /C calc'!A0"`);
      expect(r.stdout).toContain('PROTO0');
    },
  );

  it.each(LISTS.map((w) => [w.join(' '), w] as const))('vis %s --format json: every value as sent, __proto__ included', async (_name, words) => {
    const r = await runVis([...words, '--format', 'json'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/[\u007f-\u009f\u202a-\u202e\u2028\u2029]/);
    const parsed = JSON.parse(r.stdout) as { data: Record<string, unknown> };
    expect(Object.getOwnPropertyDescriptor(parsed.data, '__proto__')?.value).toBe('PROTOTOP');
    expect(parsed.data.note).toBe(HOSTILE);
  });

  it.each([['topics', '--format', 'csv'], ['overview', '--format', 'csv'], ['topics', '--format', 'csv', '-o', '-'], ['forum', '--format', 'csv'], ['topics']])(
    'on a real terminal, vis %s … gets no raw escape sequence or invisible character',
    async (...args) => {
      const screen = await onTerminal(args, env({ VIS_PAGER: 'cat' }));
      expect(screen).toContain('Acme');
      // The pty turns \n into \r\n and the table may colour nothing (NO_COLOR): any ESC is the server's.
      const raw = RAW_TERMINAL.exec(screen);
      expect(raw && `U+${raw[0].codePointAt(0)!.toString(16)} in ${JSON.stringify(screen.slice(Math.max(0, raw.index - 30), raw.index + 10))}`).toBeNull();
    },
  );
});

describe('keys: sent only to their own base URL, never printed', () => {
  it('a key saved for one base URL is not sent to another (flag, environment, TAB completion)', async () => {
    const home = cleanEnv({});
    const owner = await startTestServer((req, res) =>
      req.path === '/usage' ? sendJson(res, 200, USAGE) : sendJson(res, 200, { data: { brands: [] }, meta: {} }),
    );
    try {
      const login = await runVis(['auth', 'login', '--base-url', owner.baseUrl], { env: home, input: `${KEY}\n` });
      expect(login.code, login.stderr).toBe(0);
      h.server.requests.length = 0;
      const viaEnv = await runVis(['usage'], { env: { ...home, VIS_BASE_URL: h.server.baseUrl } });
      const viaFlag = await runVis(['usage', '--base-url', h.server.baseUrl], { env: home });
      const viaTab = await runVis(['__complete', 'brands', '--base-url', h.server.baseUrl], { env: home });
      expect(viaEnv.code).toBe(2);
      expect(viaFlag.code).toBe(2);
      expect(viaEnv.stderr).toMatch(/VIS_API_KEY|profile/);
      expect(viaTab.stdout).toBe('');
      for (const req of h.server.requests) expect(String(req.headers.authorization ?? '')).not.toContain(KEY);
      // Its own base URL still gets it, spelled with a trailing slash too.
      const own = await runVis(['usage', '--base-url', `${owner.baseUrl}/`], { env: home });
      expect(own.code, own.stderr).toBe(0);
      expect(owner.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
      // Another key given for the other base URL is that base URL's own.
      const theirs = await runVis(['usage'], { env: { ...home, VIS_BASE_URL: h.server.baseUrl, VIS_API_KEY: OTHER_KEY } });
      expect(theirs.code, theirs.stderr).toBe(0);
    } finally {
      await owner.close();
    }
  });

  it('a key the server spells back (escape in the middle, %5F, C1 inside) is never printed', async () => {
    for (const args of [
      ['api', '/echo-key'],
      ['api', '/echo-key', '--debug'],
    ]) {
      const r = await runVis(args, { env: env() });
      expect(r.code).not.toBe(0);
      const shown = (r.stdout + r.stderr).replace(/\\u001b\[m|\\e\[m|\\x9b|\\u009b|%5F/gi, (m) => (m.toLowerCase() === '%5f' ? '_' : ''));
      expect(shown).not.toContain(KEY.slice(-10));
      expect(decodeURIComponent(shown.replace(/%(?![0-9a-f]{2})/gi, ''))).not.toContain(KEY.slice(-10));
    }
  });
});

/** A fresh export of topics from the hostile server into a new folder of the test's own. */
async function exportInto(extra: string[] = []): Promise<{ root: string; dir: string }> {
  const root = mkdtempSync(join(tmpdir(), 'vis-adv-'));
  const dir = join(root, 'a', 'b', 'c', 'export');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const r = await runVis(['export', '--dir', dir, '--only', 'topics', ...extra], { env: env() });
  expect(r.code, r.stderr).toBe(0);
  return { root, dir };
}

function editManifest(dir: string, edit: (m: Record<string, any>) => void): void {
  const path = join(dir, 'manifest.json');
  const m = JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>;
  m.status = 'interrupted';
  m.exit_code = null;
  edit(m);
  writeFileSync(path, JSON.stringify(m));
}

/** Every file under `root` that is not under `dir`, relative to root. */
function outside(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (p === dir) continue;
      if (e.isDirectory()) walk(p);
      else out.push(relative(root, p));
    }
  };
  walk(root);
  return out.sort();
}

describe('planted files: the export folder and its manifest', () => {
  it('a manifest whose format climbs out of --dir is refused; nothing is written outside', async () => {
    const { root, dir } = await exportInto();
    for (const f of readdirSync(dir)) if (f !== 'manifest.json') rmSync(join(dir, f), { recursive: true });
    editManifest(dir, (m) => {
      m.plan.format = 'csv/../../../../fmt-pwn';
      m.files = [];
    });
    h.server.requests.length = 0;
    const r = await runVis(['export', '--dir', dir, '--resume'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/manifest\.json/);
    expect(dataReads(h.server.requests)).toEqual([]);
    expect(outside(root, dir)).toEqual([]);
    expect(existsSync(join(root, 'a', 'fmt-pwn'))).toBe(false);
  });

  it('a manifest brand slug that climbs out of --dir never becomes a folder outside it', async () => {
    const { root, dir } = await exportInto();
    for (const f of readdirSync(dir)) if (f !== 'manifest.json') rmSync(join(dir, f), { recursive: true });
    editManifest(dir, (m) => {
      m.brands = m.brands.map((b: Record<string, unknown>) => ({ ...b, slug: '../../../pwned-outside' }));
      m.files = [];
    });
    const saved = h.brands;
    h.brands = [];
    try {
      const r = await runVis(['export', '--dir', dir, '--resume'], { env: env() });
      expect([0, 2, 5]).toContain(r.code);
    } finally {
      h.brands = saved;
    }
    expect(outside(root, dir)).toEqual([]);
    expect(existsSync(join(root, 'a', 'pwned-outside'))).toBe(false);
  });

  it('links planted at manifest.json and at a data file are replaced, their targets untouched', async () => {
    const { root, dir } = await exportInto();
    const victimA = join(root, 'victim-a.txt');
    const victimB = join(root, 'victim-b.txt');
    writeFileSync(victimA, 'precious A');
    writeFileSync(victimB, 'precious B');
    const dataFile = readdirSync(dir, { recursive: true, encoding: 'utf8' }).find((f) => f.endsWith('topics.csv'))!;
    rmSync(join(dir, 'manifest.json'));
    symlinkSync(victimA, join(dir, 'manifest.json'));
    rmSync(join(dir, dataFile));
    symlinkSync(victimB, join(dir, dataFile));
    const r = await runVis(['export', '--dir', dir, '--only', 'topics'], { env: env() });
    expect([0, 2]).toContain(r.code);
    expect(readFileSync(victimA, 'utf8')).toBe('precious A');
    expect(readFileSync(victimB, 'utf8')).toBe('precious B');
    if (r.code === 0) {
      expect(lstatSync(join(dir, 'manifest.json')).isFile()).toBe(true);
      expect(lstatSync(join(dir, dataFile)).isFile()).toBe(true);
    }
  });

  it('a folder vis writes into that is a link to elsewhere is never written through', async () => {
    const { root, dir } = await exportInto();
    const brandFolder = readdirSync(dir).find((f) => f !== 'manifest.json')!;
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(elsewhere);
    rmSync(join(dir, brandFolder), { recursive: true });
    symlinkSync(elsewhere, join(dir, brandFolder));
    const r = await runVis(['export', '--dir', dir, '--only', 'topics'], { env: env() });
    expect(r.code).not.toBe(0);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('an export folder others can write to is refused before any read', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vis-adv-'));
    const dir = join(root, 'shared');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    h.server.requests.length = 0;
    const r = await runVis(['export', '--dir', dir, '--only', 'topics'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--dir/);
    expect(dataReads(h.server.requests)).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
    // Group-writable is fine (umask 002 is common).
    chmodSync(dir, 0o775);
    const ok = await runVis(['export', '--dir', dir, '--only', 'topics'], { env: env() });
    expect(ok.code, ok.stderr).toBe(0);
  });

  it.runIf(process.getuid?.() === 0)('an export folder owned by another user is refused before any read', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vis-adv-'));
    const dir = join(root, 'theirs');
    mkdirSync(dir, { mode: 0o755 });
    spawnSync('chown', ['65534:65534', dir]);
    expect(statSync(dir).uid).toBe(65534);
    h.server.requests.length = 0;
    const r = await runVis(['export', '--dir', dir, '--only', 'topics'], { env: env() });
    expect(r.code).toBe(2);
    expect(dataReads(h.server.requests)).toEqual([]);
  });

  it('a FIFO at manifest.json: --resume answers at once (exit 2), never hangs', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vis-adv-'));
    const dir = join(root, 'export');
    mkdirSync(dir, { mode: 0o700 });
    // Its watchdog wakes a vis that waits on the FIFO, and says so.
    makeFifo(join(dir, 'manifest.json'));
    const r = await runVis(['export', '--dir', dir, '--resume'], { env: env() });
    expect(await waitedOnFifos()).toEqual([]);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/manifest\.json/);
  });

  it('an export resumed against another base URL is refused (exit 2, no read), naming both', async () => {
    const { dir } = await exportInto();
    editManifest(dir, () => undefined);
    const other = await startTestServer((req, res) => (req.path === '/usage' ? sendJson(res, 200, USAGE) : sendJson(res, 200, envelope('brands'))));
    try {
      const r = await runVis(['export', '--dir', dir, '--resume'], { env: env({ VIS_BASE_URL: other.baseUrl }) });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(new URL(h.server.baseUrl).port);
      expect(r.stderr).toContain(new URL(other.baseUrl).port);
      expect(dataReads(other.requests)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('markets that slug alike (US-en, US_en, US en, us-en) get folders of their own', async () => {
    h.markets = ['US-en', 'US_en', 'US en', 'us-en'];
    const saved = h.brands;
    h.brands = [{ id: 7, name: HOSTILE, primary_market: 'US-en', markets: h.markets }];
    try {
      const root = mkdtempSync(join(tmpdir(), 'vis-adv-'));
      const dir = join(root, 'export');
      const r = await runVis(['export', '--dir', dir, '--only', 'topics', '--all-markets'], { env: env() });
      expect(r.code, r.stderr).toBe(0);
      const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { files: Array<{ path: string; market: string }> };
      expect(m.files).toHaveLength(4);
      const folders = m.files.map((f) => dirname(f.path).toLowerCase());
      expect(new Set(folders).size).toBe(4);
      for (const f of m.files) expect(lstatSync(join(dir, f.path)).isFile()).toBe(true);
    } finally {
      h.markets = ['US-en'];
      h.brands = saved;
    }
  });
});

describe('planted files: the caches', () => {
  it('a FIFO or a link planted as a response-cache entry is a miss: no hang, no write through', async () => {
    const home = env();
    const first = await runVis(['topics', '--format', 'json'], { env: home });
    expect(first.code, first.stderr).toBe(0);
    const root = `${home.VIS_CONFIG_DIR}-cache`;
    const entries = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'));
    expect(entries.length).toBeGreaterThan(0);
    const victim = join(mkdtempSync(join(tmpdir(), 'vis-adv-')), 'victim.txt');
    writeFileSync(victim, 'precious');
    for (const [i, entry] of entries.entries()) {
      rmSync(join(root, entry));
      if (i % 2 === 0) makeFifo(join(root, entry));
      else symlinkSync(victim, join(root, entry));
    }
    const again = await runVis(['topics', '--format', 'json'], { env: home });
    expect(await waitedOnFifos()).toEqual([]);
    expect(again.signal).toBeNull();
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(first.stdout);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
  });

  it('a FIFO planted as the completion cache: TAB still answers at once', async () => {
    const home = env();
    makeFifo(join(home.VIS_CONFIG_DIR!, 'completion-cache.json'));
    const r = await runVis(['__complete', 'brands'], { env: home });
    expect(await waitedOnFifos()).toEqual([]);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });
});

describe('-o FILE keeps a shell redirect’s meaning', () => {
  it('a link the user named is written through, as `>` would', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vis-adv-'));
    const target = join(root, 'real.csv');
    writeFileSync(target, '');
    symlinkSync(target, join(root, 'link.csv'));
    const r = await runVis(['topics', '--format', 'csv', '-o', join(root, 'link.csv')], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(join(root, 'link.csv')).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toContain('PROTO0');
  });
});
