/**
 * A lock file, so parallel vis runs never lose each other's changes to a shared file (the
 * config file, the completion cache, the history store, and any later cache or state
 * file): every read-modify-write of such a file runs inside `withLock(file, fn)`, and `fn`
 * reads the file fresh, changes it and writes it back before the lock is let go.
 *
 * How it works:
 * - The lock is `<file>.lock`, created with O_CREAT|O_EXCL (mode 0600), so exactly one
 *   process (or one caller in this process) holds it. It holds JSON: pid, host name, when
 *   it was taken, a random token that tells this holder's lock from a later one, and (on
 *   Linux) when the holding process started, as the kernel counts it (`start`).
 * - A caller that finds it taken waits in short sleeps (10 ms, growing to 100 ms) while
 *   the same holder keeps it for at most `timeoutMs` (10 s), then gets a UsageError (exit
 *   2) naming the holder (or the caller's own error, `timeoutError`). A lock that changes
 *   hands meanwhile (a long job done in short holds) starts the count again: only a holder
 *   that keeps it that long ends the wait. `onWait` is told once when the wait passes 1 s.
 * - A lock whose holder runs on this host is never broken, however old. Its holder is
 *   gone when process.kill(pid, 0) says ESRCH, or when the process with that pid started
 *   at another time than the lock says (the pid was reused: /proc/<pid>/stat's start time
 *   and the boot id, Linux only; elsewhere, or for a lock without `start`, the pid alone
 *   decides). A lock of another host (a shared folder), whose pid cannot be checked from
 *   here, is stale once older than `staleMs` (30 s), as is a lock whose text is not
 *   written yet or is garbage, by its mtime. A stale lock is removed only by the caller
 *   that holds `<file>.lock.break` (also O_EXCL), after judging it stale once more, so two
 *   waiters can never both "remove the stale lock" and take away a fresh one between them.
 * - The lock is released in a `finally`, and only if it is still this holder's (its token
 *   matches): a holder whose lock was broken does not remove the next one. Locks still
 *   held when the process exits (Ctrl-C: main.ts calls process.exit) are removed by an
 *   'exit' listener, synchronously.
 *
 * The lock is not refreshed while it is held: keep `fn` short (read, change, write), and
 * never wait on the network inside it. Callers in one process queue in memory first (in
 * the order they called), then take the file lock like any other process.
 *
 * Why not proper-lockfile (a `<file>.lock` folder made with mkdir, its mtime refreshed by
 * a timer, judged stale by that mtime alone, 10 s by default and never under 2 s):
 * - A holder that dies outright (SIGKILL, a crash, a closed terminal) would keep every
 *   later vis waiting until its lock is stale: `vis config set` stalled for seconds.
 *   Here the pid in the lock says it is gone, and the lock is broken at once
 *   (test/fs/lock.test.ts, "killed outright").
 * - Two waiters that both find a stale lock both remove it (rmdir, then mkdir again): the
 *   second can remove the fresh lock the first has just taken, and both go on. Here
 *   only the holder of `<lock>.break` removes it, after judging it stale once more.
 * - Its lock holds nothing, so a timeout cannot say who holds it, and a release can remove
 *   a lock another process took since (before the refresh timer noticed); here the lock
 *   names its holder, and a holder lets go only of its own (its token).
 * - Two callers in one process get ELOCKED, and waiting needs its `retries`, which its
 *   synchronous API refuses; the config, the completion cache and the request window are
 *   all changed by several callers of one process.
 * - A lock it can no longer refresh (the event loop held up past the stale time) is
 *   "compromised", and by default that throws from a timer: an uncaught exception.
 * - It follows the file's links (realpath, failing with ENOENT for a config not yet
 *   written) and brings graceful-fs, retry and signal-exit, whose v3 replaces
 *   process.emit and process.reallyExit beside main.ts's own signal handling.
 * Both need only the file's folder (no HOME), and both throw the errno of a read-only
 * folder for the caller to word. On NFS, mkdir and O_EXCL are both atomic; a lock of
 * another host is judged by its age, by clocks that may differ between hosts.
 */
import { closeSync, constants, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { UsageError } from '../errors.js';
import { NotRegularFileError, readRegularFile } from './safe-file.js';

/** What the lock waits with; any Context clock fits. Tests pass a fake one. */
export interface LockClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export interface LockOptions {
  /** How long to wait while one holder keeps the lock, before giving up. Default 10 s. */
  timeoutMs?: number;
  /** A lock of another host (or one not vis's) older than this is taken as abandoned and removed. Default 30 s. */
  staleMs?: number;
  clock?: LockClock;
  /** Whether process `pid` of this host runs. Default: process.kill(pid, 0) does not say ESRCH. */
  isAlive?: (pid: number) => boolean;
  /** When process `pid` of this host started (an opaque text), undefined when unknown. Default: from /proc (Linux). */
  startOf?: (pid: number) => string | undefined;
  /** Told once when the wait has lasted WAIT_NOTICE_MS, with the holder as the lock names it. */
  onWait?: (holder: LockInfo | undefined) => void;
  /** The error thrown when one holder kept the lock for timeoutMs. Default: a UsageError naming the lock file and its holder. */
  timeoutError?: (path: string, holder: LockInfo | undefined, timeoutMs: number) => Error;
}

export const LOCK_TIMEOUT_MS = 10_000;
export const LOCK_STALE_MS = 30_000;
/** How long a wait lasts before `onWait` is told. */
export const WAIT_NOTICE_MS = 1_000;
const FIRST_POLL_MS = 10;
const MAX_POLL_MS = 100;

/** What a lock file holds. */
export interface LockInfo {
  pid: number;
  host: string;
  /** When it was taken, in ms since the epoch (the clock of the process that took it). */
  at: number;
  token: string;
  /** When the holding process started (boot id and start time, from /proc); absent where unknown. */
  start?: string;
}

const realClock: LockClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The lock file of `file`. */
export function lockPath(file: string): string {
  return `${file}.lock`;
}

/**
 * Runs `fn` while holding the lock of `file`, and returns what it returns. The lock is
 * let go when `fn` returns or throws. Errors creating the lock file (a read-only folder)
 * are thrown as they are, with their errno code, for the caller to word.
 */
export async function withLock<T>(file: string, fn: () => T | Promise<T>, options: LockOptions = {}): Promise<T> {
  // Callers in this process queue here first, so they take turns without polling the file.
  const path = lockPath(file);
  const before = queues.get(path);
  let done!: () => void;
  const turn = new Promise<void>((resolve) => (done = resolve));
  const tail = (before ?? Promise.resolve()).then(() => turn);
  queues.set(path, tail);
  try {
    await before;
    const held = await acquire(path, options);
    try {
      return await fn();
    } finally {
      release(held);
    }
  } finally {
    done();
    if (queues.get(path) === tail) queues.delete(path);
  }
}

/** By lock file: the turn of the last caller in this process that asked for it. */
const queues = new Map<string, Promise<void>>();

interface HeldLock {
  path: string;
  token: string;
}

/** Locks held by this process now, removed on exit if a signal cuts a holder short. */
const heldLocks = new Set<HeldLock>();
let exitListener = false;

/** How a waiter judges a lock: the options' functions, or the real ones. */
interface Judge {
  now: number;
  staleMs: number;
  isAlive: (pid: number) => boolean;
  startOf: (pid: number) => string | undefined;
}

async function acquire(path: string, options: LockOptions): Promise<HeldLock> {
  const clock = options.clock ?? realClock;
  const timeoutMs = options.timeoutMs ?? LOCK_TIMEOUT_MS;
  const startOf = options.startOf ?? processStart;
  const judge = (now: number): Judge => ({ now, staleMs: options.staleMs ?? LOCK_STALE_MS, isAlive: options.isAlive ?? processIsAlive, startOf });
  const started = clock.now();
  let holder: string | undefined;
  let holderSince = started;
  let told = false;
  let poll = FIRST_POLL_MS;
  for (;;) {
    const info: LockInfo = { pid: process.pid, host: hostname(), at: clock.now(), token: newToken() };
    const start = startOf(process.pid);
    if (start !== undefined) info.start = start;
    if (tryCreate(path, `${JSON.stringify(info)}\n`)) {
      const held = { path, token: info.token };
      heldLocks.add(held);
      if (!exitListener) {
        exitListener = true;
        process.on('exit', releaseAll);
      }
      return held;
    }
    const now = clock.now();
    const state = readLock(path);
    if (isStale(state, judge(now)) && breakStaleLock(path, judge(now))) continue;
    // The count restarts for each new holder: a lock that changes hands is not a stuck one.
    const id = state && (state.info?.token ?? `mtime ${state.mtimeMs}`);
    if (id !== undefined && id !== holder) {
      holder = id;
      holderSince = now;
    }
    const left = timeoutMs - (now - holderSince);
    if (left <= 0) throw (options.timeoutError ?? timeoutError)(path, state?.info, timeoutMs);
    if (!told && now - started >= WAIT_NOTICE_MS) {
      told = true;
      options.onWait?.(state?.info);
    }
    await clock.sleep(Math.min(poll, left));
    poll = Math.min(poll * 2, MAX_POLL_MS);
  }
}

/** Creates `path` exclusively with `text`; false when it exists already. */
function tryCreate(path: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, text);
  } catch (err) {
    // A full disk: no half-written lock left behind.
    closeSync(fd);
    unlinkSync(path);
    throw err;
  }
  closeSync(fd);
  return true;
}

interface LockState {
  /** What the lock file says, when it holds what vis writes. */
  info: LockInfo | undefined;
  mtimeMs: number;
}

/** The lock file as it is now; undefined when there is none. */
function readLock(path: string): LockState | undefined {
  try {
    const { mtimeMs } = statSync(path);
    // Not a regular file (a FIFO would block here for good): unreadable, judged by its age.
    let text = '';
    try {
      text = readRegularFile(path).toString('utf8');
    } catch (err) {
      if (!(err instanceof NotRegularFileError)) throw err;
    }
    return { info: parseLock(text), mtimeMs };
  } catch {
    return undefined;
  }
}

export function parseLock(text: string): LockInfo | undefined {
  try {
    const v = JSON.parse(text) as Partial<LockInfo> | null;
    if (v && Number.isSafeInteger(v.pid) && v.pid! > 0 && typeof v.host === 'string' && typeof v.at === 'number' && typeof v.token === 'string') {
      // A start that is not text is no start vis wrote: the lock is not vis's, judged by its age.
      if (v.start !== undefined && typeof v.start !== 'string') return undefined;
      return v as LockInfo;
    }
  } catch {
    // Not written yet (its creator is between open and write), or not vis's.
  }
  return undefined;
}

/**
 * Abandoned: its holder no longer runs on this host (gone, or its pid now names a process
 * that started at another time), or, for a lock of another host or one that is not vis's,
 * it is older than staleMs (either way: a lock dated far ahead is from a clock that was
 * wrong, or was set back). A holder that runs here is never stale, however long it holds.
 */
function isStale(state: LockState | undefined, j: Judge): boolean {
  if (!state) return false;
  const { info } = state;
  if (!info) return Math.abs(j.now - state.mtimeMs) >= j.staleMs;
  if (info.host !== hostname()) return Math.abs(j.now - info.at) >= j.staleMs;
  return !holderRuns(info, j);
}

/** Whether the holder of a lock of this host runs: its pid is alive, and started when the lock says (when it says). */
function holderRuns(info: LockInfo, j: Judge): boolean {
  if (info.pid !== process.pid && !j.isAlive(info.pid)) return false;
  if (info.start === undefined) return true;
  const now = j.startOf(info.pid);
  return now === undefined || now === info.start;
}

/**
 * Removes a stale lock, holding `<lock>.break` meanwhile and judging it stale once more
 * under it: another waiter may have removed the stale lock and taken a fresh one since.
 * A break file left by a process that died in these few lines is removed once it is old.
 * False when another waiter is breaking it now: wait, as for a held lock.
 */
function breakStaleLock(path: string, j: Judge): boolean {
  const breaker = `${path}.break`;
  if (!tryCreate(breaker, `${process.pid}\n`)) {
    try {
      if (Date.now() - statSync(breaker).mtimeMs < j.staleMs) return false;
      unlinkSync(breaker);
    } catch {
      // Gone already: the other waiter is done.
    }
    return true;
  }
  try {
    if (isStale(readLock(path), j)) unlinkSync(path);
  } catch {
    // Removed by its holder meanwhile.
  } finally {
    try {
      unlinkSync(breaker);
    } catch {
      // Nothing more to do.
    }
  }
  return true;
}

/** Removes the lock if it is still ours. */
function release(held: HeldLock): void {
  heldLocks.delete(held);
  try {
    if (parseLock(readRegularFile(held.path).toString('utf8'))?.token === held.token) unlinkSync(held.path);
  } catch {
    // Gone already (broken as stale by another process).
  }
}

function releaseAll(): void {
  for (const held of [...heldLocks]) release(held);
}

/** Unique enough to tell two holders apart; not node:crypto, which costs every start-up (test/e2e/startup). */
function newToken(): string {
  return `${process.pid}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 12)}`;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

let bootId: string | undefined;
let ownStart: string | undefined;

/**
 * When process `pid` started: this boot's id and the start time in clock ticks since boot
 * (field 22 of /proc/<pid>/stat), so a pid reused by a later process, or after a reboot,
 * reads differently. Undefined where there is no /proc, or the process is gone.
 */
export function processStart(pid: number): string | undefined {
  if (pid === process.pid && ownStart !== undefined) return ownStart;
  try {
    bootId ??= readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const start = startFromStat(bootId, readFileSync(`/proc/${pid}/stat`, 'utf8'));
    if (pid === process.pid) ownStart = start;
    return start;
  } catch {
    return undefined;
  }
}

/** `<boot id>/<ticks>`: the start time (field 22, clock ticks since boot) of a /proc/<pid>/stat line; undefined when it holds none. */
export function startFromStat(bootId: string, stat: string): string | undefined {
  // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
  const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  if (!ticks || !/^\d+$/.test(ticks)) return undefined;
  return `${bootId}/${ticks}`;
}

/** `process 123 on host since 2026-11-28T09:00:00.000Z`: the holder as a message names it. */
export function holderText(info: LockInfo): string {
  // The host name is shown only when it looks like one: the file is text from outside.
  const host = /^[A-Za-z0-9_.-]{1,255}$/.test(info.host) ? ` on ${info.host}` : '';
  const since = Number.isFinite(new Date(info.at).getTime()) ? ` since ${new Date(info.at).toISOString()}` : '';
  return `process ${info.pid}${host}${since}`;
}

/** `10 s`, or `500 ms` under a second. */
export function waitText(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

function timeoutError(path: string, info: LockInfo | undefined, timeoutMs: number): UsageError {
  const holder = info ? ` (held by ${holderText(info)})` : '';
  return new UsageError(`gave up after ${waitText(timeoutMs)} waiting for the lock file ${path}${holder}`, {
    hint: `Another vis is changing the same file. If none is running, the lock is left over: remove it (rm '${path}') and try again.`,
  });
}
