/**
 * `vis history push URL [--file PATH]`: the local SQLite history (its journal taken in
 * first) copied into the PostgreSQL history at URL, day by day, through the store's own
 * upsert: an answer already there, or a newer one for its key and day, is left as it is,
 * so pushing twice adds nothing and never replaces what another host read later. With
 * --dry-run the server's answers are compared and nothing is written. The local store's
 * lock is held only while one day is read from it, never while PostgreSQL is asked.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { UsageError } from '../../../errors.js';
import { journalDir } from '../../../history/journal.js';
import { historyLocation } from '../../../history/location.js';
import type { AnswerKey, AnswerToRecord, HistoryStore, RecordedScope, RecordReport } from '../../../history/types.js';
import { formatCount } from '../../../output/views/numbers.js';
import type { Context } from '../../../services/context.js';
import { historyWhere, maskingPassword, storeLock } from '../../../services/history.js';
import { writeMessage } from '../../../terminal/io.js';
import { sanitizeForTerminal } from '../../../text/sanitize.js';
import type { HistoryPushOptions } from './parse.js';

/**
 * The SQLite file pushed: --file; else the file this host records into (VIS_HISTORY or the
 * profile's `history`, when it names a file); else, when that names the server itself or
 * is off, the default file, where this host recorded before it moved to PostgreSQL.
 */
export function pushedFile(options: HistoryPushOptions, ctx: Context): string {
  if (options.file !== undefined) return isAbsolute(options.file) ? options.file : resolve(options.file);
  const here = historyWhere(ctx, options.profile);
  if (here.kind === 'file') return here.file;
  const where = historyLocation({ ...ctx.env, VIS_HISTORY: undefined });
  if (where.kind !== 'file')
    throw new UsageError(`no local history to push: ${where.kind === 'none' ? where.why : 'none'}`, { hint: 'Name it with --file PATH.' });
  return where.file;
}

export async function runHistoryPush(options: HistoryPushOptions, ctx: Context): Promise<void> {
  const file = pushedFile(options, ctx);
  // The environment's PGPASSWORD, PGPASSFILE and the rest apply: the URL given as an argument holds no password.
  const where = maskingPassword(historyLocation({ ...ctx.env, VIS_HISTORY: options.url }));
  if (where.kind !== 'postgres') throw new UsageError('the URL to push to must be a PostgreSQL URL, postgres://… or postgresql://…');
  const target = await where.target((line) => writeMessage(ctx.io, `vis: warning: ${sanitizeForTerminal(line)}`));
  const [{ openStore }, { openPgStore, bodyProblem }] = await Promise.all([import('../../../history/store.js'), import('../../../history/pg/store.js')]);
  // Answers recorded but never taken in are only a journal yet: the store is made to take them.
  const local = await openStore(file, { create: existsSync(journalDir(file)), lock: storeLock(ctx, file) });
  try {
    await local.ingest();
    const remote = await openPgStore(target);
    try {
      const { stored, superseded, setAside } = await pushAll(local, remote, options.dryRun ? { dryRun: true, cannotHold: bodyProblem } : {});
      for (const line of setAside) writeMessage(ctx.io, `vis: warning: ${sanitizeForTerminal(line)}`);
      const answers = `${formatCount(stored)} ${stored === 1 ? 'answer' : 'answers'}`;
      ctx.io.stdout.write(
        options.dryRun
          ? `Would push ${sanitizeForTerminal(file)} to ${sanitizeForTerminal(options.display)}: ${answers} to copy, ${formatCount(superseded)} already there or newer (--dry-run: nothing written).\n`
          : `Pushed ${sanitizeForTerminal(file)} to ${sanitizeForTerminal(options.display)}: ${answers} copied, ${formatCount(superseded)} already there or newer.\n`,
      );
    } finally {
      await remote.close();
    }
  } finally {
    await local.close();
  }
}

export interface PushOptions {
  /** Count against what `to` holds, and write nothing. */
  dryRun?: boolean;
  /** Why `to` could not keep a body, if it could not (a dry run sets such an answer aside, as the push would). */
  cannotHold?: (raw: string) => string | undefined;
}

/**
 * Every answer of `from` recorded into `to`, one scan day of one API at a time, with the
 * names seen beside them; or, for a dry run, counted against what `to` holds.
 */
export async function pushAll(from: HistoryStore, to: HistoryStore, o: PushOptions = {}): Promise<{ stored: number; superseded: number; setAside: string[] }> {
  let stored = 0;
  let superseded = 0;
  const setAside: string[] = [];
  const apis = [...new Set((await from.check()).scopes.map((s) => s.api))];
  for (const api of apis) {
    const names = new Map<string, RecordedScope>();
    for (const s of await from.scopes(api)) names.set(`${s.brandId}\n${s.market}`, s);
    for (const day of await from.days({ api })) {
      const batch: AnswerToRecord[] = (await from.answers({ api, since: day, until: day })).map((a) => {
        const scope = names.get(`${a.brandId}\n${a.market}`);
        const seen = {
          ...(scope?.brandName ? { brandName: scope.brandName } : {}),
          ...(scope?.marketLabel ? { marketLabel: scope.marketLabel } : {}),
        };
        return { ...a, names: seen };
      });
      const report = o.dryRun ? await wouldRecord(to, api, day, batch, o.cannotHold) : await to.record(batch);
      stored += report.stored;
      superseded += report.superseded;
      // One the server cannot hold stays behind alone: the rest of the day is pushed.
      for (const { answer: a, problem } of report.setAside ?? []) {
        setAside.push(
          `the ${a.endpoint}${a.item === '' ? '' : ` ${a.item}`} answer of brand ${a.brandId}${a.market === '' ? '' : `, market ${a.market}`}, ${a.day} ${o.dryRun ? 'would not be' : 'was not'} pushed: ${problem}`,
        );
      }
    }
  }
  return { stored, superseded, setAside };
}

/** What recording `batch` (answers of one API and day) into `to` would do: the same rule, an answer stored only when fetched later. */
async function wouldRecord(
  to: HistoryStore,
  api: string,
  day: string,
  batch: readonly AnswerToRecord[],
  cannotHold: PushOptions['cannotHold'],
): Promise<RecordReport> {
  const held = new Map((await to.answers({ api, since: day, until: day })).map((a) => [keyText(a), a.fetchedAt]));
  const report: RecordReport = { stored: 0, superseded: 0 };
  for (const a of batch) {
    const problem = cannotHold?.(a.raw);
    const at = held.get(keyText(a));
    if (problem !== undefined) (report.setAside ??= []).push({ answer: a, problem });
    else if (at === undefined || a.fetchedAt > at) report.stored++;
    else report.superseded++;
  }
  return report;
}

function keyText(a: AnswerKey): string {
  return JSON.stringify([a.api, a.brandId, a.market, a.endpoint, a.item, a.query, a.day]);
}
