/**
 * The code cache (src/boot/code-cache.ts), through the built vis: Node's own compile cache
 * on Node 22 and later, in vis's private cache folder; where it is written, that a folder
 * others can write to is never used, and that output is the same with and without it.
 * Node 20 has no compile cache and runs without one: no folder is made.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, runVis } from './helpers.js';

/** Node 22+ has module.enableCompileCache; Node 20 does not. */
const NODE_CACHE = typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

function setup(): { env: Record<string, string>; dir: string } {
  const cacheHome = mkdtempSync(join(tmpdir(), 'vis-cache-'));
  return { env: cleanEnv({ XDG_CACHE_HOME: cacheHome }), dir: join(cacheHome, 'vis', 'code') };
}

const files = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);
const mode = (path: string) => statSync(path).mode & 0o777;

describe('code cache', () => {
  it.runIf(NODE_CACHE)('Node 22+: written on the first run, in a 0700 folder, and the output is the same with and without it', async () => {
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

  it.runIf(!NODE_CACHE)('Node 20: no compile cache, no folder made, the command runs normally', async () => {
    const { env, dir } = setup();
    const r = await runVis(['--help'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: vis /);
    expect(existsSync(dir)).toBe(false);
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
});
