/**
 * Brands by id or name. Names are resolved through GET /brands, which is free, so
 * `--brand acme` never costs a read; with a Context, the list is kept in the response
 * cache for a few minutes (BRAND_LOOKUP_LIFE_MS), so an answer served from the cache
 * sends nothing at all.
 */
import { NotFoundError, UsageError } from '../errors.js';
import { listBrands } from '../api/account.js';
import type { Session } from './session.js';
import type { Context } from './context.js';
import { BRAND_LOOKUP_LIFE_MS } from '../cache/freshness.js';
import { endpointById } from '../endpoints.js';
import { sendCached } from './cached.js';
import { brandList } from './hints.js';
import { closeName } from '../text/close-name.js';

const BRAND_ID = /^\d+$/;

/** A brand id passes as it is; a name is matched case-insensitively against GET /brands (free). */
export async function resolveBrand(session: Session, value: string, source: string, ctx?: Context): Promise<string> {
  if (BRAND_ID.test(value.trim())) return value.trim();
  const spec = endpointById('brands');
  const client = ctx
    ? { send: (req: Parameters<Session['client']['send']>[0]) => sendCached(ctx, session, spec, req, { lifeMs: BRAND_LOOKUP_LIFE_MS }) }
    : session.client;
  const brands = await listBrands(client);
  if (brands.length === 1) session.oneBrand = String(brands[0]!.id);
  const wanted = value.trim().toLowerCase();
  const matches = brands.filter((b) => b.name.toLowerCase() === wanted);
  if (matches.length === 1) return String(matches[0]!.id);
  if (matches.length > 1) {
    const list = matches.map((b) => `${b.id} ${b.name}`).join(', ');
    throw new UsageError(`${source}: several brands are named "${value}"`, { hint: `Use the id instead: ${list}` });
  }
  const close = closeName(value, brands);
  throw new NotFoundError(`${source}: no brand named "${value}" on this account`, {
    code: 'brand_not_found',
    hint: `${close ? `Did you mean "${close.name}" (${close.id})? ` : ''}${brandList(brands)}`,
  });
}
