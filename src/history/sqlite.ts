/**
 * SQLite for the history store: node-sqlite3-wasm (SQLite compiled to WebAssembly, the
 * same on every Node vis supports, with no native build). Loaded only by the commands that
 * open the store: the build bundles it apart (dist/lib/sqlite.cjs, with its .wasm beside
 * it), so `vis topics` never reads it.
 */
import type { Database } from 'node-sqlite3-wasm';

export type SqlDatabase = Database;
export type SqlValue = number | bigint | string | Uint8Array | null;
export type SqlRow = Record<string, SqlValue>;

export interface SqliteModule {
  Database: new (file?: string, options?: { fileMustExist?: boolean; readOnly?: boolean }) => Database;
}

let loaded: SqliteModule | undefined;

/** The binding, loaded on first use. */
export async function loadSqlite(): Promise<SqliteModule> {
  if (loaded) return loaded;
  // A CommonJS package: its exports arrive as the default export (Node's loader sees no named ones).
  const mod = (await import('node-sqlite3-wasm')) as unknown as { default?: SqliteModule } & Partial<SqliteModule>;
  loaded = mod.Database ? (mod as SqliteModule) : mod.default!;
  return loaded;
}
