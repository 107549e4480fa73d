/**
 * Start-up: Node's compile cache for vis's own bundle files.
 *
 * Compiling JavaScript is a large part of what a short command costs: V8 parses each
 * function the first time it runs. Node 22 and later keep compiled code between runs
 * (module.enableCompileCache), and vis turns that on, in its own cache folder
 * ($XDG_CACHE_HOME/vis/code, else ~/.cache/vis/code), created 0700 and used only when it
 * is a directory of this user that nobody else can write to: cached code is code, so it
 * must not come from anyone else. Node checks the rest itself (its version, V8's flags,
 * the source's hash) and compiles normally when a cache entry does not match.
 *
 * Node 20 has no such switch and runs without a cache (about 18 ms more a command).
 * vis once carried a cache of its own for it (vm.Script with V8's cached data); it was
 * removed: Node 20 is past its end of life, and the code it took is not worth 18 ms.
 * NODE_DISABLE_COMPILE_CACHE=1 (Node's own switch) turns it off. Any failure only means
 * no cache.
 */
import Module from 'node:module';
import { join } from 'node:path';
import { isTruthy } from '../domain/env.js';
import { usablePrivateDir as usableDir, visCacheDir } from '../fs/private-dir.js';

export interface CodeCacheOptions {
  env: NodeJS.ProcessEnv;
}

/** The cache folder, from XDG_CACHE_HOME or the home folder. */
export function codeCacheDir(env: NodeJS.ProcessEnv): string {
  return join(visCacheDir(env), 'code');
}

/** Turns Node's compile cache on where Node has one. Returns which, for tests; never throws. */
export function startCodeCache(opts: CodeCacheOptions): 'node' | 'off' {
  if (isTruthy(opts.env.NODE_DISABLE_COMPILE_CACHE)) return 'off';
  const enable = (Module as { enableCompileCache?: (dir?: string) => unknown }).enableCompileCache;
  if (typeof enable !== 'function') return 'off';
  try {
    const dir = codeCacheDir(opts.env);
    if (!usableDir(dir)) return 'off';
    enable(dir);
    return 'node';
  } catch {
    return 'off';
  }
}
