/**
 * The pager process: started with the output on its stdin and the terminal on its stdout
 * and stderr, awaited until it exits. Loaded only when output is taller than the screen.
 */
import { spawn } from 'node:child_process';
import type { Env } from '../domain/env.js';
import { writeStream } from '../output/write.js';
import { terminalHolders } from './io.js';

/** How long a pager asked to stop on Ctrl-C gets before it is killed. */
const STOP_GRACE_MS = 500;

/**
 * Runs the pager on `chunks`. `error` when it could not be started (nothing of `chunks`
 * was read then); otherwise resolves once it has exited, however it exited: `q` before
 * the end closes its stdin, and the rest of the output is dropped quietly.
 */
export async function runPager(argv: string[], env: Env, chunks: Iterable<string>): Promise<{ error?: string }> {
  const [cmd, ...args] = argv as [string, ...string[]];
  // less shows colours (-R), quits on a short screen (-F) and leaves the text on screen (-X)
  // even when named alone, as git and gh do; a LESS or LV of the user's own wins.
  const child = spawn(cmd, args, { stdio: ['pipe', 'inherit', 'inherit'], env: { LESS: 'FRX', LV: '-c', ...env } });
  const started = await new Promise<string | undefined>((resolve) => {
    child.once('spawn', () => resolve(undefined));
    child.once('error', (err) => resolve(err.message));
  });
  if (started !== undefined) return { error: started };
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('close', () => resolve());
  });
  // Ctrl-C: ask the pager to end (less restores the terminal on SIGTERM), wait for it, then vis exits 130.
  const stop = async () => {
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(killer);
  };
  terminalHolders.add(stop);
  // The pager quitting early makes writes fail with EPIPE, here or later: nothing to report.
  child.stdin.on('error', () => undefined);
  try {
    await writeStream(child.stdin, chunks);
  } catch {
    // EPIPE or a destroyed stream: the pager is gone or going; its exit is what matters.
  }
  child.stdin.end();
  await exited;
  terminalHolders.delete(stop);
  return {};
}
