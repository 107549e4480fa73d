/**
 * The pacing window shared by every vis process of a key. Two Pacers, each
 * with a store of its own on the same cache folder, stand for two processes: what one
 * sends, the other counts.
 */
import { chmodSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeFifo, waitedOnFifos } from '../fs/fifo.js';
import { Pacer } from '../../src/http/pacer.js';
import { fileWindowStore, paceFileName, parseState } from '../../src/http/shared-window.js';
import { fakeClock, type FakeClock } from '../support/context.js';

const BASE = 'https://api.example.com/api/v1';
const KEY = 'vis_live_secret_key_0123456789';

function processPacer(dir: string, clock: FakeClock, perMinute = 60, key = KEY): { pacer: Pacer; failures: string[] } {
  const pacer = new Pacer(perMinute, clock, 0);
  const failures: string[] = [];
  pacer.share(fileWindowStore(dir, BASE, key, clock), (reason) => failures.push(reason));
  return { pacer, failures };
}

const paceDir = () => join(mkdtempSync(join(tmpdir(), 'vis-pace-')), 'vis', 'pace');

/** The most requests in any window of a minute, over the times given. */
function busiest(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.max(...sorted.map((t, i) => sorted.filter((u, j) => j >= i && u < t + 60_000).length));
}

describe('a pacing window shared between processes', () => {
  it('two processes of one key, 200 requests in turns, never more than 60 in a minute between them', async () => {
    const dir = paceDir();
    const clock = fakeClock(1_000_000);
    const a = processPacer(dir, clock);
    const b = processPacer(dir, clock);
    const sent: number[] = [];
    for (let i = 0; i < 200; i++) {
      await (i % 2 ? a : b).pacer.acquire();
      sent.push(clock.t);
      clock.t += 37;
    }
    expect(busiest(sent)).toBe(60);
    // About 200 requests at 60 a minute: three full windows of waiting, and no more.
    expect(clock.t - 1_000_000).toBeGreaterThanOrEqual(180_000);
    expect(clock.t - 1_000_000).toBeLessThan(190_000);
    expect([a.failures, b.failures]).toEqual([[], []]);
  });

  it('running side by side (two exports at once), the second waits for the window the first filled', async () => {
    const dir = paceDir();
    const clock = fakeClock(5_000_000);
    const a = processPacer(dir, clock);
    const b = processPacer(dir, clock);
    const sent: number[] = [];
    const worker = async (p: Pacer, n: number) => {
      for (let i = 0; i < n; i++) {
        await p.acquire();
        sent.push(clock.t);
      }
    };
    await Promise.all([worker(a.pacer, 80), worker(b.pacer, 80)]);
    expect(sent).toHaveLength(160);
    expect(busiest(sent)).toBe(60);
  });

  it('every process counts by its own limit: one of 10 a minute waits after 10 sent by one of 60', async () => {
    const dir = paceDir();
    const clock = fakeClock(0);
    const big = processPacer(dir, clock, 60);
    const small = processPacer(dir, clock, 10);
    for (let i = 0; i < 10; i++) await big.pacer.acquire();
    expect(clock.waits).toEqual([]);
    await small.pacer.acquire();
    expect(clock.waits).toEqual([60_000]);
  });

  it('a 429 hold set by one process holds the other', async () => {
    const dir = paceDir();
    const clock = fakeClock(10_000);
    const a = processPacer(dir, clock);
    const b = processPacer(dir, clock);
    await a.pacer.acquire();
    await a.pacer.holdUntil(40_000);
    await b.pacer.acquire();
    expect(clock.waits).toEqual([30_000]);
  });

  it('the file is named by a hash, never holds the key, and is private (0600 in a 0700 folder)', async () => {
    const dir = paceDir();
    const clock = fakeClock(0);
    await processPacer(dir, clock).pacer.acquire();
    await processPacer(dir, clock, 60, 'vis_live_another_key_987654').pacer.acquire();
    const files = readdirSync(dir).sort();
    expect(files).toEqual([paceFileName(BASE, KEY), paceFileName(BASE, 'vis_live_another_key_987654')].sort());
    for (const f of files) {
      expect(f).toMatch(/^[0-9a-f]{32}\.json$/);
      const text = readFileSync(join(dir, f), 'utf8');
      expect(text).not.toContain('vis_live');
      expect(parseState(text)).toEqual({ sent: [0], heldUntil: 0 });
      if (process.getuid) expect(statSync(join(dir, f)).mode & 0o777).toBe(0o600);
    }
    if (process.getuid) expect(statSync(dir).mode & 0o777).toBe(0o700);
    // Two keys, two windows: neither waited for the other.
    expect(clock.waits).toEqual([]);
  });

  it('a file that is not what vis writes counts as an empty window', async () => {
    const dir = paceDir();
    const clock = fakeClock(0);
    const { pacer, failures } = processPacer(dir, clock, 1);
    await pacer.acquire(); // makes the folder
    for (const text of ['', '{"v":1,"sent":', 'null', '{"v":2,"sent":[1,2,3]}', '{"v":1,"sent":["x",null]}']) {
      writeFileSync(join(dir, paceFileName(BASE, KEY)), text);
      expect(parseState(text).sent).toEqual([]);
    }
    expect(failures).toEqual([]);
  });

  describe('a link or a FIFO planted as the window file', () => {
    // Nothing may wait on the FIFO: its watchdog (test/fs/fifo.ts) says whether anyone did.
    afterEach(async () => {
      expect(await waitedOnFifos()).toEqual([]);
    });

    it('a FIFO counts as an empty window at once (never waited on) and is replaced by a file', async () => {
      const dir = paceDir();
      const clock = fakeClock(0);
      const { pacer, failures } = processPacer(dir, clock);
      await pacer.acquire(); // makes the folder and the file
      const file = join(dir, paceFileName(BASE, KEY));
      rmSync(file);
      makeFifo(file);
      await pacer.acquire();
      expect(failures).toEqual([]);
      expect(lstatSync(file).isFile()).toBe(true);
    });

    it('a link is never followed: its target keeps its bytes, and the link is replaced by a file', async () => {
      const dir = paceDir();
      const clock = fakeClock(0);
      const { pacer, failures } = processPacer(dir, clock);
      await pacer.acquire();
      const file = join(dir, paceFileName(BASE, KEY));
      const victim = join(mkdtempSync(join(tmpdir(), 'vis-victim-')), 'victim.txt');
      writeFileSync(victim, 'precious');
      rmSync(file);
      symlinkSync(victim, file);
      await pacer.acquire();
      expect(failures).toEqual([]);
      expect(readFileSync(victim, 'utf8')).toBe('precious');
      expect(lstatSync(file).isFile()).toBe(true);
    });
  });

  it('times from a clock set back (a minute or more ahead) and far holds are not obeyed', async () => {
    const dir = paceDir();
    const clock = fakeClock(100_000);
    const { pacer } = processPacer(dir, clock, 1);
    await pacer.acquire();
    writeFileSync(join(dir, paceFileName(BASE, KEY)), JSON.stringify({ v: 1, sent: [100_000_000], heldUntil: 9e15 }));
    const other = processPacer(dir, clock, 1);
    await other.pacer.acquire();
    expect(clock.waits).toEqual([]);
  });

  it('a cache folder others can write to: paced alone, said once, never a failure', async () => {
    if (!process.getuid) return;
    const dir = paceDir();
    const clock = fakeClock(0);
    const { pacer, failures } = processPacer(dir, clock, 2);
    await pacer.acquire();
    chmodSync(dir, 0o777);
    const fresh = processPacer(dir, clock, 2);
    for (let i = 0; i < 3; i++) await fresh.pacer.acquire();
    expect(fresh.failures).toHaveLength(1);
    expect(fresh.failures[0]).toContain('is not a private folder');
    expect(fresh.pacer.isShared).toBe(false);
    // Its own window still holds: the third request waited a minute.
    expect(clock.waits).toEqual([60_000]);
    expect(failures).toEqual([]);
  });

  it('a cache folder that cannot be made: paced alone', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vis-pace-')), 'a-file');
    writeFileSync(file, '');
    const clock = fakeClock(0);
    const { pacer, failures } = processPacer(join(file, 'pace'), clock);
    await pacer.acquire();
    expect(failures).toHaveLength(1);
    expect(pacer.isShared).toBe(false);
  });

  it('a lock held too long by another live process: this one paces alone after 2 s, and goes on', async () => {
    const dir = paceDir();
    const clock = fakeClock(0);
    const { pacer, failures } = processPacer(dir, clock);
    await pacer.acquire();
    const lock = `${join(dir, paceFileName(BASE, KEY))}.lock`;
    writeFileSync(lock, JSON.stringify({ pid: process.ppid, host: 'elsewhere.example', at: clock.t, token: 't' }));
    await pacer.acquire();
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain('waiting for the lock file');
    expect(clock.t).toBeGreaterThanOrEqual(2_000);
  });
});
