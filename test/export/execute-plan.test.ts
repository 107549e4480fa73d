/**
 * The export runner against a scripted API (a function from request to answer): what it
 * sends, in which order, what it writes, and what it records when things go wrong.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/endpoints.js';
import { InterruptedError, LimitError, NotFoundError, PlanError, ServerError, type VisError } from '../../src/errors.js';
import type { ApiRequest, ApiResponse } from '../../src/http/client.js';
import { planBrand, type ExportBrand } from '../../src/export/plan.js';
import { runExport, type RunInput, type RunResult } from '../../src/export/execute-plan.js';
import { MAX_NESTING } from '../../src/text/nesting.js';

type Answer = Record<string, unknown> | VisError;
type Script = (req: ApiRequest, query: Record<string, string>) => Answer;

function ok(data: Record<string, unknown>, meta: Record<string, unknown> = {}): ApiResponse {
  const envelope = { data, meta };
  return { status: 200, raw: JSON.stringify(envelope), envelope, attempts: 1 };
}

/** Runs an export against `script`; returns the result and the requests as `path?query`. */
async function run(
  script: Script,
  over: Partial<RunInput> & { ids: string[]; metaMarket?: string },
): Promise<{ result: RunResult; sent: string[]; dir: string }> {
  const { ids, metaMarket, ...rest } = over;
  const dir = over.dir ?? mkdtempSync(join(tmpdir(), 'vis-runner-'));
  const sent: string[] = [];
  const input: RunInput = {
    dir,
    format: 'csv',
    // In table order, as the command hands them over.
    endpoints: ENDPOINTS.filter((e) => ids.includes(e.id)),
    brands: over.brands ?? [planBrand(acme(), { kind: 'one', market: 'US-en' })],
    period: {},
    params: [],
    readsLeft: 1000,
    force: false,
    ...rest,
  };
  const result = await runExport(input, {
    now: () => Date.UTC(2026, 10, 22, 12),
    send: async (req) => {
      const query = Object.fromEntries(req.query ?? []);
      sent.push(`${req.path}${Object.keys(query).length > 0 ? `?${new URLSearchParams(query as Record<string, string>).toString()}` : ''}`);
      const answer = script(req, query as Record<string, string>);
      if (answer instanceof Error) throw answer;
      // Like the API: meta.market says which market answered (the scripted API knows a
      // default market only when the test gives one).
      const market = query.market ?? metaMarket;
      return ok(answer, market ? { market: { code: market } } : {});
    },
  });
  return { result, sent, dir };
}

const acme = (over: Partial<ExportBrand> = {}): ExportBrand => ({ id: 1, name: 'Acme', slug: 'acme', ...over });
const rows = (n: number, key = 'rows') => ({ [key]: Array.from({ length: n }, (_, i) => ({ n: i })) });
const plain: Script = (req) => (req.path === '/topics' ? { topics: [{ id: 't1' }, { id: 't2' }] } : rows(2));

describe('the order and the requests', () => {
  it('brand_id and market on every request, the period only where it applies, --param everywhere', async () => {
    const { sent, result } = await run(plain, {
      ids: ['overview', 'visibility', 'search-performance', 'pitches'],
      period: { days: 30 },
      params: [['x', '1']],
    });
    expect(sent).toEqual([
      '/overview?brand_id=1&market=US-en&days=30&x=1',
      '/visibility?brand_id=1&market=US-en&x=1',
      '/search-performance?brand_id=1&market=US-en&days=30&x=1',
      '/pitches?brand_id=1&x=1',
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.files.map((f) => [f.path, f.rows])).toEqual([
      // overview's data is one record (no collection): its csv is key/value, one row per
      // figure (rows.0.n, rows.1.n), whatever arrays it holds.
      ['acme/US-en/overview.csv', 2],
      ['acme/US-en/visibility.csv', 2],
      ['acme/US-en/search-performance.csv', 2],
      ['acme/pitches.csv', 2],
    ]);
  });

  it('--from/--to go to range endpoints only; search-performance keeps its own window', async () => {
    const { sent } = await run(plain, { ids: ['topics', 'search-performance'], period: { from: '2026-11-01', to: '2026-11-20' } });
    expect(sent).toEqual(['/topics?brand_id=1&market=US-en&from=2026-11-01&to=2026-11-20', '/search-performance?brand_id=1&market=US-en']);
  });

  it('items: the list first, then each item, path parameters encoded, prompts as a query', async () => {
    const script: Script = (req) => {
      if (req.path === '/competitors') return { competitors: [{ name: 'Acme', is_brand: true }, { name: 'Globex CRM' }, { name: 'A/B Co' }] };
      if (req.path === '/answers') return { answers: [{ prompt: 'best crm?' }] };
      return rows(1);
    };
    const { sent, result, dir } = await run(script, { ids: ['competitors.get', 'answers.runs'] });
    expect(sent).toEqual([
      '/answers?brand_id=1&market=US-en',
      '/competitors?brand_id=1&market=US-en',
      '/answers/runs?brand_id=1&market=US-en&prompt=best+crm%3F',
      '/competitors/Globex%20CRM?brand_id=1&market=US-en',
      '/competitors/A%2FB%20Co?brand_id=1&market=US-en',
    ]);
    expect(result.files.map((f) => [f.path, f.item])).toEqual([
      ['acme/US-en/answers.runs/best-crm.csv', 'best crm?'],
      ['acme/US-en/competitors.get/globex-crm.csv', 'Globex CRM'],
      ['acme/US-en/competitors.get/a-b-co.csv', 'A/B Co'],
    ]);
    // The lists were read but not asked for, so not written.
    expect(existsSync(join(dir, 'acme/US-en/competitors.csv'))).toBe(false);
    expect(result.readsSpent).toBe(5);
    expect(result.readsPlanned).toBe(5);
  });

  it('the folder of the primary market: from /brands, else from the first answer, else `primary`', async () => {
    const primary = (b: ExportBrand) => [planBrand(b, { kind: 'one', market: undefined })];
    const named = await run(() => rows(1), { ids: ['overview'], brands: primary(acme({ primaryMarket: 'US-en' })), metaMarket: 'ignored' });
    expect(named.sent).toEqual(['/overview?brand_id=1']);
    expect(named.result.files.map((f) => f.path)).toEqual(['acme/US-en/overview.csv']);
    const learned = await run(() => rows(1), { ids: ['overview', 'prompts'], brands: primary(acme()), metaMarket: 'GB-en' });
    expect(learned.result.files.map((f) => [f.path, f.market])).toEqual([
      ['acme/GB-en/overview.csv', 'GB-en'],
      ['acme/GB-en/prompts.csv', 'GB-en'],
    ]);
    const unknown = await run(() => rows(1), { ids: ['overview'], brands: primary(acme()) });
    expect(unknown.result.files.map((f) => f.path)).toEqual(['acme/primary/overview.csv']);
  });

  it('several markets: the market-independent data is read once and written to each market', async () => {
    const { sent, result, dir } = await run(plain, {
      ids: ['technical', 'topics'],
      brands: [planBrand(acme({ listedMarkets: ['US-en', 'GB-en'] }), { kind: 'all' })],
    });
    expect(sent).toEqual(['/topics?brand_id=1&market=US-en', '/technical?brand_id=1&market=US-en', '/topics?brand_id=1&market=GB-en']);
    expect(result.files.map((f) => [f.path, f.fetched_in_market ?? null])).toEqual([
      ['acme/US-en/topics.csv', null],
      ['acme/US-en/technical.csv', 'US-en'],
      ['acme/GB-en/technical.csv', 'US-en'],
      ['acme/GB-en/topics.csv', null],
    ]);
    // The same data in each, every row naming the market of the folder it is in (as the manifest does).
    const us = readFileSync(join(dir, 'acme/US-en/technical.csv'), 'utf8');
    expect(readFileSync(join(dir, 'acme/GB-en/technical.csv'), 'utf8')).toBe(us.replaceAll('\r\n1,Acme,US-en,', '\r\n1,Acme,GB-en,'));
    expect(us).toMatch(/^brand_id,brand,market,n\r\n1,Acme,US-en,/);
    expect(result.files.map((f) => f.market)).toEqual(['US-en', 'US-en', 'GB-en', 'GB-en']);
    expect(result.readsSpent).toBe(3);
  });
});

describe('when markets must be read', () => {
  const unknown = (): RunInput['brands'] => [planBrand(acme(), { kind: 'all' })];

  it('GET /markets first, then each market', async () => {
    const script: Script = (req) => (req.path === '/markets' ? { markets: [{ code: 'US-en' }, { code: 'FR-fr' }] } : rows(1));
    const { sent, result } = await run(script, { ids: ['visibility', 'markets', 'pitches'], brands: unknown() });
    expect(sent).toEqual(['/markets?brand_id=1', '/visibility?brand_id=1&market=US-en', '/visibility?brand_id=1&market=FR-fr', '/pitches?brand_id=1']);
    expect(result.files.map((f) => f.path)).toEqual(['acme/markets.csv', 'acme/US-en/visibility.csv', 'acme/FR-fr/visibility.csv', 'acme/pitches.csv']);
    expect(result.brands[0]).toMatchObject({ markets: ['US-en', 'FR-fr'], markets_from: 'markets' });
  });

  it('a failed GET /markets: recorded as failed; the market data of that brand is not attempted; the rest goes on', async () => {
    const script: Script = (req) => (req.path === '/markets' ? new ServerError('boom', { status: 502, code: 'upstream_error' }) : rows(1));
    const { sent, result } = await run(script, { ids: ['visibility', 'pitches'], brands: unknown() });
    expect(sent).toEqual(['/markets?brand_id=1', '/pitches?brand_id=1']);
    expect(result.failed).toEqual([expect.objectContaining({ endpoint: 'markets', path: 'acme/markets.csv', code: 'upstream_error', exit_code: 7 })]);
    expect(result.notAttempted).toEqual([
      expect.objectContaining({ endpoint: 'visibility', path: 'acme/*/visibility.csv', market: null, reason: 'markets_unknown' }),
    ]);
    expect(result.exitCode).toBe(7);
  });
});

describe('skips, failures and stops', () => {
  it('403 feature_not_in_plan and 409 are skipped; a skipped list skips its items too', async () => {
    const script: Script = (req) => {
      if (req.path === '/tasks') return new PlanError('not in plan', { code: 'feature_not_in_plan', status: 403 });
      if (req.path === '/search-performance') return new PlanError('no console', { code: 'integration_not_connected', status: 409 });
      return rows(1);
    };
    const { result } = await run(script, { ids: ['overview', 'search-performance', 'tasks', 'tasks.get'] });
    // The tasks list is read first: it decides how many task briefs there are.
    expect(result.skipped.map((s) => [s.path, s.code]).sort()).toEqual([
      ['acme/US-en/search-performance.csv', 'integration_not_connected'],
      ['acme/US-en/tasks.csv', 'feature_not_in_plan'],
      ['acme/US-en/tasks.get/', 'feature_not_in_plan'],
    ]);
    expect(result.exitCode).toBe(0);
  });

  it('other failures are recorded and the rest still runs; the highest code wins', async () => {
    const script: Script = (req) => {
      if (req.path === '/visibility') return new ServerError('down', { status: 500, code: 'internal_error' });
      if (req.path === '/prompts') return new NotFoundError('gone', { status: 404, code: 'not_found' });
      return rows(1);
    };
    const { sent, result } = await run(script, { ids: ['overview', 'visibility', 'prompts', 'answers'] });
    expect(sent).toHaveLength(4);
    expect(result.files.map((f) => f.endpoint)).toEqual(['overview', 'answers']);
    expect(result.failed.map((f) => [f.endpoint, f.exit_code])).toEqual([
      ['visibility', 7],
      ['prompts', 5],
    ]);
    expect(result.exitCode).toBe(7);
  });

  it.each(['csv', 'json'] as const)(
    'data nested past the limit handed to the runner (%s): that file fails with exit 7, not 1; the rest is written',
    async (format) => {
      // The client refuses such answers; this is the renderers' own bound, in-process.
      const deep = JSON.parse(`${'{"k":'.repeat(200)}1${'}'.repeat(200)}`) as unknown;
      const script: Script = (req) => (req.path === '/prompts' ? { rows: [{ id: 1, deep }] } : rows(1));
      const { result } = await run(script, { ids: ['overview', 'prompts', 'answers'], format });
      expect(result.files.map((f) => f.endpoint)).toEqual(['overview', 'answers']);
      expect(result.failed).toEqual([
        expect.objectContaining({ endpoint: 'prompts', code: 'too_deep', exit_code: 7, message: `the data is nested deeper than ${MAX_NESTING} levels` }),
      ]);
      expect(result.exitCode).toBe(7);
    },
  );

  it('quota_exceeded stops the export: nothing more is sent, the rest is not attempted, exit 6', async () => {
    const script: Script = (req) => (req.path === '/prompts' ? new LimitError('used up', { status: 429, code: 'quota_exceeded' }) : rows(1));
    const { sent, result } = await run(script, { ids: ['overview', 'prompts', 'answers', 'sources', 'pitches'] });
    expect(sent.map((s) => s.split('?')[0])).toEqual(['/overview', '/prompts']);
    expect(result.notAttempted.map((n) => [n.endpoint, n.reason])).toEqual([
      ['answers', 'quota_exceeded'],
      ['sources', 'quota_exceeded'],
      ['pitches', 'quota_exceeded'],
    ]);
    expect(result.stoppedBy?.code).toBe('quota_exceeded');
    expect(result.exitCode).toBe(6);
  });

  it('market_not_found: the rest of that market is not attempted; other brands go on', async () => {
    const two: RunInput['brands'] = [
      planBrand(acme(), { kind: 'one', market: 'XX' }),
      planBrand(acme({ id: 2, name: 'Globex', slug: 'globex' }), { kind: 'one', market: 'XX' }),
    ];
    const script: Script = (_req, q) => (q.brand_id === '1' ? new NotFoundError('no such market', { status: 404, code: 'market_not_found' }) : rows(1));
    const { sent, result } = await run(script, { ids: ['overview', 'prompts', 'pitches'], brands: two });
    expect(sent.map((s) => s.split('?')[0] + (s.includes('brand_id=1') ? ' 1' : ' 2'))).toEqual([
      '/overview 1',
      '/pitches 1',
      '/overview 2',
      '/prompts 2',
      '/pitches 2',
    ]);
    expect(result.notAttempted.map((n) => [n.path, n.reason])).toEqual([['acme/XX/prompts.csv', 'market_not_found']]);
    expect(result.exitCode).toBe(5);
  });

  it('a file that cannot be written stops the export before more reads are spent (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-runner-'));
    mkdirSync(join(dir, 'acme'));
    writeFileSync(join(dir, 'acme', 'US-en'), 'a file where the market folder should be');
    const { sent, result } = await run(plain, { dir, ids: ['overview', 'prompts', 'pitches'] });
    expect(sent.map((s) => s.split('?')[0])).toEqual(['/overview']);
    expect(result.failed).toEqual([expect.objectContaining({ endpoint: 'overview', exit_code: 2 })]);
    // Named as the export names the file, in words, never the temp file Node's message names.
    expect(result.failed[0]!.message).toBe(`could not write ${join(dir, 'acme', 'US-en', 'overview.csv')}: ${join(dir, 'acme', 'US-en')} is not a folder`);
    expect(result.notAttempted.map((n) => n.endpoint)).toEqual(['prompts', 'pitches']);
    expect(result.exitCode).toBe(2);
    expect(readdirSync(join(dir, 'acme')).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('a file the file system refuses is named as the export names it, in words, with what to check (exit 2)', async () => {
    // A name longer than a file system takes (255 bytes): refused by the file system itself.
    const long = planBrand(acme({ slug: 'a'.repeat(300) }), { kind: 'one', market: 'US-en' });
    const { result, dir } = await run(plain, { ids: ['overview'], brands: [long] });
    expect(result.failed).toEqual([expect.objectContaining({ endpoint: 'overview', exit_code: 2, code: 'ENAMETOOLONG' })]);
    expect(result.failed[0]!.message).toBe(`could not write ${join(dir, 'a'.repeat(300), 'US-en', 'overview.csv')}: the name is too long`);
    expect(result.exitCode).toBe(2);
  });

  it('Ctrl-C (an interrupted request) ends the run at once', async () => {
    await expect(
      run((req) => (req.path === '/prompts' ? new InterruptedError() : rows(1)), { ids: ['overview', 'prompts', 'answers'] }),
    ).rejects.toBeInstanceOf(InterruptedError);
  });
});

describe('the read budget', () => {
  it('--force exports what fits, in plan order, and exits 6', async () => {
    const { sent, result } = await run(plain, { ids: ['overview', 'visibility', 'prompts', 'answers'], readsLeft: 2, force: true });
    expect(sent.map((s) => s.split('?')[0])).toEqual(['/overview', '/visibility']);
    expect(result.notAttempted.map((n) => [n.endpoint, n.reason])).toEqual([
      ['prompts', 'read_budget'],
      ['answers', 'read_budget'],
    ]);
    expect(result.exitCode).toBe(6);
  });

  it('items that push the cost over the budget: refused once the lists are read (without --force)', async () => {
    const script: Script = (req) => (req.path === '/topics' ? { topics: Array.from({ length: 10 }, (_, i) => ({ id: `t${i}` })) } : rows(1));
    const { sent, result } = await run(script, { ids: ['overview', 'topics', 'topics.get'], readsLeft: 6 });
    // The list is read first (it decides the cost), then nothing more: 1 + 10 + overview > 6.
    expect(sent.map((s) => s.split('?')[0])).toEqual(['/topics']);
    expect(result.refused).toEqual({ needed: 11, left: 5 });
    expect(result.files.map((f) => f.path)).toEqual(['acme/US-en/topics.csv']);
    expect(result.notAttempted.filter((n) => n.endpoint === 'topics.get')).toHaveLength(10);
    expect(result.readsPlanned).toBe(12);
    expect(result.exitCode).toBe(6);
  });

  it('with --force the same export writes what fits', async () => {
    const script: Script = (req) => (req.path === '/topics' ? { topics: Array.from({ length: 10 }, (_, i) => ({ id: `t${i}` })) } : rows(1));
    const { sent, result } = await run(script, { ids: ['overview', 'topics', 'topics.get'], readsLeft: 6, force: true });
    expect(sent.map((s) => s.split('?')[0])).toEqual(['/topics', '/overview', '/topics/t0', '/topics/t1', '/topics/t2', '/topics/t3']);
    expect(result.files).toHaveLength(6);
    expect(result.exitCode).toBe(6);
  });
});

describe('numbers', () => {
  it('csv files keep the digits the server sent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-runner-'));
    const raw = '{"data":{"topics":[{"id":9007199254740993,"huge":1e400,"score":1.50}]},"meta":{"market":{"code":"US-en"}}}';
    const result = await runExport(
      {
        dir,
        format: 'csv',
        endpoints: ENDPOINTS.filter((e) => e.id === 'topics'),
        brands: [planBrand(acme(), { kind: 'one', market: 'US-en' })],
        period: {},
        params: [],
        readsLeft: 1000,
        force: false,
      },
      { now: () => Date.UTC(2026, 10, 22, 12), send: async () => ({ status: 200, raw, envelope: JSON.parse(raw) as ApiResponse['envelope'], attempts: 1 }) },
    );
    expect(result.exitCode).toBe(0);
    expect(readFileSync(join(dir, 'acme', 'US-en', 'topics.csv'), 'utf8')).toBe(
      'brand_id,brand,market,id,huge,score,period_from,period_to\r\n1,Acme,US-en,9007199254740993,1e400,1.50,,\r\n',
    );
  });
});

describe('the brand and market columns', () => {
  it('a brand name the server sent is formula-guarded and quoted as any cell; its own id as sent', async () => {
    const { dir } = await run(plain, {
      ids: ['topics'],
      brands: [planBrand(acme({ id: 'b-7', name: '=HYPERLINK("x"),@SUM' }), { kind: 'one', market: 'US-en' })],
    });
    expect(readFileSync(join(dir, 'acme/US-en/topics.csv'), 'utf8')).toBe(
      'brand_id,brand,market,id,period_from,period_to\r\n' + `b-7,"'=HYPERLINK(""x""),@SUM",US-en,t1,,\r\n` + `b-7,"'=HYPERLINK(""x""),@SUM",US-en,t2,,\r\n`,
    );
  });

  it('no brand id: an empty cell; a market the API never named: the folder’s, as the manifest says', async () => {
    const { dir, result } = await run(() => rows(1), { ids: ['visibility'], brands: [planBrand(acme({ id: undefined }), { kind: 'one', market: undefined })] });
    expect(result.files.map((f) => [f.path, f.market])).toEqual([['acme/primary/visibility.csv', 'primary']]);
    expect(readFileSync(join(dir, 'acme/primary/visibility.csv'), 'utf8')).toBe('brand_id,brand,market,n\r\n,Acme,primary,0\r\n');
  });

  it('a market learned from the answer names the rows, as it names the folder', async () => {
    const { dir } = await run(() => rows(1), { ids: ['visibility'], brands: [planBrand(acme(), { kind: 'one', market: undefined })], metaMarket: 'GB-en' });
    expect(readFileSync(join(dir, 'acme/GB-en/visibility.csv'), 'utf8')).toBe('brand_id,brand,market,n\r\n1,Acme,GB-en,0\r\n');
  });

  it('json files stay the answer as received', async () => {
    const { dir } = await run(plain, { ids: ['topics'], format: 'json' });
    expect(JSON.parse(readFileSync(join(dir, 'acme/US-en/topics.json'), 'utf8'))).toEqual({
      data: { topics: [{ id: 't1' }, { id: 't2' }] },
      meta: { market: { code: 'US-en' } },
    });
  });
});
