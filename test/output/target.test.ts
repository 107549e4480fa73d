/**
 * Where `-o` goes: the rule that decides between an atomic replace and
 * an in-place write, pinned in-process. A regular file (or nothing yet) is replaced; a
 * FIFO, a device or a socket is written in place; /dev/stdout, /dev/fd/N and
 * /proc/self/fd/N (also through links) are vis's own descriptors.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { emit } from '../../src/terminal/render.js';
import { outputTarget, ownDescriptor, targetKey, writeFileAtomic, writeInPlace, writtenPath } from '../../src/output/write.js';
import { testContext, testIO } from '../support/context.js';

const folder = () => mkdtempSync(join(tmpdir(), 'vis-target-'));

function fifo(dir: string, name = 'pipe'): string {
  const path = join(dir, name);
  expect(spawnSync('mkfifo', [path]).status).toBe(0);
  return path;
}

/** A `cat` reading the FIFO: the bytes it collects once the writer closes. */
function reader(path: string): Promise<string> {
  return byteReader(path).then((b) => b.toString('utf8'));
}

function byteReader(path: string): Promise<Buffer> {
  const cat = spawn('cat', [path], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    cat.stdout.on('data', (d: Buffer) => parts.push(d));
    cat.on('close', () => resolve(Buffer.concat(parts)));
  });
}

/** Bytes that are not UTF-8 text (a PDF's): they must arrive as they are. */
const BYTES = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from([0x00, 0xff, 0xfe, 0x80, 0xc3]), Buffer.alloc(70_000, 0xe2)]);

describe('outputTarget', () => {
  it('a regular file, or nothing yet, is replaced atomically', () => {
    const dir = folder();
    writeFileSync(join(dir, 'old.csv'), 'x');
    expect(outputTarget(join(dir, 'old.csv'))).toEqual({ kind: 'replace' });
    expect(outputTarget(join(dir, 'new.csv'))).toEqual({ kind: 'replace' });
    // A link to a regular file: replace (writeFileAtomic writes through the link).
    symlinkSync(join(dir, 'old.csv'), join(dir, 'link.csv'));
    expect(outputTarget(join(dir, 'link.csv'))).toEqual({ kind: 'replace' });
  });

  it('a folder is a folder', () => {
    const dir = folder();
    mkdirSync(join(dir, 'sub'));
    expect(outputTarget(join(dir, 'sub'))).toEqual({ kind: 'folder' });
  });

  it('a FIFO, and a link to one, is written in place', () => {
    const dir = folder();
    const p = fifo(dir);
    symlinkSync(p, join(dir, 'link'));
    expect(outputTarget(p)).toEqual({ kind: 'in-place', fifo: true });
    expect(outputTarget(join(dir, 'link'))).toEqual({ kind: 'in-place', fifo: true });
  });

  it('a character device is written in place', () => {
    // /dev/null is only looked at here (stat), never written.
    expect(outputTarget('/dev/null')).toEqual({ kind: 'in-place', fifo: false });
  });

  it("vis's own descriptors, by name or through links", () => {
    expect(outputTarget('/dev/stdout')).toEqual({ kind: 'fd', fd: 1 });
    expect(ownDescriptor('/dev/stdin')).toBe(0);
    expect(ownDescriptor('/dev/stderr')).toBe(2);
    expect(ownDescriptor('/dev/fd/5')).toBe(5);
    expect(ownDescriptor('/proc/self/fd/7')).toBe(7);
    expect(ownDescriptor('/proc/thread-self/fd/7')).toBe(7);
    expect(ownDescriptor(`/proc/${process.pid}/fd/12`)).toBe(12);
    // Another process's descriptor is not ours to write as a descriptor.
    expect(ownDescriptor(`/proc/${process.pid + 1_000_000}/fd/1`)).toBeUndefined();
    expect(ownDescriptor('/dev/fd/x')).toBeUndefined();
    expect(ownDescriptor('/dev/fdx/1')).toBeUndefined();
    const dir = folder();
    symlinkSync('/dev/stderr', join(dir, 'a'));
    symlinkSync(join(dir, 'a'), join(dir, 'b'));
    expect(ownDescriptor(join(dir, 'b'))).toBe(2);
    writeFileSync(join(dir, 'plain'), '');
    expect(ownDescriptor(join(dir, 'plain'))).toBeUndefined();
    expect(ownDescriptor(join(dir, 'missing'))).toBeUndefined();
  });
});

describe('writeInPlace', () => {
  it('writes every chunk into a FIFO, which stays a FIFO', async () => {
    const p = fifo(folder());
    const got = reader(p);
    const big = 'y'.repeat(200_000); // more than a pipe holds: the writer must wait for the reader
    await writeInPlace(p, ['a,', big, ',z']);
    expect(await got).toBe(`a,${big},z`);
    expect(lstatSync(p).isFIFO()).toBe(true);
  });

  it('waits for a reader that comes later', async () => {
    const p = fifo(folder());
    let written = false;
    // Its first open, made before writeInPlace returns, finds no reader: it waits.
    const pending = writeInPlace(p, 'late').then(() => (written = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toBe(false);
    const got = reader(p);
    await pending;
    expect(await got).toBe('late');
  });

  it('stops waiting for a reader when interrupted', async () => {
    const dir = folder();
    const p = fifo(dir);
    const controller = new AbortController();
    const pending = writeInPlace(p, 'never read', controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow('interrupted');
    expect(readdirSync(dir)).toEqual(['pipe']);
  });

  it('never creates a file', async () => {
    const dir = folder();
    await expect(writeInPlace(join(dir, 'missing'), 'x')).rejects.toThrow(/ENOENT/);
    expect(existsSync(join(dir, 'missing'))).toBe(false);
  });
});

describe('emit', () => {
  it('-o - is stdout', async () => {
    const io = testIO();
    const ctx = testContext({ io });
    const cwd = process.cwd();
    await emit(ctx, '-', 'hello\n');
    expect(io.out()).toBe('hello\n');
    expect(existsSync(join(cwd, '-'))).toBe(false);
  });

  it('a FIFO is written in place, a regular file replaced', async () => {
    const ctx = testContext();
    const dir = folder();
    const p = fifo(dir);
    const got = reader(p);
    await emit(ctx, p, 'to the reader');
    expect(await got).toBe('to the reader');
    expect(lstatSync(p).isFIFO()).toBe(true);
    await emit(ctx, join(dir, 'file.txt'), 'to the file');
    expect(readFileSync(join(dir, 'file.txt'), 'utf8')).toBe('to the file');
    expect(readdirSync(dir).sort()).toEqual(['file.txt', 'pipe']);
  });

  it('a socket is refused as a usage error, and left as it is', async () => {
    const ctx = testContext();
    const sock = join(folder(), 'sock');
    const server = (await import('node:net')).createServer();
    await new Promise<void>((resolve) => server.listen(sock, resolve));
    try {
      await expect(emit(ctx, sock, 'x')).rejects.toMatchObject({ kind: 'usage', code: 'ENXIO', message: expect.stringMatching(/nothing is behind it/) });
      expect(lstatSync(sock).isSocket()).toBe(true);
    } finally {
      server.close();
    }
  });
});

describe('writtenPath: the file a write replaces, never a link', () => {
  it('a file or nothing is itself; a link is its target, through every hop', () => {
    const dir = realpathSync(folder());
    writeFileSync(join(dir, 'file'), 'x');
    symlinkSync(join(dir, 'file'), join(dir, 'a'));
    symlinkSync('a', join(dir, 'b'));
    expect(writtenPath(join(dir, 'file'))).toBe(join(dir, 'file'));
    expect(writtenPath(join(dir, 'new'))).toBe(join(dir, 'new'));
    expect(writtenPath(join(dir, 'b'))).toBe(join(dir, 'file'));
  });

  it('a dangling link names the file to create, relative to the link’s folder, through every hop', () => {
    const dir = folder();
    mkdirSync(join(dir, 'sub'));
    symlinkSync('sub/made', join(dir, 'dangling'));
    symlinkSync('dangling', join(dir, 'twice'));
    expect(writtenPath(join(dir, 'dangling'))).toBe(join(dir, 'sub', 'made'));
    expect(writtenPath(join(dir, 'twice'))).toBe(join(dir, 'sub', 'made'));
  });

  it('a loop of links is the system’s ELOOP, not a link to replace', () => {
    const dir = folder();
    symlinkSync('y', join(dir, 'x'));
    symlinkSync('x', join(dir, 'y'));
    expect(() => writtenPath(join(dir, 'x'))).toThrow(expect.objectContaining({ code: 'ELOOP' }));
    expect(() => writeFileAtomic(join(dir, 'x'), 'z')).toThrow(expect.objectContaining({ code: 'ELOOP' }));
    expect(lstatSync(join(dir, 'x')).isSymbolicLink()).toBe(true);
  });

  it('writing through a dangling link creates its target and leaves the link a link', () => {
    const dir = folder();
    symlinkSync('made.pdf', join(dir, 'out.pdf'));
    writeFileAtomic(join(dir, 'out.pdf'), BYTES);
    expect(lstatSync(join(dir, 'out.pdf')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'made.pdf')).equals(BYTES)).toBe(true);
  });
});

describe('targetKey: two spellings of one file', () => {
  it('one file, however named: the same path, a hard link, a link to it, a folder reached through a link', () => {
    const dir = folder();
    const file = join(dir, 'r.html');
    writeFileSync(file, 'x');
    linkSync(file, join(dir, 'hard.html'));
    symlinkSync(file, join(dir, 'soft.html'));
    symlinkSync(dir, join(dir, 'here'));
    for (const same of [join(dir, '.', 'r.html'), join(dir, 'hard.html'), join(dir, 'soft.html'), join(dir, 'here', 'r.html')]) {
      expect(targetKey(same)).toBe(targetKey(file));
    }
    // Files still to be made: their path, the folder's links resolved; a dangling link, the file it will make.
    symlinkSync('new.pdf', join(dir, 'dangling'));
    expect(targetKey(join(dir, 'here', 'new.pdf'))).toBe(targetKey(join(dir, 'new.pdf')));
    expect(targetKey(join(dir, 'dangling'))).toBe(targetKey(join(dir, 'new.pdf')));
    expect(targetKey(join(dir, 'other.pdf'))).not.toBe(targetKey(join(dir, 'new.pdf')));
    expect(targetKey(join(dir, 'r.pdf'))).not.toBe(targetKey(file));
    // Nowhere to write: the path as given.
    expect(targetKey(join(dir, 'gone', 'x.pdf'))).toBe(targetKey(join(dir, 'gone', '.', 'x.pdf')));
    expect(targetKey(join(dir, 'gone', 'x.pdf'))).not.toBe(targetKey(join(dir, 'gone', 'y.pdf')));
  });

  it('stdout by any name: -, /dev/stdout, /dev/fd/1, a link to one of them; another descriptor is another target', () => {
    const dir = folder();
    symlinkSync('/dev/fd/1', join(dir, 'out'));
    for (const same of ['/dev/stdout', '/dev/fd/1', '/proc/self/fd/1', join(dir, 'out')]) expect(targetKey(same)).toBe(targetKey('-'));
    // A descriptor not open: its number.
    expect(targetKey('/dev/fd/987')).toBe('fd:987');
    expect(targetKey('/dev/fd/987')).not.toBe(targetKey('/dev/fd/986'));
  });

  it('a FIFO and a device: themselves, through links too', () => {
    const dir = folder();
    const p = fifo(dir);
    symlinkSync(p, join(dir, 'to-pipe'));
    expect(targetKey(join(dir, 'to-pipe'))).toBe(targetKey(p));
    expect(targetKey(fifo(dir, 'other'))).not.toBe(targetKey(p));
    expect(spawnSync('mknod', [join(dir, 'null'), 'c', '1', '3']).status).toBe(0);
    symlinkSync(join(dir, 'null'), join(dir, 'to-null'));
    expect(targetKey(join(dir, 'to-null'))).toBe(targetKey(join(dir, 'null')));
  });
});

describe('emit: bytes (a PDF) by the same rules as text', () => {
  it('into a FIFO, in place; a device, in place; a file, replaced; each byte as it is', async () => {
    const ctx = testContext();
    const dir = folder();
    const p = fifo(dir);
    const got = byteReader(p);
    await emit(ctx, p, BYTES);
    expect((await got).equals(BYTES)).toBe(true);
    expect(lstatSync(p).isFIFO()).toBe(true);
    expect(spawnSync('mknod', [join(dir, 'null'), 'c', '1', '3']).status).toBe(0);
    await emit(ctx, join(dir, 'null'), BYTES);
    expect(lstatSync(join(dir, 'null')).isCharacterDevice()).toBe(true);
    await emit(ctx, join(dir, 'r.pdf'), BYTES);
    expect(readFileSync(join(dir, 'r.pdf')).equals(BYTES)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['null', 'pipe', 'r.pdf']);
  });

  it('- and a link to /dev/stdout: the command’s stdout, the link left a link', async () => {
    const parts: Buffer[] = [];
    const io = { ...testIO(), stdout: new Writable({ write: (chunk: Buffer, _e, done) => (parts.push(chunk), done()) }) };
    const ctx = testContext({ io });
    await emit(ctx, '-', BYTES);
    const dir = folder();
    symlinkSync('/dev/stdout', join(dir, 'out.pdf'));
    await emit(ctx, join(dir, 'out.pdf'), BYTES);
    expect(Buffer.concat(parts).equals(Buffer.concat([BYTES, BYTES]))).toBe(true);
    expect(lstatSync(join(dir, 'out.pdf')).isSymbolicLink()).toBe(true);
  });
});
