/**
 * When a cached answer stops being served: the reference's "Freshness" table turned into
 * one expiry time per endpoint class (the `freshness` field of each entry in
 * src/endpoints.ts); the guide's freshness table (docs/guide.md) says the same in words.
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

/** Does the expiry fall on a scan boundary (the stderr line then names the next scan, not a freshness time)? */
export function isScanBoundary(t: number): boolean {
  return lastScanBoundary(t) === t;
}
