/**
 * Recording: each answer a data command read from the network goes to the history's
 * journal (src/history/journal.ts), one small file, never the database: the store takes
 * the journal in when a history command runs. A PostgreSQL history has no journal: the
 * answers go straight to the server (src/history/pg/store.ts, loaded only then), whose
 * upsert lets hosts record at once.
 *
 * What is recorded: a 2xx answer to a GET of an endpoint in RECORDED_ENDPOINTS, sent over
 * the network (a cache hit was recorded when it was read), filed under its AnswerKey
 * (src/history/identity.ts) and scan day (src/history/scan-day.ts). Nothing of the key.
 *
 * The history never fails, nor holds up, the command it rides on:
 * - answers are kept in memory and written when the command is done with them (the
 *   session closes, after the answer is printed), or sooner when they pass MAX_PENDING_BYTES,
 *   so an export of large answers does not hold them all;
 * - the folders are made 0700 when missing and used only when they are this user's and
 *   nobody else can write to them (whoever could would plant answers);
 * - the store file is sniffed (its first 100 bytes, without following a link, with no
 *   SQLite loaded): a file that is not a SQLite database, or one a newer vis wrote, is
 *   left alone;
 * - any failure (these, a read-only folder, a full disk; a PostgreSQL server down or out
 *   of reach within its connect timeout, a refused login or privilege, a newer schema) is
 *   one warning for the whole run, and nothing more is tried; the answer is printed as
 *   usual and the exit code is the command's.
 * With no place named (no HOME, XDG_DATA_HOME nor VIS_HISTORY: cron with an empty
 * environment) or VIS_HISTORY=off, nothing is written and nothing said.
 */
import { dirname } from 'node:path';
import { usablePrivateDir } from '../fs/private-dir.js';
import { NotRegularFileError, readRegularFileHead } from '../fs/safe-file.js';
import { ENDPOINTS, type EndpointSpec } from '../endpoints.js';
import { answerIdentity, itemOfPath, type IdentitySpec, type QueryPairs } from './identity.js';
import { journalDir, RECORDED_ENDPOINTS, writeEntry } from './journal.js';
import type { HistoryLocation } from './location.js';
import { newerWords } from './needs-vis.js';
import { scanDay } from './scan-day.js';
import { sanitizeForTerminal } from '../text/sanitize.js';
import { SCHEMA_VERSION, type HistoryStore, type RecordedAnswer, type SeenNames } from './types.js';

/** Answers held before they are written anyway: an export reads hundreds. */
export const MAX_PENDING_BYTES = 8 * 1024 * 1024;
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0');
const SQLITE_HEADER_BYTES = 100;
/** Where SQLite keeps `PRAGMA user_version` in its header: 4 bytes, big-endian. */
const USER_VERSION_OFFSET = 60;

/** What the recorder needs of a request and its answer (the client's ApiRequest and ApiResponse). */
export interface ReadAnswer {
  method: string;
  path: string;
  query?: QueryPairs;
  status: number;
  raw: string;
  envelope: { meta?: Record<string, unknown> };
  /** The answer's Date header, as received. */
  date?: string;
}

export interface RecorderOptions {
  where: HistoryLocation;
  /** The base URL, or `demo` for the --demo sandbox. */
  api: string;
  now: () => number;
  debug: (line: string) => void;
  /** Says why the history is not being kept: called at most once per recorder. */
  warn: (line: string) => void;
  /** Says that one answer was left out (the store cannot hold it), once per answer: for lines shown even with -q. Else warn. */
  setAside?: (line: string) => void;
}

type Pending = { answer: RecordedAnswer; names: SeenNames };

export class HistoryRecorder {
  private pending: Pending[] = [];
  private pendingBytes = 0;
  /** Why nothing more is recorded this run, once something failed. */
  private failed: string | undefined;
  /** The journal folder, once checked. */
  private journal: string | undefined;
  /** A PostgreSQL history, connected on the first write. */
  private pg: Promise<HistoryStore> | undefined;
  /** The writes to PostgreSQL, one after the other. */
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly o: RecorderOptions) {}

  /** An answer read from the network for `spec`: kept to be written, when it is one the history records. */
  note(spec: IdentitySpec, res: ReadAnswer): void {
    const where = this.o.where;
    if (this.failed !== undefined || where.kind === 'off' || where.kind === 'none') return;
    if (res.method !== 'GET' || res.status < 200 || res.status > 299 || !RECORDED_ENDPOINTS.has(spec.id)) return;
    const id = answerIdentity(this.o.api, spec, res, res.envelope);
    if (id === undefined) {
      this.o.debug(`history: ${spec.id} ${res.path} not recorded (no brand id, or a value the history cannot file)`);
      return;
    }
    const fetchedAt = this.o.now();
    this.pending.push({ answer: { ...id.key, day: scanDay(res.date, fetchedAt), fetchedAt, raw: res.raw }, names: id.names });
    this.pendingBytes += res.raw.length;
    if (this.pendingBytes >= MAX_PENDING_BYTES) void this.flush();
  }

  /**
   * Writes what was kept: to the journal at once, to PostgreSQL after the writes before it
   * (the promise says when). Never rejects: a failure is the one warning, and ends
   * recording for the run.
   */
  flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    const where = this.o.where;
    // Only a file or PostgreSQL location with no failure yet ever holds answers (see note).
    if (batch.length === 0) return this.writing;
    if (where.kind === 'postgres') {
      this.writing = this.writing.then(() => this.recordPg(where, batch));
      return this.writing;
    }
    if (where.kind === 'file') this.writeJournal(where.file, batch);
    return this.writing;
  }

  /** Writes what is left, then ends the PostgreSQL connection, if one was made. Never rejects. */
  async close(): Promise<void> {
    await this.flush();
    const pg = this.pg;
    this.pg = undefined;
    await pg?.then((store) => store.close()).catch(() => undefined);
  }

  private async recordPg(where: Extract<HistoryLocation, { kind: 'postgres' }>, batch: Pending[]): Promise<void> {
    if (this.failed !== undefined) return;
    try {
      this.pg ??= this.openPg(where);
      const report = await (await this.pg).record(batch.map(({ answer, names }) => ({ ...answer, names })));
      for (const { answer: a, problem } of report.setAside ?? []) {
        const market = a.market === '' ? '' : `, market ${a.market}`;
        (this.o.setAside ?? this.o.warn)(
          sanitizeForTerminal(
            `history: the ${a.endpoint}${a.item === '' ? '' : ` ${a.item}`} answer of brand ${a.brandId}${market}, ${a.day} was not recorded: ${problem}`,
          ),
        );
      }
    } catch (err) {
      this.fail((err as Error).message);
    }
  }

  private async openPg(where: Extract<HistoryLocation, { kind: 'postgres' }>): Promise<HistoryStore> {
    // A password file passed over is for --debug: the warning is kept for what stops recording.
    const target = await where.target((line) => this.o.debug(`history: ${line}`));
    const { openPgStore } = await import('./pg/store.js');
    return openPgStore(target);
  }

  private writeJournal(file: string, batch: Pending[]): void {
    try {
      this.journal ??= this.openJournal(file);
    } catch (err) {
      return this.fail(fsReason(err));
    }
    for (const { answer, names } of batch) {
      try {
        writeEntry(this.journal, answer, names);
      } catch (err) {
        return this.fail(`cannot write to ${this.journal}: ${fsReason(err)}`);
      }
    }
  }

  /** The journal folder, checked (and made), once the store file beside it is one this vis may add to. Throws the reason. */
  private openJournal(file: string): string {
    // The store's folder first, then the store itself: a damaged or newer store gets no journal beside it.
    privateFolder(dirname(file));
    const problem = storeProblem(file);
    if (problem) throw new Error(problem);
    return privateFolder(journalDir(file));
  }

  /** Called once at most: nothing is kept or tried once it has been. */
  private fail(why: string): void {
    this.failed = why;
    // The paths come from the environment: printed as text, never as escapes.
    this.o.warn(`history: ${sanitizeForTerminal(why)}; answers of this run are not recorded (vis history check tells more)`);
  }
}

/** The folder, made 0700 when missing; throws unless it is this user's and nobody else can write to it. */
function privateFolder(dir: string): string {
  if (!usablePrivateDir(dir)) throw new Error(`${dir} is not a private folder of this user (others can write to it, or it is not theirs)`);
  return dir;
}

/**
 * The recorded endpoint a raw path (`vis api /topics/crm-tools`) is a read of, or
 * undefined: paths outside the table, and the free account endpoints, are not recorded.
 * (No path of the table is both a literal and another's item, so the first match is the one.)
 */
export function recordedEndpointOf(path: string): EndpointSpec | undefined {
  return ENDPOINTS.find((e) => RECORDED_ENDPOINTS.has(e.id) && itemOfPath(e.path, path) !== undefined);
}

/**
 * Why the store file must not be added to, from its first 100 bytes alone; undefined when
 * there is none yet, it is empty (SQLite starts a database in an empty file), or it is a
 * SQLite database of this vis's schema version or an older one.
 */
export function storeProblem(file: string): string | undefined {
  let head: Buffer;
  try {
    head = readRegularFileHead(file, SQLITE_HEADER_BYTES);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (err instanceof NotRegularFileError) return `${err.message}, not a history store`;
    throw err;
  }
  if (head.length === 0) return undefined;
  if (head.length < SQLITE_HEADER_BYTES || !head.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)) {
    return `${file} is not a SQLite database (damaged, or another program's file)`;
  }
  const version = head.readUInt32BE(USER_VERSION_OFFSET);
  // The header alone, SQLite not loaded: the vis it needs is named by `vis history check`.
  if (version > SCHEMA_VERSION) return `${file} was ${newerWords(version, undefined).said}`;
  return undefined;
}

/** A file system error in words: what went wrong, not the syscall. */
export function fsReason(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  switch (e.code) {
    case 'EACCES':
    case 'EPERM':
      return `permission denied${e.path ? ` (${e.path})` : ''}`;
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'the disk is full';
    case 'EDQUOT':
      return 'the disk quota is used up';
    default:
      return e.message;
  }
}
