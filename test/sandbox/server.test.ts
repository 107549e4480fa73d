/** The server itself: start-up options, recording, the test-only routes, shutting down. */
import { afterEach, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/endpoints.js';
import { PAYLOAD_BUILDERS } from '../../src/sandbox/data.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { FIXED_NOW, call, openSandbox } from './helpers.js';

const open: Sandbox[] = [];
async function track(sandbox: Promise<Sandbox>): Promise<Sandbox> {
  const started = await sandbox;
  open.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

const origin = (sandbox: Sandbox) => sandbox.baseUrl.replace(/\/api\/v1$/, '');

describe('starting', () => {
  it('listens on a free loopback port under /api/v1', async () => {
    const sandbox = await track(startSandbox());
    expect(sandbox.baseUrl).toBe(`http://127.0.0.1:${sandbox.port}/api/v1`);
    expect(sandbox.port).toBeGreaterThan(0);
  });

  it('has a payload for every endpoint of the table', () => {
    expect(ENDPOINTS.filter((e) => !PAYLOAD_BUILDERS[e.id]).map((e) => e.id)).toEqual([]);
    expect(Object.keys(PAYLOAD_BUILDERS).filter((id) => !ENDPOINTS.some((e) => e.id === id))).toEqual([]);
  });

  it('refuses hosts other machines can reach', async () => {
    for (const host of ['0.0.0.0', '192.168.1.20', '::', 'example.com', 'localhost.example.com']) {
      await expect(startSandbox({ host })).rejects.toThrow(/loopback/);
    }
  });

  it('accepts other loopback addresses', async () => {
    const sandbox = await track(startSandbox({ host: '127.0.0.2' }));
    expect(sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/api\/v1$/);
    expect((await call(sandbox, '/usage')).status).toBe(200);
  });

  it('reports a busy port with its code', async () => {
    const first = await track(startSandbox());
    await expect(startSandbox({ port: first.port })).rejects.toMatchObject({ code: 'EADDRINUSE', message: expect.stringMatching(/already in use/) });
  });

  it('refuses nonsense options', async () => {
    await expect(startSandbox({ port: 70_000 })).rejects.toThrow(/port/);
    await expect(startSandbox({ rateLimitPerMinute: 0 })).rejects.toThrow(/rateLimitPerMinute/);
  });

  it('closes idle keep-alive connections and can be closed twice', async () => {
    const sandbox = await startSandbox();
    await call(sandbox, '/usage');
    await sandbox.close();
    await sandbox.close();
    await expect(fetch(`${sandbox.baseUrl}/usage`)).rejects.toThrow();
  });
});

describe('recording', () => {
  it('records method, path, query, headers, body, status, code and time', async () => {
    const sandbox = await track(openSandbox());
    await call(sandbox, '/topics?days=30&tag=a&tag=b');
    await call(sandbox, '/pitches', { method: 'POST', body: { url: 'acme.example' } });
    await call(sandbox, '/nope', { key: 'wrong' });
    expect(sandbox.requests).toHaveLength(3);
    expect(sandbox.requests[0]).toMatchObject({
      method: 'GET',
      path: '/topics',
      url: '/api/v1/topics?days=30&tag=a&tag=b',
      query: { days: '30', tag: ['a', 'b'] },
      body: undefined,
      status: 200,
      at: new Date(FIXED_NOW).toISOString(),
    });
    expect(sandbox.requests[0]?.headers['authorization']).toBe('Bearer vis_demo_growth');
    expect(sandbox.requests[1]).toMatchObject({ method: 'POST', path: '/pitches', body: { url: 'acme.example' }, status: 201 });
    expect(sandbox.requests[2]).toMatchObject({ path: '/nope', status: 401, code: 'invalid_api_key' });
  });

  it('serves the records and reads to another process, and resets the state', async () => {
    const sandbox = await track(openSandbox());
    await call(sandbox, '/topics');
    await call(sandbox, '/pitches', { method: 'POST', body: { url: 'acme.example' } });
    const records = await (await fetch(`${origin(sandbox)}/__sandbox/requests`)).json();
    expect(records.map((r: any) => `${r.method} ${r.path} ${r.status}`)).toEqual(['GET /topics 200', 'POST /pitches 201']);
    expect(await (await fetch(`${origin(sandbox)}/__sandbox/reads`)).json()).toMatchObject({ vis_demo_growth: 2, vis_demo_agency: 0 });

    expect((await fetch(`${origin(sandbox)}/__sandbox/reset`, { method: 'POST' })).status).toBe(204);
    expect(sandbox.requests).toHaveLength(0);
    expect(sandbox.reads('vis_demo_growth')).toBe(0);
    expect((await call(sandbox, '/usage')).json.data.pitch_reports.left).toBe(3);
  });

  it('numbers every response with an x-request-id, from req_000001 again after a reset', async () => {
    const sandbox = await track(openSandbox());
    const ids = [];
    for (const [path, key] of [
      ['/topics', undefined],
      ['/nope', 'wrong'],
      ['/forum', 'vis_demo_monitor'],
      ['/topics', undefined],
    ] as const) {
      ids.push((await call(sandbox, path, key === undefined ? {} : { key })).headers.get('x-request-id'));
    }
    expect(ids).toEqual(['req_000001', 'req_000002', 'req_000003', 'req_000004']);
    await fetch(`${origin(sandbox)}/__sandbox/reset`, { method: 'POST' });
    expect((await call(sandbox, '/usage')).headers.get('x-request-id')).toBe('req_000001');
  });

  it('gives the request id with injected faults too', async () => {
    const sandbox = await track(openSandbox({ faults: [{ path: '/topics', kind: 'status', status: 503, code: 'service_unavailable' }] }));
    const reply = await call(sandbox, '/topics');
    expect(reply.status).toBe(503);
    expect(reply.headers.get('x-request-id')).toBe('req_000001');
  });

  it('does not record the test-only routes', async () => {
    const sandbox = await track(openSandbox());
    await fetch(`${origin(sandbox)}/__sandbox/requests`);
    expect((await fetch(`${origin(sandbox)}/__sandbox/unknown`)).status).toBe(404);
    expect(sandbox.requests).toHaveLength(0);
  });

  it('answers paths outside /api/v1 with 404', async () => {
    const sandbox = await track(openSandbox());
    const res = await fetch(`${origin(sandbox)}/openapi.json`);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
  });
});

describe('logging', () => {
  it('logs one line per request, naming only demo keys', async () => {
    const lines: string[] = [];
    const sandbox = await track(openSandbox({ log: (line) => lines.push(line) }));
    await call(sandbox, '/topics');
    await call(sandbox, '/topics', { key: 'vis_live_secret_key_1234' });
    expect(lines[0]).toMatch(/^2025-03-14T12:00:00.000Z GET \/api\/v1\/topics 200 vis_demo_growth \d+ms$/);
    expect(lines[1]).toMatch(/GET \/api\/v1\/topics 401 invalid_api_key \d+ms$/);
    expect(lines.join('\n')).not.toContain('secret');
  });

  it('stays silent when quiet', async () => {
    const lines: string[] = [];
    const sandbox = await track(openSandbox({ log: (line) => lines.push(line), quiet: true }));
    await call(sandbox, '/topics');
    expect(lines).toEqual([]);
  });
});
