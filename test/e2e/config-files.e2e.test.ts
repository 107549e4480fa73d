/**
 * The config file in a read-only folder, with vis run as a user the permission bits bind
 * (nobody, when the tests run as root): a refusal exits 2 naming the file and what to do,
 * never "This is a bug", and leaves the old file as it was. The other environments that
 * refuse the file need no process: test/config/config-files.test.ts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, cleanEnv, NOBODY, runVis, startUsageServer, VIS, visRunnableBy, type RunResult, type TestServer } from './helpers.js';

const KEY = 'vis_live_0123456789abcdef';
let server: TestServer;

beforeAll(async () => {
  server = await startUsageServer(KEY);
});
afterAll(() => server.close());

const IS_ROOT = process.getuid?.() === 0;
const IN_CI = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== '0' && process.env.CI.toLowerCase() !== 'false';

/**
 * As root, permission bits are ignored: vis runs as nobody instead (setpriv), from a copy
 * nobody can read when this checkout is private. Undefined when not root.
 */
function nobodyVis(): { vis: string } | { reason: string } | undefined {
  if (!IS_ROOT) return undefined;
  const probe = spawnSync('setpriv', asUser(NOBODY, ['true']));
  if (probe.status !== 0) return { reason: `setpriv cannot run a command as nobody here (${probe.error?.message ?? `exit ${probe.status}`})` };
  return visRunnableBy(NOBODY);
}
const AS_NOBODY = nobodyVis();
const CANNOT_DROP = AS_NOBODY && 'reason' in AS_NOBODY ? AS_NOBODY.reason : undefined;

function expectEnvironmentError(r: RunResult, message: RegExp): void {
  expect(r.stderr).toMatch(message);
  expect(r.code).toBe(2);
  expect(r.stderr).not.toContain('This is a bug');
  expect(r.stderr).not.toContain('unexpected error');
}

/**
 * A read-only config folder (0500): EACCES on the write. Root ignores permission bits, so
 * as root vis runs as nobody. Where that cannot be done the cases are skipped, saying
 * why, except in CI, which must run them (the mapping itself is also pinned in-process by
 * test/config/store.test.ts).
 */
const READ_ONLY = 'a read-only config folder';
if (CANNOT_DROP !== undefined && !IN_CI) console.warn(`${READ_ONLY}: skipped: ${CANNOT_DROP}`);
(CANNOT_DROP !== undefined && !IN_CI ? describe.skip : describe)(
  CANNOT_DROP !== undefined && !IN_CI ? `${READ_ONLY} (skipped: ${CANNOT_DROP})` : READ_ONLY,
  () => {
    beforeAll(() => {
      if (CANNOT_DROP !== undefined) throw new Error(`cannot run vis as nobody: ${CANNOT_DROP}`);
    });

    function readOnlyConfig(text: string): { env: Record<string, string>; dir: string; path: string } {
      const base = mkdtempSync(join(tmpdir(), 'vis-ro-'));
      chmodSync(base, 0o755);
      const dir = join(base, 'vis');
      mkdirSync(dir);
      const path = join(dir, 'config.json');
      writeFileSync(path, text, { mode: 0o600 });
      if (IS_ROOT) {
        chownSync(dir, NOBODY, NOBODY);
        chownSync(path, NOBODY, NOBODY);
      }
      chmodSync(dir, 0o500);
      return { env: cleanEnv({ VIS_CONFIG_DIR: dir, HOME: base }), dir, path };
    }

    function runAsUser(argv: string[], env: Record<string, string>, input?: string): Promise<RunResult> {
      if (AS_NOBODY === undefined || !('vis' in AS_NOBODY)) return runVis(argv, { env, input });
      // Not spawnSync: the test server in this process must keep answering meanwhile. The
      // working folder is one nobody can enter: the checkout's may be private.
      const child = spawn('setpriv', asUser(NOBODY, [process.execPath, AS_NOBODY.vis, ...argv]), { env, cwd: env.HOME });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.stdin.end(input ?? '');
      return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
    }

    it.runIf(IS_ROOT)('runs as nobody even from a checkout nobody can read (a clone in a 0700 home)', () => {
      const home = mkdtempSync(join(tmpdir(), 'vis-private-'));
      expect(statSync(home).mode & 0o777).toBe(0o700);
      const root = join(home, 'vis');
      for (const part of ['bin', 'dist', 'package.json']) cpSync(resolve(VIS, '..', '..', part), join(root, part), { recursive: true });
      const privateVis = join(root, 'bin', 'vis.js');
      const version = (vis: string) => spawnSync('setpriv', asUser(NOBODY, [process.execPath, vis, '--version']), { cwd: '/', encoding: 'utf8' });
      expect(version(privateVis).stderr).toMatch(/Cannot find module/);
      const runnable = visRunnableBy(NOBODY, privateVis);
      if (!('vis' in runnable)) throw new Error(runnable.reason);
      expect(runnable.vis).not.toContain(home);
      const r = version(runnable.vis);
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(`vis ${JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version}\n`);
    });

    it('config set: exit 2, naming the file, and the old file is unchanged', async () => {
      const old = '{"profiles":{"default":{"market":"DE-de"}}}';
      const { env, path } = readOnlyConfig(old);
      const r = await runAsUser(['config', 'set', 'market', 'US-en'], env);
      expectEnvironmentError(r, /^vis: cannot write the config file .*config\.json: EACCES/);
      expect(r.stderr).toContain('The config file is unchanged.');
      expect(readFileSync(path, 'utf8')).toBe(old);
    });

    it('auth login: exit 2 before the key is sent, and the old file is unchanged', async () => {
      const old = `{"profiles":{"default":{"base_url":"${server.baseUrl}"}}}`;
      const { env, path } = readOnlyConfig(old);
      const before = server.requests.length;
      const r = await runAsUser(['auth', 'login'], env, `${KEY}\n`);
      expect(server.requests.length).toBe(before);
      expectEnvironmentError(r, /^vis: cannot write the config file .*config\.json: EACCES/);
      expect(r.stderr).not.toContain(KEY);
      expect(readFileSync(path, 'utf8')).toBe(old);
    });
  },
);
