/**
 * The config file: named profiles, each with a base URL, key, default brand, market and
 * format, plus the active profile's name (its shape: src/config/schema.ts). The file is
 * 0600 in a 0700 folder, and both are tightened when they were created looser, but never
 * through a symlink: a config.json that links elsewhere (a dotfiles repository) is written
 * through, keeps its target's mode, and gets a warning when others can read it.
 *
 * vis reads, checks and writes the file itself, without conf: conf's reads, writes and
 * migrations would each need replacing to keep the guarantees below, which take less code alone.
 *
 * - Every command reads the file with a plain JSON read and checks its fields with
 *   configShapeProblem (src/config/schema.ts). A change (`vis config set|unset`, `vis auth
 *   login|logout`) holds the file's lock (config.json.lock, src/fs/lock.ts) from its read
 *   to its write, so parallel vis runs never lose each other's changes, and writes through
 *   the one atomic writer (src/fs/atomic-write.ts): a link planted at the temp name is
 *   never followed, and a failed write leaves the old file whole.
 * - A damaged file (not JSON, another shape) and every failure of the file system (no
 *   permission, read-only, full, a folder where the file should be) is a usage error naming
 *   the file and what to do: exit 2, not a bug. A damaged file is never overwritten.
 * - The file has had one shape (CONFIG_VERSION). A later shape is moved up in the read,
 *   under the lock of a change, never by a command that only reads.
 */
import { accessSync, chmodSync, constants, lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import type { Env } from '../domain/env.js';
import { writeFileAtomically } from '../fs/atomic-write.js';
import { makeDirs } from '../fs/make-dirs.js';
import { withLock } from '../fs/lock.js';
import { configShapeProblem } from './schema.js';

export interface Profile {
  base_url?: string;
  api_key?: string;
  brand?: string;
  market?: string;
  format?: string;
  /** `off` turns the response cache off for this profile (src/cache/). */
  cache?: string;
  /** Where the history is kept: off, a file, or a postgres:// URL (src/history/location.ts); VIS_HISTORY wins. */
  history?: string;
  /** The webhook `vis changes --notify` posts to: a secret, set from stdin only; VIS_NOTIFY_URL wins. */
  notify?: string;
  /** slack, teams or json: the webhook's format when its host does not say it; VIS_NOTIFY_FORMAT wins. */
  notify_format?: string;
}

export interface ConfigData {
  profile?: string;
  profiles?: Record<string, Profile>;
}

/** Settings a user may change with `vis config set`; the key is set with `vis auth login`. */
export const PROFILE_SETTINGS = ['base_url', 'brand', 'market', 'format', 'cache', 'history', 'notify', 'notify_format'] as const;
export type ProfileSetting = (typeof PROFILE_SETTINGS)[number];

export const DEFAULT_PROFILE = 'default';
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function configDir(env: Env): string {
  if (env.VIS_CONFIG_DIR) return env.VIS_CONFIG_DIR;
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg && xdg.startsWith('/') ? xdg : join(env.HOME ?? homedir(), '.config');
  return join(base, 'vis');
}

export function configPath(env: Env): string {
  return join(configDir(env), 'config.json');
}

export function checkProfileName(name: string, flag = '--profile'): string {
  if (!PROFILE_NAME.test(name)) {
    throw new UsageError(`${flag} must be 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit (got "${name}")`);
  }
  return name;
}

export class ConfigStore {
  readonly dir: string;
  readonly path: string;
  private cached: ConfigData | undefined;

  /** Where a warning about the file goes (stderr); silent by default. */
  private readonly warn: (line: string) => void;

  constructor(env: Env, warn: (line: string) => void = () => undefined) {
    this.dir = configDir(env);
    this.path = join(this.dir, 'config.json');
    this.warn = warn;
  }

  read(): ConfigData {
    this.cached ??= this.readFile();
    return this.cached;
  }

  /** The file as it is on disk now (not the copy read() keeps). */
  private readFile(): ConfigData {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw configError(err, this.path, 'read');
    }
    let parsed: unknown;
    try {
      parsed = parseConfig(text);
    } catch (err) {
      throw notJsonError(this.path, err as Error);
    }
    const problem = configShapeProblem(parsed);
    if (problem !== undefined) throw damagedError(this.path, problem);
    return parsed as ConfigData;
  }

  /**
   * The profile this run uses: --profile > VIS_PROFILE > the saved active one > default.
   * A name that is not saved is refused (a typo would otherwise read as "no API base URL"),
   * unless `create`: `vis auth login` and `vis config set <setting>` are how profiles are made.
   */
  activeProfileName(flag: string | undefined, env: Env, create = false): { name: string; source: string } {
    const active = this.namedProfile(flag, env);
    if (!create && !this.hasProfile(active.name)) {
      const from = active.source === '--profile' || active.source === 'VIS_PROFILE' ? active.source : `the active profile (saved in ${this.path})`;
      throw new UsageError(`${from}: no profile "${active.name}" (profiles: ${this.profileNames().join(', ')})`, {
        hint:
          from === active.source
            ? `Create it with \`vis auth login --profile ${active.name} --base-url URL\`, or pick one of the above.`
            : 'Switch with `vis config set profile NAME`, or go back to the default with `vis config unset profile`.',
      });
    }
    return active;
  }

  private namedProfile(flag: string | undefined, env: Env): { name: string; source: string } {
    if (flag !== undefined) return { name: checkProfileName(flag), source: '--profile' };
    if (env.VIS_PROFILE) return { name: checkProfileName(env.VIS_PROFILE, 'VIS_PROFILE'), source: 'VIS_PROFILE' };
    const saved = this.read().profile;
    if (typeof saved === 'string' && saved !== '') return { name: saved, source: this.path };
    return { name: DEFAULT_PROFILE, source: 'default' };
  }

  /** The default profile always exists, saved or not: no config file and VIS_* variables is a setup. */
  hasProfile(name: string): boolean {
    return name === DEFAULT_PROFILE || Object.hasOwn(this.read().profiles ?? {}, name);
  }

  /** The saved profiles' names, and default. */
  profileNames(): string[] {
    const saved = Object.keys(this.read().profiles ?? {});
    return saved.includes(DEFAULT_PROFILE) ? saved : [DEFAULT_PROFILE, ...saved];
  }

  profile(name: string): Profile {
    const p = this.read().profiles?.[name];
    return p && typeof p === 'object' ? p : {};
  }

  /**
   * Applies a change, holding the config file's lock (src/fs/lock.ts) from its read to its
   * write: the change is applied to the file as it is now, not to the copy read earlier,
   * so parallel vis runs never lose each other's changes. A failure leaves the old file
   * as it was and is a UsageError naming the file; a damaged file stops at the read.
   */
  async update(change: (data: ConfigData) => void): Promise<void> {
    this.ensureDir();
    const write = () => {
      const current = this.readFile();
      change(current);
      try {
        // Tab-indented, as every earlier vis wrote the file.
        this.writeText(JSON.stringify(current, undefined, '\t'));
        this.tighten();
      } catch (err) {
        throw configError(err, this.path, 'write');
      }
      this.cached = current;
    };
    try {
      await withLock(this.path, write);
    } catch (err) {
      throw configError(err, this.path, 'write');
    }
  }

  /** Writes the text through the one atomic writer: through a symlink to its target, keeping that target's mode. */
  private writeText(text: string): void {
    const mode = this.fileMode();
    const linked = mode !== undefined;
    writeFileAtomically(linked ? realpathSync(this.path) : this.path, text, { mode: mode ?? 0o600, keepMode: linked });
  }

  /**
   * For a config.json that is a symlink, the mode its target has now (vis writes through
   * the link and does not chmod what it points at); undefined for a file of its own.
   * Others being able to read the key is worth a warning.
   */
  private fileMode(): number | undefined {
    try {
      if (!lstatSync(this.path).isSymbolicLink()) return undefined;
      const mode = statSync(this.path).mode & 0o7777;
      if ((mode & 0o077) !== 0) {
        this.warn(
          `vis: warning: ${this.path} is a symlink to a file others can read (mode ${mode.toString(8)}); vis does not change modes through a link: chmod 600 its target.`,
        );
      }
      return mode;
    } catch {
      return undefined;
    }
  }

  /**
   * Makes the folder and checks that vis may write in it, so a command that is about to
   * save something (auth login) can refuse before it asks for a key or sends a request.
   */
  ensureDir(): void {
    try {
      makeDirs(this.dir, 0o700);
    } catch (err) {
      throw configError(err, this.dir, 'create', 'folder');
    }
    try {
      this.tighten();
      // Asked first, so `auth login` can refuse before it asks for a key.
      accessSync(this.dir, constants.W_OK);
    } catch (err) {
      throw configError(err, this.path, 'write');
    }
  }

  /** Tighten the folder to 0700 and the file to 0600 when they were created looser. */
  tighten(): void {
    tightenMode(this.dir, 0o700);
    tightenMode(this.path, 0o600);
  }
}

/** Never through a symlink: the link's target is not vis's to change. */
function tightenMode(path: string, mode: number): void {
  try {
    const st = lstatSync(path);
    if (st.isSymbolicLink()) return;
    if ((st.mode & 0o777 & ~mode) !== 0) chmodSync(path, mode);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** The config file's text as data; empty (or only white space) is an empty config. */
function parseConfig(text: string): unknown {
  return text.trim() === '' ? {} : JSON.parse(text);
}

const DAMAGED_HINT = 'Fix it by hand, or move it away and run `vis auth login` again. vis will not overwrite it.';

function notJsonError(path: string, err: Error): UsageError {
  // V8 quotes the text around the fault (`Unexpected token 'p', ..."history":postgres:/"...`):
  // in this file that may be a key or a history URL's password, so the quote is left out.
  const reason = err.message.replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, '');
  return new UsageError(`the config file ${path} is not valid JSON (${reason})`, { hint: DAMAGED_HINT });
}

function damagedError(path: string, problem: string): UsageError {
  return new UsageError(`the config file ${path} is not a vis config: ${problem}`, { hint: DAMAGED_HINT });
}

/** What to do about a file system error on the config file or folder. */
const CONFIG_HINTS: Record<string, string> = {
  EACCES: 'Check the owner and permissions of the file and its folder (ls -ld), or set VIS_CONFIG_DIR to a folder you can write.',
  EPERM: 'Check the owner and permissions of the file and its folder (ls -ld), or set VIS_CONFIG_DIR to a folder you can write.',
  EROFS: 'It is on a read-only file system: set VIS_CONFIG_DIR to a writable folder, or pass the settings as VIS_BASE_URL and VIS_API_KEY.',
  ENOSPC: 'The disk is full: free some space and try again.',
  EDQUOT: 'The disk quota is used up: free some space and try again.',
  EISDIR: 'A folder stands where the config file should be: move it away, or set VIS_CONFIG_DIR to another folder.',
  ENOTDIR: 'Part of the path is a file, not a folder: fix the path, or set VIS_CONFIG_DIR to another folder.',
};

/**
 * A UsageError (exit 2) for anything the file system refused: the user's to fix,
 * not a bug. Anything else (a VisError already, or no errno at all) passes unchanged.
 */
export function configError(err: unknown, path: string, action: 'read' | 'write' | 'create', what: 'file' | 'folder' = 'file'): unknown {
  if (err instanceof UsageError) return err;
  const e = err as NodeJS.ErrnoException | undefined;
  if (e instanceof SyntaxError) return notJsonError(path, e);
  if (!(e instanceof Error) || typeof e.code !== 'string') return err;
  const hint = CONFIG_HINTS[e.code] ?? 'Fix it, or set VIS_CONFIG_DIR to another folder.';
  const unchanged = action === 'write' ? ' The config file is unchanged.' : '';
  return new UsageError(`cannot ${action} the config ${what} ${path}: ${e.message}`, { hint: `${hint}${unchanged}` });
}
