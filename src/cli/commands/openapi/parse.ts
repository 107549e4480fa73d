/** `vis openapi`: flags and settings checked. Opens nothing. */
import { UsageError } from '../../../errors.js';
import type { Context } from '../../../services/context.js';
import type { ParsedOptions } from '../../declare.js';
import { parseSessionOptions, type SessionOptions } from '../../../services/session.js';
import { parseFlags, type RawGlobalOptions } from '../../../flags/rules.js';

export interface OpenapiOptions extends ParsedOptions {
  command: 'openapi';
  /** -o: the document is printed as received (json), whatever the format. */
  output: string | undefined;
  /** false with --no-pager. */
  pager: boolean;
  session: SessionOptions;
}

export function parseOpenapiOptions(ctx: Context, raw: RawGlobalOptions): OpenapiOptions {
  const flags = parseFlags(raw, ctx.today());
  // The document is printed as received; only --format on this command line is read (as
  // for `vis api`), so a VIS_FORMAT or profile format meant for tables does not refuse it.
  if (flags.format !== undefined && flags.format !== 'json') {
    throw new UsageError(
      `--format ${flags.format} does not apply to vis openapi: it prints the OpenAPI document as received, in JSON (leave it out, or pass --format json)`,
    );
  }
  // The description of the API is public: no key needed (one is sent when set).
  return { command: 'openapi', output: flags.output, pager: flags.pager, session: parseSessionOptions(ctx, flags, { keyOptional: true }) };
}
