/**
 * The response cache's files as someone else may leave them: a FIFO or a link where an
 * entry, the account note or the month's count of reads saved should be. Each is a miss
 * or is passed over, at once (a FIFO never blocks the process), and nothing is ever
 * written through a link.
 */
import { lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { entryFileName } from '../../src/cache/keys.js';
import { ResponseCache, cacheStatus } from '../../src/cache/store.js';
import { makeFifo, waitedOnFifos } from '../fs/fifo.js';

const URL = 'https://x.test/api/v1';
const NOV = Date.parse('2026-11-22T12:00:00Z');
const KEY = 'GET /topics';
// Nothing may wait on a FIFO: its watchdog (test/fs/fifo.ts) says whether anyone did.
afterEach(async () => {
  expect(await waitedOnFifos()).toEqual([]);
});

function open(maxBytes?: number): ResponseCache {
  const cache = ResponseCache.open(join(mkdtempSync(join(tmpdir(), 'vis-store-')), 'c'), URL, 'vis_test_key', maxBytes);
  if (typeof cache === 'string') throw new Error(cache);
  return cache;
}

const entryPath = (cache: ResponseCache) => join(cache.dir, entryFileName('topics', KEY));

describe('entries', () => {
  it('a FIFO as an entry is a damaged miss, at once; storing replaces it with a regular file', () => {
    const cache = open();
    makeFifo(entryPath(cache));
    expect(cache.lookup('topics', KEY, NOV)).toEqual({ miss: 'damaged' });
    cache.store('topics', KEY, '{"data":1}', NOV, NOV + 1000);
    expect(lstatSync(entryPath(cache)).isFile()).toBe(true);
    expect(cache.lookup('topics', KEY, NOV)).toEqual({ hit: { raw: '{"data":1}', fetchedAt: NOV, expiresAt: NOV + 1000 } });
  });

  it('a link to a valid entry is not served; storing replaces the link, never what it points to', () => {
    const cache = open();
    const other = open();
    other.store('topics', KEY, '{"planted":true}', NOV, NOV + 1000);
    const planted = readFileSync(entryPath(other), 'utf8');
    symlinkSync(entryPath(other), entryPath(cache));
    expect(cache.lookup('topics', KEY, NOV)).toEqual({ miss: 'damaged' });
    cache.store('topics', KEY, '{"mine":true}', NOV, NOV + 1000);
    expect(readFileSync(entryPath(other), 'utf8')).toBe(planted);
    expect(lstatSync(entryPath(cache)).isFile()).toBe(true);
    expect(cache.lookup('topics', KEY, NOV)).toMatchObject({ hit: { raw: '{"mine":true}' } });
  });

  it('a missing entry is an absent miss', () => {
    expect(open().lookup('topics', KEY, NOV)).toEqual({ miss: 'absent' });
  });

  it('links and FIFOs are neither counted in the status nor by the size cap, nor removed by it', () => {
    const cache = open(3_000);
    const big = join(mkdtempSync(join(tmpdir(), 'vis-big-')), 'big');
    writeFileSync(big, 'x'.repeat(100_000));
    const link = join(cache.dir, entryFileName('topics', 'GET /link'));
    symlinkSync(big, link);
    makeFifo(join(cache.dir, entryFileName('topics', 'GET /fifo')));
    utimesSync(big, 1, 1);
    cache.store('topics', KEY, '{}', NOV, NOV + 1000);
    const [status] = cacheStatus(cache.root, NOV);
    expect(status).toMatchObject({ entries: 1, bytes: lstatSync(entryPath(cache)).size });
    // Counted, the big file would have pushed the new entry out.
    expect(cache.lookup('topics', KEY, NOV)).toMatchObject({ hit: { raw: '{}' } });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(big, 'utf8')).toHaveLength(100_000);
  });
});

describe('the account note and the count of reads saved', () => {
  it('a note planted as a link is not written through, nor read back', () => {
    const root = join(mkdtempSync(join(tmpdir(), 'vis-store-')), 'c');
    const first = ResponseCache.open(root, URL, 'vis_test_key');
    if (typeof first === 'string') throw new Error(first);
    const victim = join(mkdtempSync(join(tmpdir(), 'vis-victim-')), 'v');
    writeFileSync(victim, JSON.stringify({ base_url: 'https://planted.test' }));
    rmSync(join(first.dir, 'account.json'));
    symlinkSync(victim, join(first.dir, 'account.json'));
    expect(typeof ResponseCache.open(root, URL, 'vis_test_key')).toBe('object');
    expect(readFileSync(victim, 'utf8')).toBe(JSON.stringify({ base_url: 'https://planted.test' }));
    expect(cacheStatus(root, NOV)[0]!.baseUrl).toBeUndefined();
  });

  it('a FIFO as the note: the status says no base URL, at once', () => {
    const root = join(mkdtempSync(join(tmpdir(), 'vis-store-')), 'c');
    const cache = ResponseCache.open(root, URL, 'vis_test_key');
    if (typeof cache === 'string') throw new Error(cache);
    rmSync(join(cache.dir, 'account.json'));
    makeFifo(join(cache.dir, 'account.json'));
    expect(cacheStatus(root, NOV)[0]).toMatchObject({ baseUrl: undefined, entries: 0 });
  });

  it('a FIFO or a link as the month’s count: noting a read saved neither blocks nor throws, nor writes through', () => {
    const cache = open();
    const saved = join(cache.dir, 'saved-2026-11');
    makeFifo(saved);
    cache.noteSaved(NOV);
    expect(cacheStatus(cache.root, NOV)[0]!.savedThisMonth).toBe(0);
    rmSync(saved);
    const victim = join(mkdtempSync(join(tmpdir(), 'vis-victim-')), 'v');
    writeFileSync(victim, 'precious');
    symlinkSync(victim, saved);
    cache.noteSaved(NOV);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(cacheStatus(cache.root, NOV)[0]!.savedThisMonth).toBe(0);
    rmSync(saved);
    cache.noteSaved(NOV);
    cache.noteSaved(NOV);
    expect(cacheStatus(cache.root, NOV)[0]!.savedThisMonth).toBe(2);
  });
});
