/**
 * Names in the cache: the account folder (a hash of base URL and key, never the key) and
 * the entry key (method, path, sorted query and, when the period ends today, the API's
 * date), hashed into the entry's file name.
 */
import { sha256Hex } from '../domain/sha256.js';

/** The account's folder name: 32 hex digits of SHA-256 over the base URL and key. */
export function accountId(baseUrl: string, apiKey: string): string {
  // A prefix of its own, so the name never equals the pacing window's (src/http/shared-window.ts).
  return sha256Hex(`vis-cache\n${baseUrl}\n${apiKey}`).slice(0, 32);
}

/**
 * The exact request as text: `GET /topics?brand_id=3&market=US-en`, the query sorted by
 * name then value (the order flags were typed in does not matter), plus ` @2026-11-22`
 * (the API's date, UTC) when the period ends "today": `--days 7` fetched yesterday covers
 * other days than today's, and is never served today.
 */
export function entryKey(method: string, path: string, query: ReadonlyArray<readonly [string, string]>, apiToday?: string): string {
  const sorted = [...query].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).sort();
  const q = sorted.length > 0 ? `?${sorted.join('&')}` : '';
  return `${method} ${path}${q}${apiToday === undefined ? '' : ` @${apiToday}`}`;
}

/** Does a request's period end today: a period endpoint asked without `to`. */
export function periodEndsToday(hasPeriod: boolean, query: ReadonlyArray<readonly [string, string]>): boolean {
  return hasPeriod && !query.some(([k]) => k === 'to');
}

/**
 * The entry's file: `<endpoint id>.<32 hex>.json`. The id in front lets POST /pitches
 * drop the pitches entries without reading every file.
 */
export function entryFileName(endpointId: string, key: string): string {
  return `${endpointId}.${sha256Hex(key).slice(0, 32)}.json`;
}

/**
 * The query of an entry key, as entryKey wrote it (`GET /topics?brand_id=3&market=US-en
 * @2026-11-22` → brand_id 3, market US-en): what another command may ask of an entry it
 * did not make. A pair that does not decode is left out.
 */
export function queryOfKey(key: string): Array<[string, string]> {
  const request = key.replace(/ @\d{4}-\d{2}-\d{2}$/, '');
  const q = request.indexOf('?');
  if (q < 0) return [];
  const out: Array<[string, string]> = [];
  for (const pair of request.slice(q + 1).split('&')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    try {
      out.push([decodeURIComponent(pair.slice(0, eq)), decodeURIComponent(pair.slice(eq + 1))]);
    } catch {
      // not one entryKey wrote
    }
  }
  return out;
}
