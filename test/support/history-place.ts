/** Where a test's own history store goes: a `history` folder in a new temporary folder, and the store's file in it. */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A new place for a store, under a temporary folder named after `name` (`vis-<name>-…`).
 * The folder is made private (0700), as vis makes it, unless `made` is false: then it
 * does not exist yet, for the tests of vis making it.
 */
export function storePlace(name: string, o: { made?: boolean } = {}): { dir: string; file: string } {
  const dir = join(mkdtempSync(join(tmpdir(), `vis-${name}-`)), 'history');
  if (o.made !== false) mkdirSync(dir, { mode: 0o700 });
  return { dir, file: join(dir, 'history.db') };
}
