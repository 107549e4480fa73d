/**
 * Every file vis writes whole goes through here: the config file, the response cache and
 * the completion cache, export files, the shared request window, and `-o FILE`.
 *
 * A new temporary file is created in the target's own folder (rename is atomic only
 * within one file system) with O_CREAT|O_EXCL|O_NOFOLLOW, so it is never anything that was
 * there before: not a link planted at its name, not a FIFO, not another writer's temp
 * file. It is written, fsynced, closed and renamed over the target. rename replaces a link,
 * a FIFO or an old file itself, never what a link points to, and a reader sees the old file
 * or the new one, whole. Parallel writers each write their own temp file; the last rename
 * wins, and what it leaves is one writer's file, whole (a read-modify-write needs a lock
 * besides: src/fs/lock.ts).
 *
 * On any failure (the file system's, or an error thrown by the content while it renders)
 * the temp file is removed and the target is as it was. While it exists, the temp file is
 * in pendingTempFiles, so the Ctrl-C handler (main.ts) can remove it.
 *
 * Temp names are `.tmp.<pid>.<random>` (a reader of a folder vis manages passes over
 * that prefix), or `.<name>.<pid>.<random>.tmp` for a file in a folder the user named,
 * so a leftover says whose it is. A name already taken (by a planted link, say) is not
 * used: another is drawn.
 *
 * Everything is synchronous: a signal's handler runs only once a write has returned.
 */
import { closeSync, constants, fchmodSync, fsyncSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Temporary files in folders vis manages start so: a folder's reader can tell them from the files it keeps. */
export const TEMP_PREFIX = '.tmp.';

/** Temp files in flight, so the Ctrl-C handler can remove them synchronously. */
export const pendingTempFiles = new Set<string>();

export function removePendingTempFiles(): void {
  for (const p of pendingTempFiles) {
    try {
      unlinkSync(p);
    } catch {
      // Already gone.
    }
  }
  pendingTempFiles.clear();
}

/** What is written: text (UTF-8) or bytes, at once or in parts rendered on the way. */
export type Content = string | Buffer | Iterable<string | Buffer>;

export interface AtomicWriteOptions {
  /** The mode of the new file, less the umask. */
  mode: number;
  /** A regular file being replaced keeps its own mode instead (exactly, as a shell redirect keeps it). */
  keepMode?: boolean;
  /** Also fsync the folder after the rename, so the rename itself survives a crash. */
  syncFolder?: boolean;
  /** Name the temp file after the target (`.<name>.<pid>.<random>.tmp`), for a folder the user named. */
  namedTemp?: boolean;
}

/** How many names are drawn before a folder full of taken names is given up on. */
const NAME_TRIES = 8;

/**
 * Replaces `path` with a new regular file holding `content`. Throws, leaving the old file
 * as it was and no temporary file, on any failure.
 */
export function writeFileAtomically(path: string, content: Content, options: AtomicWriteOptions): void {
  const kept = options.keepMode ? existingMode(path) : undefined;
  const { tmp, fd } = createTemp(path, options.namedTemp === true, options.mode);
  pendingTempFiles.add(tmp);
  try {
    try {
      // fchmod: the umask must not narrow a mode kept from the old file.
      if (kept !== undefined) fchmodSync(fd, kept);
      for (const part of batches(content)) writeAll(fd, part);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {
      // Removed already (by the Ctrl-C handler).
    }
    throw err;
  } finally {
    pendingTempFiles.delete(tmp);
  }
  if (options.syncFolder) syncFolder(dirname(path));
}

function createTemp(path: string, named: boolean, mode: number): { tmp: string; fd: number } {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  for (let tries = 1; ; tries++) {
    const tmp = tempName(path, named);
    try {
      return { tmp, fd: openSync(tmp, flags, mode) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || tries >= NAME_TRIES) throw err;
    }
  }
}

export function tempName(path: string, named: boolean): string {
  const unique = `${process.pid}.${Math.random().toString(36).slice(2, 10)}`;
  const name = named ? `.${basename(path)}.${unique}.tmp` : `${TEMP_PREFIX}${unique}`;
  return join(dirname(path), name);
}

function existingMode(path: string): number | undefined {
  try {
    const st = statSync(path);
    if (st.isFile()) return st.mode & 0o7777;
  } catch {
    // None yet (or out of reach: the write will say why).
  }
  return undefined;
}

/** Some file systems refuse to fsync a folder, or to open one for it; the file is safe anyway. */
function syncFolder(dir: string): void {
  let fd: number;
  try {
    fd = openSync(dir, constants.O_RDONLY);
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // Best effort.
  } finally {
    closeSync(fd);
  }
}

/** The content as bytes, in writes of 64 KiB or more (the last may be shorter); text is joined before it is encoded. */
function* batches(content: Content): Generator<Buffer> {
  if (Buffer.isBuffer(content)) return yield content;
  if (typeof content === 'string') return yield Buffer.from(content);
  let text = '';
  for (const part of content) {
    if (Buffer.isBuffer(part)) {
      yield Buffer.from(text);
      text = '';
      yield part;
      continue;
    }
    text += part;
    if (text.length >= 1 << 16) {
      yield Buffer.from(text);
      text = '';
    }
  }
  yield Buffer.from(text);
}

function writeAll(fd: number, buf: Buffer): void {
  for (let off = 0; off < buf.length;) off += writeSync(fd, buf, off, buf.length - off);
}
