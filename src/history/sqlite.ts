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

/**
 * How V8 compiles SQLite's WebAssembly (1.3 MB): with its baseline compiler only, on this
 * thread. By default V8 compiles it again optimised, and spreads even the baseline work
 * over background tasks, and Node waits for those before the process may exit: on Node 24
 * about 80 ms after the answer was printed, for a command that took 150 ms. The baseline
 * code reads the history in a few milliseconds. Set before the module compiles; undici's
 * llhttp, the only other WebAssembly vis runs, gets the same (src/http/client.ts).
 *
 * Set while Node runs, `--liftoff-only` does not bring what it implies on the command
 * line: with tiering still on, V8 optimised SQLite's busy functions in the background
 * anyway, and with dynamic tiering alone off it optimises every function it compiles. So
 * both are turned off by name: `vis history topics` over 90 days ran 1.7 billion
 * instructions on Node 24, 1.0 billion without that work.
 */
export const BASELINE_WASM_FLAGS: readonly string[] = ['--liftoff-only', '--no-wasm-tier-up', '--no-wasm-dynamic-tiering', '--wasm-num-compilation-tasks=0'];

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
