/**
 * The scan day of an answer: the date of the latest daily scan (09:00 IST, 03:30 UTC) at
 * or before the time the server gave in its `Date` header. The server's clock, not vis's:
 * a laptop whose clock is off by an hour still files a read made just after the scan
 * under the day the scan landed. vis's own clock stands in when the header is missing, or
 * is not an HTTP date (RFC 9110, 5.6.7: IMF-fixdate, and the obsolete RFC 850 and asctime
 * forms, which a recipient must accept); a header that merely looks like a date to
 * Date.parse (`1`, `Nov 2026`, a 30 February) is not taken.
 */
import { utcDate } from '../domain/dates.js';

/** The daily scan lands at 03:30 UTC: an answer read before that is still the previous day's. */
export const SCAN_OFFSET_MS = (3 * 60 + 30) * 60_000;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
/** `Sun, 06 Nov 1994 08:49:37 GMT` */
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
/** `Sunday, 06-Nov-94 08:49:37 GMT` */
const RFC850 = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`);
/** `Sun Nov  6 08:49:37 1994` */
const ASCTIME = new RegExp(`^${DAY} ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`);

/** The scan day (`YYYY-MM-DD`) of an answer whose `Date` header is `serverDate`, read at `now` by vis's clock. */
export function scanDay(serverDate: string | undefined, now: number): string {
  const t = serverDate === undefined ? undefined : parseHttpDate(serverDate);
  return utcDate((t ?? now) - SCAN_OFFSET_MS);
}

/** An HTTP date in ms since the epoch; undefined when the text is not one, or names no real moment. */
export function parseHttpDate(text: string): number | undefined {
  const s = text.trim();
  let m = IMF_FIXDATE.exec(s);
  if (m) return moment(m[3]!, m[2]!, m[1]!, m[4]!, m[5]!, m[6]!);
  m = RFC850.exec(s);
  if (m) {
    // RFC 9110: a two-digit year more than 50 years ahead is the previous century's.
    const yy = Number(m[3]);
    return moment(String(yy < 70 ? 2000 + yy : 1900 + yy), m[2]!, m[1]!, m[4]!, m[5]!, m[6]!);
  }
  m = ASCTIME.exec(s);
  if (m) return moment(m[6]!, m[1]!, m[2]!.trim(), m[3]!, m[4]!, m[5]!);
  return undefined;
}

function moment(year: string, month: string, day: string, h: string, min: string, sec: string): number | undefined {
  const parts = [Number(year), MONTHS.indexOf(month), Number(day), Number(h), Number(min), Number(sec)] as const;
  const t = Date.UTC(...parts);
  const d = new Date(t);
  // Date.UTC rolls 30 February over into March, and 25:00 into the next day: not a real date.
  const back = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()];
  return back.every((v, i) => v === parts[i]) ? t : undefined;
}
