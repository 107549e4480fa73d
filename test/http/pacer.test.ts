import { describe, expect, it } from 'vitest';
import { Pacer, sharedPacer } from '../../src/http/pacer.js';
import { fakeClock } from '../support/context.js';

describe('Pacer', () => {
  it('never lets more than N requests into any window of a minute', async () => {
    const clock = fakeClock(0);
    const pacer = new Pacer(60, clock, 0);
    const sent: number[] = [];
    for (let i = 0; i < 200; i++) {
      await pacer.acquire();
      sent.push(clock.t);
      clock.t += 37; // the request itself takes a little time
    }
    for (let i = 0; i < sent.length; i++) {
      const inWindow = sent.filter((t) => t > sent[i]! - 60_000 && t <= sent[i]!).length;
      expect(inWindow).toBeLessThanOrEqual(60);
    }
    expect(clock.waits.length).toBeGreaterThan(0);
  });

  it('holds every request after a rate_limited until the time given', async () => {
    const clock = fakeClock(1_000);
    const pacer = new Pacer(60, clock, 0);
    pacer.holdUntil(31_000);
    await pacer.acquire();
    expect(clock.waits).toEqual([30_000]);
    pacer.holdUntil(10_000); // an earlier hold never shortens a later one
    await pacer.acquire();
    expect(clock.waits).toEqual([30_000]);
  });

  it('a lowered limit applies to requests already in the window', async () => {
    const clock = fakeClock(0);
    const pacer = new Pacer(5, clock, 0);
    for (let i = 0; i < 5; i++) {
      await pacer.acquire();
      clock.t += 1_000;
    }
    pacer.tighten(2);
    expect(pacer.limit).toBe(2);
    // Sent at 0..4 s; with 2 a minute the next may go when the one sent at 3 s is a minute old.
    expect(pacer.delayFor(clock.t)).toBe(63_000 - 5_000);
    pacer.tighten(10);
    expect(pacer.limit).toBe(2);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new Pacer(0, fakeClock(0))).toThrow(RangeError);
    expect(() => new Pacer(1.5, fakeClock(0))).toThrow(RangeError);
  });
});

describe('sharedPacer: one limiter per key and base URL in the process', () => {
  it('returns the same pacer for the same base URL and key, another for another key or URL', () => {
    const clock = fakeClock(0);
    const a = sharedPacer('https://api.example.com/api/v1', 'key_one_123', 60, clock);
    expect(sharedPacer('https://api.example.com/api/v1', 'key_one_123', 60, clock)).toBe(a);
    expect(sharedPacer('https://api.example.com/api/v1', 'key_two_456', 60, clock)).not.toBe(a);
    expect(sharedPacer('https://other.example.com/api/v1', 'key_one_123', 60, clock)).not.toBe(a);
    expect(sharedPacer('https://api.example.com/api/v1', 'key_one_123', 60, fakeClock(0))).not.toBe(a);
  });

  it('two users of one key share the window: together they stay at the limit', async () => {
    const clock = fakeClock(0);
    const session = sharedPacer('https://api.example.com/api/v1', 'key_shared_1', 60, clock);
    const exporter = sharedPacer('https://api.example.com/api/v1', 'key_shared_1', 60, clock);
    for (let i = 0; i < 60; i++) await (i % 2 ? session : exporter).acquire();
    expect(clock.waits).toEqual([]);
    await exporter.acquire();
    expect(clock.waits.length).toBe(1);
    expect(clock.waits[0]).toBeGreaterThanOrEqual(60_000);
  });

  it('the stricter of two limits wins', () => {
    const clock = fakeClock(0);
    sharedPacer('https://api.example.com/api/v1', 'key_limits_1', 60, clock);
    expect(sharedPacer('https://api.example.com/api/v1', 'key_limits_1', 10, clock).limit).toBe(10);
  });
});
