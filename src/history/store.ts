/**
 * The SQLite history store (node-sqlite3-wasm, loaded only by the commands that open it):
 * the journal taken in, answers read back by the history commands, old days pruned, the
 * file checked. The tables and views are in src/history/schema.ts and docs/history-sql.md.
 *
 * The file is trusted no more than any file vis reads back:
 * - its folder must be this user's and nobody else's to write (as the cache's), the file
 *   a regular file nobody else can write, created 0600;
 * - a file that is not a SQLite database or fails SQLite's quick check is refused as damaged
 *   and never written (no "repair": moving it aside is the user's call, and `vis history
 *   check` says what is wrong);
 * - the file can hold code that SQLite runs: a trigger runs on vis's inserts, a view or an
 *   index runs its SQL when read or written. So the first statement on an opened file reads
 *   `sqlite_master`, and a table, index, view or trigger vis's migrations did not make for
 *   the file's schema version (same type, name and SQL text; SQLite's own `sqlite_*` tables
 *   aside) is refused before anything else runs; the connection then runs with
 *   trusted_schema and recursive_triggers off, in case;
 * - SQLite opens its rollback journal (`<file>-journal`, and `-wal`/`-shm` for a file in WAL
 *   mode) by name, following a link: one found before opening must be a regular file of
 *   this user's that has no other name and nobody else can write to, or the store is
 *   refused;
 * - a write that fails (a full disk) is exit 2 naming the file: the transaction is rolled
 *   back and the journal's entries stay until a later one commits;
 * - a file written by a newer vis (a higher `user_version`) is refused, never written, naming
 *   the vis it needs when its `meta` table says so (src/history/needs-vis.ts); an older one
 *   is migrated in one transaction (src/history/schema.ts).
 *
 * Locking. The WebAssembly SQLite has no file locking of its own that waits: its VFS makes
 * a `<file>.lock` folder (mkdir) for as long as SQLite holds any lock of the file, answers
 * SQLITE_BUSY while one exists, and a process that dies leaves it behind. So every use of
 * the file happens inside vis's own lock, `<file>.vis.lock` (src/fs/lock.ts), and SQLite
 * keeps its lock no longer than one use (locking_mode NORMAL: the folder is gone at the
 * end of each statement or transaction). A `<file>.lock` folder found inside vis's lock is
 * therefore one a process that died left, and is removed; vis's lock itself is never taken
 * from a holder that runs. Each call of the store (a read, a batch of the take-in, a
 * prune, close) is one hold of vis's lock, so no hold lasts longer than one of them, and
 * none spans a wait on the network or on the user: other vis processes take their turns
 * between them. The journal is taken in batches of at most `batch` entries (and at most
 * BATCH_MS of work): each batch one transaction, one hold, and an entry leaves the journal
 * only after the transaction that stored it committed; between batches the event loop
 * turns, so Ctrl-C or SIGTERM (src/main.ts) ends vis there, losing nothing. A caller waits
 * for vis's lock as long as other holders come and go, and gives up (exit 7, naming the
 * holder's pid) only when one holder keeps it for STORE_WAIT_MS.
 *
 * The quick check reads every page of the file, which grows with the history. It runs when
 * the file is not as vis last left it: on close, vis notes the file's size, change time and
 * inode in `<file>.vis-checked` (0600, in the same private folder; kept as it is when the
 * file is still as it says), and an open that finds the same skips the check. A file changed by anything else (another program, a copy, a
 * disk fault that shows in its size or times) is checked again before it is read or
 * written; a damaged page that changes neither is still refused by SQLite when read.
 */
import { createHash } from 'node:crypto';
import { closeSync, constants, lstatSync, openSync, rmdirSync, statfsSync, statSync, type Stats } from 'node:fs';
import { dirname, join } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import { ServerError, UsageError, VisError } from '../errors.js';
import { holderText, waitText, withLock, type LockInfo, type LockOptions } from '../fs/lock.js';
import { readRegularFile } from '../fs/safe-file.js';
import { writeFileAtomically } from '../fs/atomic-write.js';
import { usablePrivateDir } from '../fs/private-dir.js';
import { factsOf } from './facts.js';
import { isDay, journalDir, pendingNames, readEntry, rejectedNames, rejectEntry, removeEntry, type JournalEntry, type JournalProblem } from './journal.js';
import { META_TABLE, MIGRATIONS, NEEDS_VIS_KEY, schemaObjects, shippedObjects, visObjects, type Migration, type SchemaObject } from './schema.js';
import { newerWords } from './needs-vis.js';
import { answersFromRows, compareText, scopesFromRows } from './scope-rows.js';
import { loadSqlite, type SqlDatabase, type SqliteModule, type SqlRow, type SqlValue } from './sqlite.js';
import {
  emptyCheck,
  type AnswerFilter,
  type AnswerToRecord,
  type HistoryStore,
  type IngestReport,
  type MonthSize,
  type PruneReport,
  type RecordedAnswer,
  type RecordedScope,
  type RecordReport,
  type SeenNames,
  type StoreCheck,
} from './types.js';

export interface OpenStoreOptions {
  create: boolean;
  lock?: LockOptions;
  /** The ordered migrations; the last one's version is the schema written. Tests pass their own. */
  migrations?: readonly Migration[];
  /** Journal entries taken in per transaction (and per hold of the lock) at most. */
  batch?: number;
}

/** Small enough that a batch takes a fraction of a second even on a busy machine. */
const DEFAULT_BATCH = 500;
/** A batch commits once it has worked this long (by the lock's clock), however few entries it holds: large answers. */
export const BATCH_MS = 250;
/** How long a caller waits while one other vis keeps the store, before it gives up (exit 7). */
export const STORE_WAIT_MS = 60_000;

/** The name vis's lock is taken on: `<file>.vis.lock`, apart from the VFS's own `<file>.lock`. */
export function storeLockName(file: string): string {
  return `${file}.vis`;
}

/** Opens (creating it when `create`) the store file, migrating an older schema. Throws UsageError (exit 2) when it cannot be used. */
export async function openStore(file: string, o: OpenStoreOptions): Promise<HistoryStore> {
  const migrations = o.migrations ?? MIGRATIONS;
  const sqlite = await loadSqlite();
  checkPlace(file, o.create);
  const { db, leftAs } = await locked(file, o.lock, () => openDatabase(sqlite, file, migrations));
  return new SqliteStore(file, db, o.lock, o.batch ?? DEFAULT_BATCH, leftAs);
}

/** What `vis history check` shows; never throws: a damaged, newer, unsafe or locked file is described in `problems`. */
export async function checkFile(file: string, o: { lock?: LockOptions } = {}): Promise<StoreCheck> {
  const out = emptyCheck(file, journalState(file));
  try {
    const st = lstatSync(file);
    out.bytes = st.size;
    const unsafe = fileProblem(file, st);
    if (unsafe) {
      out.problems.push(unsafe);
      return out;
    }
    const sqlite = await loadSqlite();
    await locked(file, o.lock, () => {
      removeStaleVfsLock(file);
      // SQLite would read a hot journal through a link, or wait for ever on a FIFO.
      const sidecars = sidecarProblems(file);
      if (sidecars.length > 0) {
        out.problems.push(...sidecars);
        return;
      }
      const db = new sqlite.Database(file, { readOnly: true });
      try {
        inspect(sqlite, db, out);
      } finally {
        db.close();
      }
    });
  } catch (err) {
    out.problems.push(err instanceof Error ? err.message : String(err));
  }
  return out;
}

class SqliteStore implements HistoryStore {
  constructor(
    readonly file: string,
    private readonly db: SqlDatabase,
    private readonly lock: LockOptions | undefined,
    private readonly batch: number,
    /** The file's stamp as the note had it when opened (undefined: it was checked instead). */
    private readonly leftAs?: string,
  ) {}

  /** One use of the file: inside vis's lock, where a VFS lock folder still there was left by a process that died. */
  private use<T>(fn: () => T): Promise<T> {
    return locked(this.file, this.lock, () => {
      removeStaleVfsLock(this.file);
      return fn();
    });
  }

  async ingest(): Promise<IngestReport> {
    const report: IngestReport = { stored: 0, superseded: 0, rejected: [] };
    const clock = this.lock?.clock ?? Date;
    while ((await this.use(() => ingestBatch(this.db, journalDir(this.file), this.batch, report, clock))) > 0) {
      // The event loop turns between batches: a signal ends vis here, and other callers of this process take their turn.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return report;
  }

  async record(answers: readonly AnswerToRecord[]): Promise<RecordReport> {
    const report: RecordReport = { stored: 0, superseded: 0 };
    const outcomes = await this.use(() => transaction(this.db, () => answers.map(({ names, ...answer }) => storeAnswer(this.db, answer, names ?? {}))));
    for (const o of outcomes) report[o]++;
    return report;
  }

  async days(filter: AnswerFilter): Promise<string[]> {
    const w = whereOf(filter);
    const rows = await this.use(() => this.db.all(`SELECT DISTINCT a.day AS day FROM answers a WHERE ${w.sql} ORDER BY a.day`, w.params));
    return rows.map((r) => String(r.day));
  }

  async answers(filter: AnswerFilter): Promise<RecordedAnswer[]> {
    const w = whereOf(filter);
    const rows = (await this.use(() =>
      this.db.all(
        `SELECT a.api, a.brand_id, a.market, a.endpoint, a.item, a.query, a.day, a.fetched_at, b.size, b.body
       FROM answers a JOIN bodies b ON b.id = a.body_id WHERE ${w.sql}`,
        w.params,
      ),
    )) as SqlRow[];
    return answersFromRows(rows, (r) => unpack(r.body as Uint8Array, Number(r.size)).toString('utf8'));
  }

  async scopes(api: string): Promise<RecordedScope[]> {
    return this.use(() => scopesOf(this.db, api));
  }

  async prune(day: string): Promise<PruneReport> {
    if (!isDay(day)) throw new UsageError(`cannot prune the history before ${JSON.stringify(day)}: not a date (YYYY-MM-DD)`);
    return this.use(() =>
      transaction(this.db, () => {
        for (const table of FACT_TABLES) this.db.run(`DELETE FROM ${table} WHERE answer_id IN (SELECT id FROM answers WHERE day < ?)`, [day]);
        const answers = this.db.run('DELETE FROM answers WHERE day < ?', [day]).changes;
        const bodies = this.db.run('DELETE FROM bodies WHERE NOT EXISTS (SELECT 1 FROM answers WHERE body_id = bodies.id)').changes;
        this.db.run('DELETE FROM texts WHERE id NOT IN (SELECT prompt_text_id FROM prompt_facts WHERE prompt_text_id IS NOT NULL)');
        return { answers, bodies };
      }),
    );
  }

  async check(): Promise<StoreCheck> {
    const sqlite = await loadSqlite();
    return this.use(() => {
      const out = emptyCheck(this.file, journalState(this.file));
      out.bytes = statSync(this.file).size;
      inspect(sqlite, this.db, out);
      return out;
    });
  }

  async close(): Promise<void> {
    if (!this.db.isOpen) return;
    // Inside the lock: the file noted is one no other vis is writing.
    await this.use(() => {
      if (!this.db.isOpen) return;
      this.db.close();
      // A file only read is as the note already says: no new note (a write and an fsync per read).
      if (this.leftAs === undefined || stampOf(this.file) !== this.leftAs) noteChecked(this.file);
    });
  }
}

const FACT_TABLES = ['topic_facts', 'prompt_facts', 'competitor_facts'] as const;

/** The folder and the file, checked (and made, when `create`) before anything is opened. */
function checkPlace(file: string, create: boolean): void {
  const dir = dirname(file);
  let st = statOrUndefined(file);
  if (!st && !create)
    throw new UsageError(`no history store at ${file}`, { hint: 'Any data command records into it; a daily `vis export` records everything.' });
  let privateDir: boolean;
  try {
    privateDir = usablePrivateDir(dir);
  } catch (err) {
    throw new UsageError(`cannot make the history store's folder ${dir}: ${reason(err)}`);
  }
  if (!privateDir) {
    throw new UsageError(`the history store's folder ${dir} is not private: it must be yours, and nobody else may write to it`, {
      hint: `chmod 700 '${dir}', or set VIS_HISTORY to a file in a private folder.`,
    });
  }
  if (!st) {
    try {
      closeSync(openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw new UsageError(`cannot create the history store ${file}: ${reason(err)}`);
    }
    st = lstatSync(file);
  }
  const problem = fileProblem(file, st);
  if (problem) throw new UsageError(problem, { hint: 'vis leaves it as it is: move it aside, or set VIS_HISTORY to another file.' });
  // The journal is read back as the store is: a folder of this user's nobody else writes to, when there is one.
  const journal = journalDir(file);
  const js = statOrUndefined(journal, "the history's journal");
  if (js && (!js.isDirectory() || !usablePrivateDir(journal))) {
    throw new UsageError(`the history's journal ${journal} is not a private folder of this user: vis takes nothing in from it`, {
      hint: `Move it aside; the next data command makes a new one.`,
    });
  }
}

function statOrUndefined(file: string, what = 'the history store'): Stats | undefined {
  try {
    return lstatSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(`cannot read ${what} ${file}: ${reason(err)}`);
  }
}

/** Why the file is not one vis may use as its store (or as the store's `what`), or undefined. */
function fileProblem(file: string, st: Stats, what = 'the history store'): string | undefined {
  if (!st.isFile()) return `${what} ${file} is ${st.isSymbolicLink() ? 'a symbolic link' : 'not a regular file'}`;
  if (typeof process.getuid === 'function' && st.uid !== process.getuid()) return `${what} ${file} belongs to another user`;
  if ((Number(st.mode) & 0o022) !== 0) return `others can write to ${what} ${file}`;
  return undefined;
}

/** The files SQLite opens by name beside the store, following links and creating them where missing. */
const SIDECARS = [
  ['-journal', "the history store's rollback journal"],
  ['-wal', "the history store's write-ahead log"],
  ['-shm', "the history store's shared-memory file"],
] as const;

/**
 * What is wrong with the files SQLite keeps beside the store, before it opens them: each
 * may be missing, or a file SQLite left (a crash's rollback journal is what makes the store
 * whole again), never a link, a FIFO, a device or a folder, and never a file with another
 * name elsewhere (a hard link), whose bytes SQLite would overwrite.
 */
function sidecarProblems(file: string): string[] {
  const problems: string[] = [];
  for (const [suffix, what] of SIDECARS) {
    const name = `${file}${suffix}`;
    const st = statOrUndefined(name, what);
    if (!st) continue;
    const problem = fileProblem(name, st, what) ?? (st.nlink > 1 ? `${what} ${name} has another name (a hard link)` : undefined);
    if (problem) problems.push(`${problem}: vis does not let SQLite open it`);
  }
  return problems;
}

/** An errno in words, for the messages that name the store. */
export function reason(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'EACCES' || e.code === 'EPERM') return 'permission denied (the folder is read-only for you)';
  if (e.code === 'EROFS') return 'the file system is read-only';
  if (e.code === 'ENOSPC') return 'the disk is full';
  return e.message;
}

/** Runs `fn` inside vis's lock of the store, wording a lock that cannot be made, and a wait that ends. */
async function locked<T>(file: string, options: LockOptions | undefined, fn: () => T): Promise<T> {
  let entered = false;
  try {
    return await withLock(
      storeLockName(file),
      () => {
        entered = true;
        return fn();
      },
      { timeoutMs: STORE_WAIT_MS, timeoutError: (path, holder, ms) => storeBusy(file, path, holder, ms), ...options },
    );
  } catch (err) {
    // The lock's own errors: a wait that ended is worded already, a file system error is not.
    if (!entered && !(err instanceof VisError)) throw new UsageError(`cannot lock the history store ${file} (${storeLockName(file)}.lock): ${reason(err)}`);
    throw err;
  }
}

/** One vis kept the store for the whole wait: exit 7, as a server that does not answer, naming the holder. */
export function storeBusy(file: string, path: string, holder: LockInfo | undefined, ms: number): ServerError {
  const who = holder ? holderText(holder) : 'another process';
  return new ServerError(`the history store ${file} is in use by ${who}: gave up after ${waitText(ms)} waiting for its lock ${path}`, {
    hint: `vis never takes the store from a process that runs: let it finish, or stop it. If process ${holder?.pid ?? '(unknown)'} is not a vis, the lock is left over: remove it (rm '${path}').`,
  });
}

/** The VFS's `<file>.lock` folder, left by a process that died: inside vis's lock no running vis holds it (SQLite's lock never outlives a hold of vis's). */
function removeStaleVfsLock(file: string): void {
  try {
    rmdirSync(`${file}.lock`);
  } catch {
    // None, or not an empty folder as the VFS makes: SQLite says so if it matters.
  }
}

function damaged(file: string, why: string): UsageError {
  return new UsageError(`the history store ${file} is damaged (${why}); vis leaves it as it is: \`vis history check\` says what is wrong`, {
    hint: `Move it aside (mv '${file}' '${file}.damaged') to start a new history.`,
  });
}

function newer(file: string, version: number, needs: unknown): UsageError {
  const words = newerWords(version, needs);
  return new UsageError(`the history store ${file} was ${words.said}`, { hint: `${words.install}; or set VIS_HISTORY to another file.` });
}

/**
 * The vis a file of a newer schema needs, as its `meta` table says (`needs_vis`), or
 * undefined. Read by one SELECT, and only from `meta` alone as vis makes it (a plain table,
 * no index or trigger of the file's on it): nothing of the file runs. What a file SQLite
 * cannot read that far holds is unknown.
 */
function needsOf(db: SqlDatabase, found: readonly SchemaObject[]): unknown {
  const onMeta = found.filter((o) => o.tbl_name === 'meta' && o.sql !== null);
  if (onMeta.length !== 1 || onMeta[0]!.sql !== META_TABLE) return undefined;
  let row: ReturnType<SqlDatabase['get']>;
  try {
    row = db.get(`SELECT value FROM meta WHERE key = ? AND typeof(value) = 'text' AND length(value) <= 64`, [NEEDS_VIS_KEY]);
  } catch {
    return undefined;
  }
  return row?.value;
}

function foreign(file: string, problems: readonly string[]): UsageError {
  const named = problems.slice(0, 5).join('; ') + (problems.length > 5 ? `; and ${problems.length - 5} more` : '');
  return new UsageError(`the history store ${file} holds what vis did not make (${named}); vis runs nothing of it and leaves it as it is`, {
    hint: `\`vis history check\` lists them all. Drop them if you made them (in the sqlite3 shell), or move the file aside (mv '${file}' '${file}.foreign') to start a new history.`,
  });
}

/** Opens and checks the file, migrating an older schema. Inside vis's lock. */
function openDatabase(sqlite: SqliteModule, file: string, migrations: readonly Migration[]): { db: SqlDatabase; leftAs: string | undefined } {
  removeStaleVfsLock(file);
  const sidecar = sidecarProblems(file)[0];
  if (sidecar) throw new UsageError(sidecar, { hint: 'vis leaves it as it is: move it aside, or set VIS_HISTORY to another file.' });
  const target = migrations[migrations.length - 1]!.version;
  let db: SqlDatabase;
  try {
    db = new sqlite.Database(file);
  } catch (err) {
    throw damaged(file, (err as Error).message);
  }
  try {
    registerFunctions(db);
    // The first statement: what the file holds, read before anything of it can run.
    let found: SchemaObject[];
    try {
      found = schemaObjects(db);
    } catch (err) {
      throw damaged(file, (err as Error).message);
    }
    const version = Number(db.get('PRAGMA user_version')!.user_version);
    if (version > target) throw newer(file, version, needsOf(db, found));
    // The shipped migrations' objects are read off their SQL; tests' own, and an older version's, run in memory.
    const vis = migrations === MIGRATIONS && version === target ? shippedObjects() : visObjects(inMemory(sqlite), migrations, version);
    const schema = schemaProblems(found, vis);
    if (schema.foreign.length > 0) throw foreign(file, schema.foreign);
    guard(db);
    // Read only until here: a file that is not a sound SQLite database is never written.
    const leftAs = stampAsLeft(file);
    if (leftAs === undefined) {
      const broken = quickCheckProblem(db);
      if (broken) throw damaged(file, broken);
    }
    if (schema.missing) throw damaged(file, schema.missing);
    if (version < target) migrate(db, file, version, migrations);
    return { db, leftAs };
  } catch (err) {
    db.close();
    throw err;
  }
}

/** An empty database in memory, for vis's migrations to show what they make. */
function inMemory(sqlite: SqliteModule): () => SqlDatabase {
  return () => new sqlite.Database(':memory:');
}

/** In case anything of the file runs after all: no function with side effects called from its schema, no trigger firing itself. */
function guard(db: SqlDatabase): void {
  db.exec('PRAGMA trusted_schema = OFF; PRAGMA recursive_triggers = OFF');
}

/** SQLite's own tables (AUTOINCREMENT's, ANALYZE's), as SQLite makes them. */
const SQLITE_TABLES: ReadonlyMap<string, string> = new Map([
  ['sqlite_sequence', 'CREATE TABLE sqlite_sequence(name,seq)'],
  ['sqlite_stat1', 'CREATE TABLE sqlite_stat1(tbl,idx,stat)'],
  ['sqlite_stat4', 'CREATE TABLE sqlite_stat4(tbl,idx,neq,nlt,ndlt,sample)'],
]);

/**
 * The file's objects against vis's: `foreign`, one line per object vis did not make (or
 * made otherwise: another type, table or SQL text); `missing`, vis's objects it lacks.
 */
export function schemaProblems(found: readonly SchemaObject[], vis: readonly SchemaObject[]): { foreign: string[]; missing: string | undefined } {
  const mine = new Map(vis.map((o) => [o.name, o]));
  const foreign: string[] = [];
  for (const o of found) {
    // SQLite's index of a UNIQUE or PRIMARY KEY constraint: no SQL of its own, part of its table's.
    if (o.sql === null) continue;
    const what = `${o.type} ${JSON.stringify(o.name)}${o.tbl_name === o.name ? '' : ` on ${JSON.stringify(o.tbl_name)}`}`;
    const own = mine.get(o.name);
    mine.delete(o.name);
    if (own === undefined) {
      if (SQLITE_TABLES.get(o.name) !== o.sql) foreign.push(`${what} is not vis's`);
    } else if (own.type !== o.type) foreign.push(`${what} is not vis's: vis's ${JSON.stringify(o.name)} is a ${own.type}`);
    else if (own.tbl_name !== o.tbl_name || own.sql !== o.sql) foreign.push(`${what} is not as vis made it`);
  }
  const missing = [...mine.values()].filter((o) => o.sql !== null).map((o) => `${o.type} ${o.name}`);
  return { foreign, missing: missing.length === 0 ? undefined : `vis's ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing` };
}

/** The file as vis left it: size, change time and inode. */
function stampOf(file: string): string | undefined {
  try {
    const st = statSync(file, { bigint: true });
    return `${st.size}:${st.ctimeNs}:${st.mtimeNs}:${st.ino}`;
  } catch {
    return undefined;
  }
}

const checkedName = (file: string) => `${file}.vis-checked`;

/** The file's stamp when it is exactly as vis last closed it (so its quick check need not run again), else undefined. */
function stampAsLeft(file: string): string | undefined {
  const stamp = stampOf(file);
  if (stamp === undefined) return undefined;
  try {
    return readRegularFile(checkedName(file)).toString('utf8') === stamp ? stamp : undefined;
  } catch {
    return undefined;
  }
}

/** After a close: the file as vis leaves it. A failure only means the next open checks the file again. */
function noteChecked(file: string): void {
  const stamp = stampOf(file);
  if (stamp === undefined) return;
  try {
    // A new file renamed over the old: a link planted at the name is replaced, never followed.
    writeFileAtomically(checkedName(file), stamp, { mode: 0o600 });
  } catch {
    // The next open runs the quick check.
  }
}

function quickCheckProblem(db: SqlDatabase): string | undefined {
  let rows: SqlRow[];
  try {
    rows = db.all('PRAGMA quick_check') as SqlRow[];
  } catch (err) {
    return (err as Error).message;
  }
  const found = rows.map((r) => String(Object.values(r)[0]));
  return found.join() === 'ok' ? undefined : `quick check: ${found.slice(0, 3).join('; ')}`;
}

function migrate(db: SqlDatabase, file: string, from: number, migrations: readonly Migration[]): void {
  const target = migrations[migrations.length - 1]!.version;
  try {
    transaction(db, () => {
      for (const m of migrations) if (m.version > from) m.up(db);
      db.exec(`PRAGMA user_version = ${target}`);
    });
  } catch (err) {
    // A file vis cannot write is said as such already.
    if (err instanceof VisError) throw err;
    throw new UsageError(`could not migrate the history store ${file} from schema ${from} to ${target}: ${(err as Error).message}; the file is left as it was`);
  }
}

/** `fn` in one transaction, undone whole when it fails. */
function transaction<T>(db: SqlDatabase, fn: () => T): T {
  try {
    db.exec('BEGIN IMMEDIATE');
    const out = fn();
    db.exec('COMMIT');
    return out;
  } catch (err) {
    try {
      db.exec('ROLLBACK');
    } catch {
      // SQLite rolled back itself (a full disk, an I/O error): the error to tell is the one that stopped the transaction.
    }
    throw writeFailure(db, err);
  }
}

/** SQLite's words for a file it could not write (SQLITE_FULL, SQLITE_IOERR, SQLITE_READONLY, SQLITE_CANTOPEN). */
const WRITE_FAILURES: ReadonlySet<string> = new Set([
  'database or disk is full',
  'disk I/O error',
  'attempt to write a readonly database',
  'unable to open database file',
]);

/** node-sqlite3-wasm's file system answers any failed write, ENOSPC too, with an I/O error: one with less room left than this is a full disk. */
const NEARLY_FULL = 1 << 20;

/** A failure to write the store as a usage error naming its file (exit 2, as any file vis cannot write); any other error as it is. */
function writeFailure(db: SqlDatabase, err: unknown): unknown {
  const message = (err as Error).message;
  if (!WRITE_FAILURES.has(message)) return err;
  const file = String(db.get('PRAGMA database_list')!.file);
  return new UsageError(`cannot write the history store ${file}: ${writeWords(message, () => freeBytes(dirname(file)))}; it is left as it was`, {
    hint: 'Nothing is lost: the answers wait in its journal until a history command takes them in, once the file can be written.',
  });
}

/** What stopped a write, in words: a full disk, whether SQLite says so or only sees a write fail with little space left. */
export function writeWords(message: string, free: () => number): string {
  if (message === 'database or disk is full') return 'the disk is full';
  if (message === 'disk I/O error' && free() < NEARLY_FULL) return 'the disk is full';
  return message;
}

/** The bytes this user may still write in the file system of `dir`. */
export function freeBytes(dir: string): number {
  const fs = statfsSync(dir);
  return fs.bavail * fs.bsize;
}

/** `sqlar_uncompress(data, size)` as the sqlite3 shell has it, so the documented queries run in vis too. */
export function registerFunctions(db: SqlDatabase): void {
  db.function(
    'sqlar_uncompress',
    (data: SqlValue, size: SqlValue) => {
      if (!(data instanceof Uint8Array)) return data;
      try {
        return unpack(data, Number(size));
      } catch {
        return null;
      }
    },
    { deterministic: true },
  );
}

/** A stored body: deflated (zlib), or as it was when that did not make it smaller. */
export function pack(raw: Buffer): Buffer {
  const z = deflateSync(raw);
  return z.length < raw.length ? z : raw;
}

export function unpack(data: Uint8Array, size: number): Buffer {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return buf.length === size ? buf : inflateSync(buf);
}

/**
 * Takes in up to `batch` journal entries, oldest first, in one transaction, ending it
 * early once BATCH_MS have passed; entries leave the journal only once it committed,
 * damaged ones are set aside. Returns how many it handled.
 */
function ingestBatch(db: SqlDatabase, dir: string, batch: number, report: IngestReport, clock: { now(): number }): number {
  const names = pendingNames(dir).slice(0, batch);
  // Nothing waiting (the journal a read finds most days): no transaction, whose lock and commit SQLite would compile and run for nothing.
  if (names.length === 0) return 0;
  const started = clock.now();
  const taken: JournalEntry[] = [];
  const damaged: JournalProblem[] = [];
  const outcomes = transaction(db, () => {
    const out: Array<'stored' | 'superseded'> = [];
    for (const name of names) {
      const e = readEntry(join(dir, name));
      if ('answer' in e) {
        taken.push(e);
        out.push(storeAnswer(db, e.answer, e.names));
      } else damaged.push(e);
      if (clock.now() - started >= BATCH_MS) break;
    }
    return out;
  });
  for (const e of taken) removeEntry(e.file);
  for (const o of outcomes) report[o]++;
  for (const p of damaged) {
    rejectEntry(p.file);
    report.rejected.push({ file: p.file, problem: p.problem });
  }
  return taken.length + damaged.length;
}

function storeAnswer(db: SqlDatabase, a: RecordedAnswer, names: SeenNames): 'stored' | 'superseded' {
  recordNames(db, a, names);
  const key = [a.api, a.brandId, a.market, a.endpoint, a.item, a.query, a.day];
  const existing = db.get(
    'SELECT id, fetched_at, body_id FROM answers WHERE api = ? AND brand_id = ? AND market = ? AND endpoint = ? AND item = ? AND query = ? AND day = ?',
    key,
  );
  if (existing && a.fetchedAt < Number(existing.fetched_at)) return 'superseded';
  const bodyId = bodyIdOf(db, a.raw, a.day);
  let id: number;
  if (existing) {
    id = Number(existing.id);
    db.run('UPDATE answers SET fetched_at = ?, body_id = ? WHERE id = ?', [a.fetchedAt, bodyId, id]);
    for (const table of FACT_TABLES) db.run(`DELETE FROM ${table} WHERE answer_id = ?`, [id]);
    const before = Number(existing.body_id);
    db.run('DELETE FROM bodies WHERE id = ? AND NOT EXISTS (SELECT 1 FROM answers WHERE body_id = ?)', [before, before]);
  } else {
    id = Number(
      db.run('INSERT INTO answers (api, brand_id, market, endpoint, item, query, day, fetched_at, body_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', [
        ...key,
        a.fetchedAt,
        bodyId,
      ]).lastInsertRowid,
    );
  }
  insertFacts(db, id, a);
  return 'stored';
}

/** The id of the body with this text, stored now if it is new. */
function bodyIdOf(db: SqlDatabase, text: string, day: string): number {
  const raw = Buffer.from(text);
  const hash = createHash('sha256').update(raw).digest('hex');
  const found = db.get('SELECT id FROM bodies WHERE hash = ?', [hash]);
  if (found) return Number(found.id);
  return Number(db.run('INSERT INTO bodies (hash, size, body, first_day) VALUES (?, ?, ?, ?)', [hash, raw.length, pack(raw), day]).lastInsertRowid);
}

/** The id of a text kept once however many rows name it (a question's text, on every engine's row of every day). */
function textIdOf(db: SqlDatabase, text: string | null): number | null {
  if (text === null) return null;
  const found = db.get('SELECT id FROM texts WHERE text = ?', [text]);
  if (found) return Number(found.id);
  return Number(db.run('INSERT INTO texts (text) VALUES (?)', [text]).lastInsertRowid);
}

function insertFacts(db: SqlDatabase, id: number, a: RecordedAnswer): void {
  const facts = factsOf(a.endpoint, a.raw);
  for (const t of facts.topics) {
    db.run('INSERT INTO topic_facts (answer_id, topic_id, name, visibility, change, rank, share_of_voice) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      id,
      t.topicId,
      t.name,
      t.visibility,
      t.change,
      t.rank,
      t.shareOfVoice,
    ]);
  }
  for (const p of facts.prompts) {
    db.run('INSERT INTO prompt_facts (answer_id, prompt_id, prompt_text_id, topic_id, engine, state, rate, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
      id,
      p.promptId,
      textIdOf(db, p.prompt),
      p.topicId,
      p.engine,
      p.state,
      p.rate,
      p.position,
    ]);
  }
  for (const c of facts.competitors) {
    db.run('INSERT INTO competitor_facts (answer_id, name, domain, is_brand, share_of_voice, visibility, mentions) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      id,
      c.name,
      c.domain,
      c.isBrand === null ? null : Number(c.isBrand),
      c.shareOfVoice,
      c.visibility,
      c.mentions,
    ]);
  }
}

/** The names an answer came with; the one seen last (by fetch time) wins. */
function recordNames(db: SqlDatabase, a: RecordedAnswer, names: SeenNames): void {
  if (names.brandName !== undefined) {
    db.run(
      `INSERT INTO brand_names (api, brand_id, name, seen_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (api, brand_id) DO UPDATE SET name = excluded.name, seen_at = excluded.seen_at WHERE excluded.seen_at >= brand_names.seen_at`,
      [a.api, a.brandId, names.brandName, a.fetchedAt],
    );
  }
  if (names.marketLabel !== undefined) {
    db.run(
      `INSERT INTO market_labels (api, market, label, seen_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (api, market) DO UPDATE SET label = excluded.label, seen_at = excluded.seen_at WHERE excluded.seen_at >= market_labels.seen_at`,
      [a.api, a.market, names.marketLabel, a.fetchedAt],
    );
  }
}

function whereOf(f: AnswerFilter): { sql: string; params: SqlValue[] } {
  const parts = ['a.api = ?'];
  const params: SqlValue[] = [f.api];
  const among = (column: string, values: readonly string[] | undefined) => {
    if (values === undefined) return;
    parts.push(`${column} IN (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  };
  const equal = (sql: string, value: string | undefined) => {
    if (value === undefined) return;
    parts.push(sql);
    params.push(value);
  };
  among('a.brand_id', f.brandIds);
  among('a.market', f.markets);
  among('a.endpoint', f.endpoints);
  equal('a.item = ?', f.item);
  equal('a.query = ?', f.query);
  equal('a.day >= ?', f.since);
  equal('a.day <= ?', f.until);
  return { sql: parts.join(' AND '), params };
}

/** The recorded scopes of one API (or of every API), by brand name (else id), then market. */
function scopesOf(db: SqlDatabase, api?: string): RecordedScope[] {
  const rows = db.all(
    `SELECT a.api, a.brand_id, a.market, bn.name AS brand_name, ml.label AS market_label,
       COUNT(DISTINCT a.day) AS days, MIN(a.day) AS first_day, MAX(a.day) AS last_day
     FROM answers a
     LEFT JOIN brand_names bn ON bn.api = a.api AND bn.brand_id = a.brand_id
     LEFT JOIN market_labels ml ON ml.api = a.api AND ml.market = a.market
     ${api === undefined ? '' : 'WHERE a.api = ?'}
     GROUP BY a.api, a.brand_id, a.market`,
    api === undefined ? [] : [api],
  );
  return scopesFromRows(rows);
}

/**
 * What `check` reports from an open database: every object vis did not make (and then
 * nothing else runs on it), SQLite's integrity check, then vis's counts when the schema is
 * one it knows.
 */
function inspect(sqlite: SqliteModule, db: SqlDatabase, out: StoreCheck): void {
  let found: SchemaObject[];
  let version: number;
  try {
    found = schemaObjects(db);
    version = Number(db.get('PRAGMA user_version')!.user_version);
  } catch (err) {
    out.problems.push(`SQLite cannot read it: ${(err as Error).message}`);
    out.unread = true;
    return;
  }
  out.schemaVersion = version;
  const target = MIGRATIONS[MIGRATIONS.length - 1]!.version;
  if (version > target) {
    out.problems.push(newerWords(version, needsOf(db, found)).said);
    out.unread = true;
    return;
  }
  const schema = schemaProblems(found, visObjects(inMemory(sqlite), MIGRATIONS, version));
  if (schema.foreign.length > 0) {
    out.problems.push(...schema.foreign);
    out.unread = true;
    return;
  }
  let integrity: string[];
  try {
    integrity = db.all('PRAGMA integrity_check').map((r) => String(Object.values(r)[0]));
  } catch (err) {
    integrity = [(err as Error).message];
  }
  if (integrity.join() !== 'ok') out.problems.push(...integrity.map((p) => `integrity check: ${p}`));
  if (schema.missing) {
    out.problems.push(schema.missing);
    out.unread = true;
    return;
  }
  if (version === 0) return;
  out.answers = Number(db.get('SELECT COUNT(*) AS n FROM answers')!.n);
  out.bodies = Number(db.get('SELECT COUNT(*) AS n FROM bodies')!.n);
  out.scopes = scopesOf(db);
  out.months = monthsOf(db);
}

function monthsOf(db: SqlDatabase): MonthSize[] {
  const months = new Map<string, MonthSize>();
  const month = (m: string) => months.get(m) ?? months.set(m, { month: m, answers: 0, bytes: 0 }).get(m)!;
  for (const r of db.all('SELECT substr(day, 1, 7) AS month, COUNT(*) AS n FROM answers GROUP BY 1')) month(String(r.month)).answers = Number(r.n);
  for (const r of db.all('SELECT substr(first_day, 1, 7) AS month, SUM(length(body)) AS n FROM bodies GROUP BY 1')) month(String(r.month)).bytes = Number(r.n);
  return [...months.values()].sort((a, b) => compareText(a.month, b.month));
}

function journalState(file: string): StoreCheck['journal'] {
  const dir = journalDir(file);
  let waiting = 0;
  try {
    waiting = pendingNames(dir).length;
  } catch {
    // An unreadable journal holds nothing vis can take in.
  }
  return { waiting, rejected: rejectedNames(dir) };
}
