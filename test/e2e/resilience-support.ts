/**
 * Helpers for the resilience end-to-end tests: a sandbox in the test process (so the
 * test sees every request vis sends and can inject faults), a spawned `vis` the test can
 * signal once it reaches a given point, and real shell pipelines.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type Fault, type Sandbox } from '../../src/sandbox/server.js';
import { VIS, type RunResult } from './helpers.js';
import { runToEnd } from '../support/spawned.js';
import { waitUntil } from '../support/wait.js';

export { VIS };

export interface FaultySandbox {
  sandbox: Sandbox;
  baseUrl: string;
  /** Fresh state (budgets, rate windows, recorded requests) and these faults. */
  reset(faults?: Fault[]): Promise<void>;
  /** Requests received for this method and path since the last reset. */
  count(method: string, path: string): number;
  close(): Promise<void>;
}

export async function startFaultySandbox(): Promise<FaultySandbox> {
  const sandbox = await startSandbox({ quiet: true });
  const origin = sandbox.baseUrl.replace(/\/api\/v1$/, '');
  return {
    sandbox,
    baseUrl: sandbox.baseUrl,
    async reset(faults = []) {
      await fetch(`${origin}/__sandbox/reset`, { method: 'POST' });
      const res = await fetch(`${origin}/__sandbox/faults`, { method: 'POST', body: JSON.stringify(faults) });
      if (res.status !== 204) throw new Error(`sandbox refused the faults: ${await res.text()}`);
    },
    count: (method, path) => sandbox.requests.filter((r) => r.method === method && r.path === path).length,
    close: () => sandbox.close(),
  };
}

export interface LiveVis {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves when `ready()` is true (polled), rejects when vis exits first; the test's timeout bounds the wait. */
  until(ready: () => boolean): Promise<void>;
  done: Promise<RunResult>;
}

/** Spawns the built vis and keeps it running so the test can act on it mid-way. */
export function spawnVis(args: string[], env: Record<string, string>, opts: { cwd?: string; killAfterMs?: number } = {}): LiveVis {
  const child = spawn(process.execPath, [VIS, ...args], { env, cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const killer = setTimeout(() => child.kill('SIGKILL'), opts.killAfterMs ?? 120_000);
  const done = new Promise<RunResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    done,
    async until(ready) {
      await waitUntil(() => {
        if (child.exitCode !== null) throw new Error(`vis exited (${child.exitCode}) first; stderr: ${stderr}`);
        return ready();
      }, `vis; stderr so far: ${stderr}`);
    },
  };
}

/** Runs a bash script (a real pipeline), with its own stdout and stderr captured. */
export function runShell(script: string, env: Record<string, string>, timeoutMs = 120_000): Promise<RunResult> {
  return runToEnd('bash', ['-c', script], { env, timeoutMs });
}

/** Single-quotes a string for bash. */
export function sh(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Every regular file under `dir`, with its contents, recursively. */
export function filesUnder(dir: string): Array<{ path: string; content: Buffer }> {
  const out: Array<{ path: string; content: Buffer }> = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = statSync(path);
    if (st.isDirectory()) out.push(...filesUnder(path));
    else if (st.isFile()) out.push({ path, content: readFileSync(path) });
  }
  return out;
}

/** A stack frame line, as Node prints them. */
export const STACK_LINE = /^\s+at .+/m;
