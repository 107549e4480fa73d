/**
 * A scripted day: 33 commands a person and a cron job might run against the
 * sandbox (repeats across formats, two markets, an export, a --refresh, the clock moved
 * past midnight UTC and past the 03:30 UTC scan boundary). Each step says whether it may
 * spend a read: it does when its (request, freshness window) pair is new. The sandbox's own
 * read counter must move exactly then, so the total is the minimum possible. The same
 * script with the cache off spends a read on every data command; both totals are printed.
 *
 * In-process against a real loopback sandbox (the sandbox's clock and vis's are the same
 * fake clock): nothing here needs a separate process.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { fakeClock } from '../support/context.js';
import { runInProcess } from '../support/run.js';

const KEY = 'vis_demo_growth';
const clock = fakeClock(Date.parse('2026-11-22T08:00:00Z'));
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ quiet: true, now: () => new Date(clock.t), rateLimitPerMinute: 1_000_000 });
});
afterAll(() => sandbox.close());

async function readsSpent(): Promise<number> {
  const res = await fetch(`${sandbox.baseUrl.replace(/\/api\/v1$/, '')}/__sandbox/reads`);
  return ((await res.json()) as Record<string, number>)[KEY]!;
}

/** `olderThanNetwork`: the cached answer may predate the network's, within the rule's bound. */
type Step = { at?: string; argv: string[]; spends: number; olderThanNetwork?: boolean };

const B = ['--brand', '101'];
/** `spends`: reads this step may spend (an export: one per file it reads). */
const DAY = (dir: string): Step[] => [
  { at: '2026-11-22T08:00:00Z', argv: ['topics'], spends: 1 },
  { argv: ['topics', '-f', 'json'], spends: 0 },
  { argv: ['topics', '-f', 'csv', '-o', join(dir, 't.csv')], spends: 0 },
  { argv: ['topics', '--market', 'GB-en'], spends: 1 },
  { argv: ['topics', '--market', 'GB-en', '-f', 'json'], spends: 0 },
  { argv: ['topics', '--days', '30'], spends: 1 },
  { argv: ['visibility'], spends: 1 },
  { argv: ['visibility', '-f', 'csv'], spends: 0 },
  { argv: ['competitors'], spends: 1 },
  { argv: ['competitors', '-f', 'json'], spends: 0 },
  { argv: ['technical'], spends: 1 },
  { argv: ['ai-crawlers'], spends: 1 },
  { argv: ['tasks'], spends: 1 },
  { argv: ['usage'], spends: 0 },
  // An hour on: AI traffic and tasks are read again, AI-answer data is not.
  { at: '2026-11-22T09:00:00Z', argv: ['ai-crawlers'], spends: 1 },
  { argv: ['topics', '-f', 'json'], spends: 0 },
  { argv: ['tasks'], spends: 1 },
  { argv: ['topics', '--refresh'], spends: 1 },
  { argv: ['topics'], spends: 0 },
  // The cron export right after: every answer it needs but content gaps is cached, though
  // the export names the brand (brand_id=101) and the commands above named none.
  { argv: ['export', '--dir', join(dir, 'plan'), '--only', 'topics,visibility,competitors,content-gaps', '--dry-run'], spends: 0 },
  { argv: ['export', '--dir', join(dir, 'export'), '--only', 'topics,visibility,competitors,content-gaps'], spends: 1 },
  // And the other way round: what the export read is cached for the commands that name no brand,
  { at: '2026-11-22T12:00:00Z', argv: ['content-gaps'], spends: 0 },
  { argv: ['technical'], spends: 0 },
  // and for those that name it.
  { argv: ['competitors', ...B, '-f', 'csv'], spends: 0 },
  // After midnight UTC, before the scan: a period ending "today" is another request.
  { at: '2026-11-23T02:00:00Z', argv: ['topics'], spends: 1 },
  { argv: ['visibility'], spends: 0 },
  // After the 03:30 UTC scan boundary: everything AI-answer is new; while the scan may be landing, for an hour at most.
  { at: '2026-11-23T04:00:00Z', argv: ['visibility'], spends: 1 },
  { argv: ['visibility', '-f', 'json'], spends: 0 },
  { at: '2026-11-23T05:30:00Z', argv: ['visibility'], spends: 1 },
  { argv: ['topics', '-f', 'csv'], spends: 1 },
  { argv: ['topics', '-f', 'json'], spends: 0 },
  // The sandbox's weekly scan turned at 02:00 UTC; the reference does not say when the
  // week turns, so weekly data is served for at most 24 hours: here the answer of 08:00.
  { argv: ['technical'], spends: 0, olderThanNetwork: true },
  { argv: ['competitors', '--market', 'GB-en'], spends: 1 },
];

async function runDay(cache: 'on' | 'off'): Promise<{ total: number; perStep: number[]; outputs: string[] }> {
  const home = mkdtempSync(join(tmpdir(), 'vis-day-'));
  const env = { HOME: home, VIS_CONFIG_DIR: join(home, 'config'), VIS_API_KEY: KEY, VIS_RATE_LIMIT: '1000000', VIS_CACHE: cache };
  const perStep: number[] = [];
  const outputs: string[] = [];
  const start = await readsSpent();
  for (const step of DAY(home)) {
    if (step.at) clock.t = Date.parse(step.at);
    const before = await readsSpent();
    const r = await runInProcess(step.argv, { baseUrl: sandbox.baseUrl, env, clock });
    expect(r.code, `${step.argv.join(' ')}: ${r.stderr}`).toBe(0);
    outputs.push(r.stdout);
    perStep.push((await readsSpent()) - before);
  }
  return { total: (await readsSpent()) - start, perStep, outputs };
}

describe('a day of vis with the cache', () => {
  it('spends a read exactly once per (request, freshness window), and each answer renders as it would from the network', async () => {
    const script = DAY('');
    expect(script).toHaveLength(33);
    const withCache = await runDay('on');
    const without = await runDay('off');
    console.log(`scripted day: ${withCache.total} reads with the cache, ${without.total} without`);
    for (const [i, step] of script.entries()) {
      expect(withCache.perStep[i], `step ${i + 1}: vis ${step.argv.join(' ')}`).toBe(step.spends);
    }
    expect(withCache.total).toBe(script.reduce((s, x) => s + x.spends, 0));
    // Without the cache every data command spends (the export 4, its dry run and usage none).
    expect(without.total).toBe(script.filter((s) => s.argv[0] !== 'usage' && !s.argv.includes('--dry-run')).length + 3);
    // The dry run of the export says what the cache saves.
    expect(withCache.outputs[19]).toContain('Cache: 3 answers of the plan cached now, so 3 reads saved');
    // Every answer is the one the network gave at that moment (the fixed clock makes the two runs comparable).
    for (const [i, step] of script.entries()) {
      // usage is never cached and says how many reads each run spent: it differs, as it should.
      if (step.argv.includes('--dry-run') || step.argv[0] === 'usage') continue;
      if (step.olderThanNetwork) {
        expect(withCache.outputs[i]).toBe(withCache.outputs[10]);
        continue;
      }
      expect(withCache.outputs[i], `step ${i + 1}`).toBe(without.outputs[i]);
    }
  });
});
