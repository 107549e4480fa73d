/**
 * Reading back, and writing, the files vis keeps outside its config folder.
 *
 * What vis trusts: its own config folder. What it does not: manifests, export folders,
 * the response cache and the completion cache, history files, the server's text and the
 * environment. Whoever could write there may have left a link, a FIFO or a device where
 * vis expects a file of its own, so:
 * - a file read back is opened without following a link (O_NOFOLLOW) and without waiting
 *   (O_NONBLOCK: opening a FIFO nobody writes to would block the process where no signal
 *   handler runs, so not even Ctrl-C would stop it), and read only when the descriptor
 *   turns out to be a regular file;
 * - a file is written as a new regular file, renamed over the target (src/fs/atomic-write.ts);
 * - nothing is written outside the folder the user named (src/fs/inside-folder.ts).
 *
 * `-o PATH` is the user's own file: it is written as a shell redirect would write it, their
 * own links followed (src/output/write.ts).
 *
 * Everything here is synchronous: a signal's handler runs only once it returns, so Ctrl-C
 * never leaves a temporary file behind.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';

/** vis expected a regular file of its own and found a link, a FIFO, a device or a folder. */
export class NotRegularFileError extends Error {
  readonly code = 'ENOTREG';

  constructor(
    readonly path: string,
    readonly link: boolean,
  ) {
    super(`${path} is ${link ? 'a symbolic link' : 'not a regular file'}`);
    this.name = 'NotRegularFileError';
  }
}

/**
 * The bytes of a regular file. Throws NotRegularFileError for a link or anything but a
 * regular file, and what open() throws otherwise (ENOENT when there is none).
 */
export function readRegularFile(path: string): Buffer {
  const fd = openNoFollow(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    requireRegular(fd, path);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * At most the first `max` bytes of a regular file (fewer when it is shorter), for a look
 * at a file's header without reading all of it. Refused like readRegularFile.
 */
export function readRegularFileHead(path: string, max: number): Buffer {
  const fd = openNoFollow(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    requireRegular(fd, path);
    const buf = Buffer.alloc(max);
    let got = 0;
    for (let n = -1; got < max && n !== 0; got += n) n = readSync(fd, buf, got, max - got, got);
    return buf.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

/** Appends to a regular file, creating it with `mode` when missing; refused like readRegularFile. */
export function appendToRegularFile(path: string, text: string, mode: number): void {
  const fd = openNoFollow(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK, mode);
  try {
    requireRegular(fd, path);
    writeAll(fd, Buffer.from(text));
  } finally {
    closeSync(fd);
  }
}

function openNoFollow(path: string, flags: number, mode?: number): number {
  try {
    return openSync(path, flags | constants.O_NOFOLLOW, mode);
  } catch (err) {
    // O_NOFOLLOW's answer when the last part of the path is a link.
    if ((err as NodeJS.ErrnoException).code === 'ELOOP') throw new NotRegularFileError(path, true);
    throw err;
  }
}

function requireRegular(fd: number, path: string): void {
  if (!fstatSync(fd).isFile()) throw new NotRegularFileError(path, false);
}

function writeAll(fd: number, buf: Buffer): void {
  for (let off = 0; off < buf.length;) off += writeSync(fd, buf, off, buf.length - off);
}
