/**
 * src/services/cached.ts in-process, rule by rule: what goes through the cache, under which
 * keys an answer is filed (one brand asked two ways), what the export's dry run counts,
 * what a POST drops, and the quiet line under a hit. The command-line view of the same
 * rules is test/cache/cache.test.ts; this file pins each condition so that a change to
 * one of them fails here.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryKey } from '../../src/cache/keys.js';
import { ResponseCache } from '../../src/cache/store.js';
import { aliasKeys, cacheNote, cachedNow, invalidateAfter, sendCached, type Cacheable } from '../../src/services/cached.js';
import type { Context } from '../../src/services/context.js';
import type { CacheMode, Session } from '../../src/services/session.js';
import type { ApiRequest, ApiResponse } from '../../src/http/client.js';
import { checkEnvelope } from '../../src/http/envelope.js';
import { fakeClock, testContext } from '../support/context.js';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const TODAY = '2026-11-22';
const TOPICS: Cacheable = { id: 'topics', freshness: 'scan', period: 'range', free: false, brand: true };
const VISIBILITY: Cacheable = { id: 'visibility', freshness: 'scan', period: 'none', free: false, brand: true };
const USAGE: Cacheable = { id: 'usage', freshness: 'none', period: 'none', free: true, brand: false };
const BRANDS: Cacheable = { id: 'brands', freshness: 'none', period: 'none', free: true, brand: false };

function response(body: unknown, status = 200): ApiResponse {
  const raw = JSON.stringify(body);
  return { status, raw, envelope: checkEnvelope(body)!, attempts: 1 };
}

const get = (path: string, query: Array<[string, string]> = []): ApiRequest => ({ method: 'GET', path, query });

interface Rig {
  ctx: Context;
  session: Session;
  cache: ResponseCache;
  debug: string[];
  sent: ApiRequest[];
  clock: ReturnType<typeof fakeClock>;
  send: (req: ApiRequest) => Promise<ApiResponse>;
}

function rig(mode: CacheMode = 'use', reply: (req: ApiRequest) => ApiResponse = () => response({ data: { n: 1 }, meta: {} })): Rig {
  const clock = fakeClock(NOW);
  const ctx = testContext({ overrides: { clock } });
  const opened = ResponseCache.open(mkdtempSync(join(tmpdir(), 'vis-cached-')), 'http://127.0.0.1:1/api/v1', 'vis_test_key');
  if (typeof opened === 'string') throw new Error(opened);
  const debug: string[] = [];
  const sent: ApiRequest[] = [];
  const session = { cache: () => opened, cacheMode: mode, debug: (l: string) => debug.push(l) } as unknown as Session;
  const send = async (req: ApiRequest) => {
    sent.push(req);
    return reply(req);
  };
  return { ctx, session, cache: opened, debug, sent, clock, send };
}

const entries = (cache: ResponseCache) => readdirSync(cache.dir).filter((f) => f.endsWith('.json') && f !== 'account.json');

describe('aliasKeys: one brand, asked with and without brand_id', () => {
  const withBrand = (meta: Record<string, unknown>) => response({ data: {}, meta });
  const one = { oneBrand: '7' };
  const none = {};

  it('asked without brand_id: filed under the brand meta.brand.id names (the period key keeps its date)', () => {
    expect(aliasKeys(TOPICS, get('/topics', [['market', 'US-en']]), withBrand({ brand: { id: 7, name: 'Acme' } }), none, NOW)).toEqual([
      entryKey(
        'GET',
        '/topics',
        [
          ['market', 'US-en'],
          ['brand_id', '7'],
        ],
        TODAY,
      ),
    ]);
    expect(aliasKeys(VISIBILITY, get('/visibility'), withBrand({ brand: { id: '7' } }), none, NOW)).toEqual(['GET /visibility?brand_id=7']);
    expect(aliasKeys(VISIBILITY, get('/visibility'), withBrand({ brand: { id: 0 } }), none, NOW)).toEqual(['GET /visibility?brand_id=0']);
    expect(aliasKeys(VISIBILITY, get('/visibility'), withBrand({ brand: { id: '123456789012345' } }), none, NOW)).toEqual([
      'GET /visibility?brand_id=123456789012345',
    ]);
  });

  it('never a guess: no meta.brand, or an id that is not a whole number a request could carry, files nothing more', () => {
    const bad = [
      undefined,
      null,
      7,
      'x',
      { name: 'Acme' },
      { id: -7 },
      { id: 7.5 },
      { id: Number.NaN },
      { id: 2 ** 53 },
      { id: '' },
      { id: ' 7' },
      { id: '7a' },
      { id: '-7' },
      { id: '1234567890123456' },
      { id: null },
      { id: true },
    ];
    for (const brand of bad) {
      expect(aliasKeys(VISIBILITY, get('/visibility'), withBrand(brand === undefined ? {} : { brand }), none, NOW), JSON.stringify(brand)).toEqual([]);
    }
    expect(aliasKeys(VISIBILITY, get('/visibility'), response({ data: {} }), none, NOW)).toEqual([]);
  });

  it('asked with brand_id: filed without it only when this run listed that brand alone', () => {
    const req = get('/topics', [
      ['brand_id', '7'],
      ['days', '30'],
    ]);
    expect(aliasKeys(TOPICS, req, withBrand({ brand: { id: 7 } }), one, NOW)).toEqual([entryKey('GET', '/topics', [['days', '30']], TODAY)]);
    expect(aliasKeys(TOPICS, req, withBrand({ brand: { id: 7 } }), { oneBrand: '8' }, NOW)).toEqual([]);
    expect(aliasKeys(TOPICS, req, withBrand({ brand: { id: 7 } }), none, NOW)).toEqual([]);
    expect(
      aliasKeys(
        TOPICS,
        get('/topics', [
          ['brand_id', '7'],
          ['brand_id', '7'],
        ]),
        withBrand({}),
        one,
        NOW,
      ),
    ).toEqual([]);
  });

  it('only for GETs of endpoints that take a brand', () => {
    expect(aliasKeys(BRANDS, get('/brands'), withBrand({ brand: { id: 7 } }), one, NOW)).toEqual([]);
    expect(aliasKeys({ ...VISIBILITY, brand: undefined }, get('/visibility'), withBrand({ brand: { id: 7 } }), one, NOW)).toEqual([]);
    expect(aliasKeys(VISIBILITY, { method: 'POST', path: '/visibility' }, withBrand({ brand: { id: 7 } }), one, NOW)).toEqual([]);
    expect(aliasKeys(VISIBILITY, { method: 'GET', path: '/visibility' }, withBrand({ brand: { id: 7 } }), none, NOW)).toEqual(['GET /visibility?brand_id=7']);
  });
});

describe('sendCached', () => {
  it('a miss sends and stores under the key and its alias; a repeat is a hit that sends nothing and counts a read saved', async () => {
    const r = rig('use', () => response({ data: { n: 1 }, meta: { brand: { id: 7 } } }));
    const first = await sendCached(r.ctx, r.session, VISIBILITY, get('/visibility'), { send: r.send });
    expect(first.fromCache).toBeUndefined();
    expect(entries(r.cache)).toHaveLength(2);
    const again = await sendCached(r.ctx, r.session, VISIBILITY, get('/visibility', [['brand_id', '7']]), { send: r.send });
    expect(again.fromCache).toEqual({ raw: first.raw, fetchedAt: NOW, expiresAt: Date.parse('2026-11-23T03:30:00Z') });
    expect(again).toMatchObject({ status: 200, raw: first.raw, attempts: 0 });
    expect(again.envelope).toEqual(first.envelope);
    expect(r.sent).toHaveLength(1);
    expect(r.debug.some((l) => l.startsWith('cache miss: GET /visibility (absent)'))).toBe(true);
    expect(
      r.debug.some((l) => l.startsWith('cache hit: GET /visibility?brand_id=7 (fetched 2026-11-22T12:00:00.000Z, fresh until 2026-11-23T03:30:00.000Z)')),
    ).toBe(true);
    expect(readdirSync(r.cache.dir).filter((f) => f.startsWith('saved-'))).toEqual(['saved-2026-11']);
  });

  it('a hit of a free endpoint is not counted as a read saved', async () => {
    const r = rig();
    await sendCached(r.ctx, r.session, BRANDS, get('/brands'), { send: r.send, lifeMs: 60_000 });
    const hit = await sendCached(r.ctx, r.session, BRANDS, get('/brands'), { send: r.send, lifeMs: 60_000 });
    expect(hit.fromCache).toBeDefined();
    expect(readdirSync(r.cache.dir).filter((f) => f.startsWith('saved-'))).toEqual([]);
  });

  it('freshness none: neither looked up nor stored, unless a life is given (the brand-name lookup), which then sets the expiry', async () => {
    const r = rig();
    await sendCached(r.ctx, r.session, USAGE, get('/usage'), { send: r.send });
    await sendCached(r.ctx, r.session, USAGE, get('/usage'), { send: r.send });
    expect(r.sent).toHaveLength(2);
    expect(entries(r.cache)).toEqual([]);
    expect(r.debug).toEqual([]);
    await sendCached(r.ctx, r.session, BRANDS, get('/brands'), { send: r.send, lifeMs: 600_000 });
    expect(r.cache.lookup('brands', 'GET /brands', NOW + 599_999)).toMatchObject({ hit: { fetchedAt: NOW, expiresAt: NOW + 600_000 } });
    expect(r.cache.lookup('brands', 'GET /brands', NOW + 600_000)).toEqual({ miss: 'expired' });
  });

  it('a POST never goes through the cache, even with a life', async () => {
    const r = rig();
    const post = { method: 'POST', path: '/visibility' } as ApiRequest;
    await sendCached(r.ctx, r.session, VISIBILITY, post, { send: r.send, lifeMs: 600_000 });
    await sendCached(r.ctx, r.session, VISIBILITY, post, { send: r.send, lifeMs: 600_000 });
    expect(r.sent).toHaveLength(2);
    expect(entries(r.cache)).toEqual([]);
  });

  it('only a 2xx answer is stored', async () => {
    for (const [status, stored] of [
      [199, 0],
      [200, 1],
      [201, 1],
      [299, 1],
      [300, 0],
      [404, 0],
    ] as const) {
      const r = rig('use', () => response({ data: {}, meta: {} }, status));
      await sendCached(r.ctx, r.session, VISIBILITY, get('/visibility'), { send: r.send });
      expect(entries(r.cache), String(status)).toHaveLength(stored);
    }
  });

  it('the expiry is counted from when the answer arrived, not from when it was asked', async () => {
    const r = rig('use', () => {
      r.clock.t = Date.parse('2026-11-22T03:29:00Z');
      return response({ data: {}, meta: {} });
    });
    r.clock.t = Date.parse('2026-11-22T03:00:00Z');
    await sendCached(r.ctx, r.session, VISIBILITY, get('/visibility'), { send: r.send });
    expect(r.cache.lookup('visibility', 'GET /visibility', Date.parse('2026-11-22T03:29:30Z'))).toMatchObject({
      hit: { fetchedAt: Date.parse('2026-11-22T03:29:00Z'), expiresAt: Date.parse('2026-11-22T03:30:00Z') },
    });
  });

  it('--refresh sends although a fresh entry is there, and stores the new answer', async () => {
    let n = 0;
    const reply = () => response({ data: { n: ++n }, meta: {} });
    const r = rig('use', reply);
    await sendCached(r.ctx, r.session, VISIBILITY, get('/visibility'), { send: r.send });
    const refresh = { ...r.session, cacheMode: 'refresh' as const };
    const res = await sendCached(r.ctx, refresh, VISIBILITY, get('/visibility'), { send: r.send });
    expect(res.fromCache).toBeUndefined();
    expect(r.sent).toHaveLength(2);
    expect(r.debug).toContain('cache refresh: GET /visibility');
    const hit = await sendCached(r.ctx, r.session, VISIBILITY, get('/visibility'), { send: r.send });
    expect(JSON.parse(hit.raw)).toEqual({ data: { n: 2 }, meta: {} });
  });

  it('a stored body that is not an envelope is a miss: sent again', async () => {
    const r = rig();
    r.cache.store('visibility', 'GET /visibility', '{"nope":1}', NOW, NOW + 60_000);
    const res = await sendCached(r.ctx, r.session, VISIBILITY, get('/visibility'), { send: r.send });
    expect(res.fromCache).toBeUndefined();
    expect(r.sent).toHaveLength(1);
    expect(r.debug.some((l) => l === 'cache miss: GET /visibility (damaged)')).toBe(true);
  });

  it('a cache that cannot store still gives the answer, and says why under --debug', async () => {
    const r = rig();
    const failing = {
      lookup: () => ({ miss: 'absent' as const }),
      store: () => {
        throw new Error('disk full');
      },
    };
    const session = { ...r.session, cache: () => failing } as unknown as Session;
    const res = await sendCached(r.ctx, session, VISIBILITY, get('/visibility'), { send: r.send });
    expect(JSON.parse(res.raw)).toEqual({ data: { n: 1 }, meta: {} });
    expect(r.debug).toContain('cache: could not store GET /visibility: disk full');
  });

  it('no cache (off): straight to the network', async () => {
    const r = rig();
    const off = { ...r.session, cache: () => undefined, cacheMode: 'off' as const } as unknown as Session;
    await sendCached(r.ctx, off, VISIBILITY, get('/visibility'), { send: r.send });
    await sendCached(r.ctx, off, VISIBILITY, get('/visibility'), { send: r.send });
    expect(r.sent).toHaveLength(2);
    expect(entries(r.cache)).toEqual([]);
  });
});

describe('cachedNow (what the export dry run counts)', () => {
  it('true only for a fresh, whole entry of a cached GET in use mode', async () => {
    const r = rig();
    const req = get('/visibility');
    expect(cachedNow(r.ctx, r.session, VISIBILITY, req)).toBe(false);
    await sendCached(r.ctx, r.session, VISIBILITY, req, { send: r.send });
    expect(cachedNow(r.ctx, r.session, VISIBILITY, req)).toBe(true);
    expect(cachedNow(r.ctx, { ...r.session, cacheMode: 'refresh' }, VISIBILITY, req)).toBe(false);
    expect(cachedNow(r.ctx, r.session, VISIBILITY, { ...req, method: 'POST' })).toBe(false);
    expect(cachedNow(r.ctx, r.session, { ...VISIBILITY, freshness: 'none' }, req)).toBe(false);
    r.clock.t = Date.parse('2026-11-23T03:30:00Z');
    expect(cachedNow(r.ctx, r.session, VISIBILITY, req)).toBe(false);
    r.cache.store('visibility', 'GET /visibility', 'not json', r.clock.t, r.clock.t + 60_000);
    expect(cachedNow(r.ctx, r.session, VISIBILITY, req)).toBe(false);
  });

  it("keys a period that ends today with the date: yesterday's entry does not count today", async () => {
    const r = rig();
    await sendCached(r.ctx, r.session, { ...TOPICS, freshness: 'weekly' }, get('/topics', [['days', '7']]), { send: r.send });
    expect(cachedNow(r.ctx, r.session, { ...TOPICS, freshness: 'weekly' }, get('/topics', [['days', '7']]))).toBe(true);
    r.clock.t = Date.parse('2026-11-23T00:00:00Z');
    expect(cachedNow(r.ctx, r.session, { ...TOPICS, freshness: 'weekly' }, get('/topics', [['days', '7']]))).toBe(false);
    // A period with an end date is the same question on any day.
    await sendCached(r.ctx, r.session, { ...TOPICS, freshness: 'weekly' }, get('/topics', [['to', '2026-11-20']]), { send: r.send });
    r.clock.t = Date.parse('2026-11-23T20:00:00Z');
    expect(cachedNow(r.ctx, r.session, { ...TOPICS, freshness: 'weekly' }, get('/topics', [['to', '2026-11-20']]))).toBe(true);
  });
});

describe('invalidateAfter', () => {
  function spy() {
    const calls: string[][] = [];
    const debug: string[] = [];
    const session = {
      cache: () => ({ invalidate: (ids: readonly string[]) => (calls.push([...ids]), ids.length) }),
      debug: (l: string) => debug.push(l),
    } as unknown as Session;
    return { calls, debug, session };
  }

  it('POST /pitches drops the pitches list and each pitch, and nothing else', () => {
    const s = spy();
    invalidateAfter(s.session, { method: 'POST', path: '/pitches' });
    expect(s.calls).toEqual([['pitches', 'pitches.get']]);
    expect(s.debug).toEqual(['cache: 2 entries of pitches, pitches.get dropped after POST /pitches']);
  });

  it('a GET drops nothing; one entry is said in the singular', () => {
    const s = spy();
    invalidateAfter(s.session, { method: 'GET', path: '/pitches' });
    expect(s.calls).toEqual([]);
    invalidateAfter(s.session, { method: 'POST', path: '/usage' });
    expect(s.calls).toEqual([['usage']]);
    expect(s.debug).toEqual(['cache: 1 entry of usage dropped after POST /usage']);
  });
});

describe('cacheNote', () => {
  const hit = (fetchedAt: string, expiresAt: string) => ({ raw: '', fetchedAt: Date.parse(fetchedAt), expiresAt: Date.parse(expiresAt) });

  it('names the scan boundary as the reference does, else the time the entry is fresh until, in the given zone', () => {
    expect(cacheNote(hit('2026-11-22T10:02:00Z', '2026-11-23T03:30:00Z'), NOW, 'UTC')).toBe(
      'from cache, fetched 10:02; next data after 03:30 (09:00 IST); --refresh to read again',
    );
    expect(cacheNote(hit('2026-11-22T10:02:00Z', '2026-11-22T11:02:00Z'), Date.parse('2026-11-22T10:30:00Z'), 'UTC')).toBe(
      'from cache, fetched 10:02; fresh until 11:02; --refresh to read again',
    );
    expect(cacheNote(hit('2026-11-22T10:02:00Z', '2026-11-22T11:02:00Z'), Date.parse('2026-11-22T10:30:00Z'), 'Asia/Kolkata')).toBe(
      'from cache, fetched 15:32; fresh until 16:32; --refresh to read again',
    );
    expect(cacheNote(hit('2026-11-22T10:02:00Z', '2026-11-22T11:02:00Z'), Date.parse('2026-11-22T10:30:00Z'), ':Asia/Kolkata')).toContain('fetched 15:32');
  });

  it('says the date of a fetch on another day than today (in that zone)', () => {
    expect(cacheNote(hit('2026-11-21T23:50:00Z', '2026-11-22T03:30:00Z'), Date.parse('2026-11-22T00:10:00Z'), 'UTC')).toBe(
      'from cache, fetched 2026-11-21 23:50; next data after 03:30 (09:00 IST); --refresh to read again',
    );
    // 05:20 and 05:40 in Kolkata: the same day there.
    expect(cacheNote(hit('2026-11-21T23:50:00Z', '2026-11-22T00:50:00Z'), Date.parse('2026-11-22T00:10:00Z'), 'Asia/Kolkata')).toBe(
      'from cache, fetched 05:20; fresh until 06:20; --refresh to read again',
    );
  });

  it("without TZ the process's own zone: the same as naming it", () => {
    const at = hit('2026-11-22T15:39:00Z', '2026-11-23T03:30:00Z');
    const now = Date.parse('2026-11-22T16:00:00Z');
    expect(cacheNote(at, now, undefined)).toBe(cacheNote(at, now, Intl.DateTimeFormat().resolvedOptions().timeZone));
  });

  it("an unknown zone falls back to the process's own instead of failing", () => {
    const note = cacheNote(hit('2026-11-22T10:02:00Z', '2026-11-23T03:30:00Z'), NOW, 'Not/AZone');
    expect(note).toMatch(/^from cache, fetched (\d{4}-\d\d-\d\d )?\d\d:\d\d; next data after \d\d:\d\d( \(09:00 IST\))?; --refresh to read again$/);
  });

  it('the next scan in the user’s zone like the fetch, the reference’s 09:00 IST beside it unless the clocks read the same', () => {
    const at = hit('2026-11-22T15:39:00Z', '2026-11-23T03:30:00Z');
    const now = Date.parse('2026-11-22T16:00:00Z');
    expect(cacheNote(at, now, 'Europe/Berlin')).toBe('from cache, fetched 16:39; next data after 04:30 (09:00 IST); --refresh to read again');
    expect(cacheNote(at, now, 'America/New_York')).toBe('from cache, fetched 10:39; next data after 22:30 (09:00 IST); --refresh to read again');
    // Berlin above: the next scan falls tomorrow there, and it is less than a day ahead, so the time alone says which.
    expect(cacheNote(at, now, 'Asia/Tokyo')).toBe('from cache, fetched 00:39; next data after 12:30 (09:00 IST); --refresh to read again');
    expect(cacheNote(at, now, 'Asia/Kolkata')).toBe('from cache, fetched 21:09; next data after 09:00; --refresh to read again');
  });
});
