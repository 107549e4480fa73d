/**
 * The day flags of the history commands (`vis history --since`, `vis changes --since`, `vis
 * history prune --before`): a date written YYYY-MM-DD, or `Nd`, the day N days before today
 * (the API's date, UTC), one meaning for every one of them. Light: the declarations take
 * their help sentence from here.
 */
import { addDays } from '../domain/dates.js';
import { UsageError } from '../errors.js';

/** What a day flag takes, in the words of every help that lists one. */
export const DAYS_BACK_HELP = 'YYYY-MM-DD, or Nd for the day N days before today (UTC): 7d is a week ago';

/** A count of days written `Nd`; the digits are checked apart, to say what is wrong with them. */
const DAYS_WORD = /^(\d+)d$/i;

/** The date `n` days before `day` (YYYY-MM-DD, UTC). */
export function daysBefore(day: string, n: number): string {
  return addDays(day, -n);
}

/** Is `v` a real calendar date written YYYY-MM-DD? */
function calendarDate(v: string): boolean {
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * One day flag's value as a date: YYYY-MM-DD as written (a real calendar date), or, where
 * the flag takes one (`countBack`), `Nd`: the day N days before `today` (`0d` is today).
 */
export function dayFlag(flag: string, value: string, today: string, countBack: boolean): string {
  const v = value.trim();
  const rule = countBack ? 'a date written YYYY-MM-DD, or a number of days such as 7d (the day that many days before today)' : 'a date written YYYY-MM-DD';
  const count = DAYS_WORD.exec(v);
  if (count && countBack) {
    const n = Number(count[1]);
    // Beyond the calendar's years a count names no day (and Date would throw).
    const day = Number.isSafeInteger(n) && n <= 999_999 ? daysBefore(today, n) : '';
    if (!/^\d{4}-/.test(day)) throw new UsageError(`${flag} must be ${rule}, within the calendar's years (got "${value}")`);
    return day;
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new UsageError(`${flag} must be ${rule} (got "${value}")`);
  if (!calendarDate(v)) throw new UsageError(`${flag} must be a real calendar date (got "${value}")`);
  return v;
}
