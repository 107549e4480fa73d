/** A child process run to its end with its output captured: vis, a shell or npm, as the spawned tests start them. */
import { spawn } from 'node:child_process';

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunToEndOptions {
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** Written to its stdin, which is then closed; without it, stdin is not connected. */
  input?: string;
  /** Killed after this long, so a hung child fails the test instead of hanging it. */
  timeoutMs: number;
}

/** Runs `file` with `args` to its end: its exit code or signal, and what it wrote to stdout and stderr. */
export function runToEnd(file: string, args: readonly string[], o: RunToEndOptions): Promise<Finished> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(file, args, { env: o.env, cwd: o.cwd, stdio: [o.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, stdout, stderr });
    });
    if (o.input !== undefined) {
      // A child that exits without reading its stdin (a help page answered at once) closes
      // the pipe first: the write's EPIPE is not the test's error.
      child.stdin!.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EPIPE') reject(err);
      });
      child.stdin!.end(o.input);
    }
  });
}
