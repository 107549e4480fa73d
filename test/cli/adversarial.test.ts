/**
 * An attacker's view of vis, in-process: a hostile server on loopback and hostile files
 * planted where vis reads and writes. Every data command that lists (and `vis api`) prints
 * the server's text to a terminal layout (VIS_FORCE_TTY), a pipe and a CSV; every command
 * that writes a file (export, -o) meets planted links, traversal and foreign folders.
 * What must hold:
 * - no escape sequence, C1 control, bidi control or invisible character from the server
 *   reaches a terminal raw; CSV into a pipe keeps its bytes, with formula cells guarded;
 *   JSON keeps every value (a `__proto__` key too) and nothing is dropped from a view;
 * - a key is sent only to the base URL it was saved for, and never printed, however the
 *   server spells it back;
 * - the export writes regular files strictly inside --dir, never through a link, never
 *   into a folder others can write to, and trusts nothing it reads back from manifest.json.
 * A real terminal and the FIFOs are test/e2e/adversarial.e2e.test.ts's.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, needsArgument } from '../../src/endpoints.js';
import { cleanEnv, sendJson, startTestServer } from '../e2e/helpers.js';
import { dataReads, envelope, HOSTILE, hostileServer, KEY, OTHER_KEY, RAW_TERMINAL, USAGE, type Hostile } from '../support/hostile-server.js';
import { runWithEnv } from '../support/run.js';

let h: Hostile;
beforeAll(async () => {
  h = await hostileServer();
});
afterAll(() => h.server.close());

const env = (extra: Record<string, string | undefined> = {}) => cleanEnv({ VIS_BASE_URL: h.server.baseUrl, VIS_API_KEY: KEY, ...extra });

/** Data commands that take no item argument: what prints a list or a dashboard. */
const LISTS = ENDPOINTS.filter((e) => e.group === 'data' && e.method === 'GET' && !needsArgument(e) && e.id !== 'answers.runs').map((e) => e.words);

describe('hostile server text through every list command', () => {
  it.each(LISTS.map((w) => [w.join(' '), w] as const))('vis %s: the terminal view carries no raw control and drops no field', async (_name, words) => {
    const r = await runWithEnv([...words, '--wide'], { env: env({ VIS_FORCE_TTY: '160', VIS_PAGER: 'cat' }) });
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
      const r = await runWithEnv([...words, '--format', 'csv'], { env: env() });
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
    const r = await runWithEnv([...words, '--format', 'json'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/[\u007f-\u009f\u202a-\u202e\u2028\u2029]/);
    const parsed = JSON.parse(r.stdout) as { data: Record<string, unknown> };
    expect(Object.getOwnPropertyDescriptor(parsed.data, '__proto__')?.value).toBe('PROTOTOP');
    expect(parsed.data.note).toBe(HOSTILE);
  });
});

describe('keys: sent only to their own base URL, never printed', () => {
  it('a key saved for one base URL is not sent to another (flag, environment, TAB completion)', async () => {
    const home = cleanEnv({});
    const owner = await startTestServer((req, res) =>
      req.path === '/usage' ? sendJson(res, 200, USAGE) : sendJson(res, 200, { data: { brands: [] }, meta: {} }),
    );
    try {
      const login = await runWithEnv(['auth', 'login', '--base-url', owner.baseUrl], { env: home, input: `${KEY}\n` });
      expect(login.code, login.stderr).toBe(0);
      h.server.requests.length = 0;
      const viaEnv = await runWithEnv(['usage'], { env: { ...home, VIS_BASE_URL: h.server.baseUrl } });
      const viaFlag = await runWithEnv(['usage', '--base-url', h.server.baseUrl], { env: home });
      const viaTab = await runWithEnv(['__complete', 'brands', '--base-url', h.server.baseUrl], { env: home });
      expect(viaEnv.code).toBe(2);
      expect(viaFlag.code).toBe(2);
      expect(viaEnv.stderr).toMatch(/VIS_API_KEY|profile/);
      expect(viaTab.stdout).toBe('');
      for (const req of h.server.requests) expect(String(req.headers.authorization ?? '')).not.toContain(KEY);
      // Its own base URL still gets it, spelled with a trailing slash too.
      const own = await runWithEnv(['usage', '--base-url', `${owner.baseUrl}/`], { env: home });
      expect(own.code, own.stderr).toBe(0);
      expect(owner.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
      // Another key given for the other base URL is that base URL's own.
      const theirs = await runWithEnv(['usage'], { env: { ...home, VIS_BASE_URL: h.server.baseUrl, VIS_API_KEY: OTHER_KEY } });
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
      const r = await runWithEnv(args, { env: env() });
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
  const r = await runWithEnv(['export', '--dir', dir, '--only', 'topics', ...extra], { env: env() });
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
    const r = await runWithEnv(['export', '--dir', dir, '--resume'], { env: env() });
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
      const r = await runWithEnv(['export', '--dir', dir, '--resume'], { env: env() });
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
    const r = await runWithEnv(['export', '--dir', dir, '--only', 'topics'], { env: env() });
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
    const r = await runWithEnv(['export', '--dir', dir, '--only', 'topics'], { env: env() });
    expect(r.code).not.toBe(0);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('an export folder others can write to is refused before any read', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vis-adv-'));
    const dir = join(root, 'shared');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    h.server.requests.length = 0;
    const r = await runWithEnv(['export', '--dir', dir, '--only', 'topics'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--dir/);
    expect(dataReads(h.server.requests)).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
    // Group-writable is fine (umask 002 is common).
    chmodSync(dir, 0o775);
    const ok = await runWithEnv(['export', '--dir', dir, '--only', 'topics'], { env: env() });
    expect(ok.code, ok.stderr).toBe(0);
  });

  it.runIf(process.getuid?.() === 0)('an export folder owned by another user is refused before any read', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vis-adv-'));
    const dir = join(root, 'theirs');
    mkdirSync(dir, { mode: 0o755 });
    spawnSync('chown', ['65534:65534', dir]);
    expect(statSync(dir).uid).toBe(65534);
    h.server.requests.length = 0;
    const r = await runWithEnv(['export', '--dir', dir, '--only', 'topics'], { env: env() });
    expect(r.code).toBe(2);
    expect(dataReads(h.server.requests)).toEqual([]);
  });

  it('an export resumed against another base URL is refused (exit 2, no read), naming both', async () => {
    const { dir } = await exportInto();
    editManifest(dir, () => undefined);
    const other = await startTestServer((req, res) => (req.path === '/usage' ? sendJson(res, 200, USAGE) : sendJson(res, 200, envelope('brands'))));
    try {
      const r = await runWithEnv(['export', '--dir', dir, '--resume'], { env: env({ VIS_BASE_URL: other.baseUrl }) });
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
      const r = await runWithEnv(['export', '--dir', dir, '--only', 'topics', '--all-markets'], { env: env() });
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

describe('-o FILE keeps a shell redirect’s meaning', () => {
  it('a link the user named is written through, as `>` would', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vis-adv-'));
    const target = join(root, 'real.csv');
    writeFileSync(target, '');
    symlinkSync(target, join(root, 'link.csv'));
    const r = await runWithEnv(['topics', '--format', 'csv', '-o', join(root, 'link.csv')], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(join(root, 'link.csv')).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toContain('PROTO0');
  });
});
