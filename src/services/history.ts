/**
 * The history store as the history commands open it (`vis history`, `vis changes`, `vis
 * report`): where it lives (src/history/location.ts, from VIS_HISTORY and the profile's
 * `history`), opened with the journal taken in. Refusals are usage errors (exit 2) saying
 * why; a PostgreSQL server out of reach is a server error (exit 7). A SQLite store takes
 * its lock for each call only, so other vis processes take their turns between them; a
 * wait for it is said on a terminal, and one vis keeping it a minute ends it (exit 7).
 */
import { UsageError } from '../errors.js';
import { holderText, type LockOptions } from '../fs/lock.js';
import { registerSecret } from '../http/redact.js';
import { writeMessage } from '../terminal/io.js';
import { sanitizeForTerminal } from '../text/sanitize.js';
import { historyLocation, type HistoryLocation } from '../history/location.js';
import type { HistoryReader, HistoryStore } from '../history/types.js';
import type { Context } from './context.js';

/**
 * Where the history of this run lives: VIS_HISTORY, else the `history` setting of the
 * profile in use (--profile, VIS_PROFILE, the active one), else the default. The one place
 * the history commands learn it, as the recorder learns it from the session's settings.
 */
export function historyWhere(ctx: Context, profileFlag?: string): HistoryLocation {
  const config = ctx.config();
  const profile = config.activeProfileName(profileFlag, ctx.env);
  const value = config.profile(profile.name).history;
  const setting = typeof value === 'string' && value.trim() !== '' ? { value, source: `profile "${profile.name}" (${config.path})` } : undefined;
  return maskingPassword(historyLocation(ctx.env, setting));
}

/** A PostgreSQL location whose password, once read, is masked in whatever vis prints; any other as it is. */
export function maskingPassword(where: HistoryLocation): HistoryLocation {
  if (where.kind !== 'postgres') return where;
  return {
    ...where,
    // Registered as a secret when known: an error of the driver or the server that quotes it prints `***`.
    target: async (warn) => {
      const target = await where.target(warn);
      if (typeof target.config.password === 'string') registerSecret(target.config.password);
      return target;
    },
  };
}

/** How this run waits for a SQLite store's lock: on the context's clock, saying so once on a terminal when a wait is long. */
export function storeLock(ctx: Context, file: string): LockOptions {
  let told = false;
  return {
    clock: ctx.clock,
    onWait: (holder) => {
      // Only for a person watching: a cron job's log gets no line for a wait that ends well.
      // Once a run: each call of the store may wait again, while a take-in goes on.
      if (!ctx.io.stderrIsTTY || told) return;
      told = true;
      const who = holder ? holderText(holder) : 'another vis';
      writeMessage(ctx.io, `vis: waiting for the history store ${sanitizeForTerminal(file)}: ${who} is using it (taking the journal in, or reading)…`);
    },
  };
}

/** A history opened for reading, closed when done (the store's HistoryStore fits): what `vis changes` and `vis report` read. */
export interface OpenedHistory extends HistoryReader {
  close(): Promise<void>;
}

export async function openHistory(ctx: Context, profileFlag?: string): Promise<HistoryStore> {
  const where = historyWhere(ctx, profileFlag);
  if (where.kind === 'off') throw new UsageError(`the history is off (${where.source}): nothing has been recorded`);
  if (where.kind === 'none') throw new UsageError(`no history store: ${where.why}`);
  if (where.kind === 'postgres') {
    // A bad URL is told by its rule before any connection.
    const target = await where.target((line) => writeMessage(ctx.io, `vis: warning: ${sanitizeForTerminal(line)}`));
    const { openPgStore } = await import('../history/pg/store.js');
    // Out of reach: exit 7; a refused login or role, a newer schema: exit 2 (the store's errors say which).
    return openPgStore(target);
  }
  const { openStore } = await import('../history/store.js');
  // Another vis keeping the store for the whole wait ends it, naming that process.
  const store = await openStore(where.file, { create: true, lock: storeLock(ctx, where.file) });
  try {
    await store.ingest();
  } catch (err) {
    await store.close();
    throw err;
  }
  return store;
}
