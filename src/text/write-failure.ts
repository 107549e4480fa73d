/**
 * A file the file system would not let vis write, in the user's words: what went wrong
 * and what to check, for the path the user gave. Node's own message names the call and
 * the file it opened, which for an atomic write is the temp file beside the target
 * (`.report.html.1155.on58y78j.tmp`), a name the user never typed: it is never shown.
 * Such a failure exits 2, as every file vis cannot write.
 */

export interface WriteFailure {
  /** What went wrong, after `could not write <path>: `. */
  why: string;
  /** What to check, as the first words of the hint. */
  check: string;
}

const WORDS: Readonly<Record<string, WriteFailure>> = {
  ENOTDIR: {
    why: 'a part of the path is a file, not a folder',
    check: 'Check each folder on the way to it: one of them is a file.',
  },
  EISDIR: { why: 'it is a folder', check: 'Name a file in it instead.' },
  ENOENT: { why: 'its folder does not exist (any more)', check: 'Check that the folder exists.' },
  ENOSPC: { why: 'no space left on the device', check: 'Free some space there, or write elsewhere.' },
  EDQUOT: { why: 'the disk quota is used up', check: 'Free some space there, or write elsewhere.' },
  EFBIG: { why: 'the file would be larger than allowed', check: 'Check the file size limit (ulimit -f), or write it to another file system.' },
  EACCES: { why: 'permission denied', check: 'Check that you may write the file and its folder (ls -ld).' },
  EPERM: { why: 'the operation is not permitted', check: 'Check that you may write the file and its folder (ls -ld), and that neither is immutable.' },
  EROFS: { why: 'the file system is read-only', check: 'Write it to a file system that is mounted read-write.' },
  ENAMETOOLONG: { why: 'the name is too long', check: 'Choose a shorter name or folder.' },
  ELOOP: { why: 'its symbolic links loop', check: 'Check where the links on the way to it point.' },
  EIO: { why: 'the device reported an input/output error', check: 'Check the disk, or write elsewhere.' },
  EMFILE: { why: 'vis has too many files open', check: 'Raise the limit of open files (ulimit -n), then try again.' },
  ENFILE: { why: 'too many files are open on this machine', check: 'Close other programs, then try again.' },
  EBUSY: { why: 'the file is busy', check: 'Check that no other program holds it, then try again.' },
  ENXIO: { why: 'nothing is behind it to take the output', check: 'vis writes only to files, devices and FIFOs.' },
  ETXTBSY: { why: 'the file is busy', check: 'Check that no other program holds it, then try again.' },
};

/**
 * The words for a file-system error `code` (`ENOSPC`); a code vis has no words for is
 * named as it came, since it is what a search would find.
 */
export function writeFailure(code: string): WriteFailure {
  return Object.hasOwn(WORDS, code)
    ? WORDS[code]!
    : { why: `the file system refused it (${code})`, check: 'Check the path, its folder and the space left there.' };
}
