import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeDirs } from '../../src/fs/make-dirs.js';

describe('makeDirs (mkdir -p that always ends)', () => {
  const base = () => mkdtempSync(join(tmpdir(), 'vis-dirs-'));

  it('makes every missing level with the mode, and is a no-op when the folder exists', () => {
    const dir = join(base(), 'a', 'b', 'c');
    makeDirs(dir, 0o700);
    for (const d of [dir, join(dir, '..'), join(dir, '..', '..')]) expect(statSync(d).mode & 0o777).toBe(0o700);
    expect(() => makeDirs(dir, 0o700)).not.toThrow();
  });

  it('throws when a level is a file', () => {
    const file = join(base(), 'file');
    writeFileSync(file, '');
    expect(() => makeDirs(join(file, 'x'))).toThrow(/ENOTDIR|EEXIST/);
  });

  it.runIf(existsSync('/proc/self'))('throws, rather than spinning, under /proc', () => {
    expect(() => makeDirs('/proc/vis-test/a/b')).toThrow();
  });
});
