/**
 * The sandbox against its own openapi.json. The document decides, through a JSON
 * Schema validator (ajv), which requests it allows; generated requests (fast-check) then
 * check that the sandbox accepts every allowed one, refuses every forbidden one with 400,
 * and that every answer, happy or not, has a status the operation documents and a body
 * matching that status's schema. Plus fixed error paths for every status the document
 * lists: every endpoint, every demo account.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointSpec } from '../../src/endpoints.js';
import { DEMO_ACCOUNTS, type DemoAccount, type DemoBrand } from '../../src/sandbox/accounts.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { FIXED_NOW, call, exampleRequest, openSandbox, type Reply } from './helpers.js';

let sandbox: Sandbox;
let doc: any;
let ajv: Ajv2020;
const compiled = new Map<string, ValidateFunction>();

beforeAll(async () => {
  sandbox = await openSandbox();
  doc = (await call(sandbox, '/openapi.json', { key: null })).json;
  // Formats are not asserted: every date and timestamp also carries zod's pattern.
  ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, validateSchema: false });
  ajv.addSchema(doc, 'openapi.json');
});
afterAll(() => sandbox.close());

/** A JSON pointer into the document, as a URI fragment. */
function pointer(...segments: string[]): string {
  return `openapi.json#/${segments.map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;
}

function validator(...segments: string[]): ValidateFunction {
  const ref = pointer(...segments);
  let fn = compiled.get(ref);
  if (!fn) {
    fn = ajv.compile({ $ref: ref });
    compiled.set(ref, fn);
  }
  return fn;
}

function opOf(spec: EndpointSpec): any {
  return doc.paths[spec.path][spec.method.toLowerCase()];
}

/** The reply has a status the operation documents and a body its schema accepts. */
function conforms(spec: EndpointSpec | null, reply: Reply, what: string): void {
  const base = spec ? ['paths', spec.path, spec.method.toLowerCase(), 'responses'] : ['x-vis-unmatched'];
  const responses = spec ? opOf(spec).responses : doc['x-vis-unmatched'];
  const status = String(reply.status);
  expect(Object.keys(responses), `${what}: status ${status} (${reply.text.slice(0, 120)}) is not documented`).toContain(status);
  const validate = validator(...base, status, 'content', 'application/json', 'schema');
  const ok = validate(reply.json);
  expect(ok ? [] : validate.errors?.slice(0, 5).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`), `${what}: ${status} body`).toEqual(
    [],
  );
  for (const [header, spec] of Object.entries<any>(responses[status].headers ?? {})) {
    if (spec.required) expect(reply.headers.get(header), `${what}: ${status} ${header}`).not.toBeNull();
  }
}

// ---- The document's verdict on a request --------------------------------------------

interface Request {
  spec: EndpointSpec;
  account: DemoAccount;
  path: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
}

/** A query or path value as its schema reads it: digits are an integer, anything else a string. */
function asTyped(schema: any, raw: string): unknown {
  return schema.type === 'integer' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
}

function paramValid(spec: EndpointSpec, param: any, raw: string): boolean {
  const index = opOf(spec).parameters.indexOf(param);
  return validator('paths', spec.path, spec.method.toLowerCase(), 'parameters', String(index), 'schema')(asTyped(param.schema, raw));
}

/** The names of the parameters (or `body`) the document forbids in this request. */
function forbiddenBy(req: Request): string[] {
  const bad: string[] = [];
  for (const param of opOf(req.spec).parameters) {
    const raw = param.in === 'path' ? req.path[param.name] : req.query[param.name];
    if (raw === undefined) {
      if (param.required) bad.push(param.name);
      continue;
    }
    // The reference: `days` is ignored when `from` is given (the days description says so).
    if (param.name === 'days' && req.query['from'] !== undefined && req.spec.period === 'range') continue;
    if (!paramValid(req.spec, param, raw)) bad.push(param.name);
  }
  if (req.spec.body) {
    const validate = validator('paths', req.spec.path, 'post', 'requestBody', 'content', 'application/json', 'schema');
    if (!validate(req.body)) {
      const names = (validate.errors ?? []).map((e) => e.instancePath.split('/')[1] ?? (e.params as any).missingProperty ?? 'body');
      bad.push(...new Set(names.map((n) => n || 'body')));
    }
  }
  return bad;
}

const TODAY = FIXED_NOW.slice(0, 10);
const dayMs = 86_400_000;

function brandOf(req: Request): DemoBrand | undefined {
  const id = req.query['brand_id'];
  return id === undefined ? (req.account.brands.length === 1 ? req.account.brands[0] : undefined) : req.account.brands.find((b) => String(b.id) === id);
}

/**
 * The rules across parameters that no parameter schema can say, each in a parameter's
 * description: brand_required, `from` at most 90 days before `to` and not after it, and a
 * country that names several markets of the brand. A 400 for an allowed request must be one.
 */
function crossRuleBroken(req: Request, reply: Reply): boolean {
  const { code, message } = reply.json?.error ?? {};
  if (code === 'brand_required') return req.spec.brand && req.query['brand_id'] === undefined && req.account.brands.length > 1;
  if (code !== 'invalid_parameter') return false;
  if (String(message).startsWith('from:')) {
    const from = Date.parse(req.query['from'] ?? '');
    const to = Date.parse(req.query['to'] ?? TODAY);
    return from > to || (to - from) / dayMs > 90;
  }
  if (String(message).startsWith('market:')) {
    const market = req.query['market'] ?? '';
    const brand = brandOf(req);
    return /^[A-Za-z]{2}$/.test(market) && (brand?.markets.filter((m) => m.country === market.toUpperCase()).length ?? 0) > 1;
  }
  return false;
}

async function send(req: Request): Promise<Reply> {
  let path = req.spec.path;
  for (const [name, value] of Object.entries(req.path)) path = path.replace(`{${name}}`, encodeURIComponent(value));
  const qs = new URLSearchParams(req.query).toString();
  return call(sandbox, `${path}${qs ? `?${qs}` : ''}`, {
    key: req.account.key,
    method: req.spec.method,
    ...(req.spec.body ? { body: JSON.stringify(req.body) } : {}),
  });
}

// ---- Generators from the document ----------------------------------------------------

const junk = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('', ' ', '1.5', '1e3', '+1', '-0', 'null', 'abc', '２', '99999999999999999999'));
const isoDay = fc
  .integer({ min: Date.parse('2024-10-01') / dayMs, max: Date.parse('2025-05-31') / dayMs })
  .map((d) => new Date(d * dayMs).toISOString().slice(0, 10));

/** Strings a pattern matches, built once per pattern: building one is slow, and an arbitrary holds no state. */
const MATCHING = new Map<string, fc.Arbitrary<string>>();
function matching(pattern: string): fc.Arbitrary<string> {
  let arbitrary = MATCHING.get(pattern);
  if (!arbitrary) MATCHING.set(pattern, (arbitrary = fc.stringMatching(new RegExp(pattern))));
  return arbitrary;
}

/** Values for one parameter: mostly what the demo data knows, some from the schema alone, some junk. */
function valueOf(param: any, account: DemoAccount, knownItems: readonly string[]): fc.Arbitrary<string> {
  const schema = param.schema;
  const fromSchema: fc.Arbitrary<string>[] = [];
  if (schema.enum) fromSchema.push(fc.constantFrom(...schema.enum.map(String)));
  else if (schema.type === 'integer') {
    const min = schema.minimum ?? -1000;
    const max = schema.maximum ?? 100_000;
    fromSchema.push(fc.integer({ min, max }).map(String), fc.constantFrom(String(min - 1), String(max + 1)));
  } else if (schema.anyOf) fromSchema.push(...schema.anyOf.map((s: any) => matching(s.pattern)));
  else if (schema.format === 'date') fromSchema.push(isoDay, fc.constantFrom('2025-02-29', '2024-02-29', '0001-01-01', '2025-3-1'));
  else fromSchema.push(fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s !== '.' && s !== '..'));

  const known: string[] = [...knownItems];
  if (param.name === 'brand_id') known.push(...account.brands.map((b) => String(b.id)));
  if (param.name === 'market') {
    for (const m of account.brands.flatMap((b) => b.markets)) known.push(m.code, m.code.toLowerCase(), m.country, String(m.id));
  }
  return fc.oneof(
    { weight: known.length > 0 ? 4 : 0, arbitrary: known.length > 0 ? fc.constantFrom(...known) : fc.constant('') },
    { weight: 3, arbitrary: fc.oneof(...fromSchema) },
    { weight: 1, arbitrary: junk },
  );
}

const prospects = fc.oneof(
  fc.domain(),
  fc.webUrl({ validSchemes: ['http', 'https'] }),
  fc.constantFrom(
    'пример.рф',
    'example.xn--p1ai',
    'acme.example:8080/x',
    'HTTPS://ACME.EXAMPLE',
    'acme',
    'ftp://acme.example',
    'https://u:p@acme.example',
    '10.0.0.1',
  ),
  junk,
  fc.constantFrom(null, 7),
);

const bodies = fc.record(
  {
    url: prospects,
    market: fc.oneof(fc.constantFrom('US-en', 'gb', 'US', '1012', 'U-S', 'us-enn', null), junk),
    business_type: fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('  ', null, 3)),
    extra: fc.anything({ maxDepth: 1 }),
  },
  { requiredKeys: [] },
);

/** Item ids an account's lists name: the values path parameters and `prompt` most often take. */
async function knownItems(account: DemoAccount): Promise<Record<string, string[]>> {
  const items: Record<string, string[]> = {};
  const brand = account.brands[0];
  const scope = account.brands.length > 1 ? `?brand_id=${brand.id}` : '';
  const list = async (path: string, collection: string, field: string) => {
    const reply = await call(sandbox, `${path}${scope}`, { key: account.key });
    return ((reply.json?.data?.[collection] as any[]) ?? []).map((row) => String(row[field]));
  };
  items['topics.get'] = await list('/topics', 'topics', 'id');
  items['tasks.get'] = await list('/tasks', 'tasks', 'id');
  items['competitors.get'] = await list('/competitors', 'competitors', 'name');
  items['pitches.get'] = await list('/pitches', 'pitches', 'id');
  items['answers.runs'] = await list('/answers', 'answers', 'prompt');
  return items;
}

function requests(spec: EndpointSpec, items: Map<string, Record<string, string[]>>): fc.Arbitrary<Request> {
  // Built once per account, not once per request drawn: an arbitrary holds no state, and
  // building one for a pattern (stringMatching) took most of the test's time.
  const built = new Map<DemoAccount, fc.Arbitrary<Request>>();
  return fc.constantFrom(...DEMO_ACCOUNTS).chain((account) => {
    const cached = built.get(account);
    if (cached) return cached;
    const params: any[] = opOf(spec).parameters;
    const known = items.get(account.key)?.[spec.id] ?? [];
    const fields = Object.fromEntries(
      params.map((p) => {
        const any = valueOf(p, account, p.in === 'path' || p.name === 'prompt' ? known : []);
        // An empty path parameter, or a dot segment, is no value of it: `/pitches/` and
        // `/topics/.` (which a URL resolves to `/topics/`) are other paths (404 not_found).
        const value = p.in === 'path' ? any.filter((v: unknown) => v !== '' && v !== '.' && v !== '..') : any;
        return [`${p.in}:${p.name}`, p.required ? value : fc.option(value, { nil: undefined, freq: 2 })];
      }),
    );
    const arbitrary = fc.record({ values: fc.record(fields), body: spec.body ? bodies : fc.constant(undefined) }).map(({ values, body }) => {
      const req: Request = { spec, account, path: {}, query: {}, body };
      for (const [key, value] of Object.entries(values)) {
        if (value === undefined) continue;
        const [place, name] = key.split(':') as [string, string];
        (place === 'path' ? req.path : req.query)[name] = value as string;
      }
      return req;
    });
    built.set(account, arbitrary);
    return arbitrary;
  });
}

describe('openapi.json against the sandbox', () => {
  it('the document is valid JSON Schema wherever it has a schema (ajv compiles every one)', () => {
    for (const spec of ENDPOINTS) {
      const op = opOf(spec);
      for (const status of Object.keys(op.responses))
        validator('paths', spec.path, spec.method.toLowerCase(), 'responses', status, 'content', 'application/json', 'schema');
      op.parameters.forEach((_: unknown, i: number) => validator('paths', spec.path, spec.method.toLowerCase(), 'parameters', String(i), 'schema'));
    }
    expect(compiled.size).toBeGreaterThan(ENDPOINTS.length * 5);
  });

  it('every endpoint, every demo account: the example request’s answer matches its documented schema', async () => {
    let ok = 0;
    for (const account of DEMO_ACCOUNTS) {
      for (const spec of ENDPOINTS) {
        const scope = spec.brand && account.brands.length > 1 ? `brand_id=${account.brands[0].id}` : '';
        const example = (await exampleRequest(sandbox, spec, account.key, scope).catch(() => null)) ?? {
          path: spec.path.replace(/\{[^}]+\}/, '1'),
          call: { key: account.key, method: spec.method, ...(spec.body ? { body: { url: 'acme.example' } } : {}) },
        };
        const reply = await call(sandbox, example.path, example.call);
        conforms(spec, reply, `${account.key} ${spec.method} ${example.path}`);
        if (reply.status < 300) ok++;
      }
    }
    // Not only errors: most of them answered with data.
    expect(ok).toBeGreaterThan(ENDPOINTS.length * 2);
  });

  it('generated requests: allowed ones are accepted, forbidden ones refused with 400 naming the parameter, every answer documented', async () => {
    const items = new Map<string, Record<string, string[]>>();
    for (const account of DEMO_ACCOUNTS) items.set(account.key, await knownItems(account));
    const tally = { allowed: 0, forbidden: 0 };
    for (const spec of ENDPOINTS) {
      await fc.assert(
        fc.asyncProperty(requests(spec, items), async (req) => {
          const forbidden = forbiddenBy(req);
          const reply = await send(req);
          const what = `${req.account.key} ${spec.method} ${spec.path} ${JSON.stringify({ path: req.path, query: req.query, body: req.body })}`;
          conforms(spec, reply, what);
          if (forbidden.length === 0) {
            tally.allowed++;
            if (reply.status === 400) expect(crossRuleBroken(req, reply), `${what}: allowed by the document, refused: ${reply.text}`).toBe(true);
          } else {
            tally.forbidden++;
            // Brand and market are resolved first, so an unknown one may answer before the bad parameter.
            const first = reply.status === 404 && ['brand_not_found', 'market_not_found'].includes(reply.json.error.code);
            expect(reply.status === 400 || first, `${what}: forbidden (${forbidden.join(', ')}), answered ${reply.status}`).toBe(true);
            if (reply.status === 400 && reply.json.error.code === 'invalid_parameter') {
              const named = String(reply.json.error.message).split(':')[0];
              if (!crossRuleBroken(req, reply)) expect([...forbidden, 'body'], `${what}: ${reply.text}`).toContain(named);
            }
          }
        }),
        { numRuns: 12 },
      );
    }
    expect(tally.allowed).toBeGreaterThan(90);
    expect(tally.forbidden).toBeGreaterThan(40);
  }, 120_000);

  it('days is ignored when from is given, as the reference says; checked otherwise', async () => {
    const topics = ENDPOINTS.find((e) => e.id === 'topics') as EndpointSpec;
    const ignored = await call(sandbox, '/topics?from=2025-02-01&days=500');
    conforms(topics, ignored, 'from+days=500');
    expect(ignored.status).toBe(200);
    expect(ignored.json.data.period).toEqual({ from: '2025-02-01', to: TODAY, days: 42 });
    const checked = await call(sandbox, '/topics?days=500');
    expect(checked.status).toBe(400);
    expect(checked.json.error.message).toMatch(/^days:/);
  });

  it('a null where the document says string is refused', async () => {
    for (const body of [{ url: null }, { url: 'acme.example', market: null }, { url: 'acme.example', business_type: null }]) {
      const reply = await call(sandbox, '/pitches', { method: 'POST', body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.json.error.message).toMatch(/^(url|market|business_type): /);
    }
  });
});

describe('every documented error status happens and matches its schema', () => {
  const spec = (id: string) => ENDPOINTS.find((e) => e.id === id) as EndpointSpec;

  it('401, 403, 402, 404, 409, 413, 429 (budget) and the unmatched 404 and 405', async () => {
    const cases: Array<[string, string, Parameters<typeof call>[2], number]> = [
      ['usage', '/usage', { key: null }, 401],
      ['brands', '/brands', { key: 'wrong' }, 401],
      ['forum', '/forum', { key: 'vis_demo_monitor' }, 403],
      ['pitches.create', '/pitches', { key: 'vis_demo_monitor', method: 'POST', body: { url: 'acme.example' } }, 403],
      ['topics', '/topics', { key: 'vis_demo_inactive' }, 403],
      ['pitches.create', '/pitches', { key: 'vis_demo_exhausted', method: 'POST', body: { url: 'acme.example' } }, 402],
      ['topics', '/topics?brand_id=1', {}, 404],
      ['topics', '/topics?market=ZZ-zz', {}, 404],
      ['topics.get', '/topics/no-such-topic', {}, 404],
      ['search-performance', '/search-performance?brand_id=202', { key: 'vis_demo_agency' }, 409],
      ['topics', '/topics', { key: 'vis_demo_exhausted' }, 429],
      ['pitches.create', '/pitches', { method: 'POST', body: JSON.stringify({ url: 'acme.example', pad: 'x'.repeat(1 << 20) }) }, 413],
    ];
    for (const [id, path, options, status] of cases) {
      const reply = await call(sandbox, path, options);
      expect(reply.status, `${id} ${path}: ${reply.text}`).toBe(status);
      conforms(spec(id), reply, `${id} ${path}`);
    }
    const unknown = await call(sandbox, '/no-such-endpoint');
    expect(unknown.status).toBe(404);
    conforms(null, unknown, 'unknown path');
    const wrongMethod = await call(sandbox, '/topics', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    conforms(null, wrongMethod, 'wrong method');
  });

  it('429 rate_limited with Retry-After, and the 500, 502 and 503 an API can answer', async () => {
    const tight = await openSandbox({
      rateLimitPerMinute: 1,
      faults: [
        { path: '/markets', kind: 'status', status: 500 },
        { path: '/technical', kind: 'status', status: 502 },
        { path: '/visibility', kind: 'status', status: 503 },
      ],
    });
    try {
      const replies: Array<[string, Reply]> = [];
      for (const [id, path, key] of [
        ['markets', '/markets', 'vis_demo_growth'],
        ['technical', '/technical', 'vis_demo_agency'],
        ['visibility', '/visibility', 'vis_demo_monitor'],
        ['brands', '/brands', 'vis_demo_inactive'],
        ['usage', '/usage', 'vis_demo_inactive'],
      ] as const) {
        replies.push([id, await call(tight, path, { key })]);
      }
      expect(replies.map(([, r]) => r.status)).toEqual([500, 502, 503, 200, 429]);
      expect(replies[4]?.[1].headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      for (const [id, reply] of replies) conforms(spec(id), reply, id);
    } finally {
      await tight.close();
    }
  });

  it('a code an operation does not list fails the check (quota_exceeded on /usage)', () => {
    const validate = validator('paths', '/usage', 'get', 'responses', '429', 'content', 'application/json', 'schema');
    expect(validate({ error: { code: 'rate_limited', message: 'slow down' } })).toBe(true);
    expect(validate({ error: { code: 'quota_exceeded', message: 'budget used up' } })).toBe(false);
    expect(opOf(spec('usage')).responses['403']).toBeUndefined();
    expect(opOf(spec('brands')).responses['400']).toBeUndefined();
  });
});
