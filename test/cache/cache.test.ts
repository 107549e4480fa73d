/**
 * The response cache through the command line (in-process, FakeApi): what is stored,
 * what is served, what is refused, and what never reaches the disk.
 */
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expiresAt, lastScanBoundary } from '../../src/cache/freshness.js';
import { ResponseCache, parseEntry } from '../../src/cache/store.js';
import { FakeApi, apiFailure, ok } from '../support/http.js';
import { TEST_KEY, runInProcess } from '../support/run.js';
import { fakeClock } from '../support/context.js';

const TOPICS = { topics: [{ id: 'crm', name: 'CRM software', visibility: 41.5 }] };

/** One home for several runs, so they share a cache; the clock is the test's. */
function home(): { env: Record<string, string>; root: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vis-cache-test-'));
  return { env: { HOME: dir, VIS_CONFIG_DIR: join(dir, 'config') }, root: join(dir, 'config-cache') };
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
}

describe('freshness rules', () => {
  const at = (iso: string) => Date.parse(iso);
  it('AI-answer data lives until the next 03:30 UTC boundary, at most an hour when fetched in the 3 hours after one', () => {
    expect(lastScanBoundary(at('2026-11-22T03:29:59Z'))).toBe(at('2026-11-21T03:30:00Z'));
    expect(lastScanBoundary(at('2026-11-22T03:30:00Z'))).toBe(at('2026-11-22T03:30:00Z'));
    expect(expiresAt('scan', at('2026-11-22T12:00:00Z'))).toBe(at('2026-11-23T03:30:00Z'));
    expect(expiresAt('scan', at('2026-11-22T02:00:00Z'))).toBe(at('2026-11-22T03:30:00Z'));
    expect(expiresAt('scan', at('2026-11-22T03:45:00Z'))).toBe(at('2026-11-22T04:45:00Z'));
    expect(expiresAt('scan', at('2026-11-22T06:29:00Z'))).toBe(at('2026-11-22T07:29:00Z'));
    expect(expiresAt('scan', at('2026-11-22T06:30:00Z'))).toBe(at('2026-11-23T03:30:00Z'));
  });
  it('weekly a day, traffic an hour, people-edited data minutes, free data never', () => {
    const t = at('2026-11-22T12:00:00Z');
    expect(expiresAt('weekly', t)).toBe(t + 24 * 3600_000);
    expect(expiresAt('hourly', t)).toBe(t + 3600_000);
    expect(expiresAt('minutes', t)).toBe(t + 5 * 60_000);
    expect(expiresAt('none', t)).toBeUndefined();
  });
});

describe('the cache through the command line', () => {
  it('a cron job with no HOME, XDG_CACHE_HOME or VIS_CONFIG_DIR: no cache, every run still answers (and says why under --debug)', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS), 2);
    const env = { HOME: undefined, XDG_CACHE_HOME: undefined, XDG_CONFIG_HOME: undefined, VIS_CONFIG_DIR: undefined };
    const first = await runInProcess(['topics', '-f', 'csv'], { api, env });
    const second = await runInProcess(['topics', '-f', 'csv', '--debug'], { api, env });
    for (const r of [first, second]) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.requests).toHaveLength(1);
    }
    expect(second.stdout).toBe(first.stdout);
    expect(second.stderr).toContain('cache: not used (neither VIS_CONFIG_DIR, XDG_CACHE_HOME nor HOME is set)');
    api.verify();
  });

  it('serves the second run from the cache: one request, the same stdout in every format', async () => {
    const { env } = home();
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS), 1);
    const clock = fakeClock();
    const outs: string[] = [];
    for (const format of ['json', 'json', 'csv', 'table']) {
      const net = format === 'json' && outs.length === 0;
      const r = await runInProcess(['topics', '-f', format], { api, env, clock });
      expect(r.code, r.stderr).toBe(0);
      if (!net) expect(r.requests).toHaveLength(0);
      outs.push(r.stdout);
    }
    expect(outs[1]).toBe(outs[0]);
    api.verify();
    // The same formats with the cache off render the same bytes.
    const again = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS), 'always');
    for (const [i, format] of ['json', 'json', 'csv', 'table'].entries()) {
      const r = await runInProcess(['topics', '-f', format, '--no-cache'], { api: again, env, clock });
      expect(r.stdout).toBe(outs[i]);
    }
  });

  it('on a terminal a hit says so in one stderr line; -q silences it; --debug logs hit and miss', async () => {
    const { env } = home();
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS), 1);
    const clock = fakeClock(Date.parse('2026-11-22T10:02:00Z'));
    const first = await runInProcess(['topics', '-f', 'json', '--debug'], { api, env: { ...env, TZ: 'UTC' }, clock });
    expect(first.stderr).toContain('vis debug: cache miss: GET /topics @2026-11-22 (absent)');
    clock.t += 60_000;
    // A terminal wide enough for the note on one line (a narrower one wraps it at spaces).
    const tty = await runInProcess(['topics', '-f', 'json'], { api, env: { ...env, TZ: 'UTC' }, clock, io: { stderrIsTTY: true, columns: 120 } });
    expect(tty.stderr).toBe('from cache, fetched 10:02; next data after 03:30 (09:00 IST); --refresh to read again\n');
    expect(tty.stdout).toBe(first.stdout);
    const quiet = await runInProcess(['topics', '-f', 'json', '-q'], { api, env, clock, io: { stderrIsTTY: true } });
    expect(quiet.stderr).toBe('');
    const piped = await runInProcess(['topics', '-f', 'json', '--debug'], { api, env, clock });
    expect(piped.stderr).toMatch(/vis debug: cache hit: GET \/topics @2026-11-22 \(fetched 2026-11-22T10:02:00\.000Z/);
    expect(piped.stderr).not.toContain('from cache');
  });

  it('--refresh sends and updates the entry; --no-cache, VIS_CACHE=off and `cache off` in the profile neither read nor write', async () => {
    const { env, root } = home();
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS), 'always');
    const clock = fakeClock();
    const sent = async (argv: string[], extra: Record<string, string> = {}) =>
      (await runInProcess(argv, { api, env: { ...env, ...extra }, clock })).requests.length;
    expect(await sent(['topics', '--no-cache'])).toBe(1);
    expect(await sent(['topics', '--no-cache'])).toBe(1);
    expect(await sent(['topics'], { VIS_CACHE: 'off' })).toBe(1);
    expect(filesUnder(root).filter((f) => f.endsWith('.json') && !f.endsWith('account.json'))).toHaveLength(0);
    expect(await sent(['topics'])).toBe(1);
    expect(await sent(['topics'])).toBe(0);
    expect(await sent(['topics', '--refresh'])).toBe(1);
    expect(await sent(['topics'])).toBe(0);
    expect((await runInProcess(['config', 'set', 'cache', 'off'], { env, clock })).code).toBe(0);
    expect(await sent(['topics'])).toBe(1);
    expect(await sent(['topics'], { VIS_CACHE: 'on' })).toBe(0);
  });

  it('refuses bad switches and flags that cannot apply, with exit 2 and no request', async () => {
    const { env } = home();
    for (const [argv, extra, message] of [
      [['topics', '--refresh', '--no-cache'], {}, '--refresh and --no-cache cannot be used together'],
      [['topics'], { VIS_CACHE: 'sometimes' }, 'VIS_CACHE must be on or off (got "sometimes")'],
      [['usage', '--refresh'], {}, '--refresh does not apply to vis usage: what it shows is never cached'],
      [['config', 'set', 'cache', 'maybe'], {}, 'cache must be on or off (got "maybe")'],
    ] as const) {
      const r = await runInProcess([...argv], { env: { ...env, ...extra } });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.requests).toHaveLength(0);
    }
  });

  it('never caches an error', async () => {
    const { env } = home();
    const api = new FakeApi()
      .on({ method: 'GET', path: '/topics/nope' }, apiFailure(404, 'not_found', 'No topic nope'), 2)
      .on({ method: 'GET', path: '/topics' }, apiFailure(403, 'plan_inactive', 'Plan inactive'), 1)
      .on({ method: 'GET', path: '/topics' }, ok(TOPICS), 1);
    const clock = fakeClock();
    expect((await runInProcess(['topics', 'nope'], { api, env, clock })).code).not.toBe(0);
    expect((await runInProcess(['topics', 'nope'], { api, env, clock })).requests).toHaveLength(1);
    expect((await runInProcess(['topics'], { api, env, clock })).code).not.toBe(0);
    const r = await runInProcess(['topics', '-f', 'json'], { api, env, clock });
    expect(r.code).toBe(0);
    expect(r.requests).toHaveLength(1);
    api.verify();
  });

  it('a damaged entry (cut, garbage, another key, a body longer than said) is a miss, never a crash or a wrong answer', async () => {
    const { env, root } = home();
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS), 'always');
    const clock = fakeClock();
    const good = await runInProcess(['topics', '-f', 'json'], { api, env, clock });
    const [entry] = filesUnder(root).filter((f) => /topics\.[0-9a-f]{32}\.json$/.test(f));
    const whole = readFileSync(entry!);
    const header = whole.subarray(0, whole.indexOf(0x0a)).toString();
    const damage = [
      whole.subarray(0, whole.length - 5),
      Buffer.from('not json at all'),
      Buffer.from(''),
      Buffer.concat([Buffer.from(header.replace('GET /topics', 'GET /topicz')), whole.subarray(whole.indexOf(0x0a))]),
      Buffer.concat([whole, Buffer.from('{"injected":1}')]),
      Buffer.concat([Buffer.from(header), Buffer.from('\n'), Buffer.from('{"data":'.padEnd(whole.length - header.length - 1, ' '))]),
    ];
    for (const bytes of damage) {
      writeFileSync(entry!, bytes);
      const r = await runInProcess(['topics', '-f', 'json'], { api, env, clock });
      expect(r.code, r.stderr).toBe(0);
      expect(r.requests).toHaveLength(1);
      expect(r.stdout).toBe(good.stdout);
    }
  });

  it('a cache folder others can write to is not used (a --debug line says why); the answer still comes', async () => {
    const { env, root } = home();
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS), 'always');
    const clock = fakeClock();
    await runInProcess(['topics'], { api, env, clock });
    for (const mode of [0o777, 0o770, 0o722]) {
      chmodSync(root, mode);
      const r = await runInProcess(['topics', '--debug'], { api, env, clock });
      expect(r.code).toBe(0);
      expect(r.requests).toHaveLength(1);
      expect(r.stderr).toContain(`cache: not used: ${root} is not a private folder of this user`);
    }
    chmodSync(root, 0o700);
    expect((await runInProcess(['topics'], { api, env, clock })).requests).toHaveLength(0);
  });

  it('entries are 0600 in 0700 folders, and the key is in no file of the cache', async () => {
    const { env, root } = home();
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS), 'always');
    await runInProcess(['topics'], { api, env });
    await runInProcess(['topics'], { api, env });
    expect(statSync(root).mode & 0o777).toBe(0o700);
    const files = filesUnder(root);
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const f of files) {
      expect(statSync(f).mode & 0o777, f).toBe(0o600);
      expect(readFileSync(f, 'utf8'), f).not.toContain(TEST_KEY);
      expect(f).not.toContain(TEST_KEY);
    }
  });

  it('two accounts (keys) of one base URL never share an entry', async () => {
    const { env, root } = home();
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS), 'always');
    const clock = fakeClock();
    const other = { ...env, VIS_API_KEY: 'vis_test_another_key_0000' };
    expect((await runInProcess(['topics'], { api, env, clock })).requests).toHaveLength(1);
    expect((await runInProcess(['topics'], { api, env: other, clock })).requests).toHaveLength(1);
    expect((await runInProcess(['topics'], { api, env: other, clock })).requests).toHaveLength(0);
    expect(readdirSync(root).filter((d) => /^[0-9a-f]{32}$/.test(d))).toHaveLength(2);
  });

  it('POST /pitches drops the cached pitches list and pitch', async () => {
    const { env } = home();
    const api = new FakeApi().on({ method: 'GET', path: '/pitches' }, ok({ pitches: [] }), 2).on({ method: 'POST', path: '/pitches' }, ok({ id: 9 }), 1);
    const clock = fakeClock();
    expect((await runInProcess(['pitches'], { api, env, clock })).requests).toHaveLength(1);
    expect((await runInProcess(['pitches'], { api, env, clock })).requests).toHaveLength(0);
    expect((await runInProcess(['pitches', 'create', 'acme.example', '--yes'], { api, env, clock })).code).toBe(0);
    expect((await runInProcess(['pitches'], { api, env, clock })).requests).toHaveLength(1);
    api.verify();
  });

  it('vis cache status counts entries and reads saved per account; vis cache clear empties it', async () => {
    const { env } = home();
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS), 'always');
    const clock = fakeClock();
    for (let i = 0; i < 3; i++) await runInProcess(['topics'], { api, env, clock });
    const status = await runInProcess(['cache', 'status'], { env, clock });
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(
      /account [0-9a-f]{16} \(active profile\) {2}https:\/\/api\.vis\.test\/api\/v1\n {2}1 entry, [\d.]+ (B|KB), 2 reads saved in 2026-11\n/,
    );
    const clear = await runInProcess(['cache', 'clear'], { env, clock });
    expect(clear.stdout).toContain('Removed 1 cached answer from');
    expect((await runInProcess(['topics'], { api, env, clock })).requests).toHaveLength(1);
  });
});

describe('one brand, asked with and without brand_id (the export names it, `vis topics` need not)', () => {
  const BRANDS_ONE = { brands: [{ id: 7, name: 'Acme' }] };
  const BRANDS_TWO = {
    brands: [
      { id: 7, name: 'Acme' },
      { id: 8, name: 'Acme Labs' },
    ],
  };
  const topics = (brand?: number) => ({
    method: 'GET' as const,
    path: '/topics',
    ...(brand === undefined ? {} : { query: [['brand_id', String(brand)]] as Array<[string, string]> }),
  });

  it('an answer without brand_id is filed under the brand its meta names: `--brand 7` afterwards sends nothing', async () => {
    const { env } = home();
    const clock = fakeClock();
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS, { brand: { id: 7, name: 'Acme' } }), 1);
    const first = await runInProcess(['topics', '-f', 'json'], { api, env, clock });
    const second = await runInProcess(['topics', '-f', 'json', '--brand', '7'], { api, env, clock });
    expect([first.code, second.code], second.stderr).toEqual([0, 0]);
    expect(first.requests.map((r) => [r.path, r.query])).toEqual([['/topics', []]]);
    expect(second.requests).toHaveLength(0);
    expect(second.stdout).toBe(first.stdout);
    // Another brand is another question.
    const other = await runInProcess(['topics', '-f', 'json', '--brand', '8'], { api: new FakeApi().on(topics(8), ok(TOPICS), 1), env, clock });
    expect(other.requests).toHaveLength(1);
  });

  it('without meta.brand (or with one that is not a whole number) nothing more is filed', async () => {
    for (const meta of [{}, { brand: { id: 'seven' } }, { brand: { id: -7 } }, { brand: { id: 7.5 } }, { brand: null }, { brand: 7 }]) {
      const { env } = home();
      const clock = fakeClock();
      const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS, meta), 2);
      await runInProcess(['topics', '-f', 'json'], { api, env, clock });
      const second = await runInProcess(['topics', '-f', 'json', '--brand', '7'], { api, env, clock });
      expect(second.requests, JSON.stringify(meta)).toHaveLength(1);
    }
  });

  it('an answer with brand_id is filed without it only when GET /brands listed that brand alone', async () => {
    for (const [brands, spends] of [
      [BRANDS_ONE, 0],
      [BRANDS_TWO, 1],
    ] as const) {
      const { env } = home();
      const clock = fakeClock();
      const api = new FakeApi()
        .on({ method: 'GET', path: '/brands' }, ok(brands), 1)
        .on(topics(7), ok(TOPICS, { brand: { id: 7, name: 'Acme' } }), 1)
        .on({ method: 'GET', path: '/topics' }, ok(TOPICS), 1);
      const named = await runInProcess(['topics', '-f', 'json', '--brand', 'Acme'], { api, env, clock });
      expect(named.code, named.stderr).toBe(0);
      const bare = await runInProcess(['topics', '-f', 'json'], { api, env, clock });
      expect(bare.requests, JSON.stringify(brands)).toHaveLength(spends);
    }
  });

  it('the export on a one-brand account files its answers for `vis topics` too; on an account of several it does not', async () => {
    for (const [brands, spends] of [
      [BRANDS_ONE, 0],
      [BRANDS_TWO, 1],
    ] as const) {
      const { env } = home();
      const dir = mkdtempSync(join(tmpdir(), 'vis-cache-export-'));
      const clock = fakeClock();
      const api = new FakeApi()
        .on({ method: 'GET', path: '/usage' }, ok({ reads_used: 0, reads_limit: 1000 }), 1)
        .on({ method: 'GET', path: '/brands' }, ok(brands), 1)
        .on(topics(7), ok(TOPICS, { brand: { id: 7, name: 'Acme' } }), 1)
        .on({ method: 'GET', path: '/topics' }, ok(TOPICS), 1);
      const exp = await runInProcess(['export', '--dir', join(dir, 'out'), '--only', 'topics', '--brand', '7'], { api, env, clock });
      expect(exp.code, exp.stderr).toBe(0);
      const bare = await runInProcess(['topics', '-f', 'json'], { api, env, clock });
      expect(bare.requests, JSON.stringify(brands)).toHaveLength(spends);
    }
  });
});

describe('the store', () => {
  it('evicts the oldest entries past the size cap', () => {
    const root = mkdtempSync(join(tmpdir(), 'vis-cache-cap-'));
    const cache = ResponseCache.open(join(root, 'c'), 'https://x.test/api/v1', 'k', 10_000);
    if (typeof cache === 'string') throw new Error(cache);
    const body = JSON.stringify({ data: { pad: 'x'.repeat(3000) } });
    const t0 = Date.now() / 1000 - 100;
    for (let i = 0; i < 5; i++) {
      cache.store('topics', `GET /topics?i=${i}`, body, 1000 + i, 10_000_000);
      // distinct modification times, in the order written
      for (const n of readdirSync(cache.dir).filter((x) => x.startsWith('topics.'))) {
        const f = join(cache.dir, n);
        if (statSync(f).mtimeMs / 1000 > t0 + 50) utimesSync(f, t0 + i, t0 + i);
      }
    }
    const left = readdirSync(cache.dir).filter((n) => n.startsWith('topics.'));
    expect(left.length).toBeLessThanOrEqual(3);
    expect('hit' in cache.lookup('topics', 'GET /topics?i=4', 2000)).toBe(true);
    expect('hit' in cache.lookup('topics', 'GET /topics?i=0', 2000)).toBe(false);
  });

  it('reads an entry only when header, key, endpoint and length agree', () => {
    const body = Buffer.from('{"data":{}}');
    const header = (o: Record<string, unknown>) =>
      Buffer.from(`${JSON.stringify({ v: 1, key: 'k', endpoint: 'topics', fetchedAt: 1, expiresAt: 2, bytes: body.length, ...o })}\n`);
    expect(parseEntry(Buffer.concat([header({}), body]), 'k', 'topics')?.raw).toBe('{"data":{}}');
    expect(parseEntry(Buffer.concat([header({ v: 2 }), body]), 'k', 'topics')).toBeUndefined();
    expect(parseEntry(Buffer.concat([header({ endpoint: 'tasks' }), body]), 'k', 'topics')).toBeUndefined();
    expect(parseEntry(Buffer.concat([header({ expiresAt: 1 }), body]), 'k', 'topics')).toBeUndefined();
    expect(parseEntry(Buffer.concat([header({ bytes: 3 }), body]), 'k', 'topics')).toBeUndefined();
    expect(parseEntry(Buffer.concat([header({ fetchedAt: 'x' }), body]), 'k', 'topics')).toBeUndefined();
  });
});
