/**
 * Writing the result: stdout, or a file written atomically (temp file in the same folder,
 * fsync, rename), so a failure or Ctrl-C never leaves a half-written file and an old file
 * stays whole until the new one is complete.
 */
import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync, constants } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
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

/** Writes chunks to `path` atomically. Throws (leaving the old file as it was) on failure. */
export function writeFileAtomic(path: string, chunks: Chunks): void {
  const dir = dirname(path);
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  pendingTempFiles.add(tmp);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
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
    renameSync(tmp, path);
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
