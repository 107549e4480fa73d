/**
 * One data command over several brands and markets (`--brand A,B`, `--all-brands`,
 * `--market A,B`, `--all-markets`): which brand × market reads it takes, what they cost,
 * and the reads themselves, each through the cache and the session's pace.
 *
 * The brands come from the free GET /brands and are chosen as the export chooses them
 * (src/export/fresh-or-resumed.ts chooseBrands); a brand's markets for --all-markets are those
 * GET /brands lists, else its GET /markets (one read, counted before anything is read).
 * Data the reference calls identical in every market is read once per brand, in its
 * primary market. A read that fails for one scope (no such market, a plan or integration
 * it lacks, the rate limit after retries) is that scope's error; the rest go on.
 */
import { InterruptedError, LimitError, ServerError, VisError, exitCodeFor } from '../errors.js';
import { fetchBudget, listBrands, type BrandRecord } from '../api/account.js';
import { BRAND_LOOKUP_LIFE_MS } from '../cache/freshness.js';
import type { ScopeMarket, ScopeResult } from '../domain/scope.js';
import { endpointById, marketsEndpoint, type EndpointSpec } from '../endpoints.js';
import type { ApiRequest } from '../http/client.js';
import { isPlainObject } from '../output/flatten.js';
import { sanitizeForTerminal } from '../text/sanitize.js';
import { writeMessage } from '../terminal/io.js';
import type { Context } from './context.js';
import { cachedNow, sendCached } from './cached.js';
import type { Session } from './session.js';

/** What the scope flags asked for (src/cli/commands/data/parse.ts ScopeChoice). */
export interface ScopeAsk {
  brands: readonly string[] | 'all' | undefined;
  markets: readonly string[] | 'all' | undefined;
}

/** A brand as the reads need it (the export's ExportBrand fits). */
export interface ScopeBrandRecord {
  id: string | number | undefined;
  name: string;
}

/** One read to make: a brand, a market (undefined: the brand's primary), and its request. */
export interface PlannedScope {
  brand: ScopeBrandRecord;
  /** The market sent; undefined for the brand's primary market or data without one. */
  param: string | undefined;
  /** What the result says of the market; null for data without one. */
  market: ScopeMarket | null;
  request: ApiRequest;
  /** Why this brand could not be read at all (its GET /markets failed): its one result is this failure, no read made. */
  failed?: VisError;
}

/** Reads the shown count starts at, on a terminal, before reading. */
export const ANNOUNCE_OVER = 10;

/** The account's brands (GET /brands: free, and kept a few minutes in the cache), each once. */
export async function accountBrands(ctx: Context, session: Session): Promise<BrandRecord[]> {
  const spec = endpointById('brands');
  const records = distinctBrands(await listBrands({ send: (req) => sendCached(ctx, session, spec, req, { lifeMs: BRAND_LOOKUP_LIFE_MS }) }));
  if (records.length === 1) session.oneBrand = String(records[0]!.id);
  return records;
}

/**
 * Each brand once, where GET /brands first lists it: a brand listed twice (the same id) is
 * one brand, read once by --all-brands and found by its id or name, not "several brands".
 */
export function distinctBrands(records: readonly BrandRecord[]): BrandRecord[] {
  const seen = new Set<string>();
  return records.filter((r) => {
    const id = String(r.id);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** GET /markets of a brand, for --all-markets (one read, unless cached). */
export function marketsRequest(brand: ScopeBrandRecord): ApiRequest {
  return { method: 'GET', path: marketsEndpoint().path, query: brand.id === undefined ? [] : [['brand_id', String(brand.id)]] };
}

/**
 * Refuses (exit 6, nothing read) when `needed` uncached reads do not fit in the reads left
 * GET /usage (free) reports; `what` names the reads. An unknown budget is not checked.
 */
export async function checkBudget(session: Session, needed: number, what: string): Promise<void> {
  if (needed === 0) return;
  const budget = await fetchBudget(session.client);
  if (budget.left === undefined || needed <= budget.left) return;
  const reset = budget.resetsAt ? `The budget resets at ${sanitizeForTerminal(budget.resetsAt)}. ` : 'The budget resets on the first of the month. ';
  throw new LimitError(
    `${what} needs ${needed} read${needed === 1 ? '' : 's'}, and ${budget.left} ${budget.left === 1 ? 'is' : 'are'} left this month: nothing was read`,
    {
      hint: `${reset}Name fewer brands or markets with --brand and --market.`,
    },
  );
}

/** The reads among `requests` the cache would not answer now, free ones aside. */
export function uncachedReads(ctx: Context, session: Session, spec: EndpointSpec, requests: readonly ApiRequest[]): number {
  if (spec.free) return 0;
  return requests.filter((r) => !cachedNow(ctx, session, spec, r)).length;
}

/** Failures that are the whole command's, not one scope's: the key, Ctrl-C, the user's own input, no network. */
export function sinksAll(err: unknown): boolean {
  if (!(err instanceof VisError)) return true;
  if (err.kind === 'auth' || err.kind === 'interrupted' || err.kind === 'usage') return true;
  return err instanceof ServerError && err.transport !== undefined;
}

/** The market as the answer names it (`meta.market`), filling in what the request did not say. */
function answeredMarket(market: ScopeMarket | null, meta: unknown): ScopeMarket | null {
  if (market === null || !isPlainObject(meta)) return market;
  const m = meta.market;
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  if (typeof m === 'string') return { code: market.code || m, label: market.label };
  if (!isPlainObject(m)) return market;
  return { code: market.code || (text(m.code) ?? ''), label: text(m.label) ?? market.label };
}

/**
 * Reads every scope in order, one at a time through the session's pacer and the cache.
 * A failure of one scope is its `error` and is named on stderr; the rest are read.
 * Anything that sinks the whole command is thrown, and so is Ctrl-C between reads.
 */
export async function readScopes(
  ctx: Context,
  session: Session,
  spec: EndpointSpec,
  scopes: readonly PlannedScope[],
  command: string,
): Promise<{ results: ScopeResult[]; firstFailure: VisError | undefined }> {
  const results: ScopeResult[] = [];
  let firstFailure: VisError | undefined;
  const failures: unknown[] = [];
  for (const [i, scope] of scopes.entries()) {
    if (ctx.signal.aborted) throw new InterruptedError();
    const where = `${scope.brand.name}${scope.market ? ` ${scope.market.code}` : ''}`;
    session.progress.start(`${command}: ${sanitizeForTerminal(where)} (${i + 1}/${scopes.length})…`);
    const brand = { id: String(scope.brand.id ?? ''), name: scope.brand.name };
    if (scope.failed !== undefined) {
      const e = scope.failed;
      failures.push(e);
      firstFailure ??= e;
      results.push({ brand, market: null, raw: null, envelope: null, error: { code: e.code ?? e.kind, message: e.message, exitCode: exitCodeFor(e) } });
      continue;
    }
    try {
      const res = await sendCached(ctx, session, spec, scope.request);
      results.push({ brand, market: answeredMarket(scope.market, res.envelope.meta), raw: res.raw, envelope: res.envelope, error: null });
    } catch (err) {
      if (sinksAll(err)) throw err;
      const e = err as VisError;
      failures.push(err);
      firstFailure ??= e;
      results.push({ brand, market: scope.market, raw: null, envelope: null, error: { code: e.code ?? e.kind, message: e.message, exitCode: exitCodeFor(e) } });
    }
  }
  session.progress.stop();
  // Every scope failing alike (the server down for all of them) is the command's failure, as for one brand.
  if (scopes.length > 0 && failures.length === scopes.length && failures.every((f) => f instanceof VisError && f.kind === 'server')) throw failures[0];
  return { results, firstFailure };
}

/** One line on stderr per failed scope, in output order. */
export function reportFailures(ctx: Context, results: readonly ScopeResult[]): void {
  for (const r of results) {
    if (!r.error) continue;
    const where = `${r.brand.name}${r.market ? ` (${r.market.code})` : ''}`;
    writeMessage(ctx.io, `vis: ${sanitizeForTerminal(where)}: ${sanitizeForTerminal(r.error.message)}`);
  }
}
