/**
 * What bin/vis.js runs before the CLI itself (dist/boot.cjs): the one V8 flag vis sets,
 * and the code cache. Kept apart from dist/vis.cjs because it decides how that file is
 * compiled.
 */
import { commandWord } from '../flags/argv.js';
import { BASELINE_WASM_FLAGS } from '../domain/wasm-flags.js';
import { startCodeCache } from './code-cache.js';

/** Set on globalThis when the WebAssembly flags are on (see limitWasmToBaseline in src/http/client.ts). */
export const LIFTOFF_ONLY = Symbol.for('vis.liftoffOnly');

/** Commands that never send a request, so never run undici's WebAssembly. */
const NO_REQUEST = new Set(['', 'help', 'completion', 'config', 'sandbox', 'version']);

/**
 * Commands that seldom send one: the completion scripts' `__complete` fetches brand names
 * at most once a day per account. Setting the flag would cost every TAB more than the
 * rare fetch saves; the client sets it itself before that fetch (src/http/client.ts).
 */
const SELDOM_REQUEST = new Set(['__complete']);

/** Whether this command line may send a request (a wrong "yes" costs only a few ms). */
export function mayRequest(argv: readonly string[]): boolean {
  if (argv.includes('--help') || argv.includes('-h')) return false;
  return !NO_REQUEST.has(commandWord(argv) ?? '');
}

export function boot(bundleDir: string): void {
  const argv = process.argv.slice(2);
  // The WebAssembly flags (why: src/domain/wasm-flags.ts) are set here, before anything
  // is compiled, for the commands that may send a request (and those that open the
  // history's SQLite): V8 stamps cached code with its flags, so they must not change after
  // the bundle is compiled, or the cache written at exit is refused by the next run. They
  // cost 2-3 ms (node:v8 loads), so commands that never send a request go without, and
  // keep a cache of their own (the "n" variant).
  let wasm = false;
  if (mayRequest(argv) && !SELDOM_REQUEST.has(commandWord(argv) ?? '')) {
    try {
      const v8 = process.getBuiltinModule('node:v8');
      for (const flag of BASELINE_WASM_FLAGS) v8.setFlagsFromString(flag);
      (globalThis as Record<symbol, unknown>)[LIFTOFF_ONLY] = true;
      wasm = true;
    } catch {
      // Not fatal: only the exit after a request is slower.
    }
  }
  startCodeCache({ bundleDir, env: process.env, argv, variant: wasm ? 'w' : 'n' });
}
