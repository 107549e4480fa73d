/**
 * The demo is one function of the day: the simulated history's day D is, byte for byte,
 * what the sandbox answers with VIS_DEMO_DATE=D (every list endpoint of every market),
 * whichever later day is today; a topic's `change` and weekly series are counted from
 * the same days' values; and `vis changes`' moves are the difference of two days' answers.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { endpointById } from '../../src/endpoints.js';
import { changesFrom } from '../../src/history/changes/compare.js';
import { accountByKey } from '../../src/sandbox/accounts.js';
import { DemoHistory } from '../../src/sandbox/history.js';
import { sandboxOptionsFromEnv } from '../../src/sandbox/options.js';
import { sandboxSimulator } from '../../src/sandbox/server.js';
import { DemoReader } from '../../src/services/demo-history.js';

const KEY = 'vis_demo_agency';

/** What the sandbox started with VIS_DEMO_DATE=day answers to GET path?query, as its body's text. */
function served(day: string, path: string, query: Array<[string, string]>): string | undefined {
  const options = sandboxOptionsFromEnv({ VIS_DEMO_DATE: day });
  const now = options.now!();
  const r = sandboxSimulator(options, now)(accountByKey(KEY)!, path, new URLSearchParams(query), now);
  return r.status === 200 ? JSON.stringify(r.body) : undefined;
}

function historyOn(today: string): DemoReader {
  return new DemoReader(new DemoHistory(KEY, { now: () => new Date(`${today}T21:30:00Z`) }));
}

interface TopicsBody {
  data: { topics: Array<{ id: string; visibility: number | null; change: number | null }> };
}

describe('the demo’s days', () => {
  it('the history’s day D is the sandbox’s answer with VIS_DEMO_DATE=D, whatever today is', async () => {
    for (const day of ['2026-10-24', '2026-11-27', '2026-03-02']) {
      for (const today of [day, addDays(day, 1), addDays(day, 40)]) {
        const answers = await historyOn(today).answers({ api: 'demo', since: day, until: day });
        expect(answers.length, `${day} seen on ${today}`).toBeGreaterThan(10);
        for (const a of answers) {
          const spec = endpointById(a.endpoint);
          const query: Array<[string, string]> = [['brand_id', a.brandId], ...(a.market === '' ? [] : ([['market', a.market]] as Array<[string, string]>))];
          expect(a.raw, `${a.endpoint} ${a.brandId} ${a.market} of ${day} seen on ${today}`).toBe(served(day, spec.path, query));
        }
      }
    }
  }, 120_000);

  it('a topic’s change is its visibility against the period before, both days’ own answers; its weekly series is the days’', async () => {
    const reader = historyOn('2026-11-28');
    const answers = await reader.answers({ api: 'demo', brandIds: ['201'], markets: ['US-en'], endpoints: ['topics'] });
    const byDay = new Map(answers.map((a) => [a.day, JSON.parse(a.raw) as TopicsBody]));
    let compared = 0;
    for (const [day, body] of byDay) {
      const before = byDay.get(addDays(day, -7));
      if (!before) continue;
      for (const t of body.data.topics) {
        const was = before.data.topics.find((x) => x.id === t.id)!.visibility;
        if (t.visibility === null || was === null) continue;
        expect(t.change, `${t.id} on ${day}`).toBeCloseTo(t.visibility - was, 1);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
    // The week ending on a past day, in today's weekly series, is that day's own 7-day figure (null in a pause of the tracker).
    const id = byDay.get('2026-11-28')!.data.topics[0]!.id;
    const topic = JSON.parse(
      served('2026-11-28', `/topics/${id}`, [
        ['brand_id', '201'],
        ['market', 'US-en'],
      ])!,
    ) as {
      data: { history: Array<{ week_end: string; visibility: number | null }> };
    };
    for (const week of topic.data.history) {
      const own = JSON.parse(
        served(week.week_end, `/topics/${id}`, [
          ['brand_id', '201'],
          ['market', 'US-en'],
        ])!,
      ) as { data: { topic: { visibility: number | null } } };
      expect(week.visibility, week.week_end).toBe(own.data.topic.visibility);
    }
  }, 120_000);

  it('vis changes’ topic moves are the difference of the two days’ GET /topics', async () => {
    let moves = 0;
    for (const today of ['2026-11-28', '2026-11-20', '2026-06-01', '2026-06-02', '2026-06-03']) {
      const r = await changesFrom(historyOn(today), { api: 'demo', brandIds: ['201'], markets: ['US-en'], threshold: 1 });
      expect([r.from, r.to]).toEqual([addDays(today, -1), today]);
      const topics = (day: string) =>
        (
          JSON.parse(
            served(day, '/topics', [
              ['brand_id', '201'],
              ['market', 'US-en'],
            ])!,
          ) as TopicsBody
        ).data.topics;
      for (const c of r.changes.filter((x) => x.kind === 'topic')) {
        expect(c.before).toBe(topics(r.from!).find((t) => t.id === c.subject)!.visibility);
        expect(c.after).toBe(topics(r.to!).find((t) => t.id === c.subject)!.visibility);
        moves++;
      }
    }
    expect(moves).toBeGreaterThan(0);
  }, 120_000);
});
