/**
 * The folder the user named, and nothing outside it: paths that climb out or are not
 * written as they resolve are refused, folders on the way are real folders of the user's
 * own that others cannot write to, and files land as new regular files.
 */
import { chmodSync, chownSync, existsSync, lchownSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { checkPathInside, folderProblem, ownFolderProblem, pathInside, UnsafePathError, writeFileInside } from '../../src/fs/inside-folder.js';
import { listFiles, tempDir } from '../support/files.js';

const root = typeof process.getuid === 'function' && process.getuid() === 0;
if (!root) console.log('skipped: the other-owner cases need root, to give a folder to nobody (uid 65534)');

function thrown(fn: () => unknown): Error & { code?: string; outside?: boolean } {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('nothing was thrown');
}

describe('pathInside', () => {
  it.each([
    ['a', '/d/export/a'],
    ['a/b.csv', '/d/export/a/b.csv'],
    ['..foo', '/d/export/..foo'],
    ['a/..b/c.json', '/d/export/a/..b/c.json'],
    ['a b/ü.csv', '/d/export/a b/ü.csv'],
  ])('%s is inside: %s', (rel, abs) => {
    expect(pathInside('/d/export', rel)).toBe(abs);
    expect(pathInside('/d/export/', rel)).toBe(abs);
  });

  it.each([
    [''],
    ['.'],
    ['..'],
    ['../x'],
    ['../export-evil/x'],
    ['a/../../x'],
    ['csv/../../../../fmt-pwn'],
    ['../../../pwned-outside/primary/topics.csv'],
    ['/etc/passwd'],
    ['a//b'],
    ['a/./b'],
    ['a/'],
    ['a/b/..'],
    ['a/../b'],
    ['a\0b'],
  ])('%j is refused', (rel) => {
    const err = thrown(() => pathInside('/d/export', rel));
    expect(err).toBeInstanceOf(UnsafePathError);
    expect(err).toMatchObject({ name: 'UnsafePathError', outside: true, message: `${JSON.stringify(rel)} is not a path inside /d/export` });
  });
});

describe('folderProblem and ownFolderProblem', () => {
  it('a folder of ours, closed to others, is fine (group-writable too); one others can write to is not', () => {
    const dir = tempDir();
    for (const mode of [0o700, 0o755, 0o775, 0o770, 0o1775]) {
      chmodSync(dir, mode);
      expect(ownFolderProblem(dir), mode.toString(8)).toBeUndefined();
    }
    for (const mode of [0o777, 0o1777, 0o702, 0o757]) {
      chmodSync(dir, mode);
      expect(ownFolderProblem(dir), mode.toString(8)).toBe(`${dir} is writable by other users`);
    }
  });

  it('a file is not a folder; a link (as lstat sees it) is refused; the user’s own link to their folder is followed', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'f'), '');
    symlinkSync(join(dir, 'sub'), join(dir, 'link'));
    mkdirSync(join(dir, 'sub'));
    expect(ownFolderProblem(join(dir, 'f'))).toBe(`${join(dir, 'f')} is not a folder`);
    expect(folderProblem(join(dir, 'link'), lstatSync(join(dir, 'link')))).toBe(`${join(dir, 'link')} is a symbolic link`);
    expect(ownFolderProblem(join(dir, 'link'))).toBeUndefined();
    expect(thrown(() => ownFolderProblem(join(dir, 'none'))).code).toBe('ENOENT');
  });

  it.runIf(root)('a folder another user owns is refused', () => {
    const dir = tempDir();
    chownSync(dir, 65534, 65534);
    expect(ownFolderProblem(dir)).toBe(`${dir} belongs to another user`);
  });

  it.runIf(root)('a link to the user’s folder that another user made is not followed', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'mine'));
    symlinkSync(join(dir, 'mine'), join(dir, 'planted'));
    lchownSync(join(dir, 'planted'), 65534, 65534);
    expect(ownFolderProblem(join(dir, 'planted'))).toBe(`${join(dir, 'planted')} is a symbolic link another user made`);
    expect(() => checkPathInside(join(dir, 'planted'), 'x.csv')).toThrow(`${join(dir, 'planted')} is a symbolic link another user made`);
  });

  it.runIf(root)('where there are no user ids (Windows), the owner is not checked', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'theirs'));
    symlinkSync(join(dir, 'theirs'), join(dir, 'link'));
    lchownSync(join(dir, 'link'), 65534, 65534);
    chownSync(join(dir, 'theirs'), 65534, 65534);
    expect(ownFolderProblem(join(dir, 'link'))).toBe(`${join(dir, 'link')} is a symbolic link another user made`);
    expect(ownFolderProblem(join(dir, 'theirs'))).toBe(`${join(dir, 'theirs')} belongs to another user`);
    const getuid = process.getuid;
    (process as { getuid?: unknown }).getuid = undefined;
    try {
      expect(ownFolderProblem(join(dir, 'link'))).toBeUndefined();
    } finally {
      process.getuid = getuid;
    }
  });
});

describe('checkPathInside', () => {
  it('makes nothing, and passes over folders that do not exist yet', () => {
    const dir = tempDir();
    expect(() => checkPathInside(dir, 'a/b/c.csv')).not.toThrow();
    expect(listFiles(dir)).toEqual([]);
    expect(existsSync(join(dir, 'a'))).toBe(false);
  });

  it.each([
    ['a link on the way', (dir: string) => symlinkSync(tempDir(), join(dir, 'a')), (dir: string) => `${join(dir, 'a')} is a symbolic link`],
    ['a file on the way', (dir: string) => writeFileSync(join(dir, 'a'), ''), (dir: string) => `${join(dir, 'a')} is not a folder`],
    [
      'a folder on the way others can write to',
      (dir: string) => {
        mkdirSync(join(dir, 'a', 'b'), { recursive: true });
        chmodSync(join(dir, 'a', 'b'), 0o777);
      },
      (dir: string) => `${join(dir, 'a', 'b')} is writable by other users`,
    ],
    ['the folder itself open to others', (dir: string) => chmodSync(dir, 0o777), (dir: string) => `${dir} is writable by other users`],
  ])('refuses %s', (_what, prepare, message) => {
    const dir = tempDir();
    prepare(dir);
    const err = thrown(() => checkPathInside(dir, 'a/b/c.csv'));
    expect(err).toBeInstanceOf(UnsafePathError);
    expect(err).toMatchObject({ outside: false, message: message(dir) });
  });

  it('refuses a path outside, and passes on what lstat throws besides ENOENT', () => {
    const dir = tempDir();
    expect(thrown(() => checkPathInside(dir, '../x'))).toMatchObject({ outside: true });
    expect(thrown(() => checkPathInside(dir, `${'n'.repeat(300)}/x.csv`)).code).toBe('ENAMETOOLONG');
  });
});

describe('writeFileInside', () => {
  it('makes the folders on the way and writes the file; returns its path', () => {
    const dir = tempDir();
    expect(writeFileInside(dir, 'a/b/c.csv', 'x,é\r\n')).toBe(join(dir, 'a', 'b', 'c.csv'));
    expect(readFileSync(join(dir, 'a/b/c.csv'), 'utf8')).toBe('x,é\r\n');
    expect(lstatSync(join(dir, 'a/b')).isDirectory()).toBe(true);
    // Again, into the folders made the first time.
    writeFileInside(dir, 'a/b/c.csv', 'y');
    writeFileInside(dir, 'top.json', '{}');
    expect(listFiles(dir)).toEqual(['a/b/c.csv', 'top.json']);
    expect(readFileSync(join(dir, 'a/b/c.csv'), 'utf8')).toBe('y');
  });

  // Worker threads (the mutation runner's) cannot set the umask.
  it.runIf(isMainThread)('with a umask of 000, the folders it makes are still closed to others; files are 0666', () => {
    const dir = tempDir();
    const umask = process.umask(0);
    try {
      writeFileInside(dir, 'a/b/c.csv', 'x');
    } finally {
      process.umask(umask);
    }
    expect(lstatSync(join(dir, 'a')).mode & 0o777).toBe(0o775);
    expect(lstatSync(join(dir, 'a/b')).mode & 0o777).toBe(0o775);
    expect(lstatSync(join(dir, 'a/b/c.csv')).mode & 0o777).toBe(0o666);
  });

  it('replaces a link at the file; the file it pointed to is unchanged', () => {
    const dir = tempDir();
    const victim = join(tempDir(), 'victim');
    writeFileSync(victim, 'precious');
    mkdirSync(join(dir, 'a'));
    symlinkSync(victim, join(dir, 'a', 'c.csv'));
    writeFileInside(dir, 'a/c.csv', 'mine');
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(lstatSync(join(dir, 'a/c.csv')).isFile()).toBe(true);
  });

  it('refuses to go through a linked folder, or outside, or into a folder open to others; nothing written', () => {
    const dir = tempDir();
    const elsewhere = tempDir();
    symlinkSync(elsewhere, join(dir, 'a'));
    expect(thrown(() => writeFileInside(dir, 'a/c.csv', 'x'))).toMatchObject({ message: `${join(dir, 'a')} is a symbolic link` });
    expect(thrown(() => writeFileInside(dir, '../c.csv', 'x'))).toMatchObject({ outside: true });
    mkdirSync(join(dir, 'b'));
    chmodSync(join(dir, 'b'), 0o777);
    expect(thrown(() => writeFileInside(dir, 'b/c/d.csv', 'x'))).toMatchObject({ message: `${join(dir, 'b')} is writable by other users` });
    chmodSync(dir, 0o777);
    expect(thrown(() => writeFileInside(dir, 'e.csv', 'x'))).toMatchObject({ message: `${dir} is writable by other users` });
    expect(listFiles(elsewhere)).toEqual([]);
    expect(existsSync(join(dir, 'b', 'c'))).toBe(false);
    expect(existsSync(join(dir, 'e.csv'))).toBe(false);
  });

  it('passes on a failure to make a folder', () => {
    const dir = tempDir();
    expect(thrown(() => writeFileInside(dir, `a/${'n'.repeat(300)}/x.csv`, 'x')).code).toBe('ENAMETOOLONG');
  });
});
