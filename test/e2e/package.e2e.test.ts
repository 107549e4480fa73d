/**
 * The npm package: the tarball holds only what runs, installs into an empty prefix (no
 * build step: dist/ is shipped, devDependencies are absent), and the installed `vis`
 * works; `npx vis` works from the repository. Packs the dist/ that `npm test` built,
 * with --ignore-scripts so that packing does not rebuild dist/ under the other tests.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function exec(file: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<Result> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(file, args, {
      cwd: opts.cwd ?? ROOT,
      env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr });
    });
  });
}

/** What `npm pack --json` reports about one tarball. */
interface PackReport {
  filename: string;
  files: Array<{ path: string }>;
}

function packReport(stdout: string): PackReport {
  return (JSON.parse(stdout) as PackReport[])[0]!;
}

const ALLOWED = [/^bin\/(vis\.js|package\.json)$/, /^dist\/.+\.cjs$/, /^completions\/(vis\.bash|_vis|vis\.fish)$/, /^README\.md$/, /^LICENSE$/, /^package\.json$/];

describe('npm package', () => {
  beforeAll(() => {
    if (!existsSync(join(ROOT, 'dist', 'vis.cjs'))) throw new Error('dist/vis.cjs is missing: run `npm run build` first (npm test does)');
  });

  it('npm pack ships only the bundle, bin, completions, README, LICENSE and package.json', async () => {
    const r = await exec(NPM, ['pack', '--dry-run', '--json', '--ignore-scripts']);
    expect(r.code, r.stderr).toBe(0);
    const files = packReport(r.stdout).files.map((f) => f.path).sort();
    for (const f of files) expect(ALLOWED.some((re) => re.test(f)), `${f} should not be in the package`).toBe(true);
    expect(files).toEqual(
      expect.arrayContaining(['bin/vis.js', 'bin/package.json', 'dist/boot.cjs', 'dist/vis.cjs', 'dist/lib/table.cjs', 'dist/lib/transport.cjs', 'dist/lib/sandbox.cjs', 'dist/lib/ora.cjs', 'dist/lib/conf.cjs', 'completions/vis.bash', 'completions/_vis', 'completions/vis.fish', 'README.md', 'LICENSE', 'package.json']),
    );
  });

  it(
    'the tarball installs into an empty prefix without building, and the installed vis works',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'vis-pack-'));
      const packed = await exec(NPM, ['pack', '--json', '--ignore-scripts', '--pack-destination', dir]);
      expect(packed.code, packed.stderr).toBe(0);
      const tarball = join(dir, packReport(packed.stdout).filename);
      expect(existsSync(tarball)).toBe(true);

      // A global install into a temporary prefix, from the npm cache when it can be.
      const prefix = join(dir, 'prefix');
      const installed = await exec(NPM, ['install', '--global', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', tarball], { cwd: dir });
      expect(installed.code, installed.stderr).toBe(0);

      const bin = join(prefix, 'bin', 'vis');
      const home = mkdtempSync(join(tmpdir(), 'vis-home-'));
      const env = { HOME: home, VIS_CONFIG_DIR: join(home, 'config'), VIS_API_KEY: '', VIS_BASE_URL: '' };
      const version = await exec(bin, ['--version'], { cwd: dir, env });
      expect(version).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });

      const usage = await exec(bin, ['--demo', 'usage', '--format', 'json'], { cwd: dir, env });
      expect(usage.code, usage.stderr).toBe(0);
      expect(JSON.parse(usage.stdout).data).toMatchObject({ plan: expect.any(String), reads: expect.any(Object) });

      // The completions ship with the package and match what the installed vis prints.
      const installedRoot = join(prefix, 'lib', 'node_modules', pkg.name);
      expect(existsSync(join(installedRoot, 'src'))).toBe(false);
      expect(existsSync(join(installedRoot, 'node_modules', 'esbuild'))).toBe(false);
      const script = await exec(bin, ['completion', 'bash'], { cwd: dir, env });
      expect(script.stdout).toBe(readFileSync(join(installedRoot, 'completions', 'vis.bash'), 'utf8'));
    },
    180_000,
  );

  it('npx vis runs the repository’s vis', async () => {
    const r = await exec('npx', ['--no', '--', 'vis', '--version']);
    expect(r).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });
  });
});
