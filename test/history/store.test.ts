/**
 * The SQLite history store: the reader contract it shares with FakeHistory, the journal
 * taken in, the file's rules (a private folder, a 0600 regular file, a damaged or newer
 * file refused and never written), the schema's migrations, pruning and the check.
 */
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { exitCodeFor, ServerError } from '../../src/errors.js';
import { journalDir, writeEntry } from '../../src/history/journal.js';
import { MIGRATIONS, type Migration } from '../../src/history/schema.js';
import { loadSqlite } from '../../src/history/sqlite.js';
import { BATCH_MS, checkFile, openStore, pack, reason, registerFunctions, storeBusy, storeLockName, unpack } from '../../src/history/store.js';
import { VERSION } from '../../src/cli/version.js';
import { SCHEMA_VERSION, type HistoryStore, type RecordedAnswer } from '../../src/history/types.js';
import { pushAll } from '../../src/cli/commands/history/push.js';
import { FakeHistory, type FakeNames } from '../support/fake-history.js';
import { storePlace } from '../support/history-place.js';
import { usageRejection as refusal } from '../support/refusal.js';
import { answer, readerContract, SAMPLE } from './reader-contract.js';

const opened: HistoryStore[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

function journal(file: string, answers: readonly RecordedAnswer[], names: FakeNames = {}): string[] {
  const dir = journalDir(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return answers.map((a) => {
    const brandName = names.brands?.[a.brandId];
    const marketLabel = names.markets?.[a.market];
    return writeEntry(dir, a, { ...(brandName === undefined ? {} : { brandName }), ...(marketLabel === undefined ? {} : { marketLabel }) });
  });
}

async function open(file: string, o: Partial<Parameters<typeof openStore>[1]> = {}): Promise<HistoryStore> {
  const s = await openStore(file, { create: true, ...o });
  opened.push(s);
  return s;
}

/** A store holding `answers`, taken in from the journal one entry per write. */
async function storeWith(answers: readonly RecordedAnswer[], names: FakeNames = {}): Promise<HistoryStore> {
  const { file } = storePlace('store', { made: false });
  const s = await open(file);
  // One ingest per entry keeps the order the answers were recorded in, as FakeHistory does.
  for (const a of answers) {
    journal(file, [a], names);
    await s.ingest();
  }
  return s;
}

readerContract('FakeHistory', async (answers, names) => new FakeHistory(answers, names));
readerContract('SQLite store', storeWith);

/** vis's lock of the store as another running vis holds it (this process's pid, so it is alive; another token). */
function heldByAnother(file: string): void {
  writeFileSync(`${storeLockName(file)}.lock`, `${JSON.stringify({ pid: process.pid, host: hostname(), at: Date.now(), token: 'another-vis' })}\n`, {
    mode: 0o600,
  });
}

async function sql(file: string, query: string): Promise<Array<Record<string, unknown>>> {
  const { Database } = await loadSqlite();
  const db = new Database(file, { readOnly: true });
  try {
    registerFunctions(db);
    return db.all(query);
  } finally {
    db.close();
  }
}

describe('a new store', () => {
  it('is made 0600 in a 0700 folder, at schema SCHEMA_VERSION, the last migration', async () => {
    const { dir, file } = storePlace('store', { made: false });
    const s = await open(file);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(MIGRATIONS[MIGRATIONS.length - 1]!.version).toBe(SCHEMA_VERSION);
    expect(await s.check()).toMatchObject({ file, schemaVersion: SCHEMA_VERSION, answers: 0, bodies: 0, problems: [] });
    // The note of the file as vis left it, made on close, is this user's alone too.
    await s.close();
    expect(statSync(`${file}.vis-checked`).mode & 0o777).toBe(0o600);
  });

  it('is not made without create', async () => {
    const { dir, file } = storePlace('store', { made: false });
    const err = await refusal(openStore(file, { create: false }));
    expect(err.message).toBe(`no history store at ${file}`);
    expect(err.hint).toBe('Any data command records into it; a daily `vis export` records everything.');
    expect(existsSync(dir)).toBe(false);
  });
});

describe('opening', () => {
  it('leaves a store of this schema with nothing to take in byte for byte as it was', async () => {
    const s = await storeWith(SAMPLE);
    await s.close();
    const before = readFileSync(s.file);
    await (await open(s.file)).close();
    expect(readFileSync(s.file)).toEqual(before);
  });

  it('a folder that cannot be made is refused, naming it', async () => {
    const { dir } = storePlace('store');
    const dangling = join(dir, 'gone');
    symlinkSync(join(dir, 'nowhere'), dangling);
    const err = await refusal(openStore(join(dangling, 'history.db'), { create: true }));
    expect(err.message).toMatch(new RegExp(`^cannot make the history store's folder ${dangling}: ENOENT`));
  });

  it('an error of its own work is not blamed on the lock', async () => {
    const { file } = storePlace('store');
    // An entry that cannot be set aside: a folder by an entry's name, whose `.rejected` name
    // is taken by a folder that is not empty (the rename fails with ENOTEMPTY).
    const j = journalDir(file);
    mkdirSync(j, { recursive: true, mode: 0o700 });
    mkdirSync(join(j, '1-1-00000000.answer'));
    mkdirSync(join(j, '1-1-00000000.answer.rejected', 'x'), { recursive: true });
    mkdirSync(join(j, '2-1-00000000.answer'));
    const s = await open(file, { batch: 1 });
    const err = await s.ingest().then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toMatch(/^ENOTEMPTY: directory not empty, rename /);
  });
});

describe('taking the journal in', () => {
  it('stores each entry, drops an older one for a key and day, sets damaged ones aside, and empties the journal', async () => {
    const { file } = storePlace('store', { made: false });
    const later = answer({ fetchedAt: 5000, raw: '{"n":2}' });
    const files = journal(file, [answer({ fetchedAt: 1000, raw: '{"n":1}' }), later]);
    const s = await open(file);
    writeFileSync(join(journalDir(file), '3000-1-0badbad0.answer'), 'not an entry');
    const report = await s.ingest();
    expect(report.stored).toBe(2);
    expect(report.superseded).toBe(0);
    expect(report.rejected).toEqual([{ file: join(journalDir(file), '3000-1-0badbad0.answer'), problem: 'no header line' }]);
    expect(readdirSync(journalDir(file))).toEqual(['3000-1-0badbad0.answer.rejected']);
    expect(files.some(existsSync)).toBe(false);
    journal(file, [answer({ fetchedAt: 4000, raw: '{"n":0}' })]);
    expect(await s.ingest()).toEqual({ stored: 0, superseded: 1, rejected: [] });
    expect(readdirSync(journalDir(file))).toEqual(['3000-1-0badbad0.answer.rejected']);
    expect(await s.answers({ api: later.api })).toEqual([later]);
    expect(await s.ingest()).toEqual({ stored: 0, superseded: 0, rejected: [] });
    expect((await s.check()).journal).toEqual({ waiting: 0, rejected: ['3000-1-0badbad0.answer.rejected'] });
  });

  it('goes on past batches that held damaged entries only, or as many damaged as sound ones, until the journal is empty', async () => {
    const { file } = storePlace('store', { made: false });
    const sound = [answer({ fetchedAt: 5000, raw: '{"n":1}' }), answer({ day: '2026-11-21', fetchedAt: 6000, raw: '{"n":2}' })];
    journal(file, sound);
    const damaged = ['1000-1-0badbad1.answer', '2000-1-0badbad2.answer', '3000-1-0badbad3.answer'];
    for (const name of damaged) writeFileSync(join(journalDir(file), name), 'not an entry');
    // Batches of two, oldest first: two damaged; one damaged and one sound; one sound.
    const s = await open(file, { batch: 2 });
    const report = await s.ingest();
    expect(report.stored).toBe(2);
    expect(report.rejected.map((r) => r.file)).toEqual(damaged.map((n) => join(journalDir(file), n)));
    expect(readdirSync(journalDir(file)).sort()).toEqual(damaged.map((n) => `${n}.rejected`));
    expect(await s.answers({ api: sound[0]!.api })).toHaveLength(2);
  });

  it('takes a journal of several batches in, one transaction and one hold of the lock each, oldest first', async () => {
    const { file } = storePlace('store', { made: false });
    const many = Array.from({ length: 10 }, (_, i) => answer({ day: `2026-10-${String(i + 1).padStart(2, '0')}`, fetchedAt: 1000 + i }));
    journal(file, many);
    const s = await open(file, { batch: 4 });
    expect(readdirSync(journalDir(file))).toHaveLength(10);
    // A reader of the same file (another store, as another vis) that asks while the take-in
    // runs gets its turn between batches, and sees what the batches before it stored.
    const reader = await open(file);
    const taking = s.ingest();
    const seen = await reader.days({ api: many[0]!.api });
    expect(seen).toEqual(many.slice(0, 4).map((a) => a.day));
    expect(await taking).toMatchObject({ stored: 10, superseded: 0 });
    expect(await s.days({ api: many[0]!.api })).toHaveLength(10);
    expect(readdirSync(journalDir(file))).toEqual([]);
  });

  it('commits a batch early once it has worked BATCH_MS (by the clock given), one entry at least', async () => {
    const { file } = storePlace('store', { made: false });
    const many = Array.from({ length: 5 }, (_, i) => answer({ day: `2026-10-${String(i + 1).padStart(2, '0')}`, fetchedAt: 1000 + i }));
    journal(file, many);
    // Each look at the clock is 100 ms later: a batch stores 3 entries (0, 100, 200 ms: under BATCH_MS; 300 ms ends it).
    let t = 0;
    const clock = { now: () => (t += 100), sleep: async () => undefined };
    const s = await open(file, { lock: { clock } });
    const reader = await open(file);
    const taking = s.ingest();
    expect(await reader.days({ api: many[0]!.api })).toEqual(many.slice(0, 3).map((a) => a.day));
    expect(await taking).toMatchObject({ stored: 5 });
    expect(BATCH_MS).toBe(250);
  });

  it('an interrupted take-in loses nothing: what a batch stored left the journal, the rest waits for the next run', async () => {
    const { file } = storePlace('store', { made: false });
    const many = Array.from({ length: 6 }, (_, i) => answer({ item: String(i), fetchedAt: 1000 + i }));
    journal(file, many);
    const s = await open(file, { batch: 2 });
    const reader = await open(file);
    const taking = s.ingest();
    // Between the first two batches: what is stored and what waits make up every entry, once.
    const stored = await reader.answers({ api: many[0]!.api });
    expect(stored.map((a) => a.item)).toEqual(['0', '1']);
    expect(readdirSync(journalDir(file))).toHaveLength(4);
    await taking;
    expect((await reader.answers({ api: many[0]!.api })).map((a) => a.item).sort()).toEqual(['0', '1', '2', '3', '4', '5']);
  });

  it('stores a body once however many answers hold it, and drops a body no answer holds any more', async () => {
    const s = await storeWith([answer({ day: '2026-11-20', raw: '{"same":1}' }), answer({ day: '2026-11-21', raw: '{"same":1}' })]);
    expect(await s.check()).toMatchObject({ answers: 2, bodies: 1 });
    journal(s.file, [answer({ day: '2026-11-20', fetchedAt: Date.parse('2026-11-21T00:00:00Z'), raw: '{"other":1}' })]);
    await s.ingest();
    expect(await s.check()).toMatchObject({ answers: 2, bodies: 2 });
    journal(s.file, [answer({ day: '2026-11-21', fetchedAt: Date.parse('2026-11-22T00:00:00Z'), raw: '{"other":1}' })]);
    await s.ingest();
    expect(await s.check()).toMatchObject({ answers: 2, bodies: 1 });
  });

  it('an answer fetched at the same time as the one recorded replaces it', async () => {
    const s = await storeWith([answer({ fetchedAt: 1000, raw: '{"n":1}' }), answer({ fetchedAt: 1000, raw: '{"n":2}' })]);
    expect((await s.answers({ api: SAMPLE[0]!.api })).map((a) => a.raw)).toEqual(['{"n":2}']);
    expect(await s.check()).toMatchObject({ answers: 1, bodies: 1 });
  });

  it('a name seen at the same time as the one kept replaces it', async () => {
    const s = await storeWith([answer({ day: '2026-11-20', fetchedAt: 1000 })], { brands: { '101': 'First' }, markets: { 'US-en': 'one' } });
    journal(s.file, [answer({ day: '2026-11-21', fetchedAt: 1000 })], { brands: { '101': 'Second' }, markets: { 'US-en': 'two' } });
    await s.ingest();
    expect((await s.scopes(SAMPLE[0]!.api))[0]).toMatchObject({ brandName: 'Second', marketLabel: 'two' });
  });

  it('a later answer replaces the facts of the one it replaces', async () => {
    const topics = (id: string) => JSON.stringify({ data: { topics: [{ id, name: id }] } });
    const s = await storeWith([answer({ fetchedAt: 1000, raw: topics('old') }), answer({ fetchedAt: 2000, raw: topics('new') })]);
    await s.close();
    expect(await sql(s.file, 'SELECT topic_id FROM topic_days')).toEqual([{ topic_id: 'new' }]);
    const hash = createHash('sha256').update(topics('new')).digest('hex');
    expect(await sql(s.file, 'SELECT hash FROM bodies')).toEqual([{ hash }]);
  });

  it('keeps the newest name seen for a brand and a market', async () => {
    const s = await storeWith([answer({ day: '2026-11-21', fetchedAt: 2000 })], { brands: { '101': 'New name' }, markets: { 'US-en': 'US' } });
    journal(s.file, [answer({ day: '2026-11-20', fetchedAt: 1000 })], { brands: { '101': 'Old name' }, markets: { 'US-en': 'old' } });
    await s.ingest();
    expect((await s.scopes(SAMPLE[0]!.api))[0]).toMatchObject({ brandName: 'New name', marketLabel: 'US', days: 2 });
    journal(s.file, [answer({ day: '2026-11-22', fetchedAt: 3000 })], { brands: { '101': 'Newest' } });
    await s.ingest();
    expect((await s.scopes(SAMPLE[0]!.api))[0]).toMatchObject({ brandName: 'Newest', marketLabel: 'US' });
  });
});

describe('bodies', () => {
  it('are deflated in the format of sqlar_uncompress, or kept as they are when that does not make them smaller', () => {
    const big = Buffer.from(JSON.stringify({ data: { list: Array.from({ length: 50 }, () => 'same text') } }));
    const packed = pack(big);
    expect(packed.length).toBeLessThan(big.length);
    expect(unpack(packed, big.length)).toEqual(big);
    const tiny = Buffer.from('{}');
    expect(pack(tiny)).toEqual(tiny);
    expect(unpack(tiny, 2)).toEqual(tiny);
  });

  it('are kept as they are when deflating does not make them smaller, even by nothing: a body as long as its size is read as it is', () => {
    // A body whose deflated form is exactly as long as itself (found among a few, whatever the zlib).
    const candidates = Array.from({ length: 60 }, (_, r) =>
      Array.from({ length: 40 }, (_, m) => Buffer.from('a'.repeat(r + 1) + '4'.repeat(m % 3) + String(10 ** m))),
    );
    const even = candidates.flat().find((b) => deflateSync(b).length === b.length);
    expect(even).toBeDefined();
    expect(pack(even!)).toEqual(even);
    expect(unpack(pack(even!), even!.length)).toEqual(even);
  });
});

describe('the file', () => {
  it('refuses a folder others can write to, saying why', async () => {
    const { dir, file } = storePlace('store');
    chmodSync(dir, 0o777);
    const err = await refusal(openStore(file, { create: true }));
    expect(err.message).toBe(`the history store's folder ${dir} is not private: it must be yours, and nobody else may write to it`);
    expect(err.hint).toContain(`chmod 700 '${dir}'`);
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a journal that is a file, or a folder others can write to, and takes nothing in', async () => {
    const { file } = storePlace('store');
    writeFileSync(`${file}.incoming`, 'not a folder');
    const err = await refusal(openStore(file, { create: true }));
    expect(err.message).toBe(`the history's journal ${file}.incoming is not a private folder of this user: vis takes nothing in from it`);
    expect(err.hint).toBe('Move it aside; the next data command makes a new one.');
    unlinkSync(`${file}.incoming`);
    mkdirSync(`${file}.incoming`, { mode: 0o700 });
    chmodSync(`${file}.incoming`, 0o777);
    expect((await refusal(openStore(file, { create: true }))).message).toContain('is not a private folder of this user');
    chmodSync(`${file}.incoming`, 0o700);
    await (await openStore(file, { create: true })).close();
  });

  it('refuses a file others can write to, a link and a folder', async () => {
    const { dir, file } = storePlace('store');
    writeFileSync(file, '');
    chmodSync(file, 0o666);
    expect((await refusal(openStore(file, { create: true }))).message).toBe(`others can write to the history store ${file}`);
    const link = join(dir, 'link.db');
    symlinkSync(file, link);
    expect((await refusal(openStore(link, { create: true }))).message).toBe(`the history store ${link} is a symbolic link`);
    const folder = join(dir, 'folder.db');
    mkdirSync(folder);
    expect((await refusal(openStore(folder, { create: false }))).message).toBe(`the history store ${folder} is not a regular file`);
  });

  async function refusedUnchanged(write: (file: string) => Promise<void> | void, message: RegExp, problem = message): Promise<void> {
    const { dir, file } = storePlace('store');
    await write(file);
    chmodSync(file, 0o600);
    const before = readFileSync(file);
    const err = await refusal(openStore(file, { create: true }));
    expect(err.message).toMatch(message);
    expect(readFileSync(file)).toEqual(before);
    expect(readdirSync(dir).sort()).toEqual(['history.db']);
    // check says what is wrong, and does not throw.
    const check = await checkFile(file);
    expect(check.problems.join('\n')).toMatch(problem);
    expect(check.bytes).toBe(before.length);
    expect(readFileSync(file)).toEqual(before);
  }

  const DAMAGED = /^the history store .*history\.db is damaged \(.+\); vis leaves it as it is: `vis history check` says what is wrong$/;

  it('refuses random bytes as damaged, and leaves them as they are', async () => {
    await refusedUnchanged((f) => writeFileSync(f, randomBytes(20_000)), DAMAGED, /^SQLite cannot read it: file is not a database$/);
  });

  it('refuses a truncated store as damaged', async () => {
    await refusedUnchanged(
      async (f) => {
        const { file } = storePlace('store', { made: false });
        const s = await storeWith(
          Array.from({ length: 40 }, (_, i) =>
            answer({
              day: `2026-09-${String((i % 28) + 1).padStart(2, '0')}`,
              item: String(i),
              raw: JSON.stringify({ data: randomBytes(3000).toString('base64') }),
            }),
          ),
        );
        await s.close();
        void file;
        const bytes = readFileSync(s.file);
        writeFileSync(f, bytes.subarray(0, Math.floor(bytes.length / 2)));
      },
      DAMAGED,
      /^SQLite cannot read it: database disk image is malformed$/,
    );
  });

  it("refuses a SQLite database that is not vis's", async () => {
    await refusedUnchanged(
      async (f) => {
        const { Database } = await loadSqlite();
        const db = new Database(f);
        db.exec('CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES (1)');
        db.close();
      },
      /holds what vis did not make \(table "notes" is not vis's\); vis runs nothing of it and leaves it as it is$/,
      /^table "notes" is not vis's$/,
    );
  });

  it('names the first five tables that are not its own, and check every one', async () => {
    await refusedUnchanged(
      async (f) => {
        const { Database } = await loadSqlite();
        const db = new Database(f);
        db.exec(['zeta', 'alpha', 'omega', 'beta', 'gamma', 'delta'].map((t) => `CREATE TABLE ${t} (x);`).join(''));
        db.close();
      },
      /\(table "zeta" is not vis's; table "alpha" is not vis's; table "omega" is not vis's; table "beta" is not vis's; table "gamma" is not vis's; and 1 more\)/,
      /^table "zeta" is not vis's\n(.+\n){4}table "delta" is not vis's$/,
    );
  });

  it('refuses a store whose pages are damaged though its header is whole, and check names what SQLite found', async () => {
    await refusedUnchanged(
      async (f) => {
        const s = await storeWith([]);
        journal(
          s.file,
          Array.from({ length: 200 }, (_, i) => answer({ item: String(i) })),
        );
        await s.ingest();
        await s.close();
        // The middle of a leaf page of the answers: rows out of order, which SQLite's checks name.
        const [leaf] = await sql(s.file, "SELECT pageno FROM dbstat WHERE name = 'answers' AND pagetype = 'leaf' ORDER BY pageno LIMIT 1 OFFSET 1");
        const at = Number(leaf!.pageno) - 1;
        const bytes = readFileSync(s.file);
        bytes.fill(0x55, at * 4096 + 2000, at * 4096 + 2300);
        writeFileSync(f, bytes);
      },
      /is damaged \(quick check: /,
      /^integrity check: /,
    );
  });

  it('refuses a store at schema 1 that lacks its tables, or holds another table by their name', async () => {
    await refusedUnchanged(
      async (f) => {
        const s = await storeWith(SAMPLE);
        await s.close();
        const { Database } = await loadSqlite();
        const db = new Database(s.file);
        db.exec('DROP VIEW prompt_days; DROP INDEX prompt_facts_by_answer; DROP TABLE prompt_facts; DROP TABLE texts');
        db.close();
        writeFileSync(f, readFileSync(s.file));
      },
      /is damaged \(vis's table texts, table prompt_facts, index prompt_facts_by_answer, view prompt_days are missing\)/,
      /^vis's table texts, table prompt_facts, index prompt_facts_by_answer, view prompt_days are missing$/,
    );
    await refusedUnchanged(
      async (f) => {
        const { Database } = await loadSqlite();
        const db = new Database(f);
        db.exec('CREATE TABLE answers (x); PRAGMA user_version = 1');
        db.close();
      },
      /holds what vis did not make \(table "answers" is not as vis made it\)/,
      /^table "answers" is not as vis made it$/,
    );
  });

  it('refuses a store written by a newer vis, and never writes it', async () => {
    await refusedUnchanged(
      async (f) => {
        const { Database } = await loadSqlite();
        const db = new Database(f);
        db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
        db.close();
      },
      new RegExp(`was written by a newer vis \\(schema ${SCHEMA_VERSION + 1}\\); this is vis ${VERSION}: install a newer vis$`),
      new RegExp(`^written by a newer vis \\(schema ${SCHEMA_VERSION + 1}\\); this is vis ${VERSION}: install a newer vis$`),
    );
  });

  it('says how to start anew from a damaged file, and how to use a newer one', async () => {
    const { dir, file } = storePlace('store');
    writeFileSync(file, randomBytes(5000), { mode: 0o600 });
    expect((await refusal(openStore(file, { create: true }))).hint).toBe(`Move it aside (mv '${file}' '${file}.damaged') to start a new history.`);
    const { Database } = await loadSqlite();
    const db = new Database(join(dir, 'newer.db'));
    db.exec('PRAGMA user_version = 9');
    db.close();
    chmodSync(join(dir, 'newer.db'), 0o600);
    expect((await refusal(openStore(join(dir, 'newer.db'), { create: true }))).hint).toBe(
      'In a clone of the newest vis: npm run package && npm install -g ./vis-<its version>.tgz; or set VIS_HISTORY to another file.',
    );
  });

  it('refuses a file of another user, and one the group can write to', async (t) => {
    if (process.getuid?.() !== 0) {
      t.skip();
      return;
    }
    const { file } = storePlace('store');
    writeFileSync(file, '', { mode: 0o600 });
    chownSync(file, 65534, 65534);
    expect((await refusal(openStore(file, { create: true }))).message).toBe(`the history store ${file} belongs to another user`);
    chownSync(file, 0, 0);
    chmodSync(file, 0o620);
    const err = await refusal(openStore(file, { create: true }));
    expect(err.message).toBe(`others can write to the history store ${file}`);
    expect(err.hint).toBe('vis leaves it as it is: move it aside, or set VIS_HISTORY to another file.');
  });

  it('names the store when its path cannot be read or its lock cannot be made', async () => {
    const { dir } = storePlace('store');
    writeFileSync(join(dir, 'plain'), '');
    const under = join(dir, 'plain', 'history.db');
    expect((await refusal(openStore(under, { create: true }))).message).toBe(
      `cannot read the history store ${under}: ENOTDIR: not a directory, lstat '${under}'`,
    );
    // A name that fits, whose journal's and lock's names are too long for the file system.
    const long = join(dir, `${'h'.repeat(250)}.db`);
    const err = await refusal(openStore(long, { create: true }));
    expect(err.message).toMatch(new RegExp(`^cannot read the history's journal ${long}\\.incoming: ENAMETOOLONG`));
    // check reads no journal first: the lock it cannot make is its problem, naming the store and the lock.
    expect((await checkFile(long)).problems).toEqual([
      `cannot lock the history store ${long} (${long}.vis.lock): ENAMETOOLONG: name too long, open '${long}.vis.lock'`,
    ]);
  });

  it('words the errors of a folder it cannot write', () => {
    const err = (code: string) => Object.assign(new Error(`${code}: raw`), { code });
    expect(reason(err('EACCES'))).toBe('permission denied (the folder is read-only for you)');
    expect(reason(err('EPERM'))).toBe('permission denied (the folder is read-only for you)');
    expect(reason(err('EROFS'))).toBe('the file system is read-only');
    expect(reason(err('ENOSPC'))).toBe('the disk is full');
    expect(reason(err('EIO'))).toBe('EIO: raw');
  });

  it('removes a VFS lock folder left by a process that died, inside its own lock', async () => {
    const { file } = storePlace('store', { made: false });
    await (await open(file)).close();
    mkdirSync(`${file}.lock`);
    const s = await open(file);
    journal(file, [SAMPLE[0]!]);
    expect((await s.ingest()).stored).toBe(1);
    // SQLite keeps its own lock no longer than a call.
    await s.close();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('checks the whole file again once it is not as vis left it', async () => {
    const s = await storeWith([]);
    journal(
      s.file,
      Array.from({ length: 200 }, (_, i) => answer({ item: String(i) })),
    );
    await s.ingest();
    await s.close();
    expect(existsSync(`${s.file}.vis-checked`)).toBe(true);
    await (await openStore(s.file, { create: true })).close();
    // A damaged leaf page, written in place: the file's times change, so the next open checks it.
    const [leaf] = await sql(s.file, "SELECT pageno FROM dbstat WHERE name = 'answers' AND pagetype = 'leaf' ORDER BY pageno LIMIT 1 OFFSET 1");
    const at = Number(leaf!.pageno) - 1;
    const bytes = readFileSync(s.file);
    bytes.fill(0x55, at * 4096 + 2000, at * 4096 + 2300);
    writeFileSync(s.file, bytes);
    await expect(openStore(s.file, { create: true })).rejects.toThrow(/is damaged \(quick check: /);
    // The note of the file as vis left it is what spares the check: forged to match the
    // damaged file, the open skips it (and the damage stays unread until a page is read).
    const st = statSync(s.file, { bigint: true });
    writeFileSync(`${s.file}.vis-checked`, `${st.size}:${st.ctimeNs}:${st.mtimeNs}:${st.ino}`);
    await (await openStore(s.file, { create: true })).close();
    // A note that is not a regular file is no note: the check runs again.
    const st2 = statSync(s.file, { bigint: true });
    unlinkSync(`${s.file}.vis-checked`);
    writeFileSync(`${s.file}.elsewhere`, `${st2.size}:${st2.ctimeNs}:${st2.mtimeNs}:${st2.ino}`);
    symlinkSync(`${s.file}.elsewhere`, `${s.file}.vis-checked`);
    await expect(openStore(s.file, { create: true })).rejects.toThrow(/is damaged \(quick check: /);
  });

  it('keeps the note as it is when the file was only read, and writes a new one once the file changed', async () => {
    const s = await storeWith([answer({})]);
    await s.close();
    const note = () => statSync(`${s.file}.vis-checked`, { bigint: true }).ino;
    const first = note();
    const read = await openStore(s.file, { create: true });
    await read.answers({ api: SAMPLE[0]!.api });
    await read.close();
    expect(note()).toBe(first);
    const written = await openStore(s.file, { create: true });
    await written.record([answer({ item: 'another' })]);
    await written.close();
    expect(note()).not.toBe(first);
    // The new note is the file as it now is: the next open skips the check, and keeps it.
    const again = note();
    await (await openStore(s.file, { create: true })).close();
    expect(note()).toBe(again);
  });

  it('waits for another vis holding the store, then gives up (exit 7) naming it and its lock', async () => {
    const { file } = storePlace('store', { made: false });
    await (await open(file)).close();
    heldByAnother(file);
    const err = await openStore(file, { create: true, lock: { timeoutMs: 100 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect(exitCodeFor(err)).toBe(7);
    expect((err as Error).message).toMatch(
      new RegExp(`^the history store ${file} is in use by process ${process.pid} on .*: gave up after 100 ms waiting for its lock ${file}.vis.lock$`),
    );
    expect(storeBusy(file, 'L', undefined, 60_000)).toMatchObject({
      message: `the history store ${file} is in use by another process: gave up after 60 s waiting for its lock L`,
      hint: "vis never takes the store from a process that runs: let it finish, or stop it. If process (unknown) is not a vis, the lock is left over: remove it (rm 'L').",
    });
    unlinkSync(`${file}.vis.lock`);
    const s = await open(file);
    expect((await s.check()).problems).toEqual([]);
  });

  it('holds its lock only while a call runs: none while open between calls, none after close', async () => {
    const { file } = storePlace('store', { made: false });
    const s = await openStore(file, { create: true });
    expect(existsSync(`${file}.vis.lock`)).toBe(false);
    journal(file, [SAMPLE[0]!]);
    await s.ingest();
    expect(existsSync(`${file}.vis.lock`)).toBe(false);
    // SQLite's own lock (the VFS's folder) never outlives a call either.
    expect(existsSync(`${file}.lock`)).toBe(false);
    // Another vis may use the file between two calls of this one.
    const other = await openStore(file, { create: true });
    expect(await other.days({ api: SAMPLE[0]!.api })).toEqual([SAMPLE[0]!.day]);
    await other.close();
    await s.close();
    await s.close();
    expect(existsSync(`${file}.vis.lock`)).toBe(false);
  });

  it('closing a closed store needs nothing of the file: no wait for a lock another vis holds; two closes at once close it once', async () => {
    const { file } = storePlace('store', { made: false });
    const s = await openStore(file, { create: true, lock: { timeoutMs: 50 } });
    await Promise.all([s.close(), s.close()]);
    heldByAnother(file);
    await expect(s.close()).resolves.toBeUndefined();
    unlinkSync(`${file}.vis.lock`);
    expect((await checkFile(file)).problems).toEqual([]);
  });

  it("never takes the store from a vis that runs, however long it has held it: its lock and SQLite's stay as they are", async () => {
    const { file } = storePlace('store', { made: false });
    await (await open(file)).close();
    // A running vis (this process's pid) that took the lock an hour ago, its SQLite's VFS folder beside it.
    const lock = `${storeLockName(file)}.lock`;
    const text = `${JSON.stringify({ pid: process.pid, host: hostname(), at: Date.now() - 3_600_000, token: 'a-push-waiting-on-the-network' })}\n`;
    writeFileSync(lock, text, { mode: 0o600 });
    mkdirSync(`${file}.lock`);
    const err = await openStore(file, { create: true, lock: { timeoutMs: 200 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect(readFileSync(lock, 'utf8')).toBe(text);
    expect(statSync(`${file}.lock`).isDirectory()).toBe(true);
  });

  it('a call that cannot have the lock for the whole wait fails, and the store stays usable', async () => {
    const { file } = storePlace('store', { made: false });
    const s = await open(file, { lock: { timeoutMs: 50 } });
    heldByAnother(file);
    await expect(s.days({ api: 'demo' })).rejects.toBeInstanceOf(ServerError);
    unlinkSync(`${file}.vis.lock`);
    expect(await s.days({ api: 'demo' })).toEqual([]);
  });
});

describe('migrations', () => {
  const NEXT: Migration = {
    version: SCHEMA_VERSION + 1,
    up: (db) => db.exec("ALTER TABLE answers ADD COLUMN note TEXT; CREATE TABLE extra (x); UPDATE meta SET value = '0.3.0' WHERE key = 'needs_vis'"),
  };

  it('upgrades a store written by this vis to a newer schema, keeping every answer', async () => {
    const s = await storeWith(SAMPLE);
    const before = await s.answers({ api: SAMPLE[0]!.api });
    await s.close();
    const up = await open(s.file, { migrations: [...MIGRATIONS, NEXT] });
    expect(await up.answers({ api: SAMPLE[0]!.api })).toEqual(before);
    expect(await up.scopes(SAMPLE[0]!.api)).toHaveLength(4);
    await up.close();
    expect(await sql(s.file, 'PRAGMA user_version')).toEqual([{ user_version: SCHEMA_VERSION + 1 }]);
    expect(await sql(s.file, "SELECT name FROM pragma_table_info('answers') WHERE name = 'note'")).toEqual([{ name: 'note' }]);
    // That file is now newer than this vis.
    expect((await refusal(openStore(s.file, { create: true }))).message).toContain(
      `was written by vis 0.3.0 (schema ${SCHEMA_VERSION + 1}); this is vis ${VERSION}: install vis 0.3.0 or newer`,
    );
  });

  it('leaves the file as it was when a migration fails', async () => {
    const s = await storeWith(SAMPLE);
    await s.close();
    const before = readFileSync(s.file);
    const broken: Migration = { version: SCHEMA_VERSION + 1, up: (db) => db.exec('CREATE TABLE extra (x); INSERT INTO nowhere VALUES (1)') };
    const err = await refusal(openStore(s.file, { create: true, migrations: [...MIGRATIONS, broken] }));
    expect(err.message).toMatch(/^could not migrate the history store .* from schema 2 to 3: .*no such table: nowhere.*; the file is left as it was$/);
    expect(readFileSync(s.file)).toEqual(before);
    const again = await open(s.file);
    expect(await again.answers({ api: SAMPLE[0]!.api })).toHaveLength(8);
  });
});

describe('prune', () => {
  it('removes the answers of days before the given one, their facts, and the bodies no answer uses', async () => {
    const s = await storeWith([
      answer({ day: '2026-11-20', raw: '{"a":1}' }),
      answer({ day: '2026-11-21', raw: '{"b":1}' }),
      answer({ day: '2026-11-21', endpoint: 'prompts', raw: '{"a":1,"data":{"prompts":[{"id":"p","prompt":"Q?"}]}}' }),
      answer({ day: '2026-11-22', raw: '{"c":1}' }),
    ]);
    expect(await s.prune('2026-11-21')).toEqual({ answers: 1, bodies: 1 });
    expect(await s.prune('2026-11-22')).toEqual({ answers: 2, bodies: 2 });
    expect(await s.days({ api: SAMPLE[0]!.api })).toEqual(['2026-11-22']);
    expect(await s.check()).toMatchObject({ answers: 1, bodies: 1 });
    await expect(s.prune('2026-02-30')).rejects.toThrow('cannot prune the history before "2026-02-30": not a date (YYYY-MM-DD)');
    await s.close();
    expect(await sql(s.file, 'SELECT COUNT(*) AS n FROM texts')).toEqual([{ n: 0 }]);
    expect(await sql(s.file, 'SELECT COUNT(*) AS n FROM prompt_facts')).toEqual([{ n: 0 }]);
  });
});

describe('check', () => {
  it('counts answers, bodies and scopes, and the size per month', async () => {
    const s = await storeWith([
      answer({ day: '2026-10-31', raw: '{"a":1}' }),
      answer({ day: '2026-11-01', raw: '{"b":2}' }),
      answer({ day: '2026-11-02', raw: '{"b":2}' }),
    ]);
    const c = await s.check();
    expect(c).toMatchObject({ answers: 3, bodies: 2, problems: [], schemaVersion: SCHEMA_VERSION });
    expect(c.bytes).toBe(statSync(s.file).size);
    expect(c.months).toEqual([
      { month: '2026-10', answers: 1, bytes: 7 },
      { month: '2026-11', answers: 2, bytes: 7 },
    ]);
    expect(c.scopes.map((x) => x.days)).toEqual([3]);
    await s.close();
    expect(await checkFile(s.file)).toEqual({ ...c, bytes: statSync(s.file).size });
  });

  it('sorts the months, one whose answers were pruned while a later answer keeps its body included', async () => {
    const s = await storeWith([answer({ day: '2026-10-31', raw: '{"kept":1}' }), answer({ day: '2026-11-01', raw: '{"kept":1}' })]);
    await s.prune('2026-11-01');
    expect((await s.check()).months).toEqual([
      { month: '2026-10', answers: 0, bytes: 10 },
      { month: '2026-11', answers: 1, bytes: 0 },
    ]);
  });

  it('counts the entries waiting in the journal', async () => {
    const s = await storeWith([]);
    journal(s.file, [SAMPLE[0]!, SAMPLE[1]!]);
    expect((await s.check()).journal).toEqual({ waiting: 2, rejected: [] });
    await s.close();
    expect((await checkFile(s.file)).journal).toEqual({ waiting: 2, rejected: [] });
  });

  it('an empty file is a new store: nothing recorded, nothing wrong', async () => {
    const { file } = storePlace('store');
    writeFileSync(file, '', { mode: 0o600 });
    expect(await checkFile(file)).toEqual({
      file,
      bytes: 0,
      schemaVersion: 0,
      answers: 0,
      bodies: 0,
      scopes: [],
      months: [],
      journal: { waiting: 0, rejected: [] },
      problems: [],
    });
  });

  it('lists the scopes of every API, and says nothing of a journal it cannot read', async () => {
    const s = await storeWith([answer({ api: 'https://b.example' }), answer({ api: 'https://a.example' })]);
    expect((await s.check()).scopes.map((x) => x.api)).toEqual(['https://a.example', 'https://b.example']);
    await s.close();
    const { file } = storePlace('store');
    const c = await open(file);
    writeFileSync(journalDir(file), '');
    expect((await c.check()).journal).toEqual({ waiting: 0, rejected: [] });
  });

  it('describes a missing, unsafe or locked file and never throws', async () => {
    const { dir, file } = storePlace('store', { made: false });
    expect(await checkFile(file)).toEqual({
      file,
      bytes: 0,
      schemaVersion: 0,
      answers: 0,
      bodies: 0,
      scopes: [],
      months: [],
      journal: { waiting: 0, rejected: [] },
      problems: [`ENOENT: no such file or directory, lstat '${file}'`],
    });
    await (await open(file)).close();
    chmodSync(file, 0o622);
    expect((await checkFile(file)).problems).toEqual([`others can write to the history store ${file}`]);
    chmodSync(file, 0o600);
    heldByAnother(file);
    const locked = await checkFile(file, { lock: { timeoutMs: 50 } });
    expect(locked.problems[0]).toContain(`${file}.vis.lock`);
    void dir;
  });
});

describe('the BI tables and views', () => {
  it('hold one row per topic, per question and engine, per competitor, with the names, and NULL for what an answer lacks', async () => {
    const s = await storeWith(
      [
        answer({
          raw: JSON.stringify({
            data: { topics: [{ id: 't1', name: 'One', visibility: 40.5, change: -1, rank: 2, share_of_voice: 10 }, { id: 't2', visibility: 'high' }, 'odd'] },
          }),
        }),
        answer({
          endpoint: 'prompts',
          raw: JSON.stringify({
            data: {
              prompts: [
                { id: 'p1', prompt: 'Best CRM?', topic_id: 't1', engines: { chatgpt: { state: 'recommended', rate: 50, position: 1.5 }, claude: null } },
                { id: 'p2' },
              ],
            },
          }),
        }),
        answer({
          endpoint: 'competitors',
          raw: JSON.stringify({
            data: {
              competitors: [
                { name: 'Pipewell', domain: 'pipewell.example', is_brand: false, share_of_voice: 21.4, visibility: 47.3, mentions: 1228 },
                { name: 'Unmarked' },
              ],
            },
          }),
        }),
        answer({ endpoint: 'overview', raw: JSON.stringify({ data: { score: 61 } }) }),
      ],
      { brands: { '101': 'Northwind CRM' } },
    );
    await s.close();
    expect(await sql(s.file, 'SELECT brand, day, topic_id, name, visibility, change, rank, share_of_voice FROM topic_days ORDER BY topic_id')).toEqual([
      { brand: 'Northwind CRM', day: '2026-11-20', topic_id: 't1', name: 'One', visibility: 40.5, change: -1, rank: 2, share_of_voice: 10 },
      { brand: 'Northwind CRM', day: '2026-11-20', topic_id: 't2', name: null, visibility: null, change: null, rank: null, share_of_voice: null },
    ]);
    expect(await sql(s.file, 'SELECT prompt_id, prompt, engine, state, rate, position FROM prompt_days ORDER BY prompt_id, engine')).toEqual([
      { prompt_id: 'p1', prompt: 'Best CRM?', engine: 'chatgpt', state: 'recommended', rate: 50, position: 1.5 },
      { prompt_id: 'p1', prompt: 'Best CRM?', engine: 'claude', state: null, rate: null, position: null },
      { prompt_id: 'p2', prompt: null, engine: null, state: null, rate: null, position: null },
    ]);
    expect(await sql(s.file, 'SELECT name, is_brand, mentions FROM competitor_days ORDER BY name')).toEqual([
      { name: 'Pipewell', is_brand: 0, mentions: 1228 },
      { name: 'Unmarked', is_brand: null, mentions: null },
    ]);
    expect(await sql(s.file, "SELECT json_extract(body, '$.data.score') AS score FROM answer_bodies WHERE endpoint = 'overview'")).toEqual([{ score: 61 }]);
    // vis's own sqlar_uncompress, as the shell's: text as it is, a stream it cannot inflate NULL.
    expect(
      await sql(s.file, "SELECT sqlar_uncompress('text', 4) AS t, sqlar_uncompress(x'0102', 9) AS bad, CAST(sqlar_uncompress(x'7b7d', 2) AS TEXT) AS raw"),
    ).toEqual([{ t: 'text', bad: null, raw: '{}' }]);
  });
});

describe('vis history push, from this store', () => {
  it('reads each day under the lock, and holds none while the other store (the network) is written', async () => {
    const s = await storeWith(SAMPLE);
    const lock = `${storeLockName(s.file)}.lock`;
    const seen: boolean[] = [];
    const got: RecordedAnswer[] = [];
    const to = {
      record: async (answers: readonly RecordedAnswer[]) => {
        seen.push(existsSync(lock), existsSync(`${s.file}.lock`));
        // Another vis may use the local store meanwhile.
        const other = await openStore(s.file, { create: true, lock: { timeoutMs: 50 } });
        await other.close();
        got.push(...answers);
        return { stored: answers.length, superseded: 0 };
      },
    } as unknown as HistoryStore;
    const report = await pushAll(s, to);
    expect(report.stored).toBe(SAMPLE.length);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((held) => !held)).toBe(true);
    expect(got.length).toBe(SAMPLE.length);
  });
});
