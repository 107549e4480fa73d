/**
 * The rules every comparison shares (docs/changes.md):
 * - fields that say when rather than what (`period`, `from`, `to`, `days`, `date`,
 *   `window`, `window_days`, `scanned_at`, any `*_at`, dates and timestamps) are never
 *   changes: a new day moves them all, and an alert on each would drown the news;
 * - the threshold is in points: a 0–100 score or a percentage is held against it as it
 *   is, a 0–1 share or rate × 100 (percentage points);
 * - differences are rounded to 9 decimals, so 55.1 − 50.1 is 5, not 5.000000000000004,
 *   and a move of exactly the threshold is a change.
 */

const WHEN_NAMES: ReadonlySet<string> = new Set([
  'period',
  'previous_period',
  'from',
  'to',
  'since',
  'until',
  'days',
  'day',
  'date',
  'dates',
  'window',
  'window_days',
  'week',
  'week_start',
  'week_end',
  'start',
  'end',
  'time',
  'timestamp',
  'timestamps',
  'updated',
  'created',
]);

const WHEN_SUFFIX = /_(?:at|date|dates|day|days|time|timestamp|period|window|start|end|from|to|since|until)$/;
const WHEN_PREFIX = /^(?:window|period)_/;

/** Does the field name say when (never a change)? */
export function isWhenField(name: string): boolean {
  const n = name.toLowerCase();
  return WHEN_NAMES.has(n) || WHEN_SUFFIX.test(n) || WHEN_PREFIX.test(n);
}

const DATE_TEXT = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Is the text a date or a timestamp (a when, whatever its field is called)? */
export function isWhenText(value: string): boolean {
  return DATE_TEXT.test(value.trim());
}

/**
 * Is the field a 0–1 share (its moves are then percentage points)? The report reads shares
 * by the same rule, so both live in one place.
 */
export { isFraction } from '../../domain/shares.js';

/** A difference without the float noise of binary fractions. */
export function rounded(n: number): number {
  const r = Math.round(n * 1e9) / 1e9;
  return Object.is(r, -0) ? 0 : r;
}

export interface Move {
  delta: number;
  points: number;
}

/**
 * The move from `before` to `after` when it reaches the threshold (points), else
 * undefined. `fraction`: the values are 0–1 shares, held against the threshold × 1/100.
 */
export function movedBy(before: number, after: number, threshold: number, fraction: boolean): Move | undefined {
  if (!Number.isFinite(before) || !Number.isFinite(after)) return undefined;
  const delta = rounded(after - before);
  const points = rounded(fraction ? (after - before) * 100 : delta);
  if (delta === 0 || Math.abs(points) < threshold) return undefined;
  return { delta, points };
}
