/**
 * The days a history command is about: `--since`, `--until` (`vis history`) and `--before`
 * (`vis history prune`), each a date written YYYY-MM-DD or `Nd`, the last N days ending
 * today (the API's date, UTC): `--since 1d` is today alone, `--since 7d` today and the six
 * days before it, and `--before 90d` keeps those same 90 days. Refused with a usage error
 * (exit 2) naming the flag and the rule; nothing is opened before.
 */
import { addDays } from '../../../domain/dates.js';
import { UsageError } from '../../../errors.js';
import { dateRule, usageFromZod } from '../../../flags/rules.js';

/** A count of days written `Nd`; the digits are checked apart, to say what is wrong with them. */
const DAYS_WORD = /^(\d+)d$/;

/** The date `n` days before `day` (YYYY-MM-DD, UTC). */
export function daysBefore(day: string, n: number): string {
  return addDays(day, -n);
}

/**
 * One day flag's value as a date: YYYY-MM-DD as written (a real calendar date), or `Nd`
 * with N at least 1 (`countBack`: where the flag takes it).
 */
export function dayFlag(flag: string, value: string, today: string, countBack: boolean): string {
  const v = value.trim();
  const rule = countBack ? 'a date written YYYY-MM-DD, or a number of days such as 7d' : 'a date written YYYY-MM-DD';
  const count = DAYS_WORD.exec(v);
  if (count && countBack) {
    const n = Number(count[1]);
    if (n < 1 || !Number.isSafeInteger(n)) throw new UsageError(`${flag} must be ${rule}, at least 1d (got "${value}")`);
    return daysBefore(today, n - 1);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new UsageError(`${flag} must be ${rule} (got "${value}")`);
  const r = dateRule(flag).safeParse(v);
  if (!r.success) throw usageFromZod(r.error);
  return r.data;
}

/** `--since` and `--until`, checked together: inclusive bounds on the scan day, either left open. */
export function parseDayRange(raw: { since?: string | undefined; until?: string | undefined }, today: string): { since?: string; until?: string } {
  const range: { since?: string; until?: string } = {};
  if (raw.since !== undefined) range.since = dayFlag('--since', raw.since, today, true);
  if (raw.until !== undefined) range.until = dayFlag('--until', raw.until, today, false);
  // Either bound missing compares false: an open range is never out of order.
  if (range.since! > range.until!) throw new UsageError(`--since must not be after --until (got ${range.since} > ${range.until})`);
  return range;
}

/** `vis history prune --before`: required, a date or `Nd`; the days before it are removed. */
export function parseBefore(raw: string | undefined, today: string): string {
  if (raw === undefined) {
    throw new UsageError('vis history prune needs --before DATE (YYYY-MM-DD, or a number of days such as 90d): the recorded days before it are removed');
  }
  return dayFlag('--before', raw, today, true);
}
