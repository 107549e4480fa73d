/** `vis openapi`: flags and settings checked. Opens nothing. */
import type { Context } from '../../context.js';
import type { ParsedOptions } from '../../declare.js';
import { parseSessionOptions, type SessionOptions } from '../../session.js';
import { parseFlags, type RawGlobalOptions } from '../../../flags/rules.js';

export interface OpenapiOptions extends ParsedOptions {
  command: 'openapi';
  /** -o: the document is printed as received (json), whatever the format. */
  output: string | undefined;
  session: SessionOptions;
}

export function parseOpenapiOptions(ctx: Context, raw: RawGlobalOptions): OpenapiOptions {
  const flags = parseFlags(raw, ctx.today());
  return { command: 'openapi', output: flags.output, session: parseSessionOptions(ctx, flags) };
}
