import { describe, expect, it } from 'vitest';
import { LimitError, ServerError, UsageError, apiError } from '../../src/errors.js';
import { backoffMs, decideRetry, MAX_TOTAL_WAIT_MS, parseRetryAfter } from '../../src/http/retry.js';
import { Pacer } from '../../src/http/pacer.js';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const half = () => 0.5;

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('12', NOW)).toBe(12_000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter('1.5', NOW)).toBe(1500);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
  });
});

describe('decideRetry', () => {
  const rateLimited = (ms?: number) => new LimitError('slow down', { code: 'rate_limited', status: 429, retryAfterMs: ms });

  it('waits Retry-After on rate_limited, for GET and POST alike', () => {
    expect(decideRetry({ method: 'GET', attempt: 0, error: rateLimited(12_000), waitedMs: 0, random: half })).toEqual({ retry: true, delayMs: 12_000, reason: 'rate limited' });
    expect(decideRetry({ method: 'POST', attempt: 0, error: rateLimited(1000), waitedMs: 0, random: half }).retry).toBe(true);
  });

  it('never waits more than 120 s in all', () => {
    const d = decideRetry({ method: 'GET', attempt: 1, error: rateLimited(61_000), waitedMs: 60_000, random: half });
    expect(d.retry).toBe(false);
    expect(decideRetry({ method: 'GET', attempt: 0, error: rateLimited(MAX_TOTAL_WAIT_MS + 1), waitedMs: 0, random: half }).retry).toBe(false);
    expect(decideRetry({ method: 'GET', attempt: 0, error: rateLimited(MAX_TOTAL_WAIT_MS), waitedMs: 0, random: half }).retry).toBe(true);
  });

  it('stops after 3 retries', () => {
    expect(decideRetry({ method: 'GET', attempt: 3, error: rateLimited(1), waitedMs: 0, random: half }).retry).toBe(false);
    expect(decideRetry({ method: 'GET', attempt: 3, error: new ServerError('x', { status: 502 }), waitedMs: 0, random: half }).retry).toBe(false);
  });

  it('never retries quota_exceeded or other 4xx', () => {
    expect(decideRetry({ method: 'GET', attempt: 0, error: new LimitError('q', { code: 'quota_exceeded', status: 429 }), waitedMs: 0, random: half }).retry).toBe(false);
    for (const [s, c] of [[400, 'invalid_parameter'], [401, 'invalid_api_key'], [403, 'feature_not_in_plan'], [404, 'not_found'], [409, 'integration_not_connected']] as const) {
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

  it('full jitter stays under the capped exponential ceiling', () => {
    expect(backoffMs(0, () => 0)).toBe(0);
    expect(backoffMs(0, () => 0.999)).toBe(499);
    expect(backoffMs(10, () => 0.999)).toBe(7992);
  });
});

describe('Pacer', () => {
  it('lets 60 through a minute, then waits for the oldest to age out', async () => {
    let now = 0;
    const waits: number[] = [];
    const clock = { now: () => now, sleep: async (ms: number) => void (now += ms) };
    const pacer = new Pacer(60, clock, 0);
    for (let i = 0; i < 60; i++) {
      await pacer.acquire(undefined, (ms) => waits.push(ms));
      now += 100;
    }
    expect(waits).toEqual([]);
    await pacer.acquire(undefined, (ms) => waits.push(ms));
    expect(waits).toEqual([54_000]);
    expect(now).toBe(60_000);
  });
});
