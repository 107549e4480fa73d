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

/**
 * The one brand the user probably meant: the only name that begins with what was typed, or
 * else the only one within a few typing slips (case and spaces aside). Suggested, never
 * taken: a brand that is not the one asked for would spend reads on another client's data.
 */
export function closeName<B extends { name: string }>(typed: string, brands: readonly B[]): B | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  const want = norm(typed);
  if (want === '') return undefined;
  const prefixed = brands.filter((b) => norm(b.name).startsWith(want));
  if (prefixed.length > 0) return prefixed.length === 1 ? prefixed[0] : undefined;
  const slips = Math.max(1, Math.min(3, Math.floor(want.length / 4)));
  const near = brands.filter((b) => editDistance(want, norm(b.name), slips) <= slips);
  return near.length === 1 ? near[0] : undefined;
}

/** Levenshtein distance, given up (returned as limit + 1) once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      best = Math.min(best, row[j]!);
    }
    if (best > limit) return limit + 1;
    prev = row;
  }
  return prev[b.length]!;
}
