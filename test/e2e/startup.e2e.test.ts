/**
 * What a command loads: the built vis, with a preload that records, as the
 * process exits, which Node built-ins and which of vis's files were loaded. No timing:
 * this pins the structure that makes start-up fast, so a change (or a new undici) that
 * brings a heavy module back onto a path fails here, not only in `npm run bench`.
 */
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { spawn } from 'node:child_process';
import { cleanEnv, runVis, VIS } from './helpers.js';

const ROOT = resolve(__dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'vis-startup-'));
const PROBE = join(work, 'probe.cjs');
writeFileSync(
  PROBE,
  `process.on('exit', () => require('node:fs').writeFileSync(process.env.VIS_PROBE_OUT, JSON.stringify({
    builtins: process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length)),
    files: Object.keys(require.cache),
    evaluated: globalThis.__visEvaluated ?? [],
  })));\n`,
);

interface Loaded {
  builtins: string[];
  files: string[];
  /** The bundle's modules evaluated, by source path (only from the traced copy, below). */
  evaluated: string[];
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0, quiet: true, rateLimitPerMinute: 100_000 });
});
afterAll(async () => {
  await sandbox.close();
});

/**
 * A copy of the built CLI whose dist/vis.cjs records each of its modules as it is
 * evaluated: esbuild wraps every module reached through import() in its __esm helper,
 * which this prepends a note of the module's path to. Its dist/lib is the real one.
 */
const ESM_HELPER = 'var __esm=(fn,res,err)=>function(){';
function tracedCli(): string {
  const dir = join(work, 'traced');
  cpSync(join(ROOT, 'bin'), join(dir, 'bin'), { recursive: true });
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  mkdirSync(join(dir, 'dist'));
  copyFileSync(join(ROOT, 'dist', 'boot.cjs'), join(dir, 'dist', 'boot.cjs'));
  copyFileSync(join(ROOT, 'dist', 'complete.cjs'), join(dir, 'dist', 'complete.cjs'));
  symlinkSync(join(ROOT, 'dist', 'lib'), join(dir, 'dist', 'lib'));
  const bundle = readFileSync(join(ROOT, 'dist', 'vis.cjs'), 'utf8');
  if (!bundle.includes(ESM_HELPER)) throw new Error(`dist/vis.cjs has no \`${ESM_HELPER}\`: esbuild's helper changed; update tracedCli`);
  writeFileSync(
    join(dir, 'dist', 'vis.cjs'),
    bundle.replace(ESM_HELPER, `${ESM_HELPER}if(fn)(globalThis.__visEvaluated??=[]).push(__getOwnPropNames(fn)[0]);`),
  );
  return join(dir, 'bin', 'vis.js');
}

/** Runs another copy of the CLI (runVis runs the built one). */
function runAt(vis: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [vis, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stderr }));
  });
}

async function loaded(args: string[], extra: Record<string, string> = {}, vis = VIS): Promise<Loaded> {
  const out = join(work, `${Math.random().toString(36).slice(2)}.json`);
  const env = cleanEnv({
    NODE_OPTIONS: `--require ${PROBE}`,
    VIS_PROBE_OUT: out,
    VIS_BASE_URL: sandbox.baseUrl,
    VIS_API_KEY: 'vis_demo_growth',
    ...extra,
  });
  const r = vis === VIS ? await runVis(args, { env }) : await runAt(vis, args, env);
  expect(r.code, r.stderr).toBe(0);
  const data = JSON.parse(readFileSync(out, 'utf8')) as Loaded;
  return { builtins: data.builtins, files: data.files.filter((f) => f.startsWith(ROOT)).map((f) => relative(ROOT, f)), evaluated: data.evaluated };
}

/**
 * Built-ins that were once on these paths, each a few MB or ms. node:crypto among them: a
 * read names its pacing window and cache entries with SHA-256 (src/domain/sha256.ts), and
 * the history's journal its entries with a random part, without it.
 */
const HEAVY = ['http', 'http2', 'tls', 'crypto', 'assert', 'readline', 'worker_threads', 'zlib'];

describe('the version (built CLI)', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const details = `node ${process.versions.node} ${process.platform}-${process.arch}\n`;

  it.each([['--version'], ['-V']])('vis %s alone is answered by bin/vis.js from package.json, without the bundle', async (flag) => {
    const l = await loaded([flag]);
    expect(l.files.sort()).toEqual(['bin/vis.js', 'package.json']);
    expect(await runVis([flag], { env: cleanEnv() })).toMatchObject({ code: 0, stdout: `vis ${pkg.version}\n`, stderr: '' });
  });

  it.each([
    [['version'], `vis ${pkg.version}\n`],
    [['--version', '--verbose'], `vis ${pkg.version}\n${details}`],
    [['-V', '--debug'], `vis ${pkg.version}\n${details}`],
    [['version', '--verbose'], `vis ${pkg.version}\n${details}`],
  ])('vis %j prints the same first line from the bundle', async (argv, stdout) => {
    expect(await runVis(argv, { env: cleanEnv() })).toMatchObject({ code: 0, stdout, stderr: '' });
  });

  it('VIS_DEBUG=1 vis --version adds the second line too', async () => {
    expect(await runVis(['--version'], { env: cleanEnv({ VIS_DEBUG: '1' }) })).toMatchObject({ code: 0, stdout: `vis ${pkg.version}\n${details}` });
  });
});

describe('what a command loads', () => {
  it.each([[['--help']], [['topics', '--help']], [['answers', 'runs', '-h']], [['mcp', '--help']]])(
    'vis %j: the help page the build wrote, without the bundle, commander or any stream',
    async (argv) => {
      const l = await loaded(argv);
      expect(l.files.sort()).toEqual(['bin/vis.js', 'dist/boot.cjs', 'dist/help.cjs']);
      // Written straight to the file or pipe: no stdout stream, no node:tty (which loads node:net).
      for (const m of [...HEAVY, 'v8', 'stream', 'net', 'tty']) expect(l.builtins, m).not.toContain(m);
    },
  );

  it('vis --demo topics --help (an option among the words): the program answers, with the same page', async () => {
    const l = await loaded(['--demo', 'topics', '--help']);
    expect(l.files).toContain('dist/vis.cjs');
    const [page, program] = await Promise.all([runVis(['topics', '--help'], { env: cleanEnv() }), runVis(['--demo', 'topics', '--help'], { env: cleanEnv() })]);
    expect(program).toMatchObject({ code: 0, stderr: '', stdout: page.stdout });
  });

  it('vis usage --format json: undici (its Agent only) and none of the heavy built-ins', async () => {
    const l = await loaded(['usage', '--format', 'json']);
    expect(l.files.sort()).toEqual(['bin/vis.js', 'dist/boot.cjs', 'dist/lib/transport.cjs', 'dist/vis.cjs']);
    for (const m of HEAVY) expect(l.builtins, m).not.toContain(m);
  });

  it('a cache hit (vis topics --format json, answered before) loads no undici and none of the heavy built-ins', async () => {
    const shared = { VIS_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'vis-startup-config-')) };
    const miss = await loaded(['topics', '--format', 'json'], shared);
    expect(miss.files).toContain('dist/lib/transport.cjs');
    // The request, which writes its answer into the history's journal, loads none of them either.
    for (const m of HEAVY) expect(miss.builtins, m).not.toContain(m);
    const hit = await loaded(['topics', '--format', 'json'], shared);
    expect(hit.files.sort()).toEqual(['bin/vis.js', 'dist/boot.cjs', 'dist/vis.cjs']);
    for (const m of HEAVY) expect(hit.builtins, m).not.toContain(m);
  });

  it('the PostgreSQL URL reader (pg-connection-string): loaded by a command that reads a PostgreSQL URL, never by --help or a data command', async () => {
    const reader = 'dist/lib/pg-connection-string.cjs';
    expect((await loaded(['--help'])).files).not.toContain(reader);
    expect((await loaded(['topics', '--format', 'json'])).files).not.toContain(reader);
    const config = { VIS_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'vis-startup-config-')) };
    expect((await loaded(['config', 'set', 'history', 'postgresql://vis_writer@db.example.com/analytics'], config)).files).toContain(reader);
  });

  it('vis usage (a table) adds only the table renderer', async () => {
    const l = await loaded(['usage']);
    expect(l.files.sort()).toEqual(['bin/vis.js', 'dist/boot.cjs', 'dist/lib/table.cjs', 'dist/lib/transport.cjs', 'dist/vis.cjs']);
  });
});

/** The lib files that hold what only the history's stores, the report and the sandbox need. */
const NOT_FOR_A_READ = [
  'dist/lib/mcp.cjs',
  'dist/lib/sqlite.cjs',
  'dist/lib/pg.cjs',
  'dist/lib/charts.cjs',
  'dist/lib/sandbox.cjs',
  'dist/lib/playwright/lib/playwright.cjs',
];

/**
 * Modules of the bundle that only the history's stores and its commands, changes, the
 * report, the export, the sandbox and the configuration commands need. A data command
 * may write the history's journal (journal, recorder, identity, scan-day, location; the
 * recorder's refusal of a newer store in needs-vis's words), and
 * every command reads settings, which check a PostgreSQL history URL (pg/url).
 */
const ONLY_THEIRS = [
  /^src\/history\/(?!(journal|recorder|identity|scan-day|types|location|needs-vis|pg\/url)\.ts$)/,
  /^src\/(report|export|sandbox)\//,
  /^src\/cli\/commands\/(history|changes|report|export|sandbox|config|mcp)\/(?!declare\.ts$)/,
  /^src\/mcp\//,
];

describe('what --help, completion and a data command leave alone', () => {
  let traced: string;
  beforeAll(() => {
    traced = tracedCli();
  });

  it.each([[['__complete', 'brands']], [['topics']], [['topics', '--format', 'json']]])(
    'vis %j evaluates nothing of the history’s stores, changes, report, export, sandbox, configuration or MCP server, and loads none of their lib files',
    async (argv) => {
      const shared = { VIS_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'vis-startup-config-')) };
      const l = await loaded(argv, shared, traced);
      expect(l.evaluated.length, 'the traced bundle recorded its modules').toBeGreaterThan(0);
      expect(l.evaluated.filter((m) => ONLY_THEIRS.some((re) => re.test(m)))).toEqual([]);
      // The lib files are those of the real dist/, which the copy's dist/lib links to.
      const files = (await loaded(argv, shared)).files;
      expect(files.filter((f) => NOT_FOR_A_READ.includes(f))).toEqual([]);
    },
  );

  it('vis __complete brands, answered from its cache, loads dist/complete.cjs and not the bundle; a fetch leaves it to the bundle', async () => {
    const shared = { VIS_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'vis-startup-config-')) };
    const first = await loaded(['__complete', 'brands'], shared);
    expect(first.files.sort()).toEqual(['bin/vis.js', 'dist/boot.cjs', 'dist/complete.cjs', 'dist/lib/transport.cjs', 'dist/vis.cjs']);
    expect((await loaded(['__complete', 'brands'], shared)).files.sort()).toEqual(['bin/vis.js', 'dist/boot.cjs', 'dist/complete.cjs']);
  });

  it('vis __complete brands, answered from its cache, builds no program: no commander, no declaration, no node:crypto, no stream', async () => {
    const shared = { VIS_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'vis-startup-config-')) };
    await loaded(['__complete', 'brands'], shared, traced);
    const l = await loaded(['__complete', 'brands'], shared, traced);
    // Nothing of the bundle ran: dist/complete.cjs answered alone.
    expect(l.evaluated).toEqual([]);
    for (const m of [...HEAVY, 'v8', 'stream', 'net', 'tty']) expect(l.builtins, m).not.toContain(m);
  });

  it.each([
    ['profiles', {}],
    ['engines', {}],
    ['markets', {}],
    ['brands with a broken config', { config: '{ not json' }],
    ['brands without a key', { env: { VIS_API_KEY: '' } }],
    ['brands under VIS_DEMO', { env: { VIS_DEMO: '1' } }],
  ] as Array<[string, { config?: string; env?: Record<string, string> }]>)(
    'vis __complete %s: dist/complete.cjs answers, without the bundle',
    async (what, o) => {
      const dir = mkdtempSync(join(tmpdir(), 'vis-startup-config-'));
      if (o.config !== undefined) writeFileSync(join(dir, 'config.json'), o.config);
      const l = await loaded(['__complete', what.split(' ')[0]!], { VIS_CONFIG_DIR: dir, ...o.env });
      expect(l.files.sort()).toEqual(['bin/vis.js', 'dist/boot.cjs', 'dist/complete.cjs']);
      // The engines are read from the response cache, whose folders node:crypto's SHA-256
      // names (it loads the streams), as the command reads them.
      const heavy = what === 'engines' ? [...HEAVY, 'v8', 'net', 'tty'] : [...HEAVY, 'v8', 'stream', 'net', 'tty'];
      for (const m of heavy) expect(l.builtins, m).not.toContain(m);
    },
  );

  it('the history’s stores, the report and the export are in the traced bundle, so their absence above means something', async () => {
    const l = await loaded(['--demo', 'changes', '--format', 'json'], {}, traced);
    expect(l.evaluated.filter((m) => ONLY_THEIRS.some((re) => re.test(m))).length).toBeGreaterThan(0);
  });
});

describe('what a loaded file costs', () => {
  // V8 keeps each script's source for as long as the script lives, one byte a character
  // only when every character is Latin-1: one `œ` in a regular expression once doubled
  // dist/vis.cjs in the heap of every run and put `vis usage` over its memory budget.
  // scripts/build.mjs refuses such a bundle (checkOneByte); this pins that the shipped
  // files are built so.
  const files = ['dist', 'dist/lib'].flatMap((dir) =>
    readdirSync(join(ROOT, dir))
      .filter((f) => f.endsWith('.cjs'))
      .map((f) => `${dir}/${f}`),
  );
  it('covers the bundle and every lib file', () => {
    expect(files).toEqual(expect.arrayContaining(['dist/vis.cjs', 'dist/boot.cjs', 'dist/lib/transport.cjs', 'dist/lib/table.cjs']));
  });
  it.each(files)('%s is Latin-1 only', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const at = text.search(/[^\u0000-\u00ff]/);
    expect(at === -1 ? '' : text.slice(Math.max(0, at - 40), at + 10)).toBe('');
  });
});
