/**
 * `-o` onto something that is not a regular file: a FIFO, a character
 * device, a link to vis's own stdout or descriptor. Each is written in place, like a
 * shell redirect, and is still what it was afterwards; `-o -` is stdout; a regular file
 * is still replaced atomically. Every node lives in a temp folder, never the machine's.
 */
import { spawn, spawnSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, runVis, VIS } from './helpers.js';

const folder = () => mkdtempSync(join(tmpdir(), 'vis-out-'));
const USAGE = ['--demo', 'usage', '--format', 'json'];

/** What `vis --demo usage --format json` prints on stdout, to compare against. */
async function expected(): Promise<string> {
  const r = await runVis(USAGE, { env: cleanEnv() });
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('"data"');
  return r.stdout;
}

/** A FIFO in a temp folder and a `cat` reading it: the bytes it collects. */
function fifoWithReader(dir: string): { path: string; collected: Promise<string>; stop: () => void } {
  const path = join(dir, 'pipe');
  expect(spawnSync('mkfifo', [path]).status).toBe(0);
  const cat = spawn('cat', [path], { stdio: ['ignore', 'pipe', 'inherit'] });
  const collected = new Promise<string>((resolve) => {
    let out = '';
    cat.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    cat.on('close', () => resolve(out));
  });
  // A reader left waiting (the FIFO was replaced, so no writer ever comes) must not outlive the test.
  return { path, collected, stop: () => void cat.kill() };
}

/** A character device like /dev/null (1,3), made in a temp folder; undefined where mknod is refused (not root). */
function devNull(dir: string): string | undefined {
  const path = join(dir, 'null');
  return spawnSync('mknod', [path, 'c', '1', '3']).status === 0 ? path : undefined;
}
const CAN_MKNOD = devNull(folder()) !== undefined;

describe('-o onto what is not a regular file', () => {
  it('a FIFO: the reader gets the whole output, and the FIFO is still a FIFO', async () => {
    const want = await expected();
    const dir = folder();
    const { path, collected, stop } = fifoWithReader(dir);
    try {
      const r = await runVis([...USAGE, '-o', path], { env: cleanEnv() });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(lstatSync(path).isFIFO()).toBe(true);
      expect(readdirSync(dir)).toEqual(['pipe']);
      expect(await collected).toBe(want);
    } finally {
      stop();
    }
  });

  it.runIf(CAN_MKNOD)('a character device (and a symlink to one): written in place, still a device', async () => {
    const dir = folder();
    const dev = devNull(dir)!;
    const r = await runVis([...USAGE, '-o', dev], { env: cleanEnv() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(lstatSync(dev).isCharacterDevice()).toBe(true);

    const link = join(dir, 'link-to-null');
    symlinkSync(dev, link);
    const viaLink = await runVis([...USAGE, '-o', link], { env: cleanEnv() });
    expect(viaLink.code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(lstatSync(dev).isCharacterDevice()).toBe(true);
    expect(statSync(dev).rdev).toBe(statSync('/dev/null').rdev);
    expect(readdirSync(dir).sort()).toEqual(['link-to-null', 'null']);
  });

  it.runIf(CAN_MKNOD)('a device that refuses the write (like /dev/full): exit 2 naming it, still a device', async () => {
    const full = join(folder(), 'full');
    expect(spawnSync('mknod', [full, 'c', '1', '7']).status).toBe(0);
    const r = await runVis([...USAGE, '-o', full], { env: cleanEnv() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^vis: could not write .*full: no space left on the device \[ENOSPC\]/);
    expect(r.stderr).toContain('written in place');
    expect(lstatSync(full).isCharacterDevice()).toBe(true);
  });

  it('-o - is stdout, and no file named "-" is made', async () => {
    const want = await expected();
    const dir = folder();
    const r = await runVis([...USAGE, '-o', '-'], { env: cleanEnv(), cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(want);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a link to /dev/stdout writes to vis's stdout, and the link stays", async () => {
    const want = await expected();
    const dir = folder();
    const link = join(dir, 'out');
    symlinkSync('/dev/stdout', link);
    const r = await runVis([...USAGE, '-o', link], { env: cleanEnv() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(want);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it('a link to /dev/fd/3 writes to the descriptor vis was given', async () => {
    const want = await expected();
    const dir = folder();
    const link = join(dir, 'fd3');
    symlinkSync('/dev/fd/3', link);
    const child = spawn(process.execPath, [VIS, ...USAGE, '-o', link], { env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
    let fd3 = '';
    let stderr = '';
    (child.stdio[3] as NodeJS.ReadableStream).setEncoding('utf8').on('data', (d: string) => (fd3 += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(fd3).toBe(want);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it('a socket is refused with exit 2, and left as it was', async () => {
    const dir = folder();
    const sock = join(dir, 'sock');
    const server = (await import('node:net')).createServer();
    await new Promise<void>((resolve) => server.listen(sock, resolve));
    try {
      const r = await runVis([...USAGE, '-o', sock], { env: cleanEnv() });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^vis: could not write .*sock: nothing is behind it to take the output \[ENXIO\]/);
      expect(lstatSync(sock).isSocket()).toBe(true);
    } finally {
      server.close();
    }
  });

  it('a regular file is still replaced atomically: new contents, mode kept, no temp file left', async () => {
    const want = await expected();
    const dir = folder();
    const file = join(dir, 'usage.json');
    spawnSync('sh', ['-c', `echo old > '${file}' && chmod 640 '${file}'`]);
    const inode = statSync(file).ino;
    const r = await runVis([...USAGE, '-o', file], { env: cleanEnv() });
    expect(r.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(want);
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(statSync(file).ino).not.toBe(inode); // renamed over, not rewritten in place
    expect(readdirSync(dir)).toEqual(['usage.json']);
  });
});
