/** Dates as the period rules and the cache read them: the API's day (UTC) and the user's. */

/**
 * "today" for the period rules (docs/guide.md, Global options): the API's date, which is UTC,
 * and the user's local one, asked for only to explain a --from that is the one but not
 * the other.
 */
export interface Today {
  api: string;
  local(): string;
}

/** A plain date is both: tests and callers that know no time zone. */
export function asToday(today: string | Today): Today {
  return typeof today === 'string' ? { api: today, local: () => today } : today;
}

/** The date (YYYY-MM-DD) in UTC: the API's "today". */
export function utcDate(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10);
}

/**
 * The date (YYYY-MM-DD) on the user's clock: in `timeZone` (the TZ variable, which in a
 * real process is the zone Date already uses) when Intl knows it, else in the process's.
 */
export function localDate(nowMs: number, timeZone?: string): string {
  const d = new Date(nowMs);
  const zone = timeZone?.replace(/^:/, '');
  if (zone) {
    try {
      const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(d);
      const part = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
      return `${part('year')}-${part('month')}-${part('day')}`;
    } catch {
      // A POSIX rule ("EST5EDT") or a path Intl does not read: the process's own zone.
    }
  }
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** One day in milliseconds: dates are UTC days, which are all this long. */
export const DAY_MS = 86_400_000;

/** Midnight UTC of a `YYYY-MM-DD` day, in ms: UTC, so no time zone moves a date. */
export function utcDay(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** The day `n` days after `day` (before it when `n` is negative), both YYYY-MM-DD in UTC. */
export function addDays(day: string, n: number): string {
  return new Date(utcDay(day) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to) - utcDay(from)) / DAY_MS);
}
