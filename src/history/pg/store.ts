/**
 * The PostgreSQL history store, for a team's history kept on a server: several hosts
 * record into one schema, and everyone's `vis history`, `vis changes` and BI tools read
 * it. `pg` is loaded only here, when a store is opened (the build bundles it apart, as
 * dist/lib/pg.cjs, so no other command reads it). The tables and views are in ./schema.ts.
 *
 * Several writers at once. One answer per key and day is the table's UNIQUE key. A write
 * locks the key's row (SELECT … FOR UPDATE) and replaces it with INSERT … ON CONFLICT DO
 * UPDATE … WHERE the new fetch is newer; a key no row holds yet is inserted with ON
 * CONFLICT DO NOTHING, and when another writer's row arrived meanwhile the write compares
 * with that one, under its lock. So hosts writing at once lose nothing, never duplicate a
 * key, and never let an older read replace a newer one, whatever order their writes come
 * in, and the body a replaced answer held is always known. A batch writes its keys in one
 * order (sorted), so two batches wait for each other rather than deadlock; the conflicts
 * PostgreSQL still resolves by aborting a transaction (a deadlock, a serialization
 * failure) are retried. A body is shared by the answers that hold it: a writer reusing one
 * locks it (FOR KEY SHARE) until it commits, and the cleanup of the bodies a batch left
 * unused, after it committed, skips those another writer holds (that writer cleans up
 * after itself in turn).
 *
 * The schema is made on first use, in one transaction under an advisory lock on its name,
 * so two processes using a new database at once both succeed. An older schema is migrated
 * the same way; a newer one (a newer vis wrote it) is refused and never written, naming the
 * vis it needs when its `meta` says so (src/history/needs-vis.ts).
 */
import type { Client, ClientConfig } from 'pg';
import { ServerError, UsageError, VisError } from '../../errors.js';
import { isDay, readEntries, rejectedNames, pendingNames, rejectEntry, removeEntry, type JournalEntry } from '../journal.js';
import type {
  AnswerFilter,
  AnswerKey,
  AnswerToRecord,
  HistoryStore,
  IngestReport,
  MonthSize,
  PruneReport,
  RecordedAnswer,
  RecordedScope,
  RecordReport,
  ServerCheck,
  StoreCheck,
} from '../types.js';
import { emptyCheck } from '../types.js';
import { answersFromRows, compareText, scopesFromRows } from '../scope-rows.js';
import { ident, NEEDS_VIS_KEY, PG_MIGRATIONS, PG_TABLES, type PgMigration } from './schema.js';
import { newerWords } from '../needs-vis.js';
import { fromServer, loginOf, maskServerText } from './server-text.js';
import type { PgTarget } from './target.js';

export interface OpenPgStoreOptions {
  /** The ordered migrations; the last one's version is the schema written. Tests pass their own. */
  migrations?: readonly PgMigration[];
  /** A journal folder of this host that ingest() takes in (entries leave it once stored). */
  journal?: string;
  /** Answers written per transaction. */
  batch?: number;
}

const DEFAULT_BATCH = 200;
/** The advisory lock's first key, vis's own ("vish"); the second is the schema's name hashed. */
const LOCK_CLASS = 0x76697368;
/** How often a batch PostgreSQL aborted to resolve a conflict with another writer is tried again. */
const TRIES = 5;
const RETRIED = new Set(['40P01', '40001', '23503']);

interface PgModule {
  Client: new (config: ClientConfig) => Client;
}

async function loadPg(): Promise<PgModule> {
  // A CommonJS package: from the bundle its exports arrive as the default export.
  const mod = (await import('pg')) as unknown as { default?: PgModule } & Partial<PgModule>;
  return mod.Client ? (mod as PgModule) : mod.default!;
}

type Row = Record<string, unknown>;

/**
 * One connection to the server. Every failure of a query passes through fromServer (its
 * texts masked, a timeout a server error); once the server stopped answering or the
 * connection was lost, nothing more is sent: a ROLLBACK would wait out the timeout again.
 */
class Db {
  private lost: Error | undefined;

  constructor(
    private readonly client: Client,
    private readonly target: PgTarget,
  ) {}

  async query(sql: string, params: unknown[] = []): Promise<{ rows: Row[]; rowCount: number | null }> {
    if (this.lost) throw this.lost;
    try {
      return await this.client.query(sql, params);
    } catch (err) {
      const e = fromServer(err, this.target);
      if (e instanceof ServerError && e.transport !== undefined) this.lost = e;
      throw e;
    }
  }

  /** Ends the connection; one whose server stopped answering is dropped (pg does not wait for a stuck query). */
  end(): Promise<void> {
    return this.client.end();
  }
}

async function rows(db: Db, sql: string, params: unknown[] = []): Promise<Row[]> {
  return (await db.query(sql, params)).rows;
}

function codeOf(err: unknown): string | undefined {
  return (err as { code?: string } | null)?.code;
}

/** Connects to the target and makes (or migrates) its schema. Throws UsageError (exit 2) for a schema it may not use. */
export async function openPgStore(target: PgTarget, o: OpenPgStoreOptions = {}): Promise<HistoryStore> {
  const migrations = o.migrations ?? PG_MIGRATIONS;
  const client = await connect(target);
  try {
    await prepare(client, target, migrations);
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  return new PgStore(target, client, o.journal, o.batch ?? DEFAULT_BATCH);
}

/** What `vis history check` shows of a PostgreSQL history; never throws, creates nothing: what is wrong is in `problems`. */
export async function checkPg(target: PgTarget, o: { journal?: string } = {}): Promise<StoreCheck> {
  const out = emptyCheck(target.display, journalState(o.journal));
  let client: Db;
  try {
    client = await connect(target);
  } catch (err) {
    out.problems.push((err as Error).message);
    out.unread = true;
    if (err instanceof ServerError) out.unreachable = true;
    if (err instanceof VisError && err.hint !== undefined) out.hint = err.hint;
    return out;
  }
  try {
    await inspect(client, target, out);
  } catch (err) {
    out.problems.push((err as Error).message);
    out.unread = true;
    // A server that stopped answering, or cancelled a statement, is out of reach as one that never answered.
    if (err instanceof ServerError) out.unreachable = true;
  } finally {
    await client.end().catch(() => undefined);
  }
  return out;
}

/** The server refused who vis logs in as (a wrong password, no pg_hba.conf line for the role): SQLSTATE class 28. */
const LOGIN_REFUSED = /^28/;

/**
 * Connects with the target's SSL choice, then with its fallback when the server refused
 * that choice (libpq's prefer and allow try both). A refused login is a usage error (exit
 * 2: the settings are wrong); anything else, a server down or out of reach, a server
 * error (exit 7). The connect timeout of the target bounds each try.
 */
async function connect(target: PgTarget): Promise<Db> {
  const pg = await loadPg();
  let err: unknown;
  try {
    return new Db(await connectWith(pg, target.config), target);
  } catch (first) {
    err = first;
  }
  if (target.fallback !== undefined && sslRefused(err)) {
    try {
      return new Db(await connectWith(pg, target.fallback), target);
    } catch (second) {
      err = second;
    }
  }
  // The server's words, masked: a server may echo the password it was sent.
  const message = `cannot connect to the PostgreSQL history ${target.display}: ${maskServerText((err as Error).message, loginOf(target))}`;
  if (LOGIN_REFUSED.test(codeOf(err) ?? ''))
    throw new UsageError(message, { hint: 'Check the user and password of the URL (or PGPASSWORD, ~/.pgpass) and that the server lets this role in.' });
  throw new ServerError(message, { hint: outOfReachHint(err, target) });
}

/** What to check when the server could not be reached, by how the connection failed. */
export function outOfReachHint(err: unknown, target: PgTarget): string {
  const host = String(target.config.host ?? 'localhost');
  const where = host.startsWith('/') ? `the socket folder ${host}` : `${host} port ${target.config.port ?? 5432}`;
  const code = codeOf(err);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `The host ${host} is not known here: check the URL's host name (and this machine's DNS).`;
  if (code === 'ECONNREFUSED' || code === 'ENOENT')
    return `Nothing accepts connections at ${where}: check the URL's host and port, that PostgreSQL runs there, and its listen_addresses.`;
  return `Check that ${where} can be reached from this machine (a firewall, a VPN), and that PostgreSQL runs there.`;
}

/** Whether the server said no to the SSL choice itself: it has no SSL, or its pg_hba.conf wants the other choice. */
function sslRefused(err: unknown): boolean {
  return /does not support SSL/i.test((err as Error | null)?.message ?? '') || codeOf(err) === '28000';
}

async function connectWith(pg: PgModule, config: ClientConfig): Promise<Client> {
  const client = new pg.Client(config);
  // A connection lost between queries fails the next query; unhandled, it would end the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  return client;
}

async function transaction<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  await db.query('BEGIN');
  try {
    const out = await fn();
    await db.query('COMMIT');
    return out;
  } catch (err) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/**
 * A transaction PostgreSQL aborted to let another writer through is run again: a deadlock,
 * a serialization failure (a server whose default isolation is serializable), or a body
 * another writer referenced just as this one removed it.
 */
async function retried<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await transaction(db, fn);
    } catch (err) {
      const code = codeOf(err);
      if (tried >= TRIES || !RETRIED.has(code ?? '')) throw err;
    }
  }
}

/** PostgreSQL refused the role something (insufficient_privilege): a usage error naming the role and what it may not do. */
function refused(target: PgTarget, what: string, err: unknown, hint?: string): UsageError {
  const role = target.config.user === undefined ? 'the role vis connects as' : `the role "${target.config.user}"`;
  return new UsageError(`the PostgreSQL history ${target.display}: ${role} may not ${what} (${(err as Error).message})`, hint === undefined ? {} : { hint });
}

function newer(target: PgTarget, version: number, needs: unknown): UsageError {
  const words = newerWords(version, needs);
  return new UsageError(`the PostgreSQL history ${target.display} (schema "${target.schema}") was ${words.said}`, {
    hint: `${words.install}; or use another schema (?schema= in the URL).`,
  });
}

/**
 * The vis a newer schema needs, as its `meta` table says (`needs_vis`), or undefined when
 * it cannot be read. The server's text is bounded here and checked by newerWords.
 */
async function needsOf(db: Db, schema: string): Promise<unknown> {
  const found = await rows(db, `SELECT value FROM ${ident(schema)}.meta WHERE key = $1 AND length(value) <= 64`, [NEEDS_VIS_KEY]).catch(() => []);
  return found[0]?.value;
}

/** The schema version recorded in `meta`, or null when the schema has no meta table (nothing made yet). */
async function versionOf(db: Db, schema: string): Promise<number | null> {
  const [found] = await rows(db, 'SELECT to_regclass($1) IS NOT NULL AS made', [`${ident(schema)}.meta`]);
  if (found?.made !== true) return null;
  const [v] = await rows(db, `SELECT value FROM ${ident(schema)}.meta WHERE key = 'schema_version'`);
  return v === undefined ? 0 : Number(v.value);
}

async function prepare(client: Db, target: PgTarget, migrations: readonly PgMigration[]): Promise<void> {
  const known = migrations[migrations.length - 1]!.version;
  const s = ident(target.schema);
  let version: number | null;
  try {
    version = await versionOf(client, target.schema);
  } catch (err) {
    if (codeOf(err) === '42501') throw refused(target, `read the schema "${target.schema}"`, err);
    throw err;
  }
  if (version !== null && version > known) throw newer(target, version, await needsOf(client, target.schema));
  // The common case reads only: a role that may not create anything can still read and record.
  if (version === known) return;
  try {
    await transaction(client, async () => {
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_CLASS, target.schema]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
      await client.query(`CREATE TABLE IF NOT EXISTS ${s}.meta (key text PRIMARY KEY, value text NOT NULL)`);
      // Again under the lock: another process may have made or migrated it meanwhile.
      const now = (await versionOf(client, target.schema)) ?? 0;
      if (now > known) throw newer(target, now, await needsOf(client, target.schema));
      if (now === 0) {
        const others = await rows(
          client,
          `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind IN ('r', 'v', 'p') AND c.relname <> 'meta' ORDER BY 1 LIMIT 5`,
          [target.schema],
        );
        if (others.length > 0) {
          throw new UsageError(
            `the schema "${target.schema}" of ${target.display} holds tables that are not vis's (${others.map((r) => String(r.name)).join(', ')}): vis leaves it as it is`,
            {
              hint: 'Use another schema (?schema= in the URL).',
            },
          );
        }
      }
      for (const m of migrations) if (m.version > now) await client.query(m.sql(target.schema));
      await client.query(`INSERT INTO ${s}.meta (key, value) VALUES ('schema_version', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, [
        String(known),
      ]);
    });
  } catch (err) {
    if (err instanceof UsageError || err instanceof ServerError) throw err;
    if (codeOf(err) === '42501') {
      throw refused(
        target,
        `create vis's tables in the schema "${target.schema}"`,
        err,
        "Run vis once as a role that may (the schema's owner), or grant CREATE on the database or the schema.",
      );
    }
    throw new UsageError(
      `could not make or migrate the PostgreSQL history ${target.display} (schema "${target.schema}") from schema ${version ?? 0} to ${known}: ${(err as Error).message}; it is left as it was`,
    );
  }
}

/** Why PostgreSQL cannot keep this body as jsonb, if it cannot. */
export function bodyProblem(raw: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return 'the body is not JSON';
  }
  // jsonb refuses the NUL character in a string or a key; `\\u0000` (an escaped backslash) is no NUL, hence the walk.
  return raw.includes('\\u0000') && holdsNul(value) ? 'the body holds \\u0000, which PostgreSQL cannot store' : undefined;
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([k, v]) => k.includes('\0') || holdsNul(v));
}

const KEY_COLUMNS = 'api, brand_id, market, endpoint, item, query, day';
/** The bodies no answer holds (`$S` the schema), for a cleanup to add its conditions and lock to. */
const UNUSED_BODIES = 'SELECT b.id FROM $S.bodies b WHERE NOT EXISTS (SELECT 1 FROM $S.answers a WHERE a.body_id = b.id)';

function keyValues(a: RecordedAnswer): string[] {
  return [a.api, a.brandId, a.market, a.endpoint, a.item, a.query, a.day];
}

function keyOf(a: AnswerKey): AnswerKey {
  return { api: a.api, brandId: a.brandId, market: a.market, endpoint: a.endpoint, item: a.item, query: a.query, day: a.day };
}

/** By key, answers of one key left in the order they came (a stable sort), so the counts are the SQLite store's. */
function byKey(a: RecordedAnswer, b: RecordedAnswer): number {
  const [x, y] = [keyValues(a), keyValues(b)];
  for (let i = 0; i < x.length; i++) {
    const c = compareText(x[i]!, y[i]!);
    if (c !== 0) return c;
  }
  return 0;
}

class PgStore implements HistoryStore {
  readonly file: string;
  private readonly s: string;
  private closed = false;
  /** The calls in progress, one after the other: a transaction owns the one connection until it ends. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly target: PgTarget,
    private readonly client: Db,
    private readonly journal: string | undefined,
    private readonly batch: number,
  ) {
    this.file = target.display;
    this.s = ident(target.schema);
  }

  /** Runs `fn` once the calls before it are done: callers may call the store without awaiting each call. */
  private inTurn<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  record(answers: readonly AnswerToRecord[]): Promise<RecordReport> {
    return this.inTurn(() => this.recordNow(answers));
  }

  private async recordNow(answers: readonly AnswerToRecord[]): Promise<RecordReport> {
    const report: RecordReport = { stored: 0, superseded: 0 };
    const kept: AnswerToRecord[] = [];
    // An answer PostgreSQL cannot hold is set aside alone: the others of the batch are recorded.
    for (const a of answers) {
      const problem = bodyProblem(a.raw);
      if (problem === undefined) kept.push(a);
      else (report.setAside ??= []).push({ answer: keyOf(a), problem });
    }
    const sorted = kept.sort(byKey);
    for (let i = 0; i < sorted.length; i += this.batch) {
      const outcomes = await this.writeBatch(sorted.slice(i, i + this.batch));
      for (const o of outcomes) report[o]++;
    }
    return report;
  }

  ingest(): Promise<IngestReport> {
    return this.inTurn(() => this.ingestNow());
  }

  private async ingestNow(): Promise<IngestReport> {
    const report: IngestReport = { stored: 0, superseded: 0, rejected: [] };
    if (this.journal === undefined) return report;
    for (;;) {
      const read = readEntries(this.journal, this.batch);
      if (read.length === 0) return report;
      const entries: JournalEntry[] = [];
      for (const e of read) {
        const problem = 'answer' in e ? bodyProblem(e.answer.raw) : e.problem;
        if (problem === undefined && 'answer' in e) {
          entries.push(e);
          continue;
        }
        rejectEntry(e.file);
        report.rejected.push({ file: e.file, problem: problem! });
      }
      const outcomes = await this.writeBatch(entries.map((e) => ({ ...e.answer, names: e.names })).sort(byKey));
      // Only once the batch committed: an entry whose write failed stays for the next ingest.
      for (const e of entries) removeEntry(e.file);
      for (const o of outcomes) report[o]++;
    }
  }

  /** One transaction, keys in sorted order; the bodies it left unused removed once it committed. */
  private async writeBatch(batch: readonly AnswerToRecord[]): Promise<Array<'stored' | 'superseded'>> {
    if (batch.length === 0) return [];
    let written: { outcomes: Array<'stored' | 'superseded'>; loose: string[] };
    try {
      written = await retried(this.client, async () => {
        const loose: string[] = [];
        const outcomes: Array<'stored' | 'superseded'> = [];
        for (const a of batch) outcomes.push(await this.storeAnswer(a, loose));
        return { outcomes, loose };
      });
    } catch (err) {
      if (codeOf(err) === '42501') {
        throw refused(
          this.target,
          'record answers',
          err,
          `An owner of the schema can allow it: GRANT INSERT, UPDATE ON ALL TABLES IN SCHEMA ${this.s} TO <role>; GRANT USAGE ON ALL SEQUENCES IN SCHEMA ${this.s} TO <role>;`,
        );
      }
      throw err;
    }
    await this.dropLooseBodies(written.loose);
    return written.outcomes;
  }

  private async storeAnswer(a: AnswerToRecord, loose: string[]): Promise<'stored' | 'superseded'> {
    const { s } = this;
    await this.recordNames(a);
    const key = keyValues(a);
    let bodyId: string | undefined;
    for (;;) {
      // The answer kept for the key, locked until the transaction ends, so the body it drops is known.
      const [found] = await rows(
        this.client,
        `SELECT fetched_at, body_id FROM ${s}.answers WHERE api = $1 AND brand_id = $2 AND market = $3 AND endpoint = $4 AND item = $5 AND query = $6 AND day = $7 FOR UPDATE`,
        key,
      );
      if (found && Number(found.fetched_at) >= a.fetchedAt) {
        if (bodyId !== undefined) loose.push(bodyId);
        return 'superseded';
      }
      bodyId ??= await this.bodyIdOf(a.raw, a.day);
      if (!found) {
        const made = await rows(
          this.client,
          `INSERT INTO ${s}.answers (${KEY_COLUMNS}, fetched_at, body_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (${KEY_COLUMNS}) DO NOTHING RETURNING id`,
          [...key, a.fetchedAt, bodyId],
        );
        if (made.length > 0) return 'stored';
        // Another writer's answer for the key committed meanwhile: compare with it, under its lock.
        continue;
      }
      // The row is locked: the WHERE is the comparison above, kept in the statement so no write ever puts an older fetch over a newer.
      const written = await rows(
        this.client,
        `INSERT INTO ${s}.answers (${KEY_COLUMNS}, fetched_at, body_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (${KEY_COLUMNS}) DO UPDATE SET fetched_at = excluded.fetched_at, body_id = excluded.body_id
         WHERE excluded.fetched_at > answers.fetched_at
         RETURNING id`,
        [...key, a.fetchedAt, bodyId],
      );
      if (written.length === 0) {
        loose.push(bodyId);
        return 'superseded';
      }
      if (String(found.body_id) !== bodyId) loose.push(String(found.body_id));
      return 'stored';
    }
  }

  /** The id of the body with this JSON value, stored now if it is new, and locked until the transaction ends so no cleanup removes it. */
  private async bodyIdOf(raw: string, day: string): Promise<string> {
    const { s } = this;
    for (;;) {
      const [made] = await rows(
        this.client,
        `INSERT INTO ${s}.bodies (hash, size, body, first_day)
         SELECT encode(sha256(convert_to(j::text, 'UTF8')), 'hex'), octet_length(j::text), j, $2::date FROM (SELECT $1::jsonb AS j) AS v
         ON CONFLICT (hash) DO NOTHING RETURNING id`,
        [raw, day],
      );
      if (made) return String(made.id);
      const [kept] = await rows(
        this.client,
        `SELECT id FROM ${s}.bodies WHERE hash = encode(sha256(convert_to($1::jsonb::text, 'UTF8')), 'hex') FOR KEY SHARE`,
        [raw],
      );
      if (kept) return String(kept.id);
      // Removed by a cleanup between the two statements: store it again.
    }
  }

  /**
   * The bodies a batch left without an answer, one statement each so one that cannot go
   * keeps only itself. One another writer holds (it just found or referenced it) is
   * skipped: that writer removes it in turn if its answer was not stored either. A role
   * that may record but not delete keeps them all: its answers are stored, and a prune by
   * a role that may removes them.
   */
  private async dropLooseBodies(ids: readonly string[]): Promise<void> {
    for (const id of new Set(ids)) {
      try {
        await this.client.query(`DELETE FROM ${this.s}.bodies WHERE id IN (${UNUSED_BODIES} AND b.id = $1 FOR UPDATE SKIP LOCKED)`.replaceAll('$S', this.s), [
          id,
        ]);
      } catch (err) {
        const code = codeOf(err);
        if (code === '42501') return;
        // Taken by an answer that committed meanwhile: kept, and prune removes it once no answer holds it.
        if (code !== '23503') throw err;
      }
    }
  }

  /** The names an answer came with; the one seen last (by fetch time) wins. */
  private async recordNames(a: AnswerToRecord): Promise<void> {
    const names = a.names ?? {};
    if (names.brandName !== undefined) {
      await this.client.query(
        `INSERT INTO ${this.s}.brand_names (api, brand_id, name, seen_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (api, brand_id) DO UPDATE SET name = excluded.name, seen_at = excluded.seen_at WHERE excluded.seen_at >= brand_names.seen_at`,
        [a.api, a.brandId, names.brandName, a.fetchedAt],
      );
    }
    if (names.marketLabel !== undefined) {
      await this.client.query(
        `INSERT INTO ${this.s}.market_labels (api, market, label, seen_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (api, market) DO UPDATE SET label = excluded.label, seen_at = excluded.seen_at WHERE excluded.seen_at >= market_labels.seen_at`,
        [a.api, a.market, names.marketLabel, a.fetchedAt],
      );
    }
  }

  async days(filter: AnswerFilter): Promise<string[]> {
    const w = whereOf(filter);
    const found = await this.read(`SELECT DISTINCT to_char(a.day, 'YYYY-MM-DD') AS day FROM ${this.s}.answers a WHERE ${w.sql} ORDER BY 1`, w.params);
    return found.map((r) => String(r.day));
  }

  async answers(filter: AnswerFilter): Promise<RecordedAnswer[]> {
    const w = whereOf(filter);
    const found = await this.read(
      `SELECT a.api, a.brand_id, a.market, a.endpoint, a.item, a.query, to_char(a.day, 'YYYY-MM-DD') AS day, a.fetched_at, b.body::text AS raw
       FROM ${this.s}.answers a JOIN ${this.s}.bodies b ON b.id = a.body_id WHERE ${w.sql}`,
      w.params,
    );
    // The body is jsonb's text: the same JSON value as received, not the same bytes (./schema.ts).
    // Sorted here, as the SQLite store sorts: by UTF-16 code unit, whatever the database's collation.
    return answersFromRows(found, (r) => String(r.raw));
  }

  async scopes(api: string): Promise<RecordedScope[]> {
    return this.inTurn(() => scopesOf(this.client, this.target.schema, api));
  }

  prune(day: string): Promise<PruneReport> {
    if (!isDay(day)) return Promise.reject(new UsageError(`cannot prune the history before ${JSON.stringify(day)}: not a date (YYYY-MM-DD)`));
    return this.inTurn(() => this.pruneNow(day));
  }

  private async pruneNow(day: string): Promise<PruneReport> {
    const { s } = this;
    try {
      return await retried(this.client, async () => {
        const answers = (await this.client.query(`DELETE FROM ${s}.answers WHERE day < $1::date`, [day])).rowCount ?? 0;
        // Those another writer holds (it is about to reference them) are left to the next prune.
        const bodies =
          (await this.client.query(`DELETE FROM ${s}.bodies WHERE id IN (${UNUSED_BODIES} FOR UPDATE SKIP LOCKED)`.replaceAll('$S', s))).rowCount ?? 0;
        return { answers, bodies };
      });
    } catch (err) {
      if (codeOf(err) === '42501') throw refused(this.target, 'prune the history', err);
      throw err;
    }
  }

  check(): Promise<StoreCheck> {
    return this.inTurn(async () => {
      const out = emptyCheck(this.target.display, journalState(this.journal));
      await inspect(this.client, this.target, out);
      return out;
    });
  }

  close(): Promise<void> {
    return this.inTurn(async () => {
      if (this.closed) return;
      this.closed = true;
      await this.client.end();
    });
  }

  private async read(sql: string, params: unknown[]): Promise<Row[]> {
    try {
      return await this.inTurn(() => rows(this.client, sql, params));
    } catch (err) {
      if (codeOf(err) === '42501') throw refused(this.target, 'read the history', err);
      throw err;
    }
  }
}

function whereOf(f: AnswerFilter): { sql: string; params: unknown[] } {
  const parts = ['a.api = $1'];
  const params: unknown[] = [f.api];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    parts.push(sql(`$${params.length}`));
  };
  if (f.brandIds !== undefined) add((n) => `a.brand_id = ANY(${n}::text[])`, [...f.brandIds]);
  if (f.markets !== undefined) add((n) => `a.market = ANY(${n}::text[])`, [...f.markets]);
  if (f.endpoints !== undefined) add((n) => `a.endpoint = ANY(${n}::text[])`, [...f.endpoints]);
  if (f.item !== undefined) add((n) => `a.item = ${n}`, f.item);
  if (f.query !== undefined) add((n) => `a.query = ${n}`, f.query);
  for (const [bound, op] of [
    ['since', '>='],
    ['until', '<='],
  ] as const) {
    const day = f[bound];
    if (day === undefined) continue;
    if (!isDay(day)) throw new UsageError(`cannot read the history ${bound} ${JSON.stringify(day)}: not a date (YYYY-MM-DD)`);
    add((n) => `a.day ${op} ${n}::date`, day);
  }
  return { sql: parts.join(' AND '), params };
}

/** The recorded scopes of one API (or of every API), by brand name (else id), then market. */
async function scopesOf(db: Db, schema: string, api?: string): Promise<RecordedScope[]> {
  const s = ident(schema);
  const found = await rows(
    db,
    `SELECT a.api, a.brand_id, a.market, bn.name AS brand_name, ml.label AS market_label,
       COUNT(DISTINCT a.day) AS days, to_char(MIN(a.day), 'YYYY-MM-DD') AS first_day, to_char(MAX(a.day), 'YYYY-MM-DD') AS last_day
     FROM ${s}.answers a
     LEFT JOIN ${s}.brand_names bn ON bn.api = a.api AND bn.brand_id = a.brand_id
     LEFT JOIN ${s}.market_labels ml ON ml.api = a.api AND ml.market = a.market
     ${api === undefined ? '' : 'WHERE a.api = $1'}
     GROUP BY a.api, a.brand_id, a.market, bn.name, ml.label`,
    api === undefined ? [] : [api],
  );
  return scopesFromRows(found);
}

function journalState(dir: string | undefined): StoreCheck['journal'] {
  if (dir === undefined) return { waiting: 0, rejected: [] };
  let waiting = 0;
  try {
    waiting = pendingNames(dir).length;
  } catch {
    // An unreadable journal holds nothing vis can take in.
  }
  return { waiting, rejected: rejectedNames(dir) };
}

/** What the role may do in the schema: read the answers, record them, create the tables. */
async function privilegesOf(db: Db, schema: string): Promise<ServerCheck['privileges']> {
  const s = ident(schema);
  const [r] = await rows(
    db,
    `SELECT
       n.oid IS NOT NULL AND has_schema_privilege(n.oid, 'USAGE') AND to_regclass($2) IS NOT NULL
         AND has_table_privilege(to_regclass($2), 'SELECT') AND has_table_privilege(to_regclass($3), 'SELECT') AS read,
       n.oid IS NOT NULL AND has_schema_privilege(n.oid, 'USAGE') AND to_regclass($2) IS NOT NULL
         AND has_table_privilege(to_regclass($2), 'SELECT, INSERT, UPDATE') AND has_table_privilege(to_regclass($3), 'SELECT, INSERT')
         AND has_table_privilege(to_regclass($4), 'INSERT, UPDATE') AND has_table_privilege(to_regclass($5), 'INSERT, UPDATE')
         AND has_sequence_privilege(to_regclass($6), 'USAGE') AND has_sequence_privilege(to_regclass($7), 'USAGE') AS record,
       CASE WHEN n.oid IS NULL THEN has_database_privilege(current_database(), 'CREATE') ELSE has_schema_privilege(n.oid, 'CREATE') END AS create
     FROM (SELECT 1) AS one LEFT JOIN pg_namespace n ON n.nspname = $1`,
    [schema, `${s}.answers`, `${s}.bodies`, `${s}.brand_names`, `${s}.market_labels`, `${s}.answers_id_seq`, `${s}.bodies_id_seq`],
  );
  return { read: r!.read === true, record: r!.record === true, create: r!.create === true };
}

/** What `check` reports: the server and the role's privileges, then vis's counts when the schema is one it knows. */
async function inspect(db: Db, target: PgTarget, out: StoreCheck): Promise<void> {
  const [server] = await rows(db, `SELECT current_setting('server_version') AS version, current_user AS role`);
  // The server's own words, as its errors: masked.
  const said = (v: unknown) => maskServerText(String(v), loginOf(target));
  out.server = { version: said(server!.version), role: said(server!.role), privileges: await privilegesOf(db, target.schema) };
  const version = await versionOf(db, target.schema);
  out.schemaVersion = version ?? 0;
  const known = PG_MIGRATIONS[PG_MIGRATIONS.length - 1]!.version;
  if (version === null) {
    // A database no vis has recorded into yet is sound, as a SQLite store not made yet: the
    // first recording makes the tables, unless the role may not.
    if (!out.server.privileges.create) {
      out.problems.push(
        `the role ${out.server.role} may not create vis's tables in the schema "${target.schema}": recording fails until a role that may records once`,
      );
    }
    return;
  }
  if (version > known) {
    out.problems.push(newerWords(version, await needsOf(db, target.schema)).said);
    out.unread = true;
    return;
  }
  const present = new Set(
    (
      await rows(db, `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'r'`, [
        target.schema,
      ])
    ).map((r) => String(r.name)),
  );
  const missing = PG_TABLES.filter((t) => !present.has(t));
  if (missing.length > 0) {
    out.problems.push(`vis's tables are missing: ${missing.join(', ')}`);
    out.unread = true;
    return;
  }
  if (version < known) out.migrates = true;
  if (!out.server.privileges.read) {
    out.problems.push(`the role ${out.server.role} may not read the answers`);
    out.unread = true;
    return;
  }
  const s = ident(target.schema);
  const [size] = await rows(
    db,
    `SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'r'`,
    [target.schema],
  );
  out.bytes = Number(size!.bytes);
  const [counts] = await rows(db, `SELECT (SELECT count(*) FROM ${s}.answers) AS answers, (SELECT count(*) FROM ${s}.bodies) AS bodies`);
  out.answers = Number(counts!.answers);
  out.bodies = Number(counts!.bodies);
  out.scopes = await scopesOf(db, target.schema);
  out.months = await monthsOf(db, s);
}

async function monthsOf(db: Db, s: string): Promise<MonthSize[]> {
  const months = new Map<string, MonthSize>();
  const month = (m: string) => months.get(m) ?? months.set(m, { month: m, answers: 0, bytes: 0 }).get(m)!;
  for (const r of await rows(db, `SELECT to_char(day, 'YYYY-MM') AS month, count(*) AS n FROM ${s}.answers GROUP BY 1`))
    month(String(r.month)).answers = Number(r.n);
  // The bytes PostgreSQL keeps for the bodies (jsonb, compressed when large).
  for (const r of await rows(db, `SELECT to_char(first_day, 'YYYY-MM') AS month, sum(pg_column_size(body)) AS n FROM ${s}.bodies GROUP BY 1`)) {
    month(String(r.month)).bytes = Number(r.n);
  }
  return [...months.values()].sort((a, b) => compareText(a.month, b.month));
}
