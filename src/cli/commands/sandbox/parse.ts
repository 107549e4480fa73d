/** `vis sandbox`: the port and the loopback host checked before anything listens. */
import { UsageError } from '../../../errors.js';
import { isLoopbackHost } from '../../../http/url.js';
import type { ParsedOptions } from '../../declare.js';
import { intRule, usageFromZod } from '../../../flags/rules.js';

export interface SandboxCommandOptions extends ParsedOptions {
  command: 'sandbox';
  /** 0: a free one. */
  port: number;
  host: string;
}

export function parseSandboxOptions(opts: { port?: string; host: string }): SandboxCommandOptions {
  let port = 0;
  if (opts.port !== undefined) {
    const r = intRule('--port', 0, 65535).safeParse(opts.port);
    if (!r.success) throw usageFromZod(r.error);
    port = r.data;
  }
  if (!isLoopbackHost(opts.host)) {
    throw new UsageError(`--host must be a loopback address (127.0.0.1, ::1 or localhost): the sandbox is for this machine only (got "${opts.host}")`);
  }
  return { command: 'sandbox', port, host: opts.host };
}
