/** openapi.json: valid OpenAPI 3.1, and generated from the endpoint table so it cannot drift. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, commonQueryNames, daysRule, type EndpointSpec } from '../../src/endpoints.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { call, openSandbox } from './helpers.js';

let sandbox: Sandbox;
let doc: any;
beforeAll(async () => {
  sandbox = await openSandbox();
  const reply = await call(sandbox, '/openapi.json', { key: null });
  expect(reply.status).toBe(200);
  doc = reply.json;
});
afterAll(async () => {
  await sandbox.close();
});

function operationOf(spec: EndpointSpec): any {
  return doc.paths[spec.path]?.[spec.method.toLowerCase()];
}

describe('openapi.json', () => {
  it('is served without a key and passes an OpenAPI 3.1 validator', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('documents the X-Request-Id header on every response of every operation', () => {
    expect(doc.components.headers.RequestId.schema.pattern).toBe('^req_[0-9]{6,}$');
    for (const spec of ENDPOINTS) {
      for (const [status, response] of Object.entries<any>(operationOf(spec).responses)) {
        expect(response.headers?.['X-Request-Id'], `${spec.id} ${status}`).toEqual({ $ref: '#/components/headers/RequestId' });
      }
    }
  });

  it('spends no read and names this sandbox as its server', async () => {
    await call(sandbox, '/openapi.json');
    expect(sandbox.reads('vis_demo_growth')).toBe(0);
    expect(doc.servers[0].url).toBe('http://127.0.0.1:{port}/api/v1');
    expect(doc.servers[0].variables.port.default).toBe(String(sandbox.port));
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
  });

  it('has exactly the operations of the endpoint table', () => {
    const documented = Object.entries<any>(doc.paths).flatMap(([path, item]) =>
      Object.entries<any>(item).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`),
    );
    expect(documented.sort()).toEqual(ENDPOINTS.map((e) => `${e.method} ${e.path} ${e.id}`).sort());
  });

  for (const spec of ENDPOINTS) {
    it(`documents ${spec.id} with its parameters, body and errors`, () => {
      const op = operationOf(spec);
      expect(op.operationId).toBe(spec.id);
      const names = op.parameters.map((p: any) => `${p.in}:${p.name}`).sort();
      const expected = [
        ...(spec.pathParam ? [`path:${spec.pathParam.name}`] : []),
        ...commonQueryNames(spec).map((n) => `query:${n}`),
        ...spec.query.map((q) => `query:${q.name}`),
      ].sort();
      expect(names).toEqual(expected);

      const param = (name: string) => op.parameters.find((p: any) => p.name === name);
      if (spec.pathParam) expect(param(spec.pathParam.name)).toMatchObject({ required: true, schema: { type: spec.pathParam.type } });
      if (commonQueryNames(spec).includes('days')) {
        const rule = daysRule(spec);
        expect(param('days').schema).toEqual({ type: 'integer', minimum: 1, maximum: 90, default: rule.kind === 'int' ? rule.default : undefined });
      }
      for (const q of spec.query) {
        const schema = param(q.name).schema;
        expect(param(q.name).required).toBe(q.required === true);
        if (q.spec.kind === 'int')
          expect(schema).toMatchObject({
            type: 'integer',
            minimum: q.spec.min,
            ...(q.spec.max !== undefined ? { maximum: q.spec.max } : {}),
            default: q.spec.default,
          });
        if (q.spec.kind === 'enum') expect(schema).toMatchObject({ type: 'string', enum: q.spec.values, default: q.spec.default });
        if (q.spec.kind === 'string') expect(schema.type).toBe('string');
      }

      if (spec.body) {
        const body = op.requestBody.content['application/json'].schema;
        expect(body.required).toEqual(spec.body.filter((f) => f.required).map((f) => f.name));
        expect(Object.keys(body.properties)).toEqual(spec.body.map((f) => f.name));
      } else expect(op.requestBody).toBeUndefined();

      const success = op.responses[spec.method === 'POST' ? '201' : '200'];
      const data = success.content['application/json'].schema.properties.data;
      if (spec.collection) expect(data.required).toContain(spec.collection);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '429', '502']));
      if (!spec.free) expect(op.responses['403']).toBeDefined();
    });
  }

  it('uses the API reference’s names for search-performance, tasks and the pitch body', () => {
    const search = doc.paths['/search-performance'].get.parameters;
    expect(search.find((p: any) => p.name === 'days').schema.default).toBe(28);
    expect(search.find((p: any) => p.name === 'group_by').schema).toEqual({ type: 'string', enum: ['query', 'page'], default: 'query' });
    expect(search.find((p: any) => p.name === 'limit').schema).toEqual({ type: 'integer', minimum: 1, maximum: 1000, default: 25 });
    expect(doc.paths['/search-performance'].get.responses['409']).toBeDefined();
    const tasks = doc.paths['/tasks'].get.parameters;
    expect(tasks.find((p: any) => p.name === 'status').schema).toMatchObject({ type: 'string', default: 'open' });
    expect(tasks.find((p: any) => p.name === 'layer').schema.enum).toEqual(['content', 'technical', 'authority', 'community']);
    expect(tasks.find((p: any) => p.name === 'limit').schema).toEqual({ type: 'integer', minimum: 1, maximum: 1000, default: 30 });
    const post = doc.paths['/pitches'].post;
    expect(Object.keys(post.requestBody.content['application/json'].schema.properties)).toEqual(['url', 'market', 'business_type']);
    expect(post.responses['402']).toBeDefined();
    expect(post.responses['201']).toBeDefined();
  });

  it('a sandbox that lives for one command (--demo) names a placeholder port, not its own', async () => {
    const oneShot = await openSandbox({ oneShot: true });
    try {
      const server = (await call(oneShot, '/openapi.json', { key: null })).json.servers[0];
      expect(server.url).toBe('http://127.0.0.1:{port}/api/v1');
      expect(server.variables.port.default).not.toBe(String(oneShot.port));
      expect(server.variables.port.description).toMatch(/placeholder/);
    } finally {
      await oneShot.close();
    }
  });

  it('x-plan: POST /pitches is Pro and Growth (Monitor gets 403); names the reference does not show are marked', () => {
    expect(doc.paths['/pitches'].post['x-plan']).toEqual(['pro', 'growth']);
    expect(doc.paths['/pitches'].get['x-plan']).toEqual(['monitor', 'pro', 'growth']);
    const param = (path: string, name: string) => doc.paths[path].get.parameters.find((p: any) => p.name === name);
    expect(param('/tasks', 'status')['x-vis-choice']).toBe(true);
    expect(param('/tasks', 'status').description).toMatch(/this project’s choice/i);
    expect(param('/forum', 'limit')['x-vis-choice']).toBeUndefined();
    expect(param('/sources', 'days')['x-vis-choice']).toBe(true);
    expect(param('/topics', 'days')['x-vis-choice']).toBeUndefined();
    const visibility = doc.paths['/visibility'].get.responses['200'].content['application/json'].schema.properties.data;
    expect(visibility.properties.score['x-vis-choice']).toBeUndefined();
    expect(visibility.properties.history['x-vis-choice']).toBe(true);
    expect(visibility.properties.score.anyOf).toEqual([{ type: 'number', minimum: 0, maximum: 100 }, { type: 'null' }]);
    expect(doc.paths['/pitches'].post.responses['402']['x-vis-choice']).toBe(true);
  });

  it('Error.code is an enum per status, without codes the endpoint never answers', () => {
    const codes = (path: string, method: string, status: string) =>
      doc.paths[path][method].responses[status]?.content['application/json'].schema.properties.error.properties.code.enum;
    expect(codes('/usage', 'get', '429')).toEqual(['rate_limited']);
    expect(codes('/topics', 'get', '429')).toEqual(['quota_exceeded', 'rate_limited']);
    expect(codes('/forum', 'get', '403')).toEqual(['feature_not_in_plan', 'plan_inactive']);
    expect(codes('/topics', 'get', '403')).toEqual(['plan_inactive']);
    expect(codes('/brands', 'get', '403')).toBeUndefined();
    expect(codes('/search-performance', 'get', '409')).toEqual(['integration_not_connected']);
    expect(codes('/topics', 'get', '409')).toBeUndefined();
    expect(codes('/pitches', 'post', '402')).toEqual(['pitch_allowance_exhausted']);
    for (const status of ['401', '413', '500', '502', '503']) expect(codes('/usage', 'get', status)).toHaveLength(1);
  });

  it('answers the same bytes every time', async () => {
    const again = await call(sandbox, '/openapi.json', { key: null });
    expect(again.text).toBe(JSON.stringify(doc));
  });
});
