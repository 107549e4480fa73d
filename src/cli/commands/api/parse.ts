/** `vis api <path>`: the path, flags, settings and output options checked. Opens nothing. */
import { UsageError } from '../../../errors.js';
import { checkRequestPath } from '../../../http/url.js';
import type { Context } from '../../../services/context.js';
import type { ParsedOptions } from '../../declare.js';
import { checkOutputOptions } from '../../../terminal/render.js';
import { parseSessionOptions, type SessionOptions } from '../../../services/session.js';
import { parseFlags, type FlagOptions, type Format, type RawGlobalOptions } from '../../../flags/rules.js';

export interface ApiOptions extends ParsedOptions {
  command: 'api';
  path: string;
  /** The query written in the path (`/topics?days=7`). */
  pathQuery: Array<[string, string]>;
  /** What was typed on this command line, but --brand (resolved in run, through GET /brands). */
  query: Array<[string, string]>;
  flags: FlagOptions;
  session: SessionOptions;
  format: Format;
}

export function normaliseApiPath(raw: string): { path: string; query: Array<[string, string]> } {
  let p = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(p) || p.startsWith('//')) {
    throw new UsageError(`<path> must be a path under the base URL (e.g. /topics), not a full URL: the key is only sent to --base-url (got "${p}")`);
  }
  if (!p.startsWith('/')) p = `/${p}`;
  p = p.replace(/^\/api\/v1(?=\/)/, '');
  const q = p.indexOf('?');
  const query: Array<[string, string]> = [];
  if (q >= 0) {
    for (const [k, v] of new URLSearchParams(p.slice(q + 1))) query.push([k, v]);
    p = p.slice(0, q);
  }
  // Named as the data commands name their arguments (`<domain-or-url> must be …`): report()
  // adds the one `vis: ` prefix.
  checkRequestPath(p, '<path>');
  return { path: p, query };
}

export function parseApiOptions(ctx: Context, rawPath: string, raw: RawGlobalOptions): ApiOptions {
  const flags = parseFlags(raw, ctx.today());
  const { path, query: pathQuery } = normaliseApiPath(rawPath);
  const session = parseSessionOptions(ctx, flags);
  // A raw call answers in JSON, as `gh api` does: only --format on this command line
  // changes that; VIS_FORMAT and the profile's format are defaults for the data commands.
  const format = flags.format ?? 'json';
  checkOutputOptions(format, flags, ctx);
  // Only what was typed on this command line is added: a raw call should send what it says.
  const query: Array<[string, string]> = [];
  if (flags.market !== undefined) query.push(['market', flags.market]);
  if (flags.period.days !== undefined) query.push(['days', String(flags.period.days)]);
  if (flags.period.from !== undefined) query.push(['from', flags.period.from]);
  if (flags.period.to !== undefined) query.push(['to', flags.period.to]);
  query.push(...flags.params);
  return { command: 'api', path, pathQuery, query, flags, session, format };
}
