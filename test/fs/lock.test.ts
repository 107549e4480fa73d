/**
 * The lock file behind every read-modify-write of a shared file: taken with
 * O_EXCL, waited for with short sleeps for a bounded time, broken when its holder is dead
 * or it is old, and always let go, also when the work throws. Waiting runs on a fake clock.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { LOCK_STALE_MS, LOCK_TIMEOUT_MS, lockPath, parseLock, withLock, type LockInfo } from '../../src/fs/lock.js';
import { exitCodeFor, UsageError } from '../../src/errors.js';
import { fakeClock, type FakeClock } from '../support/context.js';

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
    const sleep = clock.sleep;
    clock.sleep = async (ms, signal) => {
      await sleep(ms, signal);
      if (clock.waits.length === 5) unlinkSync(lock);
    };
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

    it('the lock is older than staleMs, although its holder runs', async () => {
      const { file, lock } = target();
      const clock = fakeClock();
      heldBy(lock, { at: clock.t - LOCK_STALE_MS, pid: process.pid });
      let ran = false;
      await withLock(file, () => void (ran = true), { clock });
      expect(ran).toBe(true);
      expect(clock.waits).toEqual([]);
    });

    it('the lock is dated staleMs or more ahead (a clock that was wrong, or set back)', async () => {
      const { file, lock } = target();
      const clock = fakeClock();
      heldBy(lock, { at: clock.t + LOCK_STALE_MS, pid: process.pid });
      await withLock(file, () => undefined, { clock });
      expect(clock.waits).toEqual([]);
    });

    it('a holder goes stale while we wait', async () => {
      const { file, lock } = target();
      const clock = fakeClock();
      heldBy(lock, { at: clock.t, pid: process.pid });
      await withLock(file, () => undefined, { clock, staleMs: 1_000, timeoutMs: 5_000 });
      const waited = clock.waits.reduce((a, b) => a + b, 0);
      expect(waited).toBeGreaterThanOrEqual(1_000);
      expect(waited).toBeLessThan(1_100);
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
    // caller waiting for the stale time; the pid in the lock says its holder is gone.
    const started = Date.now();
    await withLock(file, () => undefined);
    expect(Date.now() - started).toBeLessThan(1_000);
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
