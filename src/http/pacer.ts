/**
 * Keeps one key at or under N requests in any sliding window of a minute, inside this
 * process, so a command that makes many requests never meets a 429 of its own making.
 */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export class Pacer {
  private readonly sent: number[] = [];
  private readonly windowMs: number;

  constructor(
    private readonly perMinute: number,
    private readonly clock: Clock,
    /** A little slack so clocks that disagree by a few ms do not tip the server over. */
    marginMs = 250,
  ) {
    this.windowMs = 60_000 + marginMs;
  }

  /** How long the next request must wait to stay within the limit. */
  delayFor(now: number): number {
    while (this.sent.length > 0 && now - this.sent[0]! >= this.windowMs) this.sent.shift();
    if (this.sent.length < this.perMinute) return 0;
    return this.sent[0]! + this.windowMs - now;
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
