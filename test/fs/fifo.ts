/**
 * FIFOs for in-process tests, made so the test cannot hang: code that wrongly opens one
 * and waits for the other end (a blocking open() or read(), where no timer of the test
 * can run) is woken up by a watchdog process that opens the FIFO from the other side
 * after a while, again and again, until the test lets go. The test then fails on its
 * assertions instead of hanging.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';

/** Far longer than a correct run takes; short enough that a wrong one fails the test in time. */
const WAKE_AFTER_MS = 5_000;

const live = new Set<ChildProcess>();

/** Makes a FIFO at `path` (mode 0600) with its watchdog. */
export function makeFifo(path: string): void {
  execFileSync('mkfifo', ['-m', '600', path]);
  const script = `
    const fs = require('node:fs');
    setTimeout(() => setInterval(() => {
      try { fs.closeSync(fs.openSync(process.argv[1], fs.constants.O_RDWR | fs.constants.O_NONBLOCK)); } catch {}
    }, 100), ${WAKE_AFTER_MS});`;
  const child = spawn(process.execPath, ['-e', script, path], { stdio: 'ignore' });
  live.add(child);
  child.on('exit', () => live.delete(child));
}

/** Stops the watchdogs of the FIFOs made so far (call it in afterEach). */
export function stopFifoWatchdogs(): void {
  for (const child of live) child.kill();
  live.clear();
}
