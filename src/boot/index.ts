/**
 * What bin/vis.js runs before the CLI itself (dist/boot.cjs): the one V8 flag vis sets,
 * and the code cache. Kept apart from dist/vis.cjs because it decides how that file is
 * compiled.
 */
import { startCodeCache } from './code-cache.js';

export function boot(bundleDir: string): void {
  // Why --liftoff-only: see limitWasmToBaseline in src/http/client.ts. It is set here,
  // before anything is compiled, rather than when the first request loads undici,
  // because V8 stamps cached code with its flags: a cache written after the flag changed
  // would be refused by every later run.
  try {
    process.getBuiltinModule('node:v8').setFlagsFromString('--liftoff-only');
  } catch {
    // Not fatal: only the exit after a request is slower.
  }
  startCodeCache({ bundleDir, env: process.env, argv: process.argv.slice(2) });
}
