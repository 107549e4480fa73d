/**
 * The reference's "60 requests a minute per key", as a sliding window over the times of
 * the requests let through. A refused request is not counted, so waiting Retry-After
 * seconds is always enough: by then the oldest counted request has left the window.
 */
const WINDOW_MS = 60_000;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly perMinute: number) {}

  check(key: string, nowMs: number): RateDecision {
    const recent = (this.hits.get(key) ?? []).filter((t) => t + WINDOW_MS > nowMs);
    if (recent.length >= this.perMinute) {
      this.hits.set(key, recent);
      // The request is allowed once the oldest counted one is a full window old.
      const oldest = recent[0] ?? nowMs;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + WINDOW_MS - nowMs) / 1000)) };
    }
    recent.push(nowMs);
    this.hits.set(key, recent);
    return { allowed: true };
  }

  reset(): void {
    this.hits.clear();
  }
}
