/**
 * A PostgreSQL history from the built vis: a server out of reach costs one warning within
 * the connect timeout, the answer and exit code as usual; two exports of different brands
 * recording into one database at once lose no answer and duplicate none (a real server,
 * test/support/postgres.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPostgres } from '../support/postgres.js';
import { unusedPort } from '../support/ports.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { cleanEnv, runVis } from './helpers.js';

// The API the answers come from: a sandbox on loopback (`--demo` records nothing; its history is simulated).
const sandbox = await startSandbox({ rateLimitPerMinute: 100_000, quiet: true });
afterAll(() => sandbox.close());
const pg = await startPostgres();
if ('skip' in pg) console.warn(`PostgreSQL e2e tests against a server skipped: ${pg.skip}`);
const server = 'server' in pg ? pg.server : undefined;
afterAll(async () => server?.stop());

describe('a PostgreSQL history out of reach', () => {
  it('vis topics exits 0 with its answer and one warning', async () => {
    const port = await unusedPort();
    const env = cleanEnv({
      VIS_BASE_URL: sandbox.baseUrl,
      VIS_API_KEY: 'vis_demo_growth',
      VIS_HISTORY: `postgres://ana:s3cret-pw@127.0.0.1:${port}/vis?connect_timeout=2`,
    });
    const r = await runVis(['topics', '-f', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveProperty('data.topics');
    expect(r.stderr).toBe(
      `vis: warning: history: cannot connect to the PostgreSQL history postgres://ana:***@127.0.0.1:${port}/vis?connect_timeout=2: connect ECONNREFUSED 127.0.0.1:${port}; answers of this run are not recorded (vis history check tells more)\n`,
    );
  });
});

describe.skipIf(server === undefined)('two exports recording into one database at once', () => {
  /** Answers per brand and endpoint, and the keys held more than once. */
  async function counts(database: string) {
    const per = await server!.admin(database, 'SELECT brand_id, endpoint, count(*)::int AS n FROM vis.answers GROUP BY 1, 2 ORDER BY 1, 2');
    const dup = await server!.admin(
      database,
      'SELECT count(*)::int AS n FROM (SELECT 1 FROM vis.answers GROUP BY api, brand_id, market, endpoint, item, query, day HAVING count(*) > 1) d',
    );
    return { per: per.map((r) => `${String(r.brand_id)} ${String(r.endpoint)} ${Number(r.n)}`), duplicated: Number(dup[0]!.n) };
  }

  const exportOf = (database: string, brand: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-pg-export-'));
    const env = cleanEnv({
      VIS_BASE_URL: sandbox.baseUrl,
      VIS_API_KEY: 'vis_demo_agency',
      VIS_RATE_LIMIT: '100000',
      VIS_HISTORY: `postgres://postgres@127.0.0.1:${server!.port}/${database}?sslmode=disable`,
    });
    return runVis(['export', '--dir', join(dir, 'out'), '--brand', brand, '-q'], { env });
  };

  it('every answer of both brands recorded once: the same rows as the two exports one after the other', async () => {
    const together = await server!.database();
    const [a, b] = await Promise.all([exportOf(together, '201'), exportOf(together, '203')]);
    for (const r of [a, b]) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
    }
    const apart = await server!.database();
    for (const brand of ['201', '203']) expect((await exportOf(apart, brand)).code).toBe(0);

    const at = await counts(together);
    expect(at.duplicated).toBe(0);
    expect(at.per).toEqual((await counts(apart)).per);
    for (const brand of ['201', '203']) expect(at.per.filter((l) => l.startsWith(`${brand} `)).length).toBeGreaterThan(10);
  }, 120_000);
});
