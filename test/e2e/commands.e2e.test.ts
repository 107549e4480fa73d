/**
 * Smoke runs of the built `vis` against the sandbox on loopback: a GET with its query as a
 * csv, and the one POST as json; the request the sandbox received, the exit code, stdout
 * and stderr. Every command in every format runs in-process in test/output/commands.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { cleanEnv, runVis } from './helpers.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ now: () => new Date('2026-11-22T12:00:00Z'), rateLimitPerMinute: 100_000 });
});
afterAll(() => sandbox.close());

const env = () => cleanEnv({ VIS_BASE_URL: sandbox.baseUrl, VIS_API_KEY: 'vis_demo_growth' });

function onlyRequest() {
  const reqs = sandbox.requests.filter((q) => !q.path.startsWith('/__'));
  expect(reqs).toHaveLength(1);
  const req = reqs[0]!;
  expect(req.headers.authorization).toBe('Bearer vis_demo_growth');
  expect(String(req.headers['user-agent'])).toMatch(/^vis\/\d+\.\d+\.\d+/);
  return req;
}

describe('the built vis against the sandbox', () => {
  it('vis topics with a market and a period, as csv: the query in order, rows, exit 0', async () => {
    sandbox.requests.length = 0;
    const r = await runVis(['topics', '--market', 'US-en', '--from', '2026-11-01', '--to', '2026-11-20', '--format', 'csv'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const req = onlyRequest();
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/topics');
    expect(req.url).toMatch(/\/topics\?market=US-en&from=2026-11-01&to=2026-11-20$/);
    expect(r.stdout.endsWith('\r\n')).toBe(true);
    expect(r.stdout.split('\r\n').length).toBeGreaterThan(2);
  });

  it('vis pitches create --yes --format json: one POST with the body, the envelope on stdout', async () => {
    sandbox.requests.length = 0;
    const r = await runVis(['pitches', 'create', 'acme.example', '--market', 'US-en', '--business-type', 'B2B SaaS', '--yes', '--format', 'json'], {
      env: env(),
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const req = onlyRequest();
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/pitches');
    expect(req.body).toEqual({ url: 'acme.example', market: 'US-en', business_type: 'B2B SaaS' });
    const parsed = JSON.parse(r.stdout);
    expect(Object.keys(parsed).sort()).toEqual(['data', 'meta']);
    expect(r.stdout.endsWith('}\n')).toBe(true);
  });
});
