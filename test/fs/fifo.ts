/**
 * FIFOs for in-process tests, made so the test cannot hang: code that wrongly opens one
 * and waits for the other end (a blocking open() or read(), where no timer of the test
 * can run) is woken up by a watchdog process that opens the FIFO from the other side
 * after a while, again and again, until the test lets go. The watchdog also counts whom it
 * found waiting, so a test asserts that nothing waited (`waitedOnFifos()`) instead of
 * timing the code, which a busy machine makes slow anyway.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { waitUntil } from '../support/wait.js';

/** Far longer than a correct open takes, so the watchdog never meets one in passing. */
const WAKE_AFTER_MS = 5_000;

/**
 * Every 100 ms after WAKE_AFTER_MS: a reader waiting in open() makes a non-blocking open
 * for writing succeed (ENXIO without one) and is woken by it; a writer waiting in open()
 * is woken by a non-blocking open for reading, and then a read finds its bytes or, still
 * empty, EAGAIN (EOF when no writer is there). Each found is counted; on the end of its
 * stdin the watchdog prints the count and leaves. Once the code under test has put a file
 * in the FIFO's place, that file is left alone.
 */
const WATCHDOG = `
  const fs = require('node:fs');
  const { O_WRONLY, O_RDONLY, O_NONBLOCK } = fs.constants;
  const path = process.argv[1];
  let found = 0;
  const fifo = (fd) => fs.fstatSync(fd).isFIFO();
  const probe = () => {
    try { const fd = fs.openSync(path, O_WRONLY | O_NONBLOCK); if (fifo(fd)) found++; fs.closeSync(fd); } catch {}
    try {
      const fd = fs.openSync(path, O_RDONLY | O_NONBLOCK);
      if (fifo(fd)) try { if (fs.readSync(fd, Buffer.alloc(1)) > 0) found++; } catch (e) { if (e.code === 'EAGAIN') found++; }
      fs.closeSync(fd);
    } catch {}
  };
  setTimeout(() => { probe(); setInterval(probe, 100); }, ${WAKE_AFTER_MS});
  process.stdin.resume();
  process.stdin.on('end', () => process.stdout.write(String(found), () => process.exit(0)));`;

interface Watchdog {
  path: string;
  child: ChildProcess;
  /** How many waiting openers it found, once it has left. */
  found: Promise<number>;
}

const live = new Set<Watchdog>();

/** Makes a FIFO at `path` (mode 0600) with its watchdog. */
export function makeFifo(path: string): void {
  execFileSync('mkfifo', ['-m', '600', path]);
  const child = spawn(process.execPath, ['-e', WATCHDOG, path], { stdio: ['pipe', 'pipe', 'ignore'] });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
  const found = new Promise<number>((resolve) => child.on('close', () => resolve(out === '' ? 0 : Number(out))));
  const dog = { path, child, found };
  live.add(dog);
  child.on('exit', () => live.delete(dog));
}

/**
 * Stops the watchdogs of the FIFOs made so far and returns the FIFOs someone waited on
 * (the test's process or any other), each once: empty when nothing ever blocked on one.
 */
export async function waitedOnFifos(): Promise<string[]> {
  const dogs = [...live];
  live.clear();
  for (const dog of dogs) dog.child.stdin!.end();
  const found = await Promise.all(dogs.map((d) => d.found));
  return dogs.filter((_, i) => found[i]! > 0).map((d) => d.path);
}

/** Stops the watchdogs of the FIFOs made so far (call it in afterEach). */
export function stopFifoWatchdogs(): void {
  for (const dog of live) dog.child.kill();
  live.clear();
}

/** Can this system tell that a process waits in open() on a FIFO (Linux's /proc/PID/wchan)? */
export const CAN_SEE_FIFO_OPENS = existsSync('/proc/self/wchan');

/**
 * Resolves once process `pid` waits in open() for the other end of a FIFO, as `cat fifo`
 * does until a writer comes: the kernel names the function it sleeps in.
 */
export function waitingInOpen(pid: number): Promise<void> {
  return waitUntil(() => /wait_for_partner|fifo_open|pipe_wait/.test(readFileSync(`/proc/${pid}/wchan`, 'utf8')), `process ${pid} to open the FIFO`, 5);
}
