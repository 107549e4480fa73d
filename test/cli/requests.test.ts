/**
 * argv -> the exact request, in-process (docs/commands.md, and docs/guide.md's Global options): each
 * command line runs through run() as `vis` would, and the fake API behind the Context's
 * transport seam records what was sent: method, path as encoded, query pairs in order,
 * JSON body. A second table: argv -> usage error (exit 2, the message) with no request
 * sent at all. No process is spawned and nothing waits; test/e2e keeps what needs a real
 * process.
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/endpoints.js';
import { FakeApi, ok, type Reply } from '../support/http.js';
import { runInProcess } from '../support/run.js';

type Pairs = Array<[string, string]>;

interface Sent {
  method: 'GET' | 'POST';
  path: string;
  query?: Pairs;
  body?: Record<string, unknown>;
}

interface RequestCase {
  /** The endpoint of the table this case sends to (its last request). */
  endpoint: string;
  argv: string[];
  env?: Record<string, string>;
  /** Every request, in order: a brand name costs a free GET /brands first. */
  sent: Sent[];
}

const BRANDS = ok({
  brands: [
    { id: 7, name: 'Acme Corp' },
    { id: 12, name: 'Globex' },
  ],
});
const BRAND_LOOKUP: Sent = { method: 'GET', path: '/brands' };

/** At least one case per endpoint; the first ones of an endpoint are the plainest. */
const REQUESTS: RequestCase[] = [
  { endpoint: 'brands', argv: ['brands'], sent: [{ method: 'GET', path: '/brands' }] },
  { endpoint: 'markets', argv: ['markets', '--brand', '12'], sent: [{ method: 'GET', path: '/markets', query: [['brand_id', '12']] }] },
  { endpoint: 'usage', argv: ['usage'], sent: [{ method: 'GET', path: '/usage' }] },
  {
    endpoint: 'overview',
    argv: ['overview', '--brand', 'acme corp', '--market', 'US-en', '--days', '30'],
    sent: [
      BRAND_LOOKUP,
      {
        method: 'GET',
        path: '/overview',
        query: [
          ['brand_id', '7'],
          ['market', 'US-en'],
          ['days', '30'],
        ],
      },
    ],
  },
  { endpoint: 'visibility', argv: ['visibility', '-m', 'DE-de'], sent: [{ method: 'GET', path: '/visibility', query: [['market', 'DE-de']] }] },
  {
    endpoint: 'topics',
    argv: ['topics', '--from', '2026-10-01', '--to', '2026-10-31'],
    sent: [
      {
        method: 'GET',
        path: '/topics',
        query: [
          ['from', '2026-10-01'],
          ['to', '2026-10-31'],
        ],
      },
    ],
  },
  { endpoint: 'topics', argv: ['topics', '-d', '1'], sent: [{ method: 'GET', path: '/topics', query: [['days', '1']] }] },
  // Brand and market from the environment; --param pairs go last, verbatim, in order.
  {
    endpoint: 'topics',
    argv: ['topics', '--param', 'x=1', '--param', 'y=a=b'],
    env: { VIS_BRAND: '12', VIS_MARKET: 'US-en' },
    sent: [
      {
        method: 'GET',
        path: '/topics',
        query: [
          ['brand_id', '12'],
          ['market', 'US-en'],
          ['x', '1'],
          ['y', 'a=b'],
        ],
      },
    ],
  },
  { endpoint: 'topics.get', argv: ['topics', 'pricing & plans/2026'], sent: [{ method: 'GET', path: '/topics/pricing%20%26%20plans%2F2026' }] },
  { endpoint: 'prompts', argv: ['prompts'], sent: [{ method: 'GET', path: '/prompts' }] },
  { endpoint: 'answers', argv: ['answers'], sent: [{ method: 'GET', path: '/answers' }] },
  {
    endpoint: 'answers.runs',
    argv: ['answers', 'runs', '--prompt', 'What is the best CRM? (2026)'],
    sent: [{ method: 'GET', path: '/answers/runs', query: [['prompt', 'What is the best CRM? (2026)']] }],
  },
  { endpoint: 'answers.history', argv: ['answers', 'history', '--days', '14'], sent: [{ method: 'GET', path: '/answers/history', query: [['days', '14']] }] },
  { endpoint: 'competitors', argv: ['competitors'], sent: [{ method: 'GET', path: '/competitors' }] },
  { endpoint: 'competitors.get', argv: ['competitors', 'Globex/EU Ltd'], sent: [{ method: 'GET', path: '/competitors/Globex%2FEU%20Ltd' }] },
  { endpoint: 'competitors.get', argv: ['competitors', 'Zoë & Co?'], sent: [{ method: 'GET', path: '/competitors/Zo%C3%AB%20%26%20Co%3F' }] },
  { endpoint: 'competitors.get', argv: ['competitors', '...'], sent: [{ method: 'GET', path: '/competitors/...' }] },
  { endpoint: 'sources', argv: ['sources', '--days', '90'], sent: [{ method: 'GET', path: '/sources', query: [['days', '90']] }] },
  { endpoint: 'pages', argv: ['pages'], sent: [{ method: 'GET', path: '/pages' }] },
  { endpoint: 'content-gaps', argv: ['content-gaps'], sent: [{ method: 'GET', path: '/content-gaps' }] },
  { endpoint: 'brand-perception', argv: ['perception', '--days', '30'], sent: [{ method: 'GET', path: '/brand-perception', query: [['days', '30']] }] },
  {
    endpoint: 'brand-perception.transcript',
    argv: ['brand-perception', 'transcript', '--from', '2026-11-01'],
    sent: [{ method: 'GET', path: '/brand-perception/transcript', query: [['from', '2026-11-01']] }],
  },
  { endpoint: 'forum', argv: ['forum', '--limit', '50'], sent: [{ method: 'GET', path: '/forum', query: [['limit', '50']] }] },
  {
    endpoint: 'search-performance',
    argv: ['search-performance', '--group-by', 'page', '--limit', '1000', '--days', '28'],
    sent: [
      {
        method: 'GET',
        path: '/search-performance',
        query: [
          ['days', '28'],
          ['group_by', 'page'],
          ['limit', '1000'],
        ],
      },
    ],
  },
  { endpoint: 'technical', argv: ['technical'], sent: [{ method: 'GET', path: '/technical' }] },
  { endpoint: 'ai-crawlers', argv: ['ai-crawlers', '--days', '1'], sent: [{ method: 'GET', path: '/ai-crawlers', query: [['days', '1']] }] },
  { endpoint: 'ai-visitors', argv: ['ai-visitors'], sent: [{ method: 'GET', path: '/ai-visitors' }] },
  {
    endpoint: 'tasks',
    argv: ['tasks', '--status', 'done', '--layer', 'content', '--limit', '5'],
    sent: [
      {
        method: 'GET',
        path: '/tasks',
        query: [
          ['layer', 'content'],
          ['status', 'done'],
          ['limit', '5'],
        ],
      },
    ],
  },
  { endpoint: 'tasks.get', argv: ['tasks', 'ta sk/1'], sent: [{ method: 'GET', path: '/tasks/ta%20sk%2F1' }] },
  {
    endpoint: 'weekly-plan',
    argv: ['weekly-plan', '--brand', 'Globex'],
    sent: [BRAND_LOOKUP, { method: 'GET', path: '/weekly-plan', query: [['brand_id', '12']] }],
  },
  {
    endpoint: 'activity',
    argv: ['activity', '--from', '2026-08-24', '--to', '2026-11-22'],
    sent: [
      {
        method: 'GET',
        path: '/activity',
        query: [
          ['from', '2026-08-24'],
          ['to', '2026-11-22'],
        ],
      },
    ],
  },
  { endpoint: 'pitches', argv: ['pitches'], sent: [{ method: 'GET', path: '/pitches' }] },
  { endpoint: 'pitches.get', argv: ['pitches', '0042'], sent: [{ method: 'GET', path: '/pitches/42' }] },
  { endpoint: 'pitches.create', argv: ['pitches', 'create', 'acme.com', '--yes'], sent: [{ method: 'POST', path: '/pitches', body: { url: 'acme.com' } }] },
  {
    endpoint: 'pitches.create',
    argv: ['pitches', 'create', 'https://acme.com/pricing', '-y', '--market', 'US-en', '--business-type', 'B2B SaaS', '--field', 'note=a=b', '--brand', '7'],
    sent: [
      {
        method: 'POST',
        path: '/pitches',
        query: [['brand_id', '7']],
        body: { url: 'https://acme.com/pricing', market: 'US-en', business_type: 'B2B SaaS', note: 'a=b' },
      },
    ],
  },
  // The body's market comes from --market only, never from VIS_MARKET.
  {
    endpoint: 'pitches.create',
    argv: ['pitches', 'create', 'acme.com', '--yes'],
    env: { VIS_MARKET: 'US-en' },
    sent: [{ method: 'POST', path: '/pitches', body: { url: 'acme.com' } }],
  },
];

/** `vis api`: a raw GET; only what is typed on the command line is added. */
const API_REQUESTS: Array<Omit<RequestCase, 'endpoint'>> = [
  {
    argv: ['api', '/topics?b=2&a=1'],
    sent: [
      {
        method: 'GET',
        path: '/topics',
        query: [
          ['b', '2'],
          ['a', '1'],
        ],
      },
    ],
  },
  { argv: ['api', 'api/v1/usage'], sent: [{ method: 'GET', path: '/usage' }] },
  { argv: ['api', 'topics/crm%20software?days=7'], sent: [{ method: 'GET', path: '/topics/crm%20software', query: [['days', '7']] }] },
  { argv: ['api', '/api/v1/usage'], env: { VIS_BRAND: '12', VIS_MARKET: 'US-en' }, sent: [{ method: 'GET', path: '/usage' }] },
  {
    argv: ['api', '/topics?x=1', '--brand', 'acme corp', '--market', 'US-en', '--days', '7', '--param', 'y=2'],
    sent: [
      BRAND_LOOKUP,
      {
        method: 'GET',
        path: '/topics',
        query: [
          ['x', '1'],
          ['brand_id', '7'],
          ['market', 'US-en'],
          ['days', '7'],
          ['y', '2'],
        ],
      },
    ],
  },
  {
    argv: ['api', '/activity', '--from', '2026-11-01', '--to', '2026-11-02'],
    sent: [
      {
        method: 'GET',
        path: '/activity',
        query: [
          ['from', '2026-11-01'],
          ['to', '2026-11-02'],
        ],
      },
    ],
  },
];

/** A case's name: its argv, and the variables it sets. */
function caseName(c: { argv: string[]; env?: Record<string, unknown> }): string {
  return `${c.argv.join(' ')}${c.env ? ` (${Object.keys(c.env).join(', ')})` : ''}`;
}

/** Registers each expected request with an answer (the brand list for GET /brands), runs argv, and compares what was sent. */
async function expectSent(c: Omit<RequestCase, 'endpoint'>): Promise<void> {
  const api = new FakeApi();
  for (const s of c.sent) {
    const reply: Reply = s.path === '/brands' && s !== c.sent[c.sent.length - 1] ? BRANDS : ok({});
    api.on({ method: s.method, path: s.path }, reply);
  }
  const r = await runInProcess([...c.argv, '--format', 'json'], { api, env: c.env });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.requests.map((q) => ({ method: q.method, path: q.path, query: q.query, body: q.body }))).toEqual(
    c.sent.map((s) => ({ method: s.method, path: s.path, query: s.query ?? [], body: s.body })),
  );
  for (const q of r.requests) expect(q.headers.authorization).toBe('Bearer vis_test_0123456789abcdef');
  api.verify();
}

describe('every endpoint of the table has a request case', () => {
  const ids = ENDPOINTS.map((e) => e.id);
  it.each(ids)('%s', (id) => {
    expect(REQUESTS.some((c) => c.endpoint === id)).toBe(true);
  });

  it('each case sends to its endpoint: method and path template', () => {
    for (const c of REQUESTS) {
      const spec = ENDPOINTS.find((e) => e.id === c.endpoint);
      expect(spec, c.endpoint).toBeDefined();
      const last = c.sent[c.sent.length - 1]!;
      const template = new RegExp(`^${spec!.path.replace(/\{[^}]+\}/, '[^/]+')}$`);
      expect([last.method, template.test(last.path)], c.argv.join(' ')).toEqual([spec!.method, true]);
    }
  });
});

describe('argv -> request', () => {
  it.each(REQUESTS.map((c) => [caseName(c), c] as const))('vis %s', async (_name, c) => {
    await expectSent(c);
  });

  it.each(API_REQUESTS.map((c) => [c.argv.join(' '), c] as const))('vis %s', async (_name, c) => {
    await expectSent(c);
  });
});

interface UsageCase {
  argv: string[];
  env?: Record<string, string | undefined>;
  /** A fragment of the message on stderr. */
  says: string;
}

const USAGE_ERRORS: UsageCase[] = [
  { argv: ['topics', '--days', '0'], says: '--days must be a whole number from 1 to 90 (got 0)' },
  { argv: ['topics', '--days', '91'], says: '--days must be a whole number from 1 to 90 (got 91)' },
  { argv: ['topics', '--days', '7.5'], says: '--days must be a whole number' },
  { argv: ['topics', '--from', '2026/10/01'], says: '--from must be a date written YYYY-MM-DD (got "2026/10/01")' },
  { argv: ['topics', '--from', '2026-02-30'], says: '--from must be a real calendar date (got "2026-02-30")' },
  { argv: ['topics', '--from', '2026-10-31', '--to', '2026-10-01'], says: '--from must not be after --to (got 2026-10-31 > 2026-10-01)' },
  { argv: ['topics', '--from', '2026-11-23'], says: "--from must not be after today (2026-11-22, the API's date in UTC)" },
  { argv: ['topics', '--from', '2026-01-01', '--to', '2026-11-01'], says: '--from must be at most 90 days before --to' },
  { argv: ['topics', '--to', '2026-11-01'], says: '--to needs --from (or use --days to count back from today)' },
  { argv: ['topics', '--days', '7', '--from', '2026-11-01'], says: '--days and --from cannot be used together' },
  { argv: ['visibility', '--days', '7'], says: '--days does not apply to vis visibility: it has no period' },
  { argv: ['topics', 'crm-for-startups', '--days', '7'], says: '--days does not apply to vis topics <id>: it has no period' },
  {
    argv: ['search-performance', '--from', '2026-11-01'],
    says: '--from does not apply to vis search-performance: it takes a trailing window only: use --days',
  },
  { argv: ['topics', '--format', 'xml'], says: 'vis: --format must be one of table, json, csv (got "xml")' },
  { argv: ['topics', '--bogus'], says: 'vis: unknown option --bogus for vis topics' },
  { argv: ['topicz'], says: 'vis: unknown command "topicz" for vis' },
  { argv: ['forum', '--limit', '51'], says: '--limit must be a whole number from 1 to 50 (got 51)' },
  { argv: ['forum', '--limit', '0'], says: '--limit must be a whole number from 1 to 50 (got 0)' },
  { argv: ['search-performance', '--limit', '1001'], says: '--limit must be a whole number from 1 to 1000 (got 1001)' },
  { argv: ['tasks', '--limit', '0'], says: '--limit must be a whole number from 1 to 1000 (got 0)' },
  { argv: ['tasks', '--limit', 'many'], says: '--limit must be a whole number' },
  { argv: ['prompts', '--days', '7'], says: '--days does not apply to vis prompts: it has no period' },
  { argv: ['answers', 'extra-arg'], says: 'vis: too many arguments: vis answers takes no arguments (got "extra-arg")' },
  { argv: ['tasks', '42', '--status', 'done'], says: '--status applies to the list (vis tasks), not to vis tasks <id>' },
  { argv: ['search-performance', '--group-by', 'day'], says: '--group-by must be one of query, page (got "day")' },
  { argv: ['tasks', '--layer', ''], says: '--layer must not be empty' },
  { argv: ['tasks', 'abc', '--layer', 'content'], says: '--layer applies to the list (vis tasks), not to vis tasks <id>' },
  { argv: ['topics', '..'], says: '<id> of vis topics must not be empty, "." or ".." (in any spelling): it would leave the API\'s path (got "..")' },
  { argv: ['competitors', '.'], says: '<name> of vis competitors must not be empty, "." or ".."' },
  { argv: ['competitors', '%2e%2E'], says: '<name> of vis competitors must not be empty, "." or ".."' },
  { argv: ['pitches', 'abc'], says: '<pitch_id> must be a whole number of at least 1 (got "abc")' },
  { argv: ['answers', 'runs'], says: '--prompt <id|question> is required by vis answers runs' },
  { argv: ['topics', '--param', 'novalue'], says: '--param must be key=value with a non-empty key (got "novalue")' },
  { argv: ['topics', '--param', '=x'], says: '--param must be key=value' },
  { argv: ['topics', '--columns', 'name', '--format', 'json'], says: '--columns applies to --format csv and table' },
  { argv: ['topics', '--columns', 'name'], env: { VIS_FORMAT: 'json' }, says: '--columns applies to --format csv and table' },
  { argv: ['topics', '--columns', ' , '], says: '--columns must list at least one column' },
  { argv: ['topics', '--timeout', '0'], says: '--timeout must be a whole number from 1 to 3600 (got 0)' },
  { argv: ['brands', '--brand', '7'], says: '--brand does not apply to vis brands' },
  { argv: ['usage', '--market', 'US-en'], says: '--market does not apply to vis usage' },
  // An option of another command: said in vis's words, not commander's "unknown option".
  { argv: ['topics', '--field', 'a=b'], says: 'vis: --field does not apply to vis topics' },
  { argv: ['api', '/topics/../usage'], says: 'vis: <path> must not contain "." or ".." segments' },
  { argv: ['api', '/%2e%2e/%2e%2e/admin'], says: 'vis: <path> must not contain "." or ".." segments, in any spelling' },
  { argv: ['api', '/topics\\..\\..\\..\\x'], says: 'vis: <path> must not contain "." or ".." segments' },
  { argv: ['api', '/topics/%2E%2e/..%2F..%2Fadmin', '--brand', 'Acme'], says: 'vis: <path> must not contain "." or ".." segments' },
  { argv: ['api', '/topics/%252e%252e'], says: 'vis: <path> must not contain "." or ".." segments' },
  { argv: ['api', '/topics/.\t./x'], says: 'vis: <path> must not contain control characters, "?" or "#"' },
  { argv: ['competitors', 'a/../../admin'], says: '<name> of vis competitors must not be empty, "." or ".."' },
  { argv: ['competitors', '.', '--brand', 'Acme'], says: '<name> of vis competitors must not be empty, "." or ".."' },
  { argv: ['tasks', '..'], says: '<id> of vis tasks must not be empty, "." or ".."' },
  {
    argv: ['api', 'https://evil.example/api/v1/usage'],
    says: 'vis: <path> must be a path under the base URL (e.g. /topics), not a full URL: the key is only sent to --base-url (got "https://evil.example/api/v1/usage")',
  },
  { argv: ['api', '//evil.example/usage'], says: 'vis: <path> must be a path under the base URL (e.g. /topics), not a full URL' },
  { argv: ['api', 'javascript:alert(1)'], says: 'vis: <path> must be a path under the base URL' },
  { argv: ['api', '/topics#x'], says: 'vis: <path> must not contain control characters, "?" or "#" (got "/topics#x")' },
  { argv: ['api', '/topics', '-X', 'POST'], says: 'vis: unknown option -X for vis api' },
  { argv: ['api'], says: 'vis: <path> is required by vis api' },
  {
    argv: ['pitches', 'create', 'acme.com'],
    says: "vis: --yes is required by vis pitches create when not at a terminal: it spends one of the month's pitch reports",
  },
  { argv: ['pitches', 'create', 'not a domain', '--yes'], says: '<domain-or-url> must be a domain such as acme.com or an http(s) URL (got "not a domain")' },
  { argv: ['pitches', 'create', 'ftp://acme.com', '--yes'], says: '<domain-or-url> must be' },
  { argv: ['pitches', 'create', 'acme.com', '--yes', '--field', '=x'], says: '--field must be key=value with a non-empty key (got "=x")' },
  { argv: ['export', '--dir', 'out', '--no-pager'], says: 'vis: --no-pager does not apply to vis export: it never pages' },
  { argv: ['--no-pager', 'config', 'path'], says: 'vis: --no-pager does not apply to vis config path: it never pages' },
  { argv: ['auth', 'status', '--no-pager'], says: 'vis: --no-pager does not apply to vis auth status: it never pages' },
  { argv: ['cache', 'status', '--no-pager'], says: 'vis: --no-pager does not apply to vis cache status: it never pages' },
  { argv: ['completion', 'bash', '--no-pager'], says: 'vis: --no-pager does not apply to vis completion: it never pages' },
  {
    argv: ['topics'],
    env: { VIS_API_KEY: 'vis_tést_key' },
    says: 'the API key from VIS_API_KEY has a character an HTTP header cannot carry: character 6 is U+00E9 (not ASCII)',
  },
  { argv: ['topics'], env: { VIS_API_KEY: undefined }, says: 'no API key: set VIS_API_KEY or run vis auth login' },
  { argv: ['topics'], env: { VIS_BASE_URL: undefined }, says: 'no API base URL' },
  { argv: ['topics'], env: { VIS_BASE_URL: 'ftp://api.vis.test/api/v1' }, says: 'VIS_BASE_URL must use https (got "ftp:")' },
  { argv: ['topics'], env: { VIS_RATE_LIMIT: 'fast' }, says: 'VIS_RATE_LIMIT must be a whole number of requests a minute' },
  { argv: ['topics'], env: { VIS_MAX_BODY_MB: '0' }, says: 'VIS_MAX_BODY_MB must be a whole number of MiB' },
  { argv: ['topics'], env: { VIS_FORMAT: 'xml' }, says: 'VIS_FORMAT must be one of table, json, csv (got "xml")' },
  { argv: ['topics', '--days', '0'], env: { VIS_API_KEY: undefined }, says: '--days must be' },
];

describe('argv -> usage error: exit 2, the rule named, nothing sent', () => {
  it.each(USAGE_ERRORS.map((c) => [caseName(c), c] as const))('vis %s', async (_name, c) => {
    const api = new FakeApi();
    const r = await runInProcess(c.argv, { api, env: c.env });
    expect(r.stderr).toContain(c.says);
    expect(r.stderr.startsWith('vis: ')).toBe(true);
    // One prefix: never `vis: vis api: …`, a command's name as a second prefix.
    expect(r.stderr).not.toMatch(/^vis: vis [a-z-]+(?: [a-z-]+)?: /m);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.requests).toEqual([]);
    api.verify();
  });
});

describe('brand names resolve through the free GET /brands', () => {
  it('two brands of that name: exit 2 after the look-up, with the ids to choose from', async () => {
    const api = new FakeApi().on(
      { method: 'GET', path: '/brands' },
      ok({
        brands: [
          { id: 7, name: 'Acme' },
          { id: 8, name: 'ACME' },
        ],
      }),
    );
    const r = await runInProcess(['topics', '--brand', 'acme'], { api });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('vis: --brand: several brands are named "acme"\nUse the id instead: 7 Acme, 8 ACME\n');
    expect(r.requests.map((q) => q.path)).toEqual(['/brands']);
    api.verify();
  });

  it('no brand of that name: exit 5, and the brands there are', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/brands' }, BRANDS);
    const r = await runInProcess(['topics'], { api, env: { VIS_BRAND: 'Initech' } });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('VIS_BRAND: no brand named "Initech" on this account [brand_not_found]');
    expect(r.stderr).toContain('\nvis brands lists them: 7 Acme Corp, 12 Globex\n');
    expect(r.stderr).not.toContain('Did you mean');
    api.verify();
  });

  const AGENCY = ok({
    brands: [
      { id: 201, name: 'Bluepeak Outdoor' },
      { id: 202, name: 'Larkspur Dental' },
      { id: 203, name: 'Copperline Payments' },
    ],
  });
  it.each([
    ['bluepeak', 'Bluepeak Outdoor', 201],
    ['Larkspur Dentl', 'Larkspur Dental', 202],
    ['copperline payment', 'Copperline Payments', 203],
  ])('--brand %j is close to one name: suggested in the one hint, never taken', async (typed, name, id) => {
    const api = new FakeApi().on({ method: 'GET', path: '/brands' }, AGENCY);
    const r = await runInProcess(['topics', '--brand', typed], { api });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      `vis: --brand: no brand named "${typed}" on this account [brand_not_found]\n` +
        `Did you mean "${name}" (${id})? vis brands lists them: 201 Bluepeak Outdoor, 202 Larkspur Dental, 203 Copperline Payments\n`,
    );
    expect(r.requests.map((q) => q.path)).toEqual(['/brands']);
    api.verify();
  });

  it('a prefix of two names suggests neither', async () => {
    const api = new FakeApi().on(
      { method: 'GET', path: '/brands' },
      ok({
        brands: [
          { id: 1, name: 'Acme East' },
          { id: 2, name: 'Acme West' },
        ],
      }),
    );
    const r = await runInProcess(['topics', '--brand', 'acme'], { api });
    expect(r.code).toBe(5);
    expect(r.stderr).not.toContain('Did you mean');
    expect(r.stderr).toContain('vis brands lists them: 1 Acme East, 2 Acme West');
  });
});
