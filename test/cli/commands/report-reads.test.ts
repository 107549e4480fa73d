/**
 * An agency's morning: `vis export --all-brands` for the report's period, then `vis report
 * --all-brands` from the same cache. The report reads each section with the request the
 * export made (same path, brand, market and period), so it spends nothing: counted by the
 * sandbox itself, in runs of their own sharing one config folder and cache. In-process, the
 * requests through vis's own transport to the sandbox on loopback, on a clock at the real
 * today (the sandbox's).
 */
import { get as httpGet } from 'node:http';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox/server.js';
import { cleanEnv } from '../../e2e/helpers.js';
import { fakeClock } from '../../support/context.js';
import { runWithEnv } from '../../support/run.js';

const KEY = 'vis_demo_agency';
const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
const RANGE = ['--from', day(20), '--to', day(5)];
let sandbox: Sandbox;

/** `vis argv` as a run of its own would do it, with the whole environment `env`, on the sandbox's today. */
const runVis = (argv: string[], o: { env: Record<string, string> }) => runWithEnv(argv, { ...o, clock: fakeClock(Date.now()) });
beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0, quiet: true, rateLimitPerMinute: 100_000 });
});
afterAll(() => sandbox.close());

/**
 * Reads the sandbox has charted to the key so far. On a connection of its own: the runs
 * share this event loop, and a busy one lets the server close an idle keep-alive
 * connection just as the global fetch reuses it (ECONNRESET).
 */
function reads(): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpGet(`${sandbox.baseUrl.replace(/\/api\/v1$/, '')}/__sandbox/reads`, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => (body += d));
      res.on('end', () => resolve((JSON.parse(body) as Record<string, number>)[KEY]!));
    });
    req.on('error', reject);
  });
}

describe('the report after an export of its period', () => {
  it.each([
    ['the default 30 days', ['--days', '30'], []],
    ['a --from/--to period', RANGE, RANGE],
    ['every market, 14 days', ['--days', '14', '--all-markets'], ['--days', '14', '--all-markets']],
  ])('%s: the dry run says all cached, the report spends 0 reads', async (_, exportFlags, reportFlags) => {
    const env = cleanEnv({ VIS_BASE_URL: sandbox.baseUrl, VIS_API_KEY: KEY, VIS_RATE_LIMIT: '100000' });
    const work = mkdtempSync(join(tmpdir(), 'vis-report-reads-'));
    const exported = await runVis(['export', '--all-brands', '--dir', join(work, 'export'), '-q', ...exportFlags], { env });
    expect(exported.code, exported.stderr).toBe(0);

    const before = await reads();
    expect(before).toBeGreaterThan(0);
    const dry = await runVis(['report', '--all-brands', '--dry-run', ...reportFlags], { env });
    expect(dry.code, dry.stderr).toBe(0);
    const total = /^Reads: (\d+), all (\d+) cached \(free\): nothing to spend$/m.exec(dry.stdout);
    expect(total, dry.stdout).not.toBeNull();
    // Three brands, ten sections each, at least.
    expect(Number(total![1])).toBeGreaterThanOrEqual(30);
    expect(total![2]).toBe(total![1]);
    expect(dry.stdout).not.toMatch(/ 1 read$/m);
    for (const brand of ['Bluepeak Outdoor', 'Larkspur Dental', 'Copperline Payments']) expect(dry.stdout).toContain(brand);

    const file = join(work, 'agency.html');
    const made = await runVis(['report', '--all-brands', '--combined', '-o', file, ...reportFlags], { env });
    expect(made.code, made.stderr).toBe(0);
    expect(await reads()).toBe(before);
    expect(existsSync(file)).toBe(true);
    const html = readFileSync(file, 'utf8');
    for (const brand of ['Bluepeak Outdoor', 'Larkspur Dental', 'Copperline Payments']) expect(html).toContain(brand);
    expect(html).not.toContain('Could not be read');
  });

  it('without the export, the same report does spend its reads: the count above can move', async () => {
    const env = cleanEnv({ VIS_BASE_URL: sandbox.baseUrl, VIS_API_KEY: KEY, VIS_RATE_LIMIT: '100000' });
    const before = await reads();
    const dry = await runVis(['report', '--all-brands', '--dry-run'], { env });
    expect(dry.stdout).toMatch(/^Reads: 30, none cached: 30 to spend$/m);
    const made = await runVis(['report', '--all-brands', '--combined', '-o', join(mkdtempSync(join(tmpdir(), 'vis-report-reads-')), 'r.html')], { env });
    expect(made.code, made.stderr).toBe(0);
    expect(await reads()).toBe(before + 30);
  });
});
