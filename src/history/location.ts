/**
 * Where the history store lives, and whether it is kept at all:
 * - `VIS_HISTORY` (environment) > the profile's `history` setting > the default;
 * - `off` (also `0`, `false`, `no`, `none`): nothing is recorded, the history commands say
 *   it is off;
 * - an absolute path (or `~/…`): that SQLite file;
 * - `postgres://…` / `postgresql://…`: a PostgreSQL store (src/history/pg/url.ts reads the
 *   URL, src/history/pg/store.ts keeps it); messages show `display`, never `url`;
 * - the default: `<VIS_CONFIG_DIR>-data/history.db` when VIS_CONFIG_DIR is set (a config
 *   kept apart keeps its history apart, as its cache), else
 *   `$XDG_DATA_HOME/vis/history.db` (when absolute), else `~/.local/share/vis/history.db`;
 *   with no home at all (cron with an empty environment) there is no default: nothing is
 *   recorded, and the history commands say how to name a place.
 */
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import type { Env } from '../domain/env.js';
import { maskPgUrl } from './pg/url.js';
import type { PgTarget } from './pg/target.js';

export type HistoryLocation =
  | { kind: 'file'; file: string; source: string }
  | { kind: 'off'; source: string }
  | {
      kind: 'postgres';
      /** As written: it may hold the password, so it is never printed. */
      url: string;
      /** The URL as messages show it: the password as `***`. */
      display: string;
      source: string;
      /**
       * What the store connects with (the password from the URL, PGPASSWORD or ~/.pgpass),
       * made when it is about to connect (it loads the URL reader); a usage error naming
       * `source` and the rule for a bad URL. `warn` is told why a password file was passed over.
       */
      target: (warn?: (line: string) => void) => Promise<PgTarget>;
    }
  | { kind: 'none'; why: string };

const OFF = new Set(['off', '0', 'false', 'no', 'none']);

/** The store a run uses. `setting` is the profile's `history` value and where it came from. */
export function historyLocation(env: Env, setting?: { value: string; source: string }): HistoryLocation {
  const fromEnv = env.VIS_HISTORY;
  const picked = fromEnv !== undefined && fromEnv.trim() !== '' ? { value: fromEnv, source: 'VIS_HISTORY' } : setting;
  if (picked) return named(picked.value.trim(), picked.source, env);
  const config = env.VIS_CONFIG_DIR?.replace(/\/+$/, '');
  if (config) return { kind: 'file', file: join(`${config}-data`, 'history.db'), source: 'default (beside VIS_CONFIG_DIR)' };
  const xdg = env.XDG_DATA_HOME;
  if (xdg && isAbsolute(xdg)) return { kind: 'file', file: join(xdg, 'vis', 'history.db'), source: 'default ($XDG_DATA_HOME)' };
  if (env.HOME) return { kind: 'file', file: join(env.HOME, '.local', 'share', 'vis', 'history.db'), source: 'default (~/.local/share)' };
  return { kind: 'none', why: 'neither HOME nor XDG_DATA_HOME is set: set VIS_HISTORY to a file path (or off)' };
}

function named(value: string, source: string, env: Env): HistoryLocation {
  if (OFF.has(value.toLowerCase())) return { kind: 'off', source };
  if (/^postgres(ql)?:\/\//i.test(value))
    return {
      kind: 'postgres',
      url: value,
      display: maskPgUrl(value),
      source,
      target: async (warn) => (await import('./pg/connect.js')).pgTarget(value, env, { source, ...(warn ? { warn } : {}) }),
    };
  if (value === '~' || value.startsWith('~/')) {
    const home = env.HOME || homedir();
    return { kind: 'file', file: join(home, value.slice(2)), source };
  }
  return { kind: 'file', file: isAbsolute(value) ? value : resolve(value), source };
}
