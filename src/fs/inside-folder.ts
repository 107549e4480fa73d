/**
 * Writing into the folder the user named (`vis export --dir`) and nowhere else, whatever
 * the relative paths vis is handed: they are built from text it does not trust (a
 * manifest it reads back, names the server sends).
 *
 * - A relative path must resolve strictly inside the folder, and be written the way it
 *   resolves: no `..`, `.`, empty part, leading `/` or NUL. The resolved path is compared,
 *   not a string prefix (`/data/export-evil` starts with `/data/export`).
 * - The folder itself must be the user's own (their own link to it is followed, one
 *   another user made is not) and not writable by other users, as git refuses a repository another user owns:
 *   whoever else could write there could plant links, FIFOs or files for vis to trust.
 *   Group-writable is fine (a umask of 002 is common).
 * - Folders on the way are made one at a time without following links: one that exists
 *   must be a real folder (not a link), the user's own, not writable by others.
 * - The file itself is a new regular file renamed into place (src/fs/atomic-write.ts).
 */
import { lstatSync, mkdirSync, statSync, type Stats } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { writeFileAtomically } from './atomic-write.js';

/** A path or folder vis will not write to; the message says why. */
export class UnsafePathError extends Error {
  constructor(
    message: string,
    /** The path itself leads outside the folder (rather than a folder on the way being unsafe). */
    readonly outside = false,
  ) {
    super(message);
    this.name = 'UnsafePathError';
  }
}

/** Folders vis makes: 0775 less the umask, so even a umask of 000 leaves them closed to others. */
const FOLDER_MODE = 0o775;
/** Files vis writes: 0666 less the umask, as a shell redirect makes them. */
const FILE_MODE = 0o666;

/** The absolute path of `rel` (parts joined by `/`) inside `root`; UnsafePathError unless it is strictly inside. */
export function pathInside(root: string, rel: string): string {
  const top = resolve(root);
  const target = resolve(top, rel);
  const inside = relative(top, target);
  if (rel.includes('\0') || inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || inside.split(sep).join('/') !== rel) {
    throw new UnsafePathError(`${JSON.stringify(rel)} is not a path inside ${root}`, true);
  }
  return target;
}

/** Why vis will not write into the folder at `path`, described by `st` (lstat, or stat for a folder the user named); undefined when it will. */
export function folderProblem(path: string, st: Stats): string | undefined {
  if (st.isSymbolicLink()) return `${path} is a symbolic link`;
  if (!st.isDirectory()) return `${path} is not a folder`;
  if (foreign(st)) return `${path} belongs to another user`;
  if ((st.mode & 0o002) !== 0) return `${path} is writable by other users`;
  return undefined;
}

/**
 * Why vis will not write into `dir`, the folder the user named; undefined when it will.
 * Their own link to it is followed; a link someone else made (in /tmp, say) is not theirs
 * to follow. Throws what lstat and stat throw.
 */
export function ownFolderProblem(dir: string): string | undefined {
  const named = lstatSync(dir);
  if (named.isSymbolicLink() && foreign(named)) return `${dir} is a symbolic link another user made`;
  return folderProblem(dir, statSync(dir));
}

/** Owned by another user (where there are user ids: not on Windows). */
function foreign(st: Stats): boolean {
  return typeof process.getuid === 'function' && st.uid !== process.getuid();
}

/**
 * Checks, without making anything, the folders that already exist on the way to `rel`
 * inside `root`: what writeFileInside would refuse there, it refuses now (UnsafePathError).
 */
export function checkPathInside(root: string, rel: string): void {
  walk(root, rel, false);
}

/**
 * Writes `text` to `rel` inside `root`, making the folders on the way: never outside
 * `root`, never through a link, never into a folder others own or can write to
 * (UnsafePathError). Returns the file's absolute path.
 */
export function writeFileInside(root: string, rel: string, text: string): string {
  const target = walk(root, rel, true);
  writeFileAtomically(target, text, { mode: FILE_MODE });
  return target;
}

function walk(root: string, rel: string, make: boolean): string {
  const target = pathInside(root, rel);
  let folder = resolve(root);
  refuse(ownFolderProblem(folder));
  for (const name of rel.split('/').slice(0, -1)) {
    folder = join(folder, name);
    const st = lstatOrMake(folder, make);
    if (st === undefined) break;
    refuse(folderProblem(folder, st));
  }
  return target;
}

/** The folder's lstat; a missing one is made (`make`) or undefined. */
function lstatOrMake(folder: string, make: boolean): Stats | undefined {
  try {
    return lstatSync(folder);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (!make) return undefined;
  try {
    mkdirSync(folder, FOLDER_MODE);
  } catch (err) {
    // Made meanwhile (by another vis, or planted): judged like any folder that was there.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return lstatSync(folder);
}

function refuse(problem: string | undefined): void {
  if (problem !== undefined) throw new UnsafePathError(problem);
}
