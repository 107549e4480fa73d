/**
 * Writing the result: stdout, or a file written atomically (src/fs/atomic-write.ts), so a
 * failure or Ctrl-C never leaves a half-written file and an old file stays whole until the
 * new one is complete. What is not a regular file (a device, a FIFO, /dev/stdout,
 * /dev/fd/N) cannot be replaced that way and is written in place, like a shell redirect.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readlinkSync, realpathSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { InterruptedError } from '../errors.js';
import { writeFileAtomically } from '../fs/atomic-write.js';

// main.ts's Ctrl-C handler removes the temp files of any atomic write in flight from here.
export { pendingTempFiles, removePendingTempFiles } from '../fs/atomic-write.js';

export type Chunks = Iterable<string> | string;
/** What a target is written: text, or bytes (a PDF). */
export type Written = Chunks | Buffer;

/**
 * Writes chunks to `path` atomically. Throws (leaving the old file as it was, and no temp
 * file behind) on failure, including an error thrown by `chunks` while it renders.
 *
 * The folder is fsynced after the rename too, so a crash leaves the old file or the new
 * one, never a mix or an empty file. A symlink is written through (its target is
 * replaced, the link stays); an existing file keeps its mode; a new one gets 0666 less
 * the umask, like a shell redirect.
 */
export function writeFileAtomic(path: string, chunks: Written): void {
  writeFileAtomically(writtenPath(path), chunks, { mode: 0o666, keepMode: true, syncFolder: true, namedTemp: true });
}

/**
 * The file a write to `path` replaces: the file a symlink points at (followed all the
 * way), or the path itself. A dangling link names the file to create, as for a shell
 * redirect: the link is never replaced. Throws ELOOP for a loop of links.
 */
export function writtenPath(path: string): string {
  let p = resolve(path);
  for (let hop = 0; hop < 40; hop++) {
    let link: string;
    try {
      if (!lstatSync(p).isSymbolicLink()) return p;
      link = readlinkSync(p);
    } catch {
      // Missing: the file to create.
      return p;
    }
    try {
      return realpathSync(p);
    } catch {
      // Dangling: one hop further.
      p = resolve(dirname(p), link);
    }
  }
  // A loop of links: realpath throws the system's ELOOP (a link is never replaced).
  return realpathSync(path);
}

/**
 * What tells two targets apart: the same key, the same file. A descriptor (`-` is 1) or an
 * existing file is its device and inode (a hard link, a link to it, `/dev/fd/N` opened on
 * it); a file still to be made is the path it will have, its folder's links resolved.
 */
export function targetKey(output: string): string {
  const fd = output === '-' ? 1 : ownDescriptor(output);
  try {
    const st = fd === undefined ? statSync(output) : fstatSync(fd);
    return `${st.dev}:${st.ino}`;
  } catch {
    if (fd !== undefined) return `fd:${fd}`;
  }
  try {
    const path = writtenPath(output);
    return `path:${join(realpathSync(dirname(path)), basename(path))}`;
  } catch {
    // Nowhere to write (the write says why): only the same spelling is the same file.
    return `path:${resolve(output)}`;
  }
}

/**
 * How `-o PATH` is written:
 * - `replace`: a regular file, or nothing yet: written atomically (writeFileAtomic).
 * - `fd`: /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N (also through symlinks):
 *   vis's own descriptor N, written as it is (its offset and append mode kept).
 * - `in-place`: a character or block device, a FIFO or a socket (also through a symlink):
 *   opened and written, never replaced. Replacing it would destroy it (`-o /dev/null` as
 *   root would leave a regular file where the device was).
 * - `folder`: refused.
 */
export type OutputTarget = { kind: 'replace' } | { kind: 'fd'; fd: number } | { kind: 'in-place'; fifo: boolean } | { kind: 'folder' };

/**
 * True when `path`, as the user wrote it, names a folder by its spelling: a trailing `/`
 * (or `\\` on Windows), or a last part `.` or `..`. Resolving the path drops the slash, and
 * a missing `newdir/` would otherwise be written as a file named `newdir`.
 */
export function namesFolder(path: string): boolean {
  return /[/\\]$/.test(path) || /(^|[/\\])\.{1,2}$/.test(path);
}

export function outputTarget(path: string): OutputTarget {
  const fd = ownDescriptor(path);
  if (fd !== undefined) return { kind: 'fd', fd };
  let st;
  try {
    st = statSync(path);
  } catch {
    // Missing (or unreachable): the atomic write creates it, or reports why it cannot.
    return { kind: 'replace' };
  }
  if (st.isFile()) return { kind: 'replace' };
  if (st.isDirectory()) return { kind: 'folder' };
  return { kind: 'in-place', fifo: st.isFIFO() };
}

/**
 * True when `path` is a terminal device (/dev/tty, /dev/pts/N): only opening it can tell,
 * so it is opened as it would be for writing (never becoming vis's controlling terminal,
 * never waiting) and closed again. Anything that cannot be opened is not a terminal.
 * Never given a FIFO: closing it again would end the input of a reader already waiting.
 */
export function isTerminalDevice(path: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_NOCTTY | constants.O_NONBLOCK);
    // node:tty (with node:net and the streams) loads here, not with this module: every
    // command imports it, and few ever ask.
    return process.getBuiltinModule('node:tty').isatty(fd);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const FD_PATH = /^\/(?:dev\/fd|proc\/(?:self|thread-self|(\d+))\/fd)\/(\d+)$/;
const STD_PATH: Record<string, number> = { '/dev/stdin': 0, '/dev/stdout': 1, '/dev/stderr': 2 };

/** The descriptor a path names (/dev/stdout, /dev/fd/3, a link to one), if it is one of ours. */
export function ownDescriptor(path: string): number | undefined {
  let p = resolve(path);
  for (let hop = 0; hop < 40; hop++) {
    if (STD_PATH[p] !== undefined) return STD_PATH[p];
    const m = FD_PATH.exec(p);
    if (m && (m[1] === undefined || Number(m[1]) === process.pid)) return Number(m[2]);
    try {
      if (!lstatSync(p).isSymbolicLink()) return undefined;
      p = resolve(dirname(p), readlinkSync(p));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** How long to wait between tries while a FIFO has no reader, or a device is full. */
const RETRY_MS = 20;

/**
 * Writes chunks to an existing device or FIFO in place: opened write-only, never created,
 * truncated or replaced. A FIFO waits for a reader, as `echo > fifo` does, but without
 * blocking the process, so Ctrl-C still stops vis. Output already written stays written.
 */
export async function writeInPlace(path: string, chunks: Written, signal?: AbortSignal): Promise<void> {
  const flags = constants.O_WRONLY | constants.O_NOCTTY | constants.O_NONBLOCK;
  let fd: number | undefined;
  while (fd === undefined) {
    try {
      fd = openSync(path, flags);
    } catch (err) {
      // ENXIO: a FIFO with no reader yet (a socket says ENXIO too, and is not a FIFO).
      if ((err as NodeJS.ErrnoException).code !== 'ENXIO' || !statSync(path).isFIFO()) throw err;
      await pause(signal);
    }
  }
  try {
    await writeFd(fd, chunks, signal);
  } finally {
    closeSync(fd);
  }
}

/** Writes chunks to an open descriptor, waiting (not blocking) while it is full. */
export async function writeFd(fd: number, chunks: Written, signal?: AbortSignal): Promise<void> {
  for (const batch of batches(chunks)) await writeAllPatiently(fd, batch, signal);
}

/** The chunks joined into writes of 64 KiB or more (the last may be shorter), never empty; bytes as they are. */
function* batches(chunks: Written): Generator<string | Buffer> {
  if (Buffer.isBuffer(chunks)) {
    if (chunks.length > 0) yield chunks;
    return;
  }
  const parts = typeof chunks === 'string' ? [chunks] : chunks;
  let buffer = '';
  for (const part of parts) {
    buffer += part;
    if (buffer.length >= 1 << 16) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer) yield buffer;
}

async function writeAllPatiently(fd: number, text: string | Buffer, signal?: AbortSignal): Promise<void> {
  const buf = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
  let off = 0;
  while (off < buf.length) {
    try {
      off += writeSync(fd, buf, off, buf.length - off);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      await pause(signal);
    }
  }
}

function pause(signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(new InterruptedError());
  return new Promise((done) => setTimeout(done, RETRY_MS));
}

/**
 * Writes chunks to a stream, respecting back-pressure, batching small chunks. A stream
 * destroyed on the way without an error ends the write quietly, the rest dropped: a child
 * process's stdin is destroyed when the child exits, and that can be seen before the
 * EPIPE of the write it left unread (another child's SIGCHLD makes Node reap them all at
 * once; a process the pager left behind can hold its stdin open).
 */
export async function writeStream(stream: Writable, chunks: Written): Promise<void> {
  if (Buffer.isBuffer(chunks)) {
    if (chunks.length > 0 && !stream.destroyed) await writeOne(stream, chunks);
    return;
  }
  const parts = typeof chunks === 'string' ? [chunks] : chunks;
  let buffer = '';
  for (const part of parts) {
    if (stream.destroyed) return;
    buffer += part;
    if (buffer.length >= 1 << 16) {
      await writeOne(stream, buffer);
      buffer = '';
    }
  }
  if (buffer && !stream.destroyed) await writeOne(stream, buffer);
}

/** Resolves once the stream can take more (drain) or is gone (close); rejects on its error. */
function writeOne(stream: Writable, text: string | Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = stream.write(text, (err) => (err ? reject(err) : undefined));
    if (ok) return resolve();
    const settle = (err?: Error) => {
      stream.off('drain', onDrain);
      stream.off('error', onError);
      stream.off('close', onClose);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => settle();
    const onError = (err: Error) => settle(err);
    // Destroyed without an error: neither 'drain' nor 'error' ever comes.
    const onClose = () => settle();
    stream.once('drain', onDrain);
    stream.once('error', onError);
    stream.once('close', onClose);
  });
}
