/**
 * A week of daily runs, as a cron job makes them: vis (in-process, one run a day) on the
 * demo, whose day moves one day per run while its data stays fixed but for four edits: a
 * question's state for one engine, a topic's visibility, a competitor gone, a page's last
 * citation lost. The demo's history is simulated from the same data for each day before
 * the run's, so each day's `vis --demo changes --exit-code` must name exactly that day's
 * edit, with the right before and after, and nothing else; a day without an edit exits 0;
 * the history holds one row per topic per day.
 */
import { describe, expect, it } from 'vitest';
import { cleanEnv } from '../e2e/helpers.js';
import { fakeClock } from '../support/context.js';
import { runWithEnv } from '../support/run.js';

const DATA_AT = '2026-11-20T10:00:00Z';
const DAYS = ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26'];

interface Change {
  kind: string;
  subject: unknown;
  label: string | null;
  engine: string | null;
  before: unknown;
  after: unknown;
  delta: number | null;
  brand: { id: string; name: string };
  market: { code: string; label: string | null } | null;
}

interface ChangesDoc {
  data: { from: string | null; to: string | null; changes: Change[]; not_compared: unknown[] };
}

function envOn(day: string, env: Record<string, string>, edits: unknown[]): Record<string, string> {
  return { ...env, VIS_SANDBOX_OPTIONS: JSON.stringify({ now: `${day}T10:00:00Z`, dataAt: DATA_AT, edits }) };
}

/** One day's run, on a clock at the real today, as a spawned vis would read it. */
const runVis = (argv: string[], o: { env: Record<string, string> }) => runWithEnv(argv, { ...o, clock: fakeClock(Date.now()) });

/** The subject's text, whatever the form the engine names it in (text, or an object with a name). */
const subjectText = (s: unknown): string => (typeof s === 'string' ? s : JSON.stringify(s));

describe('a week of daily reads with four changes', () => {
  it('vis changes names each day exactly what changed; --exit-code 8, then 0; history has a row per topic per day', async () => {
    const base = cleanEnv({ VIS_API_KEY: 'vis_demo_growth' });
    // The data as it stands before any edit (the same on every day: fixed at DATA_AT).
    const read = async (cmd: string) => {
      const r = await runVis(['--demo', cmd, '--format', 'json'], { env: envOn(DAYS[0]!, { ...base, VIS_HISTORY: 'off' }, []) });
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as { data: Record<string, any> };
    };
    const prompts = (await read('prompts')).data.prompts as Array<{ id: string; prompt: string; engines: Record<string, { state: string }> }>;
    const topics = (await read('topics')).data.topics as Array<{ id: string; name: string; visibility: number }>;
    const competitors = (await read('competitors')).data.competitors as Array<{ name: string; is_brand: boolean }>;
    const pages = (await read('pages')).data.pages as Array<{ url: string; citations: number }>;

    const question = prompts[0]!;
    const oldState = question.engines.chatgpt!.state;
    const newState = oldState === 'recommended' ? 'absent' : 'recommended';
    const topic = topics[0]!;
    const rival = competitors.find((c) => !c.is_brand)!;
    const pageAt = pages.findIndex((p) => p.citations > 0);
    const page = pages[pageAt]!;
    const edits = [
      { from: DAYS[1], path: '/prompts', pointer: `/prompts/@id=${question.id}/engines/chatgpt/state`, value: newState },
      { from: DAYS[2], path: '/topics', pointer: `/topics/@id=${topic.id}/visibility`, value: Math.round((topic.visibility - 12) * 10) / 10 },
      { from: DAYS[3], path: '/competitors', pointer: `/competitors/@name=${rival.name}`, remove: true },
      { from: DAYS[4], path: '/pages', pointer: `/pages/${pageAt}/citations`, value: 0 },
    ];

    const results: Array<{ code: number | null; doc: ChangesDoc; stderr: string }> = [];
    for (const day of DAYS) {
      const r = await runVis(['--demo', 'changes', '--market', 'US-en', '--exit-code', '--format', 'json'], { env: envOn(day, base, edits) });
      expect(r.stdout, r.stderr).not.toBe('');
      results.push({ code: r.code, doc: JSON.parse(r.stdout) as ChangesDoc, stderr: r.stderr });
    }

    // Day 1: no edit yet, so nothing changed since the day before.
    expect(results[0]!.code, results[0]!.stderr).toBe(0);
    expect(results[0]!.doc.data.changes).toEqual([]);

    const only = (i: number) => {
      const r = results[i]!;
      expect(r.code, r.stderr).toBe(8);
      expect(r.doc.data.from).toBe(DAYS[i - 1]);
      expect(r.doc.data.to).toBe(DAYS[i]);
      expect(r.doc.data.changes, JSON.stringify(r.doc.data.changes)).toHaveLength(1);
      return r.doc.data.changes[0]!;
    };
    const state = only(1);
    expect(state).toMatchObject({ kind: 'answer_state', engine: 'chatgpt', before: oldState, after: newState });
    // A question's subject is its id, its label the words asked.
    expect(subjectText(state.subject)).toBe(question.id);
    expect(state.label).toBe(question.prompt);

    const vis = only(2);
    expect(vis).toMatchObject({ kind: 'topic', before: topic.visibility, after: edits[1]!.value });
    expect(vis.delta).toBeCloseTo((edits[1]!.value as number) - topic.visibility, 5);
    expect(subjectText(vis.subject)).toContain(topic.id);

    const gone = only(3);
    expect(gone).toMatchObject({ kind: 'competitor', after: null });
    expect(subjectText(gone.subject)).toContain(rival.name);

    const lost = only(4);
    expect(lost).toMatchObject({ kind: 'page', before: page.citations, after: 0 });
    expect(subjectText(lost.subject)).toContain(page.url);

    // A day with no edit: no change, exit 0.
    expect(results[5]!.code, results[5]!.stderr).toBe(0);
    expect(results[5]!.doc.data.changes).toEqual([]);

    // The recorded series: one row per topic per day, no request.
    const h = await runVis(['--demo', 'history', 'topics', '--since', DAYS[0]!, '--format', 'csv'], { env: envOn(DAYS[5]!, base, edits) });
    expect(h.code, h.stderr).toBe(0);
    const rows = h.stdout.trimEnd().split('\r\n');
    expect(rows[0]).toMatch(/^day,/);
    expect(rows).toHaveLength(1 + DAYS.length * topics.length);
    for (const day of DAYS) expect(rows.filter((l) => l.startsWith(`${day},`))).toHaveLength(topics.length);
    const edited = rows.filter((l) => l.includes(`,${topic.id},`)).map((l) => l.split(',')[0]);
    expect(edited).toEqual(DAYS);
  }, 120_000);
});
