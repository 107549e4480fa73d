/**
 * The config file: named profiles, each with a base URL, key, default brand, market and
 * format, plus the active profile's name.
 *
 * Reads use a plain JSON read (conf pulls in ajv and friends, which every data command
 * would pay for at start-up); writes go through conf, which writes atomically, so a
 * failed write never leaves a half-written file. The file is 0600 in a 0700 folder, and
 * both are tightened when they were created looser, but never through a symlink: a
 * config.json that links elsewhere (a dotfiles repository) is written through, keeps its
 * target's mode, and gets a warning when others can read it.
 *
 * Every write holds the file's lock (config.json.lock, src/fs/lock.ts) from reading the
 * file fresh to writing it, so parallel vis runs never lose each other's changes.
 *
 * Every failure of the file system (no permission, read-only, full, a folder where the
 * file should be) is a usage error naming the file and what to do: exit 2, not a bug.
 */
import { accessSync, chmodSync, constants, lstatSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import type { Env } from '../domain/env.js';
import { makeDirs } from '../fs/make-dirs.js';
import { withLock } from '../fs/lock.js';

export interface Profile {
  base_url?: string;
  api_key?: string;
  brand?: string;
  market?: string;
  format?: string;
  /** `off` turns the response cache off for this profile (src/cache/). */
  cache?: string;
}

export interface ConfigData {
  profile?: string;
  profiles?: Record<string, Profile>;
}

/** Settings a user may change with `vis config set`; the key is set with `vis auth login`. */
export const PROFILE_SETTINGS = ['base_url', 'brand', 'market', 'format', 'cache'] as const;
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
    throw new UsageError(
      `${flag} must be 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit (got "${name}")`,
    );
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
      throw new UsageError(`the config file ${this.path} is not valid JSON (${(err as Error).message})`, {
        hint: 'Fix it by hand, or move it away and run `vis auth login` again. vis will not overwrite it.',
      });
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new UsageError(`the config file ${this.path} does not hold a JSON object`, {
        hint: 'Fix it by hand, or move it away and run `vis auth login` again.',
      });
    }
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
   * Applies a change through conf (atomic write, 0600) and re-tightens modes, holding the
   * config file's lock (src/fs/lock.ts) from the read to the write: the change is applied
   * to the file as it is now, not to the copy read earlier, so parallel vis runs never
   * lose each other's changes. A failure leaves the old file as it was and is a
   * UsageError naming the file.
   */
  async update(change: (data: ConfigData) => void): Promise<void> {
    this.ensureDir();
    const { default: Conf } = await import('conf');
    const write = () => {
      // Read first: a corrupt file stops here instead of being replaced.
      const current = this.readFile();
      change(current);
      try {
        const conf = new Conf<ConfigData>({
          cwd: this.dir,
          configName: 'config',
          projectName: 'vis',
          configFileMode: this.fileMode(),
          clearInvalidConfig: false,
          accessPropertiesByDotNotation: false,
          // An empty file is an empty config, as for read(); conf would fail on it.
          deserialize: (text) => parseConfig(text) as ConfigData,
        });
        conf.store = current;
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

  /**
   * The mode a write gives the file: 0600, or, for a config.json that is a symlink, the
   * mode its target has now (conf writes through the link; vis does not chmod what the
   * link points at). Others being able to read the key is worth a warning.
   */
  private fileMode(): number {
    try {
      if (!lstatSync(this.path).isSymbolicLink()) return 0o600;
      const mode = statSync(this.path).mode & 0o7777;
      if ((mode & 0o077) !== 0) {
        this.warn(
          `vis: warning: ${this.path} is a symlink to a file others can read (mode ${mode.toString(8)}); vis does not change modes through a link: chmod 600 its target.`,
        );
      }
      return mode;
    } catch {
      return 0o600;
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
      // conf's writer retries a refused write for a second before giving up; ask first.
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
 * A UsageError (exit 2) for anything the file system or conf refused: the user's to fix,
 * not a bug. Anything else (a VisError already, or no errno at all) passes unchanged.
 */
export function configError(err: unknown, path: string, action: 'read' | 'write' | 'create', what: 'file' | 'folder' = 'file'): unknown {
  if (err instanceof UsageError) return err;
  const e = err as NodeJS.ErrnoException | undefined;
  if (e instanceof SyntaxError) {
    return new UsageError(`the config file ${path} is not valid JSON (${e.message})`, {
      hint: 'Fix it by hand, or move it away and run `vis auth login` again. vis will not overwrite it.',
    });
  }
  if (!(e instanceof Error) || typeof e.code !== 'string') return err;
  const hint = CONFIG_HINTS[e.code] ?? 'Fix it, or set VIS_CONFIG_DIR to another folder.';
  const unchanged = action === 'write' ? ' The config file is unchanged.' : '';
  return new UsageError(`cannot ${action} the config ${what} ${path}: ${e.message}`, { hint: `${hint}${unchanged}` });
}
