/** `vis sandbox`: serve the whole API on loopback until Ctrl-C. */
import { UsageError } from '../../../errors.js';
import type { Context } from '../../../services/context.js';
import type { SandboxCommandOptions } from './parse.js';

export async function runSandbox(options: SandboxCommandOptions, ctx: Context): Promise<void> {
  const { port, host } = options;
  const { sandbox: lib, options: sandboxOptions } = await ctx.sandbox();
  try {
    // Wrapped on a terminal; into a pipe each key stays on one line, for grep.
    const columns = ctx.io.stdoutIsTTY ? ctx.io.columns : undefined;
    await lib.serveSandbox({ port, host, columns, stdout: ctx.io.stdout, stderr: ctx.io.stderr, signal: ctx.signal, sandbox: sandboxOptions });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`--port ${port} is already in use on ${host}`);
    if (code === 'EACCES') throw new UsageError(`--port ${port} needs privileges on this machine; pick one above 1023`);
    throw err;
  }
}
