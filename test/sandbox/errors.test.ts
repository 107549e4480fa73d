/** Every error the reference lists, with its status, its code and a useful message. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { call, openSandbox, type Call } from './helpers.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await openSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

interface Case {
  name: string;
  path: string;
  call?: Call;
  status: number;
  code: string;
  /** The message must contain this (for invalid_parameter: start with it, the parameter's name). */
  message?: string | RegExp;
}

const growth = (path: string, status: number, code: string, message?: string | RegExp, options: Call = {}): Case => ({
  name: `${options.method ?? 'GET'} ${path}`,
  path,
  call: options,
  status,
  code,
  message,
});

const invalid = (path: string, parameter: string, options: Call = {}): Case => growth(path, 400, 'invalid_parameter', parameter, options);

const CASES: Case[] = [
  { name: 'no Authorization header', path: '/topics', call: { key: null }, status: 401, code: 'invalid_api_key', message: /Missing API key/ },
  {
    name: 'not a Bearer header',
    path: '/topics',
    call: { key: null, headers: { authorization: 'Basic dmlzOmRlbW8=' } },
    status: 401,
    code: 'invalid_api_key',
    message: /Malformed/,
  },
  { name: 'unknown key', path: '/topics', call: { key: 'vis_live_0123456789' }, status: 401, code: 'invalid_api_key', message: /Unknown API key/ },
  { name: 'unknown key on a free endpoint', path: '/usage', call: { key: 'nope' }, status: 401, code: 'invalid_api_key' },
  {
    name: 'agency without brand_id',
    path: '/topics',
    call: { key: 'vis_demo_agency' },
    status: 400,
    code: 'brand_required',
    message: /201 \(Bluepeak Outdoor\)/,
  },
  invalid('/topics?brand_id=northwind', 'brand_id'),
  invalid('/topics?brand_id=1.5', 'brand_id'),
  growth('/topics?brand_id=999', 404, 'brand_not_found'),
  growth('/topics?brand_id=201', 404, 'brand_not_found', /not on this account/),
  growth('/topics?market=FR-fr', 404, 'market_not_found', /US-en \(1011\)/),
  growth('/topics?market=FR', 404, 'market_not_found'),
  growth('/topics?market=2011', 404, 'market_not_found'),
  invalid('/topics?market=United%20States', 'market'),
  invalid('/topics?market=', 'market'),
  invalid('/topics?days=0', 'days'),
  invalid('/topics?days=91', 'days'),
  invalid('/topics?days=seven', 'days'),
  invalid('/topics?days=7.5', 'days'),
  invalid('/topics?days=7&days=8', 'days'),
  invalid('/overview?from=2025-02-30', 'from'),
  invalid('/overview?from=2025-2-3', 'from'),
  invalid('/overview?to=2025-13-01', 'to'),
  invalid('/overview?from=2025-03-10&to=2025-03-01', 'from'),
  invalid('/overview?from=2024-12-13&to=2025-03-14', 'from'),
  invalid('/forum?limit=0', 'limit'),
  invalid('/forum?limit=51', 'limit'),
  invalid('/forum?limit=many', 'limit'),
  invalid('/search-performance?limit=0', 'limit'),
  invalid('/search-performance?limit=1001', 'limit'),
  invalid('/search-performance?group_by=topic', 'group_by'),
  invalid('/search-performance?days=120', 'days'),
  invalid('/tasks?limit=0', 'limit'),
  invalid('/tasks?limit=-3', 'limit'),
  invalid('/tasks?limit=ten', 'limit'),
  invalid('/tasks?status=finished', 'status'),
  invalid('/tasks?layer=seo', 'layer'),
  invalid('/answers/runs', 'prompt'),
  invalid('/answers/runs?prompt=', 'prompt'),
  invalid('/pitches/seven', 'pitch_id'),
  invalid('/pitches', 'body', { method: 'POST' }),
  invalid('/pitches', 'body', { method: 'POST', body: '{"url": ' }),
  invalid('/pitches', 'body', { method: 'POST', body: ['acme.example'] }),
  invalid('/pitches', 'url', { method: 'POST', body: {} }),
  invalid('/pitches', 'url', { method: 'POST', body: { url: '' } }),
  invalid('/pitches', 'url', { method: 'POST', body: { url: 'not a domain' } }),
  invalid('/pitches', 'url', { method: 'POST', body: { url: 'ftp://acme.example' } }),
  invalid('/pitches', 'url', { method: 'POST', body: { url: 'localhost' } }),
  invalid('/pitches', 'url', { method: 'POST', body: { url: 'http://10.0.0.1/' } }),
  invalid('/pitches', 'url', { method: 'POST', body: { url: 42 } }),
  invalid('/pitches', 'market', { method: 'POST', body: { url: 'acme.example', market: 'United States' } }),
  invalid('/pitches', 'business_type', { method: 'POST', body: { url: 'acme.example', business_type: '' } }),
  growth('/topics/no-such-topic', 404, 'not_found', /GET \/topics lists/),
  growth('/tasks/1', 404, 'not_found'),
  growth('/pitches/999', 404, 'not_found'),
  growth('/competitors/Initech', 404, 'not_found'),
  growth('/competitors/Northwind%20CRM', 404, 'not_found', /the brand itself/),
  growth(`/answers/runs?prompt=${encodeURIComponent('Is this question tracked?')}`, 404, 'not_found'),
  growth('/no-such-endpoint', 404, 'not_found'),
  growth('/topics/', 404, 'not_found'),
  growth('/topics', 405, 'method_not_allowed', /use GET/, { method: 'POST' }),
  growth('/pitches/7', 405, 'method_not_allowed', undefined, { method: 'DELETE' }),
  { name: 'Monitor asks for a Pro endpoint', path: '/forum', call: { key: 'vis_demo_monitor' }, status: 403, code: 'feature_not_in_plan', message: /Monitor/ },
  { name: 'Monitor asks for a task brief', path: '/tasks/1042', call: { key: 'vis_demo_monitor' }, status: 403, code: 'feature_not_in_plan' },
  {
    name: 'Monitor creates a pitch',
    path: '/pitches',
    call: { key: 'vis_demo_monitor', method: 'POST', body: { url: 'acme.example' } },
    status: 403,
    code: 'feature_not_in_plan',
  },
  { name: 'inactive plan reads data', path: '/topics', call: { key: 'vis_demo_inactive' }, status: 403, code: 'plan_inactive' },
  { name: 'inactive plan lists markets', path: '/markets', call: { key: 'vis_demo_inactive' }, status: 403, code: 'plan_inactive' },
  {
    name: 'brand without search console',
    path: '/search-performance?brand_id=202',
    call: { key: 'vis_demo_agency' },
    status: 409,
    code: 'integration_not_connected',
    message: /Larkspur Dental/,
  },
  { name: 'exhausted budget', path: '/topics', call: { key: 'vis_demo_exhausted' }, status: 429, code: 'quota_exceeded', message: /2025-04-01/ },
  {
    name: 'exhausted pitch allowance',
    path: '/pitches',
    call: { key: 'vis_demo_exhausted', method: 'POST', body: { url: 'acme.example' } },
    status: 402,
    code: 'pitch_allowance_exhausted',
  },
];

describe('error responses', () => {
  for (const c of CASES) {
    it(`${c.name} → ${c.status} ${c.code}`, async () => {
      const reply = await call(sandbox, c.path, c.call);
      expect(reply.status, reply.text).toBe(c.status);
      expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(Object.keys(reply.json)).toEqual(['error']);
      expect(Object.keys(reply.json.error).sort()).toEqual(['code', 'message']);
      expect(reply.json.error.code).toBe(c.code);
      expect(reply.json.error.message.length).toBeGreaterThan(10);
      if (c.code === 'invalid_parameter' && typeof c.message === 'string') expect(reply.json.error.message.startsWith(`${c.message}: `)).toBe(true);
      else if (c.message instanceof RegExp) expect(reply.json.error.message).toMatch(c.message);
      // The sandbox stands in for the API, which knows nothing of vis: its messages name
      // endpoints, and the hints under them are vis's.
      expect(reply.json.error.message).not.toMatch(/`?vis [a-z]/);
    });
  }

  it('says which methods a path takes', async () => {
    const reply = await call(sandbox, '/pitches', { method: 'PUT' });
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('GET, POST');
  });

  it('asks for a Bearer key on 401', async () => {
    expect((await call(sandbox, '/topics', { key: null })).headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('serves the free endpoints to an inactive plan and an exhausted budget', async () => {
    for (const key of ['vis_demo_inactive', 'vis_demo_exhausted']) {
      expect((await call(sandbox, '/brands', { key })).status).toBe(200);
      expect((await call(sandbox, '/usage', { key })).status).toBe(200);
    }
    const usage = (await call(sandbox, '/usage', { key: 'vis_demo_exhausted' })).json.data;
    expect(usage.reads).toEqual({ limit: 200_000, used: 200_000, left: 0 });
    expect(usage.pitch_reports).toEqual({ allowance: 5, used: 5, left: 0 });
    expect((await call(sandbox, '/usage', { key: 'vis_demo_inactive' })).json.data.plan_active).toBe(false);
  });

  it('ignores query parameters it does not know', async () => {
    const plain = await call(sandbox, '/topics');
    const extra = await call(sandbox, '/topics?utm_source=cli&debug=1&limit=abc');
    expect(extra.status).toBe(200);
    expect(extra.text).toBe(plain.text);
  });

  it('accepts extra body fields on POST /pitches', async () => {
    const fresh = await openSandbox();
    try {
      const reply = await call(fresh, '/pitches', {
        method: 'POST',
        body: { url: 'globex.example', market: 'gb', business_type: 'CRM', notes: 'from --field' },
      });
      expect(reply.status).toBe(201);
      expect(reply.json.data).toMatchObject({ domain: 'globex.example', market: 'GB', business_type: 'CRM' });
    } finally {
      await fresh.close();
    }
  });
});

describe('the order of checks: auth, rate limit, route, brand and market, parameters, plan, budget', () => {
  it('authenticates before routing', async () => {
    expect((await call(sandbox, '/no-such-endpoint', { key: 'nope' })).status).toBe(401);
  });

  it('checks the brand before the plan', async () => {
    expect((await call(sandbox, '/topics?brand_id=999', { key: 'vis_demo_inactive' })).json.error.code).toBe('brand_not_found');
  });

  it('checks parameters before the plan and the budget', async () => {
    expect((await call(sandbox, '/forum?limit=0', { key: 'vis_demo_monitor' })).json.error.code).toBe('invalid_parameter');
    expect((await call(sandbox, '/topics?days=0', { key: 'vis_demo_exhausted' })).json.error.code).toBe('invalid_parameter');
    expect((await call(sandbox, '/topics?days=0', { key: 'vis_demo_inactive' })).json.error.code).toBe('invalid_parameter');
  });

  it('checks the plan before the budget, and a missing item only after both', async () => {
    expect((await call(sandbox, '/topics/no-such-topic', { key: 'vis_demo_inactive' })).json.error.code).toBe('plan_inactive');
    expect((await call(sandbox, '/topics/no-such-topic', { key: 'vis_demo_exhausted' })).json.error.code).toBe('quota_exceeded');
  });

  it('checks brand_required before everything that needs a brand', async () => {
    expect((await call(sandbox, '/forum?limit=0', { key: 'vis_demo_agency' })).json.error.code).toBe('brand_required');
  });
});
