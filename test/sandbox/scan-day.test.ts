/**
 * The demo's views agree on the last scanned day at every hour. The day's scan is in by
 * 04:00 UTC: read at 03:00, every window (a period's default `to`, a topic's trailing
 * window, the overview's days, the history's last day) ends the day before, and at 05:00
 * every one ends on the day; the same topic reads the same in every view.
 */
import { describe, expect, it } from 'vitest';
import { cleanEnv } from '../e2e/helpers.js';
import { fakeClock } from '../support/context.js';
import { runWithEnv } from '../support/run.js';

type Json = Record<string, any>;

/** One `vis --demo ... --format json` at `at`, the sandbox's clock and vis's alike. */
async function read(at: string, argv: string[], key = 'vis_demo_growth'): Promise<Json> {
  const env = { ...cleanEnv({ VIS_API_KEY: key }), VIS_SANDBOX_OPTIONS: JSON.stringify({ now: at }) };
  const r = await runWithEnv(['--demo', ...argv, '--format', 'json'], { env, clock: fakeClock(Date.parse(at)) });
  expect(r.code, `${argv.join(' ')}: ${r.stderr}`).toBe(0);
  return (JSON.parse(r.stdout) as { data: Json }).data;
}

describe('the scan day of the demo', () => {
  for (const [at, day] of [
    ['2026-11-29T03:00:00Z', '2026-11-28'],
    ['2026-11-29T05:00:00Z', '2026-11-29'],
  ] as const) {
    it(`at ${at.slice(11, 16)} UTC every view ends on ${day} and they agree`, async () => {
      const list = await read(at, ['topics']);
      const listed = (list.topics as Json[]).find((t) => t.id === 'crm-reporting')!;
      expect(list.period.to).toBe(day);

      const one = await read(at, ['topics', 'crm-reporting']);
      expect(one.window.to).toBe(day);
      expect([listed.visibility, listed.change]).toEqual([one.topic.visibility, one.topic.change]);

      const history = await read(at, ['history', 'topics', 'crm-reporting']);
      const last = (history.days as Json[]).at(-1)!;
      expect(last.day).toBe(day);
      expect([last.data.topic.visibility, last.data.topic.change]).toEqual([listed.visibility, listed.change]);

      const overview = await read(at, ['overview']);
      expect(overview.period.to).toBe(day);
      const daily = overview.daily as Json[];
      expect(daily.at(-1)!.date).toBe(day);
      expect(daily.filter((d) => d.visibility === null)).toEqual([]);

      const german = await read(at, ['topics', '--market', 'DE-de']);
      const migration = (german.topics as Json[]).find((t) => t.id === 'crm-migration')!;
      const changes = await read(at, ['changes', '--since', '7d', '--threshold', '0.1']);
      expect(changes.to).toBe(day);
      const moved = (changes.changes as Json[]).find((c) => c.endpoint === 'topics' && c.subject === 'crm-migration' && c.market?.code === 'DE-de');
      expect(moved?.after).toBe(migration.visibility);
    }, 120_000);
  }

  it('an agency’s overview at 03:00 sends no day without a scan', async () => {
    const overview = await read('2026-11-29T03:00:00Z', ['overview', '--brand', '202'], 'vis_demo_agency');
    expect((overview.daily as Json[]).map((d) => d.date)).not.toContain('2026-11-29');
  }, 120_000);
});

describe('the report of the demo before the day’s scan', () => {
  it('covers the days its figures do: the cover, the headline, the tables and what changed end on the scan day', async () => {
    const at = '2026-11-29T03:00:00Z';
    const env = { ...cleanEnv({ VIS_API_KEY: 'vis_demo_growth' }), VIS_SANDBOX_OPTIONS: JSON.stringify({ now: at }) };
    const r = await runWithEnv(['--demo', 'report', '-o', '-'], { env, clock: fakeClock(Date.parse(at)) });
    expect(r.code, r.stderr).toBe(0);
    const page = r.stdout.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');
    expect(page).not.toContain('Nov 29, 2026 (30 days)');
    expect(page).toContain('AI visibility report Oct 30, 2026 – Nov 28, 2026 (30 days)');
    expect(page).toContain('Over Oct 30, 2026 – Nov 28, 2026 (30 days); each change is over the same days.');
    expect(page).toContain('The answers recorded on Nov 28, 2026 against those of Oct 30, 2026');
    // The headline's share of voice is the table's: the same 30 days.
    const headline = /Share of voice ([\d.]+%) ([▲▼] [\d.]+)/.exec(page)!;
    expect(page).toContain(`Northwind CRM you ${headline[1]} ${headline[2]}`);
  }, 120_000);
});

describe('the demo’s words', () => {
  it('a category takes its article (an outdoor gear), and a task’s steps quote no command as Markdown', async () => {
    const at = '2026-11-29T05:00:00Z';
    const perception = await read(at, ['brand-perception', '--brand', '201'], 'vis_demo_agency');
    const said = JSON.stringify(perception);
    expect(said).toContain('as an outdoor gear known for');
    expect(said).not.toContain('a outdoor');
    const tasks = await read(at, ['tasks', '--layer', 'content', '--status', 'all'], 'vis_demo_growth');
    const ids = (tasks.tasks as Json[]).map((t) => String(t.id));
    const briefs = await Promise.all(ids.slice(0, 4).map((id) => read(at, ['tasks', id], 'vis_demo_growth')));
    const steps = briefs.flatMap((b) => b.steps as Json[]).map((s) => String(s.text));
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.filter((s) => s.includes('`'))).toEqual([]);
  }, 120_000);
});
