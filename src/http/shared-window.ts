/**
 * The request window every vis process of one account shares on this machine, so that
 * processes started together stay under the API's limit between them:
 * a small state file per base URL and key, `<cache>/vis/pace/<sha256>.json`, holding the
 * times of the requests of the last minute (of every vis process) and a hold-until time
 * set after a 429. Every read-modify-write of it runs under `withLock` (src/fs/lock.ts),
 * and each is short: read, decide, write; never a wait or a request inside.
 *
 * The file is named by a SHA-256 of the base URL and the key, never the key itself.
 *
 * Anything wrong with the folder or the file is thrown for the Pacer to fall back to
 * pacing in-process: a folder that is not private or not writable, a lock not had in
 * time. A file whose text is not what vis writes is read as an empty window.
 */
import { join } from 'node:path';
import { withLock, type LockClock } from '../fs/lock.js';
import { usablePrivateDir } from '../fs/private-dir.js';
import { writeFileAtomically } from '../fs/atomic-write.js';
import { NotRegularFileError, readRegularFile } from '../fs/safe-file.js';
import { sha256Hex } from '../domain/sha256.js';

export interface WindowState {
  /** Times (ms since the epoch) of the requests sent, oldest first. */
  sent: number[];
  /** No request before this time (a 429's Retry-After); 0 for none. */
  heldUntil: number;
}

export interface SharedWindowStore {
  /** Where the state lives, for --debug. */
  readonly path: string;
  /**
   * Runs `fn` on the current state under the lock, and writes the state back when `fn`
   * says it changed it. Throws when the state cannot be shared (see the module comment).
   */
  update<T>(fn: (state: WindowState) => { result: T; changed: boolean }): Promise<T>;
}

/** How long a process waits for another's lock on the window before pacing alone. */
const LOCK_TIMEOUT_MS = 2_000;
/** At most this many times are kept, whatever the limits of the processes sharing it. */
const MAX_ENTRIES = 100_000;

export function paceFileName(baseUrl: string, apiKey: string): string {
  return `${sha256Hex(`${baseUrl}\n${apiKey}`).slice(0, 32)}.json`;
}

/** The shared window of (baseUrl, apiKey) in `dir` (made 0700 if missing), checked on first use. */
export function fileWindowStore(dir: string, baseUrl: string, apiKey: string, clock: LockClock): SharedWindowStore {
  let file: string | undefined;
  return {
    get path() {
      return file ?? dir;
    },
    async update(fn) {
      if (file === undefined) {
        if (!usablePrivateDir(dir)) throw new Error(`${dir} is not a private folder of this user`);
        file = join(dir, paceFileName(baseUrl, apiKey));
      }
      const path = file;
      return withLock(
        path,
        () => {
          const state = readState(path);
          const { result, changed } = fn(state);
          if (changed) writeFileAtomically(path, serialize(state), { mode: 0o600 });
          return result;
        },
        { clock, timeoutMs: LOCK_TIMEOUT_MS },
      );
    },
  };
}

function readState(path: string): WindowState {
  let text: string;
  try {
    text = readRegularFile(path).toString('utf8');
  } catch (err) {
    // Nothing yet, or not vis's (a link, a FIFO: never followed, never waited on, and
    // replaced by the next write).
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || err instanceof NotRegularFileError) return { sent: [], heldUntil: 0 };
    throw err;
  }
  return parseState(text);
}

/** The state in a file's text; an empty window for anything vis did not write. */
export function parseState(text: string): WindowState {
  try {
    const v = JSON.parse(text) as { v?: unknown; sent?: unknown; heldUntil?: unknown } | null;
    if (v && v.v === 1 && Array.isArray(v.sent)) {
      const sent = v.sent.filter((t): t is number => typeof t === 'number' && Number.isFinite(t)).sort((a, b) => a - b);
      const heldUntil = typeof v.heldUntil === 'number' && Number.isFinite(v.heldUntil) ? v.heldUntil : 0;
      return { sent, heldUntil };
    }
  } catch {
    // Cut short by a crash between write and close, or not vis's: start afresh.
  }
  return { sent: [], heldUntil: 0 };
}

function serialize(state: WindowState): string {
  const sent = state.sent.length > MAX_ENTRIES ? state.sent.slice(-MAX_ENTRIES) : state.sent;
  return `${JSON.stringify({ v: 1, sent, heldUntil: state.heldUntil })}\n`;
}
