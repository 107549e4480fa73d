/**
 * Recording through the command line (in-process, FakeApi): what a data command leaves in
 * the history's journal, and what it never does: fail, slow or change the command, keep a
 * cache hit twice, or write anywhere when the history is off.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { journalDir, readEntries, type JournalEntry } from '../../src/history/journal.js';
import { SCHEMA_VERSION } from '../../src/history/types.js';
import { FAKE_BASE_URL, FakeApi, json, ok, type Reply } from '../support/http.js';
import { lockFolder } from '../support/files.js';
import { unusedPort } from '../support/ports.js';
import { runInProcess, TEST_KEY, type InProcessOptions } from '../support/run.js';
import { fakeClock, TEST_NOW } from '../support/context.js';

const TOPICS = { topics: [{ id: 'crm', name: 'CRM software', visibility: 41.5 }] };
const META = { brand: { id: 7, name: 'Acme' }, market: { code: 'US-en', label: 'United States (English)' } };

/** One home for several runs; the history where the default puts it beside VIS_CONFIG_DIR. */
function home(): { env: Record<string, string>; dir: string; store: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vis-record-'));
  return { dir, env: { HOME: dir, VIS_CONFIG_DIR: join(dir, 'config') }, store: join(dir, 'config-data', 'history.db') };
}

function entries(store: string): JournalEntry[] {
  const all = readEntries(journalDir(store));
  for (const e of all) if (!('answer' in e)) throw new Error(`${e.file}: ${e.problem}`);
  return all as JournalEntry[];
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
}

const dated = (date: string, body: unknown = { data: TOPICS, meta: META }): Reply => json(200, body, { date });

async function topics(o: InProcessOptions & { argv?: string[]; reply?: Reply } = {}) {
  const api = o.api ?? new FakeApi().on({ method: 'GET', path: '/topics' }, o.reply ?? ok(TOPICS, META));
  return runInProcess(o.argv ?? ['topics', '-f', 'json'], { ...o, api });
}

const WARNING = /^vis: warning: history: .*; answers of this run are not recorded \(vis history check tells more\)$/;

describe('what a data command records', () => {
  it('vis topics: one entry, filed by the answer’s brand and market, the scan day from the Date header, the body as received', async () => {
    const { env, store } = home();
    const r = await topics({ env, reply: dated('Sun, 22 Nov 2026 03:29:59 GMT') });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const [e, ...rest] = entries(store);
    expect(rest).toEqual([]);
    expect(e!.answer).toEqual({
      api: FAKE_BASE_URL,
      brandId: '7',
      market: 'US-en',
      endpoint: 'topics',
      item: '',
      query: '',
      day: '2026-11-21',
      fetchedAt: TEST_NOW,
      raw: JSON.stringify({ data: TOPICS, meta: META }),
    });
    expect(e!.names).toEqual({ brandName: 'Acme', marketLabel: 'United States (English)' });
  });

  it('without a Date header the scan day is vis’s clock’s', async () => {
    const { env, store } = home();
    const clock = fakeClock(Date.parse('2026-11-22T03:29:59Z'));
    expect((await topics({ env, clock })).code).toBe(0);
    expect(entries(store).map((e) => e.answer.day)).toEqual(['2026-11-21']);
  });

  it('an unparsable Date header: vis’s clock', async () => {
    const { env, store } = home();
    expect((await topics({ env, reply: dated('soon') })).code).toBe(0);
    expect(entries(store).map((e) => e.answer.day)).toEqual(['2026-11-22']);
  });

  it('--days 7 and brand_id are filed as vis topics is; --days 30 apart', async () => {
    const { env, store } = home();
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS, META), 'always');
    const clock = fakeClock();
    for (const argv of [['topics'], ['topics', '--days', '7'], ['topics', '--days', '30'], ['topics', '--brand', '7']]) {
      clock.t += 1000;
      const r = await runInProcess([...argv, '-f', 'json', '--no-cache'], { api, env, clock });
      expect(r.code, r.stderr).toBe(0);
    }
    expect(entries(store).map((e) => `${e.answer.brandId} ${e.answer.market} ${e.answer.query}`)).toEqual([
      '7 US-en ',
      '7 US-en ',
      '7 US-en days=30',
      '7 US-en ',
    ]);
  });

  it('an item command records its item; the brand look-up (GET /brands, free) is not recorded', async () => {
    const { env, store } = home();
    const api = new FakeApi()
      .on({ method: 'GET', path: '/brands' }, ok({ brands: [{ id: 7, name: 'Acme' }] }))
      .on({ method: 'GET', path: '/topics/crm%20tools' }, ok({ topic: { id: 'crm tools' } }, META));
    const r = await runInProcess(['topics', 'crm tools', '--brand', 'Acme', '-f', 'json'], { api, env });
    expect(r.code, r.stderr).toBe(0);
    expect(entries(store).map((e) => [e.answer.endpoint, e.answer.item, e.answer.brandId])).toEqual([['topics.get', 'crm tools', '7']]);
  });

  it('an answer that names no brand, asked without one, is not recorded', async () => {
    const { env, store } = home();
    const r = await topics({ env, reply: ok(TOPICS, {}) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(entries(store)).toEqual([]);
  });

  it('free account data is not recorded (vis usage)', async () => {
    const { env, dir } = home();
    const api = new FakeApi().on({ method: 'GET', path: '/usage' }, ok({ reads_used: 1, reads_limit: 1000 }));
    const r = await runInProcess(['usage', '-f', 'json'], { api, env });
    expect(r.code, r.stderr).toBe(0);
    expect(filesUnder(join(dir, 'config-data'))).toEqual([]);
  });

  it('a failed read is not recorded', async () => {
    const { env, store } = home();
    const r = await topics({ env, reply: json(404, { error: { code: 'not_found', message: 'no' } }) });
    expect(r.code).not.toBe(0);
    expect(entries(store)).toEqual([]);
  });
});

describe('the cache and the history', () => {
  it('a cache hit is not recorded again', async () => {
    const { env, store } = home();
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS, META), 1);
    const clock = fakeClock();
    for (let i = 0; i < 2; i++) expect((await runInProcess(['topics', '-f', 'json'], { api, env, clock })).code).toBe(0);
    expect(api.requests).toHaveLength(1);
    expect(entries(store)).toHaveLength(1);
  });

  it.each([
    ['VIS_CACHE=off', { VIS_CACHE: 'off' }, []],
    ['--no-cache', {}, ['--no-cache']],
    ['--refresh', {}, ['--refresh']],
  ])('%s still records every read', async (_what, extra, flags) => {
    const { env, store } = home();
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS, META), 2);
    for (let i = 0; i < 2; i++) {
      const r = await runInProcess(['topics', '-f', 'json', ...flags], { api, env: { ...env, ...extra } });
      expect(r.code, r.stderr).toBe(0);
    }
    expect(api.requests).toHaveLength(2);
    expect(entries(store)).toHaveLength(2);
  });

  it('--demo records nothing: the demo’s history is simulated, and the real store and its journal are never made', async () => {
    const { env, store } = home();
    const r = await runInProcess(['--demo', 'topics', '-f', 'json'], { env: { ...env, VIS_BASE_URL: undefined, VIS_API_KEY: undefined }, realTransport: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(existsSync(journalDir(store))).toBe(false);
    expect(existsSync(store)).toBe(false);
  });
});

describe('vis api', () => {
  it('a path of the table is recorded as its command’s read; others are not', async () => {
    const { env, store } = home();
    const api = new FakeApi()
      .on({ method: 'GET', path: '/topics/crm' }, ok({ topic: {} }, META))
      .on({ method: 'GET', path: '/answers/runs' }, ok({ runs: [] }, META))
      .on({ method: 'GET', path: '/usage' }, ok({ reads_used: 1 }))
      .on({ method: 'GET', path: '/experimental' }, ok({}, META));
    const clock = fakeClock();
    for (const argv of [
      ['api', '/topics/crm'],
      ['api', '/answers/runs?prompt=best%20CRM&days=7'],
      ['api', '/usage'],
      ['api', '/experimental'],
    ]) {
      clock.t += 1000;
      const r = await runInProcess(argv, { api, env, clock });
      expect(r.code, r.stderr).toBe(0);
    }
    expect(entries(store).map((e) => [e.answer.endpoint, e.answer.item, e.answer.query])).toEqual([
      ['topics.get', 'crm', ''],
      ['answers.runs', 'best CRM', 'days=7'],
    ]);
  });
});

describe('the export', () => {
  it('records every answer it reads (and not the free ones)', async () => {
    const { env, store } = home();
    const out = mkdtempSync(join(tmpdir(), 'vis-record-export-'));
    const api = new FakeApi()
      .on({ method: 'GET', path: '/usage' }, ok({ reads_used: 0, reads_limit: 1000 }))
      .on({ method: 'GET', path: '/brands' }, ok({ brands: [{ id: 7, name: 'Acme' }] }))
      .on({ method: 'GET', path: '/topics' }, ok(TOPICS, META))
      .on({ method: 'GET', path: '/visibility' }, ok({ score: 40 }, META));
    const r = await runInProcess(['export', '--dir', join(out, 'x'), '--only', 'topics,visibility', '--brand', '7'], { api, env });
    expect(r.code, r.stderr).toBe(0);
    const reads = api.requests.filter((q) => q.path !== '/usage' && q.path !== '/brands');
    expect(reads).toHaveLength(2);
    expect(
      entries(store)
        .map((e) => `${e.answer.endpoint} ${e.answer.brandId}`)
        .sort(),
    ).toEqual(['topics 7', 'visibility 7']);
  });
});

describe('where nothing is written', () => {
  it('VIS_HISTORY=off: no history file anywhere under the home', async () => {
    const { env, dir } = home();
    const r = await topics({ env: { ...env, VIS_HISTORY: 'off' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(existsSync(join(dir, 'config-data'))).toBe(false);
    expect(filesUnder(dir).filter((f) => /history|\.answer$/.test(f))).toEqual([]);
  });

  it('the profile’s history off: nothing written; VIS_HISTORY wins over it', async () => {
    const { env, dir, store } = home();
    mkdirSync(join(dir, 'config'));
    writeFileSync(join(dir, 'config', 'config.json'), JSON.stringify({ profiles: { default: { history: 'off' } } }), { mode: 0o600 });
    expect((await topics({ env })).code).toBe(0);
    expect(existsSync(join(dir, 'config-data'))).toBe(false);
    const elsewhere = join(dir, 'mine', 'h.db');
    expect((await topics({ env: { ...env, VIS_HISTORY: elsewhere }, argv: ['topics', '-f', 'json', '--no-cache'] })).code).toBe(0);
    expect(entries(elsewhere)).toHaveLength(1);
    expect(entries(store)).toHaveLength(0);
  });

  it('the profile’s history path is used', async () => {
    const { env, dir } = home();
    const file = join(dir, 'kept', 'h.db');
    mkdirSync(join(dir, 'config'));
    writeFileSync(join(dir, 'config', 'config.json'), JSON.stringify({ profiles: { default: { history: file } } }), { mode: 0o600 });
    expect((await topics({ env })).code).toBe(0);
    expect(entries(file)).toHaveLength(1);
  });

  it('no HOME, XDG_DATA_HOME, VIS_CONFIG_DIR nor VIS_HISTORY: nothing recorded, nothing said', async () => {
    const r = await topics({ env: { HOME: undefined, VIS_CONFIG_DIR: undefined, XDG_DATA_HOME: undefined, XDG_CACHE_HOME: undefined } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('a PostgreSQL history out of reach: one warning, the answer as usual', async () => {
    const { env } = home();
    const port = await unusedPort();
    const r = await topics({ env: { ...env, VIS_HISTORY: `postgres://127.0.0.1:${port}/vis` } });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data).toEqual(TOPICS);
    expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(WARNING)]);
    expect(r.stderr).toContain(`cannot connect to the PostgreSQL history postgres://127.0.0.1:${port}/vis`);
  });

  it('the warning names the URL with its password masked, also under --debug', async () => {
    const { env } = home();
    const port = await unusedPort();
    const r = await topics({
      env: { ...env, VIS_HISTORY: `postgres://ana:Pa55%2Fword@127.0.0.1:${port}/vis?sslmode=disable` },
      argv: ['topics', '-f', 'json', '--debug'],
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`cannot connect to the PostgreSQL history postgres://ana:***@127.0.0.1:${port}/vis?sslmode=disable`);
    expect(r.stderr).toContain('vis debug: ');
    expect(r.stderr).not.toMatch(/Pa55/);
  });
});

describe('a history that cannot be written: one warning, the answer as usual, the exit code unchanged', () => {
  it('a read-only folder', async (t) => {
    const { env, dir } = home();
    const locked = join(dir, 'locked');
    mkdirSync(locked, { mode: 0o700 });
    const unlock = lockFolder(locked);
    if (!unlock) return t.skip();
    try {
      const r = await topics({ env: { ...env, VIS_HISTORY: join(locked, 'vis', 'history.db') } });
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).data).toEqual(TOPICS);
      expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(WARNING)]);
    } finally {
      unlock();
    }
  });

  it('a journal folder that cannot be written to: one warning for several answers', async (t) => {
    const { env, dir } = home();
    const store = join(dir, 'h', 'history.db');
    mkdirSync(journalDir(store), { recursive: true, mode: 0o700 });
    const unlock = lockFolder(journalDir(store));
    if (!unlock) return t.skip();
    try {
      const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS, META), 2);
      const r = await runInProcess(['topics', '--brand', '7,8', '-f', 'json'], {
        api: api
          .on(
            { method: 'GET', path: '/brands' },
            ok({
              brands: [
                { id: 7, name: 'A' },
                { id: 8, name: 'B' },
              ],
            }),
          )
          .on({ method: 'GET', path: '/usage' }, ok({ reads_used: 0, reads_limit: 1000 })),
        env: { ...env, VIS_HISTORY: store, VIS_MARKET: 'US-en' },
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(WARNING)]);
      expect(r.stderr).toContain('cannot write to');
    } finally {
      unlock();
    }
  });

  it('--quiet: no warning', async () => {
    const { env } = home();
    const r = await topics({ env: { ...env, VIS_HISTORY: 'postgres://db/vis' }, argv: ['topics', '-f', 'json', '--quiet'] });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('a folder others can write to: warned, nothing written', async () => {
    const { env, dir } = home();
    const open = join(dir, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    const r = await topics({ env: { ...env, VIS_HISTORY: join(open, 'history.db') } });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data).toEqual(TOPICS);
    expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(WARNING)]);
    expect(r.stderr).toContain('is not a private folder of this user');
    expect(readdirSync(open)).toEqual([]);
  });

  it.each([
    ['not a database', Buffer.from('hello, this is a text file\n')],
    ['a short header', Buffer.from('SQLite format 3\0')],
    ['a newer schema', sqliteHeader(SCHEMA_VERSION + 1)],
  ])('a store file that is %s: warned, nothing written, the file untouched', async (_what, bytes) => {
    const { env, dir } = home();
    const store = join(dir, 'h', 'history.db');
    mkdirSync(join(dir, 'h'), { mode: 0o700 });
    writeFileSync(store, bytes, { mode: 0o600 });
    const r = await topics({ env: { ...env, VIS_HISTORY: store } });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data).toEqual(TOPICS);
    expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(WARNING)]);
    expect(existsSync(journalDir(store))).toBe(false);
    expect(readFileSync(store)).toEqual(bytes);
  });

  it('a store written by this schema version, or an empty file: recorded', async () => {
    for (const bytes of [sqliteHeader(1), sqliteHeader(0), Buffer.alloc(0)]) {
      const { env, dir } = home();
      const store = join(dir, 'h', 'history.db');
      mkdirSync(join(dir, 'h'), { mode: 0o700 });
      writeFileSync(store, bytes, { mode: 0o600 });
      const r = await topics({ env: { ...env, VIS_HISTORY: store } });
      expect(r.stderr).toBe('');
      expect(entries(store)).toHaveLength(1);
    }
  });

  it('a store that is a link: warned, nothing written', async () => {
    const { env, dir } = home();
    mkdirSync(join(dir, 'h'), { mode: 0o700 });
    writeFileSync(join(dir, 'real.db'), sqliteHeader(1));
    symlinkSync(join(dir, 'real.db'), join(dir, 'h', 'history.db'));
    const r = await topics({ env: { ...env, VIS_HISTORY: join(dir, 'h', 'history.db') } });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/symbolic link/);
    expect(existsSync(journalDir(join(dir, 'h', 'history.db')))).toBe(false);
  });
});

describe('the key', () => {
  it('never reaches any file vis writes (cache and history)', async () => {
    const { env, dir } = home();
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS, META), 'always');
    for (const argv of [['topics'], ['topics', '--refresh'], ['topics', '--days', '30']]) {
      expect((await runInProcess([...argv, '-f', 'json'], { api, env })).code).toBe(0);
    }
    const files = filesUnder(dir);
    expect(files.some((f) => f.endsWith('.answer'))).toBe(true);
    for (const f of files) expect(readFileSync(f, 'latin1'), f).not.toContain(TEST_KEY);
  });
});

/** The first 100 bytes of a SQLite database whose user_version is `version`. */
function sqliteHeader(version: number): Buffer {
  const b = Buffer.alloc(100);
  b.write('SQLite format 3\0', 0, 'latin1');
  b.writeUInt32BE(version, 60);
  return b;
}

describe('vis config set history', () => {
  it.each([
    ['off', 'off'],
    ['OFF', 'off'],
    ['none', 'off'],
    ['0', 'off'],
    ['/var/lib/vis/history.db', '/var/lib/vis/history.db'],
    ['~/vis/history.db', '~/vis/history.db'],
    ['  /x/h.db  ', '/x/h.db'],
    ['postgres://db.example/vis', 'postgres://db.example/vis'],
    ['postgresql://u@db/vis', 'postgresql://u@db/vis'],
    ['postgres://', 'postgres://'],
    ['postgres://u@[::1]:6000/db?sslmode=verify-full&schema=team', 'postgres://u@[::1]:6000/db?sslmode=verify-full&schema=team'],
  ])('%j is saved as %j', async (value, saved) => {
    const { env } = home();
    const set = await runInProcess(['config', 'set', 'history', value], { env });
    expect(set.code, set.stderr).toBe(0);
    const got = await runInProcess(['config', 'get', 'history'], { env });
    expect(got.stdout.trim()).toBe(saved);
  });

  it.each([['history.db'], ['./h.db'], ['~'], ['/var/lib/vis/'], [''], ['maybe'], ['mysql://db/vis'], ['/a\tb']])(
    '%j is refused: exit 2, the rule named, nothing saved',
    async (value) => {
      const { env, dir } = home();
      const r = await runInProcess(['config', 'set', 'history', value], { env });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('history must be off, an absolute path to the history file (or ~/…), or a postgres:// URL');
      expect(existsSync(join(dir, 'config', 'config.json'))).toBe(false);
    },
  );

  it.each([
    ['postgres://ana:s3cret@db:99999/vis', 'history: the port must be a number from 1 to 65535'],
    ['postgres://ana:s3cret@db/vis?sslmode=on', 'history: sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full (got "on")'],
    ['postgres://ana:s3cret@db/vis?schema=Vis', 'history: schema must be an SQL identifier'],
    ['postgres://ana:s3cret@db/vis?pool=2', 'history: unknown parameter "pool"'],
    ['postgres://ana:s3c@ret@db/vis', 'history: a URL holds one @, before the host'],
    ['postgres://ana:s3cret@db1,db2/vis', 'history: one host only'],
    [
      'postgre://ana:s3cret@db/vis',
      'history must be off, an absolute path to the history file (or ~/…), or a postgres:// URL (got "postgre://ana:***@db/vis")',
    ],
  ])('%j is refused by the URL rules: exit 2, the rule named, never the password, nothing saved', async (value, rule) => {
    const { env, dir } = home();
    const r = await runInProcess(['config', 'set', 'history', value], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(rule);
    expect(r.stderr).not.toContain('s3c');
    expect(existsSync(join(dir, 'config', 'config.json'))).toBe(false);
  });

  it.each([
    'postgresql://ana:s3cret%40pw@db.example:5433/vis',
    'postgresql://ana@db.example/vis?password=s3cret',
    'postgresql://ana:s3cret@db.example/vis?password=',
    'POSTGRES://ana:s3cret@db.example/vis',
  ])('a password in the URL (%s) is refused: a command line is visible to every user (ps); exit 2, nothing saved', async (url) => {
    const { env, dir } = home();
    const r = await runInProcess(['config', 'set', 'history', url], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('history: the URL holds a password, and a command line is visible to every user of this machine (ps): vis takes none there');
    expect(r.stderr).toContain('PGPASSWORD');
    expect(r.stderr).toContain('~/.pgpass');
    expect(r.stderr).not.toContain('s3cret');
    expect(existsSync(join(dir, 'config', 'config.json'))).toBe(false);
  });

  it('an empty password (user:@) is no password: saved', async () => {
    const { env } = home();
    expect((await runInProcess(['config', 'set', 'history', 'postgresql://ana:@db.example/vis?password='], { env })).code).toBe(0);
  });

  it('a URL saved with a password (by hand, or an older vis) is shown with its password masked by config get and config list, and kept whole in the file (0600)', async () => {
    const { env, dir } = home();
    const url = 'postgresql://ana:s3cret%40pw@db.example:5433/vis?password=other-s3cret&sslmode=require';
    expect((await runInProcess(['config', 'set', 'history', 'postgresql://ana@db.example:5433/vis'], { env })).code).toBe(0);
    const saved = join(dir, 'config', 'config.json');
    const config = JSON.parse(readFileSync(saved, 'utf8'));
    config.profiles.default.history = url;
    writeFileSync(saved, JSON.stringify(config), { mode: 0o600 });
    const got = await runInProcess(['config', 'get', 'history'], { env });
    expect(got.stdout).toBe('postgresql://ana:***@db.example:5433/vis?password=***&sslmode=require\n');
    const list = await runInProcess(['config', 'list'], { env });
    expect(list.stdout).toContain('  history = postgresql://ana:***@db.example:5433/vis?password=***&sslmode=require\n');
    expect(`${got.stdout}${got.stderr}${list.stdout}${list.stderr}`).not.toContain('s3cret');
    const file = join(dir, 'config', 'config.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.default.history).toBe(url);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A file path is shown as it is.
    await runInProcess(['config', 'set', 'history', '/srv/a:b@c/h.db'], { env });
    expect((await runInProcess(['config', 'get', 'history'], { env })).stdout).toBe('/srv/a:b@c/h.db\n');
  });

  it('a postgres URL saved, its server out of reach: data commands warn once and answer as usual', async () => {
    const { env } = home();
    const port = await unusedPort();
    expect((await runInProcess(['config', 'set', 'history', `postgres://127.0.0.1:${port}/vis`], { env })).code).toBe(0);
    const r = await topics({ env });
    expect(r.code).toBe(0);
    expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(WARNING)]);
    expect(r.stderr).toContain(`cannot connect to the PostgreSQL history postgres://127.0.0.1:${port}/vis`);
  });
});
