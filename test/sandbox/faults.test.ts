/** Injected faults, as a client's retry and error-path tests see them over real HTTP. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import type { Fault } from '../../src/sandbox/options.js';
import { call, openSandbox } from './helpers.js';

const open: Sandbox[] = [];
async function withFaults(...faults: Fault[]): Promise<Sandbox> {
  const sandbox = await openSandbox({ faults });
  open.push(sandbox);
  return sandbox;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

const auth = { authorization: 'Bearer vis_demo_growth' };

/** The error fetch rejects with, and its cause's code (undici puts the socket error there). */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return `${(error as Error).message} ${cause?.code ?? ''} ${cause?.message ?? ''}`;
  }
  throw new Error('expected the request to fail');
}

describe('status', () => {
  it('answers the status with an error envelope, `times` times, then the real answer', async () => {
    const sandbox = await withFaults({ path: '/topics', kind: 'status', status: 502, times: 2 });
    for (let i = 0; i < 2; i++) {
      const reply = await call(sandbox, '/topics');
      expect(reply.status).toBe(502);
      expect(reply.json).toEqual({ error: { code: 'upstream_error', message: expect.any(String) } });
    }
    expect((await call(sandbox, '/topics')).status).toBe(200);
    expect(sandbox.reads('vis_demo_growth')).toBe(1);
    expect(sandbox.requests.map((r) => [r.status, r.fault])).toEqual([
      [502, 'status'],
      [502, 'status'],
      [200, undefined],
    ]);
  });

  it('sends a chosen code and Retry-After, for a client’s rate-limit retries', async () => {
    const sandbox = await withFaults({ path: '*', kind: 'status', status: 429, code: 'rate_limited', retryAfter: '2', times: 1 });
    const reply = await call(sandbox, '/overview');
    expect(reply.status).toBe(429);
    expect(reply.json.error.code).toBe('rate_limited');
    expect(reply.headers.get('retry-after')).toBe('2');
  });

  it('answers before authentication: a gateway failed, not the API', async () => {
    const sandbox = await withFaults({ path: '/usage', kind: 'status', status: 503 });
    const reply = await call(sandbox, '/usage', { key: 'not-a-key' });
    expect(reply.status).toBe(503);
    expect(reply.json.error.code).toBe('service_unavailable');
  });

  it('matches the method when one is given', async () => {
    const sandbox = await withFaults({ method: 'POST', path: '/pitches', kind: 'status', status: 500 });
    expect((await call(sandbox, '/pitches')).status).toBe(200);
    expect((await call(sandbox, '/pitches', { method: 'POST', body: { url: 'acme.example' } })).status).toBe(500);
  });
});

describe('slow', () => {
  // The sandbox's delays are timers: on fake ones, the test says when the delay is over.
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Turns of the event loop, for the sockets' I/O to happen. */
  async function settle(): Promise<void> {
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  }

  /** Until the sandbox has seen `n` requests (timers are fake: this turns the loop instead). */
  async function arrived(sandbox: Sandbox, n: number): Promise<void> {
    // Only so a test that timed out stops turning the loop of a worker other files share.
    const giveUp = Date.now() + 120_000;
    while (sandbox.requests.length < n) {
      if (Date.now() > giveUp) throw new Error(`still waiting for request ${n}`);
      await settle();
    }
  }

  it('delays the real answer until its delay has passed', async () => {
    const sandbox = await withFaults({ path: '/brands', kind: 'slow', delayMs: 300, times: 1 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answered = false;
    const reply = call(sandbox, '/brands').finally(() => (answered = true));
    await arrived(sandbox, 1);
    await vi.advanceTimersByTimeAsync(299);
    await settle();
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const r = await reply;
    expect(r.status).toBe(200);
    expect(r.json.data.brands).toHaveLength(1);
  });

  it('lets a client time out, and close() does not wait for the delay', async () => {
    const sandbox = await withFaults({ path: '/topics', kind: 'slow', delayMs: 60_000 });
    // On fake timers no delay ever ends (the client's own timeout is a real one).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const timedOut = await failure(fetch(`${sandbox.baseUrl}/topics`, { headers: auth, signal: AbortSignal.timeout(200) }));
    expect(timedOut).toMatch(/abort|timeout/i);
    const pending = fetch(`${sandbox.baseUrl}/topics`, { headers: auth }).then(
      () => 'answered',
      () => 'cut off',
    );
    await arrived(sandbox, 2);
    await sandbox.close();
    expect(await pending).toBe('cut off');
  });
});

describe('damaged answers', () => {
  it('non-json: a body that does not parse', async () => {
    const sandbox = await withFaults({ path: '/topics', kind: 'non-json' });
    const reply = await call(sandbox, '/topics');
    expect(reply.status).toBe(200);
    expect(reply.json).toBeUndefined();
    expect(() => JSON.parse(reply.text)).toThrow();
  });

  it('html: a proxy’s error page', async () => {
    const sandbox = await withFaults({ path: '/topics', kind: 'html' });
    const reply = await call(sandbox, '/topics');
    expect(reply.status).toBe(502);
    expect(reply.headers.get('content-type')).toBe('text/html');
    expect(reply.text).toMatch(/^<html>[\s\S]*502 Bad Gateway/);
  });

  it('truncated: half the body, then the connection closes', async () => {
    const sandbox = await withFaults({ path: '/topics', kind: 'truncated' });
    const res = await fetch(`${sandbox.baseUrl}/topics`, { headers: auth });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(100);
    await expect(res.text()).rejects.toThrow();
    // The API did the work before the answer broke.
    expect(sandbox.reads('vis_demo_growth')).toBe(1);
  });

  it('no-data: a 200 envelope without data', async () => {
    const sandbox = await withFaults({ path: '/topics', kind: 'no-data' });
    const reply = await call(sandbox, '/topics');
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ meta: { api_version: 'v1', brand: { id: 101, name: 'Northwind CRM' }, market: expect.any(Object) } });
  });

  it('no-data leaves error answers alone', async () => {
    const sandbox = await withFaults({ path: '/topics', kind: 'no-data' });
    expect((await call(sandbox, '/topics', { key: 'nope' })).json.error.code).toBe('invalid_api_key');
  });
});

describe('dropped connections', () => {
  it('no-headers: the connection closes with no response at all', async () => {
    const sandbox = await withFaults({ path: '/topics', kind: 'no-headers', times: 1 });
    expect(await failure(fetch(`${sandbox.baseUrl}/topics`, { headers: auth }))).toMatch(/UND_ERR_SOCKET other side closed/);
    expect(sandbox.requests[0]).toMatchObject({ status: 0, fault: 'no-headers' });
    expect((await call(sandbox, '/topics')).status).toBe(200);
  });

  it('reset: the connection is reset', async () => {
    const sandbox = await withFaults({ path: '/topics', kind: 'reset', times: 1 });
    expect(await failure(fetch(`${sandbox.baseUrl}/topics`, { headers: auth }))).toMatch(/ECONNRESET/);
    expect((await call(sandbox, '/topics')).status).toBe(200);
    expect(sandbox.reads('vis_demo_growth')).toBe(1);
  });
});

describe('managing faults at run time', () => {
  it('installs faults with POST /__sandbox/faults and restores their counts on reset', async () => {
    const sandbox = await withFaults();
    const install = await fetch(`${sandbox.baseUrl.replace('/api/v1', '')}/__sandbox/faults`, {
      method: 'POST',
      body: JSON.stringify([{ path: '/brands', kind: 'status', status: 504, times: 1 }]),
    });
    expect(install.status).toBe(204);
    expect((await call(sandbox, '/brands')).status).toBe(504);
    expect((await call(sandbox, '/brands')).status).toBe(200);
    await fetch(`${sandbox.baseUrl.replace('/api/v1', '')}/__sandbox/reset`, { method: 'POST' });
    expect((await call(sandbox, '/brands')).status).toBe(504);
  });

  it('refuses a malformed fault list', async () => {
    const sandbox = await withFaults();
    const reply = await fetch(`${sandbox.baseUrl.replace('/api/v1', '')}/__sandbox/faults`, {
      method: 'POST',
      body: JSON.stringify([{ path: 'topics', kind: 'explode' }]),
    });
    expect(reply.status).toBe(400);
    expect((await reply.json()).error.message).toMatch(/kind|path/);
  });
});
