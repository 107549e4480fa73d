/**
 * The response cache's store, keys and freshness on their own (in-process, temp folders):
 * where it lives, when an entry is served, what a damaged header is, which files
 * invalidation and the size cap touch (and which they leave alone), and the status counts.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND_LOOKUP_LIFE_MS, isScanBoundary, lastScanBoundary } from '../../src/cache/freshness.js';
import { accountId, entryFileName, entryKey, periodEndsToday, queryOfKey } from '../../src/cache/keys.js';
import { ResponseCache, cacheRoot, cacheStatus, clearCache, parseEntry, refusePrivateDir } from '../../src/cache/store.js';

const URL = 'https://x.test/api/v1';
const NOV = Date.parse('2026-11-22T12:00:00Z');

function open(maxBytes?: number, root = join(mkdtempSync(join(tmpdir(), 'vis-store-')), 'c')): ResponseCache {
  const cache = ResponseCache.open(root, URL, 'vis_test_key', maxBytes);
  if (typeof cache === 'string') throw new Error(cache);
  return cache;
}

const entries = (dir: string) =>
  readdirSync(dir)
    .filter((n) => /\.[0-9a-f]{32}\.json$/.test(n))
    .sort();

describe('cacheRoot', () => {
  it('is <VIS_CONFIG_DIR>-cache (trailing slashes dropped), else $XDG_CACHE_HOME/vis/cache, else ~/.cache/vis/cache; none without a home', () => {
    expect(cacheRoot({ VIS_CONFIG_DIR: '/x/conf//', XDG_CACHE_HOME: '/x/c' })).toBe('/x/conf-cache');
    expect(cacheRoot({ XDG_CACHE_HOME: '/x/c', HOME: '/h' })).toBe('/x/c/vis/cache');
    expect(cacheRoot({ HOME: '/h' })).toBe('/h/.cache/vis/cache');
    expect(cacheRoot({ VIS_CONFIG_DIR: '', HOME: '/h' })).toBe('/h/.cache/vis/cache');
    expect(cacheRoot({})).toBeUndefined();
  });
});

describe('keys', () => {
  it('the entry key is the request with its query sorted, and the API date only when the period ends today', () => {
    expect(
      entryKey('GET', '/topics', [
        ['market', 'US-en'],
        ['brand_id', '3'],
      ]),
    ).toBe('GET /topics?brand_id=3&market=US-en');
    expect(
      entryKey('GET', '/topics', [
        ['brand_id', '3'],
        ['market', 'US-en'],
      ]),
    ).toBe('GET /topics?brand_id=3&market=US-en');
    expect(entryKey('GET', '/usage', [])).toBe('GET /usage');
    expect(entryKey('GET', '/topics', [['days', '7']], '2026-11-22')).toBe('GET /topics?days=7 @2026-11-22');
    expect(entryKey('GET', '/a b', [['q', 'x&y=z']])).toBe('GET /a b?q=x%26y%3Dz');
  });

  it('a period ends today when the endpoint has one and no `to` was asked', () => {
    expect(periodEndsToday(true, [['days', '7']])).toBe(true);
    expect(periodEndsToday(true, [['from', '2026-11-01']])).toBe(true);
    expect(
      periodEndsToday(true, [
        ['from', '2026-11-01'],
        ['to', '2026-11-10'],
      ]),
    ).toBe(false);
    expect(periodEndsToday(false, [])).toBe(false);
  });

  it('names hash the key: the account folder and the entry file never contain it', () => {
    const id = accountId(URL, 'vis_secret_key_123');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(id).not.toBe(accountId(URL, 'vis_secret_key_124'));
    expect(id).not.toBe(accountId('https://y.test/api/v1', 'vis_secret_key_123'));
    expect(entryFileName('topics', 'GET /topics')).toMatch(/^topics\.[0-9a-f]{32}\.json$/);
  });
});

describe('freshness', () => {
  it('a scan boundary is exactly 03:30 UTC', () => {
    expect(isScanBoundary(Date.parse('2026-11-22T03:30:00Z'))).toBe(true);
    expect(isScanBoundary(Date.parse('2026-11-22T03:30:00.001Z'))).toBe(false);
    expect(isScanBoundary(Date.parse('2026-11-22T03:00:00Z'))).toBe(false);
    expect(lastScanBoundary(Date.parse('2026-11-22T03:30:00Z'))).toBe(Date.parse('2026-11-22T03:30:00Z'));
    expect(BRAND_LOOKUP_LIFE_MS).toBe(10 * 60_000);
  });
});

describe('lookup', () => {
  it('serves from fetchedAt up to (not at) expiresAt; a clock set back before the fetch is expired; damaged and absent say so', () => {
    const cache = open();
    cache.store('topics', 'GET /topics', '{"data":{}}', 1000, 2000);
    expect(cache.lookup('topics', 'GET /topics', 1000)).toEqual({ hit: { raw: '{"data":{}}', fetchedAt: 1000, expiresAt: 2000 } });
    expect(cache.lookup('topics', 'GET /topics', 1999)).toHaveProperty('hit');
    expect(cache.lookup('topics', 'GET /topics', 2000)).toEqual({ miss: 'expired' });
    expect(cache.lookup('topics', 'GET /topics', 999)).toEqual({ miss: 'expired' });
    expect(cache.lookup('topics', 'GET /tasks', 1500)).toEqual({ miss: 'absent' });
    writeFileSync(join(cache.dir, entryFileName('topics', 'GET /topics')), 'garbage');
    expect(cache.lookup('topics', 'GET /topics', 1500)).toEqual({ miss: 'damaged' });
  });
});

describe('parseEntry', () => {
  const body = Buffer.from('{"data":{}}');
  const entry = (header: string) => Buffer.concat([Buffer.from(`${header}\n`), body]);
  const header = (o: Record<string, unknown>) => JSON.stringify({ v: 1, key: 'k', endpoint: 'topics', fetchedAt: 10, expiresAt: 20, bytes: body.length, ...o });
  it('a header that is not an object, or times that are not whole positive milliseconds, is a miss (never a throw)', () => {
    expect(parseEntry(entry(header({})), 'k', 'topics')?.raw).toBe('{"data":{}}');
    expect(parseEntry(body, 'k', 'topics')).toBeUndefined();
    for (const h of ['null', '1', '"text"', '[]']) expect(parseEntry(entry(h), 'k', 'topics'), h).toBeUndefined();
    expect(parseEntry(entry(header({ key: 'other' })), 'k', 'topics')).toBeUndefined();
    for (const bad of [{ fetchedAt: 0 }, { fetchedAt: -5 }, { fetchedAt: 10.5 }, { fetchedAt: '10' }, { expiresAt: 2 ** 60 }, { expiresAt: 10 }]) {
      expect(parseEntry(entry(header(bad)), 'k', 'topics'), JSON.stringify(bad)).toBeUndefined();
    }
  });
});

describe('open and status', () => {
  it('notes the base URL (not the key) once; status reads it, counts entries and this month’s reads saved', () => {
    const cache = open();
    const note = join(cache.dir, 'account.json');
    expect(JSON.parse(readFileSync(note, 'utf8'))).toEqual({ base_url: URL });
    expect(statSync(note).mode & 0o777).toBe(0o600);
    writeFileSync(note, '{"base_url":"https://kept.test"}\n');
    ResponseCache.open(cache.root, URL, 'vis_test_key');
    expect(readFileSync(note, 'utf8')).toBe('{"base_url":"https://kept.test"}\n');

    cache.store('topics', 'GET /topics', '{"data":{}}', NOV, NOV + 1000);
    cache.noteSaved(NOV);
    cache.noteSaved(NOV);
    expect(statSync(join(cache.dir, 'saved-2026-11')).mode & 0o777).toBe(0o600);
    const size = statSync(join(cache.dir, entryFileName('topics', 'GET /topics'))).size;
    expect(cacheStatus(cache.root, NOV)).toEqual([{ account: cache.account, baseUrl: 'https://kept.test', entries: 1, bytes: size, savedThisMonth: 2 }]);
    // Another month: none saved yet.
    expect(cacheStatus(cache.root, Date.parse('2026-12-01T00:00:00Z'))[0]?.savedThisMonth).toBe(0);
    expect(cacheStatus(cache.root, Date.parse('2026-12-01T00:00:00Z'))[0]?.entries).toBe(1);
  });

  it('status lists account folders alone, sorted, and only entry files; a base_url that is not text is not said', () => {
    const root = join(mkdtempSync(join(tmpdir(), 'vis-store-')), 'c');
    const a = ResponseCache.open(root, URL, 'key-a');
    const b = ResponseCache.open(root, URL, 'key-b');
    if (typeof a === 'string' || typeof b === 'string') throw new Error('not opened');
    const more = ['key-c', 'key-d', 'key-e', 'key-f'].map((k) => (ResponseCache.open(root, URL, k) as ResponseCache).account);
    mkdirSync(join(root, 'notes'));
    writeFileSync(join(root, 'notes', entryFileName('topics', 'x')), 'x'.repeat(50));
    mkdirSync(join(root, `${a.account}x`));
    mkdirSync(join(root, `x${a.account}`));
    writeFileSync(join(a.dir, 'topics.json'), 'not an entry');
    writeFileSync(join(a.dir, `Topics.${'0'.repeat(32)}.json`), 'not an entry');
    writeFileSync(join(a.dir, `topics.${'0'.repeat(31)}.json`), 'not an entry');
    writeFileSync(join(a.dir, `topics.${'0'.repeat(32)}.json.bak`), 'not an entry');
    writeFileSync(join(b.dir, 'account.json'), '{"base_url":5}');
    const status = cacheStatus(root, NOV);
    expect(status.map((s) => s.account)).toEqual([a.account, b.account, ...more].sort());
    expect(status.map((s) => s.entries)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(status.find((s) => s.account === b.account)?.baseUrl).toBeUndefined();
    expect(status.find((s) => s.account === a.account)?.baseUrl).toBe(URL);
    // clear removes the account folders only.
    expect(clearCache(root)).toBe(0);
    expect(readdirSync(root).sort()).toEqual([`${a.account}x`, `x${a.account}`, 'notes'].sort());
  });
});

describe('what cannot be done is not an error', () => {
  it('a root that cannot be made is refused with the reason', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vis-store-')), 'file');
    writeFileSync(file, '');
    expect(refusePrivateDir(join(file, 'c'))).toMatch(/^.*\/file\/c cannot be used: .*ENOTDIR/);
    expect(ResponseCache.open(join(file, 'c'), URL, 'k')).toMatch(/cannot be used/);
  });

  it('a failed write throws and leaves no temp file; the old state stays', () => {
    const cache = open();
    const target = join(cache.dir, entryFileName('topics', 'GET /topics'));
    mkdirSync(target);
    writeFileSync(join(target, 'x'), '');
    expect(() => cache.store('topics', 'GET /topics', '{}', 1, 2)).toThrow();
    expect(readdirSync(cache.dir).filter((n) => n.startsWith('.tmp.'))).toEqual([]);
    // An entry name that is a folder cannot be removed: not counted as dropped.
    expect(cache.invalidate(['topics'])).toBe(0);
  });

  it('an entry that vanishes while the cap is checked (a dangling link) is passed over', () => {
    const cache = open(1_000_000);
    symlinkSync(join(cache.dir, 'gone'), join(cache.dir, entryFileName('topics', 'GET /gone')));
    expect(() => cache.store('topics', 'GET /topics', '{}', 1, 2)).not.toThrow();
    expect(cacheStatus(cache.root, NOV)[0]?.entries).toBe(1);
  });

  it('a root that does not exist has no accounts', () => {
    expect(cacheStatus(join(tmpdir(), 'vis-no-such-root-', String(process.pid), 'x'), NOV)).toEqual([]);
  });
});

describe('invalidate', () => {
  it('drops the entries of the endpoints named, and counts them; nothing else in the folder', () => {
    const cache = open();
    cache.store('pitches', 'GET /pitches', '{}', NOV, NOV + 1000);
    cache.store('pitches.get', 'GET /pitches/1', '{}', NOV, NOV + 1000);
    cache.store('topics', 'GET /topics', '{}', NOV, NOV + 1000);
    const lookalike = `pitches.${'z'.repeat(32)}.json`;
    writeFileSync(join(cache.dir, lookalike), 'not an entry');
    expect(cache.invalidate(['pitches', 'pitches.get'])).toBe(2);
    expect(entries(cache.dir)).toEqual([entryFileName('topics', 'GET /topics')]);
    expect(existsSync(join(cache.dir, lookalike))).toBe(true);
    expect(existsSync(join(cache.dir, 'account.json'))).toBe(true);
    expect(cache.invalidate(['pitches'])).toBe(0);
  });
});

describe('the size cap', () => {
  /** Six entries of one size each, the oldest first by modification time; then one more write under `cap(size)`. */
  function fill(cap: (size: number) => number): { left: string[]; names: string[] } {
    const root = join(mkdtempSync(join(tmpdir(), 'vis-cap-')), 'c');
    // Pad the body so an entry's size is a multiple of 9 (so 90% of a cap can be a whole number of entries).
    let pad = 1000;
    const probe = open(undefined, root);
    for (;;) {
      probe.store('topics', 'GET /topics?i=probe', 'x'.repeat(pad), 1, 2);
      if (statSync(join(probe.dir, entryFileName('topics', 'GET /topics?i=probe'))).size % 9 === 0) break;
      pad++;
    }
    probe.invalidate(['topics']);
    const names: string[] = [];
    const t0 = Date.now() / 1000 - 10_000;
    for (let i = 0; i < 5; i++) {
      probe.store('topics', `GET /topics?i=${i}`, 'x'.repeat(pad), 1, 2);
      const name = entryFileName('topics', `GET /topics?i=${i}`);
      utimesSync(join(probe.dir, name), t0 + i, t0 + i);
      names.push(name);
    }
    const one = statSync(join(probe.dir, names[0] as string)).size;
    // The sixth write, under the cap being tested: it is the newest.
    const cache = open(cap(one), root);
    cache.store('topics', 'GET /topics?i=5', 'x'.repeat(pad), 1, 2);
    names.push(entryFileName('topics', 'GET /topics?i=5'));
    return { left: entries(cache.dir), names };
  }

  it('nothing goes while all entries fit the cap exactly', () => {
    const { left, names } = fill((s) => 6 * s);
    expect(left).toEqual([...names].sort());
  });

  it('past the cap, the oldest go until 90% of it is left (at 90% exactly, no more)', () => {
    // Cap just under six entries: 90% of it holds five.
    const under = fill((s) => 6 * s - 1);
    expect(under.left).toEqual(under.names.slice(1).sort());
    // 90% of the cap is exactly four entries: the two oldest go, not a third.
    const exact = fill((s) => (4 * s * 10) / 9);
    expect(exact.left).toEqual(exact.names.slice(2).sort());
  });

  it('a temp file left by a killed run goes once a minute old, a fresh one stays; neither counts as an entry', () => {
    const cache = open(1_000_000);
    const old = join(cache.dir, '.tmp.1.old');
    const fresh = join(cache.dir, '.tmp.2.fresh');
    const notTemp = join(cache.dir, 'x.tmp.');
    for (const f of [old, fresh, notTemp]) writeFileSync(f, 'x'.repeat(2_000_000));
    const past = Date.now() / 1000 - 120;
    utimesSync(old, past, past);
    utimesSync(notTemp, past, past);
    cache.store('topics', 'GET /topics', '{}', 1, 2);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(notTemp)).toBe(true);
    // The big files were not counted: the new entry is still there.
    expect(entries(cache.dir)).toEqual([entryFileName('topics', 'GET /topics')]);
  });

  it('files outside the account folders are neither counted nor removed', () => {
    const cache = open(5_000);
    mkdirSync(join(cache.root, 'notes'));
    const outside = join(cache.root, 'notes', entryFileName('topics', 'x'));
    writeFileSync(outside, 'x'.repeat(100_000));
    utimesSync(outside, 1, 1);
    cache.store('topics', 'GET /topics', '{}', 1, 2);
    expect(existsSync(outside)).toBe(true);
    expect(entries(cache.dir)).toHaveLength(1);
  });
});

describe('queryOfKey', () => {
  it('reads back the query entryKey wrote, decoded, without the API date; a key without one has none', () => {
    const key = entryKey(
      'GET',
      '/topics',
      [
        ['market', 'US-en'],
        ['brand_id', '3'],
        ['q', 'a&b=c d'],
      ],
      '2026-11-22',
    );
    expect(queryOfKey(key)).toEqual([
      ['brand_id', '3'],
      ['market', 'US-en'],
      ['q', 'a&b=c d'],
    ]);
    expect(queryOfKey(entryKey('GET', '/topics', []))).toEqual([]);
    expect(queryOfKey(entryKey('GET', '/topics', [], '2026-11-22'))).toEqual([]);
    expect(queryOfKey('GET /topics?a=1&b&%E0%A4=2&c=%zz&d=')).toEqual([
      ['a', '1'],
      ['d', ''],
    ]);
    expect(queryOfKey('GET /topics?x=1 @2026-11-22 @2026-11-23')).toEqual([['x', '1 @2026-11-22']]);
    expect(queryOfKey('?=x&a=1')).toEqual([
      ['', 'x'],
      ['a', '1'],
    ]);
  });
});

describe('entries', () => {
  const write = (cache: ResponseCache, endpoint: string, key: string, body: string, mtime: number) => {
    cache.store(endpoint, key, body, NOV, NOV + 1000);
    utimesSync(join(cache.dir, entryFileName(endpoint, key)), mtime, mtime);
  };
  const keys = (cache: ResponseCache, endpoint: string) => [...cache.entries(endpoint)].map((e) => e.key);

  it('yields one endpoint’s entries, fresh or stale, newest written first, with their key and answer; writes nothing', () => {
    const cache = open();
    write(cache, 'topics', 'GET /topics?brand_id=1', '{"a":1}', 1000);
    write(cache, 'topics', 'GET /topics?brand_id=2', '{"a":2}', 3000);
    write(cache, 'topics', 'GET /topics?brand_id=3', '{"a":3}', 2000);
    write(cache, 'topics.get', 'GET /topics/x', '{}', 4000);
    write(cache, 'prompts', 'GET /prompts', '{}', 5000);
    const before = readdirSync(cache.dir).map((n) => `${n} ${statSync(join(cache.dir, n)).mtimeMs}`);
    const all = [...cache.entries('topics')];
    expect(all.map((e) => e.key)).toEqual(['GET /topics?brand_id=2', 'GET /topics?brand_id=3', 'GET /topics?brand_id=1']);
    expect(all[0]!.hit).toEqual({ raw: '{"a":2}', fetchedAt: NOV, expiresAt: NOV + 1000 });
    expect(keys(cache, 'topics.get')).toEqual(['GET /topics/x']);
    expect(readdirSync(cache.dir).map((n) => `${n} ${statSync(join(cache.dir, n)).mtimeMs}`)).toEqual(before);
    expect(keys(open(), 'topics')).toEqual([]);
  });

  it('reads each file only when the one before did not do', () => {
    const cache = open();
    write(cache, 'topics', 'GET /topics?brand_id=1', '{}', 1000);
    write(cache, 'topics', 'GET /topics?brand_id=2', '{}', 2000);
    const it = cache.entries('topics');
    expect(it.next().value?.key).toBe('GET /topics?brand_id=2');
    // Damaged after the first was read: the second is read only now, and passed over.
    writeFileSync(join(cache.dir, entryFileName('topics', 'GET /topics?brand_id=1')), 'garbage');
    expect(it.next().done).toBe(true);
  });

  it('passes over what is not an entry vis wrote there: a renamed, damaged, headless or foreign-keyed file, a FIFO, a link, a folder', () => {
    const cache = open();
    write(cache, 'topics', 'GET /topics?brand_id=1', '{}', 1000);
    const good = entryFileName('topics', 'GET /topics?brand_id=1');
    write(cache, 'topics', 'GET /topics?brand_id=2', '{}', 2000);
    // Its header names brand_id=2, its file name is another key's hash.
    renameSync(join(cache.dir, entryFileName('topics', 'GET /topics?brand_id=2')), join(cache.dir, entryFileName('topics', 'GET /topics?brand_id=9')));
    write(cache, 'topics', 'GET /topics?brand_id=3', '{}', 3000);
    writeFileSync(join(cache.dir, entryFileName('topics', 'GET /topics?brand_id=3')), '{"v":1,"key":"GET /topics?brand_id=3"}\n{}');
    writeFileSync(join(cache.dir, entryFileName('topics', 'GET /topics?brand_id=4')), 'no header line');
    writeFileSync(join(cache.dir, entryFileName('topics', 'GET /topics?brand_id=5')), '{"key":5}\n{}');
    writeFileSync(join(cache.dir, entryFileName('topics', 'null')), 'null\n{}');
    execFileSync('mkfifo', [join(cache.dir, entryFileName('topics', 'GET /topics?brand_id=6'))]);
    symlinkSync(join(cache.dir, good), join(cache.dir, entryFileName('topics', 'GET /topics?brand_id=7')));
    mkdirSync(join(cache.dir, entryFileName('topics', 'GET /topics?brand_id=8')));
    writeFileSync(join(cache.dir, 'topics.json'), 'x');
    expect(keys(cache, 'topics')).toEqual(['GET /topics?brand_id=1']);
  });
});
