/**
 * The sandbox is deterministic: two fresh sandboxes given the same requests answer with
 * the same bytes, even when their clocks read different times of the same day (a run at
 * 09:14:07 and another at 16:52:41 show the same demo), created pitch reports included.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/endpoints.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { call } from './helpers.js';

const opened: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

/** A clock that starts at `start` and moves on by an odd number of milliseconds per reading. */
function tickingClock(start: string, stepMs: number) {
  let now = Date.parse(start);
  return () => new Date((now += stepMs));
}

async function session(start: string, stepMs: number): Promise<string[]> {
  const sandbox = await startSandbox({ now: tickingClock(start, stepMs), rateLimitPerMinute: 100_000 });
  opened.push(sandbox);
  const answers: string[] = [];
  const get = async (path: string, key?: string) => {
    const r = await call(sandbox, path, { key });
    answers.push(`${r.status} ${path} ${r.text}`);
  };
  const create = async (url: string, key?: string) => {
    const r = await call(sandbox, '/pitches', { method: 'POST', key, body: { url, market: 'US-en', brand_id: key === 'vis_demo_agency' ? 201 : undefined } });
    answers.push(`${r.status} POST /pitches ${r.text}`);
  };
  await create('https://prospect-one.example');
  await create('prospect-two.example');
  await create('prospect-one.example', 'vis_demo_agency');
  // Every list endpoint without a path parameter, for the default brand.
  for (const spec of Object.values(ENDPOINTS)) {
    if (spec.method !== 'GET' || spec.path.includes('{')) continue;
    await get(`${spec.path}${spec.period === 'none' ? '' : '?days=30'}`);
  }
  await get('/pitches/6');
  await get('/pitches/7');
  await get('/pitches/8');
  await get('/pitches?brand_id=201', 'vis_demo_agency');
  return answers;
}

describe('sandbox determinism', () => {
  it('two fresh sandboxes on the same day answer the same requests byte for byte', async () => {
    const morning = await session('2026-11-22T09:14:07.123Z', 1_731);
    const evening = await session('2026-11-22T16:52:41.987Z', 7_919);
    expect(morning.length).toBeGreaterThan(20);
    for (let i = 0; i < morning.length; i++) expect(evening[i]).toBe(morning[i]);
  });

  it('a created pitch report takes its id, time and share link from the request order', async () => {
    const answers = await session('2026-11-22T09:14:07.123Z', 1_000);
    const [first, second] = answers.slice(0, 2).map((a) => JSON.parse(a.slice(a.indexOf('{'))).data);
    expect(first.id + 1).toBe(second.id);
    expect(first.created_at < second.created_at).toBe(true);
    expect(first.created_at.slice(0, 10)).toBe('2026-11-22');
    expect(first.share_url).not.toBe(second.share_url);
  });
});
