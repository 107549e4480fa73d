/** `vis sandbox`: serve the sandbox until the signal aborts, telling the user how to use it. */
import { DEMO_ACCOUNTS } from './accounts.js';
import { assertLoopbackHost } from './loopback.js';
import type { SandboxOptions } from './options.js';
import { startSandbox } from './server.js';

export interface ServeOptions {
  port?: number;
  host?: string;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Aborted on Ctrl-C; the sandbox then closes and the promise resolves. */
  signal?: AbortSignal;
  /** No per-request log on stderr. */
  quiet?: boolean;
  /** Clock, rate limit and faults, as VIS_SANDBOX_OPTIONS gives them (also for --demo). */
  sandbox?: SandboxOptions;
}

/** What `vis sandbox` prints on stdout: the base URL, the demo keys and a first command. */
export function banner(baseUrl: string): string {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.key.length));
  return [
    `Sandbox API: ${baseUrl}`,
    `OpenAPI:     ${baseUrl}/openapi.json`,
    '',
    'Demo keys:',
    ...DEMO_ACCOUNTS.map((account) => `  ${account.key.padEnd(width)}  ${account.summary}`),
    '',
    'Try:',
    `  VIS_BASE_URL=${baseUrl} VIS_API_KEY=${DEMO_ACCOUNTS[0]?.key ?? 'vis_demo_growth'} vis topics`,
    '',
  ].join('\n');
}

export async function serveSandbox(opts: ServeOptions): Promise<void> {
  const host = opts.host ?? '127.0.0.1';
  assertLoopbackHost(host);
  if (opts.signal?.aborted) return;
  const sandbox = await startSandbox({
    ...opts.sandbox,
    port: opts.port ?? 0,
    host,
    quiet: opts.quiet ?? false,
    log: (line) => opts.stderr.write(`${line}\n`),
  });
  opts.stdout.write(banner(sandbox.baseUrl));
  opts.stderr.write('Serving until Ctrl-C.\n');
  await new Promise<void>((resolve) => {
    if (!opts.signal) return; // Serve for the life of the process.
    if (opts.signal.aborted) resolve();
    else opts.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await sandbox.close();
  opts.stderr.write('Sandbox stopped.\n');
}
