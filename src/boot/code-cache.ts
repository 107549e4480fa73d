/**
 * Start-up: V8's code cache for vis's own bundle files (dist/), on every Node.
 *
 * Compiling JavaScript is a large part of what a short command costs: V8 parses each
 * function the first time it runs. vis compiles the files in dist/ with vm.Script and
 * V8's cached data, and when a file had no usable cache, writes one as the process exits,
 * with every function the command ran. Node's own compile cache (module.enableCompileCache,
 * Node 22+) is not used: it serialises a file right after compiling it, before it runs, so
 * it holds only the code V8 compiles up front and every run compiles the functions it calls
 * again (measured with callgrind on Node 24: `vis --help` 2.30x `node -e 0` with Node's
 * cache, 1.79x with this one; `vis usage` 20% fewer instructions).
 *
 * What V8 checks itself: its version, its flags, and the source's length; it rejects
 * (cachedDataRejected) anything else, and vis then compiles normally and writes a new
 * cache. What this module adds:
 * - The file name holds a hash of the bundle's folder (two installations keep a cache
 *   each), a key of the bundle file's size, mtime and inode and of Node's version and
 *   architecture (a rebuilt or upgraded vis never meets an old cache), and which V8
 *   flags it was compiled under (src/boot/index.ts sets one).
 * - The folder ($XDG_CACHE_HOME/vis/code, else ~/.cache/vis/code) is created 0700 and
 *   used only when it is a directory of this user that nobody else can write to, and a
 *   cache file only when it is a regular file of this user: cached code is code, so it
 *   must not come from anyone else.
 * - A cache holds the functions that had run when it was written. A command that runs
 *   code the cache lacks (the first `vis usage` after a `vis --help`) rewrites it, with
 *   both, once per command word and at most MAX_WORDS times, so after a few different
 *   commands it covers them all and is no longer written.
 * - V8 stamps a cache with a hash of its flags as they are when the cache is written, and
 *   refuses it when they differ at the next compile: a flag set after the bundle is
 *   compiled makes every run compile it afresh and write it again. So the WebAssembly
 *   flags are set before (src/boot/index.ts), and set again later only to the same values.
 * - Files are written atomically (a temporary file, then rename), 0600, and never on a
 *   signal exit (Ctrl-C stays instant). Any failure only means no cache.
 * NODE_DISABLE_COMPILE_CACHE=1 (Node's switch for its own cache) turns it off.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { basename, dirname, join, sep } from 'node:path';
import { Script } from 'node:vm';
import { commandWord } from '../flags/argv.js';
import { isTruthy } from '../domain/env.js';
import { usablePrivateDir as usableDir, visCacheDir } from '../fs/private-dir.js';

export interface CodeCacheOptions {
  /** The folder of the files to cache (dist/); others compile as usual. */
  bundleDir: string;
  env: NodeJS.ProcessEnv;
  argv: readonly string[];
  /**
   * Which V8 flags this run compiles under ('w': --liftoff-only, 'n': none). Caches of
   * the two are kept apart: V8 refuses a cache written under other flags.
   */
  variant: 'w' | 'n';
}

/** The cache folder, from XDG_CACHE_HOME or the home folder. */
export function codeCacheDir(env: NodeJS.ProcessEnv): string {
  return join(visCacheDir(env), 'code');
}

/** Turns the cache on. Returns whether it is, for tests; never throws. */
export function startCodeCache(opts: CodeCacheOptions): 'vis' | 'off' {
  if (isTruthy(opts.env.NODE_DISABLE_COMPILE_CACHE)) return 'off';
  const dir = codeCacheDir(opts.env);
  try {
    if (!usableDir(dir)) return 'off';
    hookCompile(dir, opts.bundleDir, commandWord(opts.argv) ?? '', opts.variant);
    return 'vis';
  } catch {
    return 'off';
  }
}

/** The header of a cache file: magic, then the length of a JSON list of command words. */
const MAGIC = Buffer.from('vis-v8-cache-1\n');
const MAX_WORDS = 32;
const MAX_FILE_BYTES = 32 * 1024 * 1024;
/** Exit codes of signals (src/main.ts): nothing is written then. */
const SIGNAL_EXITS = new Set([129, 130, 143]);

interface Pending {
  script: Script;
  file: string;
  words: string[];
}

type Compile = (this: Module, content: string, filename: string, ...rest: unknown[]) => unknown;

function hookCompile(dir: string, bundleDir: string, word: string, variant: 'w' | 'n'): void {
  const proto = Module.prototype as unknown as { _compile: Compile };
  const original = proto._compile;
  const pending: Pending[] = [];
  const prefix = bundleDir.endsWith(sep) ? bundleDir : `${bundleDir}${sep}`;

  proto._compile = function compileWithCache(this: Module, content: string, filename: string, ...rest: unknown[]) {
    if (!filename.startsWith(prefix)) return original.call(this, content, filename, ...rest);
    const file = join(dir, `${basename(filename)}-${fnv1a(dirname(filename))}-${cacheKey(filename)}${variant}.v8cache`);
    const cached = readCache(file);
    const script = new Script(Module.wrap(content), { filename, cachedData: cached?.data });
    const words =
      !cached || script.cachedDataRejected ? [word] : cached.words.includes(word) || cached.words.length >= MAX_WORDS ? undefined : [...cached.words, word];
    if (words) pending.push({ script, file, words });
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return wrapper.call(this.exports, this.exports, requireFor(this), this, filename, dirname(filename));
  };

  process.once('exit', (code) => {
    if (SIGNAL_EXITS.has(code)) return;
    for (const p of pending) writeCache(p);
  });
}

/** What `require` is inside a CommonJS module, for the wrapper this module calls itself. */
function requireFor(mod: Module): NodeJS.Require {
  const M = Module as unknown as {
    _resolveFilename(request: string, parent: Module, isMain: boolean, options?: unknown): string;
    _cache: NodeJS.Require['cache'];
    _extensions: NodeJS.Require['extensions'];
  };
  const req = ((id: string) => mod.require(id)) as NodeJS.Require;
  req.resolve = ((request: string, options?: unknown) => M._resolveFilename(request, mod, false, options)) as NodeJS.RequireResolve;
  req.main = typeof require === 'function' ? require.main : undefined;
  req.cache = M._cache;
  req.extensions = M._extensions;
  return req;
}

/** What identifies the compiled code: the bundle file and this Node. */
function cacheKey(filename: string): string {
  const st = statSync(filename);
  return fnv1a(`${st.size}:${st.mtimeMs}:${st.ino}:${process.version}:${process.arch}`);
}

/** FNV-1a, 32 bits, as 8 hex digits: a name, not a defence (the folder is private). */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

function readCache(file: string): { data: Buffer; words: string[] } | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > MAX_FILE_BYTES) return undefined;
    if (typeof process.getuid === 'function' && st.uid !== process.getuid()) return undefined;
    const buf = readFileSync(fd);
    if (!buf.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
    const len = buf.readUInt32LE(MAGIC.length);
    const start = MAGIC.length + 4;
    const words = JSON.parse(buf.subarray(start, start + len).toString('utf8')) as unknown;
    if (!Array.isArray(words) || !words.every((w) => typeof w === 'string')) return undefined;
    return { data: buf.subarray(start + len), words };
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function writeCache(p: Pending): void {
  const tmp = `${p.file}.${process.pid}.tmp`;
  try {
    const words = Buffer.from(JSON.stringify(p.words));
    const len = Buffer.alloc(4);
    len.writeUInt32LE(words.length);
    writeFileSync(tmp, Buffer.concat([MAGIC, len, words, p.script.createCachedData()]), { mode: 0o600, flag: 'wx' });
    renameSync(tmp, p.file);
  } catch {
    try {
      unlinkSync(tmp);
    } catch {
      // Nothing was written.
    }
    return;
  }
  // Caches of an earlier build of the same file, at the same place and for the same
  // flags, are of no more use. Another installation's (a global vis and a project's
  // own) differ in the folder hash and stay.
  const own = basename(p.file);
  const stem = own.slice(0, own.lastIndexOf('-') + 1);
  const tail = own.slice(-'x.v8cache'.length);
  try {
    for (const name of readdirSync(dirname(p.file))) {
      if (name !== own && name.startsWith(stem) && name.endsWith(tail)) unlinkSync(join(dirname(p.file), name));
    }
  } catch {
    // Left for the next write.
  }
}
