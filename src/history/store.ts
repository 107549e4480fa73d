/**
 * The SQLite history store (node-sqlite3-wasm, loaded only by the commands that open it):
 * the journal taken in, answers read back by the history commands, old days pruned, the
 * file checked. The tables and views are in src/history/schema.ts and docs/history-sql.md.
 *
 * The file is trusted no more than any file vis reads back:
 * - its folder must be this user's and nobody else's to write (as the cache's), the file
 *   a regular file nobody else can write, created 0600;
 * - a file that is not a SQLite database, fails SQLite's quick check, or holds tables that
 *   are not vis's is refused as damaged and never written (no "repair": moving it aside is
 *   the user's call, and `vis history check` says what is wrong);
 * - a file written by a newer vis (a higher `user_version`) is refused, never written; an
 *   older one is migrated in one transaction (src/history/schema.ts).
 *
 * Locking. The WebAssembly SQLite has no file locking of its own that waits: its VFS makes
 * a `<file>.lock` folder (mkdir) and answers SQLITE_BUSY while one exists, and a process
 * that dies leaves it behind. So every use of the file happens inside vis's own lock,
 * `<file>.vis.lock` (src/fs/lock.ts), and inside it a leftover `<file>.lock` folder is
 * stale and removed. The reader calls are synchronous, so an open store holds vis's lock
 * until close(); a journal of more than one batch is taken in first, one batch per
 * lock hold, so no hold nears the lock's stale time. Each batch is one transaction, and
 * an entry leaves the journal only after the transaction that stored it committed.
 * Callers in one process take vis's lock in turn: a second openStore of the same file
 * waits for the first store's close(). While a store holds vis's lock for good (from the
 * end of openStore to close()), SQLite keeps its own lock too (locking_mode EXCLUSIVE), so
 * a read of many rows does not make and remove the VFS's folder once per statement.
 *
 * The quick check reads every page of the file, which grows with the history. It runs when
 * the file is not as vis last left it: on close, vis notes the file's size, change time and
 * inode in `<file>.vis-checked` (0600, in the same private folder), and an open that finds
 * the same skips the check. A file changed by anything else (another program, a copy, a
 * disk fault that shows in its size or times) is checked again before it is read or
 * written; a damaged page that changes neither is still refused by SQLite when read.
 */
import { createHash } from 'node:crypto';
import { closeSync, constants, lstatSync, openSync, rmdirSync, statSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import { UsageError } from '../errors.js';
import { withLock, type LockOptions } from '../fs/lock.js';
import { readRegularFile } from '../fs/safe-file.js';
import { writeFileAtomically } from '../fs/atomic-write.js';
import { usablePrivateDir } from '../fs/private-dir.js';
import { factsOf } from './facts.js';
import { isDay, journalDir, pendingNames, readEntries, rejectedNames, rejectEntry, removeEntry, type JournalEntry } from './journal.js';
import { MIGRATIONS, V1_TABLES, type Migration } from './schema.js';
import { compareText, scopesFromRows } from './scope-rows.js';
import { loadSqlite, type SqlDatabase, type SqliteModule, type SqlRow, type SqlValue } from './sqlite.js';
import type {
  AnswerFilter,
  AnswerToRecord,
  HistoryStore,
  IngestReport,
  MonthSize,
  PruneReport,
  RecordedAnswer,
  RecordedScope,
  RecordReport,
  SeenNames,
  StoreCheck,
} from './types.js';

export interface OpenStoreOptions {
  create: boolean;
  lock?: LockOptions;
  /** The ordered migrations; the last one's version is the schema written. Tests pass their own. */
  migrations?: readonly Migration[];
  /** Journal entries taken in per transaction (and per lock hold before the store opens). */
  batch?: number;
}

const DEFAULT_BATCH = 200;

/** The name vis's lock is taken on: `<file>.vis.lock`, apart from the VFS's own `<file>.lock`. */
export function storeLockName(file: string): string {
  return `${file}.vis`;
}

/** Opens (creating it when `create`) the store file, migrating an older schema. Throws UsageError (exit 2) when it cannot be used. */
export async function openStore(file: string, o: OpenStoreOptions): Promise<HistoryStore> {
  const migrations = o.migrations ?? MIGRATIONS;
  const batch = o.batch ?? DEFAULT_BATCH;
  const sqlite = await loadSqlite();
  checkPlace(file, o.create);
  const db = await locked(file, o.lock, () => openDatabase(sqlite, file, migrations));
  const report: IngestReport = { stored: 0, superseded: 0, rejected: [] };
  try {
    while (pendingNames(journalDir(file)).length > batch) {
      await locked(file, o.lock, () => ingestBatch(db, journalDir(file), batch, report));
    }
    const release = await holdLock(file, o.lock);
    try {
      // From here until close() vis's lock is held: SQLite may keep its own as long.
      db.exec('PRAGMA locking_mode = EXCLUSIVE');
    } catch (err) {
      await release();
      throw err;
    }
    return new SqliteStore(file, db, release, batch, report);
  } catch (err) {
    db.close();
    throw err;
  }
}

/** What `vis history check` shows; never throws: a damaged, newer, unsafe or locked file is described in `problems`. */
export async function checkFile(file: string, o: { lock?: LockOptions } = {}): Promise<StoreCheck> {
  const out = emptyCheck(file);
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
      const db = new sqlite.Database(file, { readOnly: true });
      try {
        inspect(db, out);
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
  private pending: IngestReport;

  constructor(
    readonly file: string,
    private readonly db: SqlDatabase,
    private readonly release: () => Promise<void>,
    private readonly batch: number,
    already: IngestReport,
  ) {
    this.pending = already;
  }

  async ingest(): Promise<IngestReport> {
    const report = this.pending;
    this.pending = { stored: 0, superseded: 0, rejected: [] };
    removeStaleVfsLock(this.file);
    while (ingestBatch(this.db, journalDir(this.file), this.batch, report) > 0);
    return report;
  }

  async record(answers: readonly AnswerToRecord[]): Promise<RecordReport> {
    const report: RecordReport = { stored: 0, superseded: 0 };
    const outcomes = transaction(this.db, () => answers.map(({ names, ...answer }) => storeAnswer(this.db, answer, names ?? {})));
    for (const o of outcomes) report[o]++;
    return report;
  }

  async days(filter: AnswerFilter): Promise<string[]> {
    const w = whereOf(filter);
    return this.db.all(`SELECT DISTINCT a.day AS day FROM answers a WHERE ${w.sql} ORDER BY a.day`, w.params).map((r) => String(r.day));
  }

  async answers(filter: AnswerFilter): Promise<RecordedAnswer[]> {
    const w = whereOf(filter);
    const rows = this.db.all(
      `SELECT a.api, a.brand_id, a.market, a.endpoint, a.item, a.query, a.day, a.fetched_at, b.size, b.body
       FROM answers a JOIN bodies b ON b.id = a.body_id WHERE ${w.sql}`,
      w.params,
    ) as SqlRow[];
    return rows
      .map((r): RecordedAnswer => ({
        api: String(r.api),
        brandId: String(r.brand_id),
        market: String(r.market),
        endpoint: String(r.endpoint) as RecordedAnswer['endpoint'],
        item: String(r.item),
        query: String(r.query),
        day: String(r.day),
        fetchedAt: Number(r.fetched_at),
        raw: unpack(r.body as Uint8Array, Number(r.size)).toString('utf8'),
      }))
      .sort(
        (a, b) =>
          compareText(a.day, b.day) ||
          compareText(a.brandId, b.brandId) ||
          compareText(a.market, b.market) ||
          compareText(a.endpoint, b.endpoint) ||
          compareText(a.item, b.item) ||
          compareText(a.query, b.query),
      );
  }

  async scopes(api: string): Promise<RecordedScope[]> {
    return scopesOf(this.db, api);
  }

  async prune(day: string): Promise<PruneReport> {
    if (!isDay(day)) throw new UsageError(`cannot prune the history before ${JSON.stringify(day)}: not a date (YYYY-MM-DD)`);
    return transaction(this.db, () => {
      for (const table of FACT_TABLES) this.db.run(`DELETE FROM ${table} WHERE answer_id IN (SELECT id FROM answers WHERE day < ?)`, [day]);
      const answers = this.db.run('DELETE FROM answers WHERE day < ?', [day]).changes;
      const bodies = this.db.run('DELETE FROM bodies WHERE NOT EXISTS (SELECT 1 FROM answers WHERE body_id = bodies.id)').changes;
      this.db.run('DELETE FROM texts WHERE id NOT IN (SELECT prompt_text_id FROM prompt_facts WHERE prompt_text_id IS NOT NULL)');
      return { answers, bodies };
    });
  }

  async check(): Promise<StoreCheck> {
    const out = emptyCheck(this.file);
    out.bytes = statSync(this.file).size;
    inspect(this.db, out);
    return out;
  }

  async close(): Promise<void> {
    if (!this.db.isOpen) return;
    try {
      this.db.close();
      noteChecked(this.file);
    } finally {
      await this.release();
    }
  }
}

const FACT_TABLES = ['topic_facts', 'prompt_facts', 'competitor_facts'] as const;

/** A check that found nothing yet: what `inspect` fills in. */
function emptyCheck(file: string): StoreCheck {
  return { file, bytes: 0, schemaVersion: 0, answers: 0, bodies: 0, scopes: [], months: [], journal: journalState(file), problems: [] };
}

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

/** Why the file is not one vis may use as its store, or undefined. */
function fileProblem(file: string, st: Stats): string | undefined {
  if (!st.isFile()) return `the history store ${file} is not a regular file`;
  if (typeof process.getuid === 'function' && st.uid !== process.getuid()) return `the history store ${file} belongs to another user`;
  if ((Number(st.mode) & 0o022) !== 0) return `others can write to the history store ${file}`;
  return undefined;
}

/** An errno in words, for the messages that name the store. */
export function reason(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'EACCES' || e.code === 'EPERM') return 'permission denied (the folder is read-only for you)';
  if (e.code === 'EROFS') return 'the file system is read-only';
  if (e.code === 'ENOSPC') return 'the disk is full';
  return e.message;
}

/** Runs `fn` inside vis's lock of the store, wording a lock that cannot be made. */
async function locked<T>(file: string, options: LockOptions | undefined, fn: () => T): Promise<T> {
  let entered = false;
  try {
    return await withLock(
      storeLockName(file),
      () => {
        entered = true;
        return fn();
      },
      options,
    );
  } catch (err) {
    // The lock's own errors: a timeout is worded already, a file system error is not.
    if (!entered && !(err instanceof UsageError)) throw new UsageError(`cannot lock the history store ${file} (${storeLockName(file)}.lock): ${reason(err)}`);
    throw err;
  }
}

/**
 * Takes vis's lock of the store and keeps it until the returned function is called; that
 * function resolves once the lock is let go of, so another vis may take it at once.
 */
async function holdLock(file: string, options: LockOptions | undefined): Promise<() => Promise<void>> {
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let taken!: () => void;
  const held = new Promise<void>((resolve) => (taken = resolve));
  const hold = locked(file, options, () => {
    taken();
    return released;
  });
  await Promise.race([held, hold]);
  return async () => {
    letGo();
    // A failure to remove the lock file is the lock's to report, not close()'s.
    await hold.catch(() => undefined);
  };
}

/** The VFS's `<file>.lock` folder, left by a process that died: inside vis's lock, nobody else is using the file. */
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

function newer(file: string, version: number, known: number): UsageError {
  return new UsageError(`the history store ${file} was written by a newer vis (schema ${version}); this vis knows ${known}`, {
    hint: 'Update vis, or set VIS_HISTORY to another file.',
  });
}

/** Opens and checks the file, migrating an older schema. Inside vis's lock. */
function openDatabase(sqlite: SqliteModule, file: string, migrations: readonly Migration[]): SqlDatabase {
  removeStaleVfsLock(file);
  const target = migrations[migrations.length - 1]!.version;
  let db: SqlDatabase;
  try {
    db = new sqlite.Database(file);
  } catch (err) {
    throw damaged(file, (err as Error).message);
  }
  try {
    registerFunctions(db);
    // Read only until here: a file that is not a sound SQLite database is never written.
    if (!checkedAsLeft(file)) {
      const broken = quickCheckProblem(db);
      if (broken) throw damaged(file, broken);
    }
    const version = Number(db.get('PRAGMA user_version')!.user_version);
    if (version > target) throw newer(file, version, target);
    const tables = tablesProblem(db, version);
    if (tables) throw damaged(file, tables);
    if (version < target) migrate(db, file, version, migrations);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
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

/** Is the file exactly as vis last closed it (so its quick check need not run again)? */
function checkedAsLeft(file: string): boolean {
  const stamp = stampOf(file);
  if (stamp === undefined) return false;
  try {
    return readRegularFile(checkedName(file)).toString('utf8') === stamp;
  } catch {
    return false;
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

/** A store of schema 1 or later has vis's tables; one of schema 0 (a new file) has none at all. */
function tablesProblem(db: SqlDatabase, version: number): string | undefined {
  const tables = new Set(db.all("SELECT name FROM sqlite_master WHERE type = 'table'").map((r) => String(r.name)));
  if (version === 0) return tables.size === 0 ? undefined : `it holds tables that are not vis's (${[...tables].sort().slice(0, 5).join(', ')})`;
  const missing = V1_TABLES.filter((t) => !tables.has(t));
  return missing.length === 0 ? undefined : `vis's tables are missing: ${missing.join(', ')}`;
}

function migrate(db: SqlDatabase, file: string, from: number, migrations: readonly Migration[]): void {
  const target = migrations[migrations.length - 1]!.version;
  try {
    transaction(db, () => {
      for (const m of migrations) if (m.version > from) m.up(db);
      db.exec(`PRAGMA user_version = ${target}`);
    });
  } catch (err) {
    throw new UsageError(`could not migrate the history store ${file} from schema ${from} to ${target}: ${(err as Error).message}; the file is left as it was`);
  }
}

function transaction<T>(db: SqlDatabase, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const out = fn();
    db.exec('COMMIT');
    return out;
  } catch (err) {
    db.exec('ROLLBACK');
    throw err;
  }
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
 * Takes in up to `batch` journal entries, in one transaction; entries leave the journal
 * only once it committed, damaged ones are set aside. Returns how many it handled.
 */
function ingestBatch(db: SqlDatabase, dir: string, batch: number, report: IngestReport): number {
  const read = readEntries(dir, batch);
  const entries = read.filter((e): e is JournalEntry => 'answer' in e);
  const outcomes = transaction(db, () => entries.map((e) => storeAnswer(db, e.answer, e.names)));
  for (const e of entries) removeEntry(e.file);
  for (const o of outcomes) report[o]++;
  for (const p of read) {
    if ('answer' in p) continue;
    rejectEntry(p.file);
    report.rejected.push({ file: p.file, problem: p.problem });
  }
  return read.length;
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

/** What `check` reports from an open database: SQLite's integrity check, then vis's counts when the schema is one it knows. */
function inspect(db: SqlDatabase, out: StoreCheck): void {
  let version: number;
  try {
    version = Number(db.get('PRAGMA user_version')!.user_version);
  } catch (err) {
    out.problems.push(`SQLite cannot read it: ${(err as Error).message}`);
    return;
  }
  out.schemaVersion = version;
  let integrity: string[];
  try {
    integrity = db.all('PRAGMA integrity_check').map((r) => String(Object.values(r)[0]));
  } catch (err) {
    integrity = [(err as Error).message];
  }
  if (integrity.join() !== 'ok') out.problems.push(...integrity.map((p) => `integrity check: ${p}`));
  const target = MIGRATIONS[MIGRATIONS.length - 1]!.version;
  if (version > target) {
    out.problems.push(`written by a newer vis (schema ${version}); this vis knows ${target}`);
    return;
  }
  const tables = tablesProblem(db, version);
  if (tables) {
    out.problems.push(tables);
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
