/**
 * The export's pure parts: slugs, option parsing, reading /usage and /brands, items, the
 * plan and its cost.
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, endpointById, needsArgument, type EndpointId } from '../../src/endpoints.js';
import { brandsFromPayload, budgetFromUsage, marketsFromPayload } from '../../src/api/account.js';
import { ITEM_SOURCES, ItemFieldError, itemsFromList } from '../../src/export/items.js';
import { defaultEndpoints, exportableEndpoints, parseExportOptions, parseOnly, resolveExportFormat } from '../../src/export/options.js';
import { brandTasks, estimate, filePath, planBrand, SAME_IN_EVERY_MARKET, type ExportBrand } from '../../src/export/plan.js';
import { marketFolder, MAX_SLUG, slugify, uniqueSlugs } from '../../src/text/slug.js';
import { worstExitCode } from '../../src/export/execute-plan.js';
import { LimitError, PlanError } from '../../src/errors.js';

const TODAY = '2026-11-22';
const refusal = (f: () => unknown): string => {
  try {
    f();
  } catch (err) {
    expect((err as { kind: string }).kind).toBe('usage');
    return (err as Error).message;
  }
  throw new Error('expected a usage error');
};

describe('slugs', () => {
  it.each([
    ['Northwind CRM', 'northwind-crm'],
    ['  Alder & Finch Coffee  ', 'alder-finch-coffee'],
    ['Welches CRM ist für Start-ups?', 'welches-crm-ist-fur-start-ups'],
    ['Straße Ærø Œuvre', 'strasse-aero-oeuvre'],
    ['../../etc/passwd', 'etc-passwd'],
    ['.hidden', 'hidden'],
    ['日本語', ''],
    ['Ｆｕｌｌ－ｗｉｄｔｈ', 'full-width'],
  ])('%j -> %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('stays within MAX_SLUG and never ends in a dash', () => {
    const s = slugify(`${'word '.repeat(40)}end`);
    expect(s.length).toBeLessThanOrEqual(MAX_SLUG);
    expect(s.endsWith('-')).toBe(false);
  });

  it('names that slug the same all get their tag, whatever the order', () => {
    const a = { key: '1', name: 'Acme!', tag: '1', fallback: 'brand' };
    const b = { key: '2', name: 'acme', tag: '2', fallback: 'brand' };
    const c = { key: '3', name: 'Globex', tag: '3', fallback: 'brand' };
    const forward = uniqueSlugs([a, b, c]);
    const backward = uniqueSlugs([c, b, a]);
    expect([...forward]).toEqual([
      ['1', 'acme-1'],
      ['2', 'acme-2'],
      ['3', 'globex'],
    ]);
    expect(backward.get('1')).toBe('acme-1');
    expect(backward.get('2')).toBe('acme-2');
  });

  it('empty and reserved names get a fallback; a tag that meets a real name is numbered', () => {
    const slugs = uniqueSlugs([
      { key: '5', name: '日本語', tag: '5', fallback: 'brand' },
      { key: '6', name: 'CON', tag: '6', fallback: 'brand' },
      { key: '7', name: 'acme 8', tag: '7', fallback: 'brand' },
      { key: '8', name: 'Acme', tag: '8', fallback: 'brand' },
      { key: '9', name: 'acme', tag: '9', fallback: 'brand' },
    ]);
    expect(slugs.get('5')).toBe('brand-5');
    expect(slugs.get('6')).toBe('con-6');
    expect(slugs.get('7')).toBe('acme-8');
    expect(slugs.get('8')).toBe('acme-8-2');
    expect(slugs.get('9')).toBe('acme-9');
    expect(new Set(slugs.values()).size).toBe(5);
  });

  it('market folders keep codes and cannot climb out', () => {
    expect(marketFolder('US-en')).toBe('US-en');
    expect(marketFolder('1012')).toBe('1012');
    expect(marketFolder('../x')).toBe('x');
    expect(marketFolder('nul')).toBe('nul-market');
    expect(marketFolder('..')).toMatch(/^market-[0-9a-f]{8}$/);
  });
});

describe('options', () => {
  it('by default: every GET data endpoint without an argument, in table order', () => {
    const ids = defaultEndpoints().map((e) => e.id);
    expect(ids).toEqual(ENDPOINTS.filter((e) => e.method === 'GET' && e.group === 'data' && !needsArgument(e)).map((e) => e.id));
    expect(ids).not.toContain('markets');
    expect(ids).not.toContain('topics.get');
    expect(ids).not.toContain('answers.runs');
    expect(ids).not.toContain('pitches.create');
  });

  it('--only keeps table order, accepts item endpoints and markets, refuses the rest by name', () => {
    expect(parseOnly('competitors, topics.get ,topics,topics').map((e) => e.id)).toEqual(['topics', 'topics.get', 'competitors']);
    expect(parseOnly('markets').map((e) => e.id)).toEqual(['markets']);
    expect(refusal(() => parseOnly('topics,foo'))).toBe('--only: unknown endpoint id "foo"');
    expect(refusal(() => parseOnly('usage'))).toMatch(/usage is not exported/);
    expect(refusal(() => parseOnly(' , '))).toMatch(/at least one endpoint id/);
  });

  it('a name of Object.prototype is an unknown id, not a reason', () => {
    expect(refusal(() => parseOnly('constructor'))).toBe('--only: unknown endpoint id "constructor"');
    expect(refusal(() => parseOnly('toString,topics'))).toBe('--only: unknown endpoint id "toString"');
  });

  it('every exportable endpoint that needs an argument knows where its items come from', () => {
    const needing = exportableEndpoints()
      .filter(needsArgument)
      .map((e) => e.id);
    expect(Object.keys(ITEM_SOURCES).sort()).toEqual(needing.sort());
    for (const [id, source] of Object.entries(ITEM_SOURCES)) {
      const spec = endpointById(id as EndpointId);
      const list = endpointById(source.list);
      expect(needsArgument(list)).toBe(false);
      expect(list.market).toBe(spec.market);
      if ('path' in source.into) expect(spec.pathParam?.name).toBe(source.into.path);
      else expect(spec.query.find((q) => q.required)?.name).toBe(source.into.query);
    }
  });

  it('parses the command line, and refuses what cannot work before any request', () => {
    const o = parseExportOptions({ dir: 'out', format: 'json', allBrands: true, days: '30', param: ['x=1'] }, TODAY, '/tmp/base');
    expect(o).toMatchObject({ dir: '/tmp/base/out', format: 'json', allBrands: true, allMarkets: false, dryRun: false, force: false, only: false });
    expect(o.flags.period).toEqual({ days: 30, from: undefined, to: undefined });
    expect(o.flags.params).toEqual([['x', '1']]);
    expect(refusal(() => parseExportOptions({ dir: 'x', format: 'table' }, TODAY))).toMatch(/csv \(the default\) or json/);
    expect(refusal(() => parseExportOptions({}, TODAY))).toMatch(/--dir <folder> is required by vis export/);
    expect(refusal(() => parseExportOptions({ dir: 'x', allMarkets: true, market: 'US-en' }, TODAY))).toMatch(/cannot be used together/);
  });

  it('the format: the flag, else a saved csv or json, else csv (a saved table is a display preference)', () => {
    const o = parseExportOptions({ dir: 'x' }, TODAY);
    expect(resolveExportFormat(o, { value: 'table', source: 'default' })).toBe('csv');
    expect(resolveExportFormat(o, { value: 'json', source: 'VIS_FORMAT' })).toBe('json');
    expect(resolveExportFormat({ ...o, format: 'csv' }, { value: 'json', source: 'VIS_FORMAT' })).toBe('csv');
  });
});

describe('reading the account', () => {
  it.each([
    [{ reads: { limit: 50000, used: 31877, left: 18123 }, pitch_reports: { left: 2 } }, 18123],
    [{ pitch_reports: { left: 2 }, reads: { limit: 100, used: 40 } }, 60],
    [{ reads_left: 12 }, 12],
    [{ used: 10000, limit: 10000 }, 0],
    [{ read_budget: { remaining: 5.9 } }, 5],
    [{ pitch_reports: { left: 2 } }, undefined],
    [[1, 2], undefined],
  ])('reads left from %j', (data, left) => {
    expect(budgetFromUsage(data).left).toBe(left);
  });

  it('the reset time, not the pitch allowance’s', () => {
    expect(budgetFromUsage({ pitch_reports: { resets_at: 'no' }, reads: { left: 1 }, resets_at: '2026-12-01T00:00:00Z' }).resetsAt).toBe(
      '2026-12-01T00:00:00Z',
    );
    expect(budgetFromUsage({ reads: { left: 1, reset_on: '2026-12-01' } }).resetsAt).toBe('2026-12-01');
  });

  it('brands, with the markets /brands happens to list; unknown shapes fall back', () => {
    expect(
      brandsFromPayload({
        brands: [
          { id: 1, name: 'A', primary_market: 'US-en', markets: ['US-en', 'GB-en'] },
          { id: '2', name: 'B', markets: [{ code: 'DE-de' }, { id: 9 }] },
          { id: 3, name: 'C', markets: [{ label: 'no code' }] },
          { id: 4 },
          'junk',
        ],
      }),
    ).toEqual([
      { id: 1, name: 'A', primaryMarket: 'US-en', markets: ['US-en', 'GB-en'] },
      { id: '2', name: 'B', markets: ['DE-de', '9'] },
      { id: 3, name: 'C' },
    ]);
    expect(brandsFromPayload({ nothing: true })).toEqual([]);
    expect(marketsFromPayload({ markets: [{ code: 'US-en' }, { code: 'GB-en' }] })).toEqual(['US-en', 'GB-en']);
    expect(marketsFromPayload({ markets: [] })).toEqual([]);
    expect(marketsFromPayload({ count: 2 })).toBeUndefined();
  });
});

describe('items', () => {
  it('ids from the list, deduplicated, with unique file names', () => {
    const items = itemsFromList(
      endpointById('topics.get'),
      { topics: [{ id: 'crm-software' }, { id: 'CRM Software' }, { id: 'crm-software' }, { id: 42 }] },
      'X',
    );
    expect(items.map((i) => i.key)).toEqual(['crm-software', 'CRM Software', '42']);
    expect(items[0]!.slug).toMatch(/^crm-software-[0-9a-f]{8}$/);
    expect(items[1]!.slug).toMatch(/^crm-software-[0-9a-f]{8}$/);
    expect(items[0]!.slug).not.toBe(items[1]!.slug);
    expect(items[2]!.slug).toBe('42');
  });

  it('competitors.get leaves out the brand’s own row', () => {
    const data = { competitors: [{ name: 'Northwind CRM', is_brand: true }, { name: 'Globex CRM' }, { name: 'northwind crm' }] };
    expect(itemsFromList(endpointById('competitors.get'), data, 'Northwind CRM').map((i) => i.key)).toEqual(['Globex CRM']);
  });

  it('rows without the naming field are an error, not a guess', () => {
    expect(() => itemsFromList(endpointById('answers.runs'), { answers: [{ question: 'x' }] }, undefined)).toThrow(ItemFieldError);
  });
});

const brand = (over: Partial<ExportBrand> = {}): ExportBrand => ({ id: 1, name: 'Acme', slug: 'acme', ...over });
const ids = (specs: EndpointId[]) => specs.map(endpointById);

describe('the plan and its cost', () => {
  it('one market: one read per endpoint; brand-level endpoints go to the brand folder', () => {
    const endpoints = defaultEndpoints();
    const tasks = brandTasks(planBrand(brand({ primaryMarket: 'US-en' }), { kind: 'one', market: undefined }), endpoints);
    expect(tasks.map((t) => t.endpoint.id)).toEqual(
      endpoints
        .filter((e) => e.market)
        .map((e) => e.id)
        .concat(endpoints.filter((e) => !e.market).map((e) => e.id)),
    );
    expect(estimate(tasks, endpoints)).toMatchObject({ reads: endpoints.length, exact: true });
    expect(filePath(tasks[0]!, tasks[0]!.slot, 'csv')).toBe('acme/US-en/overview.csv');
    const pitches = tasks.find((t) => t.endpoint.id === 'pitches')!;
    expect(filePath(pitches, pitches.slot, 'json')).toBe('acme/pitches.json');
  });

  it('several markets: market data per market, what is the same everywhere once, with copies', () => {
    const endpoints = ids(['topics', 'technical', 'brand-perception', 'pitches']);
    const pb = planBrand(brand({ listedMarkets: ['US-en', 'GB-en', 'DE-de'] }), { kind: 'all' });
    expect(pb.marketsFrom).toBe('brands');
    const tasks = brandTasks(pb, endpoints);
    expect(tasks.map((t) => `${t.endpoint.id}@${t.slot?.label ?? '-'}+${t.copies.length}`)).toEqual([
      'topics@US-en+0',
      'technical@US-en+2',
      'brand-perception@US-en+2',
      'topics@GB-en+0',
      'topics@DE-de+0',
      'pitches@-+0',
    ]);
    expect(estimate(tasks, endpoints).reads).toBe(6);
    expect([...SAME_IN_EVERY_MARKET].every((id) => endpointById(id).market)).toBe(true);
  });

  it('unknown markets: GET /markets first, one placeholder market, "at least"', () => {
    const endpoints = ids(['visibility', 'technical', 'topics', 'topics.get', 'pitches']);
    const pb = planBrand(brand(), { kind: 'all' });
    expect(pb).toMatchObject({ slots: undefined, marketsFrom: 'markets' });
    const tasks = brandTasks(pb, endpoints);
    expect(tasks.map((t) => t.endpoint.id)).toEqual(['markets', 'visibility', 'technical', 'topics', 'pitches']);
    expect(tasks[0]).toMatchObject({ discoversMarkets: true, write: false });
    expect(tasks.filter((t) => t.placeholder).map((t) => t.endpoint.id)).toEqual(['visibility', 'technical', 'topics']);
    const cost = estimate(tasks, endpoints);
    expect(cost).toMatchObject({ reads: 5, exact: false, readsPerExtraMarket: 2 });
    expect(cost.pendingItems.map((p) => `${p.endpoint.id}<${p.list.id}`)).toEqual(['topics.get<topics']);
  });

  it('the markets export shares the read that learns the markets', () => {
    const tasks = brandTasks(planBrand(brand(), { kind: 'all' }), ids(['markets', 'visibility']));
    expect(tasks.map((t) => [t.endpoint.id, t.write, t.discoversMarkets])).toEqual([
      ['markets', true, true],
      ['visibility', true, false],
    ]);
  });

  it('item endpoints: one list read shared with the list export, or a list read that writes nothing', () => {
    const shared = brandTasks(planBrand(brand(), { kind: 'one', market: 'US-en' }), ids(['topics', 'topics.get']));
    expect(shared.map((t) => [t.endpoint.id, t.write, t.feeds.map((f) => f.id)])).toEqual([['topics', true, ['topics.get']]]);
    const alone = brandTasks(planBrand(brand(), { kind: 'one', market: 'US-en' }), ids(['answers.runs', 'pitches.get']));
    expect(alone.map((t) => [t.endpoint.id, t.write, t.feeds.map((f) => f.id), t.slot?.param])).toEqual([
      ['answers', false, ['answers.runs'], 'US-en'],
      ['pitches', false, ['pitches.get'], undefined],
    ]);
  });
});

describe('the worst exit code', () => {
  const quota = new LimitError('used up', { code: 'quota_exceeded' });
  it('the failure that stopped the export wins, even over a higher code', () => {
    expect(worstExitCode(quota, [{ exit_code: 7 }], [], false)).toBe(6);
    expect(worstExitCode(new PlanError('inactive', { code: 'plan_inactive' }), [{ exit_code: 7 }], [], false)).toBe(4);
  });
  it('otherwise the highest code among the failures; 6 when reads ran out; 0 when nothing failed', () => {
    expect(worstExitCode(undefined, [{ exit_code: 5 }, { exit_code: 7 }, { exit_code: 2 }], [], false)).toBe(7);
    expect(worstExitCode(undefined, [{ exit_code: 5 }], [{ reason: 'read_budget' }], false)).toBe(6);
    expect(worstExitCode(undefined, [], [], true)).toBe(6);
    expect(worstExitCode(undefined, [], [], false)).toBe(0);
  });
});
