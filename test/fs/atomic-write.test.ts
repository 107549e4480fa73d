/**
 * The one way vis writes a whole file: a new temp file (O_CREAT|O_EXCL|O_NOFOLLOW) beside
 * the target, written, fsynced, renamed into place; on any failure, no temp file and the
 * old file as it was.
 */
import * as fs from 'node:fs';
import { chmodSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingTempFiles, removePendingTempFiles, tempName, TEMP_PREFIX, writeFileAtomically } from '../../src/fs/atomic-write.js';
import { tempDir } from '../support/files.js';
import { makeFifo, stopFifoWatchdogs } from './fifo.js';

/**
 * The real node:fs, except that a test may make writeSync fail or write only a few bytes
 * a call, make opening a folder or fsyncing one fail, and count writes and fsyncs.
 */
const seams = vi.hoisted(() => ({
  failWrite: undefined as Error | undefined,
  shortWrites: 0,
  failFolderOpen: false,
  failFolderFsync: false,
  writes: [] as number[],
  fsyncs: 0,
}));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const refused = (code: string) => Object.assign(new Error(`${code}: refused`), { code });
  const writeSync = ((fd: number, buf: Buffer, off: number, len: number) => {
    if (seams.failWrite) throw seams.failWrite;
    seams.writes.push(buf.length);
    return real.writeSync(fd, buf, off, seams.shortWrites ? Math.min(len, seams.shortWrites) : len);
  }) as typeof real.writeSync;
  const fsyncSync = (fd: number) => {
    seams.fsyncs++;
    if (seams.failFolderFsync && real.fstatSync(fd).isDirectory()) throw refused('EINVAL');
    real.fsyncSync(fd);
  };
  const openSync = ((path: string, ...rest: never[]) => {
    if (seams.failFolderOpen && real.statSync(path, { throwIfNoEntry: false })?.isDirectory()) throw refused('EACCES');
    return (real.openSync as (...a: unknown[]) => number)(path, ...rest);
  }) as typeof real.openSync;
  const seamed = { writeSync, fsyncSync, openSync };
  return { ...real, ...seamed, default: { ...real, ...seamed } };
});

afterEach(() => {
  Object.assign(seams, { failWrite: undefined, shortWrites: 0, failFolderOpen: false, failFolderFsync: false, writes: [], fsyncs: 0 });
  vi.restoreAllMocks();
  stopFifoWatchdogs();
});

/** What `fn` throws. */
function thrown(fn: () => unknown): Error & { code?: string } {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('nothing was thrown');
}

const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

describe('writeFileAtomically', () => {
  it('writes text, bytes and parts as a new file with the mode given, and leaves no temp file', () => {
    const dir = tempDir();
    const path = join(dir, 'f');
    writeFileAtomically(path, ['head\n', Buffer.from('body '), 'é'], { mode: 0o600 });
    expect(readFileSync(path, 'utf8')).toBe('head\nbody é');
    expect(lstatSync(path).mode & 0o777).toBe(0o600);
    writeFileAtomically(path, Buffer.from('bytes'), { mode: 0o640 });
    expect(readFileSync(path, 'utf8')).toBe('bytes');
    expect(lstatSync(path).mode & 0o777).toBe(0o640);
    writeFileAtomically(path, 'text', { mode: 0o600 });
    expect(readFileSync(path, 'utf8')).toBe('text');
    expect(lstatSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['f']);
    expect(pendingTempFiles.size).toBe(0);
  });

  it('an existing file is replaced, not rewritten: a reader holding the old one still reads it whole', () => {
    const dir = tempDir();
    const path = join(dir, 'f');
    writeFileSync(path, 'old contents');
    const before = statSync(path).ino;
    const reader = openSync(path, 'r');
    try {
      writeFileAtomically(path, 'new', { mode: 0o600 });
      const buf = Buffer.alloc(64);
      expect(buf.toString('utf8', 0, readSync(reader, buf, 0, 64, 0))).toBe('old contents');
    } finally {
      fs.closeSync(reader);
    }
    expect(statSync(path).ino).not.toBe(before);
    expect(readFileSync(path, 'utf8')).toBe('new');
  });

  it('a failure of the file system mid-write leaves no file and no temp file', () => {
    const dir = tempDir();
    seams.failWrite = enospc();
    expect(thrown(() => writeFileAtomically(join(dir, 'f'), 'x', { mode: 0o600 })).code).toBe('ENOSPC');
    expect(readdirSync(dir)).toEqual([]);
    expect(pendingTempFiles.size).toBe(0);
  });

  it('a failure mid-write leaves the old file as it was', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'f'), 'old');
    seams.failWrite = enospc();
    expect(thrown(() => writeFileAtomically(join(dir, 'f'), 'new', { mode: 0o600 })).code).toBe('ENOSPC');
    expect(readFileSync(join(dir, 'f'), 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['f']);
  });

  it('an error thrown by the content while it renders leaves no file and no temp file', () => {
    const dir = tempDir();
    function* parts() {
      yield 'x'.repeat(70_000); // on disk before the failure
      throw new TypeError('renderer bug');
    }
    expect(() => writeFileAtomically(join(dir, 'f'), parts(), { mode: 0o600 })).toThrow('renderer bug');
    expect(readdirSync(dir)).toEqual([]);
    expect(pendingTempFiles.size).toBe(0);
  });

  it('a link planted at the target is replaced by the file; what it pointed to is unchanged', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'victim'), 'precious');
    symlinkSync(join(dir, 'victim'), join(dir, 'f'));
    writeFileAtomically(join(dir, 'f'), 'mine', { mode: 0o600 });
    expect(readFileSync(join(dir, 'victim'), 'utf8')).toBe('precious');
    expect(lstatSync(join(dir, 'f')).isFile()).toBe(true);
    expect(readFileSync(join(dir, 'f'), 'utf8')).toBe('mine');
  });

  it("a link planted at the temp file's name is never written through: another name is drawn", () => {
    const dir = tempDir();
    const draws = [0.25, 0.25, 0.75];
    vi.spyOn(Math, 'random').mockImplementation(() => draws.shift() ?? 0.5);
    const planted = tempName(join(dir, 'f'), false);
    writeFileSync(join(dir, 'victim'), 'precious');
    symlinkSync(join(dir, 'victim'), planted);
    writeFileAtomically(join(dir, 'f'), 'mine', { mode: 0o600 });
    expect(readFileSync(join(dir, 'victim'), 'utf8')).toBe('precious');
    expect(lstatSync(planted).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'f'), 'utf8')).toBe('mine');
    expect(readdirSync(dir).sort()).toEqual([planted.slice(dir.length + 1), 'f', 'victim'].sort());
  });

  it('a dangling link at the temp name is not followed either (it would create its target)', () => {
    const dir = tempDir();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const planted = tempName(join(dir, 'f'), false);
    symlinkSync(join(dir, 'created-through-link'), planted);
    vi.mocked(Math.random).mockClear();
    // Every name drawn is taken: the write gives up with EEXIST after a few.
    expect(thrown(() => writeFileAtomically(join(dir, 'f'), 'mine', { mode: 0o600 })).code).toBe('EEXIST');
    expect(readdirSync(dir)).toEqual([planted.slice(dir.length + 1)]);
    expect(Math.random).toHaveBeenCalledTimes(8);
  });

  it('a FIFO at the target is replaced, never written into', () => {
    const dir = tempDir();
    makeFifo(join(dir, 'f'));
    writeFileAtomically(join(dir, 'f'), 'mine', { mode: 0o600 });
    expect(lstatSync(join(dir, 'f')).isFile()).toBe(true);
    expect(readFileSync(join(dir, 'f'), 'utf8')).toBe('mine');
  });

  it('a folder that does not exist: ENOENT, nothing left', () => {
    const dir = tempDir();
    vi.spyOn(Math, 'random');
    expect(thrown(() => writeFileAtomically(join(dir, 'none', 'f'), 'x', { mode: 0o600 })).code).toBe('ENOENT');
    expect(readdirSync(dir)).toEqual([]);
    // Only a name already taken is worth another draw.
    expect(Math.random).toHaveBeenCalledTimes(1);
  });

  it('a rename that fails (a folder at the path) throws and removes the temp file', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'f'));
    writeFileSync(join(dir, 'f', 'inside'), 'x');
    const err = thrown(() => writeFileAtomically(join(dir, 'f'), 'x', { mode: 0o600 }));
    expect(['EISDIR', 'ENOTEMPTY', 'EEXIST']).toContain(err.code);
    expect(readdirSync(dir)).toEqual(['f']);
    expect(pendingTempFiles.size).toBe(0);
  });

  it('keepMode: a file replaced keeps its mode exactly (the umask does not narrow it); a new one gets the mode given', () => {
    const dir = tempDir();
    const path = join(dir, 'report.csv');
    writeFileSync(path, 'old');
    chmodSync(path, 0o666);
    writeFileAtomically(path, 'new', { mode: 0o600, keepMode: true });
    expect(statSync(path).mode & 0o777).toBe(0o666);
    writeFileAtomically(join(dir, 'new.csv'), 'new', { mode: 0o600, keepMode: true });
    expect(statSync(join(dir, 'new.csv')).mode & 0o777).toBe(0o600);
    // Only a regular file's mode is kept: not a FIFO's (made 0600) being replaced.
    makeFifo(join(dir, 'fifo'));
    writeFileAtomically(join(dir, 'fifo'), 'new', { mode: 0o640, keepMode: true });
    expect(statSync(join(dir, 'fifo')).mode & 0o777).toBe(0o640);
    // Without keepMode the mode given wins.
    writeFileAtomically(path, 'newer', { mode: 0o600 });
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('a folder that cannot be opened or fsynced for the rename: the file is written all the same', () => {
    const dir = tempDir();
    seams.failFolderOpen = true;
    writeFileAtomically(join(dir, 'a'), 'x', { mode: 0o600, syncFolder: true });
    seams.failFolderOpen = false;
    seams.failFolderFsync = true;
    writeFileAtomically(join(dir, 'b'), 'y', { mode: 0o600, syncFolder: true });
    expect(readFileSync(join(dir, 'a'), 'utf8') + readFileSync(join(dir, 'b'), 'utf8')).toBe('xy');
    expect(readdirSync(dir).sort()).toEqual(['a', 'b']);
  });

  it('short writes (a write may take fewer bytes than asked) are carried on until all are written', () => {
    const dir = tempDir();
    seams.shortWrites = 7;
    const text = 'é'.repeat(1000);
    writeFileAtomically(join(dir, 'f'), [text, Buffer.from('end')], { mode: 0o600 });
    expect(readFileSync(join(dir, 'f'), 'utf8')).toBe(`${text}end`);
  });

  it.runIf(fs.existsSync('/proc/self/fd'))('closes what it opens, also when the write fails', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'taken'));
    writeFileSync(join(dir, 'taken', 'inside'), '');
    const openDescriptors = () => readdirSync('/proc/self/fd').length;
    const before = openDescriptors();
    const ROUNDS = 50;
    for (let i = 0; i < ROUNDS; i++) {
      writeFileAtomically(join(dir, 'f'), 'x', { mode: 0o600, syncFolder: true });
      thrown(() => writeFileAtomically(join(dir, 'taken'), 'x', { mode: 0o600 }));
      seams.failWrite = enospc();
      thrown(() => writeFileAtomically(join(dir, 'g'), 'x', { mode: 0o600 }));
      seams.failWrite = undefined;
    }
    expect(openDescriptors() - before).toBeLessThan(ROUNDS / 2);
  });

  it('the file is fsynced before the rename, and the folder after it when asked', () => {
    const dir = tempDir();
    writeFileAtomically(join(dir, 'a'), 'x', { mode: 0o600 });
    expect(seams.fsyncs).toBe(1);
    writeFileAtomically(join(dir, 'b'), 'x', { mode: 0o600, syncFolder: true });
    expect(seams.fsyncs).toBe(3);
  });

  it('text parts are joined into writes of 64 KiB or more; bytes are written as they come', () => {
    const dir = tempDir();
    const k30 = 'x'.repeat(30_000);
    writeFileAtomically(join(dir, 'f'), ['a', 'b', k30, k30, k30, 'c', Buffer.from('123'), 'd', 'e'], { mode: 0o600 });
    expect(seams.writes).toEqual([2 + 90_000, 1, 3, 2]);
    expect(readFileSync(join(dir, 'f'), 'utf8')).toBe(`ab${k30}${k30}${k30}c123de`);
    seams.writes = [];
    writeFileAtomically(join(dir, 'g'), ['x'.repeat(65_535), 'y'], { mode: 0o600 });
    expect(seams.writes).toEqual([65_536]);
    seams.writes = [];
    writeFileAtomically(join(dir, 'g'), ['x'.repeat(65_536), 'y'], { mode: 0o600 });
    expect(seams.writes).toEqual([65_536, 1]);
    seams.writes = [];
    writeFileAtomically(join(dir, 'g'), 'x'.repeat(100_000), { mode: 0o600 });
    expect(seams.writes).toEqual([100_000]);
    seams.writes = [];
    writeFileAtomically(join(dir, 'h'), [Buffer.from('12'), Buffer.from('345')], { mode: 0o600 });
    expect(seams.writes).toEqual([2, 3]);
    seams.writes = [];
    writeFileAtomically(join(dir, 'i'), [], { mode: 0o600 });
    expect(seams.writes).toEqual([]);
    expect(readFileSync(join(dir, 'i'), 'utf8')).toBe('');
  });

  it('in a folder vis manages, the temp file is named .tmp.<pid>.<random>', () => {
    const dir = tempDir();
    let seen: string[] = [];
    function* parts() {
      seen = [...pendingTempFiles];
      yield 'x';
    }
    writeFileAtomically(join(dir, 'entry.json'), parts(), { mode: 0o600 });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.startsWith(join(dir, `.tmp.${process.pid}.`))).toBe(true);
  });

  it('the temp file is registered while it exists, so the Ctrl-C handler can remove it', () => {
    const dir = tempDir();
    let seen: string[] = [];
    function* parts() {
      seen = [...pendingTempFiles];
      yield 'x'.repeat(70_000);
      // What the signal handler does, synchronously, in the middle of a write:
      removePendingTempFiles();
      expect(readdirSync(dir)).toEqual([]);
      throw new Error('interrupted');
    }
    expect(() => writeFileAtomically(join(dir, 'out.json'), parts(), { mode: 0o600, namedTemp: true })).toThrow('interrupted');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.startsWith(join(dir, '.out.json.'))).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
    expect(pendingTempFiles.size).toBe(0);
  });
});

describe('removePendingTempFiles', () => {
  it('removes every temp file in flight and forgets them; one already gone is no error', () => {
    const dir = tempDir();
    const left = join(dir, '.tmp.1.left');
    writeFileSync(left, 'half');
    pendingTempFiles.add(left);
    pendingTempFiles.add(join(dir, '.tmp.2.gone'));
    removePendingTempFiles();
    expect(readdirSync(dir)).toEqual([]);
    expect(pendingTempFiles.size).toBe(0);
  });
});

describe('temp names', () => {
  it(`in a folder vis manages: ${TEMP_PREFIX}<pid>.<random>, so its readers can pass them over`, () => {
    expect(TEMP_PREFIX).toBe('.tmp.');
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    expect(tempName('/d/entry.json', false)).toBe(`/d/.tmp.${process.pid}.${(0.5).toString(36).slice(2, 10)}`);
  });

  it('in a folder the user named: .<name>.<pid>.<random>.tmp, so a leftover says whose it is', () => {
    expect(tempName('/d/out.csv', true)).toMatch(new RegExp(`^/d/\\.out\\.csv\\.${process.pid}\\.[0-9a-z]{1,8}\\.tmp$`));
  });

  it('two names drawn are different', () => {
    expect(tempName('/d/f', false)).not.toBe(tempName('/d/f', false));
  });
});
