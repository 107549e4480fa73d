/**
 * The journal: where a data command leaves each answer it read, for the history store to
 * take in when a history command runs (src/history/store.ts). Writing one small file is
 * all recording costs the command it rides on; the database is never opened there.
 *
 * The journal is the folder `<store>.incoming/` beside the store file (never
 * `<store>-journal`, which is SQLite's own rollback journal). One answer per file,
 * `<fetched ms>-<pid>-<8 hex>.answer`, 0600, written to a temp file and renamed into place
 * (src/fs/atomic-write.ts): a reader sees a whole entry or none, and two processes never
 * write the same name. An entry is one header line of JSON and then the body exactly as
 * received:
 *
 *   {"v":1,"api":"https://api.example.com/v1","brand_id":"101","market":"US-en",
 *    "endpoint":"topics","item":"","query":"days=30","day":"2026-11-25",
 *    "fetched_at":1764064923000,"bytes":5120,"brand_name":"Northwind CRM",
 *    "market_label":"United States (English)"}
 *   {"data":{…},"meta":{…}}
 *
 * Reading back trusts an entry no more than user input: only regular files (no link, no
 * FIFO), each field checked against its rule, the endpoint one of the table's recorded
 * ones, the body's length as the header says and the body a JSON object. An entry that
 * fails any check is a problem named by file, never taken in.
 */
import { readdirSync, renameSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ENDPOINTS, type EndpointId } from '../endpoints.js';
import { writeFileAtomically, TEMP_PREFIX } from '../fs/atomic-write.js';
import { readRegularFile } from '../fs/safe-file.js';
import type { RecordedAnswer, SeenNames } from './types.js';

export const JOURNAL_VERSION = 1;
/** The journal folder of a store file. */
export function journalDir(storeFile: string): string {
  return `${storeFile}.incoming`;
}

const ENTRY_NAME = /^\d{1,16}-\d{1,10}-[0-9a-f]{8}\.answer$/;
/** An entry set aside by `rejectEntry`: never read again, named by `vis history check`. */
const REJECTED_SUFFIX = '.rejected';

/** The endpoints whose answers are recorded: GET, not free (/usage and /brands are account data). */
export const RECORDED_ENDPOINTS: ReadonlySet<EndpointId> = new Set(ENDPOINTS.filter((e) => e.method === 'GET' && !e.free).map((e) => e.id));

export interface JournalEntry {
  file: string;
  answer: RecordedAnswer;
  names: SeenNames;
}

export interface JournalProblem {
  file: string;
  problem: string;
}

interface Header {
  v: number;
  api: string;
  brand_id: string;
  market: string;
  endpoint: string;
  item: string;
  query: string;
  day: string;
  fetched_at: number;
  bytes: number;
  brand_name?: string;
  market_label?: string;
}

/** Writes one answer into the journal folder (which the caller made and checked). Throws what the file system throws. */
export function writeEntry(dir: string, answer: RecordedAnswer, names: SeenNames = {}): string {
  const body = Buffer.from(answer.raw, 'utf8');
  const header: Header = {
    v: JOURNAL_VERSION,
    api: answer.api,
    brand_id: answer.brandId,
    market: answer.market,
    endpoint: answer.endpoint,
    item: answer.item,
    query: answer.query,
    day: answer.day,
    fetched_at: answer.fetchedAt,
    bytes: body.length,
  };
  if (names.brandName !== undefined) header.brand_name = names.brandName;
  if (names.marketLabel !== undefined) header.market_label = names.marketLabel;
  // The random part tells apart two answers of one process in the same millisecond: a
  // name, not a secret, so Math.random serves (node:crypto would load for it alone).
  const tag = Math.floor(Math.random() * 0x1_0000_0000)
    .toString(16)
    .padStart(8, '0');
  const name = `${answer.fetchedAt}-${process.pid}-${tag}.answer`;
  const file = join(dir, name);
  writeFileAtomically(file, [`${JSON.stringify(header)}\n`, body], { mode: 0o600 });
  return file;
}

/**
 * The entries waiting in a journal folder, oldest first (by name: the fetch time leads),
 * each read and checked; a folder that does not exist holds none. Temp files of a write
 * in progress and entries set aside are skipped.
 */
export function readEntries(dir: string, limit = Number.POSITIVE_INFINITY): Array<JournalEntry | JournalProblem> {
  const out: Array<JournalEntry | JournalProblem> = [];
  for (const name of pendingNames(dir)) {
    if (out.length >= limit) break;
    out.push(readEntry(join(dir, name)));
  }
  return out;
}

/** The names of the entries waiting, oldest first; anything else in the folder is not an entry. */
export function pendingNames(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return names.filter((n) => ENTRY_NAME.test(n) && !n.startsWith(TEMP_PREFIX)).sort(byFetchTime);
}

/** Entries set aside as damaged, for `vis history check`. */
export function rejectedNames(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((n) => n.endsWith(REJECTED_SUFFIX))
      .sort();
  } catch {
    return [];
  }
}

function byFetchTime(a: string, b: string): number {
  const ta = Number(a.slice(0, a.indexOf('-')));
  const tb = Number(b.slice(0, b.indexOf('-')));
  return ta - tb || (a < b ? -1 : a > b ? 1 : 0);
}

/** One entry, read without following links and checked field by field. */
export function readEntry(file: string): JournalEntry | JournalProblem {
  let buf: Buffer;
  try {
    buf = readRegularFile(file);
  } catch (err) {
    return { file, problem: (err as Error).message };
  }
  const nl = buf.indexOf(0x0a);
  if (nl < 0) return { file, problem: 'no header line' };
  let header: unknown;
  try {
    header = JSON.parse(buf.subarray(0, nl).toString('utf8'));
  } catch {
    return { file, problem: 'the header is not JSON' };
  }
  const problem = headerProblem(header);
  if (problem) return { file, problem };
  const h = header as Header;
  const body = buf.subarray(nl + 1);
  if (body.length !== h.bytes) return { file, problem: `the body holds ${body.length} bytes, the header says ${h.bytes}` };
  const raw = body.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { file, problem: 'the body is not JSON' };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { file, problem: 'the body is not a JSON object' };
  const names: SeenNames = {};
  if (h.brand_name !== undefined) names.brandName = h.brand_name;
  if (h.market_label !== undefined) names.marketLabel = h.market_label;
  return {
    file,
    answer: {
      api: h.api,
      brandId: h.brand_id,
      market: h.market,
      endpoint: h.endpoint as EndpointId,
      item: h.item,
      query: h.query,
      day: h.day,
      fetchedAt: h.fetched_at,
      raw,
    },
    names,
  };
}

/** Text with no control characters (C0, DEL, C1), at most `max` characters. */
function plainText(v: unknown, max: number): v is string {
  return typeof v === 'string' && v.length <= max && !/[\u0000-\u001f\u007f-\u009f]/.test(v);
}

/** Why a header is not one vis wrote, or undefined. Exported for the tests of each rule. */
export function headerProblem(h: unknown): string | undefined {
  if (h === null || typeof h !== 'object' || Array.isArray(h)) return 'the header is not an object';
  const o = h as Record<string, unknown>;
  if (o.v !== JOURNAL_VERSION) return `journal version ${String(o.v)} is not ${JOURNAL_VERSION}`;
  if (!plainText(o.api, 2048) || !(o.api === 'demo' || /^https?:\/\/[^\s/]+/.test(o.api))) return 'api is not a base URL';
  if (!plainText(o.brand_id, 100) || !/^[A-Za-z0-9._:-]+$/.test(o.brand_id)) return 'brand_id is not an id';
  if (!plainText(o.market, 64) || !/^[A-Za-z0-9._-]*$/.test(o.market)) return 'market is not a market code';
  if (typeof o.endpoint !== 'string' || !RECORDED_ENDPOINTS.has(o.endpoint as EndpointId)) return 'endpoint is not one vis records';
  if (!plainText(o.item, 1000)) return 'item is not plain text';
  if (!plainText(o.query, 8000)) return 'query is not plain text';
  if (typeof o.day !== 'string' || !isDay(o.day)) return 'day is not a date';
  if (typeof o.fetched_at !== 'number' || !Number.isSafeInteger(o.fetched_at) || o.fetched_at < 0) return 'fetched_at is not a time';
  if (typeof o.bytes !== 'number' || !Number.isSafeInteger(o.bytes) || o.bytes < 0) return 'bytes is not a length';
  if (o.brand_name !== undefined && !plainText(o.brand_name, 500)) return 'brand_name is not plain text';
  if (o.market_label !== undefined && !plainText(o.market_label, 500)) return 'market_label is not plain text';
  return undefined;
}

/** A real calendar day as `YYYY-MM-DD`. */
export function isDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s;
}

/** Removes an entry the store has taken in; one removed already (another process took it) is fine. */
export function removeEntry(file: string): void {
  try {
    unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Sets a damaged entry aside under its own name + `.rejected`, so it is never read again and stays for the user to look at. */
export function rejectEntry(file: string): void {
  try {
    renameSync(file, `${file}${REJECTED_SUFFIX}`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
