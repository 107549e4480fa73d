/**
 * A file vis could not write, in words (src/text/write-failure.ts): what went wrong and
 * what to check, never Node's message, which names the temp file beside the target.
 */
import { describe, expect, it } from 'vitest';
import { writeFailure } from '../../src/text/write-failure.js';

const KNOWN = [
  'ENOTDIR',
  'EISDIR',
  'ENOENT',
  'ENOSPC',
  'EDQUOT',
  'EFBIG',
  'EACCES',
  'EPERM',
  'EROFS',
  'ENAMETOOLONG',
  'ELOOP',
  'EIO',
  'EMFILE',
  'ENFILE',
  'EBUSY',
  'ENXIO',
  'ETXTBSY',
];

describe('writeFailure', () => {
  it('says each failure the file system gives in words, with a sentence of what to check', () => {
    for (const code of KNOWN) {
      const { why, check } = writeFailure(code);
      expect(why, code).toMatch(/^[a-z][^.]*[a-z)]$/);
      expect(why, code).not.toContain(code);
      expect(check, code).toMatch(/^[A-Zv].*\.$/);
    }
    expect(writeFailure('ENOTDIR')).toEqual({
      why: 'a part of the path is a file, not a folder',
      check: 'Check each folder on the way to it: one of them is a file.',
    });
    expect(writeFailure('ENOSPC').why).toBe('no space left on the device');
    expect(writeFailure('EACCES').check).toBe('Check that you may write the file and its folder (ls -ld).');
    expect(writeFailure('EISDIR')).toEqual({ why: 'it is a folder', check: 'Name a file in it instead.' });
  });

  it('names a code it has no words for as it came, and takes no word of the object’s own for a code', () => {
    expect(writeFailure('EWHATEVER')).toEqual({ why: 'the file system refused it (EWHATEVER)', check: 'Check the path, its folder and the space left there.' });
    expect(writeFailure('constructor').why).toBe('the file system refused it (constructor)');
    expect(writeFailure('__proto__').why).toBe('the file system refused it (__proto__)');
  });
});
