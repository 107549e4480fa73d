/** The read budget, the rate limit and the pitch allowance, counted the way the reference says. */
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { call, manualClock, openSandbox } from './helpers.js';

const open: Sandbox[] = [];
async function sandboxWith(...args: Parameters<typeof openSandbox>): Promise<Sandbox> {
  const sandbox = await openSandbox(...args);
  open.push(sandbox);
  return sandbox;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function readsUsed(sandbox: Sandbox, key = 'vis_demo_growth'): Promise<number> {
  return (await call(sandbox, '/usage', { key })).json.data.reads.used;
}

describe('the read budget', () => {
  it('spends exactly one read per successful data request', async () => {
    const sandbox = await sandboxWith();
    const before = await readsUsed(sandbox);
    expect((await call(sandbox, '/topics')).status).toBe(200);
    expect(sandbox.reads('vis_demo_growth')).toBe(1);
    expect((await call(sandbox, '/topics?days=90')).status).toBe(200);
    expect((await call(sandbox, '/markets')).status).toBe(200);
    expect(sandbox.reads('vis_demo_growth')).toBe(3);
    expect(await readsUsed(sandbox)).toBe(before + 3);
  });

  it('spends nothing on /usage and /brands', async () => {
    const sandbox = await sandboxWith();
    for (let i = 0; i < 3; i++) {
      await call(sandbox, '/usage');
      await call(sandbox, '/brands');
    }
    expect(sandbox.reads('vis_demo_growth')).toBe(0);
  });

  it('spends nothing on failed requests', async () => {
    const sandbox = await sandboxWith();
    const failures: [string, string | undefined][] = [
      ['/topics?days=0', undefined],
      ['/topics/no-such-topic', undefined],
      ['/topics?market=FR-fr', undefined],
      ['/nope', undefined],
      ['/search-performance?brand_id=202', 'vis_demo_agency'],
      ['/forum', 'vis_demo_monitor'],
    ];
    for (const [path, key] of failures) expect((await call(sandbox, path, { key })).status).toBeGreaterThanOrEqual(400);
    expect(sandbox.reads('vis_demo_growth')).toBe(0);
    expect(sandbox.reads('vis_demo_agency')).toBe(0);
    expect(sandbox.reads('vis_demo_monitor')).toBe(0);
  });

  it('counts per account and shows the spend in /usage', async () => {
    const sandbox = await sandboxWith();
    const before = await readsUsed(sandbox, 'vis_demo_agency');
    await call(sandbox, '/topics?brand_id=201', { key: 'vis_demo_agency' });
    await call(sandbox, '/topics?brand_id=203', { key: 'vis_demo_agency' });
    expect(await readsUsed(sandbox, 'vis_demo_agency')).toBe(before + 2);
    expect(sandbox.reads('vis_demo_growth')).toBe(0);
  });

  it('answers 429 quota_exceeded once the budget is gone, and starts afresh next month', async () => {
    const clock = manualClock('2025-03-31T23:59:00Z');
    const sandbox = await sandboxWith({ now: clock.now });
    expect((await call(sandbox, '/topics', { key: 'vis_demo_exhausted' })).json.error.code).toBe('quota_exceeded');
    expect(sandbox.reads('vis_demo_exhausted')).toBe(0);
    clock.advance(2 * 60_000);
    expect((await call(sandbox, '/topics', { key: 'vis_demo_exhausted' })).status).toBe(200);
    expect(await readsUsed(sandbox, 'vis_demo_exhausted')).toBe(1);
  });

  it('keeps each sandbox’s budget to itself', async () => {
    const first = await sandboxWith();
    const second = await sandboxWith();
    await call(first, '/topics');
    expect(first.reads('vis_demo_growth')).toBe(1);
    expect(second.reads('vis_demo_growth')).toBe(0);
  });
});

describe('the rate limit', () => {
  it('answers 429 rate_limited with an integer Retry-After that is enough to be let through', async () => {
    const clock = manualClock();
    const sandbox = await sandboxWith({ now: clock.now, rateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++) {
      expect((await call(sandbox, '/usage')).status).toBe(200);
      clock.advance(10_400);
    }
    const limited = await call(sandbox, '/topics');
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe('rate_limited');
    const retryAfter = limited.headers.get('retry-after') ?? '';
    expect(retryAfter).toMatch(/^[1-9]\d*$/);
    // The first request was 31.2 s ago, so it leaves the window in 28.8 s: 29 s.
    expect(Number(retryAfter)).toBe(29);

    clock.advance((Number(retryAfter) - 1) * 1000);
    expect((await call(sandbox, '/topics')).status).toBe(429);
    clock.advance(1000);
    expect((await call(sandbox, '/topics')).status).toBe(200);
  });

  it('is enough to wait Retry-After wherever in the window the requests fell', async () => {
    const clock = manualClock();
    const sandbox = await sandboxWith({ now: clock.now, rateLimitPerMinute: 4 });
    const gaps = [130, 7_900, 15_000, 333, 21_700, 999, 2_500, 40_100, 11];
    for (const gap of gaps) {
      clock.advance(gap);
      let reply = await call(sandbox, '/usage');
      while (reply.status === 429) {
        const wait = Number(reply.headers.get('retry-after'));
        expect(Number.isInteger(wait) && wait >= 1).toBe(true);
        clock.advance(wait * 1000);
        reply = await call(sandbox, '/usage');
        expect(reply.status, 'still limited after waiting Retry-After').toBe(200);
      }
    }
  });

  it('limits each key on its own and counts free endpoints too', async () => {
    const clock = manualClock();
    const sandbox = await sandboxWith({ now: clock.now, rateLimitPerMinute: 2 });
    await call(sandbox, '/brands');
    await call(sandbox, '/usage');
    expect((await call(sandbox, '/brands')).status).toBe(429);
    expect((await call(sandbox, '/brands', { key: 'vis_demo_agency' })).status).toBe(200);
  });

  it('spends no read on a rate-limited request', async () => {
    const clock = manualClock();
    const sandbox = await sandboxWith({ now: clock.now, rateLimitPerMinute: 1 });
    expect((await call(sandbox, '/topics')).status).toBe(200);
    expect((await call(sandbox, '/topics')).status).toBe(429);
    expect(sandbox.reads('vis_demo_growth')).toBe(1);
  });

  it('defaults to 60 requests a minute', async () => {
    const clock = manualClock();
    const sandbox = await startSandbox({ now: clock.now });
    open.push(sandbox);
    for (let i = 0; i < 60; i++) expect((await call(sandbox, '/usage')).status).toBe(200);
    const limited = await call(sandbox, '/usage');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
  });
});

describe('the pitch allowance', () => {
  const create = (sandbox: Sandbox, url: string, key = 'vis_demo_growth', brand = '') =>
    call(sandbox, `/pitches${brand}`, { key, method: 'POST', body: { url, market: 'US-en', business_type: 'Dental clinics' } });

  it('lets growth create its 3 remaining reports, then answers 402', async () => {
    const sandbox = await sandboxWith();
    const created = [];
    for (const url of ['acme.example', 'https://www.globex.example/about', 'initech.example']) {
      const reply = await create(sandbox, url);
      expect(reply.status, reply.text).toBe(201);
      created.push(reply.json.data);
    }
    expect(created.map((p) => p.allowance.left)).toEqual([2, 1, 0]);
    const refused = await create(sandbox, 'hooli.example');
    expect(refused.status).toBe(402);
    expect(refused.json.error.code).toBe('pitch_allowance_exhausted');
    expect((await call(sandbox, '/usage')).json.data.pitch_reports).toEqual({ allowance: 5, used: 5, left: 0 });
    // Each report spent a read; the refused one did not.
    expect(sandbox.reads('vis_demo_growth')).toBe(3);
  });

  it('lists a created report and serves it by id with its share link', async () => {
    const sandbox = await sandboxWith();
    const made = (await create(sandbox, 'https://www.acme-robotics.example/')).json.data;
    expect(made).toMatchObject({
      prospect: 'Acme Robotics',
      domain: 'acme-robotics.example',
      market: 'US-en',
      business_type: 'Dental clinics',
      status: 'ready',
    });
    expect(made.share_url).toMatch(/^https:\/\/share\.aivisibility\.example\/pitch\/[a-z0-9]{12}$/);
    const list = (await call(sandbox, '/pitches')).json.data.pitches;
    expect(list[0].id).toBe(made.id);
    const one = (await call(sandbox, `/pitches/${made.id}`)).json.data;
    expect(one.share_url).toBe(made.share_url);
    expect(one.report).toEqual(made.report);
  });

  it('shares the agency’s allowance across its brands', async () => {
    const sandbox = await sandboxWith();
    expect((await create(sandbox, 'acme.example', 'vis_demo_agency', '?brand_id=201')).status).toBe(201);
    expect((await create(sandbox, 'globex.example', 'vis_demo_agency', '?brand_id=203')).status).toBe(201);
    expect((await create(sandbox, 'initech.example', 'vis_demo_agency', '?brand_id=202')).status).toBe(402);
    const brand201 = (await call(sandbox, '/pitches?brand_id=201', { key: 'vis_demo_agency' })).json.data.pitches;
    expect(brand201.map((p: any) => p.domain)).toContain('acme.example');
    expect(brand201.map((p: any) => p.domain)).not.toContain('globex.example');
  });

  it('refuses Monitor (403) and the exhausted account (402)', async () => {
    const sandbox = await sandboxWith();
    expect((await create(sandbox, 'acme.example', 'vis_demo_monitor')).json.error.code).toBe('feature_not_in_plan');
    expect((await create(sandbox, 'acme.example', 'vis_demo_exhausted')).status).toBe(402);
  });
});
