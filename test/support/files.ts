/** Folders of a test's own under the system temp folder, and what a command left in them. */
import { spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

export const tempDir = () => mkdtempSync(join(tmpdir(), 'vis-export-'));

/** Every file under `dir`, relative, with `/`. */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else out.push(relative(dir, p).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** Temp files an atomic write leaves behind if it goes wrong: `*.tmp` or dot-files. */
export const noTempFiles = (dir: string) => listFiles(dir).filter((f) => f.endsWith('.tmp') || f.split('/').some((part) => part.startsWith('.')));

const asRoot = process.getuid?.() === 0;

/**
 * Makes `dir` a folder no one may create files in, root included: read-only for a user,
 * immutable (chattr +i, on ext4, xfs or btrfs) for root. Returns the undo, or undefined
 * where neither works.
 */
export function lockFolder(dir: string): (() => void) | undefined {
  const unlock = asRoot ? () => void spawnSync('chattr', ['-i', dir]) : () => chmodSync(dir, 0o700);
  if (asRoot) {
    if (spawnSync('chattr', ['+i', dir]).status !== 0) return undefined;
  } else chmodSync(dir, 0o500);
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    return unlock;
  }
  unlock();
  return undefined;
}
