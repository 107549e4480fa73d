/**
 * Reading back and writing files vis does not trust: never through a link, never waiting
 * on a FIFO, only regular files read (writing whole files: test/fs/atomic-write.test.ts).
 */
import { closeSync, constants, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appendToRegularFile, NotRegularFileError, readRegularFile } from '../../src/fs/safe-file.js';
import { tempDir } from '../support/files.js';
import { makeFifo, waitedOnFifos } from './fifo.js';

// Nothing may wait on a FIFO: its watchdog (test/fs/fifo.ts) says whether anyone did.
afterEach(async () => {
  expect(await waitedOnFifos()).toEqual([]);
});

/** What `fn` throws. */
function thrown(fn: () => unknown): Error & { code?: string; link?: boolean; path?: string } {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('nothing was thrown');
}

describe('readRegularFile', () => {
  it('reads a regular file', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'f'), 'bytes é');
    expect(readRegularFile(join(dir, 'f')).toString('utf8')).toBe('bytes é');
  });

  it('a missing file: ENOENT, as open() says', () => {
    expect(thrown(() => readRegularFile(join(tempDir(), 'none'))).code).toBe('ENOENT');
  });

  it.each([
    ['to a regular file', (dir: string) => writeFileSync(join(dir, 'target'), 'secret')],
    ['dangling', () => undefined],
  ])('a link (%s) is refused, not followed', (_what, prepare) => {
    const dir = tempDir();
    prepare(dir);
    symlinkSync(join(dir, 'target'), join(dir, 'link'));
    const err = thrown(() => readRegularFile(join(dir, 'link')));
    expect(err).toBeInstanceOf(NotRegularFileError);
    expect(err).toMatchObject({ name: 'NotRegularFileError', code: 'ENOTREG', path: join(dir, 'link'), link: true });
    expect(err.message).toBe(`${join(dir, 'link')} is a symbolic link`);
  });

  it('a FIFO nobody writes to is refused at once, not waited on', () => {
    const dir = tempDir();
    makeFifo(join(dir, 'fifo'));
    const err = thrown(() => readRegularFile(join(dir, 'fifo')));
    expect(err).toBeInstanceOf(NotRegularFileError);
    expect(err).toMatchObject({ code: 'ENOTREG', link: false });
    expect(err.message).toBe(`${join(dir, 'fifo')} is not a regular file`);
  });

  it('a folder is refused', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sub'));
    expect(thrown(() => readRegularFile(join(dir, 'sub')))).toMatchObject({ code: 'ENOTREG', link: false });
  });
});

describe('appendToRegularFile', () => {
  it('creates the file with the mode given, then appends', () => {
    const dir = tempDir();
    const path = join(dir, 'count');
    appendToRegularFile(path, '.', 0o600);
    appendToRegularFile(path, '.é', 0o644);
    expect(readFileSync(path, 'utf8')).toBe('..é');
    expect(lstatSync(path).mode & 0o777).toBe(0o600);
  });

  it('a link is refused; the file it points to is unchanged', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'victim'), 'precious');
    symlinkSync(join(dir, 'victim'), join(dir, 'count'));
    expect(thrown(() => appendToRegularFile(join(dir, 'count'), '.', 0o600))).toMatchObject({ code: 'ENOTREG', link: true });
    expect(readFileSync(join(dir, 'victim'), 'utf8')).toBe('precious');
  });

  it('a FIFO is refused at once: with nobody reading (ENXIO), and with a reader (not a regular file)', () => {
    const dir = tempDir();
    const path = join(dir, 'count');
    makeFifo(path);
    expect(thrown(() => appendToRegularFile(path, '.', 0o600)).code).toBe('ENXIO');
    const reader = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      expect(thrown(() => appendToRegularFile(path, '.', 0o600))).toMatchObject({ code: 'ENOTREG', link: false });
    } finally {
      closeSync(reader);
    }
  });
});

describe('descriptors', () => {
  /** Descriptors this process holds open (Linux); other threads of the test run may open a few meanwhile. */
  const openDescriptors = () => readdirSync('/proc/self/fd').length;
  const ROUNDS = 200;

  it.runIf(existsSync('/proc/self/fd'))('reading and appending close what they open, also when they refuse the file', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'f'), 'x');
    mkdirSync(join(dir, 'sub'));
    const before = openDescriptors();
    for (let i = 0; i < ROUNDS; i++) {
      readRegularFile(join(dir, 'f'));
      thrown(() => readRegularFile(join(dir, 'sub')));
      appendToRegularFile(join(dir, 'count'), '.', 0o600);
    }
    expect(openDescriptors() - before).toBeLessThan(ROUNDS / 2);
  });
});
