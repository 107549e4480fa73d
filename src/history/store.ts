/**
 * The SQLite history store (node-sqlite3-wasm, loaded only by the commands that open it).
 * Entry point only: the store itself is being written.
 */
import { UsageError } from '../errors.js';
import type { HistoryStore } from './types.js';

/** Opens (creating it when `create`) the store file, migrating an older schema. Throws UsageError (exit 2) when it cannot be used. */
export async function openStore(file: string, o: { create: boolean }): Promise<HistoryStore> {
  await Promise.resolve();
  throw new UsageError(`the history store at ${file} cannot be opened by this build (create: ${String(o.create)})`);
}
