/**
 * `mkdir -p`, one level at a time from the nearest folder that exists. Not mkdirSync's
 * `recursive` option: where mkdir answers ENOENT although the parent exists (any path
 * under /proc, for one), Node's recursive mkdir retries forever, and a signal cannot
 * even stop it, since the loop never returns to JavaScript. Here every failure throws.
 * Folders it makes get `mode` (less the umask); existing ones are left as they are.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

export function makeDirs(dir: string, mode = 0o777): void {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d);) {
    missing.push(d);
    const parent = dirname(d);
    if (parent === d) break;
    d = parent;
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d, { mode });
    } catch (err) {
      // Made by someone else in the meantime: fine, if it is a folder.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(d).isDirectory()) throw err;
    }
  }
}
