/**
 * The SQLite history store against a file vis did not make, and against a disk that fills:
 * - a schema object vis's migrations did not make (a trigger, a view, a table, an index,
 *   or one of vis's names made otherwise) is refused before any statement of vis's runs,
 *   and `vis history check` lists every one;
 * - SQLite's own files beside the store (`-journal`, `-wal`, `-shm`) are never a link, a
 *   FIFO, a device or a hard link when SQLite opens them;
 * - a full disk during the journal's take-in is exit 2 naming the file, the journal intact,
 *   every answer taken in once there is room again; a store that cannot be made is exit 2 too.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statfsSync, symlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { journalDir, writeEntry } from '../../src/history/journal.js';
import { MIGRATIONS, schemaObjects, shippedObjects, visObjects, type Migration, type SchemaObject } from '../../src/history/schema.js';
import { loadSqlite, type SqlDatabase } from '../../src/history/sqlite.js';
import { checkFile, freeBytes, openStore, schemaProblems, writeWords } from '../../src/history/store.js';
import { SCHEMA_VERSION, type HistoryStore, type RecordedAnswer } from '../../src/history/types.js';
import { makeFifo, stopFifoWatchdogs } from '../fs/fifo.js';
import { storePlace } from '../support/history-place.js';
import { usageRejection as refusal } from '../support/refusal.js';
import { runInProcess } from '../support/run.js';
import { answer, SAMPLE } from './reader-contract.js';

const opened: HistoryStore[] = [];
afterEach(async () => {
  stopFifoWatchdogs();
  for (const s of opened.splice(0)) await s.close();
});

function journal(file: string, answers: readonly RecordedAnswer[]): string[] {
  mkdirSync(journalDir(file), { recursive: true, mode: 0o700 });
  return answers.map((a) => writeEntry(journalDir(file), a));
}

async function open(file: string, migrations?: readonly Migration[]): Promise<HistoryStore> {
  const s = await openStore(file, { create: true, ...(migrations ? { migrations } : {}) });
  opened.push(s);
  return s;
}

/** The store's own connection, for what only it can show (its pragmas, a page limit standing for a full disk). */
function connection(s: HistoryStore): SqlDatabase {
  return Reflect.get(s, 'db') as SqlDatabase;
}

/** A store of vis's holding `answers`, closed, then changed by `sql` as another program would. */
async function storeChanged(sql: string, answers: readonly RecordedAnswer[] = [SAMPLE[0]!]): Promise<string> {
  const { file } = storePlace('hostile');
  journal(file, answers);
  const s = await openStore(file, { create: true });
  await s.ingest();
  await s.close();
  const { Database } = await loadSqlite();
  const db = new Database(file);
  db.exec(sql);
  db.close();
  return file;
}

async function objectsOf(file: string): Promise<Array<{ type: string; name: string }>> {
  const { Database } = await loadSqlite();
  const db = new Database(file, { readOnly: true });
  try {
    return schemaObjects(db).map(({ type, name }) => ({ type, name }));
  } finally {
    db.close();
  }
}

const memory = async () => {
  const { Database } = await loadSqlite();
  return () => new Database(':memory:');
};

describe("vis's own objects", () => {
  it('are what a new store holds: the migrations run in memory say so, for each version', async () => {
    const { file } = storePlace('hostile');
    await (await openStore(file, { create: true })).close();
    const vis = visObjects(await memory(), MIGRATIONS, SCHEMA_VERSION);
    expect(await objectsOf(file)).toEqual(vis.map(({ type, name }) => ({ type, name })));
    expect(vis.filter((o) => o.sql !== null).map((o) => `${o.type} ${o.name}`)).toEqual([
      'table bodies',
      'table answers',
      'index answers_by_day',
      'index answers_by_body',
      'table brand_names',
      'table market_labels',
      'table topic_facts',
      'index topic_facts_by_answer',
      'table texts',
      'table prompt_facts',
      'index prompt_facts_by_answer',
      'table competitor_facts',
      'index competitor_facts_by_answer',
      'view topic_days',
      'view prompt_days',
      'view competitor_days',
      'view answer_bodies',
      'table meta',
    ]);
    expect(visObjects(await memory(), MIGRATIONS, 0)).toEqual([]);
    // Computed once per version, in a database that is closed once read.
    expect(visObjects(await memory(), MIGRATIONS, SCHEMA_VERSION)).toBe(vis);
    const made: SqlDatabase[] = [];
    const { Database } = await loadSqlite();
    visObjects(() => made[made.push(new Database(':memory:')) - 1]!, [...MIGRATIONS], SCHEMA_VERSION);
    expect(made.map((db) => db.isOpen)).toEqual([false]);
  });

  it("read off the shipped migrations' SQL, are what they make in memory (each open compares the file with these)", async () => {
    const made = visObjects(await memory(), MIGRATIONS, SCHEMA_VERSION).filter((o) => o.sql !== null);
    const byName = (a: SchemaObject, b: SchemaObject) => (a.name < b.name ? -1 : 1);
    expect([...shippedObjects()].sort(byName)).toEqual([...made].sort(byName));
  });

  it("a migration's new objects are vis's from its version on, and not before", async () => {
    const next: Migration = { version: SCHEMA_VERSION + 1, up: (db) => db.exec('CREATE TABLE extra (x); CREATE INDEX extra_by_x ON extra (x)') };
    const file = await storeChanged('SELECT 1');
    await (await open(file, [...MIGRATIONS, next])).close();
    opened.splice(0);
    expect((await objectsOf(file)).slice(-2)).toEqual([
      { type: 'table', name: 'extra' },
      { type: 'index', name: 'extra_by_x' },
    ]);
    await (await open(file, [...MIGRATIONS, next])).close();
    // A store still at this vis's version holding them did not get them from vis.
    const early = await storeChanged('CREATE TABLE extra (x)');
    expect((await refusal(open(early, [...MIGRATIONS, next]))).message).toContain(`(table "extra" is not vis's)`);
  });

  it('the connection runs with trusted_schema and recursive_triggers off', async () => {
    const { file } = storePlace('hostile');
    const db = connection(await open(file));
    expect(db.get('PRAGMA trusted_schema')).toEqual({ trusted_schema: 0 });
    expect(db.get('PRAGMA recursive_triggers')).toEqual({ recursive_triggers: 0 });
  });
});

describe('a store holding what vis did not make', () => {
  it('is refused before a trigger of it runs: nothing taken in, the file and the journal as they were', async () => {
    const file = await storeChanged(
      "CREATE TRIGGER spy AFTER INSERT ON answers BEGIN UPDATE texts SET text = 'ran'; INSERT INTO texts (text) VALUES ('ran'); END",
    );
    const entries = journal(file, [SAMPLE[1]!, SAMPLE[2]!]);
    const before = readFileSync(file);
    const err = await refusal(openStore(file, { create: true }));
    expect(err.message).toBe(
      `the history store ${file} holds what vis did not make (trigger "spy" on "answers" is not vis's); vis runs nothing of it and leaves it as it is`,
    );
    expect(err.hint).toBe(
      `\`vis history check\` lists them all. Drop them if you made them (in the sqlite3 shell), or move the file aside (mv '${file}' '${file}.foreign') to start a new history.`,
    );
    expect(readFileSync(file)).toEqual(before);
    expect(entries.every((e) => existsSync(e))).toBe(true);
  });

  it('names five, and how many more', async () => {
    const names = ['zeta', 'alpha', 'omega', 'beta', 'gamma', 'delta', 'eta'];
    const file = await storeChanged(names.map((t) => `CREATE TABLE ${t} (x);`).join(''));
    expect((await refusal(openStore(file, { create: true }))).message).toContain(
      `(table "zeta" is not vis's; table "alpha" is not vis's; table "omega" is not vis's; table "beta" is not vis's; table "gamma" is not vis's; and 2 more)`,
    );
    const five = await storeChanged(
      names
        .slice(0, 5)
        .map((t) => `CREATE TABLE ${t} (x);`)
        .join(''),
    );
    expect((await refusal(openStore(five, { create: true }))).message).toContain(`table "gamma" is not vis's); vis runs nothing`);
  });

  it('vis history check lists every one, runs none, and exits 2', async () => {
    const file = await storeChanged(`
      CREATE TRIGGER spin AFTER INSERT ON answers BEGIN
        INSERT INTO texts (text) SELECT x FROM (WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n);
      END;
      CREATE VIEW forever AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n;
      CREATE TABLE notes (x UNIQUE);
      CREATE INDEX answers_by_item ON answers (item);
      DROP INDEX answers_by_day; CREATE INDEX answers_by_day ON answers (query);
      DROP VIEW topic_days; CREATE TABLE topic_days (x);
    `);
    const r = await runInProcess(['history', 'check'], { env: { VIS_HISTORY: file } });
    expect(r.code).toBe(2);
    const problems = [
      `trigger "spin" on "answers" is not vis's`,
      `view "forever" is not vis's`,
      `table "notes" is not vis's`,
      `index "answers_by_item" on "answers" is not vis's`,
      `index "answers_by_day" on "answers" is not as vis made it`,
      `table "topic_days" is not vis's: vis's "topic_days" is a view`,
    ];
    expect(r.stdout).toContain(`Problems\n${problems.map((p) => `  - ${p}\n`).join('')}`);
    // Nothing of such a file is read, so no count and no "nothing recorded" claims otherwise.
    expect(r.stdout).toMatch(/^Answers +not read \(see the problems below\)$/m);
    expect(r.stdout).not.toContain('Nothing recorded yet.');
    expect(r.stderr).toContain(`cannot be used: ${problems.join('; ')}`);
    // And the store refuses it, naming them.
    expect((await refusal(openStore(file, { create: true }))).message).toContain(`(${problems.slice(0, 5).join('; ')}; and 1 more)`);
  });

  it("a table of vis's name made otherwise is not vis's, and one of vis's objects missing is damage", async () => {
    const other = await storeChanged('DROP VIEW competitor_days; DROP TABLE competitor_facts; CREATE TABLE competitor_facts (answer_id INTEGER, note TEXT)');
    expect((await checkFile(other)).problems).toEqual([`table "competitor_facts" is not as vis made it`]);
    const missing = await storeChanged('DROP VIEW answer_bodies; DROP INDEX answers_by_body');
    expect((await refusal(openStore(missing, { create: true }))).message).toContain(
      "is damaged (vis's index answers_by_body, view answer_bodies are missing); vis leaves it as it is",
    );
    expect((await checkFile(missing)).problems).toEqual(["vis's index answers_by_body, view answer_bodies are missing"]);
    const one = await storeChanged('DROP VIEW answer_bodies');
    expect((await checkFile(one)).problems).toEqual(["vis's view answer_bodies is missing"]);
  });

  it('check marks its zeros as not read when the file was refused or unreadable before the counts, and counts a sound one', async () => {
    const sound = await checkFile(await storeChanged('SELECT 1'));
    expect(sound).toMatchObject({ answers: 1, problems: [] });
    expect(sound.unread).toBeUndefined();
    for (const sql of ['CREATE TABLE notes (x)', 'DROP VIEW answer_bodies', `PRAGMA user_version = ${SCHEMA_VERSION + 1}`]) {
      const c = await checkFile(await storeChanged(sql));
      expect(c, sql).toMatchObject({ answers: 0, unread: true });
      expect(c.problems, sql).toHaveLength(1);
    }
    const { file } = storePlace('hostile');
    writeFileSync(file, randomBytes(20_000), { mode: 0o600 });
    expect(await checkFile(file)).toMatchObject({ answers: 0, unread: true, problems: ['SQLite cannot read it: file is not a database'] });
  });

  it("SQLite's own tables are no problem, and a UNIQUE's index goes with its table", async () => {
    const analysed = await storeChanged('ANALYZE', SAMPLE);
    expect((await objectsOf(analysed)).map((o) => o.name)).toContain('sqlite_stat1');
    const s = await open(analysed);
    expect(await s.answers({ api: SAMPLE[0]!.api })).toHaveLength(8);
    const counted = await storeChanged('CREATE TABLE counter (id INTEGER PRIMARY KEY AUTOINCREMENT, k UNIQUE); INSERT INTO counter (k) VALUES (1)');
    expect((await checkFile(counted)).problems).toEqual([`table "counter" is not vis's`]);
  });

  it("compares with SQLite's own definition of its tables, and with vis's table of an index", () => {
    const stat = { type: 'table', name: 'sqlite_stat1', tbl_name: 'sqlite_stat1', sql: 'CREATE TABLE sqlite_stat1(tbl,idx,stat)' };
    expect(schemaProblems([stat], [])).toEqual({ foreign: [], missing: undefined });
    expect(schemaProblems([{ ...stat, sql: 'CREATE TABLE sqlite_stat1(tbl,idx,stat,x)' }], []).foreign).toEqual([`table "sqlite_stat1" is not vis's`]);
    // ANALYZE of a SQLite built with STAT4 (as some sqlite3 shells are), and AUTOINCREMENT's counter.
    const stat4 = { type: 'table', name: 'sqlite_stat4', tbl_name: 'sqlite_stat4', sql: 'CREATE TABLE sqlite_stat4(tbl,idx,neq,nlt,ndlt,sample)' };
    const sequence = { type: 'table', name: 'sqlite_sequence', tbl_name: 'sqlite_sequence', sql: 'CREATE TABLE sqlite_sequence(name,seq)' };
    expect(schemaProblems([stat4, sequence], [])).toEqual({ foreign: [], missing: undefined });
    const index = { type: 'index', name: 'i', tbl_name: 'a', sql: 'CREATE INDEX i ON a (x)' };
    expect(schemaProblems([{ ...index, tbl_name: 'b' }], [index]).foreign).toEqual([`index "i" on "b" is not as vis made it`]);
    expect(schemaProblems([index], [index])).toEqual({ foreign: [], missing: undefined });
  });
});

describe("SQLite's files beside the store", () => {
  async function refusedBeside(plant: (name: string, dir: string) => void, suffix: string, problem: string): Promise<void> {
    const { dir, file } = storePlace('hostile');
    await (await openStore(file, { create: true })).close();
    const entries = journal(file, [SAMPLE[0]!]);
    const name = `${file}${suffix}`;
    plant(name, dir);
    const before = readFileSync(file);
    const err = await refusal(openStore(file, { create: true }));
    expect(err.message).toBe(`${problem.replace('NAME', name)}: vis does not let SQLite open it`);
    expect(err.hint).toBe('vis leaves it as it is: move it aside, or set VIS_HISTORY to another file.');
    expect(readFileSync(file)).toEqual(before);
    expect(entries.every((e) => existsSync(e))).toBe(true);
    expect((await checkFile(file)).problems).toEqual([`${problem.replace('NAME', name)}: vis does not let SQLite open it`]);
  }

  it('a link at the rollback journal is refused, and its target never written', async () => {
    const target = join(mkdtempSync(join(tmpdir(), 'vis-target-')), 'precious');
    writeFileSync(target, 'precious bytes');
    await refusedBeside((name) => symlinkSync(target, name), '-journal', "the history store's rollback journal NAME is a symbolic link");
    expect(readFileSync(target, 'utf8')).toBe('precious bytes');
  });

  it('a hard link at the rollback journal is refused, and the file it shares never written', async () => {
    const target = join(mkdtempSync(join(tmpdir(), 'vis-target-')), 'precious');
    writeFileSync(target, 'precious bytes', { mode: 0o600 });
    await refusedBeside((name) => linkSync(target, name), '-journal', "the history store's rollback journal NAME has another name (a hard link)");
    expect(readFileSync(target, 'utf8')).toBe('precious bytes');
  });

  it('a FIFO, a device, a folder, or a file others can write to is refused; a write-ahead log and its index too', async () => {
    await refusedBeside((name) => makeFifo(name), '-journal', "the history store's rollback journal NAME is not a regular file");
    await refusedBeside((name) => mkdirSync(name), '-wal', "the history store's write-ahead log NAME is not a regular file");
    await refusedBeside(
      (name) => {
        writeFileSync(name, '');
        chmodSync(name, 0o606);
      },
      '-shm',
      "others can write to the history store's shared-memory file NAME",
    );
    await refusedBeside(
      (name) => {
        writeFileSync(name, '');
        chmodSync(name, 0o620);
      },
      '-journal',
      "others can write to the history store's rollback journal NAME",
    );
  });

  it("a device node, or another user's journal, is refused", async (t) => {
    if (process.getuid?.() !== 0) {
      t.skip();
      return;
    }
    // The null device's numbers, made inside the temporary folder.
    await refusedBeside(
      (name) => execFileSync('mknod', ['-m', '600', name, 'c', '1', '3']),
      '-journal',
      "the history store's rollback journal NAME is not a regular file",
    );
    await refusedBeside(
      (name) => {
        writeFileSync(name, '', { mode: 0o600 });
        chownSync(name, 65534, 65534);
      },
      '-journal',
      "the history store's rollback journal NAME belongs to another user",
    );
  });

  it('check names every one', async () => {
    const { file } = storePlace('hostile');
    await (await openStore(file, { create: true })).close();
    for (const s of ['-journal', '-wal', '-shm']) symlinkSync(join(tmpdir(), 'nowhere'), `${file}${s}`);
    expect((await checkFile(file)).problems).toEqual([
      `the history store's rollback journal ${file}-journal is a symbolic link: vis does not let SQLite open it`,
      `the history store's write-ahead log ${file}-wal is a symbolic link: vis does not let SQLite open it`,
      `the history store's shared-memory file ${file}-shm is a symbolic link: vis does not let SQLite open it`,
    ]);
  });

  it('a journal SQLite could have left (a regular file of this user, one name) is used', async () => {
    const { file } = storePlace('hostile');
    await (await openStore(file, { create: true })).close();
    writeFileSync(`${file}-journal`, '', { mode: 0o600 });
    journal(file, [SAMPLE[0]!]);
    expect(await (await open(file)).ingest()).toMatchObject({ stored: 1 });
  });
});

describe('a full disk', () => {
  const big = (i: number) => answer({ item: String(i), raw: JSON.stringify({ data: randomBytes(6000).toString('base64') }) });

  it('while the journal is taken in: exit 2 naming the file, the journal intact, and every answer taken in once there is room', async () => {
    const { file } = storePlace('hostile');
    const s = await open(file);
    // A page limit stands for the disk: SQLite answers SQLITE_FULL the same way.
    const pages = Number(connection(s).get('PRAGMA page_count')!.page_count);
    connection(s).exec(`PRAGMA max_page_count = ${pages + 2}`);
    const answers = Array.from({ length: 6 }, (_, i) => big(i));
    const entries = journal(file, answers);
    const err = await refusal(s.ingest());
    expect(err.message).toBe(`cannot write the history store ${file}: the disk is full; it is left as it was`);
    expect(err.hint).toBe('Nothing is lost: the answers wait in its journal until a history command takes them in, once the file can be written.');
    expect(entries.every((e) => existsSync(e))).toBe(true);
    await s.close();
    const again = await open(file);
    expect(await again.ingest()).toEqual({ stored: 6, superseded: 0, rejected: [] });
    expect(await again.answers({ api: answers[0]!.api })).toHaveLength(6);
    expect(readdirSync(journalDir(file))).toEqual([]);
  });

  it('in a migration: said as a full disk, not as a migration that failed', async () => {
    const { file } = storePlace('hostile');
    await (await openStore(file, { create: true })).close();
    const filling: Migration = {
      version: SCHEMA_VERSION + 1,
      up: (db) => db.exec('PRAGMA max_page_count = 1; CREATE TABLE extra (x); INSERT INTO extra VALUES (zeroblob(100000))'),
    };
    const err = await refusal(openStore(file, { create: true, migrations: [...MIGRATIONS, filling] }));
    expect(err.message).toBe(`cannot write the history store ${file}: the disk is full; it is left as it was`);
  });

  it('a rollback journal that cannot be made is exit 2 naming the store', async () => {
    const { file } = storePlace('hostile');
    const s = await open(file);
    mkdirSync(`${file}-journal`);
    journal(file, [SAMPLE[0]!]);
    expect((await refusal(s.ingest())).message).toBe(`cannot write the history store ${file}: unable to open database file; it is left as it was`);
  });

  it('in words: SQLite says so, or a write failed with little room left', () => {
    expect(writeWords('database or disk is full', () => 1 << 30)).toBe('the disk is full');
    expect(writeWords('disk I/O error', () => (1 << 20) - 1)).toBe('the disk is full');
    expect(writeWords('disk I/O error', () => 1 << 20)).toBe('disk I/O error');
    expect(writeWords('attempt to write a readonly database', () => 0)).toBe('attempt to write a readonly database');
  });

  it('a read-only store is exit 2 naming it, not a bug', async () => {
    const { file } = storePlace('hostile');
    const s = await open(file);
    connection(s).exec('PRAGMA query_only = ON');
    journal(file, [SAMPLE[0]!]);
    const err = await refusal(s.ingest());
    expect(err.message).toBe(`cannot write the history store ${file}: attempt to write a readonly database; it is left as it was`);
  });

  it('a SQL error that is not a write failure stays what it is', async () => {
    const { file } = storePlace('hostile');
    const s = await open(file);
    connection(s).exec("CREATE TEMP TRIGGER no_answers BEFORE INSERT ON main.answers BEGIN SELECT RAISE(ABORT, 'refused by a test'); END");
    journal(file, [SAMPLE[0]!]);
    const err = await s.ingest().then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err).not.toBeInstanceOf(UsageError);
    expect(err?.message).toBe('refused by a test');
    // Rolled back: the next transaction starts.
    connection(s).exec('DROP TRIGGER temp.no_answers');
    expect(await s.ingest()).toMatchObject({ stored: 1 });
  });

  it('a store that cannot be made for want of room (a tmpfs with no inode left): exit 2 naming it, nothing made', async (t) => {
    const mount = mkdtempSync(join(tmpdir(), 'vis-tmpfs-'));
    try {
      // Two inodes: the file system's root and the store's folder.
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=512k,mode=0700,nr_inodes=2', 'tmpfs', mount], { stdio: 'ignore' });
    } catch {
      t.skip();
      return;
    }
    try {
      const dir = join(mount, 'history');
      mkdirSync(dir, { mode: 0o700 });
      const file = join(dir, 'history.db');
      expect((await refusal(openStore(file, { create: true }))).message).toBe(`cannot create the history store ${file}: the disk is full`);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      execFileSync('umount', [mount]);
    }
  });

  it('of a real file system (a small tmpfs): the history command exits 2 saying so, and takes everything in once there is room', async (t) => {
    const mount = mkdtempSync(join(tmpdir(), 'vis-tmpfs-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=512k,mode=0700', 'tmpfs', mount], { stdio: 'ignore' });
    } catch {
      t.skip();
      return;
    }
    try {
      const file = join(mount, 'history', 'history.db');
      mkdirSync(join(mount, 'history'), { mode: 0o700 });
      await (await openStore(file, { create: true })).close();
      const answers = Array.from({ length: 40 }, (_, i) => big(i));
      const entries = journal(file, answers);
      const r = await runInProcess(['history', 'topics'], { env: { VIS_HISTORY: file } });
      expect(r.stderr).toContain(`cannot write the history store ${file}: the disk is full; it is left as it was`);
      expect(r.code).toBe(2);
      expect(entries.every((e) => existsSync(e))).toBe(true);
      // Little room left: what made SQLite's I/O error a full disk (nothing else writes to this file system).
      const fs = statfsSync(mount);
      expect(freeBytes(mount)).toBe(fs.bavail * fs.bsize);
      execFileSync('mount', ['-o', 'remount,size=8m', mount]);
      const s = await open(file);
      expect(await s.ingest()).toEqual({ stored: 40, superseded: 0, rejected: [] });
      expect(await s.answers({ api: answers[0]!.api })).toHaveLength(40);
      expect(readdirSync(journalDir(file))).toEqual([]);
      await s.close();
    } finally {
      for (const s of opened.splice(0)) await s.close();
      execFileSync('umount', [mount]);
    }
  });
});
