/**
 * Numbers and dates of the charts written for the report's locale. Vega formats axis ticks
 * with d3's format strings, so the d3 locale it is handed (one per view, never d3's global
 * default) is derived here from Intl: separators, digit grouping, digits, month names and
 * the order of day and month. Figures the charts write themselves (bar values, segment
 * counts, the text alternative) go through Intl directly.
 */
import type { NumberLocale, TimeLocale } from 'vega';
import { utcDay } from '../../domain/dates.js';

type Ten = [string, string, string, string, string, string, string, string, string, string];
type Seven = [string, string, string, string, string, string, string];
type Twelve = [string, string, string, string, string, string, string, string, string, string, string, string];

/** How a chart writes its dates on an axis: the d3 pattern and the locale definition it needs. */
export interface DateAxisFormat {
  pattern: string;
  time: TimeLocale;
}

function parts(format: Intl.NumberFormat | Intl.DateTimeFormat, value: number): Intl.NumberFormatPart[] | Intl.DateTimeFormatPart[] {
  return format.formatToParts(value);
}

function partOf(list: ReadonlyArray<{ type: string; value: string }>, type: string, fallback: string): string {
  return list.find((p) => p.type === type)?.value ?? fallback;
}

/**
 * Each locale's d3 definitions, made once per process: Intl builds a formatter slowly, and a
 * report asks for the same locale's for every chart. Kept as JSON and handed out as a new
 * object each time, so what one chart's spec holds is its own.
 */
const made = new Map<string, string>();

function once<T>(key: string, make: () => T): T {
  let json = made.get(key);
  if (json === undefined) {
    json = JSON.stringify(make());
    made.set(key, json);
  }
  return JSON.parse(json) as T;
}

export function numberLocale(locale: string): NumberLocale {
  return once(`number ${locale}`, () => makeNumberLocale(locale));
}

function makeNumberLocale(locale: string): NumberLocale {
  const plain = new Intl.NumberFormat(locale, { useGrouping: true, maximumFractionDigits: 1 });
  const big = parts(plain, 1234567.5);
  // The sizes of the digit groups, last group first, as d3 takes them (`12,34,567` is [3, 2]).
  const groups = big
    .filter((p) => p.type === 'integer')
    .map((p) => p.value.length)
    .reverse();
  const digits = Array.from({ length: 10 }, (_, d) => new Intl.NumberFormat(locale, { useGrouping: false }).format(d));
  const percent = partOf(parts(new Intl.NumberFormat(locale, { style: 'percent' }), 0.5), 'percentSign', '%');
  return {
    decimal: partOf(big, 'decimal', '.'),
    thousands: partOf(big, 'group', ''),
    grouping: groups.length > 1 ? groups.slice(0, -1) : [3],
    currency: ['', ''],
    minus: partOf(parts(plain, -1), 'minusSign', '-'),
    percent,
    ...(digits.join('') === '0123456789' ? {} : { numerals: digits as Ten }),
  };
}

/** Escapes a literal for a d3 time pattern. */
function literal(text: string): string {
  return text.replaceAll('%', '%%');
}

const PATTERN_OF_PART: Readonly<Record<string, string>> = { day: '%-d', month: '%b', year: '%Y' };
const NUMERIC_PATTERN_OF_PART: Readonly<Record<string, string>> = { day: '%d', month: '%m', year: '%Y' };

function monthNames(locale: string, options: Intl.DateTimeFormatOptions): Twelve {
  const f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, m) => partOf(f.formatToParts(Date.UTC(2001, m, 15)), 'month', String(m + 1))) as Twelve;
}

function dayNames(locale: string, weekday: 'long' | 'short'): Seven {
  const f = new Intl.DateTimeFormat(locale, { weekday, timeZone: 'UTC' });
  // 2001-01-07 was a Sunday, where d3's lists start.
  return Array.from({ length: 7 }, (_, d) => f.format(Date.UTC(2001, 0, 7 + d))) as Seven;
}

/**
 * The axis date pattern for dates spanning `spanDays`: day and month (`Sep 3`, `3. Sep.`)
 * within about ten months, month and year (`Sep 2026`) beyond, in the locale's order and
 * with its month names as they read in that position.
 */
export function dateAxisFormat(locale: string, spanDays: number): DateAxisFormat {
  return once(`date ${spanDays > 300 ? 'months' : 'days'} ${locale}`, () => makeDateAxisFormat(locale, spanDays));
}

function makeDateAxisFormat(locale: string, spanDays: number): DateAxisFormat {
  const options: Intl.DateTimeFormatOptions = spanDays > 300 ? { month: 'short', year: 'numeric' } : { month: 'short', day: 'numeric' };
  const sample = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).formatToParts(Date.UTC(2001, 8, 3));
  const pattern = sample.map((p) => PATTERN_OF_PART[p.type] ?? literal(p.value)).join('');
  const numeric = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).formatToParts(Date.UTC(2001, 8, 3));
  const date = numeric.map((p) => NUMERIC_PATTERN_OF_PART[p.type] ?? literal(p.value)).join('');
  return {
    pattern,
    time: {
      dateTime: '%x %X',
      date,
      time: '%H:%M:%S',
      periods: ['AM', 'PM'],
      days: dayNames(locale, 'long'),
      shortDays: dayNames(locale, 'short'),
      months: monthNames(locale, { ...options, month: 'long' }),
      shortMonths: monthNames(locale, options),
    },
  };
}

/**
 * How the figures of one chart are written: all with one decimal when any has decimals
 * (`36.0`, `34.9`), whole otherwise, so they read alike; grouped, and with `%` placed as the
 * locale places it when that is the unit (`41.2%`, `41,2 %`).
 */
export function valueFormatter(locale: string, unit: string, values: readonly number[]): (v: number) => string {
  const decimals = values.every((v) => Number.isInteger(v)) ? 0 : 1;
  const digits = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  const f = new Intl.NumberFormat(locale, unit === '%' ? { style: 'unit', unit: 'percent', ...digits } : digits);
  return (v) => f.format(v);
}

/** A count: whole and grouped (`1,234`). */
export function countFormatter(locale: string): (v: number) => string {
  const f = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  return (v) => f.format(v);
}

/** A day for the text alternative: `Sep 3, 2026`, `3. Sept. 2026`. */
export function dayFormatter(locale: string): (date: string) => string {
  const f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return (date) => f.format(utcDay(date));
}
