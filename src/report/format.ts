/**
 * Numbers and dates as the report writes them, for the report's locale (`--locale`): the
 * words stay English, the digits, separators and date order are the locale's. Times are
 * UTC and say so, so a report reads the same wherever it is opened.
 */
import { escapeMarkup, plainText } from './escape.js';

export type Better = 'higher' | 'lower' | 'neither';

/** How a change is measured: points of a 0-100 figure, places, a count, or a count's change in percent. */
export type ChangeUnit = 'points' | 'places' | 'count' | 'percent';

export interface Formats {
  readonly locale: string;
  /** `1,234`, `2.4`: up to one decimal. */
  number(v: number): string;
  /** A 0-100 score (visibility): always one decimal (`31.0` beside `29.1`), one style wherever it is shown. */
  score(v: number): string;
  /** A measure the API sends with decimals in some rows (a position, a task's impact): one decimal always (`2.0` beside `1.5`). */
  decimal(v: number): string;
  /** A 0-100 percentage the API sends (`41.8` is 41.8%). */
  percent(v: number): string;
  /** A move with its sign and one decimal (`+5.8`, `-27.9`), for a figure written `before → after (move)`. */
  signed(v: number): string;
  /** `YYYY-MM-DD` as a date of the locale; text of another form as it is, cleaned (plainText), still to escape. */
  date(day: string): string;
  /** ms since the epoch as a date and time, UTC. */
  time(ms: number): string;
  /** An ISO time from the API as a date and time, UTC; text of another form as `date` leaves it. */
  isoTime(iso: string): string;
  /** A change as HTML: arrow, size, and the good/bad tone (`▲ 1.8` green). */
  change(v: number | null, unit: ChangeUnit, better: Better): string;
}

/** The locale asked for when Intl knows it, else `en-US`. */
export function usableLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function formatsFor(localeAsked: string): Formats {
  const locale = usableLocale(localeAsked);
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const percents = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const days = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const times = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const time = (ms: number) => `${times.format(new Date(ms))} UTC`;
  const scores = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const signs = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  // Points are a score's or a share's change: one decimal always, so `▼ 3.0` sits beside `▲ 2.7`.
  const magnitude = (v: number, unit: ChangeUnit) => (unit === 'percent' ? percents.format(v / 100) : unit === 'points' ? scores.format(v) : numbers.format(v));
  return {
    locale,
    number: (v) => numbers.format(v),
    score: (v) => scores.format(v),
    decimal: (v) => scores.format(v),
    percent: (v) => percents.format(v / 100),
    signed: (v) => signs.format(v),
    date(day) {
      const at = DAY.test(day) ? new Date(`${day}T00:00:00Z`) : null;
      // A day that does not exist (`2025-02-30`) is shown as sent rather than as another day.
      return at === null || Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day ? plainText(day) : days.format(at);
    },
    time,
    isoTime(iso) {
      const ms = /^\d{4}-\d{2}-\d{2}T/.test(iso) ? Date.parse(iso) : Number.NaN;
      return Number.isNaN(ms) ? plainText(iso) : time(ms);
    },
    change(v, unit, better) {
      if (v === null) return '<span class="muted">–</span>';
      if (v === 0) return `<span class="muted">${escapeMarkup(magnitude(0, unit))}</span>`;
      const text = `${v > 0 ? '▲' : '▼'} ${magnitude(Math.abs(v), unit)}`;
      const tone = better === 'neither' ? 'plain' : (better === 'higher') === v > 0 ? 'good' : 'bad';
      return `<span class="change ${tone}">${escapeMarkup(text)}</span>`;
    },
  };
}
