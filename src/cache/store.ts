/**
 * The response cache on disk: `<root>/<account>/<endpoint>.<hash>.json`, one file per
 * answer, 0600 in 0700 folders that must be this user's and writable by nobody else (a
 * folder others can write to is not used: they could plant answers).
 *
 * An entry is one header line of JSON (format version, the entry key, the endpoint, when
 * it was fetched and when it expires, the body's length in bytes) and then the body
 * exactly as received. A file whose header does not parse, whose key is another's, whose
 * body is shorter or longer than the header says, or whose clock times make no sense is a
 * miss, never an error: the cache can only ever save a read, not cost an answer.
 *
 * Files are read back without following links, and only when they are regular files (a
 * FIFO planted as an entry is a miss, not a hang); each entry is written to a new temp
 * file and renamed into place (src/fs/atomic-write.ts), never through what was there, so a
 * reader sees the old entry or the new one, whole; two processes writing the same entry both write whole
 * files and the last rename wins (both hold the same answer for the same window), so no
 * lock is needed for entries. The count of reads saved is an append-only file per month
 * (one byte per hit: appends of one byte do not interleave), again without a lock.
 *
 * The cache is bounded: after a write, when all entries together pass the cap, the
 * oldest (by modification time) are removed down to 90% of it. Removing a file another
 * process removed first is not an error.
 */
import { lstatSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { envCacheDir, usablePrivateDir } from '../fs/private-dir.js';
import { TEMP_PREFIX, writeFileAtomically } from '../fs/atomic-write.js';
import { appendToRegularFile, NotRegularFileError, readRegularFile } from '../fs/safe-file.js';
import type { Env } from '../domain/env.js';
import { accountId, entryFileName } from './keys.js';

/** 64 MiB: hundreds of typical answers, a few of the largest. */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const FORMAT_VERSION = 1;
const ACCOUNT_DIR = /^[0-9a-f]{32}$/;
const ENTRY_FILE = /^[a-z0-9.-]+\.[0-9a-f]{32}\.json$/;
/** A temp file left by a run that was killed mid-write is removed once this old. */
const STALE_TEMP_MS = 60_000;

/**
 * Where the cache lives: beside VIS_CONFIG_DIR when that is set (`<VIS_CONFIG_DIR>-cache`,
 * a sibling of its own, so a config kept apart keeps its cache apart too, even when many
 * such folders share one parent such as /tmp), else `$XDG_CACHE_HOME/vis/cache` (or
 * `~/.cache/vis/cache`); undefined when the environment names no home at all.
 */
export function cacheRoot(env: Env): string | undefined {
  const config = env.VIS_CONFIG_DIR?.replace(/\/+$/, '');
  if (config) return `${config}-cache`;
  const dir = envCacheDir(env);
  return dir === undefined ? undefined : join(dir, 'cache');
}

export interface CacheHit {
  raw: string;
  fetchedAt: number;
  expiresAt: number;
}

interface Header {
  v: number;
  key: string;
  endpoint: string;
  fetchedAt: number;
  expiresAt: number;
  bytes: number;
}

export type Lookup = { hit: CacheHit } | { miss: 'absent' | 'expired' | 'damaged' };

export interface AccountStatus {
  account: string;
  baseUrl: string | undefined;
  entries: number;
  bytes: number;
  savedThisMonth: number;
}

/** Why a folder is not used, or undefined when it is fine (made 0700 when missing). */
export function refusePrivateDir(dir: string): string | undefined {
  try {
    return usablePrivateDir(dir) ? undefined : `${dir} is not a private folder of this user (others can write to it, or it is not ours)`;
  } catch (err) {
    return `${dir} cannot be used: ${(err as Error).message}`;
  }
}

export class ResponseCache {
  readonly dir: string;

  private constructor(
    readonly root: string,
    readonly account: string,
    private readonly maxBytes: number,
  ) {
    this.dir = join(root, account);
  }

  /**
   * The cache of one account (base URL + key), or the reason it cannot be used: the root
   * or the account folder is not private, or cannot be made.
   */
  static open(root: string, baseUrl: string, apiKey: string, maxBytes = DEFAULT_MAX_BYTES): ResponseCache | string {
    const id = accountId(baseUrl, apiKey);
    const cache = new ResponseCache(root, id, maxBytes);
    const refused = refusePrivateDir(root) ?? refusePrivateDir(cache.dir);
    if (refused) return refused;
    // The base URL (not a secret) lets `vis cache status` say which account a folder is.
    // Written once: O_EXCL, which also never follows a link already there.
    tryQuietly(() => writeFileSync(join(cache.dir, 'account.json'), `${JSON.stringify({ base_url: baseUrl })}\n`, { mode: 0o600, flag: 'wx' }));
    return cache;
  }

  lookup(endpoint: string, key: string, now: number): Lookup {
    let buf: Buffer;
    try {
      buf = readRegularFile(join(this.dir, entryFileName(endpoint, key)));
    } catch (err) {
      return { miss: err instanceof NotRegularFileError ? 'damaged' : 'absent' };
    }
    const entry = parseEntry(buf, key, endpoint);
    if (!entry) return { miss: 'damaged' };
    // A clock set back before the fetch cannot say how old the entry is: not served.
    if (now < entry.fetchedAt || now >= entry.expiresAt) return { miss: 'expired' };
    return { hit: entry };
  }

  /**
   * The entries of one endpoint, fresh or stale, the newest written first, each read only
   * when the one before did not satisfy the caller: what an answer read earlier can still
   * tell (a topic's name beside another command's answer). Each is checked as `lookup`
   * checks it (a regular file, its header naming the key its file name is the hash of);
   * nothing is written, counted or removed.
   */
  *entries(endpoint: string): Generator<{ key: string; hit: CacheHit }> {
    const files: Array<{ name: string; mtimeMs: number }> = [];
    for (const name of listDir(this.dir)) {
      if (!ENTRY_FILE.test(name) || name.slice(0, -38) !== endpoint) continue;
      try {
        files.push({ name, mtimeMs: lstatSync(join(this.dir, name)).mtimeMs });
      } catch {
        // removed meanwhile
      }
    }
    files.sort((a, b) => b.mtimeMs - a.mtimeMs);
    for (const { name } of files) {
      const entry = readEntry(join(this.dir, name), name, endpoint);
      if (entry !== undefined) yield entry;
    }
  }

  /** Stores an answer; a failure to write is not the command's (the answer is still shown). */
  store(endpoint: string, key: string, raw: string, fetchedAt: number, expiresAt: number): void {
    const body = Buffer.from(raw, 'utf8');
    const header: Header = { v: FORMAT_VERSION, key, endpoint, fetchedAt, expiresAt, bytes: body.length };
    const target = join(this.dir, entryFileName(endpoint, key));
    writeFileAtomically(target, [`${JSON.stringify(header)}\n`, body], { mode: 0o600 });
    this.evict();
  }

  /** Drops every entry of these endpoints (POST /pitches makes the pitches lists stale). */
  invalidate(endpoints: readonly string[]): number {
    let n = 0;
    for (const name of listDir(this.dir)) {
      // `<endpoint>.<32 hex>.json`: the endpoint is all before the last 38 characters.
      if (ENTRY_FILE.test(name) && endpoints.includes(name.slice(0, -38))) {
        if (tryQuietly(() => unlinkSync(join(this.dir, name)))) n++;
      }
    }
    return n;
  }

  /** One read saved this month (UTC): one byte appended to the month's count. */
  noteSaved(now: number): void {
    tryQuietly(() => appendToRegularFile(join(this.dir, savedFile(now)), '.', 0o600));
  }

  /** Removes entries, oldest first, while all accounts' entries together pass the cap. */
  private evict(): void {
    const files = allEntries(this.root);
    let total = files.reduce((s, f) => s + f.bytes, 0);
    if (total <= this.maxBytes) return;
    files.sort((a, b) => a.mtimeMs - b.mtimeMs);
    const goal = Math.floor(this.maxBytes * 0.9);
    for (const f of files) {
      if (total <= goal) break;
      tryQuietly(() => unlinkSync(f.path));
      total -= f.bytes;
    }
  }
}

/** The month's file of reads saved: `saved-2026-11`. */
function savedFile(now: number): string {
  return `saved-${new Date(now).toISOString().slice(0, 7)}`;
}

/** The entry in a file's bytes, or undefined when anything about it is off. */
export function parseEntry(buf: Buffer, key: string, endpoint: string): CacheHit | undefined {
  const nl = buf.indexOf(0x0a);
  if (nl < 0) return undefined;
  let h: Partial<Header>;
  try {
    h = JSON.parse(buf.subarray(0, nl).toString('utf8')) as Partial<Header>;
  } catch {
    return undefined;
  }
  if (h === null || typeof h !== 'object' || h.v !== FORMAT_VERSION || h.key !== key || h.endpoint !== endpoint) return undefined;
  if (!isTime(h.fetchedAt) || !isTime(h.expiresAt) || h.expiresAt <= h.fetchedAt) return undefined;
  const body = buf.subarray(nl + 1);
  if (h.bytes !== body.length) return undefined;
  return { raw: body.toString('utf8'), fetchedAt: h.fetchedAt, expiresAt: h.expiresAt };
}

/** The entry in the file `name` of `endpoint`, its key read from its own header; undefined when it is not one vis wrote there. */
function readEntry(path: string, name: string, endpoint: string): { key: string; hit: CacheHit } | undefined {
  let buf: Buffer;
  let key: unknown;
  try {
    buf = readRegularFile(path);
    key = (JSON.parse(buf.subarray(0, buf.indexOf(0x0a)).toString('utf8')) as { key?: unknown } | null)?.key;
  } catch {
    return undefined;
  }
  if (typeof key !== 'string' || entryFileName(endpoint, key) !== name) return undefined;
  const hit = parseEntry(buf, key, endpoint);
  return hit === undefined ? undefined : { key, hit };
}

function isTime(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
}

interface FileInfo {
  path: string;
  bytes: number;
  mtimeMs: number;
}

/** Every entry of every account, with its size and age; old temp files are removed on the way. */
function allEntries(root: string): FileInfo[] {
  const out: FileInfo[] = [];
  const now = Date.now();
  for (const account of listDir(root)) {
    if (!ACCOUNT_DIR.test(account)) continue;
    const dir = join(root, account);
    for (const name of listDir(dir)) {
      const path = join(dir, name);
      let st;
      try {
        st = lstatSync(path);
      } catch {
        continue;
      }
      if (name.startsWith(TEMP_PREFIX)) {
        if (now - st.mtimeMs > STALE_TEMP_MS) tryQuietly(() => unlinkSync(path));
        continue;
      }
      // A link or a FIFO is not an entry vis wrote: neither counted nor removed.
      if (ENTRY_FILE.test(name) && st.isFile()) out.push({ path, bytes: st.size, mtimeMs: st.mtimeMs });
    }
  }
  return out;
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function tryQuietly(fn: () => void): boolean {
  try {
    fn();
    return true;
  } catch {
    return false;
  }
}

/** Entries, size and reads saved this month, per account folder under `root`. */
export function cacheStatus(root: string, now: number): AccountStatus[] {
  const out: AccountStatus[] = [];
  for (const account of listDir(root).sort()) {
    if (!ACCOUNT_DIR.test(account)) continue;
    const dir = join(root, account);
    let entries = 0;
    let bytes = 0;
    for (const name of listDir(dir)) {
      if (!ENTRY_FILE.test(name)) continue;
      try {
        const st = lstatSync(join(dir, name));
        if (!st.isFile()) continue;
        bytes += st.size;
        entries++;
      } catch {
        // removed meanwhile
      }
    }
    let savedThisMonth = 0;
    try {
      const st = lstatSync(join(dir, savedFile(now)));
      if (st.isFile()) savedThisMonth = st.size;
    } catch {
      // none this month
    }
    let baseUrl: string | undefined;
    try {
      const note = JSON.parse(readRegularFile(join(dir, 'account.json')).toString('utf8')) as { base_url?: unknown };
      if (typeof note.base_url === 'string') baseUrl = note.base_url;
    } catch {
      // written by nothing we know
    }
    out.push({ account, baseUrl, entries, bytes, savedThisMonth });
  }
  return out;
}

/** Removes every account folder vis made under `root`; returns how many entries went. */
export function clearCache(root: string): number {
  let n = 0;
  for (const s of cacheStatus(root, Date.now())) {
    n += s.entries;
    rmSync(join(root, s.account), { recursive: true, force: true });
  }
  return n;
}
