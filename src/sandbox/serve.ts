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
  /** The terminal's width to wrap the start text to; undefined (a pipe): lines left whole. */
  columns?: number;
  /** No per-request log on stderr. */
  quiet?: boolean;
  /** Clock, rate limit and faults, as VIS_SANDBOX_OPTIONS gives them (also for --demo). */
  sandbox?: SandboxOptions;
}

/** Greedy wrap at spaces; a word longer than the width stays whole on its line. */
function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Below this many columns for a key's description, it goes under the key instead. */
const MIN_TEXT_WIDTH = 24;

/**
 * The demo keys and what each account shows, as `vis sandbox` prints them: on a terminal
 * of `columns`, each description wraps under its own column (or under its key, when the
 * terminal is too narrow for two).
 */
export function demoKeyLines(columns?: number): string[] {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.key.length));
  return DEMO_ACCOUNTS.flatMap((account) => {
    const head = `  ${account.key.padEnd(width)}  `;
    if (columns === undefined) return [`${head}${account.summary}`];
    if (columns - head.length >= MIN_TEXT_WIDTH) {
      const [first, ...rest] = wrapWords(account.summary, columns - head.length);
      return [`${head}${first}`, ...rest.map((l) => `${' '.repeat(head.length)}${l}`)];
    }
    return [`  ${account.key}`, ...wrapWords(account.summary, columns - 6).map((l) => `      ${l}`)];
  });
}

/**
 * What `vis sandbox` prints on stdout: the base URL, the demo keys and a first command.
 * On a terminal (`columns`) the lines fit it; the command to try breaks only where a shell
 * continues it (` \`), so it still pastes as one.
 */
export function banner(baseUrl: string, columns?: number): string {
  const key = DEMO_ACCOUNTS[0]?.key ?? 'vis_demo_growth';
  const tryLine = `  VIS_BASE_URL=${baseUrl} VIS_API_KEY=${key} vis topics`;
  const tryLines = columns === undefined || tryLine.length <= columns ? [tryLine] : [`  VIS_BASE_URL=${baseUrl} \\`, `    VIS_API_KEY=${key} vis topics`];
  return [`Sandbox API: ${baseUrl}`, `OpenAPI:     ${baseUrl}/openapi.json`, '', 'Demo keys:', ...demoKeyLines(columns), '', 'Try:', ...tryLines, ''].join(
    '\n',
  );
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
  opts.stdout.write(banner(sandbox.baseUrl, opts.columns));
  opts.stderr.write('Serving until Ctrl-C.\n');
  await new Promise<void>((resolve) => {
    if (!opts.signal) return; // Serve for the life of the process.
    if (opts.signal.aborted) resolve();
    else opts.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await sandbox.close();
  opts.stderr.write('Sandbox stopped.\n');
}
