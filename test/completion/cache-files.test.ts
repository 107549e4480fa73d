/**
 * The completion cache's files as someone may leave them: a FIFO or a link where
 * completion-cache.json should be is an empty cache, at once (TAB must never hang), and
 * the cache is written as a new file, never through a link.
 */
import { lstatSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CACHE_FILE, readCache, writeCache } from '../../src/cli/commands/completion/candidates.js';
import { ConfigStore } from '../../src/config/store.js';
import { makeFifo, waitedOnFifos } from '../fs/fifo.js';

// Nothing may wait on a FIFO: its watchdog (test/fs/fifo.ts) says whether anyone did.
afterEach(async () => {
  expect(await waitedOnFifos()).toEqual([]);
});

function configDir(): { dir: string; store: ConfigStore; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vis-complete-'));
  return { dir, store: new ConfigStore({ VIS_CONFIG_DIR: dir }), path: join(dir, CACHE_FILE) };
}

const cached = { version: 1 as const, brands: { a: { names: ['Planted'], fetched_at: 1 } } };

describe('completion-cache.json that is not a regular file', () => {
  it('a FIFO reads as an empty cache, at once', () => {
    const { path } = configDir();
    makeFifo(path);
    expect(readCache(path)).toEqual({ version: 1, brands: {} });
  });

  it('a link is not followed, and writing replaces the link, never what it points to', () => {
    const { store, path } = configDir();
    const victim = join(mkdtempSync(join(tmpdir(), 'vis-victim-')), 'v');
    writeFileSync(victim, JSON.stringify(cached));
    symlinkSync(victim, path);
    expect(readCache(path)).toEqual({ version: 1, brands: {} });
    writeCache(store, path, { version: 1, brands: {} });
    expect(readFileSync(victim, 'utf8')).toBe(JSON.stringify(cached));
    expect(lstatSync(path).isFile()).toBe(true);
    expect(lstatSync(path).mode & 0o777).toBe(0o600);
    expect(readCache(path)).toEqual({ version: 1, brands: {} });
  });
});
