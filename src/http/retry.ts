/**
 * Retry decisions, as pure functions of the failure, the attempt and the time already
 * spent waiting, so they can be tested with a fake clock. The policy is docs/guide.md's
 * "Retries, timeouts and pacing".
 */
import { LimitError, ServerError, type VisError } from '../errors.js';

export const MAX_RETRIES = 3;
/** Never wait more than this in all for rate_limited retries. */
export const MAX_TOTAL_WAIT_MS = 120_000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 8_000;
/** When a 429 rate_limited carries no usable Retry-After. */
const DEFAULT_RATE_WAIT_MS = 5_000;

/**
 * Retry-After by RFC 9110 section 10.2.3 and nothing looser: delay-seconds (1*DIGIT) or an
 * HTTP-date in one of its three forms (5.6.7), each matched whole by a strict pattern.
 * Returns ms (0 for a date already past), or undefined for anything else (`-5`, `2, 3`,
 * `1.5`, `5s`, empty), which leaves the wait to the normal backoff. Date.parse is never
 * used: it reads `2, 3` as 3 February 2001.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const v = value.replace(/^[ \t]+|[ \t]+$/g, ''); // optional whitespace around a field value
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const date = parseHttpDate(v, nowMs);
  return date === undefined ? undefined : Math.max(0, date - nowMs);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d\\d):(\\d\\d):(\\d\\d)';
/** Sun, 06 Nov 1994 08:49:37 GMT */
const IMF_FIXDATE = new RegExp(`^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\\d\\d) ${MONTH} (\\d{4}) ${TIME} GMT$`);
/** Sunday, 06-Nov-94 08:49:37 GMT (obsolete) */
const RFC850_DATE = new RegExp(`^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\\d\\d)-${MONTH}-(\\d\\d) ${TIME} GMT$`);
/** Sun Nov  6 08:49:37 1994 (obsolete, C's asctime) */
const ASCTIME_DATE = new RegExp(`^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) ${MONTH} (\\d\\d| \\d) ${TIME} (\\d{4})$`);

/** An HTTP-date as ms since the epoch, or undefined when it is not one or names no real moment. */
export function parseHttpDate(v: string, nowMs: number): number | undefined {
  let m = IMF_FIXDATE.exec(v);
  if (m) return utc(Number(m[3]), m[2]!, Number(m[1]), m.slice(4, 7));
  m = RFC850_DATE.exec(v);
  if (m) {
    // A two-digit year more than 50 years ahead is the last such year in the past (RFC 9110).
    const thisYear = new Date(nowMs).getUTCFullYear();
    let year = Math.floor(thisYear / 100) * 100 + Number(m[3]);
    if (year > thisYear + 50) year -= 100;
    return utc(year, m[2]!, Number(m[1]), m.slice(4, 7));
  }
  m = ASCTIME_DATE.exec(v);
  if (m) return utc(Number(m[6]), m[1]!, Number(m[2]), m.slice(3, 6)); // Number(' 6') is 6
  return undefined;
}

function utc(year: number, month: string, day: number, time: Array<string | undefined>): number | undefined {
  const [h, min, s] = time.map(Number) as [number, number, number];
  const mon = MONTHS.indexOf(month);
  if (h > 23 || min > 59 || s > 60) return undefined; // 60: a leap second
  const d = new Date(0);
  d.setUTCFullYear(year, mon, day); // not Date.UTC, which reads years 0-99 as 1900-1999
  d.setUTCHours(h, min, Math.min(s, 59));
  // 31 Feb and the like: Date rolls them over into the next month (the day alone can
  // never differ while the month stays, as days are at most 31).
  if (d.getUTCMonth() !== mon) return undefined;
  return d.getTime();
}

/** Full-jitter exponential backoff: a random wait in [0, min(cap, base * 2^attempt)). */
export function backoffMs(attempt: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

export type RetryDecision = { retry: true; delayMs: number; reason: string } | { retry: false; reason?: string };

export interface RetryInput {
  method: string;
  /** 0 for the first retry decision (after the first attempt failed). */
  attempt: number;
  error: VisError;
  /** Total ms already waited for earlier retries of this request. */
  waitedMs: number;
  random: () => number;
}

export function decideRetry(input: RetryInput): RetryDecision {
  const { method, attempt, error, waitedMs } = input;
  if (attempt >= MAX_RETRIES) return { retry: false, reason: `gave up after ${MAX_RETRIES} retries` };

  if (error instanceof LimitError) {
    if (error.code !== 'rate_limited') return { retry: false };
    const delayMs = error.retryAfterMs ?? DEFAULT_RATE_WAIT_MS;
    if (waitedMs + delayMs > MAX_TOTAL_WAIT_MS) return { retry: false, reason: overCap(delayMs, waitedMs) };
    // Safe for the POST too: a 429 means the server did not act on the request.
    return { retry: true, delayMs, reason: 'rate limited' };
  }

  if (error instanceof ServerError) {
    // A request that never reached the server (refused connection, DNS) is safe to repeat
    // for every method; anything else is repeated only for GET, since POST /pitches spends.
    if (method !== 'GET' && error.maybeSent) return { retry: false };
    // An HTTP answer below 500 (a redirect, a 2xx/4xx whose body is not the envelope) will
    // not mend itself. A transport failure (an answer cut off, a stall) may, whatever the
    // status line said.
    if (error.transport === undefined && (error.status ?? 500) < 500) return { retry: false };
    if (error.permanent) return { retry: false };
    if (error.retryAfterMs !== undefined) {
      // A 503 that says when to come back: as for a 429, within the same cap.
      const delayMs = error.retryAfterMs;
      if (waitedMs + delayMs > MAX_TOTAL_WAIT_MS) return { retry: false, reason: overCap(delayMs, waitedMs) };
      return { retry: true, delayMs, reason: `HTTP ${error.status} with Retry-After` };
    }
    const delayMs = backoffMs(attempt, input.random);
    if (waitedMs + delayMs > MAX_TOTAL_WAIT_MS) {
      return { retry: false, reason: `another wait would take vis past the ${MAX_TOTAL_WAIT_MS / 1000} s it waits in all` };
    }
    return { retry: true, delayMs, reason: error.transport ?? `HTTP ${error.status}` };
  }

  return { retry: false };
}

function overCap(delayMs: number, waitedMs: number): string {
  const wait = Math.ceil(delayMs / 1000);
  const cap = MAX_TOTAL_WAIT_MS / 1000;
  if (waitedMs <= 0) return `the server asks to wait ${wait} s, more than the ${cap} s vis waits in all`;
  return `the server asks to wait another ${wait} s, which with the ${Math.round(waitedMs / 1000)} s already waited is more than the ${cap} s vis waits in all`;
}
