/**
 * One job over several brands and markets: a data command asked for several (`--brand
 * A,B`, `--all-brands`, `--market A,B`, `--all-markets`), `vis report`, `vis changes
 * --fetch`. Given the selected brands (src/services/brand-choice.ts), the markets asked,
 * the endpoints and how a brand × market reads them, it plans the reads, learns the
 * markets GET /brands did not list (GET /markets, one read each), counts what the cache
 * lacks and refuses what the month's reads cannot pay, then reads, one at a time through
 * the cache and the session's pace, and reports each read's answer or failure. A read that
 * fails for one scope (no such market, a plan or integration it lacks, the rate limit
 * after retries) is that scope's failure; what sinks every read ends the command.
 *
 * `vis export` chooses its brands and builds its requests with the same services, but
 * reads with its own runner (src/export/execute-plan.ts): its plan grows as lists name
 * items, each answer is written to a file before the next read, and its budget, resume
 * and failures (skipped, stopped, not attempted) are its manifest's.
 */
import { InterruptedError, LimitError, ServerError, VisError, exitCodeFor } from '../errors.js';
import { fetchBudget, listBrands, marketsFromPayload, type BrandRecord } from '../api/account.js';
import { BRAND_LOOKUP_LIFE_MS } from '../cache/freshness.js';
import type { ScopeMarket, ScopeResult } from '../domain/scope.js';
import { endpointById, marketsEndpoint, type EndpointSpec } from '../endpoints.js';
import type { ApiRequest } from '../http/client.js';
import { isPlainObject } from '../output/flatten.js';
import { sanitizeForTerminal } from '../text/sanitize.js';
import { writeMessage } from '../terminal/io.js';
import type { ChosenBrand } from './brand-choice.js';
import type { Context } from './context.js';
import { formatUtcTime } from '../output/views/time.js';
import { cachedNow, sendCached, type CachedResponse } from './cached.js';
import { scopeRequest, type ScopeQuery } from './scope-request.js';
import type { Session } from './session.js';

/** One read: the endpoint and its request (src/services/scope-request.ts). */
export interface ScopeRead {
  spec: EndpointSpec;
  request: ApiRequest;
}

/** One brand × market of a job, and its reads in order. */
export interface PlannedScope<R extends ScopeRead = ScopeRead> {
  brand: ChosenBrand;
  /** The market sent; undefined for the brand's primary market, or data without one. */
  market: string | undefined;
  reads: R[];
  /** Why this brand could not be read at all (its GET /markets failed): its one scope, no read made. */
  failed?: VisError;
}

/** A brand and the market codes it is read in (undefined: the default, its primary market). */
export interface BrandMarkets {
  brand: ChosenBrand;
  markets: readonly string[] | undefined;
  /** GET /markets of the brand failed (ScopesJob.unlisted 'brand'): plan it as one scope holding this failure. */
  failed?: VisError;
}

/** What the reads of a plan cost. */
export interface ScopesCount {
  /** Distinct reads, GET /markets included; a brand whose markets are unknown counts as one market. */
  reads: number;
  /** Of those, how many the cache answers now. */
  cached: number;
  /** Reads to spend: neither cached nor free. */
  needed: number;
  /** Brands whose markets GET /markets must tell first: the count is then "at least". */
  discover: number;
}

export interface ScopesJob<R extends ScopeRead> {
  /** Names the reads in the count shown and the budget's refusal: `vis report for 2 brands`. */
  what: string;
  brands: readonly ChosenBrand[];
  /** Market codes; 'all': each brand's (GET /brands lists them, else GET /markets tells); undefined: the primary one. */
  markets: readonly string[] | 'all' | undefined;
  /** The endpoints read: a brand's markets are learned only when one of them differs by market. */
  specs: readonly EndpointSpec[];
  /** The scopes of the brands in their markets, in reading order. */
  plan(brands: readonly BrandMarkets[]): PlannedScope<R>[];
  /**
   * Until GET /markets tells, a brand counts as 'one read' per endpoint (the cache not
   * asked), or as its reads in the 'primary market' (the cache asked).
   */
  unknownMarkets: 'one read' | 'primary market';
  /** GET /markets first, then one count and budget check; else the count (at least) is checked first, and again once the markets are known. */
  learnMarketsFirst?: boolean;
  /** GET /markets of a brand failed: 'brand' fails that brand alone, in its place; 'command' ends the command. */
  unlisted: 'brand' | 'command';
  /** Told each count before the budget is checked (shown on a terminal). */
  counted?(count: ScopesCount): void;
  /** The progress line while GET /markets of a brand is read (none: no line), and for read i (from 0) of n. */
  progress: { markets?(brand: ChosenBrand): string; read(scope: PlannedScope<R>, read: R, i: number, n: number): string };
  /** A read failed: throw to end the command, return to keep it as the read's failure. Unset: what sinks every read (sinksAll) ends it. */
  failed?(err: unknown, read: R, scope: PlannedScope<R>): void;
}

/** What one read gave: its answer, or its failure. */
export interface ReadOutcome {
  answer: CachedResponse | undefined;
  error: VisError | undefined;
  /** When the answer or the failure came (the session's clock). */
  at: number;
}

export interface ScopesRead<R extends ScopeRead> {
  scopes: PlannedScope<R>[];
  /** The outcome of a read of the plan (reads shared by several scopes are made once). */
  outcomeOf(read: ScopeRead): ReadOutcome;
  /** Reads spent: answers the cache did not give, GET /markets included. */
  spent: number;
}

/**
 * The plan of one endpoint over the chosen brands and markets, as a data command and vis
 * mcp read it: one read per brand and market; data the same in every market read once per
 * brand, in its primary market; a brand whose GET /markets failed kept as its one scope.
 */
export function oneEndpointPlan(spec: EndpointSpec, query: ScopeQuery['query']): (brands: readonly BrandMarkets[]) => PlannedScope[] {
  return (list) =>
    list.flatMap(({ brand, markets, failed }): PlannedScope[] => {
      if (failed !== undefined) return [{ brand, market: undefined, reads: [], failed }];
      const codes = spec.market && !spec.sameInEveryMarket ? (markets ?? [undefined]) : [undefined];
      return codes.map((market) => ({ brand, market, reads: [{ spec, request: scopeRequest(spec, brand, market, { query }) }] }));
    });
}

/** A plan: the scopes (a brand whose markets are unknown read in its primary one), and the brands GET /markets must tell. */
export interface ScopesPlan<R extends ScopeRead> {
  scopes: PlannedScope<R>[];
  discover: ChosenBrand[];
  count: ScopesCount;
}

/** Reads the shown count starts at, on a terminal, before reading. */
export const ANNOUNCE_OVER = 10;

/** The account's brands (GET /brands: free, and kept a few minutes in the cache), each once. */
export async function accountBrands(ctx: Context, session: Session): Promise<BrandRecord[]> {
  const spec = endpointById('brands');
  const records = await listBrands({ send: (req) => sendCached(ctx, session, spec, req, { lifeMs: BRAND_LOOKUP_LIFE_MS }) });
  if (records.length === 1) session.oneBrand = String(records[0]!.id);
  return records;
}

/** GET /markets of a brand, for --all-markets (one read, unless cached). */
export function marketsRequest(brand: Partial<ChosenBrand>): ApiRequest {
  return scopeRequest(marketsEndpoint(), brand, undefined);
}

/**
 * Refuses (exit 6, nothing read) when `needed` uncached reads do not fit in the reads left
 * GET /usage (free) reports; `what` names the reads. An unknown budget is not checked.
 */
export async function checkBudget(session: Session, needed: number, what: string): Promise<void> {
  if (needed === 0) return;
  const budget = await fetchBudget(session.client);
  if (budget.left === undefined || needed <= budget.left) return;
  const reset = budget.resetsAt
    ? `The budget resets ${sanitizeForTerminal(formatUtcTime(budget.resetsAt))}. `
    : 'The budget resets on the first of the month. ';
  throw new LimitError(
    `not enough reads left: ${what} needs ${needed} read${needed === 1 ? '' : 's'}, and ${budget.left} ${budget.left === 1 ? 'is' : 'are'} left this month: nothing was read`,
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

/** A read's identity: two scopes sharing one read hold the same key. */
export function readKey(r: Pick<ScopeRead, 'request'>): string {
  const q = (r.request.query ?? []).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return `${r.request.path}?${q}`;
}

/** Each read of the scopes once, in the order first needed, with the first scope that needs it. */
export function distinctReads<R extends ScopeRead>(scopes: readonly PlannedScope<R>[]): Array<{ read: R; scope: PlannedScope<R> }> {
  const seen = new Map<string, { read: R; scope: PlannedScope<R> }>();
  for (const scope of scopes) for (const read of scope.reads) if (!seen.has(readKey(read))) seen.set(readKey(read), { read, scope });
  return [...seen.values()];
}

/**
 * The scopes of the job with the markets known so far (`found`: what GET /markets told),
 * and what they cost. A brand whose markets are still unknown is planned in its primary
 * market and named in `discover`.
 */
export function planScopes<R extends ScopeRead>(
  ctx: Context,
  session: Session,
  job: ScopesJob<R>,
  found: ReadonlyMap<string, string[] | undefined> = new Map(),
  unlisted: ReadonlyMap<string, VisError> = new Map(),
): ScopesPlan<R> {
  // One read per brand whatever the markets: no need to learn them.
  const perBrand = job.specs.every((s) => !s.market || s.sameInEveryMarket);
  const discover: ChosenBrand[] = [];
  const brands = job.brands.map((brand): BrandMarkets => {
    const id = String(brand.id);
    const failed = unlisted.get(id);
    if (failed !== undefined) return { brand, markets: undefined, failed };
    if (job.markets !== 'all') return { brand, markets: job.markets?.slice() };
    if (perBrand) return { brand, markets: undefined };
    if (brand.listedMarkets && brand.listedMarkets.length > 0) return { brand, markets: brand.listedMarkets };
    if (found.has(id)) return { brand, markets: found.get(id) };
    discover.push(brand);
    return { brand, markets: undefined };
  });
  const scopes = job.plan(brands);
  return { scopes, discover, count: countReads(ctx, session, job, scopes, discover) };
}

function countReads<R extends ScopeRead>(
  ctx: Context,
  session: Session,
  job: ScopesJob<R>,
  scopes: readonly PlannedScope<R>[],
  discover: readonly ChosenBrand[],
): ScopesCount {
  const markets = marketsEndpoint();
  const unknown = new Set(discover);
  const counted = job.unknownMarkets === 'one read' ? scopes.filter((s) => !unknown.has(s.brand)) : scopes;
  const reads = distinctReads(counted).map((d) => d.read);
  const marketReads = discover.map(marketsRequest);
  // Until GET /markets tells, each such brand is at least one read of each endpoint.
  const guessed = job.unknownMarkets === 'one read' ? discover.length * job.specs.filter((s) => !s.free).length : 0;
  const cached = reads.filter((r) => cachedNow(ctx, session, r.spec, r.request)).length + marketReads.filter((r) => cachedNow(ctx, session, markets, r)).length;
  const needed = reads.reduce((n, r) => n + uncachedReads(ctx, session, r.spec, [r.request]), 0) + uncachedReads(ctx, session, markets, marketReads);
  return { reads: reads.length + marketReads.length + guessed, cached, needed: needed + guessed, discover: discover.length };
}

/**
 * The job: its plan (`first`, when the caller has planned it already, for a dry run say),
 * the budget checked, each brand's markets learned where needed, then every read, in
 * order, one at a time through the cache and the session's pace.
 * Anything that sinks the whole command is thrown, and so is Ctrl-C between reads.
 */
export async function readScopes<R extends ScopeRead>(
  ctx: Context,
  session: Session,
  job: ScopesJob<R>,
  first: ScopesPlan<R> = planScopes(ctx, session, job),
): Promise<ScopesRead<R>> {
  let plan = first;
  let spent = 0;
  const pay = async (p: ScopesPlan<R>) => {
    job.counted?.(p.count);
    await checkBudget(session, p.count.needed, job.what);
  };
  if (!job.learnMarketsFirst || plan.discover.length === 0) await pay(plan);
  if (plan.discover.length > 0) {
    const found = new Map<string, string[] | undefined>();
    const unlisted = new Map<string, VisError>();
    const markets = marketsEndpoint();
    for (const brand of plan.discover) {
      const line = job.progress.markets?.(brand);
      if (line !== undefined) session.progress.start(line);
      try {
        const res = await sendCached(ctx, session, markets, marketsRequest(brand));
        if (!res.fromCache) spent++;
        found.set(String(brand.id), marketsFromPayload(res.envelope.data));
      } catch (err) {
        // A brand whose GET /markets failed is one failed result in its place, not the command's failure.
        if (job.unlisted === 'command' || sinksAll(err)) throw err;
        unlisted.set(String(brand.id), err as VisError);
      }
    }
    session.progress.stop();
    plan = planScopes(ctx, session, job, found, unlisted);
    await pay(plan);
  }

  const outcomes = new Map<string, ReadOutcome>();
  const reads = distinctReads(plan.scopes);
  for (const [i, { read, scope }] of reads.entries()) {
    if (ctx.signal.aborted) throw new InterruptedError();
    session.progress.start(job.progress.read(scope, read, i, reads.length));
    try {
      const answer = await sendCached(ctx, session, read.spec, read.request);
      if (!answer.fromCache) spent++;
      outcomes.set(readKey(read), { answer, error: undefined, at: ctx.clock.now() });
    } catch (err) {
      if (job.failed) job.failed(err, read, scope);
      else if (sinksAll(err)) throw err;
      outcomes.set(readKey(read), { answer: undefined, error: err as VisError, at: ctx.clock.now() });
    }
  }
  session.progress.stop();
  return { scopes: plan.scopes, outcomeOf: (read) => outcomes.get(readKey(read))!, spent };
}

/** The market a result names for a scope: null for data without one or the same in every market; else the code sent, or the brand's primary. */
export function scopeMarket(spec: EndpointSpec, scope: Pick<PlannedScope, 'brand' | 'market'>): ScopeMarket | null {
  if (!spec.market || spec.sameInEveryMarket) return null;
  return { code: scope.market ?? scope.brand.primaryMarket ?? '', label: null };
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

/** The progress line of a data command's read i (from 0) of n: the brand, its market, the count. */
export function scopeProgress(command: string): (scope: PlannedScope, read: ScopeRead, i: number, n: number) => string {
  return (scope, read, i, n) => {
    const market = scopeMarket(read.spec, scope);
    return `${command}: ${sanitizeForTerminal(`${scope.brand.name}${market ? ` ${market.code}` : ''}`)} (${i + 1}/${n})…`;
  };
}

/**
 * A data command's reads as the combined output shows them: each scope's answer or
 * failure, in output order, and the first failure. Every scope failing alike (the server
 * down for all of them) is the command's failure, as for one brand.
 */
export function scopeResults(read: Pick<ScopesRead<ScopeRead>, 'scopes' | 'outcomeOf'>): { results: ScopeResult[]; firstFailure: VisError | undefined } {
  const results: ScopeResult[] = [];
  const failures: VisError[] = [];
  for (const scope of read.scopes) {
    const brand = { id: String(scope.brand.id ?? ''), name: scope.brand.name };
    const first = scope.reads[0];
    if (scope.failed !== undefined || first === undefined) {
      const e = scope.failed!;
      failures.push(e);
      results.push({ brand, market: null, raw: null, envelope: null, error: { code: e.code ?? e.kind, message: e.message, exitCode: exitCodeFor(e) } });
      continue;
    }
    const market = scopeMarket(first.spec, scope);
    const { answer, error } = read.outcomeOf(first);
    if (answer !== undefined) {
      results.push({ brand, market: answeredMarket(market, answer.envelope.meta), raw: answer.raw, envelope: answer.envelope, error: null });
      continue;
    }
    const e = error!;
    failures.push(e);
    results.push({ brand, market, raw: null, envelope: null, error: { code: e.code ?? e.kind, message: e.message, exitCode: exitCodeFor(e) } });
  }
  if (results.length > 0 && failures.length === results.length && failures.every((f) => f instanceof VisError && f.kind === 'server')) throw failures[0];
  return { results, firstFailure: failures[0] };
}

/** One line on stderr per failed scope, in output order. */
export function reportFailures(ctx: Context, results: readonly ScopeResult[]): void {
  for (const r of results) {
    if (!r.error) continue;
    const where = `${r.brand.name}${r.market ? ` (${r.market.code})` : ''}`;
    writeMessage(ctx.io, `vis: ${sanitizeForTerminal(where)}: ${sanitizeForTerminal(r.error.message)}`);
  }
}
