/**
 * Retry decisions, as pure functions of the failure, the attempt and the time already
 * spent waiting, so they can be tested with a fake clock. Contract section 5.
 */
import { LimitError, ServerError, type VisError } from '../errors.js';

export const MAX_RETRIES = 3;
/** Never wait more than this in all for rate_limited retries. */
export const MAX_TOTAL_WAIT_MS = 120_000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 8_000;
/** When a 429 rate_limited carries no usable Retry-After. */
const DEFAULT_RATE_WAIT_MS = 5_000;

/** Retry-After is either delta-seconds or an HTTP date. Returns ms, or undefined. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  if (/^\d+\.\d+$/.test(v)) return Math.ceil(Number(v) * 1000);
  const date = Date.parse(v);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
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
    if (error.transport === undefined && error.status !== undefined && error.status < 500) return { retry: false };
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
