/**
 * The brand-name cache behind `vis __complete brands`: when it answers and when it
 * fetches, what it keeps, how it is written, and which names reach the shell.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  accountKey,
  BRANDS_TTL_MS,
  CACHE_FILE,
  CACHE_LOCK_TIMEOUT_MS,
  isShellSafe,
  lookupStep,
  readCache,
  RETRY_AFTER_FAILURE_MS,
  saveEntry,
  withEntry,
  writeCache,
  type CacheData,
} from '../../src/cli/commands/completion/candidates.js';
import { ConfigStore } from '../../src/config/store.js';
import { fakeClock } from '../support/context.js';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

function configDir(): { dir: string; store: ConfigStore; path: string } {
  const dir = join(mkdtempSync(join(tmpdir(), 'vis-complete-')), 'vis');
  const store = new ConfigStore({ VIS_CONFIG_DIR: dir });
  return { dir, store, path: join(dir, CACHE_FILE) };
}

describe('lookupStep', () => {
  const cases: Array<[string, Parameters<typeof lookupStep>[0], 'cached' | 'fetch']> = [
    ['nothing cached', undefined, 'fetch'],
    ['fetched an hour ago', { names: ['A'], fetched_at: NOW - 60 * 60 * 1000 }, 'cached'],
    ['fetched just under a day ago', { names: ['A'], fetched_at: NOW - BRANDS_TTL_MS + 1 }, 'cached'],
    ['fetched a day ago', { names: ['A'], fetched_at: NOW - BRANDS_TTL_MS }, 'fetch'],
    ['fetched "in the future" (the clock went back)', { names: ['A'], fetched_at: NOW + 60_000 }, 'fetch'],
    ['failed a minute ago, nothing fetched before', { names: [], failed_at: NOW - 60_000 }, 'cached'],
    ['failed a minute ago, stale names', { names: ['A'], fetched_at: NOW - 3 * DAY, failed_at: NOW - 60_000 }, 'cached'],
    ['failed long enough ago to try again', { names: ['A'], fetched_at: NOW - 3 * DAY, failed_at: NOW - RETRY_AFTER_FAILURE_MS }, 'fetch'],
  ];
  it.each(cases)('%s: %s', (_what, entry, step) => {
    expect(lookupStep(entry, NOW)).toBe(step);
  });
});

describe('the cache file', () => {
  it('is keyed by account without holding the key', () => {
    const key = 'vis_live_0123456789abcdef';
    const a = accountKey('https://api.example.com/api/v1', key);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toContain('cdef');
    expect(accountKey('https://api.example.com/api/v1', 'vis_live_other_key_000')).not.toBe(a);
    expect(accountKey('https://eu.example.com/api/v1', key)).not.toBe(a);
  });

  it('is written 0600 in a 0700 folder, atomically, and read back', () => {
    const { dir, store, path } = configDir();
    const data: CacheData = { version: 1, brands: { k1: { names: ['Acme', 'Globex CRM'], fetched_at: NOW } } };
    writeCache(store, path, data);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual([CACHE_FILE]);
    expect(readCache(path)).toEqual(data);
  });

  it('tightens a folder that was created looser', () => {
    const { dir, store, path } = configDir();
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    writeCache(store, path, { version: 1, brands: {} });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('reads as empty when missing, not JSON, another version or another shape', () => {
    const { dir, path } = configDir();
    expect(readCache(path)).toEqual({ version: 1, brands: {} });
    mkdirSync(dir, { recursive: true });
    for (const text of ['{not json', '[]', 'null', '{"version":2,"brands":{}}', '{"version":1,"brands":[]}']) {
      writeFileSync(path, text);
      expect(readCache(path), text).toEqual({ version: 1, brands: {} });
    }
  });

  it('drops entries it did not write', () => {
    const { dir, path } = configDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path,
      JSON.stringify({
        version: 1,
        brands: { good: { names: ['A'], fetched_at: 5, failed_at: 'x' }, noNames: { fetched_at: 5 }, badNames: { names: [1, 2] }, nul: null },
      }),
    );
    expect(readCache(path)).toEqual({ version: 1, brands: { good: { names: ['A'], fetched_at: 5 } } });
  });

  it('forgets accounts not looked up for a month', () => {
    const cache: CacheData = {
      version: 1,
      brands: { old: { names: ['Old'], fetched_at: NOW - 31 * DAY }, recent: { names: ['R'], failed_at: NOW - 2 * DAY } },
    };
    const next = withEntry(cache, 'new', { names: ['N'], fetched_at: NOW }, NOW);
    expect(Object.keys(next.brands).sort()).toEqual(['new', 'recent']);
  });

  it('parallel completions storing different accounts keep both (the cache is locked from read to write)', async () => {
    const { dir, store, path } = configDir();
    await Promise.all(['a', 'b', 'c', 'd'].map((k) => saveEntry(store, path, k, { names: [k.toUpperCase()], fetched_at: NOW }, NOW)));
    expect(Object.keys(readCache(path).brands).sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(readdirSync(dir)).toEqual([CACHE_FILE]);
  });

  it('a cache another vis holds locked is not written, silently, after a short wait', async () => {
    const { dir, store, path } = configDir();
    mkdirSync(dir, { recursive: true });
    const clock = fakeClock(Date.now());
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), at: clock.t, token: 'other' }));
    await saveEntry(store, path, 'a', { names: ['A'], fetched_at: NOW }, NOW, { clock });
    expect(existsSync(path)).toBe(false);
    expect(clock.waits.reduce((a, b) => a + b, 0)).toBe(CACHE_LOCK_TIMEOUT_MS);
  });

  it('is not written, silently, when the folder cannot be made', () => {
    const base = mkdtempSync(join(tmpdir(), 'vis-complete-'));
    const blocker = join(base, 'file');
    writeFileSync(blocker, '');
    const store = new ConfigStore({ VIS_CONFIG_DIR: join(blocker, 'vis') });
    const path = join(store.dir, CACHE_FILE);
    expect(() => writeCache(store, path, { version: 1, brands: {} })).not.toThrow();
    expect(existsSync(path)).toBe(false);
    expect(readFileSync(blocker, 'utf8')).toBe('');
  });
});

describe('isShellSafe', () => {
  it.each([
    ['Acme', true],
    ['Globex CRM', true],
    ['Café Ünïcode', true],
    ['', false],
    ['   ', false],
    ['two\nlines', false],
    ['tab\there', false],
    ['esc\u001b[31mred', false],
    ['c1\u009bcsi', false],
    ['del\u007f', false],
    ['bidi\u202eevil', false],
    ['isolate\u2066x', false],
    ['line\u2028sep', false],
    ['x'.repeat(201), false],
  ])('%j -> %s', (name, safe) => {
    expect(isShellSafe(name)).toBe(safe);
  });
});
