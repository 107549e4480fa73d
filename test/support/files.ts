/** Folders of a test's own under the system temp folder, and what a command left in them. */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
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
