/** Every endpoint of the table answers over real HTTP with the documented envelope. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINTS, commonQueryNames } from '../../src/endpoints.js';
import { DEMO_ACCOUNTS, READ_BUDGETS } from '../../src/sandbox/accounts.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { call, exampleRequest, openSandbox } from './helpers.js';

const STATES = ['open', 'absent', 'mentioned', 'recommended', 'no_answer'];

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await openSandbox();
});
afterEach(async () => {
  await sandbox.close();
});

describe('every endpoint of the table, for vis_demo_growth', () => {
  for (const spec of ENDPOINTS) {
    it(`${spec.method} ${spec.path} (${spec.id})`, async () => {
      const example = await exampleRequest(sandbox, spec);
      expect(example, 'an item to ask for').not.toBeNull();
      const reply = await call(sandbox, example!.path, example!.call);
      expect(reply.status, reply.text).toBe(spec.method === 'POST' ? 201 : 200);
      expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(Object.keys(reply.json).sort()).toEqual(['data', 'meta']);
      const { data, meta } = reply.json;
      expect(typeof data).toBe('object');
      expect(Array.isArray(data)).toBe(false);
      if (spec.collection) expect(Array.isArray(data[spec.collection]), `data.${spec.collection}`).toBe(true);
      expect(meta.api_version).toBe('v1');
      if (spec.brand) expect(meta.brand).toEqual({ id: 101, name: 'Northwind CRM' });
      else expect(meta.brand).toBeUndefined();
      if (spec.market) expect(meta.market).toEqual({ id: 1011, code: 'US-en', label: 'United States (English)' });
      else expect(meta.market).toBeUndefined();
      if (commonQueryNames(spec).includes('days')) {
        expect(data.period).toEqual({ from: expect.any(String), to: '2025-03-14', days: spec.id === 'search-performance' ? 28 : 7 });
      }
    });
  }
});

describe('every brand and market of every active account', () => {
  const accounts = DEMO_ACCOUNTS.filter((a) => a.active && a.readsUsed < READ_BUDGETS[a.plan]);
  for (const account of accounts) {
    for (const brand of account.brands) {
      for (const market of brand.markets) {
        it(`${account.key}: ${brand.name} in ${market.code} answers every endpoint of its plan`, async () => {
          const query = `brand_id=${brand.id}&market=${market.code}`;
          for (const spec of ENDPOINTS.filter((e) => e.method === 'GET' && (e.plan === 'any' || account.plan !== 'monitor'))) {
            const example = await exampleRequest(sandbox, spec, account.key, query);
            if (!example) continue;
            const reply = await call(sandbox, example.path, example.call);
            expect(reply.json.meta?.brand?.id ?? brand.id).toBe(brand.id);
            if (spec.id === 'search-performance' && !brand.searchConsole) expect(reply.status).toBe(409);
            else expect(reply.status, `${spec.id}: ${reply.text}`).toBe(200);
          }
        });
      }
    }
  }
});

describe('periods', () => {
  it('defaults to the 7 days ending today', async () => {
    expect((await call(sandbox, '/topics')).json.data.period).toEqual({ from: '2025-03-08', to: '2025-03-14', days: 7 });
  });

  it('counts days back from today, or from `to`', async () => {
    expect((await call(sandbox, '/topics?days=30')).json.data.period).toEqual({ from: '2025-02-13', to: '2025-03-14', days: 30 });
    expect((await call(sandbox, '/topics?days=3&to=2025-01-02')).json.data.period).toEqual({ from: '2024-12-31', to: '2025-01-02', days: 3 });
  });

  it('uses from and to as given, ignoring days, and allows exactly 90 days between them', async () => {
    expect((await call(sandbox, '/topics?from=2025-02-01&to=2025-02-28&days=5')).json.data.period).toEqual({ from: '2025-02-01', to: '2025-02-28', days: 28 });
    expect((await call(sandbox, '/topics?from=2024-12-14&to=2025-03-14')).json.data.period).toEqual({ from: '2024-12-14', to: '2025-03-14', days: 91 });
  });

  it('gives search-performance its own 28-day default and honours days', async () => {
    expect((await call(sandbox, '/search-performance')).json.data.period).toEqual({ from: '2025-02-15', to: '2025-03-14', days: 28 });
    expect((await call(sandbox, '/search-performance?days=90')).json.data.period.days).toBe(90);
  });
});

describe('brands and markets', () => {
  it('addresses a market by code (any case), country or id, and says which answered', async () => {
    for (const market of ['GB-en', 'gb-EN', 'GB', '1012']) {
      expect((await call(sandbox, `/topics?market=${market}`)).json.meta.market).toEqual({ id: 1012, code: 'GB-en', label: 'United Kingdom (English)' });
    }
  });

  it('lists the agency’s three brands and takes brand_id to pick one', async () => {
    const brands = (await call(sandbox, '/brands', { key: 'vis_demo_agency' })).json.data.brands;
    expect(brands.map((b: any) => b.id)).toEqual([201, 202, 203]);
    const reply = await call(sandbox, '/markets?brand_id=203', { key: 'vis_demo_agency' });
    expect(reply.json.meta.brand).toEqual({ id: 203, name: 'Copperline Payments' });
    expect(reply.json.data.markets.map((m: any) => m.code)).toEqual(['US-en', 'GB-en', 'AU-en']);
    expect(reply.json.data.markets.filter((m: any) => m.primary)).toHaveLength(1);
  });

  it('shows the growth account’s usage and pitch allowance', async () => {
    const usage = (await call(sandbox, '/usage')).json.data;
    expect(usage).toMatchObject({ plan: 'growth', plan_active: true, resets_at: '2025-04-01T00:00:00Z' });
    expect(usage.reads).toEqual({ limit: 200_000, used: 48_213, left: 151_787 });
    expect(usage.pitch_reports).toEqual({ allowance: 5, used: 2, left: 3 });
  });
});

describe('payloads', () => {
  it('visibility: a score, 12 weekly points (a pause of the tracker never empties a week), the latest equal to the score', async () => {
    const data = (await call(sandbox, '/visibility')).json.data;
    expect(data.history).toHaveLength(12);
    expect(data.history.filter((w: any) => w.score === null)).toHaveLength(0);
    expect(data.history.at(-1)).toEqual({ week_start: data.window.from, week_end: data.window.to, score: data.score });
    expect(data.score).toBeGreaterThanOrEqual(0);
    expect(data.score).toBeLessThanOrEqual(100);
  });

  it('topics: at least 8, with visibility, change, rank and rivals', async () => {
    const topics = (await call(sandbox, '/topics')).json.data.topics;
    expect(topics.length).toBeGreaterThanOrEqual(8);
    for (const topic of topics) {
      expect(topic).toMatchObject({ id: expect.any(String), name: expect.any(String), rank: expect.any(Number), rivals: expect.any(Array) });
      expect(topic.visibility).toBeGreaterThanOrEqual(0);
      expect(topic.visibility).toBeLessThanOrEqual(100);
      expect(Number.isInteger(topic.visibility * 10)).toBe(true);
    }
    const visibilities = topics.map((t: any) => t.visibility);
    expect(visibilities).toEqual([...visibilities].sort((a, b) => b - a));
  });

  it('prompts: at least 15 questions, every engine in one of the five states', async () => {
    const prompts = (await call(sandbox, '/prompts')).json.data.prompts;
    expect(prompts.length).toBeGreaterThanOrEqual(15);
    const seen = new Set<string>();
    for (const prompt of prompts) {
      expect(Object.keys(prompt.engines)).toEqual(['chatgpt', 'perplexity', 'gemini', 'claude', 'copilot']);
      for (const cell of Object.values<any>(prompt.engines)) {
        expect(STATES).toContain(cell.state);
        seen.add(cell.state);
        if (cell.state === 'recommended') expect(cell.position).not.toBeNull();
      }
    }
    // The demo shows every state somewhere; a renderer needs them all to be exercised.
    expect([...seen].sort()).toEqual(expect.arrayContaining(['absent', 'mentioned', 'recommended', 'open']));
  });

  it('answers/runs: real answer text, naming the brand in some runs and not in others', async () => {
    const answers = (await call(sandbox, '/answers')).json.data.answers;
    const reply = await call(sandbox, `/answers/runs?prompt=${encodeURIComponent(answers[0].prompt)}`);
    const runs = reply.json.data.runs;
    expect(runs.length).toBeGreaterThan(20);
    const named = runs.filter((r: any) => r.named_brand);
    expect(named.length).toBeGreaterThan(0);
    expect(named.length).toBeLessThan(runs.length);
    for (const run of named) expect(run.answer).toContain('Northwind CRM');
    for (const run of runs.filter((r: any) => r.state !== 'no_answer')) expect(run.answer.split(/[.:]\s/).length).toBeGreaterThan(1);
  });

  it('answers/runs matches the question leniently (case and spacing)', async () => {
    const prompt = (await call(sandbox, '/answers')).json.data.answers[0].prompt as string;
    const sloppy = `  ${prompt.toUpperCase().replace(/ /g, '  ')} `;
    expect((await call(sandbox, `/answers/runs?prompt=${encodeURIComponent(sloppy)}`)).json.data.prompt).toBe(prompt);
  });

  it('competitors: share of voice with the brand itself flagged, and one rival by name in any case', async () => {
    const competitors = (await call(sandbox, '/competitors')).json.data.competitors;
    expect(competitors.filter((c: any) => c.is_brand).map((c: any) => c.name)).toEqual(['Northwind CRM']);
    const total = competitors.reduce((sum: number, c: any) => sum + c.share_of_voice, 0);
    expect(total).toBeGreaterThan(99);
    expect(total).toBeLessThan(101);
    const rival = await call(sandbox, '/competitors/globex%20crm');
    expect(rival.json.data.competitor.name).toBe('Globex CRM');
  });

  it('content gaps: an action per question, write exactly where there is no page', async () => {
    const gaps = (await call(sandbox, '/content-gaps')).json.data.gaps;
    for (const gap of gaps) {
      expect(['write', 'improve', 'leave']).toContain(gap.action);
      expect(gap.action === 'write').toBe(!gap.has_page);
    }
    expect(new Set(gaps.map((g: any) => g.action)).size).toBe(3);
  });

  it('forum: at most `limit` threads per topic', async () => {
    const topics = (await call(sandbox, '/forum?limit=2&days=30')).json.data.topics;
    expect(topics.length).toBeGreaterThan(0);
    for (const topic of topics) {
      expect(topic.threads.length).toBeLessThanOrEqual(2);
      expect(topic.threads_total).toBeGreaterThanOrEqual(topic.threads.length);
    }
    expect(topics.some((t: any) => t.threads_total > 2)).toBe(true);
  });

  it('search-performance: rows by query or page, ordered by impressions, at most `limit`', async () => {
    const byQuery = (await call(sandbox, '/search-performance?limit=10')).json.data;
    expect(byQuery.group_by).toBe('query');
    expect(byQuery.rows).toHaveLength(10);
    const impressions = byQuery.rows.map((r: any) => r.impressions);
    expect(impressions).toEqual([...impressions].sort((a, b) => b - a));
    expect(byQuery.rows[0]).toHaveProperty('query');
    const byPage = (await call(sandbox, '/search-performance?group_by=page&limit=1000')).json.data;
    expect(byPage.rows[0]).toHaveProperty('page');
    expect(byPage.rows.reduce((s: number, r: any) => s + r.clicks, 0)).toBe(byQuery.totals.clicks);
  });

  it('tasks: open by default, filtered by layer and status, with open counts per layer', async () => {
    const all = (await call(sandbox, '/tasks?status=all&limit=1000')).json.data;
    const open = (await call(sandbox, '/tasks')).json.data;
    expect(open.filters).toEqual({ layer: null, status: 'open', limit: 30 });
    expect(open.tasks.every((t: any) => t.status === 'todo' || t.status === 'in_progress')).toBe(true);
    for (const [layer, count] of Object.entries(open.open_counts)) {
      expect(all.tasks.filter((t: any) => t.layer === layer && ['todo', 'in_progress'].includes(t.status))).toHaveLength(count as number);
    }
    const technical = (await call(sandbox, '/tasks?layer=technical&status=all')).json.data.tasks;
    expect(technical.length).toBeGreaterThan(0);
    expect(technical.every((t: any) => t.layer === 'technical')).toBe(true);
    expect((await call(sandbox, '/tasks?limit=2')).json.data.tasks).toHaveLength(2);
    const done = (await call(sandbox, '/tasks?status=done')).json.data.tasks;
    expect(done.every((t: any) => t.status === 'done')).toBe(true);
  });

  it('tasks/{id}: a brief with why, steps, evidence and topics for every task', async () => {
    const tasks = (await call(sandbox, '/tasks?status=all&limit=1000')).json.data.tasks;
    for (const task of tasks) {
      const brief = (await call(sandbox, `/tasks/${task.id}`)).json.data;
      expect(brief.task.id).toBe(task.id);
      expect(brief.why.length).toBeGreaterThan(20);
      expect(brief.steps.length).toBeGreaterThan(0);
      expect(Array.isArray(brief.evidence)).toBe(true);
      expect(Array.isArray(brief.topics)).toBe(true);
    }
  });

  it('weekly plan: the three board columns in order', async () => {
    const columns = (await call(sandbox, '/weekly-plan')).json.data.columns;
    expect(columns.map((c: any) => c.name)).toEqual(['To do', 'In progress', 'Done']);
  });

  it('overview on Monitor leaves out the Pro and Growth parts', async () => {
    const data = (await call(sandbox, '/overview', { key: 'vis_demo_monitor' })).json.data;
    expect(data).toMatchObject({ perception: null, ai_traffic: null, open_tasks: null });
    expect(typeof data.visibility.score).toBe('number');
  });

  it('carries non-ASCII text: German umlauts, and CJK and emoji in forum titles', async () => {
    const german = (await call(sandbox, '/topics?market=DE-de')).text;
    expect(german).toMatch(/[äöüß]/);
    const titles = (await call(sandbox, '/forum?days=90&limit=50')).json.data.topics.flatMap((t: any) => t.threads.map((th: any) => th.title));
    expect(titles.some((t: string) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(t))).toBe(true);
    expect(titles.some((t: string) => /\p{Extended_Pictographic}/u.test(t))).toBe(true);
  });
});

describe('determinism and markets', () => {
  it('answers the same request with the same bytes, in the same and in another sandbox', async () => {
    const other = await openSandbox();
    try {
      for (const spec of ENDPOINTS.filter((e) => e.method === 'GET' && !e.free)) {
        const example = await exampleRequest(sandbox, spec, 'vis_demo_growth', 'days=30');
        if (!example) throw new Error(`no example for ${spec.id}`);
        const { path, call: options } = example;
        const first = await call(sandbox, path, options);
        const again = await call(sandbox, path, options);
        const elsewhere = await call(other, path, options);
        expect(again.text, spec.id).toBe(first.text);
        expect(elsewhere.text, spec.id).toBe(first.text);
      }
    } finally {
      await other.close();
    }
  });

  it('keeps perception and the technical scan identical across markets, while topics differ', async () => {
    for (const path of ['/brand-perception?days=30', '/brand-perception/transcript', '/technical']) {
      const [us, gb, de] = await Promise.all(['US-en', 'GB-en', 'DE-de'].map((m) => call(sandbox, `${path}${path.includes('?') ? '&' : '?'}market=${m}`)));
      expect(JSON.stringify(gb?.json.data), path).toBe(JSON.stringify(us?.json.data));
      expect(JSON.stringify(de?.json.data), path).toBe(JSON.stringify(us?.json.data));
      expect(de?.json.meta.market.code).toBe('DE-de');
    }
    const us = (await call(sandbox, '/topics?market=US-en')).json.data.topics;
    const gb = (await call(sandbox, '/topics?market=GB-en')).json.data.topics;
    expect(gb.map((t: any) => t.visibility)).not.toEqual(us.map((t: any) => t.visibility));
  });

  it('moves with the clock: the default period ends on the clock’s day', async () => {
    const later = await openSandbox({ now: () => new Date('2025-06-02T09:00:00Z') });
    try {
      expect((await call(later, '/topics')).json.data.period).toEqual({ from: '2025-05-27', to: '2025-06-02', days: 7 });
    } finally {
      await later.close();
    }
  });
});
