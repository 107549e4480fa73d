/**
 * SQLite for the history store: node-sqlite3-wasm (SQLite compiled to WebAssembly, the
 * same on every Node vis supports, with no native build). Loaded only by the commands that
 * open the store: the build bundles it apart (dist/lib/sqlite.cjs, with its .wasm beside
 * it), so `vis topics` never reads it.
 */
import type { Database } from 'node-sqlite3-wasm';
import { BASELINE_WASM_FLAGS } from '../domain/wasm-flags.js';

export type SqlDatabase = Database;
export type SqlValue = number | bigint | string | Uint8Array | null;
export type SqlRow = Record<string, SqlValue>;

export interface SqliteModule {
  Database: new (file?: string, options?: { fileMustExist?: boolean; readOnly?: boolean }) => Database;
}

let loaded: SqliteModule | undefined;

/**
 * SQLite's WebAssembly (1.3 MB) is compiled with V8's baseline compiler only, on this
 * thread (why: src/domain/wasm-flags.ts): `vis history topics` over 90 days ran 1.7 billion
 * instructions on Node 24 with V8's defaults, 1.0 billion without. bin/vis.js sets the flags
 * at start-up for the commands that open the store; set again here, to the same values,
 * for any other way in (tests). Set before the module compiles.
 */
export { BASELINE_WASM_FLAGS };

/** Sets BASELINE_WASM_FLAGS (on `v8`, Node's by default). */
export function compileOnThisThread(v8?: { setFlagsFromString(flag: string): void }): void {
  try {
    const flags = v8 ?? process.getBuiltinModule('node:v8');
    for (const flag of BASELINE_WASM_FLAGS) flags.setFlagsFromString(flag);
  } catch {
    // Not fatal: the store works the same, the exit is just slower.
  }
}

/** The binding, loaded on first use. */
export async function loadSqlite(): Promise<SqliteModule> {
  if (loaded) return loaded;
  compileOnThisThread();
  // A CommonJS package: its exports arrive as the default export (Node's loader sees no named ones).
  const mod = (await import('node-sqlite3-wasm')) as unknown as { default?: SqliteModule } & Partial<SqliteModule>;
  loaded = mod.Database ? (mod as SqliteModule) : mod.default!;
  return loaded;
}
