/**
 * Where `-o` goes: the rule that decides between an atomic replace and
 * an in-place write, pinned in-process. A regular file (or nothing yet) is replaced; a
 * FIFO, a device or a socket is written in place; /dev/stdout, /dev/fd/N and
 * /proc/self/fd/N (also through links) are vis's own descriptors.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emit } from '../../src/terminal/render.js';
import { outputTarget, ownDescriptor, writeInPlace } from '../../src/output/write.js';
import { testContext, testIO } from '../support/context.js';

const folder = () => mkdtempSync(join(tmpdir(), 'vis-target-'));

function fifo(dir: string, name = 'pipe'): string {
  const path = join(dir, name);
  expect(spawnSync('mkfifo', [path]).status).toBe(0);
  return path;
}

/** A `cat` reading the FIFO: the bytes it collects once the writer closes. */
function reader(path: string): Promise<string> {
  const cat = spawn('cat', [path], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    let out = '';
    cat.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    cat.on('close', () => resolve(out));
  });
}

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
      await expect(emit(ctx, sock, 'x')).rejects.toMatchObject({ kind: 'usage', message: expect.stringMatching(/ENXIO/) });
      expect(lstatSync(sock).isSocket()).toBe(true);
    } finally {
      server.close();
    }
  });
});
