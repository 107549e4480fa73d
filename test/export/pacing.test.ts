/**
 * Pacing, in process: `vis export` run against a real sandbox over HTTP, with one fake
 * clock shared by the CLI (its pacer and retry waits) and the sandbox (its rate-limit
 * window). Waits take no real time, so an export several times the limit finishes at
 * once, and the sandbox's record says whether any request was refused.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exportCommand } from '../../src/cli/commands/export/run.js';
import { createContext } from '../../src/services/context.js';
import { defaultEndpoints } from '../../src/export/options.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { fakeClock, testIO } from '../support/context.js';

const START = Date.parse('2026-11-22T12:00:00Z');
const sandboxes: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.splice(0).map((s) => s.close()));
});

async function exportWith(rateLimitForCli: number) {
  const clock = fakeClock(START);
  const sandbox = await startSandbox({ now: () => new Date(clock.now()), rateLimitPerMinute: 10 });
  sandboxes.push(sandbox);
  const home = mkdtempSync(join(tmpdir(), 'vis-pacing-'));
  const dir = join(home, 'out');
  const io = testIO();
  const env = { VIS_BASE_URL: sandbox.baseUrl, VIS_API_KEY: 'vis_demo_growth', VIS_RATE_LIMIT: String(rateLimitForCli), VIS_CONFIG_DIR: home, HOME: home };
  const ctx = createContext(io, env, '0.0.0-test', new AbortController().signal, { clock, random: () => 0.5 });
  await exportCommand(ctx, { dir, quiet: true });
  return { sandbox, clock, dir, io };
}

describe('an export several times the rate limit', () => {
  const requests = 2 + defaultEndpoints().length; // /usage, /brands, then one per file

  it('paced at the limit (10 a minute): every request answered, no 429, and the waits were the pacer’s', async () => {
    expect(requests).toBeGreaterThan(20);
    const { sandbox, clock, dir } = await exportWith(10);
    expect(sandbox.requests).toHaveLength(requests);
    expect(sandbox.requests.filter((r) => r.status === 429)).toEqual([]);
    expect(sandbox.requests.every((r) => r.status === 200)).toBe(true);
    // 10 a minute: the 11th and 21st requests each waited for the window to move on.
    expect(clock.t - START).toBeGreaterThanOrEqual(2 * 60_000);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest.files).toHaveLength(defaultEndpoints().length);
    expect(manifest.status).toBe('complete');
  });

  it('the same export paced above the server’s limit meets 429s (so the test above can fail)', async () => {
    const { sandbox } = await exportWith(1000);
    expect(sandbox.requests.filter((r) => r.status === 429).length).toBeGreaterThan(0);
  });
});
