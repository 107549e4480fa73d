/** The hint line under an API error (src/services/hints.ts), through run() and the fake API. */
import { describe, expect, it } from 'vitest';
import { apiFailure, FakeApi, ok } from '../support/http.js';
import { runInProcess } from '../support/run.js';

const BRANDS = ok({
  brands: [
    { id: 201, name: 'Bluepeak Outdoor' },
    { id: 202, name: 'Larkspur Dental' },
  ],
});
const API_WORDS = 'This account has 2 brands; pass brand_id: 201 (Bluepeak Outdoor), 202 (Larkspur Dental)';

describe('brand_required', () => {
  it('lists the brands once, in the CLI’s words, with --brand and `vis config set brand`', async () => {
    const api = new FakeApi()
      .on({ method: 'GET', path: '/topics' }, apiFailure(400, 'brand_required', API_WORDS))
      .on({ method: 'GET', path: '/brands' }, BRANDS);
    const r = await runInProcess(['topics'], { api });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      [
        'vis: This account has 2 brands and the command names none [brand_required]',
        'Choose one with --brand <name|id> (or VIS_BRAND), or save one for this profile with vis config set brand <id>.',
        'Brands: 201 Bluepeak Outdoor, 202 Larkspur Dental',
        '',
      ].join('\n'),
    );
    expect(r.stderr).not.toContain('brand_id');
    api.verify();
  });

  it('a brand GET /brands lists twice is counted and named once', async () => {
    const twice = ok({
      brands: [
        { id: 201, name: 'Bluepeak Outdoor' },
        { id: 202, name: 'Larkspur Dental' },
        { id: 201, name: 'Bluepeak Outdoor' },
      ],
    });
    const api = new FakeApi()
      .on({ method: 'GET', path: '/topics' }, apiFailure(400, 'brand_required', API_WORDS))
      .on({ method: 'GET', path: '/brands' }, twice);
    const r = await runInProcess(['topics'], { api });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('vis: This account has 2 brands and the command names none [brand_required]');
    expect(r.stderr).toContain('Brands: 201 Bluepeak Outdoor, 202 Larkspur Dental\n');
  });

  it('without the list (GET /brands fails) the API’s message stays, and the hint still says how to choose', async () => {
    const api = new FakeApi()
      .on({ method: 'GET', path: '/topics' }, apiFailure(400, 'brand_required', API_WORDS))
      .on({ method: 'GET', path: '/brands' }, apiFailure(404, 'not_found', 'gone'));
    const r = await runInProcess(['topics'], { api });
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`vis: ${API_WORDS} [brand_required]`);
    expect(r.stderr).toContain('vis config set brand <id>');
  });
});

describe('feature_not_in_plan', () => {
  const cases: Array<[string[], string, string, RegExp]> = [
    [['pitches', 'create', 'acme.example', '--yes'], 'POST', '/pitches', /^This plan carries no pitch reports \(vis usage shows the allowance\)/],
    [['tasks'], 'GET', '/tasks', /^vis tasks needs the Pro or Growth plan/],
    [['api', '/forum'], 'GET', '/forum', /^Brand perception, forum threads, AI traffic and tasks need the Pro or Growth plan/],
  ];
  it.each(cases)('%j: the hint names what this command needs', async (argv, method, path, hint) => {
    const api = new FakeApi().on({ method: method as 'GET' | 'POST', path }, apiFailure(403, 'feature_not_in_plan', 'Not on this plan'));
    const r = await runInProcess(argv, { api });
    expect(r.code).toBe(4);
    expect(r.stderr.split('\n')[1]).toMatch(hint);
    expect(r.stderr).not.toMatch(/pitch/i.test(path) ? /Brand perception/ : /pitch reports/);
  });
});

describe('hints from the endpoint entry', () => {
  it('integration_not_connected names the integration the entry says the endpoint needs', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/search-performance' }, apiFailure(409, 'integration_not_connected', 'Not connected'));
    const r = await runInProcess(['search-performance'], { api });
    expect(r.code).toBe(4);
    expect(r.stderr.split('\n')[1]).toBe('Connect the search console integration in the app (Settings → Integrations), then try again.');
  });

  it('integration_not_connected through `vis api`, where no entry says which: a hint that names none', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/search-performance' }, apiFailure(409, 'integration_not_connected', 'Not connected'));
    const r = await runInProcess(['api', '/search-performance'], { api });
    expect(r.code).toBe(4);
    expect(r.stderr.split('\n')[1]).toBe('Connect the integration the endpoint needs in the app (Settings → Integrations), then try again.');
  });

  it.each([
    [['topics', 'nope'], '/topics/nope', 'vis topics lists topic ids.'],
    [['answers', 'runs', '--prompt', 'What is it?'], '/answers/runs', 'vis answers lists the questions with their ids; --prompt takes either.'],
    [['tasks', '99'], '/tasks/99', 'vis tasks lists task ids (add --status to see tasks that are not open).'],
    [['competitors', 'Nobody'], '/competitors/Nobody', 'vis competitors lists the names as AI writes them.'],
  ])('not_found on %j points to the list (the entry’s listHint) before the code', async (argv, path, hint) => {
    const api = new FakeApi().on({ method: 'GET', path }, apiFailure(404, 'not_found', 'No such thing; GET /x lists them'));
    const r = await runInProcess(argv, { api });
    expect(r.code).toBe(5);
    expect(r.stderr.split('\n')[0]).toBe(`vis: No such thing: ${hint.replace(/\.$/, '')} [not_found]`);
  });

  it('quota_exceeded says it once, the number written as vis writes counts, no jargon', async () => {
    const api = new FakeApi().on(
      { method: 'GET', path: '/topics' },
      apiFailure(429, 'quota_exceeded', 'The monthly budget of 200000 reads is used up; it resets on 2026-12-01'),
    );
    const r = await runInProcess(['topics', '--brand', '201'], { api });
    expect(r.stderr).toBe(
      'vis: The monthly budget of 200,000 reads is used up; it resets on 2026-12-01 [quota_exceeded]\nvis usage shows what is left of each allowance.\n',
    );
  });

  it('brand_not_found from the API: one hint naming `vis brands` and the brands, not the message again', async () => {
    const api = new FakeApi()
      .on({ method: 'GET', path: '/topics' }, apiFailure(404, 'brand_not_found', 'Brand 999 is not on this account'))
      .on({ method: 'GET', path: '/brands' }, ok({ brands: [{ id: 201, name: 'Bluepeak Outdoor' }] }));
    const r = await runInProcess(['topics', '--brand', '999'], { api });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe('vis: Brand 999 is not on this account [brand_not_found]\nvis brands lists them: 201 Bluepeak Outdoor\n');
  });
});
