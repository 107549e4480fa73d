/**
 * Calendar arithmetic on UTC days. The sandbox works in whole UTC days written as
 * YYYY-MM-DD strings: the reference's dates are plain dates, and keeping them as
 * strings avoids any local-time-zone drift on the machine running the tests.
 */

import { DAY_MS, addDays } from '../../domain/dates.js';

// Day arithmetic is the one vis does everywhere (src/domain/dates.ts).
export { DAY_MS, addDays, daysBetween } from '../../domain/dates.js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The daily scan runs at 9am IST (03:30 UTC); its answers are in by 04:00 UTC. */
const SCAN_READY_UTC_HOUR = 4;

/**
 * The latest day whose scan is complete at `now`: today from 04:00 UTC, yesterday before.
 * The one day every answer's windows end on by default, so that no endpoint counts a day
 * that has no answers yet while another stops the day before.
 */
export function lastScanDay(now: Date): string {
  const today = isoDate(now);
  return now.getUTCHours() >= SCAN_READY_UTC_HOUR ? today : addDays(today, -1);
}

/** The Date for a real calendar date, or null for anything else ("2025-02-30", "2025-1-5"). */
export function parseIsoDate(text: string): Date | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

function toDate(day: string): Date {
  const date = parseIsoDate(day);
  if (!date) throw new Error(`not a YYYY-MM-DD date: ${day}`);
  return date;
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  if (toDate(from).getTime() > toDate(to).getTime()) return days;
  for (let day = from; ; day = nextDay(day)) {
    days.push(day);
    if (day === to) return days;
  }
}

const NEXT_DAYS = new Map<string, string>();

/** The day after `day`. Kept per day: a simulated history walks the same periods day after day. */
function nextDay(day: string): string {
  let next = NEXT_DAYS.get(day);
  if (next === undefined) {
    next = isoDate(new Date(toDate(day).getTime() + DAY_MS));
    if (NEXT_DAYS.size >= 4096) NEXT_DAYS.clear();
    NEXT_DAYS.set(day, next);
  }
  return next;
}

const DAY_NUMBERS = new Map<string, number>();

/** Days since 1970-01-01: a calendar-fixed index for slow, seasonal drift. Kept per day: every simulated answer asks. */
export function dayNumber(day: string): number {
  let n = DAY_NUMBERS.get(day);
  if (n === undefined) {
    n = Math.round(toDate(day).getTime() / DAY_MS);
    if (DAY_NUMBERS.size >= 4096) DAY_NUMBERS.clear();
    DAY_NUMBERS.set(day, n);
  }
  return n;
}

/** The Monday of the ISO week holding `day`. */
export function weekStart(day: string): string {
  const weekday = (toDate(day).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** `YYYY-MM`: the key of the month a monthly budget or allowance belongs to. */
export function monthKey(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** An ISO timestamp without milliseconds, the way the API writes times. */
export function isoTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function timeOnDay(day: string, hours: number, minutes: number): string {
  return isoTime(new Date(toDate(day).getTime() + (hours * 60 + minutes) * 60_000));
}
