import { describe, expect, it } from 'vitest';
import { AuthError, InterruptedError, LimitError, NotFoundError, PlanError, ServerError, UsageError } from '../../src/errors.js';
import { endpointById } from '../../src/endpoints.js';
import type { ApiRequest } from '../../src/http/client.js';
import {
  accountBrands,
  checkBudget,
  marketsRequest,
  readScopes,
  reportFailures,
  scopeProgress,
  scopeResults,
  uncachedReads,
  type PlannedScope,
  type ScopeRead,
  type ScopesJob,
} from '../../src/services/scopes.js';
import type { Session } from '../../src/services/session.js';
import type { Context } from '../../src/services/context.js';
import { silentProgress } from '../../src/terminal/progress.js';
import { testContext, testIO } from '../support/context.js';

type Answer = { raw: string } | { error: Error };

/** A session whose client answers each request in turn from `answers`; no cache. */
function fakeSession(answers: Answer[]): Session & { sent: ApiRequest[]; shown: string[] } {
  const sent: ApiRequest[] = [];
  const shown: string[] = [];
  const session = {
    sent,
    shown,
    settings: {},
    progress: { ...silentProgress, start: (t: string) => shown.push(t), stop: () => shown.push('(stop)') },
    cacheMode: 'off',
    cache: () => undefined,
    debug: () => undefined,
    warn: () => undefined,
    client: {
      send: async (req: ApiRequest) => {
        sent.push(req);
        const a = answers.shift();
        if (!a) throw new Error('no more answers');
        if ('error' in a) throw a.error;
        return { status: 200, raw: a.raw, envelope: JSON.parse(a.raw), attempts: 1 };
      },
    },
  };
  return session as unknown as Session & { sent: ApiRequest[]; shown: string[] };
}

const topics = endpointById('topics');
/** A data command's scope: `code` null for data the same in every market (read once per brand). */
const scope = (brand: string, code: string | null): PlannedScope => ({
  brand: { id: brand, name: `Brand ${brand}`, slug: '' },
  market: code ?? undefined,
  reads: [{ spec: code === null ? endpointById('technical') : topics, request: { method: 'GET', path: '/topics', query: [['brand_id', brand]] } }],
});

/** The scopes read as `vis topics` reads them, the plan already paid for, and shown as the combined output shows them. */
async function readAll(ctx: Context, session: Session, scopes: PlannedScope[]) {
  const job: ScopesJob<ScopeRead> = {
    what: 'vis topics',
    brands: [],
    markets: undefined,
    specs: [topics],
    plan: () => scopes,
    unknownMarkets: 'one read',
    unlisted: 'brand',
    progress: { read: scopeProgress('vis topics') },
  };
  return scopeResults(await readScopes(ctx, session, job, { scopes, discover: [], count: { reads: 0, cached: 0, needed: 0, discover: 0 } }));
}

function ctxWith(signal = new AbortController().signal): Context & { err(): string } {
  const io = testIO();
  const ctx = testContext({ io });
  return Object.assign(Object.create(ctx) as Context, { signal, err: () => io.err() }) as Context & { err(): string };
}

describe('readScopes, as a data command shows them', () => {
  it('reads each scope in order; a failure is that scope’s error with its exit code; the first is kept', async () => {
    const session = fakeSession([
      { raw: '{"data":{"topics":[]},"meta":{"market":{"code":"US-en","label":"United States"}}}' },
      { error: new PlanError('not connected', { code: 'integration_not_connected' }) },
      { error: new NotFoundError('no such market', { code: 'market_not_found' }) },
      { error: new LimitError('slow down', { code: 'rate_limited' }) },
      { error: new ServerError('bad gateway', { code: 'upstream_error', status: 502 }) },
      { error: new ServerError('odd') },
    ]);
    const scopes = [scope('1', ''), scope('2', 'GB-en'), scope('3', 'AU-en'), scope('4', 'US-en'), scope('5', 'US-en'), scope('6', null)];
    const { results, firstFailure } = await readAll(ctxWith(), session, scopes);
    expect(session.sent.map((r) => r.query)).toEqual(scopes.map((s) => s.reads[0]!.request.query));
    expect(results[0]!.market).toEqual({ code: 'US-en', label: 'United States' });
    expect(results[0]!.error).toBeNull();
    expect(results[0]!.raw).toContain('"topics"');
    expect(results.slice(1).map((r) => r.error)).toEqual([
      { code: 'integration_not_connected', message: 'not connected', exitCode: 4 },
      { code: 'market_not_found', message: 'no such market', exitCode: 5 },
      { code: 'rate_limited', message: 'slow down', exitCode: 6 },
      { code: 'upstream_error', message: 'bad gateway', exitCode: 7 },
      { code: 'server', message: 'odd', exitCode: 7 },
    ]);
    expect(results.slice(1).every((r) => r.raw === null && r.envelope === null)).toBe(true);
    expect(results[2]!.market).toEqual({ code: 'AU-en', label: null });
    expect(firstFailure?.code).toBe('integration_not_connected');
    expect(results.map((r) => r.brand)).toEqual(scopes.map((s) => ({ id: s.brand.id, name: s.brand.name })));
  });

  it('the market the answer names fills a code the request left to the primary; a code sent stays', async () => {
    const session = fakeSession([
      { raw: '{"data":{},"meta":{"market":"DE-de"}}' },
      { raw: '{"data":{},"meta":{"market":{"code":"FR-fr","label":""}}}' },
      { raw: '{"data":{},"meta":{"market":{"code":"", "label":"Somewhere"}}}' },
      { raw: '{"data":{},"meta":{"market":7}}' },
      { raw: '{"data":{}}' },
    ]);
    const { results } = await readAll(ctxWith(), session, [scope('1', ''), scope('2', 'GB-en'), scope('3', ''), scope('4', 'US-en'), scope('5', null)]);
    expect(results.map((r) => r.market)).toEqual([
      { code: 'DE-de', label: null },
      { code: 'GB-en', label: null },
      { code: '', label: 'Somewhere' },
      { code: 'US-en', label: null },
      null,
    ]);
    expect(results.every((r) => r.error === null)).toBe(true);
  });

  it.each([
    ['a bad key', new AuthError('bad key', { code: 'invalid_api_key' })],
    ['Ctrl-C', new InterruptedError()],
    ['bad input', new UsageError('bad', { code: 'invalid_parameter' })],
    ['no network', new ServerError('refused', { transport: 'ECONNREFUSED', maybeSent: false })],
    ['a bug', new TypeError('oops')],
  ])('%s sinks the whole command', async (_name, error) => {
    const session = fakeSession([{ raw: '{"data":{}}' }, { error }, { raw: '{"data":{}}' }]);
    await expect(readAll(ctxWith(), session, [scope('1', 'US-en'), scope('2', 'US-en'), scope('3', 'US-en')])).rejects.toBe(error);
    expect(session.sent).toHaveLength(2);
  });

  it('the progress line names each brand and market with the count', async () => {
    const session = fakeSession([{ raw: '{"data":{}}' }, { raw: '{"data":{}}' }]);
    await readAll(ctxWith(), session, [scope('1', 'US-en'), scope('2', null)]);
    expect(session.shown).toEqual(['vis topics: Brand 1 US-en (1/2)…', 'vis topics: Brand 2 (2/2)…', '(stop)']);
  });

  it('every read failing for its own reasons is not the command’s failure', async () => {
    const session = fakeSession([{ error: new PlanError('no', { code: 'feature_not_in_plan' }) }, { error: new ServerError('down', { status: 503 }) }]);
    const { results, firstFailure } = await readAll(ctxWith(), session, [scope('1', 'US-en'), scope('2', 'US-en')]);
    expect(results.map((r) => r.error?.exitCode)).toEqual([4, 7]);
    expect(firstFailure?.code).toBe('feature_not_in_plan');
  });

  it('a market the answer does not name, or names oddly, stays as asked', async () => {
    const session = fakeSession([{ raw: '{"data":{},"meta":{}}' }, { raw: '{"data":{},"meta":{"market":{"code":5,"label":6}}}' }]);
    const { results } = await readAll(ctxWith(), session, [scope('1', ''), scope('2', 'GB-en')]);
    expect(results.map((r) => r.market)).toEqual([
      { code: '', label: null },
      { code: 'GB-en', label: null },
    ]);
  });

  it('the server failing every read is the command’s failure, as for one brand', async () => {
    const first = new ServerError('down', { status: 503 });
    const session = fakeSession([{ error: first }, { error: new ServerError('down again', { status: 503 }) }]);
    await expect(readAll(ctxWith(), session, [scope('1', 'US-en'), scope('2', 'US-en')])).rejects.toBe(first);
  });

  it('one read left after Ctrl-C is not sent', async () => {
    const ac = new AbortController();
    ac.abort();
    const session = fakeSession([{ raw: '{"data":{}}' }]);
    await expect(readAll(ctxWith(ac.signal), session, [scope('1', 'US-en')])).rejects.toBeInstanceOf(InterruptedError);
    expect(session.sent).toEqual([]);
  });

  it('nothing to read: no results, no failure', async () => {
    expect(await readAll(ctxWith(), fakeSession([]), [])).toEqual({ results: [], firstFailure: undefined });
  });
});

describe('checkBudget', () => {
  const usage = (data: unknown) => fakeSession([{ raw: JSON.stringify({ data }) }]);

  it('nothing to read: GET /usage is not even asked', async () => {
    const session = usage({ reads: { left: 0 } });
    await checkBudget(session, 0, 'vis topics for 3 brands');
    expect(session.sent).toEqual([]);
  });

  it('reads that fit, to the last one, pass', async () => {
    const session = usage({ reads: { left: 3 } });
    await checkBudget(session, 3, 'x');
    expect(session.sent.map((r) => r.path)).toEqual(['/usage']);
  });

  it('more than are left: exit 6 naming both numbers and that nothing was read', async () => {
    const err = await checkBudget(usage({ reads: { left: 1 }, resets_at: '2026-12-01' }), 2, 'vis topics for 3 brands').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LimitError);
    expect((err as LimitError).message).toBe('not enough reads left: vis topics for 3 brands needs 2 reads, and 1 is left this month: nothing was read');
    expect((err as LimitError).hint).toMatch(/^The budget resets 2026-12-01\. Name fewer/);
    // A reset time reads as vis usage writes it.
    const timed = await checkBudget(usage({ reads: { left: 1 }, resets_at: '2026-12-01T00:00:00Z' }), 2, 'x').catch((e: unknown) => e);
    expect((timed as LimitError).hint).toMatch(/^The budget resets 2026-12-01 00:00 UTC\. Name fewer/);
    const none = await checkBudget(usage({ reads: { left: 0 } }), 1, 'x').catch((e: unknown) => e);
    expect((none as LimitError).message).toBe('not enough reads left: x needs 1 read, and 0 are left this month: nothing was read');
    expect((none as LimitError).hint).toMatch(/^The budget resets on the first of the month\./);
  });

  it('a budget GET /usage does not state is not checked', async () => {
    await expect(checkBudget(usage({ something: 'else' }), 1000, 'x')).resolves.toBeUndefined();
  });
});

describe('uncachedReads', () => {
  it('a free endpoint costs nothing; without a cache every read counts', () => {
    const reqs: ApiRequest[] = [scope('1', 'US-en').reads[0]!.request, scope('2', 'US-en').reads[0]!.request];
    expect(uncachedReads(ctxWith(), fakeSession([]), topics, reqs)).toBe(2);
    expect(uncachedReads(ctxWith(), fakeSession([]), endpointById('usage'), reqs)).toBe(0);
  });
});

describe('reportFailures', () => {
  it('one line per failed scope, in order, naming brand and market', () => {
    const ctx = ctxWith();
    const err = (message: string) => ({ code: 'x', message, exitCode: 4 });
    reportFailures(ctx, [
      { brand: { id: '1', name: 'A' }, market: { code: 'US-en', label: null }, raw: null, envelope: null, error: err('first') },
      { brand: { id: '2', name: 'B' }, market: null, raw: '{}', envelope: { data: {} }, error: null },
      { brand: { id: '3', name: 'C\u001b[2J' }, market: null, raw: null, envelope: null, error: err('second') },
    ]);
    expect(ctx.err()).toBe('vis: A (US-en): first\nvis: C: second\n');
  });
});

describe('accountBrands and marketsRequest', () => {
  it('an account of one brand is noted, so its answers are filed with and without brand_id', async () => {
    const one = fakeSession([{ raw: '{"data":{"brands":[{"id":7,"name":"Only"}]}}' }]);
    expect((await accountBrands(ctxWith(), one)).map((b) => b.name)).toEqual(['Only']);
    expect(one.oneBrand).toBe('7');
    const two = fakeSession([{ raw: '{"data":{"brands":[{"id":7,"name":"A"},{"id":8,"name":"B"}]}}' }]);
    await accountBrands(ctxWith(), two);
    expect(two.oneBrand).toBeUndefined();
  });

  it('a brand listed twice is one brand: kept where first listed, and an account of it alone is an account of one brand', async () => {
    const twice = fakeSession([{ raw: '{"data":{"brands":[{"id":7,"name":"Only"},{"id":"7","name":"Only again"}]}}' }]);
    expect((await accountBrands(ctxWith(), twice)).map((b) => b.name)).toEqual(['Only']);
    expect(twice.oneBrand).toBe('7');
  });

  it('GET /markets names the brand when it has an id', () => {
    expect(marketsRequest({ id: 7, name: 'A' })).toEqual({ method: 'GET', path: '/markets', query: [['brand_id', '7']] });
    expect(marketsRequest({ id: undefined, name: 'A' })).toEqual({ method: 'GET', path: '/markets', query: [] });
  });
});
