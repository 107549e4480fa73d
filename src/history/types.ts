/**
 * The history store's vocabulary, shared by the recorder (a data command's read goes to
 * the journal), the store (SQLite, taking the journal in), `vis history` (a recorded
 * series) and `vis changes` (two recorded days compared).
 *
 * One recorded answer is identified by (api, brand, market, endpoint, item, query, day):
 * - `api`: the base URL as vis sends to it (no trailing slash), or `demo` for the
 *   built-in sandbox of `--demo`, whose loopback port changes every run. Nothing of the key:
 *   the history belongs to the brand, so a rotated key continues the same series.
 * - `brandId`: the brand's id as text (the request's brand_id, else the answer's
 *   meta.brand.id). An answer that names no brand either way is not recorded.
 * - `market`: the request's market code, else the answer's meta.market.code; `` for data
 *   the API gives identically in every market and for answers that name no market.
 * - `endpoint`: the endpoint id of src/endpoints.ts (`topics`, `topics.get`…).
 * - `item`: the path parameter of an item endpoint (`crm-for-startups`), else ``.
 * - `query`: the rest of the query, normalised (src/history/identity.ts): brand_id and
 *   market left out (they are columns), parameters equal to their documented default left
 *   out (`days=7` is `vis topics` as much as `vis topics --days 7`), the rest sorted and
 *   URL-encoded as `k=v&k=v`; `` when nothing is left.
 * - `day`: the scan day, `YYYY-MM-DD` (src/history/scan-day.ts).
 */
import type { EndpointId } from '../endpoints.js';

/** What identifies one recorded answer: one per day, a later read that day replaces it. */
export interface AnswerKey {
  api: string;
  brandId: string;
  market: string;
  endpoint: EndpointId;
  item: string;
  query: string;
  day: string;
}

/** A recorded answer, as the journal holds it and the store gives it back. */
export interface RecordedAnswer extends AnswerKey {
  /** When vis received it (its own clock), ms since the epoch. */
  fetchedAt: number;
  /** The body exactly as received. */
  raw: string;
}

/** Names seen beside ids, so the history commands can take `--brand "Northwind CRM"` with no request. */
export interface SeenNames {
  brandName?: string;
  marketLabel?: string;
}

/** One brand × market the store holds answers for. */
export interface RecordedScope {
  api: string;
  brandId: string;
  /** The newest name recorded for the brand, when any answer named it. */
  brandName: string | null;
  market: string;
  marketLabel: string | null;
  /** How many scan days hold at least one answer of this scope. */
  days: number;
  firstDay: string;
  lastDay: string;
}

/** Which answers a history command asks the store for. Absent fields match everything. */
export interface AnswerFilter {
  api: string;
  brandIds?: readonly string[];
  markets?: readonly string[];
  endpoints?: readonly EndpointId[];
  item?: string;
  query?: string;
  /** Inclusive `YYYY-MM-DD` bounds on the scan day. */
  since?: string;
  until?: string;
}

/**
 * What a history command reads; the SQLite store and the PostgreSQL one implement it.
 * Asynchronous because PostgreSQL is: the SQLite store answers at once behind the promise.
 */
export interface HistoryReader {
  /** The recorded scan days matching the filter, oldest first. */
  days(filter: AnswerFilter): Promise<string[]>;
  /** The answers matching the filter, oldest day first, then brand, market, endpoint, item, query. */
  answers(filter: AnswerFilter): Promise<RecordedAnswer[]>;
  /** The brand × market scopes recorded for an API, by brand name (else id), then market. */
  scopes(api: string): Promise<RecordedScope[]>;
}

/**
 * The schema version this vis writes (SQLite `PRAGMA user_version`, PostgreSQL the `meta`
 * table's `schema_version`). A store of a lower
 * version is migrated when a history command opens it; one of a higher version (a newer
 * vis wrote it) is never written: data commands warn and record nothing, history
 * commands refuse it (exit 2), naming the vis to install (NEEDS_VIS).
 */
export const SCHEMA_VERSION = 2;

/**
 * The first vis release that writes each schema version. From schema 2 on, a store keeps
 * its schema's release in its `meta` table (`needs_vis`), so that an older vis refusing it
 * can say which vis to install: a migration to a new schema sets it (a new schema, a new
 * entry here).
 */
export const SCHEMA_RELEASES: ReadonlyMap<number, string> = new Map([
  [1, '0.1.0'],
  [2, '0.2.0'],
]);

/** What a store of the schema this vis writes records as the vis it needs. */
export const NEEDS_VIS = SCHEMA_RELEASES.get(SCHEMA_VERSION)!;

/** An answer written to the store directly, with the names seen beside it. */
export interface AnswerToRecord extends RecordedAnswer {
  names?: SeenNames;
}

/** What writing answers did. */
export interface RecordReport {
  /** Answers stored (new, or newer than the one recorded for their key and day). */
  stored: number;
  /** Answers not newer than the one already recorded for their key and day: dropped. */
  superseded: number;
  /** Answers the store cannot hold (PostgreSQL: a NUL character), left out alone, each with why; absent when none. */
  setAside?: Array<{ answer: AnswerKey; problem: string }>;
}

/** What taking the journal in did. */
export interface IngestReport {
  /** Entries stored (new, or newer than the one recorded for their key and day). */
  stored: number;
  /** Entries older than the answer already recorded for their key and day: dropped. */
  superseded: number;
  /** Damaged entries, set aside (named by `vis history check`). */
  rejected: Array<{ file: string; problem: string }>;
}

export interface PruneReport {
  answers: number;
  bodies: number;
}

export interface MonthSize {
  /** `YYYY-MM` of the scan days. */
  month: string;
  answers: number;
  /** Compressed bytes of the bodies first stored in that month. */
  bytes: number;
}

export interface StoreCheck {
  file: string;
  /** The file's size on disk, bytes. */
  bytes: number;
  schemaVersion: number;
  answers: number;
  bodies: number;
  scopes: RecordedScope[];
  months: MonthSize[];
  /** Entries waiting in the journal, and those set aside as damaged. */
  journal: { waiting: number; rejected: string[] };
  /** What SQLite's integrity check and vis's own checks found; empty when all is well. */
  problems: string[];
  /** A PostgreSQL history's server, and what the role vis connects as may do in its schema. */
  server?: ServerCheck;
  /** A PostgreSQL schema older than this vis writes: the next history command migrates it, so it is no problem. */
  migrates?: true;
  /** A PostgreSQL history's server could not be reached (down, out of reach, timed out), rather than refusing vis. */
  unreachable?: true;
  /** The answers were not counted: the store was refused or could not be read before them, so the zeros above say nothing. */
  unread?: true;
  /** What to do about the problems, when the store could tell (a server out of reach: what to check). */
  hint?: string;
}

/** A check that found nothing yet, which each store's check fills in: no problem, nothing counted, the journal as given. */
export function emptyCheck(file: string, journal: StoreCheck['journal'] = { waiting: 0, rejected: [] }): StoreCheck {
  return { file, bytes: 0, schemaVersion: 0, answers: 0, bodies: 0, scopes: [], months: [], journal, problems: [] };
}

export interface ServerCheck {
  /** The server's version (`server_version`, e.g. `15.8`). */
  version: string;
  /** The role vis connects as. */
  role: string;
  /** May read the answers, may record (INSERT and UPDATE), may create the schema's tables. */
  privileges: { read: boolean; record: boolean; create: boolean };
}

/** The store a history command opened: the journal taken in, then read; close() always. */
export interface HistoryStore extends HistoryReader {
  /** The SQLite file, or the PostgreSQL URL as vis shows it (the password masked). */
  readonly file: string;
  ingest(): Promise<IngestReport>;
  /** Writes answers straight to the store: one per key and day, an older fetch never over a newer. */
  record(answers: readonly AnswerToRecord[]): Promise<RecordReport>;
  /** Removes the answers of scan days before `day` (YYYY-MM-DD), and the bodies no answer uses any more. */
  prune(day: string): Promise<PruneReport>;
  check(): Promise<StoreCheck>;
  close(): Promise<void>;
}
