import { describe, expect, it } from 'vitest';
import { LimitError, ServerError, UsageError, apiError } from '../../src/errors.js';
import { backoffMs, decideRetry, MAX_TOTAL_WAIT_MS, parseHttpDate, parseRetryAfter } from '../../src/http/retry.js';
import { Pacer } from '../../src/http/pacer.js';
import { fakeClock } from '../support/context.js';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const half = () => 0.5;

describe('Retry-After (RFC 9110 10.2.3: delay-seconds or an HTTP-date, nothing looser)', () => {
  it('reads whole seconds, with optional whitespace around them', () => {
    expect(parseRetryAfter('12', NOW)).toBe(12_000);
    expect(parseRetryAfter(' 12 ', NOW)).toBe(12_000);
    expect(parseRetryAfter('\t7\t', NOW)).toBe(7_000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter('007', NOW)).toBe(7_000);
    // Any run of spaces and tabs, on either side.
    expect(parseRetryAfter('  \t12', NOW)).toBe(12_000);
    expect(parseRetryAfter('12 \t ', NOW)).toBe(12_000);
  });

  it.each(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map((m, i) => [m, i] as const))(
    'reads the month %s in every date form',
    (month, index) => {
      const want = Date.UTC(2027, index, 9, 8, 49, 37);
      const weekday = (long: boolean) => new Date(want).toLocaleDateString('en-US', { weekday: long ? 'long' : 'short', timeZone: 'UTC' });
      expect(parseHttpDate(`${weekday(false)}, 09 ${month} 2027 08:49:37 GMT`, NOW)).toBe(want);
      expect(parseHttpDate(`${weekday(true)}, 09-${month}-27 08:49:37 GMT`, NOW)).toBe(want);
      expect(parseHttpDate(`${weekday(false)} ${month}  9 08:49:37 2027`, NOW)).toBe(want);
    },
  );

  it('refuses an hour past 23, a minute past 59 and a second past 60', () => {
    expect(parseHttpDate('Sun, 06 Nov 1994 23:59:60 GMT', NOW)).toBe(Date.UTC(1994, 10, 6, 23, 59, 59));
    expect(parseHttpDate('Sun, 06 Nov 1994 24:00:00 GMT', NOW)).toBeUndefined();
    expect(parseHttpDate('Sun, 06 Nov 1994 08:60:00 GMT', NOW)).toBeUndefined();
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:61 GMT', NOW)).toBeUndefined();
  });

  it.each(['-5', '2, 3', '5s', 'a12', '12a', '1.5', '+5', '1e3', '0x10', '', ' ', '１２', 'soon', '5 5', '12\n'])(
    '%j is not a Retry-After: undefined, so the normal wait applies',
    (v) => {
      expect(parseRetryAfter(v, NOW)).toBeUndefined();
    },
  );

  it('never reads loose dates the way Date.parse does (it makes 2001 of "2, 3")', () => {
    expect(Date.parse('2, 3')).not.toBeNaN(); // the trap
    for (const v of [
      '2001-02-03',
      '2, 3',
      'Feb 3 2001',
      '3 February 2001',
      'Sat Feb 03 2001',
      '2026-11-22T10:00:30Z',
      'Sun, 22 Nov 2026 10:00:30 UTC',
      'Sun, 22 Nov 2026 10:00:30 +0000',
    ]) {
      expect(parseRetryAfter(v, NOW), v).toBeUndefined();
    }
  });

  it('reads the three HTTP-date forms', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', NOW)).toBe(30_000); // IMF-fixdate
    expect(parseRetryAfter('Sunday, 22-Nov-26 10:00:42 GMT', NOW)).toBe(42_000); // RFC 850
    expect(parseRetryAfter('Sun Nov 22 10:01:00 2026', NOW)).toBe(60_000); // asctime
    expect(parseRetryAfter('Sun Dec  6 10:00:00 2026', NOW)).toBe(14 * 86_400_000); // asctime, 1-digit day
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT', NOW)).toBe(Date.UTC(1994, 10, 6, 8, 49, 37));
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', NOW)).toBe(Date.UTC(1994, 10, 6, 8, 49, 37));
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994', NOW)).toBe(Date.UTC(1994, 10, 6, 8, 49, 37));
  });

  it('a date already past means retry now: 0, not a negative wait', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('Sat, 03 Feb 2001 00:00:00 GMT', NOW)).toBe(0);
  });

  it('RFC 850 two-digit years: more than 50 years ahead means the century before', () => {
    expect(parseHttpDate('Monday, 01-Jan-76 00:00:00 GMT', NOW)).toBe(Date.UTC(2076, 0, 1));
    expect(parseHttpDate('Thursday, 01-Jan-77 00:00:00 GMT', NOW)).toBe(Date.UTC(1977, 0, 1));
  });

  it('refuses dates that are not whole or not real', () => {
    for (const v of [
      'Sun, 31 Feb 2026 10:00:00 GMT',
      'Sun, 00 Nov 2026 10:00:00 GMT',
      'Sun, 22 Nov 2026 24:00:00 GMT',
      'Sun, 22 Nov 2026 10:60:00 GMT',
      'Sun, 22 Nov 2026 10:00:61 GMT',
      'Sun, 22 nov 2026 10:00:00 GMT',
      'Sun, 2 Nov 2026 10:00:00 GMT',
      'Sun, 22 Nov 26 10:00:00 GMT',
      'Sun,  22 Nov 2026 10:00:00 GMT',
      'Sun, 22 Nov 2026 10:00:00 GMT x',
      'x Sun, 22 Nov 2026 10:00:00 GMT',
      'Sunday, 22 Nov 2026 10:00:00 GMT',
      'Sun, 22-Nov-26 10:00:00 GMT',
      'Sun Nov 22 10:00:00 2026 GMT',
    ]) {
      expect(parseHttpDate(v, NOW), v).toBeUndefined();
    }
    // A leap second is allowed (second 60), read as :59.
    expect(parseHttpDate('Wed, 31 Dec 2025 23:59:60 GMT', NOW)).toBe(Date.UTC(2025, 11, 31, 23, 59, 59));
  });

  it('undefined when there is no header', () => {
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
  });
});

describe('decideRetry', () => {
  const rateLimited = (ms?: number) => new LimitError('slow down', { code: 'rate_limited', status: 429, retryAfterMs: ms });

  it('waits Retry-After on rate_limited, for GET and POST alike', () => {
    expect(decideRetry({ method: 'GET', attempt: 0, error: rateLimited(12_000), waitedMs: 0, random: half })).toEqual({
      retry: true,
      delayMs: 12_000,
      reason: 'rate limited',
    });
    expect(decideRetry({ method: 'POST', attempt: 0, error: rateLimited(1000), waitedMs: 0, random: half }).retry).toBe(true);
  });

  it('never waits more than 120 s in all', () => {
    const d = decideRetry({ method: 'GET', attempt: 1, error: rateLimited(61_000), waitedMs: 60_000, random: half });
    expect(d.retry).toBe(false);
    expect(decideRetry({ method: 'GET', attempt: 0, error: rateLimited(MAX_TOTAL_WAIT_MS + 1), waitedMs: 0, random: half }).retry).toBe(false);
    expect(decideRetry({ method: 'GET', attempt: 0, error: rateLimited(MAX_TOTAL_WAIT_MS), waitedMs: 0, random: half }).retry).toBe(true);
  });

  it('says why it stops after the last retry', () => {
    const err = new ServerError('boom', { status: 502 });
    expect(decideRetry({ method: 'GET', attempt: 3, error: err, waitedMs: 0, random: half })).toEqual({ retry: false, reason: 'gave up after 3 retries' });
  });

  it('backoff may end exactly at the cap, not past it, and says so when it would', () => {
    const err = new ServerError('boom', { status: 502 });
    // attempt 0: half of a 500 ms ceiling is 250 ms.
    expect(decideRetry({ method: 'GET', attempt: 0, error: err, waitedMs: MAX_TOTAL_WAIT_MS - 250, random: half })).toMatchObject({
      retry: true,
      delayMs: 250,
    });
    expect(decideRetry({ method: 'GET', attempt: 0, error: err, waitedMs: MAX_TOTAL_WAIT_MS - 249, random: half })).toEqual({
      retry: false,
      reason: 'another wait would take vis past the 120 s it waits in all',
    });
  });

  it('stops after 3 retries', () => {
    expect(decideRetry({ method: 'GET', attempt: 3, error: rateLimited(1), waitedMs: 0, random: half }).retry).toBe(false);
    expect(decideRetry({ method: 'GET', attempt: 3, error: new ServerError('x', { status: 502 }), waitedMs: 0, random: half }).retry).toBe(false);
  });

  it('never retries quota_exceeded or other 4xx', () => {
    expect(
      decideRetry({ method: 'GET', attempt: 0, error: new LimitError('q', { code: 'quota_exceeded', status: 429 }), waitedMs: 0, random: half }).retry,
    ).toBe(false);
    for (const [s, c] of [
      [400, 'invalid_parameter'],
      [401, 'invalid_api_key'],
      [403, 'feature_not_in_plan'],
      [404, 'not_found'],
      [409, 'integration_not_connected'],
    ] as const) {
      expect(decideRetry({ method: 'GET', attempt: 0, error: apiError(s, c, 'm'), waitedMs: 0, random: half }).retry).toBe(false);
    }
    expect(decideRetry({ method: 'GET', attempt: 0, error: new UsageError('x'), waitedMs: 0, random: half }).retry).toBe(false);
  });

  it('backs off on 5xx, resets and timeouts for GET only', () => {
    const e502 = apiError(502, 'upstream_error', 'm');
    expect(decideRetry({ method: 'GET', attempt: 0, error: e502, waitedMs: 0, random: half })).toMatchObject({ retry: true, delayMs: 250 });
    expect(decideRetry({ method: 'GET', attempt: 2, error: e502, waitedMs: 0, random: half })).toMatchObject({ retry: true, delayMs: 1000 });
    expect(decideRetry({ method: 'POST', attempt: 0, error: e502, waitedMs: 0, random: half }).retry).toBe(false);
    const timeout = new ServerError('t', { transport: 'timeout' });
    expect(decideRetry({ method: 'GET', attempt: 0, error: timeout, waitedMs: 0, random: half }).retry).toBe(true);
    expect(decideRetry({ method: 'POST', attempt: 0, error: timeout, waitedMs: 0, random: half }).retry).toBe(false);
  });

  it('retries a POST whose connection was refused (it never reached the server)', () => {
    const refused = new ServerError('refused', { transport: 'connection refused', maybeSent: false });
    expect(decideRetry({ method: 'POST', attempt: 0, error: refused, waitedMs: 0, random: half }).retry).toBe(true);
  });

  it('does not retry a 2xx or 4xx body that is not the envelope', () => {
    const bad = new ServerError('html', { status: 200, code: 'invalid_envelope' });
    expect(decideRetry({ method: 'GET', attempt: 0, error: bad, waitedMs: 0, random: half }).retry).toBe(false);
    const html502 = new ServerError('html', { status: 502, code: 'invalid_envelope' });
    expect(decideRetry({ method: 'GET', attempt: 0, error: html502, waitedMs: 0, random: half }).retry).toBe(true);
  });

  it('retries a GET whose answer broke off or stalled, whatever its status line said', () => {
    const cut = new ServerError('cut', { status: 200, transport: 'truncated answer', code: 'truncated_response' });
    expect(decideRetry({ method: 'GET', attempt: 0, error: cut, waitedMs: 0, random: half }).retry).toBe(true);
    expect(decideRetry({ method: 'POST', attempt: 0, error: cut, waitedMs: 0, random: half }).retry).toBe(false);
  });

  it('says why it stops at the cap, counting what was already waited', () => {
    const first = decideRetry({ method: 'GET', attempt: 0, error: rateLimited(600_000), waitedMs: 0, random: half });
    expect(first).toEqual({ retry: false, reason: 'the server asks to wait 600 s, more than the 120 s vis waits in all' });
    const later = decideRetry({ method: 'GET', attempt: 2, error: rateLimited(50_000), waitedMs: 100_000, random: half });
    expect(later.retry).toBe(false);
    expect(later.reason).toContain('another 50 s');
    expect(later.reason).toContain('100 s already waited');
  });

  it('backoff counts towards the cap too', () => {
    const e502 = apiError(502, 'upstream_error', 'm');
    expect(decideRetry({ method: 'GET', attempt: 1, error: e502, waitedMs: MAX_TOTAL_WAIT_MS - 100, random: half }).retry).toBe(false);
    expect(decideRetry({ method: 'GET', attempt: 1, error: e502, waitedMs: MAX_TOTAL_WAIT_MS - 1000, random: half }).retry).toBe(true);
  });

  it('a plain 500 is retried for GET; an answer below 500 is not', () => {
    const e500 = apiError(500, 'internal_error', 'm');
    expect(e500).toBeInstanceOf(ServerError);
    expect(decideRetry({ method: 'GET', attempt: 0, error: e500, waitedMs: 0, random: half })).toEqual({ retry: true, delayMs: 250, reason: 'HTTP 500' });
    const e499 = new ServerError('x', { status: 499 });
    expect(decideRetry({ method: 'GET', attempt: 0, error: e499, waitedMs: 0, random: half }).retry).toBe(false);
  });

  it('a 503 with Retry-After waits that long for GET, within the same 120 s cap', () => {
    const e503 = (ms: number) => apiError(503, 'unavailable', 'm', { retryAfterMs: ms });
    expect(e503(100_000)).toBeInstanceOf(ServerError);
    expect(decideRetry({ method: 'GET', attempt: 0, error: e503(100_000), waitedMs: 0, random: half })).toEqual({
      retry: true,
      delayMs: 100_000,
      reason: 'HTTP 503 with Retry-After',
    });
    expect(decideRetry({ method: 'GET', attempt: 0, error: e503(MAX_TOTAL_WAIT_MS), waitedMs: 0, random: half }).retry).toBe(true);
    expect(decideRetry({ method: 'GET', attempt: 0, error: e503(MAX_TOTAL_WAIT_MS + 1), waitedMs: 0, random: half })).toEqual({
      retry: false,
      reason: 'the server asks to wait 121 s, more than the 120 s vis waits in all',
    });
    const later = decideRetry({ method: 'GET', attempt: 1, error: e503(30_000), waitedMs: 100_000, random: half });
    expect(later.retry).toBe(false);
    expect(later.reason).toContain('100 s already waited');
    // A POST that may have reached the server is still sent once.
    expect(decideRetry({ method: 'POST', attempt: 0, error: e503(1_000), waitedMs: 0, random: half }).retry).toBe(false);
    // A 503 without a usable Retry-After: the normal backoff.
    expect(decideRetry({ method: 'GET', attempt: 0, error: apiError(503, 'unavailable', 'm'), waitedMs: 0, random: half })).toMatchObject({
      retry: true,
      delayMs: 250,
    });
  });

  it('a failure that repetition cannot mend is never retried, even a GET with a 5xx status', () => {
    for (const error of [
      new ServerError('too large', { status: 200, code: 'response_too_large', permanent: true }),
      new ServerError('too large', { status: 502, code: 'response_too_large', permanent: true }),
      new ServerError('headers', { code: 'headers_too_large', permanent: true }),
      new ServerError('gzip', { status: 503, code: 'unsupported_encoding', permanent: true, retryAfterMs: 1_000 }),
    ]) {
      expect(decideRetry({ method: 'GET', attempt: 0, error, waitedMs: 0, random: half }).retry).toBe(false);
    }
  });

  it('full jitter stays under the capped exponential ceiling', () => {
    expect(backoffMs(0, () => 0)).toBe(0);
    expect(backoffMs(0, () => 0.999)).toBe(499);
    expect(backoffMs(10, () => 0.999)).toBe(7992);
  });
});

describe('Pacer', () => {
  it('lets 60 through a minute, then waits for the oldest to age out', async () => {
    const clock = fakeClock(0);
    const waits: number[] = [];
    const pacer = new Pacer(60, clock, 0);
    for (let i = 0; i < 60; i++) {
      await pacer.acquire(undefined, (ms) => waits.push(ms));
      clock.t += 100;
    }
    expect(waits).toEqual([]);
    await pacer.acquire(undefined, (ms) => waits.push(ms));
    expect(waits).toEqual([54_000]);
    expect(clock.t).toBe(60_000);
  });
});
