/**
 * Keeps one key at or under N requests in any sliding window of a minute, inside this
 * process, so a command that makes many requests never meets a 429 of its own making.
 *
 * There is one Pacer per key and base URL in the process (sharedPacer): the session's
 * client, the hint look-ups that reuse it, and any other client a command opens for the
 * same key (an export running several at once) all draw from the same window.
 */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export class Pacer {
  private readonly sent: number[] = [];
  private readonly windowMs: number;
  private perMinute: number;
  /** No request before this time: the server said rate_limited with a Retry-After. */
  private heldUntil = 0;

  constructor(
    perMinute: number,
    private readonly clock: Clock,
    /** A little slack so clocks that disagree by a few ms do not tip the server over. */
    marginMs = 250,
  ) {
    this.perMinute = checkPerMinute(perMinute);
    this.windowMs = 60_000 + marginMs;
  }

  get limit(): number {
    return this.perMinute;
  }

  /** Lowers the limit (never raises it): two callers that disagree get the stricter one. */
  tighten(perMinute: number): void {
    this.perMinute = Math.min(this.perMinute, checkPerMinute(perMinute));
  }

  /**
   * Holds every request for this key until `untilMs`: after a 429 rate_limited (someone
   * else is using the key too) the other requests of this process wait with the one
   * that was refused, instead of each earning its own 429.
   */
  holdUntil(untilMs: number): void {
    this.heldUntil = Math.max(this.heldUntil, untilMs);
  }

  /** How long the next request must wait to stay within the limit. */
  delayFor(now: number): number {
    while (this.sent.length > 0 && now - this.sent[0]! >= this.windowMs) this.sent.shift();
    const held = Math.max(0, this.heldUntil - now);
    if (this.sent.length < this.perMinute) return held;
    return Math.max(held, this.sent[this.sent.length - this.perMinute]! + this.windowMs - now);
  }

  /** Waits for a slot and takes it. onWait is told how long, when it has to wait. */
  async acquire(signal?: AbortSignal, onWait?: (ms: number) => void): Promise<void> {
    for (;;) {
      const wait = this.delayFor(this.clock.now());
      if (wait <= 0) break;
      onWait?.(wait);
      await this.clock.sleep(wait, signal);
    }
    this.sent.push(this.clock.now());
  }
}

function checkPerMinute(n: number): number {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`requests per minute must be a positive integer (got ${n})`);
  return n;
}

/**
 * One Pacer per (base URL, key) for each clock. Real runs have one clock, so one map;
 * tests with fake clocks get pacers of their own. The key is hashed so this map never
 * holds it in the clear.
 */
const pacers = new WeakMap<Clock, Map<string, Pacer>>();

export function sharedPacer(baseUrl: string, apiKey: string, perMinute: number, clock: Clock): Pacer {
  let byKey = pacers.get(clock);
  if (!byKey) {
    byKey = new Map();
    pacers.set(clock, byKey);
  }
  // The key itself is the map key: the client holds it in memory anyway, and hashing it
  // would load node:crypto on every run for nothing.
  const id = `${baseUrl}\n${apiKey}`;
  const existing = byKey.get(id);
  if (existing) {
    existing.tighten(perMinute);
    return existing;
  }
  const pacer = new Pacer(perMinute, clock);
  byKey.set(id, pacer);
  return pacer;
}
