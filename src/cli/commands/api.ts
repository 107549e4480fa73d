/**
 * `vis api <path>`: a raw GET of any path, for what the table does not cover yet, and
 * `vis openapi`, which prints {base_url}/openapi.json.
 */
import { UsageError } from '../../errors.js';
import { checkRequestPath } from '../../http/url.js';
import { resolveBrand } from '../brands.js';
import type { Context } from '../context.js';
import { openSession } from '../session.js';
import { parseFlags, type RawGlobalOptions } from '../../flags/rules.js';
import { checkOutputOptions, renderResponse } from '../render.js';
import { sendWithHints } from '../run-endpoint.js';

export function normaliseApiPath(raw: string): { path: string; query: Array<[string, string]> } {
  let p = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(p) || p.startsWith('//')) {
    throw new UsageError('vis api takes a path under the base URL (e.g. /topics), not a full URL: the key is only sent to --base-url');
  }
  if (!p.startsWith('/')) p = `/${p}`;
  p = p.replace(/^\/api\/v1(?=\/)/, '');
  const q = p.indexOf('?');
  const query: Array<[string, string]> = [];
  if (q >= 0) {
    for (const [k, v] of new URLSearchParams(p.slice(q + 1))) query.push([k, v]);
    p = p.slice(0, q);
  }
  checkRequestPath(p, 'vis api: the path');
  return { path: p, query };
}

export async function apiCommand(ctx: Context, rawPath: string, raw: RawGlobalOptions): Promise<void> {
  const flags = parseFlags(raw, ctx.today());
  const { path, query } = normaliseApiPath(rawPath);
  const session = await openSession(ctx, flags);
  try {
    checkOutputOptions(session.settings.format.value, flags);
    // Only what was typed on this command line is added: a raw call should send what it says.
    if (flags.brand !== undefined) query.push(['brand_id', await resolveBrand(session, flags.brand, '--brand')]);
    if (flags.market !== undefined) query.push(['market', flags.market]);
    if (flags.period.days !== undefined) query.push(['days', String(flags.period.days)]);
    if (flags.period.from !== undefined) query.push(['from', flags.period.from]);
    if (flags.period.to !== undefined) query.push(['to', flags.period.to]);
    query.push(...flags.params);
    session.progress.start(`GET ${path}…`);
    const res = await sendWithHints(session, { method: 'GET', path, query });
    session.progress.stop();
    await renderResponse(ctx, { format: session.settings.format.value, flags, raw: res.raw, envelope: res.envelope });
  } finally {
    await session.close();
  }
}

export async function openapiCommand(ctx: Context, raw: RawGlobalOptions): Promise<void> {
  const flags = parseFlags(raw, ctx.today());
  const session = await openSession(ctx, flags);
  try {
    session.progress.start('GET /openapi.json…');
    const doc = await session.client.fetchDocument('/openapi.json');
    session.progress.stop();
    const { renderJson } = await import('../../output/json.js');
    const { emit } = await import('../render.js');
    await emit(ctx, flags.output, renderJson(doc));
  } finally {
    await session.close();
  }
}
