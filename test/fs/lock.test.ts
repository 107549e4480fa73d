/**
 * The lock file behind every read-modify-write of a shared file: taken with
 * O_EXCL, waited for with short sleeps for a bounded time, broken when its holder is dead
 * or it is old, and always let go, also when the work throws. Waiting runs on a fake clock.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';
import {
  holderText,
  LOCK_STALE_MS,
  LOCK_TIMEOUT_MS,
  lockPath,
  parseLock,
  processStart,
  startFromStat,
  WAIT_NOTICE_MS,
  waitText,
  withLock,
  type LockInfo,
} from '../../src/fs/lock.js';
import { exitCodeFor, UsageError } from '../../src/errors.js';
import { fakeClock, TEST_NOW, type FakeClock } from '../support/context.js';

function target(): { dir: string; file: string; lock: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vis-lock-'));
  const file = join(dir, 'state.json');
  return { dir, file, lock: lockPath(file) };
}

/** A lock file as another holder would leave it. */
function heldBy(lock: string, info: Partial<LockInfo> & { at: number }): string {
  const text = `${JSON.stringify({ pid: process.pid, host: hostname(), token: 'someone-else', ...info })}\n`;
  writeFileSync(lock, text, { mode: 0o600 });
  return text;
}

/** Runs `then` after each of the clock's sleeps: what another process does while vis waits. */
function afterEachSleep(clock: FakeClock, then: () => void): void {
  const sleep = clock.sleep;
  clock.sleep = async (ms, signal) => {
    await sleep(ms, signal);
    then();
  };
}

/** A pid that surely runs no process now: a child that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid;
}

describe('withLock', () => {
  it('holds <file>.lock (0600, pid, host, time) while fn runs, returns its value, and removes it after', async () => {
    const { dir, file, lock } = target();
    const clock = fakeClock();
    const value = await withLock(
      file,
      () => {
        expect(statSync(lock).mode & 0o777).toBe(0o600);
        const info = parseLock(readFileSync(lock, 'utf8'));
        expect(info).toMatchObject({ pid: process.pid, host: hostname(), at: clock.t });
        return 42;
      },
      { clock },
    );
    expect(value).toBe(42);
    expect(readdirSync(dir)).toEqual([]);
    expect(clock.waits).toEqual([]);
  });

  it('lets go when fn throws, and the error passes unchanged', async () => {
    const { dir, file } = target();
    const boom = new Error('boom');
    await expect(
      withLock(file, async () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('waits with short, growing sleeps while a live holder has it, then takes it', async () => {
    const { file, lock } = target();
    const clock = fakeClock();
    heldBy(lock, { at: clock.t });
    // The holder lets go after its fifth sleep.
    afterEachSleep(clock, () => {
      if (clock.waits.length === 5) unlinkSync(lock);
    });
    let ran = false;
    await withLock(file, () => void (ran = true), { clock });
    expect(ran).toBe(true);
    expect(clock.waits).toEqual([10, 20, 40, 80, 100]);
    expect(existsSync(lock)).toBe(false);
  });

  it('gives up after the timeout with a usage error naming the lock file and how to remove it, and leaves the lock alone', async () => {
    const { file, lock } = target();
    const clock: FakeClock = fakeClock();
    const since = clock.t;
    const text = heldBy(lock, { at: since, pid: process.pid });
    let ran = false;
    const err = await withLock(file, () => void (ran = true), { clock, staleMs: 10 * LOCK_TIMEOUT_MS }).catch((e: unknown) => e);
    expect(ran).toBe(false);
    expect(err).toBeInstanceOf(UsageError);
    expect(exitCodeFor(err)).toBe(2);
    expect((err as UsageError).message).toBe(
      `gave up after 10 s waiting for the lock file ${lock} (held by process ${process.pid} on ${hostname()} since ${new Date(since).toISOString()})`,
    );
    expect((err as UsageError).hint).toBe(
      `Another vis is changing the same file. If none is running, the lock is left over: remove it (rm '${lock}') and try again.`,
    );
    expect(clock.waits.reduce((a, b) => a + b, 0)).toBe(LOCK_TIMEOUT_MS);
    expect(Math.max(...clock.waits)).toBe(100);
    // The last sleep ends exactly at the timeout: no further sleep of nothing.
    expect(Math.min(...clock.waits)).toBeGreaterThan(0);
    expect(readFileSync(lock, 'utf8')).toBe(text);
  });

  it('the timeout is an option', async () => {
    const { file, lock } = target();
    const clock = fakeClock();
    heldBy(lock, { at: clock.t });
    await expect(withLock(file, () => undefined, { clock, timeoutMs: 500 })).rejects.toThrow(/^gave up after 500 ms waiting/);
    expect(clock.waits.reduce((a, b) => a + b, 0)).toBe(500);
  });

  it('a garbled lock file is named without its garbage', async () => {
    const { file, lock } = target();
    const clock = fakeClock();
    writeFileSync(lock, '{"pid":7,"host":"a\\u001b[2Jb","at":1,"token":"t"}');
    // Not stale (staleMs is huge); another host, so its pid is not checked; the host is not shown.
    await expect(withLock(file, () => undefined, { clock, timeoutMs: 100, staleMs: Number.MAX_SAFE_INTEGER })).rejects.toThrow(
      new RegExp(`lock file ${lock} \\(held by process 7 since 1970-01-01T00:00:00.001Z\\)$`),
    );
  });

  describe('stale locks are broken at once', () => {
    it('the holder is no longer running on this host (process.kill(pid, 0) says ESRCH)', async () => {
      const { dir, file, lock } = target();
      const clock = fakeClock();
      heldBy(lock, { at: clock.t, pid: deadPid() });
      let ran = false;
      await withLock(file, () => void (ran = true), { clock });
      expect(ran).toBe(true);
      expect(clock.waits).toEqual([]);
      expect(readdirSync(dir)).toEqual([]);
    });

    it('the holder of this host is there, but its pid now names a process that started later (the pid was reused)', async () => {
      const { dir, file, lock } = target();
      const clock = fakeClock();
      heldBy(lock, { at: clock.t, pid: 4242, start: 'boot/100' });
      let ran = false;
      await withLock(file, () => void (ran = true), { clock, isAlive: () => true, startOf: (pid) => (pid === 4242 ? 'boot/250' : 'boot/1') });
      expect(ran).toBe(true);
      expect(clock.waits).toEqual([]);
      expect(readdirSync(dir)).toEqual([]);
    });

    it("a lock naming this process's pid that an earlier process (started at another time) left", async () => {
      const { file, lock } = target();
      const clock = fakeClock();
      heldBy(lock, { at: clock.t, pid: process.pid, start: 'an-earlier-boot/1' });
      await withLock(file, () => undefined, { clock });
      expect(clock.waits).toEqual([]);
    });

    it('a holder on another host once older than staleMs, either way (a clock that was wrong, or set back)', async () => {
      for (const at of [TEST_NOW - LOCK_STALE_MS, TEST_NOW + LOCK_STALE_MS]) {
        const { file, lock } = target();
        const clock = fakeClock();
        heldBy(lock, { at, host: 'elsewhere.example' });
        await withLock(file, () => undefined, { clock });
        expect(clock.waits).toEqual([]);
      }
    });

    it('a holder on another host goes stale while we wait', async () => {
      const { file, lock } = target();
      const clock = fakeClock();
      heldBy(lock, { at: clock.t, host: 'elsewhere.example' });
      await withLock(file, () => undefined, { clock, staleMs: 1_000, timeoutMs: 5_000 });
      const waited = clock.waits.reduce((a, b) => a + b, 0);
      expect(waited).toBeGreaterThanOrEqual(1_000);
      expect(waited).toBeLessThan(1_100);
    });

    it("a lock whose text is not vis's, once exactly staleMs from its mtime, either way", async () => {
      for (const sign of [-1, 1]) {
        const { dir, file, lock } = target();
        writeFileSync(lock, 'not a lock');
        const t = Math.floor(Date.now() / 1000);
        utimesSync(lock, t, t);
        const clock = fakeClock(statSync(lock).mtimeMs + sign * LOCK_STALE_MS);
        await withLock(file, () => undefined, { clock });
        expect(clock.waits).toEqual([]);
        expect(readdirSync(dir)).toEqual([]);
      }
    });

    it("a lock whose text is not vis's (or not written yet), by its mtime", async () => {
      const { file, lock } = target();
      writeFileSync(lock, '');
      const old = (Date.now() - LOCK_STALE_MS - 1_000) / 1000;
      utimesSync(lock, old, old);
      const clock = fakeClock(Date.now());
      await withLock(file, () => undefined, { clock });
      expect(clock.waits).toEqual([]);
    });
  });

  describe('locks that are not stale are waited for', () => {
    it('a holder that runs on this host is never broken, however old its lock or far ahead its date, and the wait ends naming it', async () => {
      for (const at of [TEST_NOW - 100 * LOCK_STALE_MS, TEST_NOW + 100 * LOCK_STALE_MS]) {
        const { file, lock } = target();
        const clock = fakeClock();
        const text = heldBy(lock, { at, pid: process.pid });
        await expect(withLock(file, () => undefined, { clock })).rejects.toThrow(
          `held by process ${process.pid} on ${hostname()} since ${new Date(at).toISOString()}`,
        );
        expect(clock.waits.reduce((a, b) => a + b, 0)).toBe(LOCK_TIMEOUT_MS);
        expect(readFileSync(lock, 'utf8')).toBe(text);
      }
    });

    it('a holder that runs and started when its lock says (the pid is its own)', async () => {
      const { file, lock } = target();
      const clock = fakeClock();
      heldBy(lock, { at: clock.t, pid: 4242, start: 'boot/100' });
      const err = await withLock(file, () => undefined, { clock, timeoutMs: 200, isAlive: () => true, startOf: () => 'boot/100' }).catch((e: unknown) => e);
      expect((err as Error).message).toMatch(/^gave up after 200 ms waiting .*held by process 4242 /);
    });

    it('a holder whose start cannot be read here (no /proc): its pid alone decides', async () => {
      const { file, lock } = target();
      const clock = fakeClock();
      heldBy(lock, { at: clock.t, pid: 4242, start: 'boot/100' });
      await expect(withLock(file, () => undefined, { clock, timeoutMs: 200, isAlive: () => true, startOf: () => undefined })).rejects.toThrow(/gave up/);
    });

    it('a real running process, by its real start time: alive as it started, gone under another start', async () => {
      const child = spawn('sleep', ['30'], { stdio: 'ignore' });
      try {
        const start = processStart(child.pid!);
        expect(start).toMatch(/^[0-9a-f-]{36}\/\d+$/);
        expect(processStart(child.pid!)).toBe(start);
        const { file, lock } = target();
        const clock = fakeClock();
        heldBy(lock, { at: clock.t, pid: child.pid!, start: start! });
        await expect(withLock(file, () => undefined, { clock, timeoutMs: 200 })).rejects.toThrow(`held by process ${child.pid} `);
        heldBy(lock, { at: clock.t, pid: child.pid!, start: `${start!.split('/')[0]}/1` });
        await withLock(file, () => undefined, { clock });
        expect(existsSync(lock)).toBe(false);
      } finally {
        child.kill('SIGKILL');
      }
    });

    it('an empty lock file just created (its holder is between open and write)', async () => {
      const { file, lock } = target();
      writeFileSync(lock, '');
      const clock = fakeClock(Date.now());
      await expect(withLock(file, () => undefined, { clock, timeoutMs: 200 })).rejects.toThrow(
        /^gave up after 200 ms waiting for the lock file .*state\.json\.lock$/,
      );
      expect(existsSync(lock)).toBe(true);
    });

    it('a holder on another host (its pid cannot be checked from here) until it is old', async () => {
      const { file, lock } = target();
      const clock = fakeClock();
      heldBy(lock, { at: clock.t, pid: deadPid(), host: 'elsewhere.example' });
      let asked = false;
      await expect(withLock(file, () => undefined, { clock, timeoutMs: 200, isAlive: () => ((asked = true), false) })).rejects.toThrow(/on elsewhere\.example/);
      expect(asked).toBe(false);
    });

    it('a lock this very process holds (another copy of this module) is never broken, and its pid is not asked about', async () => {
      const { file, lock } = target();
      const clock = fakeClock();
      heldBy(lock, { at: clock.t, pid: process.pid, token: 'another-copy' });
      const asked: number[] = [];
      await expect(withLock(file, () => undefined, { clock, timeoutMs: 200, isAlive: (pid) => (asked.push(pid), false) })).rejects.toThrow(
        `held by process ${process.pid} `,
      );
      expect(asked).toEqual([]);
    });

    it('a lock path that cannot be looked at (a link to nothing) is never removed: waited for, with no holder to name', async () => {
      const { dir, file, lock } = target();
      symlinkSync(join(dir, 'nowhere'), lock);
      const clock = fakeClock();
      const told: unknown[] = [];
      const err = await withLock(file, () => undefined, { clock, timeoutMs: 2_000, onWait: (holder) => told.push(holder) }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UsageError);
      expect((err as UsageError).message).toBe(`gave up after 2 s waiting for the lock file ${lock}`);
      expect(told).toEqual([undefined]);
      expect(clock.waits.reduce((a, b) => a + b, 0)).toBe(2_000);
      expect(lstatSync(lock).isSymbolicLink()).toBe(true);
      expect(readdirSync(dir)).toEqual(['state.json.lock']);
    });

    it('a holder running as another user (EPERM) is alive', async () => {
      const { file, lock } = target();
      const clock = fakeClock();
      // pid 1 runs always; as root kill(1, 0) succeeds, as anyone else it is EPERM: alive both ways.
      heldBy(lock, { at: clock.t, pid: 1 });
      await expect(withLock(file, () => undefined, { clock, timeoutMs: 200 })).rejects.toThrow(/held by process 1 /);
    });
  });

  it('a break file left by a process that died while breaking is removed once old, and the stale lock is broken', async () => {
    const { dir, file, lock } = target();
    const clock = fakeClock();
    heldBy(lock, { at: clock.t, pid: deadPid() });
    writeFileSync(`${lock}.break`, '1\n');
    const old = (Date.now() - LOCK_STALE_MS - 1_000) / 1000;
    utimesSync(`${lock}.break`, old, old);
    await withLock(file, () => undefined, { clock });
    expect(clock.waits).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a fresh break file means another waiter is breaking the lock: wait for it, do not remove the lock too', async () => {
    const { file, lock } = target();
    const clock = fakeClock();
    const text = heldBy(lock, { at: clock.t, pid: deadPid() });
    writeFileSync(`${lock}.break`, '1\n');
    await expect(withLock(file, () => undefined, { clock, timeoutMs: 200 })).rejects.toThrow(/gave up/);
    expect(readFileSync(lock, 'utf8')).toBe(text);
  });

  it("a holder whose lock was broken as stale does not remove the next holder's lock", async () => {
    const { file, lock } = target();
    let next = '';
    await withLock(file, () => {
      // Meanwhile: taken as stale and broken by another process, which holds it now.
      next = heldBy(lock, { at: Date.now(), token: 'the-next-holder' });
    });
    expect(readFileSync(lock, 'utf8')).toBe(next);
  });

  it('a folder that cannot hold the lock: the errno error is thrown for the caller to word', async () => {
    const { dir } = target();
    const file = join(dir, 'missing', 'state.json');
    await expect(withLock(file, () => undefined)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a process that exits while it holds the lock (Ctrl-C: main.ts calls process.exit) removes it', () => {
    const { dir, file, lock } = target();
    const bundle = join(mkdtempSync(join(tmpdir(), 'vis-lock-bundle-')), 'lock.cjs');
    buildSync({ entryPoints: [join(__dirname, '../../src/fs/lock.ts')], bundle: true, platform: 'node', format: 'cjs', outfile: bundle, logLevel: 'silent' });
    const script = `require(${JSON.stringify(bundle)}).withLock(${JSON.stringify(file)}, () => {
      require('node:fs').writeFileSync(${JSON.stringify(file)}, require('node:fs').readFileSync(${JSON.stringify(lock)}));
      process.exit(130);
    });`;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(130);
    expect(parseLock(readFileSync(file, 'utf8'))?.pid).toBe(r.pid);
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('a holder killed outright (SIGKILL: no exit handler runs) leaves its lock; the next caller takes it at once, not once it is stale', async () => {
    const { dir, file, lock } = target();
    const bundle = join(mkdtempSync(join(tmpdir(), 'vis-lock-bundle-')), 'lock.cjs');
    buildSync({ entryPoints: [join(__dirname, '../../src/fs/lock.ts')], bundle: true, platform: 'node', format: 'cjs', outfile: bundle, logLevel: 'silent' });
    const script = `require(${JSON.stringify(bundle)}).withLock(${JSON.stringify(file)}, () => process.kill(process.pid, 'SIGKILL'));`;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(r.signal).toBe('SIGKILL');
    expect(parseLock(readFileSync(lock, 'utf8'))?.pid).toBe(r.pid);
    // A lock judged by its age alone (a lock directory and its mtime) would keep every
    // caller waiting for the stale time; the pid in the lock says its holder is gone: no wait at all.
    const clock = fakeClock(Date.now());
    await withLock(file, () => undefined, { clock });
    expect(clock.waits).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('N concurrent callers in one process take turns', async () => {
    const { dir, file } = target();
    let inside = 0;
    let most = 0;
    let done = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        withLock(file, async () => {
          inside++;
          most = Math.max(most, inside);
          await new Promise((r) => setTimeout(r, 2));
          inside--;
          done++;
        }),
      ),
    );
    expect(done).toBe(8);
    expect(most).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('taking turns and letting go', () => {
  it('callers of one process queue in memory, in the order they called, and never poll the file for each other', async () => {
    const { dir, file } = target();
    const clock = fakeClock();
    const order: string[] = [];
    let openA!: () => void;
    let openB!: () => void;
    let bInside!: () => void;
    const gateA = new Promise<void>((r) => (openA = r));
    const gateB = new Promise<void>((r) => (openB = r));
    const bIn = new Promise<void>((r) => (bInside = r));
    const a = withLock(file, async () => (order.push('a'), await gateA), { clock });
    const b = withLock(
      file,
      async () => {
        order.push('b');
        bInside();
        await gateB;
      },
      { clock },
    );
    openA();
    await bIn;
    // C comes while B holds the lock that A handed on: it queues behind B too.
    const c = withLock(file, () => void order.push('c'), { clock });
    await new Promise((r) => setTimeout(r, 5));
    openB();
    await Promise.all([a, b, c]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(clock.waits).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('waits on the real clock when it is given none', async () => {
    const { file, lock } = target();
    heldBy(lock, { at: Date.now() });
    setTimeout(() => unlinkSync(lock), 30);
    let ran = false;
    await withLock(file, () => void (ran = true));
    expect(ran).toBe(true);
    expect(existsSync(lock)).toBe(false);
  });

  it('adds its exit listener at its first lock, and that listener removes the locks still held', async () => {
    vi.resetModules();
    const fresh = await import('../../src/fs/lock.js');
    const before = process.listeners('exit');
    const { dir, file } = target();
    let added: NodeJS.ExitListener[] = [];
    try {
      await fresh.withLock(file, () => {
        added = process.listeners('exit').filter((l) => !before.includes(l));
        expect(added).toHaveLength(1);
        added[0]!(130);
        expect(readdirSync(dir)).toEqual([]);
      });
      await fresh.withLock(`${file}.other`, () => undefined);
      expect(process.listeners('exit').filter((l) => !before.includes(l))).toEqual(added);
    } finally {
      for (const l of added) process.off('exit', l);
    }
  });

  it('takes one exit listener however many locks it takes', async () => {
    const { file } = target();
    await withLock(file, () => undefined);
    const listeners = process.listenerCount('exit');
    await withLock(file, () => undefined);
    await withLock(`${file}.other`, () => undefined);
    expect(process.listenerCount('exit')).toBe(listeners);
  });

  it('a lock judged stale, whose holder proves alive when judged once more under the break file, is left alone', async () => {
    const { dir, file, lock } = target();
    const clock = fakeClock();
    const text = heldBy(lock, { at: clock.t, pid: 4242 });
    let asked = 0;
    // Gone at the first look, there at the second: another waiter's view, or a pid just reused.
    const isAlive = () => ++asked > 1;
    await expect(withLock(file, () => undefined, { clock, timeoutMs: 200, isAlive })).rejects.toThrow(/held by process 4242 /);
    expect(readFileSync(lock, 'utf8')).toBe(text);
    expect(readdirSync(dir)).toEqual(['state.json.lock']);
  });

  it('a lock that is not a regular file (a FIFO) is judged by its age, never read: broken once old, else waited for', async () => {
    for (const old of [true, false]) {
      const { dir, file, lock } = target();
      expect(spawnSync('mkfifo', [lock]).status).toBe(0);
      const t = old ? (Date.now() - LOCK_STALE_MS - 1_000) / 1000 : Date.now() / 1000;
      utimesSync(lock, t, t);
      const clock = fakeClock(Date.now());
      if (old) {
        await withLock(file, () => undefined, { clock });
        expect(clock.waits).toEqual([]);
        expect(readdirSync(dir)).toEqual([]);
      } else {
        await expect(withLock(file, () => undefined, { clock, timeoutMs: 200 })).rejects.toThrow(/waiting for the lock file .*state\.json\.lock$/);
        expect(readdirSync(dir)).toEqual(['state.json.lock']);
      }
    }
  });
});

describe('a long wait', () => {
  it('a lock that changes hands is not a stuck one: the count starts again with each holder', async () => {
    const { file, lock } = target();
    const clock = fakeClock();
    // A new holder every 6 s (each hold is short, as a take-in's batches are) for a minute, then none.
    let n = 0;
    heldBy(lock, { at: clock.t, token: 'hold-0' });
    afterEachSleep(clock, () => {
      if (clock.t - TEST_NOW >= 6_000 * (n + 1)) {
        n++;
        if (n === 10) unlinkSync(lock);
        else heldBy(lock, { at: clock.t, token: `hold-${n}` });
      }
    });
    let ran = false;
    await withLock(file, () => void (ran = true), { clock });
    expect(ran).toBe(true);
    expect(clock.t - TEST_NOW).toBeGreaterThanOrEqual(60_000);
  });

  it('one holder keeping it for timeoutMs ends the wait, counted from when that holder was first seen', async () => {
    const { file, lock } = target();
    const clock = fakeClock();
    heldBy(lock, { at: clock.t, token: 'first' });
    let swapped = false;
    afterEachSleep(clock, () => {
      if (!swapped && clock.t - TEST_NOW >= 3_000) {
        swapped = true;
        heldBy(lock, { at: clock.t, token: 'second' });
      }
    });
    await expect(withLock(file, () => undefined, { clock })).rejects.toThrow(/^gave up after 10 s/);
    expect(clock.t - TEST_NOW).toBeGreaterThanOrEqual(3_000 + LOCK_TIMEOUT_MS);
    expect(clock.t - TEST_NOW).toBeLessThan(3_200 + LOCK_TIMEOUT_MS);
  });

  it('an unreadable lock that is replaced is a new holder too (by its mtime)', async () => {
    const { file, lock } = target();
    const clock = fakeClock(Date.now());
    writeFileSync(lock, '');
    const t0 = clock.t;
    let swapped = false;
    afterEachSleep(clock, () => {
      if (!swapped && clock.t - t0 >= 300) {
        swapped = true;
        const later = (Date.now() + 5_000) / 1000;
        utimesSync(lock, later, later);
      }
    });
    await expect(withLock(file, () => undefined, { clock, timeoutMs: 500 })).rejects.toThrow(/gave up after 500 ms/);
    expect(clock.t - t0).toBeGreaterThanOrEqual(800);
  });

  it('onWait is told once, with the holder, when the wait passes WAIT_NOTICE_MS', async () => {
    const { file, lock } = target();
    const clock = fakeClock();
    heldBy(lock, { at: clock.t, pid: process.pid, token: 'holder' });
    const told: Array<{ at: number; holder: LockInfo | undefined }> = [];
    await expect(withLock(file, () => undefined, { clock, timeoutMs: 3_000, onWait: (holder) => told.push({ at: clock.t, holder }) })).rejects.toThrow(
      /gave up/,
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.holder).toMatchObject({ pid: process.pid, token: 'holder' });
    expect(told[0]!.at - TEST_NOW).toBeGreaterThanOrEqual(WAIT_NOTICE_MS);
    expect(told[0]!.at - TEST_NOW).toBeLessThan(WAIT_NOTICE_MS + 100);
  });

  it('onWait is told as soon as the wait has lasted WAIT_NOTICE_MS', async () => {
    const { file, lock } = target();
    const clock = fakeClock();
    heldBy(lock, { at: clock.t });
    // Each sleep lasts exactly the notice time, so the second look is at WAIT_NOTICE_MS.
    const sleep = clock.sleep;
    clock.sleep = (_ms, signal) => sleep(WAIT_NOTICE_MS, signal);
    const told: number[] = [];
    await expect(withLock(file, () => undefined, { clock, timeoutMs: 3_000, onWait: () => told.push(clock.t - TEST_NOW) })).rejects.toThrow(/gave up/);
    expect(told).toEqual([WAIT_NOTICE_MS]);
  });

  it("a look that finds no lock to read between two of one holder's does not start the count again", async () => {
    const { dir, file, lock } = target();
    const clock = fakeClock();
    const text = heldBy(lock, { at: clock.t, token: 'holder' });
    let step = 0;
    afterEachSleep(clock, () => {
      if (step === 0 && clock.t - TEST_NOW >= 3_000) {
        // For one look the lock path is a link to nothing: the lock is there, but cannot be read.
        unlinkSync(lock);
        symlinkSync(join(dir, 'nowhere'), lock);
        step = 1;
      } else if (step === 1) {
        unlinkSync(lock);
        writeFileSync(lock, text);
        step = 2;
      }
    });
    await expect(withLock(file, () => undefined, { clock })).rejects.toThrow(/^gave up after 10 s/);
    expect(step).toBe(2);
    expect(clock.t - TEST_NOW).toBe(LOCK_TIMEOUT_MS);
  });

  it('onWait is not told for a short wait', async () => {
    const { file, lock } = target();
    const clock = fakeClock();
    heldBy(lock, { at: clock.t });
    afterEachSleep(clock, () => {
      if (clock.t - TEST_NOW >= WAIT_NOTICE_MS - 100) unlinkSync(lock);
    });
    let told = 0;
    await withLock(file, () => undefined, { clock, onWait: () => told++ });
    expect(told).toBe(0);
  });

  it("the caller's own error when the wait ends, given the lock and its holder", async () => {
    const { file, lock } = target();
    const clock = fakeClock();
    heldBy(lock, { at: clock.t, pid: process.pid, token: 'holder' });
    const mine = new Error('mine');
    let given: unknown[] = [];
    const err = await withLock(file, () => undefined, { clock, timeoutMs: 700, timeoutError: (...args) => ((given = args), mine) }).catch((e: unknown) => e);
    expect(err).toBe(mine);
    expect(given[0]).toBe(lock);
    expect(given[1]).toMatchObject({ pid: process.pid, token: 'holder' });
    expect(given[2]).toBe(700);
  });

  it('a lock gone between the attempt and the look is taken at the next attempt, and is no holder', async () => {
    const { file, lock } = target();
    const clock = fakeClock();
    heldBy(lock, { at: clock.t });
    afterEachSleep(clock, () => {
      if (clock.waits.length === 2) unlinkSync(lock);
    });
    await withLock(file, () => undefined, { clock });
    expect(clock.waits).toEqual([10, 20]);
  });
});

describe('what a lock says', () => {
  it('the holding process start, on Linux: boot id and start ticks, none for a process that is gone', () => {
    const own = processStart(process.pid);
    expect(own).toMatch(/^[0-9a-f-]{36}\/\d+$/);
    expect(own!.split('/')[0]).toBe(readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());
    expect(processStart(deadPid())).toBeUndefined();
  });

  it('a process whose name holds spaces and parentheses is read from the last one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-lock-name-'));
    const odd = join(dir, 'a) 1 2 (b');
    symlinkSync('/bin/sleep', odd);
    const child = spawn(odd, ['30'], { stdio: 'ignore' });
    try {
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      expect(processStart(child.pid!)).toBe(`${processStart(process.pid)!.split('/')[0]}/${ticks}`);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('the start is field 22 of the stat line, counted after the name; a line without a whole number there gives none', () => {
    const rest = (ticks: string) => `S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 ${ticks} 20 21`;
    expect(startFromStat('boot', `42 (sleep) ${rest('8812')}`)).toBe('boot/8812');
    expect(startFromStat('boot', `42 (a) 1 2 (b) ${rest('77')}`)).toBe('boot/77');
    for (const ticks of ['12x', 'x12', '1.5', '-3', '']) {
      expect(startFromStat('boot', `42 (sleep) ${rest(ticks)}`), ticks).toBeUndefined();
    }
    expect(startFromStat('boot', '42 (sleep) S 1 2 3')).toBeUndefined();
    expect(startFromStat('boot', '')).toBeUndefined();
  });

  it('a new process reads the boot id and each start afresh, and keeps its own start, not the last one read', async () => {
    vi.resetModules();
    const fresh = await import('../../src/fs/lock.js');
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const ticksOf = (pid: number) => {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    };
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      expect(fresh.processStart(child.pid!)).toBe(`${boot}/${ticksOf(child.pid!)}`);
      expect(fresh.processStart(process.pid)).toBe(`${boot}/${ticksOf(process.pid)}`);
      expect(fresh.processStart(child.pid!)).toBe(`${boot}/${ticksOf(child.pid!)}`);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('a lock written by vis holds its start; one whose start is not text is not vis’s', async () => {
    const { file, lock } = target();
    await withLock(file, () => {
      expect(parseLock(readFileSync(lock, 'utf8'))?.start).toBe(processStart(process.pid));
    });
    const base = { pid: 7, host: 'h', at: 1, token: 't' };
    expect(parseLock(JSON.stringify({ ...base, start: 'b/1' }))).toEqual({ ...base, start: 'b/1' });
    expect(parseLock(JSON.stringify(base))).toEqual(base);
    expect(parseLock(JSON.stringify({ ...base, start: 12 }))).toBeUndefined();
  });

  it('a lock file is read as vis wrote it only when every field has its type: pid a positive whole number, host and token text, at a number', () => {
    const base = { pid: 7, host: 'h', at: 1, token: 't' };
    expect(parseLock(JSON.stringify({ ...base, pid: 1 }))).toEqual({ ...base, pid: 1 });
    expect(parseLock(`${JSON.stringify(base)}\n`)).toEqual(base);
    for (const bad of [
      'null',
      '7',
      '"text"',
      '',
      '{"pid":7,',
      { ...base, pid: 0 },
      { ...base, pid: -7 },
      { ...base, pid: 1.5 },
      { ...base, pid: '7' },
      { ...base, pid: 2 ** 53 },
      { ...base, pid: undefined },
      { ...base, host: 7 },
      { ...base, host: undefined },
      { ...base, at: '1' },
      { ...base, at: undefined },
      { ...base, token: 7 },
      { ...base, token: undefined },
      { ...base, start: null },
    ]) {
      expect(parseLock(typeof bad === 'string' ? bad : JSON.stringify(bad)), JSON.stringify(bad)).toBeUndefined();
    }
  });

  it('names the host only when it looks like a host name, and the time only when it is one', () => {
    const info = { pid: 7, at: 0, token: 't' };
    const since = ' since 1970-01-01T00:00:00.000Z';
    expect(holderText({ ...info, host: 'h' })).toBe(`process 7 on h${since}`);
    expect(holderText({ ...info, host: 'a'.repeat(255) })).toBe(`process 7 on ${'a'.repeat(255)}${since}`);
    for (const host of ['', 'a'.repeat(256), 'x y', 'host\n', '\u001b[2Jhost', 'host\u001b[2J', 'a/b']) {
      expect(holderText({ ...info, host }), JSON.stringify(host)).toBe(`process 7${since}`);
    }
    expect(holderText({ ...info, host: 'h', at: Number.NaN })).toBe('process 7 on h');
    expect(holderText({ ...info, host: 'h', at: 1_000 })).toBe('process 7 on h since 1970-01-01T00:00:01.000Z');
  });

  it('each lock taken holds a token of its own, so a holder never mistakes a later lock for its own', async () => {
    const { file, lock } = target();
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) await withLock(file, () => void tokens.push(parseLock(readFileSync(lock, 'utf8'))!.token));
    expect(new Set(tokens).size).toBe(3);
    for (const t of tokens) expect(t.startsWith(`${process.pid}.`)).toBe(true);
  });

  it('a lock taken where no start can be read holds none', async () => {
    const { file, lock } = target();
    await withLock(file, () => expect(parseLock(readFileSync(lock, 'utf8'))).not.toHaveProperty('start'), { startOf: () => undefined });
  });

  it('names its holder and the wait in words', () => {
    expect(holderText({ pid: 7, host: 'build-01.example', at: 0, token: 't' })).toBe('process 7 on build-01.example since 1970-01-01T00:00:00.000Z');
    expect(holderText({ pid: 7, host: 'bad host', at: Number.MAX_VALUE, token: 't' })).toBe('process 7');
    expect(waitText(999)).toBe('999 ms');
    expect(waitText(1000)).toBe('1 s');
    expect(waitText(60_000)).toBe('60 s');
  });
});
