/**
 * Writing the result: stdout, or a file written atomically (temp file in the same folder,
 * fsync, rename), so a failure or Ctrl-C never leaves a half-written file and an old file
 * stays whole until the new one is complete.
 */
import { closeSync, constants, fchmodSync, fsyncSync, lstatSync, openSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Writable } from 'node:stream';

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

export type Chunks = Iterable<string> | string;

/**
 * Writes chunks to `path` atomically. Throws (leaving the old file as it was, and no temp
 * file behind) on failure, including an error thrown by `chunks` while it renders.
 *
 * The temp file sits in the target's own folder (rename is atomic only within one file
 * system), is fsynced before the rename and the folder after it, so a crash leaves the
 * old file or the new one, never a mix or an empty file. A symlink is written through
 * (its target is replaced, the link stays); an existing file keeps its mode; a new one
 * gets 0666 less the umask, like a shell redirect.
 */
export function writeFileAtomic(path: string, chunks: Chunks): void {
  const target = resolveLink(path);
  const dir = dirname(target);
  const tmp = join(dir, `.${basename(target)}.${process.pid}.${randomSuffix()}.tmp`);
  const keepMode = existingMode(target);
  pendingTempFiles.add(tmp);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o666);
    if (keepMode !== undefined) fchmodSync(fd, keepMode);
    const parts = typeof chunks === 'string' ? [chunks] : chunks;
    let buffer = '';
    for (const part of parts) {
      buffer += part;
      if (buffer.length >= 1 << 16) {
        writeAll(fd, buffer);
        buffer = '';
      }
    }
    if (buffer) writeAll(fd, buffer);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, target);
    pendingTempFiles.delete(tmp);
  } catch (err) {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        // The write error is the one worth reporting.
      }
    }
    try {
      unlinkSync(tmp);
    } catch {
      // Never created, or already removed.
    }
    pendingTempFiles.delete(tmp);
    throw err;
  }
  syncFolder(dir);
}

/** The file a symlink points at (followed all the way), or the path itself. */
function resolveLink(path: string): string {
  try {
    if (lstatSync(path).isSymbolicLink()) return realpathSync(path);
  } catch {
    // Missing, or a dangling link: write the path itself.
  }
  return path;
}

function existingMode(path: string): number | undefined {
  try {
    const st = statSync(path);
    return st.isFile() ? st.mode & 0o7777 : undefined;
  } catch {
    return undefined;
  }
}

/** Makes the rename durable. Some file systems refuse to fsync a folder; the file is safe anyway. */
function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, constants.O_RDONLY);
    fsyncSync(fd);
  } catch {
    // Best effort.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function writeAll(fd: number, text: string): void {
  const buf = Buffer.from(text, 'utf8');
  let off = 0;
  while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
}

/** Writes chunks to a stream, respecting back-pressure, batching small chunks. */
export async function writeStream(stream: Writable, chunks: Chunks): Promise<void> {
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

function writeOne(stream: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = stream.write(text, (err) => (err ? reject(err) : undefined));
    if (ok) resolve();
    else {
      const onDrain = () => {
        stream.off('error', onError);
        resolve();
      };
      const onError = (err: Error) => {
        stream.off('drain', onDrain);
        reject(err);
      };
      stream.once('drain', onDrain);
      stream.once('error', onError);
    }
  });
}

/**
 * node:crypto is loaded here, on the first file written, not by every command that
 * imports this module for removePendingTempFiles (it is 2 MB and a few ms at start-up).
 */
function randomSuffix(): string {
  return process.getBuiltinModule('node:crypto').randomBytes(4).toString('hex');
}
