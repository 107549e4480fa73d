/**
 * Every read spent once (docs/guide.md, The cache: every read spent once): a data GET goes
 * through the account's response cache (src/cache/) before the network. A fresh entry is
 * the answer, byte for byte as it was received, so every format renders the same from it;
 * otherwise the request is sent and a success stored with its expiry (the endpoint's
 * `freshness`). Errors are never stored. A POST makes the entries of its path and
 * everything below it stale (POST /pitches: the pitches list and each pitch).
 */
import { expiresAt, isScanBoundary } from '../cache/freshness.js';
import { entryKey, periodEndsToday } from '../cache/keys.js';
import type { CacheHit } from '../cache/store.js';
import { endpointById, ENDPOINTS, type EndpointSpec } from '../endpoints.js';
import { checkEnvelope } from '../http/envelope.js';
import type { ApiRequest, ApiResponse } from '../http/client.js';
import { utcDate } from '../domain/dates.js';
import type { Context } from './context.js';
import { noteApiVersion } from './api-version.js';
import { sendWithHints } from './hints.js';
import { logCacheHit } from './request-log.js';
import type { Session } from './session.js';

export type Cacheable = Pick<EndpointSpec, 'id' | 'freshness' | 'period' | 'free'> & Partial<Pick<EndpointSpec, 'brand'>>;

export interface CachedResponse extends ApiResponse {
  /** Set when the answer came from the cache: no request was sent, no read spent. */
  fromCache?: CacheHit;
}

/** Sends `req` for `spec`, through the cache when the session uses one. `lifeMs` overrides the endpoint's freshness. */
export async function sendCached(
  ctx: Context,
  session: Session,
  spec: Cacheable,
  req: ApiRequest,
  o: { lifeMs?: number; send?: (req: ApiRequest) => Promise<ApiResponse> } = {},
): Promise<CachedResponse> {
  const send = o.send ?? ((r: ApiRequest) => sendWithHints(session, r, spec as EndpointSpec));
  const cacheable = req.method === 'GET' && (spec.freshness !== 'none' || o.lifeMs !== undefined);
  const cache = cacheable ? session.cache() : undefined;
  if (!cache) return recorded(session, spec, req, await send(req));
  const now = ctx.clock.now();
  const key = keyOf(spec, req, now);
  if (session.cacheMode === 'use') {
    const found = cache.lookup(spec.id, key, now);
    const envelope = 'hit' in found ? envelopeOf(found.hit.raw) : undefined;
    if ('hit' in found && envelope) {
      session.debug(`cache hit: ${key} (fetched ${new Date(found.hit.fetchedAt).toISOString()}, fresh until ${new Date(found.hit.expiresAt).toISOString()})`);
      if (!spec.free) cache.noteSaved(now);
      noteApiVersion(session, envelope);
      if (ctx.verbose) logCacheHit(ctx, req, found.hit.fetchedAt);
      return { status: 200, raw: found.hit.raw, envelope, attempts: 0, fromCache: found.hit };
    }
    session.debug(`cache miss: ${key} (${'miss' in found ? found.miss : 'damaged'})`);
  } else {
    session.debug(`cache refresh: ${key}`);
  }
  const res = recorded(session, spec, req, await send(req));
  noteApiVersion(session, res.envelope);
  const fetchedAt = ctx.clock.now();
  const until = o.lifeMs !== undefined ? fetchedAt + o.lifeMs : expiresAt(spec.freshness, fetchedAt);
  if (until !== undefined && res.status >= 200 && res.status < 300) {
    for (const k of [key, ...aliasKeys(spec, req, res, session, now)]) {
      try {
        cache.store(spec.id, k, res.raw, fetchedAt, until);
      } catch (err) {
        session.debug(`cache: could not store ${k}: ${(err as Error).message}`);
        break;
      }
    }
  }
  return res;
}

/**
 * Every answer read from the network goes to the history (when the session keeps one),
 * cache or no cache: VIS_CACHE=off and --demo still record. A cache hit never reaches here.
 */
function recorded<R extends ApiResponse>(session: Session, spec: Cacheable, req: ApiRequest, res: R): R {
  session.history?.note(endpointById(spec.id), { ...req, ...res });
  return res;
}

/**
 * On an account with one brand, a request without brand_id and the same request with the
 * brand's id are the same question (the reference: brand_id is required only when the
 * account has several), but their keys differ: `vis topics` sends none, while `vis export`
 * and a configured brand send one. So an answer is filed under both keys, and a cron export
 * after an interactive session (or the other way round) spends nothing twice:
 * - asked without brand_id: the answer's meta.brand.id says which brand answered (an
 *   account with several brands answers 400 brand_required, which is never stored);
 * - asked with brand_id=X: when this run's GET /brands listed X alone (session.oneBrand).
 * Without either fact, nothing more is filed: never a guess.
 */
export function aliasKeys(spec: Cacheable, req: ApiRequest, res: ApiResponse, session: Pick<Session, 'oneBrand'>, now: number): string[] {
  if (!spec.brand || req.method !== 'GET') return [];
  const query = req.query ?? [];
  const brandIds = query.filter(([k]) => k === 'brand_id');
  if (brandIds.length === 0) {
    const id = metaBrandId(res.envelope.meta);
    return id === undefined ? [] : [keyOf(spec, { ...req, query: [...query, ['brand_id', id]] }, now)];
  }
  if (brandIds.length === 1 && session.oneBrand !== undefined && brandIds[0]![1] === session.oneBrand) {
    return [keyOf(spec, { ...req, query: query.filter(([k]) => k !== 'brand_id') }, now)];
  }
  return [];
}

/** meta.brand.id as the brand_id text a request carries (a whole number), else undefined. */
function metaBrandId(meta: Record<string, unknown> | undefined): string | undefined {
  const brand = meta?.brand;
  if (brand === null || typeof brand !== 'object') return undefined;
  const id = (brand as Record<string, unknown>).id;
  if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) return String(id);
  if (typeof id === 'string' && /^\d{1,15}$/.test(id)) return id;
  return undefined;
}

/** The entry key of a request: the API's date joins it when the period ends today. */
function keyOf(spec: Cacheable, req: ApiRequest, now: number): string {
  const query = req.query ?? [];
  return entryKey(req.method, req.path, query, periodEndsToday(spec.period !== 'none', query) ? utcDate(now) : undefined);
}

/** Would the cache answer this request now (the export's dry run counts them)? Reads, changes nothing. */
export function cachedNow(ctx: Context, session: Session, spec: Cacheable, req: ApiRequest): boolean {
  if (session.cacheMode !== 'use' || req.method !== 'GET' || spec.freshness === 'none') return false;
  const cache = session.cache();
  const now = ctx.clock.now();
  const found = cache?.lookup(spec.id, keyOf(spec, req, now), now);
  return found !== undefined && 'hit' in found && envelopeOf(found.hit.raw) !== undefined;
}

/** After a POST (sent or not: its outcome may be unknown), the GET entries of its path and below go. */
export function invalidateAfter(session: Session, spec: Pick<EndpointSpec, 'method' | 'path'>): void {
  if (spec.method === 'GET') return;
  const stale = ENDPOINTS.filter((e) => e.method === 'GET' && (e.path === spec.path || e.path.startsWith(`${spec.path}/`))).map((e) => e.id);
  const n = session.cache()?.invalidate(stale) ?? 0;
  session.debug(`cache: ${n} entr${n === 1 ? 'y' : 'ies'} of ${stale.join(', ')} dropped after ${spec.method} ${spec.path}`);
}

/** A stored body's envelope; undefined when it is not one (a damaged entry: a miss). */
function envelopeOf(raw: string) {
  try {
    return checkEnvelope(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

/**
 * The quiet line under a cached answer on a terminal:
 * "from cache, fetched 10:02; next data after 04:30 (09:00 IST); --refresh to read again".
 * Times are the user's (TZ), all of them; the scan boundary is also named as the reference
 * names it, unless the user's clock reads the same. The next scan is always less than a
 * day away, so its time alone says which one.
 */
export function cacheNote(hit: CacheHit, now: number, timeZone: string | undefined): string {
  const fetched = localTime(hit.fetchedAt, now, timeZone);
  const scan = clockOf(hit.expiresAt, timeZone).time;
  const next = isScanBoundary(hit.expiresAt)
    ? `next data after ${scan}${scan === SCAN_BOUNDARY_IST ? '' : ` (${SCAN_BOUNDARY_IST} IST)`}`
    : `fresh until ${localTime(hit.expiresAt, now, timeZone)}`;
  return `from cache, fetched ${fetched}; ${next}; --refresh to read again`;
}

/** The scan boundary as the reference writes it, in India Standard Time. */
const SCAN_BOUNDARY_IST = '09:00';

/** `10:02`, or `2026-11-21 10:02` when not today, in `timeZone` (else the process's zone). */
function localTime(t: number, now: number, timeZone: string | undefined): string {
  const at = clockOf(t, timeZone);
  return at.date === clockOf(now, timeZone).date ? at.time : `${at.date} ${at.time}`;
}

/** The date and the 24-hour time of `ms` in `timeZone` (a leading `:` as TZ allows it; else the process's zone). */
function clockOf(ms: number, timeZone: string | undefined): { date: string; time: string } {
  const zone = timeZone?.replace(/^:/, '') || undefined;
  let f: Intl.DateTimeFormat;
  try {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    f = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  }
  const p = Object.fromEntries(f.formatToParts(ms).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}
