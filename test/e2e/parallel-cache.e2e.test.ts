/**
 * Parallel vis processes sharing one response cache: misses, hits, --refresh
 * and evictions at once. Every run succeeds with the same answer, every entry left is
 * whole, and once the answer is cached no run spends a read. Needs real processes: the
 * entries are written by one process while another reads them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEntry } from '../../src/cache/store.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { cleanEnv, runVis } from './helpers.js';

const KEY = 'vis_demo_growth';
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0, quiet: true, rateLimitPerMinute: 100_000 });
});
afterAll(() => sandbox.close());

async function reads(): Promise<number> {
  const res = await fetch(`${sandbox.baseUrl.replace(/\/api\/v1$/, '')}/__sandbox/reads`);
  return ((await res.json()) as Record<string, number>)[KEY]!;
}

describe('parallel runs and the cache', () => {
  it('8 runs at once, then 8 more with --refresh among them: no crash, one answer, whole entries, hits spend nothing', async () => {
    const env = cleanEnv({ VIS_BASE_URL: sandbox.baseUrl, VIS_API_KEY: KEY, VIS_RATE_LIMIT: '100000' });
    const first = await Promise.all(Array.from({ length: 8 }, () => runVis(['topics', '-f', 'json'], { env })));
    for (const r of first) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(first[0]!.stdout);
    }
    const mixed = await Promise.all(
      Array.from({ length: 8 }, (_, i) => runVis(i % 3 === 0 ? ['topics', '-f', 'json', '--refresh'] : ['topics', '-f', 'json'], { env })),
    );
    for (const r of mixed) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(first[0]!.stdout);
    }
    const root = `${env.VIS_CONFIG_DIR}-cache`;
    const [account] = readdirSync(root).filter((d) => /^[0-9a-f]{32}$/.test(d));
    // One answer, filed twice: as asked (no brand_id) and under the one brand its meta
    // names (src/services/cached.ts, aliasKeys); each entry whole.
    const entries = readdirSync(`${root}/${account}`).filter((n) => n.startsWith('topics.'));
    const stored = entries.map((name) => {
      const buf = readFileSync(`${root}/${account}/${name}`);
      const key = JSON.parse(buf.subarray(0, buf.indexOf(0x0a)).toString()).key as string;
      return { key: key.replace(/ @\d{4}-\d\d-\d\d$/, ''), raw: parseEntry(buf, key, 'topics')?.raw };
    });
    const keys = stored.map((e) => e.key);
    expect(stored[0]!.raw).toBeDefined();
    expect(stored[1]!.raw).toBe(stored[0]!.raw);
    expect(keys.sort()).toEqual(['GET /topics', 'GET /topics?brand_id=101']);
    expect(readdirSync(`${root}/${account}`).filter((n) => n.startsWith('.tmp.'))).toEqual([]);
    const before = await reads();
    const hits = await Promise.all(Array.from({ length: 6 }, () => runVis(['topics', '-f', 'json'], { env })));
    for (const r of hits) expect(r.stdout).toBe(first[0]!.stdout);
    expect(await reads()).toBe(before);
  });
});
