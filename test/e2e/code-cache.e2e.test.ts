/**
 * The code cache (src/boot/code-cache.ts), through the built vis: where it is written,
 * with which modes, that a second run uses it instead of writing again, that a broken or
 * foreign cache is never used, and that output is the same with and without it. The same
 * on every Node: Node's own compile cache (22+) is not used (see the module's header).
 */
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import { cleanEnv, runVis } from './helpers.js';

async function startSandboxServer() {
  return startSandbox({ host: '127.0.0.1', port: 0, quiet: true, rateLimitPerMinute: 100_000 });
}

function setup(): { env: Record<string, string>; dir: string } {
  const cacheHome = mkdtempSync(join(tmpdir(), 'vis-cache-'));
  return { env: cleanEnv({ XDG_CACHE_HOME: cacheHome }), dir: join(cacheHome, 'vis', 'code') };
}

const files = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);
const mtimes = (dir: string) => Object.fromEntries(files(dir).map((f) => [f, statSync(join(dir, f)).mtimeMs]));
const mode = (path: string) => statSync(path).mode & 0o777;

describe('code cache', () => {
  it('is written on the first run, in a 0700 folder, and the output is the same with and without it', async () => {
    const { env, dir } = setup();
    const first = await runVis(['--help'], { env });
    expect(first.code).toBe(0);
    expect(mode(join(dir, '..'))).toBe(0o700);
    expect(mode(dir)).toBe(0o700);
    expect(files(dir).length).toBeGreaterThan(0);
    const second = await runVis(['--help'], { env });
    const without = await runVis(['--help'], { env: { ...env, NODE_DISABLE_COMPILE_CACHE: '1' } });
    expect(second).toEqual(first);
    expect(without).toEqual(first);
  });

  it('NODE_DISABLE_COMPILE_CACHE=1 turns it off: no folder is made', async () => {
    const { env, dir } = setup();
    const r = await runVis(['--help'], { env: { ...env, NODE_DISABLE_COMPILE_CACHE: '1' } });
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, '..'))).toBe(false);
  });

  it('a folder others can write to is not used', async () => {
    const { env, dir } = setup();
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o777);
    const r = await runVis(['--help'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: vis /);
    expect(files(dir)).toEqual([]);
  });

  const oddPlaces: Array<[string, () => string]> = [
    [
      'a file',
      () => {
        const f = join(mkdtempSync(join(tmpdir(), 'vis-file-')), 'cache');
        writeFileSync(f, '');
        return f;
      },
    ],
  ];
  // mkdirSync's `recursive` spins forever there (ENOENT for a parent that exists).
  if (existsSync('/proc/self')) oddPlaces.push(['a place where folders cannot be made (/proc)', () => '/proc/vis-cache-test']);
  it.each(oddPlaces)('XDG_CACHE_HOME naming %s: no cache, and the command runs normally', async (_name, make) => {
    const env = cleanEnv({ XDG_CACHE_HOME: make() });
    const r = await runVis(['--help'], { env });
    expect(r.signal).toBe(null);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: vis /);
  });

  // `vis` alone (the root help, from the bundle: `vis --help` is answered without it, by
  // dist/help.cjs) is the command these runs use.
  describe('vis’s own cache, on every Node', () => {
    it('writes one 0600 file per bundle file loaded, and a second run of the same command writes nothing', async () => {
      const { env, dir } = setup();
      await runVis([], { env });
      expect(files(dir)).toEqual([expect.stringMatching(/^vis\.cjs-[0-9a-f]{8}-[0-9a-f]{8}n\.v8cache$/)]);
      const file = join(dir, files(dir)[0]!);
      expect(mode(file)).toBe(0o600);
      expect(readFileSync(file).subarray(0, 15).toString()).toBe('vis-v8-cache-1\n');
      const before = mtimes(dir);
      await runVis([], { env });
      expect(mtimes(dir)).toEqual(before);
    });

    it('a command that runs code the cache lacks adds it once, then the cache is left alone', async () => {
      const { env, dir } = setup();
      await runVis([], { env });
      const afterHelp = mtimes(dir);
      await runVis(['help', 'exit-codes'], { env });
      const afterHelpWord = mtimes(dir);
      expect(afterHelpWord).not.toEqual(afterHelp);
      const data = readFileSync(join(dir, files(dir)[0]!));
      expect(data.toString('latin1')).toContain('["","help"]');
      await runVis(['help', 'exit-codes'], { env });
      await runVis([], { env });
      expect(mtimes(dir)).toEqual(afterHelpWord);
    });

    it.each([
      ['garbage', Buffer.from('not a cache at all')],
      [
        'a good header with broken V8 data',
        Buffer.concat([Buffer.from('vis-v8-cache-1\n'), Buffer.from([2, 0, 0, 0]), Buffer.from('[]'), Buffer.alloc(4096, 7)]),
      ],
      ['a header that lies about its length', Buffer.concat([Buffer.from('vis-v8-cache-1\n'), Buffer.from([255, 255, 255, 0]), Buffer.from('[]')])],
    ])('a cache file with %s is not used, the run is normal, and a good cache replaces it', async (_name, bad) => {
      const { env, dir } = setup();
      const good = await runVis([], { env });
      const file = join(dir, files(dir)[0]!);
      writeFileSync(file, bad);
      const r = await runVis([], { env });
      expect(r).toEqual(good);
      expect(readFileSync(file).subarray(0, 15).toString()).toBe('vis-v8-cache-1\n');
      expect(readFileSync(file).length).toBeGreaterThan(10_000);
    });

    it('a cache file that is a symbolic link is not followed, and is replaced by a file', async () => {
      const { env, dir } = setup();
      const good = await runVis([], { env });
      const file = join(dir, files(dir)[0]!);
      const elsewhere = join(mkdtempSync(join(tmpdir(), 'vis-elsewhere-')), 'target');
      writeFileSync(elsewhere, readFileSync(file));
      unlinkSync(file);
      symlinkSync(elsewhere, file);
      const r = await runVis([], { env });
      expect(r).toEqual(good);
      expect(lstatSync(file).isFile()).toBe(true);
    });

    it('the cache of an earlier build at the same place is removed when a new one is written; other installations’ stay', async () => {
      const { env, dir } = setup();
      await runVis([], { env });
      const current = files(dir)[0]!;
      const place = current.split('-')[1]!; // vis.cjs-<folder hash>-<key>n.v8cache
      const older = `vis.cjs-${place}-00000000n.v8cache`;
      const otherFlags = `vis.cjs-${place}-00000000w.v8cache`;
      const otherInstall = `vis.cjs-${place === 'ffffffff' ? 'eeeeeeee' : 'ffffffff'}-00000000n.v8cache`;
      const otherFile = `table.cjs-${place}-00000000n.v8cache`;
      for (const name of [older, otherFlags, otherInstall, otherFile]) writeFileSync(join(dir, name), 'old', { mode: 0o600 });
      unlinkSync(join(dir, current)); // so that this run writes, and cleans up
      await runVis([], { env });
      expect(files(dir)).toEqual([current, otherFile, otherFlags, otherInstall].sort());
    });

    it('commands that send requests keep a cache of their own (compiled under --liftoff-only), and both are reused', async () => {
      const { env, dir } = setup();
      const server = await startSandboxServer();
      try {
        const withApi = { ...env, VIS_BASE_URL: server.baseUrl, VIS_API_KEY: 'vis_demo_growth' };
        const first = await runVis(['usage', '--format', 'json'], { env: withApi });
        expect(first.code, first.stderr).toBe(0);
        await runVis([], { env: withApi });
        expect(files(dir)).toEqual([
          expect.stringMatching(/^transport\.cjs-[0-9a-f]{8}-[0-9a-f]{8}w\.v8cache$/),
          expect.stringMatching(/^vis\.cjs-[0-9a-f]{8}-[0-9a-f]{8}n\.v8cache$/),
          expect.stringMatching(/^vis\.cjs-[0-9a-f]{8}-[0-9a-f]{8}w\.v8cache$/),
        ]);
        const before = mtimes(dir);
        const again = await runVis(['usage', '--format', 'json'], { env: withApi });
        await runVis([], { env: withApi });
        expect(again.stdout).toBe(first.stdout);
        expect(mtimes(dir)).toEqual(before);
      } finally {
        await server.close();
      }
    });
  });
});
