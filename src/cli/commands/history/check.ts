/**
 * `vis history check`: what the store holds and whether it is sound, read by the store's
 * checkFile, which never throws and never writes: a damaged file is described, not
 * repaired or replaced (moving it aside is the user's call). Exit 0 when all is well, 2
 * (a usage error saying why) when the store is damaged, written by a newer vis, unsafe, or
 * holds what vis did not make (each such object is a problem of its own).
 */
import { existsSync } from 'node:fs';
import { ServerError, UsageError } from '../../../errors.js';
import { writeMessage } from '../../../terminal/io.js';
import { historyWhere } from '../../../services/history.js';
import { newerWords } from '../../../history/needs-vis.js';
import { SCHEMA_VERSION, type StoreCheck } from '../../../history/types.js';
import type { Context } from '../../../services/context.js';
import { sanitizeForTerminal } from '../../../text/sanitize.js';
import { hanging } from '../../../text/wrap-message.js';
import { padToWidth } from '../../../text/width.js';
import { formatCount } from '../../../output/views/numbers.js';
import type { HistoryCheckOptions } from './parse.js';

export type CheckFile = (file: string) => StoreCheck | Promise<StoreCheck>;

/** The store's checkFile, loaded with the store (WebAssembly SQLite) only when a check runs. */
async function storeCheckFile(): Promise<CheckFile> {
  return (await import('../../../history/store.js')).checkFile;
}

export async function runHistoryCheck(options: HistoryCheckOptions, ctx: Context, checkFile?: CheckFile): Promise<void> {
  const where = historyWhere(ctx, options.profile);
  if (where.kind === 'off') throw new UsageError(`the history is off (${where.source}): there is no store to check`);
  if (where.kind === 'none') throw new UsageError(`no history store: ${where.why}`);
  if (where.kind === 'postgres') {
    // A bad URL is told by its rule first.
    const target = await where.target((line) => writeMessage(ctx.io, `vis: warning: ${sanitizeForTerminal(line)}`));
    const { checkPg } = await import('../../../history/pg/store.js');
    return reportCheck(await checkPg(target));
  }
  if (!existsSync(where.file)) {
    ctx.io.stdout.write(`No history store yet at ${sanitizeForTerminal(where.file)} (${where.source}): the first data command creates it.\n`);
    return;
  }
  const check = await (checkFile ?? (await storeCheckFile()))(where.file);
  const problems = problemsOf(check);
  ctx.io.stdout.write(checkReport(check, problems, ctx.io.stdoutIsTTY ? ctx.io.columns : Infinity));
  if (problems.length > 0) {
    throw new UsageError(`the history store at ${sanitizeForTerminal(check.file)} cannot be used: ${problems.map((p) => sanitizeForTerminal(p)).join('; ')}`, {
      // A store a newer vis wrote is sound: the way on is that vis, not a new history.
      hint:
        check.schemaVersion > SCHEMA_VERSION
          ? 'Install the vis named above (the README says how); vis never writes to a store a newer vis wrote.'
          : 'vis never overwrites a damaged store: move it aside (mv) and the next command starts a new one; what you added to it yourself (in the sqlite3 shell) you may drop instead.',
    });
  }

  /** A PostgreSQL history's report; a server out of reach exits 7, any other problem 2. */
  function reportCheck(check: StoreCheck): void {
    const problems = problemsOf(check);
    ctx.io.stdout.write(checkReport(check, problems, ctx.io.stdoutIsTTY ? ctx.io.columns : Infinity));
    if (problems.length === 0) return;
    const message = `the history store at ${sanitizeForTerminal(check.file)} cannot be used: ${problems.map((p) => sanitizeForTerminal(p)).join('; ')}`;
    const details = check.hint === undefined ? {} : { hint: check.hint };
    throw check.unreachable ? new ServerError(message, details) : new UsageError(message, details);
  }
}

/** The store's own findings, and a schema newer than this vis reads, when the store did not say so itself. */
export function problemsOf(check: StoreCheck): string[] {
  if (check.schemaVersion > SCHEMA_VERSION && check.problems.length === 0) {
    return [`it was ${newerWords(check.schemaVersion, undefined).said}`];
  }
  return [...check.problems];
}

/** What the role may do in the schema, each said yes or no. */
function privilegesText(p: { read: boolean; record: boolean; create: boolean }): string {
  return `read ${p.read ? 'yes' : 'no'}, record ${p.record ? 'yes' : 'no'}, create tables ${p.create ? 'yes' : 'no'}`;
}

/** `1.2 MB`, `512 kB`, `800 B`: sizes in powers of 1000, as `ls -h --si` and disk tools print them. */
export function sizeText(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1000) return `${Number.isFinite(bytes) ? bytes : 0} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let v = bytes / 1000;
  let i = 0;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  // One decimal below ten (`2.3 MB`), where 9.96 would print as `10.0`: whole from there.
  return `${v < 9.95 ? v.toFixed(1) : Math.round(v)} ${units[i]}`;
}

/** Rows of text in columns two spaces apart; numbers (`right`) aligned right. */
function columns(header: readonly string[], rows: ReadonlyArray<readonly string[]>, right: ReadonlySet<number>): string[] {
  const all = [header, ...rows].map((r) => r.map((c) => sanitizeForTerminal(c)));
  const widths = header.map((_, j) => Math.max(...all.map((r) => r[j]!.length)));
  return all.map((r) =>
    r
      .map((c, j) => padToWidth(c, widths[j]!, right.has(j) ? 'right' : 'left'))
      .join('  ')
      .trimEnd(),
  );
}

/** The report, plain text: the figures, the scopes with their days, the size per month, the problems. */
export function checkReport(check: StoreCheck, problems: readonly string[], width = Infinity): string {
  const out = columns(
    ['History store', check.file],
    [
      ...(check.server === undefined
        ? []
        : [
            ['Server', `PostgreSQL ${check.server.version}, as the role ${check.server.role}`],
            ['Privileges', privilegesText(check.server.privileges)],
          ]),
      // What was not read is said as such, not as a size of 0 B or a schema version 0.
      ...(check.unread && check.bytes === 0 ? [] : [['Size', sizeText(check.bytes)]]),
      [
        'Schema',
        check.unread && check.schemaVersion === 0
          ? 'not read'
          : // A PostgreSQL database vis has not recorded into yet has no schema version (0).
            check.migrates
            ? `version ${check.schemaVersion}: the next history command migrates it to version ${SCHEMA_VERSION}`
            : check.server !== undefined && check.schemaVersion === 0
              ? `none yet: the first recording creates it (version ${SCHEMA_VERSION})`
              : `version ${check.schemaVersion} (this vis writes ${SCHEMA_VERSION})`,
      ],
      [
        'Answers',
        check.unread
          ? 'not read (see the problems below)'
          : `${formatCount(check.answers)} (${formatCount(check.bodies)} distinct ${check.bodies === 1 ? 'body' : 'bodies'}, each stored once)`,
      ],
      // A PostgreSQL history has no journal: data commands record straight into it.
      ...(check.server !== undefined
        ? []
        : [
            [
              'Journal',
              `${formatCount(check.journal.waiting)} waiting, ${formatCount(check.journal.rejected.length)} set aside as damaged${check.journal.rejected.length > 0 ? `: ${check.journal.rejected.join(', ')}` : ''}`,
            ],
          ]),
    ],
    new Set(),
  );
  out.push('');
  // A store refused or out of reach was not read: its zeros are no answer, and "nothing recorded" would be a claim.
  if (check.unread) out.pop();
  else if (check.scopes.length === 0) out.push('Nothing recorded yet.');
  else {
    out.push('Recorded');
    out.push(
      ...columns(
        ['api', 'brand', 'market', 'first', 'last', 'days'],
        check.scopes.map((s) => [
          s.api,
          s.brandName === null ? s.brandId : `${s.brandName} (${s.brandId})`,
          s.market === '' ? '(every market)' : s.marketLabel === null ? s.market : `${s.market} (${s.marketLabel})`,
          s.firstDay,
          s.lastDay,
          formatCount(s.days),
        ]),
        new Set([5]),
      ).map((l) => `  ${l}`),
    );
  }
  if (check.months.length > 0) {
    out.push('', 'Size per month');
    out.push(
      ...columns(
        ['month', 'answers', 'bodies'],
        check.months.map((m) => [m.month, formatCount(m.answers), sizeText(m.bytes)]),
        new Set([1, 2]),
      ).map((l) => `  ${l}`),
    );
  }
  out.push('', problems.length === 0 ? 'No problems found.' : 'Problems');
  // Each problem wrapped at spaces under its first word, on a terminal (a URL too wide stays whole).
  for (const p of problems) out.push(...hanging(`  - ${sanitizeForTerminal(p)}`, width, 4));
  return `${out.join('\n')}\n`;
}
