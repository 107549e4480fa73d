/**
 * When a cached answer stops being served: the reference's "Freshness" table turned into
 * one expiry time per endpoint class (the `freshness` field of each entry in
 * src/endpoints.ts). The README's freshness table is this list; a test holds them equal.
 */
import type { Freshness } from '../endpoints.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The daily scan lands after 09:00 IST, which is 03:30 UTC (IST has no daylight saving). */
export const SCAN_BOUNDARY_UTC_MS = 3 * HOUR + 30 * MINUTE;
/** While a scan may still be landing (this long after the boundary), an entry lives at most SETTLING_LIFE_MS. */
export const SETTLING_MS = 3 * HOUR;
export const SETTLING_LIFE_MS = HOUR;
/** Tasks, the weekly plan, activity and pitches: people change them; a repeat within minutes is still spared. */
export const MINUTES_LIFE_MS = 5 * MINUTE;
/** A brand name looked up in GET /brands (free) for --brand NAME: briefly, so a cache hit sends nothing. */
export const BRAND_LOOKUP_LIFE_MS = 10 * MINUTE;

export interface FreshnessRule {
  freshness: Freshness;
  life: string;
  reason: string;
}

/** Each rule in words, for the README and `vis cache status`. */
export const FRESHNESS_RULES: readonly FreshnessRule[] = [
  {
    freshness: 'scan',
    life: 'until the next daily scan (09:00 IST = 03:30 UTC); at most 1 hour when fetched in the 3 hours after it',
    reason: 'AI answers change only after the daily scan; right after it the scan may still be landing',
  },
  { freshness: 'weekly', life: 'at most 24 hours', reason: 'weekly data, and the reference does not say which day the week turns' },
  { freshness: 'hourly', life: 'at most 1 hour', reason: 'AI traffic changes every few minutes to every hour; "polling more often than once an hour is unnecessary"' },
  { freshness: 'minutes', life: '5 minutes', reason: 'people change tasks, the board and pitches; a repeat in the same minutes is still spared' },
  { freshness: 'none', life: 'never cached', reason: 'free anyway (/usage, /brands), and `vis usage` must be current; a POST spends' },
];

/** The most recent scan boundary at or before `t`. */
export function lastScanBoundary(t: number): number {
  const day = Math.floor((t - SCAN_BOUNDARY_UTC_MS) / DAY);
  return day * DAY + SCAN_BOUNDARY_UTC_MS;
}

/** When an answer fetched at `fetchedAt` stops being served; undefined for `none` (never stored). */
export function expiresAt(freshness: Freshness, fetchedAt: number): number | undefined {
  switch (freshness) {
    case 'scan': {
      const boundary = lastScanBoundary(fetchedAt);
      const next = boundary + DAY;
      return fetchedAt - boundary < SETTLING_MS ? Math.min(next, fetchedAt + SETTLING_LIFE_MS) : next;
    }
    case 'weekly':
      return fetchedAt + DAY;
    case 'hourly':
      return fetchedAt + HOUR;
    case 'minutes':
      return fetchedAt + MINUTES_LIFE_MS;
    case 'none':
      return undefined;
  }
}

/** Does the expiry fall on a scan boundary (the stderr line then says "09:00 IST")? */
export function isScanBoundary(t: number): boolean {
  return lastScanBoundary(t) === t;
}
