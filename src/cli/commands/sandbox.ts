/** `vis sandbox`: serve the whole API on loopback until Ctrl-C. */
import { UsageError } from '../../errors.js';
import { isLoopbackHost } from '../../http/url.js';
import type { Context } from '../context.js';
import { intRule, usageFromZod } from '../../flags/rules.js';

export async function sandboxCommand(ctx: Context, opts: { port?: string; host: string }): Promise<void> {
  let port = 0;
  if (opts.port !== undefined) {
    const r = intRule('--port', 0, 65535).safeParse(opts.port);
    if (!r.success) throw usageFromZod(r.error);
    port = r.data;
  }
  if (!isLoopbackHost(opts.host)) {
    throw new UsageError(`--host must be a loopback address (127.0.0.1, ::1 or localhost): the sandbox is for this machine only (got "${opts.host}")`);
  }
  const { sandbox: lib, options } = await ctx.sandbox();
  try {
    await lib.serveSandbox({ port, host: opts.host, stdout: ctx.io.stdout, stderr: ctx.io.stderr, signal: ctx.signal, sandbox: options });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`--port ${port} is already in use on ${opts.host}`);
    if (code === 'EACCES') throw new UsageError(`--port ${port} needs privileges on this machine; pick one above 1023`);
    throw err;
  }
}
