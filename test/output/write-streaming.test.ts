/**
 * How write.ts hands output over: small chunks joined into writes of 64 KiB (so what a
 * renderer produced before it failed stays written, 64 KiB at a time), a full pipe waited
 * for rather than failed, an error that is not "full" reported, a stream's back-pressure
 * respected with no listener left behind, and a terminal check that never leaves a
 * descriptor open. Also the spellings of a descriptor that are not ours.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readdirSync, readFileSync, readSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { isTerminalDevice, ownDescriptor, writeFd, writeInPlace, writeStream } from '../../src/output/write.js';

const folder = () => mkdtempSync(join(tmpdir(), 'vis-write-streaming-'));
const BATCH = 1 << 16;

/** A stream that records each write it is given; `slow`: it takes each one a turn later, so writes wait for 'drain'. */
function recorder(slow = false) {
  const writes: string[] = [];
  const stream = new Writable({
    highWaterMark: slow ? 1 : 16 * BATCH,
    write(chunk: Buffer, _enc, done) {
      writes.push(chunk.toString('utf8'));
      if (slow) setImmediate(done);
      else done();
    },
  });
  return { stream, writes };
}

function failingAfter(parts: string[]): Iterable<string> {
  return {
    *[Symbol.iterator]() {
      yield* parts;
      throw new TypeError('renderer bug');
    },
  };
}

describe('writeFd: writes of 64 KiB, what came before a failure stays written', () => {
  it('parts shorter than a batch are held; a batch full is written before the renderer goes on', async () => {
    const dir = folder();
    const path = join(dir, 'out');
    writeFileSync(path, '');
    const fd = openSync(path, 'w');
    try {
      await expect(writeFd(fd, failingAfter(['a', 'b']))).rejects.toThrow('renderer bug');
      expect(readFileSync(path, 'utf8')).toBe('');
      await expect(writeFd(fd, failingAfter(['a', 'x'.repeat(BATCH - 2), 'b']))).rejects.toThrow('renderer bug');
      expect(readFileSync(path, 'utf8')).toBe(`a${'x'.repeat(BATCH - 2)}b`);
    } finally {
      closeSync(fd);
    }
  });

  it('a write the descriptor refuses is the error, not a wait', async () => {
    const dir = folder();
    const path = join(dir, 'read-only');
    writeFileSync(path, 'kept');
    const fd = openSync(path, 'r');
    try {
      await expect(writeFd(fd, 'x')).rejects.toMatchObject({ code: 'EBADF' });
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(path, 'utf8')).toBe('kept');
  });

  it('a FIFO that is full is waited for until its reader drains it, every byte delivered in order', async () => {
    const dir = folder();
    const path = join(dir, 'pipe');
    expect(spawnSync('mkfifo', [path]).status).toBe(0);
    const rfd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const text = Array.from({ length: 5 * BATCH }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    try {
      // Nothing is read until the writer has filled the pipe and had to wait.
      const pending = writeInPlace(path, text);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const got: Buffer[] = [];
      let total = 0;
      const buf = Buffer.alloc(BATCH);
      while (total < text.length) {
        try {
          const n = readSync(rfd, buf, 0, buf.length, null);
          got.push(Buffer.from(buf.subarray(0, n)));
          total += n;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
      await pending;
      expect(Buffer.concat(got).toString('utf8')).toBe(text);
    } finally {
      closeSync(rfd);
    }
  });
});

describe('writeStream: batches, back-pressure, nothing left listening', () => {
  it('small parts are one write; a batch full is written as it fills; bytes as they are', async () => {
    const { stream, writes } = recorder();
    await writeStream(stream, ['a', 'b', 'c']);
    expect(writes).toEqual(['abc']);
    const big = 'x'.repeat(BATCH);
    const other = recorder();
    await writeStream(other.stream, ['a', big, 'y', 'z']);
    expect(other.writes).toEqual([`a${big}`, 'yz']);
  });

  it('empty bytes, or bytes for a stream already gone, are not written', async () => {
    const { stream, writes } = recorder();
    await writeStream(stream, Buffer.alloc(0));
    expect(writes).toEqual([]);
    const gone = recorder();
    gone.stream.destroy();
    await expect(writeStream(gone.stream, Buffer.from('pdf'))).resolves.toBeUndefined();
    expect(gone.writes).toEqual([]);
  });

  it('a stream gone while the chunks render takes nothing more, quietly', async () => {
    const { stream, writes } = recorder();
    function* chunks() {
      yield 'first';
      stream.destroy();
    }
    await expect(writeStream(stream, chunks())).resolves.toBeUndefined();
    expect(writes).toEqual([]);
  });

  it('waits for each drain of a slow stream, and leaves no listener behind', async () => {
    const { stream, writes } = recorder(true);
    const big = 'x'.repeat(BATCH);
    await writeStream(stream, [big, big, 'end']);
    expect(writes.join('')).toBe(`${big}${big}end`);
    for (const event of ['drain', 'error', 'close']) expect(stream.listenerCount(event)).toBe(0);
    // Gone while waiting for a drain: the close settles it, and nothing stays attached either.
    const gone = recorder(true);
    const pending = writeStream(gone.stream, [big, big]);
    setImmediate(() => gone.stream.destroy());
    await pending;
    for (const event of ['drain', 'error', 'close']) expect(gone.stream.listenerCount(event)).toBe(0);
  });
});

describe('isTerminalDevice', () => {
  it('a device that is no terminal, a file, or nothing: false, and no descriptor left open', () => {
    const dir = folder();
    expect(spawnSync('mknod', [join(dir, 'null'), 'c', '1', '3']).status).toBe(0);
    writeFileSync(join(dir, 'file'), '');
    const open = () => readdirSync('/proc/self/fd').length;
    const before = open();
    expect(isTerminalDevice(join(dir, 'null'))).toBe(false);
    expect(isTerminalDevice(join(dir, 'file'))).toBe(false);
    expect(isTerminalDevice(join(dir, 'missing'))).toBe(false);
    expect(open()).toBe(before);
  });
});

describe('ownDescriptor: only the whole spelling of one of ours', () => {
  it('a path that merely ends or starts like a descriptor, or a loop of links, is none', () => {
    const dir = folder();
    expect(ownDescriptor(join(dir, 'dev', 'fd', '3'))).toBeUndefined();
    expect(ownDescriptor('/dev/fd/3x')).toBeUndefined();
    symlinkSync(join(dir, 'b'), join(dir, 'a'));
    symlinkSync(join(dir, 'a'), join(dir, 'b'));
    expect(ownDescriptor(join(dir, 'a'))).toBeUndefined();
  });
});
