/** Sandbox data never claims to have seen something after the clock. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { call } from './helpers.js';

const NOW = '2026-11-22T12:00:00Z';
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ now: () => new Date(NOW), rateLimitPerMinute: 100_000 });
});
afterAll(() => sandbox.close());

describe('timestamps are not in the future', () => {
  it.each(['US-en', 'GB-en', 'DE-de'])('ai-crawlers last_seen in %s', async (market) => {
    const r = await call(sandbox, `/ai-crawlers?market=${market}&days=30`);
    expect(r.status).toBe(200);
    const seen = (r.json.data.crawlers as Array<{ last_seen: string | null }>).map((c) => c.last_seen).filter((t): t is string => t !== null);
    expect(seen.length).toBeGreaterThan(0);
    for (const t of seen) expect(Date.parse(t)).toBeLessThanOrEqual(Date.parse(NOW));
    // Still spread out, not all pinned to the clock.
    expect(new Set(seen).size).toBeGreaterThan(seen.length / 2);
  });
});
