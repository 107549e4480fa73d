/**
 * Parallel vis processes against one config folder: every read-modify-write of
 * config.json holds its lock, so no run loses another's change. Needs real processes:
 * the lock is between processes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, runVis, sendJson, startTestServer, type TestServer } from './helpers.js';

const KEYS = { a: 'vis_live_aaaaaaaaaaaaaaaaaaaa', b: 'vis_live_bbbbbbbbbbbbbbbbbbbb' };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const known = Object.values(KEYS).map((k) => `Bearer ${k}`);
    if (req.path !== '/usage' || !known.includes(String(req.headers.authorization))) {
      return sendJson(res, 401, { error: { code: 'invalid_api_key', message: 'no' } });
    }
    return sendJson(res, 200, { data: { used: 1, limit: 100 }, meta: {} });
  });
});
afterAll(() => server.close());

function saved(env: Record<string, string>): { profiles: Record<string, Record<string, string>> } {
  return JSON.parse(readFileSync(join(env.VIS_CONFIG_DIR!, 'config.json'), 'utf8'));
}

describe("parallel runs never lose each other's config changes", () => {
  it('8 parallel `config set` keep all 8 values, batch after batch', async () => {
    const env = cleanEnv();
    for (let batch = 0; batch < 3; batch++) {
      // Four settings of one profile, and four other profiles: all change the same file.
      const runs = [
        ['config', 'set', 'brand', `Acme ${batch}`],
        ['config', 'set', 'market', `US-en`],
        ['config', 'set', 'format', 'csv'],
        ['config', 'set', 'base_url', `http://127.0.0.${batch + 1}:9/api/v1`],
        ...[5, 6, 7, 8].map((n) => ['--profile', `p${n}`, 'config', 'set', 'brand', `b${n}-${batch}`]),
      ];
      const results = await Promise.all(runs.map((argv) => runVis(argv, { env })));
      for (const r of results) expect(r.stderr).toBe('');
      expect(results.map((r) => r.code)).toEqual(Array(8).fill(0));
      const { profiles } = saved(env);
      expect(profiles.default).toEqual({ brand: `Acme ${batch}`, market: 'US-en', format: 'csv', base_url: `http://127.0.0.${batch + 1}:9/api/v1` });
      for (const n of [5, 6, 7, 8]) expect(profiles[`p${n}`], `p${n}`).toEqual({ brand: `b${n}-${batch}` });
      expect(readdirSync(env.VIS_CONFIG_DIR!)).toEqual(['config.json']);
    }
  });

  it('2 parallel `auth login --profile a|b` both save their key', async () => {
    for (let trial = 0; trial < 2; trial++) {
      const env = cleanEnv();
      const results = await Promise.all(
        (['a', 'b'] as const).map((p) => runVis(['auth', 'login', '--profile', p, '--base-url', server.baseUrl], { env, input: `${KEYS[p]}\n` })),
      );
      expect(results.map((r) => r.code)).toEqual([0, 0]);
      const { profiles } = saved(env);
      expect(profiles.a?.api_key).toBe(KEYS.a);
      expect(profiles.b?.api_key).toBe(KEYS.b);
      expect(readdirSync(env.VIS_CONFIG_DIR!)).toEqual(['config.json']);
    }
  });
});
