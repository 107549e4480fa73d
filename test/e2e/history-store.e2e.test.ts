/**
 * The history store as built and as several processes use it: dist/ carries the
 * WebAssembly SQLite beside dist/lib/sqlite.cjs and loads it from there, a data command
 * never loads it, two processes recording and taking the journal in at once lose
 * nothing, a read-only folder is refused with the reason, no key reaches the file, and
 * the file opens in the `sqlite3` shell with every query of docs/history-sql.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { asUser, bundleTestDriver, modulesLoaded, NOBODY, VIS, visRunnableBy } from './helpers.js';

const ROOT = resolve(dirname(VIS), '..');
const DIST_LIB = join(ROOT, 'dist', 'lib');
const KEY = 'vis_live_e2eHistoryKey0123456789abcdef';

/** The driver bundled with esbuild; SQLite is the built dist/lib/sqlite.cjs named by VIS_SQLITE_LIB. */
async function bundleDriver(): Promise<string> {
  const out = await bundleTestDriver('history-store-driver.ts', {
    name: 'built-sqlite',
    setup(b) {
      b.onResolve({ filter: /^node-sqlite3-wasm$/ }, () => ({ path: 'built', namespace: 'built-sqlite' }));
      b.onLoad({ filter: /.*/, namespace: 'built-sqlite' }, () => ({ contents: 'module.exports = require(process.env.VIS_SQLITE_LIB);', loader: 'js' }));
    },
  });
  chmodSync(out, 0o644);
  chmodSync(dirname(out), 0o755);
  return out;
}

let driver: string;
beforeAll(async () => {
  if (!existsSync(join(DIST_LIB, 'sqlite.cjs'))) throw new Error('dist/lib/sqlite.cjs is missing: run `npm run build` first (npm test does)');
  driver = await bundleDriver();
});

function privateStore(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'vis-history-e2e-')), 'data');
  mkdirSync(dir, { mode: 0o700 });
  return join(dir, 'history.db');
}

function runDriver(args: string[], o: { lib?: string; uid?: number } = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', TMPDIR: tmpdir(), VIS_API_KEY: KEY, VIS_SQLITE_LIB: o.lib ?? join(DIST_LIB, 'sqlite.cjs') };
  const argv = [process.execPath, driver, ...args];
  const child = o.uid === undefined ? spawn(argv[0]!, argv.slice(1), { env }) : spawn('setpriv', asUser(o.uid, argv), { env, cwd: '/' });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((r) => child.on('close', (code) => r({ code, stdout, stderr })));
}

describe('the built store', () => {
  it('dist/ carries the WebAssembly SQLite beside dist/lib/sqlite.cjs, and a data command never loads it', () => {
    expect(existsSync(join(DIST_LIB, 'node-sqlite3-wasm.wasm'))).toBe(true);
    expect(readFileSync(join(ROOT, 'dist', 'vis.cjs'), 'utf8')).not.toContain('node-sqlite3-wasm.wasm');
    expect(readFileSync(join(ROOT, 'dist', 'THIRD_PARTY_NOTICES.md'), 'utf8')).toContain('## node-sqlite3-wasm ');
    const { status, stderr, loaded } = modulesLoaded(['--demo', 'topics', '-f', 'json']);
    expect(status, stderr).toBe(0);
    expect(loaded).toContain('sandbox.cjs');
    expect(loaded).not.toContain('sqlite');
  });

  it('two processes recording and taking the journal in at once lose nothing and never store a key twice', async () => {
    const file = privateStore();
    const [a, b] = await Promise.all([runDriver(['record', file, '60', 'a']), runDriver(['record', file, '60', 'b'])]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const stored = (JSON.parse(a.stdout) as { stored: number }).stored + (JSON.parse(b.stdout) as { stored: number }).stored;
    expect(stored).toBe(120);
    const check = await runDriver(['open', file]);
    expect(check.code, check.stderr).toBe(0);
    expect(JSON.parse(check.stdout)).toMatchObject({ answers: 120, problems: [], journal: { waiting: 0, rejected: [] } });
    // The key the processes ran with is nowhere in the file.
    expect(readFileSync(file).includes(Buffer.from(KEY))).toBe(false);
    expect(readFileSync(file).includes(Buffer.from('a-59'))).toBe(true);
  });

  it('refuses a read-only folder, saying why', async (t) => {
    const runnable = visRunnableBy(NOBODY);
    if ('reason' in runnable) {
      console.log(`skipped: ${runnable.reason}`);
      t.skip();
      return;
    }
    const lib = join(dirname(runnable.vis), '..', 'dist', 'lib', 'sqlite.cjs');
    const file = privateStore();
    const dir = dirname(file);
    chmodSync(dirname(dir), 0o755);
    chownSync(dir, NOBODY, NOBODY);
    chmodSync(dir, 0o500);
    const r = await runDriver(['open', file], { lib, uid: NOBODY });
    expect(r.stderr.trim()).toBe(`cannot create the history store ${file}: permission denied (the folder is read-only for you)`);
    expect(r.code).toBe(2);
    // A store already there, in a folder that became read-only: vis's lock cannot be made.
    chmodSync(dir, 0o700);
    writeFileSync(file, '', { mode: 0o600 });
    chownSync(file, NOBODY, NOBODY);
    chmodSync(dir, 0o500);
    const again = await runDriver(['open', file], { lib, uid: NOBODY });
    expect(again.stderr.trim()).toBe(`cannot lock the history store ${file} (${file}.vis.lock): permission denied (the folder is read-only for you)`);
    expect(again.code).toBe(2);
    expect(readFileSync(file).length).toBe(0);
  });
});

describe('the sqlite3 shell', () => {
  it('opens the file, and every query of docs/history-sql.md answers', async (t) => {
    const shell = '/usr/bin/sqlite3';
    if (!existsSync(shell)) {
      console.log(`skipped: ${shell} is not installed`);
      t.skip();
      return;
    }
    const file = privateStore();
    const r = await runDriver(['record', file, '10', 'shell']);
    expect(r.code, r.stderr).toBe(0);
    const doc = readFileSync(join(ROOT, 'docs', 'history-sql.md'), 'utf8');
    const queries = [...doc.matchAll(/```sql\n([\s\S]*?)```/g)]
      .flatMap((m) => m[1]!.split(/;\s*\n/))
      .map((q) => q.trim())
      .filter((q) => /^(SELECT|WITH)\b/i.test(q));
    expect(queries.length).toBeGreaterThanOrEqual(5);
    for (const q of queries) {
      const out = spawnSync(shell, ['-readonly', '-bail', file, `${q};`], { encoding: 'utf8' });
      expect(out.stderr, q).toBe('');
      expect(out.status, q).toBe(0);
    }
    const topics = spawnSync(shell, ['-readonly', file, "SELECT count(*) FROM topic_days WHERE name = 'shell'"], { encoding: 'utf8' });
    expect(topics.stdout.trim()).toBe('10');
    const body = spawnSync(shell, ['-readonly', file, "SELECT json_extract(body, '$.data.topics[0].id') FROM answer_bodies WHERE item = 'shell-3'"], {
      encoding: 'utf8',
    });
    expect(body.stdout.trim()).toBe('shell-3');
  });
});
