/**
 * The npm package: `npm run package` (scripts/pack.mjs) packs the bundle with a
 * package.json written for publishing, with no dependencies and no scripts. The tarball
 * installs offline into an empty prefix as one package, without an install-script
 * warning, and the installed `vis` runs with no node_modules anywhere; `npx vis` works
 * from the repository. Packs the dist/ that `npm test` built (--no-build), so that
 * packing does not rebuild dist/ under the other tests.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToEnd } from '../support/spawned.js';

const ROOT = resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function exec(file: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<Result> {
  return runToEnd(file, args, {
    cwd: opts.cwd ?? ROOT,
    // offline: npm never asks the registry (npx --no did, for 20 s and more when it was slow);
    // tests reach nothing beyond loopback.
    env: {
      ...process.env,
      NO_COLOR: '1',
      npm_config_offline: 'true',
      npm_config_update_notifier: 'false',
      npm_config_fund: 'false',
      npm_config_audit: 'false',
      ...opts.env,
    },
    timeoutMs: opts.timeoutMs ?? 120_000,
  });
}

/** What `npm pack --json` reports about one tarball. */
interface PackReport {
  filename: string;
  files: Array<{ path: string }>;
}

const ALLOWED = [
  /^bin\/(vis\.js|package\.json)$/,
  /^dist\/.+\.cjs$/,
  // The WebAssembly SQLite of the history store, read from beside dist/lib/sqlite.cjs.
  /^dist\/lib\/node-sqlite3-wasm\.wasm$/,
  // What the bundled playwright-core (vis report --pdf) reads from the folder above its own.
  /^dist\/lib\/playwright\/(package|browsers)\.json$/,
  // Each command's help page, which `vis [command...] --help` lays out without the bundle.
  /^dist\/help\/vis(\.[a-z_][a-z0-9_-]*)*\.json$/,
  /^completions\/(vis\.bash|_vis|vis\.fish)$/,
  /^docs\/[a-z-]+\.md$/,
  /^(README\.md|LICENSE|THIRD_PARTY_NOTICES\.md|package\.json)$/,
];
/** The scripts npm runs when a package is installed. */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepublish', 'preprepare', 'prepare', 'postprepare'];

describe('npm package', () => {
  let dir = '';
  let report: PackReport;
  let installed: Result;
  let prefix = '';
  let installedRoot = '';
  const temporary: string[] = [];

  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'dist', 'vis.cjs'))) throw new Error('dist/vis.cjs is missing: run `npm run build` first (npm test does)');
    dir = mkdtempSync(join(tmpdir(), 'vis-pack-'));
    temporary.push(dir);
    const packed = await exec(process.execPath, [join(ROOT, 'scripts', 'pack.mjs'), '--no-build', '--json', '--pack-destination', dir]);
    if (packed.code !== 0) throw new Error(`npm run package failed:\n${packed.stderr}`);
    report = (JSON.parse(packed.stdout) as PackReport[])[0]!;
    // A global install into an empty prefix, offline: with no dependencies, npm needs
    // nothing but the tarball.
    prefix = join(dir, 'prefix');
    installed = await exec(NPM, ['install', '--global', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', join(dir, report.filename)], { cwd: dir });
    installedRoot = join(prefix, 'lib', 'node_modules', pkg.name);
  }, 180_000);

  afterAll(() => {
    for (const d of temporary) rmSync(d, { recursive: true, force: true });
  });

  it('ships only the bundle, bin, completions, docs, README, LICENSE, the third-party notices and package.json', () => {
    const files = report.files.map((f) => f.path).sort();
    for (const f of files)
      expect(
        ALLOWED.some((re) => re.test(f)),
        `${f} should not be in the package`,
      ).toBe(true);
    expect(files).toEqual(
      expect.arrayContaining([
        'bin/vis.js',
        'bin/package.json',
        'dist/boot.cjs',
        'dist/help.cjs',
        'dist/complete.cjs',
        'dist/help/vis.json',
        'dist/help/vis.topics.json',
        'dist/vis.cjs',
        'dist/lib/table.cjs',
        'dist/lib/transport.cjs',
        'dist/lib/sandbox.cjs',
        'dist/lib/ora.cjs',
        'dist/lib/sqlite.cjs',
        'dist/lib/node-sqlite3-wasm.wasm',
        'dist/lib/charts.cjs',
        'dist/lib/pg.cjs',
        'dist/lib/pg-connection-string.cjs',
        'dist/lib/playwright/lib/playwright.cjs',
        'dist/lib/playwright/package.json',
        'dist/lib/playwright/browsers.json',
        'completions/vis.bash',
        'completions/_vis',
        'completions/vis.fish',
        'docs/guide.md',
        'docs/commands.md',
        'docs/security.md',
        'docs/output.md',
        'docs/changes.md',
        'docs/history.md',
        'docs/history-sql.md',
        'docs/history-postgres.md',
        'docs/report.md',
        'docs/mcp.md',
        'README.md',
        'LICENSE',
        'THIRD_PARTY_NOTICES.md',
        'package.json',
      ]),
    );
  });

  it('installs offline as one package: no dependencies, no install script, no warning about one', () => {
    expect(installed.code, installed.stderr).toBe(0);
    expect(installed.stdout).toMatch(/added 1 package\b/);
    expect(installed.stderr).not.toMatch(/install-scripts|allowScripts|allow-scripts/);
    expect(readdirSync(join(prefix, 'lib', 'node_modules')).filter((f) => !f.startsWith('.'))).toEqual([pkg.name]);
    expect(existsSync(join(installedRoot, 'node_modules'))).toBe(false);
    expect(existsSync(join(installedRoot, 'src'))).toBe(false);

    const manifest = JSON.parse(readFileSync(join(installedRoot, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: pkg.name, version: pkg.version, bin: { vis: 'bin/vis.js' } });
    for (const field of [
      'dependencies',
      'optionalDependencies',
      'peerDependencies',
      'bundleDependencies',
      'bundledDependencies',
      'devDependencies',
      'private',
      'allowScripts',
    ]) {
      expect(manifest, `the published package.json should have no ${field}`).not.toHaveProperty(field);
    }
    const scripts = Object.keys((manifest.scripts ?? {}) as object);
    expect(scripts.filter((s) => INSTALL_SCRIPTS.includes(s))).toEqual([]);
  });

  it('the installed vis runs from the bundle alone: --demo topics, completion bash, --version', async () => {
    const bin = join(prefix, 'bin', 'vis');
    const home = mkdtempSync(join(tmpdir(), 'vis-home-'));
    temporary.push(home);
    // No NODE_PATH, and nothing in node_modules above the install: a require() of a
    // library the bundle left out would fail.
    const env = { HOME: home, VIS_CONFIG_DIR: join(home, 'config'), XDG_CACHE_HOME: join(home, 'cache'), VIS_API_KEY: '', VIS_BASE_URL: '', NODE_PATH: '' };
    const [version, topics, script] = await Promise.all([
      exec(bin, ['--version'], { cwd: dir, env }),
      exec(bin, ['--demo', 'topics'], { cwd: dir, env }),
      exec(bin, ['completion', 'bash'], { cwd: dir, env }),
    ]);
    expect(version).toMatchObject({ code: 0, stdout: `vis ${pkg.version}\n` });
    expect(topics.code, topics.stderr).toBe(0);
    expect(topics.stdout).toMatch(/^id\tname\tvisibility\b/);
    expect(topics.stdout).toContain('crm-for-startups\tCRM for startups');
    // The completions ship with the package and match what the installed vis prints.
    expect(script.code, script.stderr).toBe(0);
    expect(script.stdout).toBe(readFileSync(join(installedRoot, 'completions', 'vis.bash'), 'utf8'));
  });

  it('the installed vis draws a report from the bundle alone: its charts from dist/lib/charts.cjs', async () => {
    const bin = join(prefix, 'bin', 'vis');
    const home = mkdtempSync(join(tmpdir(), 'vis-home-'));
    temporary.push(home);
    const env = { HOME: home, VIS_CONFIG_DIR: join(home, 'config'), XDG_CACHE_HOME: join(home, 'cache'), VIS_API_KEY: '', VIS_BASE_URL: '', NODE_PATH: '' };
    const file = join(home, 'report.html');
    const made = await exec(bin, ['--demo', 'report', '-o', file], { cwd: dir, env });
    expect(made.code, made.stderr).toBe(0);
    const page = readFileSync(file, 'utf8');
    expect(page.match(/<figure class="chart"><div class="svg wide" role="img" aria-label="[^"]+"><svg /g)?.length).toBeGreaterThanOrEqual(3);
    expect(page).not.toContain('The chart could not be drawn');
  });

  it('ships the licences of the bundled libraries: THIRD_PARTY_NOTICES.md, as the build wrote it', () => {
    const notices = readFileSync(join(installedRoot, 'THIRD_PARTY_NOTICES.md'), 'utf8');
    expect(notices).toBe(readFileSync(join(ROOT, 'dist', 'THIRD_PARTY_NOTICES.md'), 'utf8'));
    // The libraries vis is built on, and some that they bring into the bundle.
    for (const name of ['commander', 'undici', 'chalk', 'zod', 'ora', 'string-width']) {
      expect(notices, name).toMatch(new RegExp(`^## ${name} \\d+\\.\\d+\\.\\d+\\n\\nLicence: \\S+\\n\\n\`{3,}text\\n\\S`, 'm'));
    }
  });

  it('ships the documents the installed README links to, as they are in the repository', () => {
    const readme = readFileSync(join(installedRoot, 'README.md'), 'utf8');
    const linked = [...new Set([...readme.matchAll(/\]\((docs\/[a-z-]+\.md)(?:#[^)]*)?\)/g)].map((m) => m[1]!))];
    expect(linked).toEqual(expect.arrayContaining(['docs/guide.md', 'docs/commands.md', 'docs/security.md']));
    for (const doc of linked) expect(readFileSync(join(installedRoot, doc), 'utf8'), doc).toBe(readFileSync(join(ROOT, doc), 'utf8'));
  });

  it('npm pack in the repository refuses, and says to run npm run package', async () => {
    const r = await exec(NPM, ['pack', '--dry-run']);
    expect(r.code).not.toBe(0);
    expect(r.stdout + r.stderr).toContain('Run `npm run package` instead');
  });

  // npx is npm starting up (about 1 s alone, offline); on a loaded 2-core machine it took
  // over the default 20 s once, so this one has room.
  it('npx vis runs the repository’s vis', async () => {
    // npx installs the project into its own cache (running prepare) on first use: an
    // empty cache of the test's own, so neither an earlier run's leftovers (a killed npx
    // leaves a broken one) nor the registry decide the outcome. Killed well inside the
    // test's limit, so a hang shows what npx printed.
    const cache = mkdtempSync(join(tmpdir(), 'vis-npx-cache-'));
    const r = await exec('npx', ['--no', '--', 'vis', '--version'], { timeoutMs: 120_000, env: { npm_config_cache: cache } });
    expect(r).toMatchObject({ code: 0, stdout: `vis ${pkg.version}\n` });
  }, 240_000);
});
