/**
 * The config file: named profiles, each with a base URL, key, default brand, market and
 * format, plus the active profile's name.
 *
 * Reads use a plain JSON read (conf pulls in ajv and friends, which every data command
 * would pay for at start-up); writes go through conf, which writes atomically, so a
 * failed write never leaves a half-written file. The file is 0600 in a 0700 folder, and
 * both are tightened when they were created looser.
 */
import { chmodSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import type { Env } from '../cli/io.js';
import { makeDirs } from '../fs/make-dirs.js';

export interface Profile {
  base_url?: string;
  api_key?: string;
  brand?: string;
  market?: string;
  format?: string;
}

export interface ConfigData {
  profile?: string;
  profiles?: Record<string, Profile>;
}

/** Settings a user may change with `vis config set`; the key is set with `vis auth login`. */
export const PROFILE_SETTINGS = ['base_url', 'brand', 'market', 'format'] as const;
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

  constructor(env: Env) {
    this.dir = configDir(env);
    this.path = join(this.dir, 'config.json');
  }

  read(): ConfigData {
    if (this.cached) return this.cached;
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        this.cached = {};
        return this.cached;
      }
      throw new UsageError(`cannot read the config file ${this.path}: ${(err as Error).message}`);
    }
    let parsed: unknown;
    try {
      parsed = text.trim() === '' ? {} : JSON.parse(text);
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
    this.cached = parsed as ConfigData;
    return this.cached;
  }

  activeProfileName(flag: string | undefined, env: Env): { name: string; source: string } {
    if (flag !== undefined) return { name: checkProfileName(flag), source: '--profile' };
    if (env.VIS_PROFILE) return { name: checkProfileName(env.VIS_PROFILE, 'VIS_PROFILE'), source: 'VIS_PROFILE' };
    const saved = this.read().profile;
    if (typeof saved === 'string' && saved !== '') return { name: saved, source: this.path };
    return { name: DEFAULT_PROFILE, source: 'default' };
  }

  profile(name: string): Profile {
    const p = this.read().profiles?.[name];
    return p && typeof p === 'object' ? p : {};
  }

  /** Applies a change through conf (atomic write, 0600) and re-tightens modes. */
  async update(change: (data: ConfigData) => void): Promise<void> {
    // Read first: a corrupt file stops here instead of being replaced.
    const current = structuredClone(this.read());
    change(current);
    this.ensureDir();
    const { default: Conf } = await import('conf');
    const conf = new Conf<ConfigData>({
      cwd: this.dir,
      configName: 'config',
      projectName: 'vis',
      configFileMode: 0o600,
      clearInvalidConfig: false,
      accessPropertiesByDotNotation: false,
    });
    conf.store = current;
    this.tighten();
    this.cached = current;
  }

  private ensureDir(): void {
    try {
      makeDirs(this.dir, 0o700);
    } catch (err) {
      throw new UsageError(`cannot create the config folder ${this.dir}: ${(err as Error).message}`);
    }
    this.tighten();
  }

  /** Tighten the folder to 0700 and the file to 0600 when they were created looser. */
  tighten(): void {
    tightenMode(this.dir, 0o700);
    tightenMode(this.path, 0o600);
  }
}

function tightenMode(path: string, mode: number): void {
  try {
    const st = statSync(path);
    if ((st.mode & 0o777 & ~mode) !== 0) chmodSync(path, mode);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
