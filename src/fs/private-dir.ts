/**
 * vis's cache folder ($XDG_CACHE_HOME/vis, else ~/.cache/vis) and the check every use of
 * it makes first: what vis keeps there (compiled code, the shared request window) is
 * trusted by later runs, so a folder is used only when it is this user's and nobody
 * else can write to it.
 */
import { lstatSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { makeDirs } from './make-dirs.js';

/** The cache folder, from XDG_CACHE_HOME (when absolute) or the home folder. */
export function visCacheDir(env: Readonly<Record<string, string | undefined>>): string {
  return envCacheDir(env) ?? join(homedir(), '.cache', 'vis');
}

/**
 * The cache folder the environment names (XDG_CACHE_HOME, else HOME); undefined when it
 * names neither, for callers that would rather do without than guess the home folder.
 */
export function envCacheDir(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'vis');
  return env.HOME ? join(env.HOME, '.cache', 'vis') : undefined;
}

/** Creates the folder 0700 if needed; true when it is ours and only we can write to it. Throws what mkdir throws. */
export function usablePrivateDir(dir: string): boolean {
  makeDirs(dir, 0o700);
  const st = lstatSync(dir);
  if (!st.isDirectory()) return false;
  if (typeof process.getuid === 'function' && (st.uid !== process.getuid() || (st.mode & 0o022) !== 0)) return false;
  return true;
}
