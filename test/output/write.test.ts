/**
 * -o writes: temp file in the same folder, fsync, rename. On any failure the old file is
 * untouched and no temp file is left, whether the file system refused or the renderer
 * threw half-way through.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { namesFolder, pendingTempFiles, removePendingTempFiles, writeFileAtomic, writeStream } from '../../src/output/write.js';

const folder = () => mkdtempSync(join(tmpdir(), 'vis-write-'));

describe('writeFileAtomic', () => {
  it('writes all chunks, in order, and leaves nothing else behind', () => {
    const dir = folder();
    const path = join(dir, 'out.csv');
    const big = 'x'.repeat(100_000);
    writeFileAtomic(path, ['a,b\r\n', big, '\r\n', 'é€😀']);
    expect(readFileSync(path, 'utf8')).toBe(`a,b\r\n${big}\r\né€😀`);
    expect(readdirSync(dir)).toEqual(['out.csv']);
    expect(pendingTempFiles.size).toBe(0);
  });

  it('an error while rendering leaves the old file whole and no temp file', () => {
    const dir = folder();
    const path = join(dir, 'out.json');
    writeFileSync(path, 'old contents\n');
    function* chunks() {
      yield 'x'.repeat(70_000); // enough to reach the disk before the failure
      yield 'more';
      throw new TypeError('renderer bug');
    }
    expect(() => writeFileAtomic(path, chunks())).toThrow('renderer bug');
    expect(readFileSync(path, 'utf8')).toBe('old contents\n');
    expect(readdirSync(dir)).toEqual(['out.json']);
    expect(pendingTempFiles.size).toBe(0);
  });

  it('a file system refusal leaves the old file whole and no temp file', () => {
    const dir = folder();
    const path = join(dir, 'out.json');
    writeFileSync(path, 'old');
    // The rename fails after the temp file is complete: a folder cannot be replaced by a file.
    const occupied = join(dir, 'occupied');
    mkdirSync(occupied);
    writeFileSync(join(occupied, 'inside'), '');
    expect(() => writeFileAtomic(occupied, 'new')).toThrow(/EISDIR|ENOTEMPTY|EEXIST/);
    expect(() => writeFileAtomic(join(dir, 'missing-folder', 'x.json'), 'new')).toThrow(/ENOENT/);
    expect(readFileSync(path, 'utf8')).toBe('old');
    expect(readdirSync(dir).sort()).toEqual(['occupied', 'out.json']);
    expect(pendingTempFiles.size).toBe(0);
  });

  it('the temp file is registered while it exists, so the Ctrl-C handler can remove it', () => {
    const dir = folder();
    const path = join(dir, 'out.json');
    let seen: string[] = [];
    function* chunks() {
      seen = [...pendingTempFiles];
      yield 'x'.repeat(70_000);
      // What the signal handler does, synchronously, in the middle of a write:
      removePendingTempFiles();
      expect(readdirSync(dir)).toEqual([]);
      throw new Error('interrupted');
    }
    expect(() => writeFileAtomic(path, chunks())).toThrow('interrupted');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.startsWith(join(dir, '.out.json.'))).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps the mode of the file it replaces', () => {
    const dir = folder();
    const path = join(dir, 'report.csv');
    writeFileSync(path, 'old');
    chmodSync(path, 0o640);
    writeFileAtomic(path, 'new');
    expect(statSync(path).mode & 0o777).toBe(0o640);
    expect(readFileSync(path, 'utf8')).toBe('new');
  });

  it('writes through a symlink: the link stays, its target gets the new contents', () => {
    const dir = folder();
    const real = join(dir, 'real.json');
    const link = join(dir, 'link.json');
    writeFileSync(real, 'old');
    symlinkSync(real, link);
    writeFileAtomic(link, 'new');
    expect(readFileSync(real, 'utf8')).toBe('new');
    expect(readdirSync(dir).sort()).toEqual(['link.json', 'real.json']);
  });
});

describe('writeStream', () => {
  /** A stream that takes what it is given and never says it is written: every write waits for a drain. */
  const stuck = () => {
    const taken: string[] = [];
    const stream = new Writable({ highWaterMark: 16, write: (chunk: Buffer) => void taken.push(chunk.toString()) });
    return { stream, taken };
  };

  it('a stream destroyed without an error while a write waits for its drain ends the write quietly, the rest dropped', async () => {
    // What a child process's stdin gets when the child's exit is seen before the EPIPE.
    const { stream, taken } = stuck();
    let settled = false;
    const writing = writeStream(stream, ['a'.repeat(1 << 16), 'b'.repeat(1 << 16)]).then(() => (settled = true));
    expect(taken).toHaveLength(1);
    stream.destroy();
    await new Promise((resolve) => stream.once('close', resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(true);
    await writing;
    expect(taken).toEqual(['a'.repeat(1 << 16)]);
  });

  it('an error while waiting is the write’s error', async () => {
    const { stream } = stuck();
    stream.on('error', () => undefined);
    const writing = writeStream(stream, 'x'.repeat(1 << 16));
    stream.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    await expect(writing).rejects.toMatchObject({ code: 'EPIPE' });
  });
});

describe('namesFolder: a path that names a folder by its spelling', () => {
  it.each([
    ['newdir/', true],
    ['a/b/', true],
    ['/', true],
    ['.', true],
    ['..', true],
    ['a/.', true],
    ['a/..', true],
    ['a\\', true],
    ['report.html', false],
    ['a/report.html', false],
    ['.hidden', false],
    ['a/..b', false],
    ['a/b.', false],
    ['...', false],
  ])('%j: %s', (path, folder) => {
    expect(namesFolder(path)).toBe(folder);
  });
});
