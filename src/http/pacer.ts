/**
 * Keeps one key at or under N requests in any sliding window of a minute, so a command
 * that makes many requests never meets a 429 of its own making.
 *
 * There is one Pacer per key and base URL in the process (sharedPacer): the session's
 * client, the hint look-ups that reuse it, and any other client a command opens for the
 * same key (an export running several at once) all draw from the same window.
 *
 * With a SharedWindowStore (shared-window.ts) the window is also shared with every other
 * vis process of the same key on the machine: two cron jobs started together
 * count each other's requests, every request (free or not, retries too) is written in
 * it, and a 429's hold is seen by all. If the store fails (a cache folder that is not
 * private or not writable, a lock not had in time), the Pacer says so once through
 * `onShareFailed` (--debug) and paces this process alone from then on: pacing never fails
 * a command.
 */
import type { SharedWindowStore, WindowState } from './shared-window.js';

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
  private shared: SharedWindowStore | undefined;
  private onShareFailed: ((reason: string) => void) | undefined;

  constructor(
    perMinute: number,
    private readonly clock: Clock,
    /** A little slack so clocks that disagree by a few ms do not tip the server over. */
    marginMs = 250,
  ) {
    this.perMinute = checkPerMinute(perMinute);
    this.windowMs = 60_000 + marginMs;
  }

  /** Shares the window through `store` from now on (the first store given is kept). */
  share(store: SharedWindowStore, onShareFailed?: (reason: string) => void): void {
    if (this.shared) return;
    this.shared = store;
    this.onShareFailed = onShareFailed;
  }

  /** Whether the window is shared with other processes (false after a fallback). */
  get isShared(): boolean {
    return this.shared !== undefined;
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
  holdUntil(untilMs: number): Promise<void> {
    this.heldUntil = Math.max(this.heldUntil, untilMs);
    // Other processes of this key hold too. Never rejects: a failure means pacing alone.
    return this.withShared(
      (state) => {
        if (state.heldUntil >= untilMs) return { result: undefined, changed: false };
        state.heldUntil = untilMs;
        return { result: undefined, changed: true };
      },
      () => undefined,
    );
  }

  /** How long the next request must wait to stay within the limit, by this process's own window. */
  delayFor(now: number): number {
    prune(this.sent, now, this.windowMs);
    return delayIn(this.sent, this.heldUntil, this.perMinute, this.windowMs, now);
  }

  /** This process's window now (a copy): what an estimate of a paced run's time needs. */
  window(now: number): { sent: number[]; ms: number; heldUntil: number } {
    prune(this.sent, now, this.windowMs);
    return { sent: [...this.sent], ms: this.windowMs, heldUntil: this.heldUntil };
  }

  /** Waits for a slot and takes it. onWait is told how long, when it has to wait. */
  async acquire(signal?: AbortSignal, onWait?: (ms: number) => void): Promise<void> {
    for (;;) {
      const wait = await this.take();
      if (wait <= 0) return;
      onWait?.(wait);
      await this.clock.sleep(wait, signal);
    }
  }

  /** Takes a slot now (0) or says how long to wait for one. */
  private take(): Promise<number> {
    const local = (): number => {
      const now = this.clock.now();
      const wait = this.delayFor(now);
      if (wait <= 0) this.sent.push(now);
      return wait;
    };
    return this.withShared((state) => {
      const now = this.clock.now();
      const changed = prune(state.sent, now, this.windowMs);
      // A hold far ahead is from a clock that was set back, or not vis's: not obeyed.
      const held = state.heldUntil - now > MAX_HOLD_MS ? 0 : state.heldUntil;
      const wait = Math.max(delayIn(state.sent, Math.max(held, this.heldUntil), this.perMinute, this.windowMs, now), this.delayFor(now));
      if (wait > 0) return { result: wait, changed };
      state.sent.push(now);
      this.sent.push(now);
      return { result: 0, changed: true };
    }, local);
  }

  /** Runs `fn` on the shared state, or `local()` when there is none or it just failed. */
  private async withShared<T>(fn: (state: WindowState) => { result: T; changed: boolean }, local: () => T): Promise<T> {
    const store = this.shared;
    if (!store) return local();
    try {
      return await store.update(fn);
    } catch (err) {
      if (this.shared === store) {
        this.shared = undefined;
        this.onShareFailed?.(`${(err as Error).message || String(err)}`);
      }
      return local();
    }
  }
}

/** A hold (Retry-After) read from the shared file further ahead than this is ignored. */
const MAX_HOLD_MS = 15 * 60_000;

/**
 * Drops the times that left the window, and times further ahead than a window (a clock
 * set back, or a file not vis's). `sent` is sorted; true when anything was dropped.
 */
function prune(sent: number[], now: number, windowMs: number): boolean {
  const before = sent.length;
  let old = 0;
  while (old < sent.length && now - sent[old]! >= windowMs) old++;
  if (old > 0) sent.splice(0, old);
  while (sent.length > 0 && sent[sent.length - 1]! - now > windowMs) sent.pop();
  return sent.length !== before;
}

/** The wait for the next request, given the times in the window (sorted, pruned). */
function delayIn(sent: readonly number[], heldUntil: number, perMinute: number, windowMs: number, now: number): number {
  const held = Math.max(0, heldUntil - now);
  if (sent.length < perMinute) return held;
  return Math.max(held, sent[sent.length - perMinute]! + windowMs - now);
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

export function sharedPacer(baseUrl: string, apiKey: string, perMinute: number, clock: Clock, share?: Share): Pacer {
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
    if (share) existing.share(share.store, share.onShareFailed);
    return existing;
  }
  const pacer = new Pacer(perMinute, clock);
  if (share) pacer.share(share.store, share.onShareFailed);
  byKey.set(id, pacer);
  return pacer;
}

/** What sharedPacer shares the window through, with other vis processes. */
export interface Share {
  store: SharedWindowStore;
  onShareFailed?: (reason: string) => void;
}
