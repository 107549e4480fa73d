/**
 * The demo's history (src/services/demo-history.ts over src/sandbox/history.ts): on a fresh
 * HOME, with no earlier command, `vis --demo history`, `vis --demo changes` and `vis --demo
 * report` read 90 simulated days ending with the demo's day (VIS_DEMO_DATE, else today),
 * per demo key, and nothing of the demo reaches a real history: no store VIS_HISTORY, a
 * profile or the default names is made or opened, and PostgreSQL is never reached.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { DEMO_HISTORY_DAYS } from '../../src/domain/demo.js';
import { changesFrom } from '../../src/history/changes/compare.js';
import { DemoHistory } from '../../src/sandbox/history.js';
import { sandboxOptionsFromEnv } from '../../src/sandbox/options.js';
import { DemoReader } from '../../src/services/demo-history.js';
import { fakeClock } from '../support/context.js';
import { unusedPort } from '../support/ports.js';
import { runWithEnv } from '../support/run.js';

const DAY = '2026-11-20';

/** A fresh HOME and nothing else: no config, no history, no key. */
function fresh(extra: Record<string, string> = {}): { env: Record<string, string>; home: string } {
  const home = mkdtempSync(join(tmpdir(), 'vis-demo-home-'));
  return { home, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, NO_COLOR: '1', LANG: 'C.UTF-8', VIS_DEMO_DATE: DAY, ...extra } };
}

const run = (argv: string[], env: Record<string, string>) => runWithEnv(argv, { env, clock: fakeClock(Date.now()) });

interface ChangesDoc {
  data: { from: string | null; to: string | null; changes: Array<{ kind: string; brand: { id: string }; market: { code: string } | null }> };
}

describe('the demo’s history on a fresh HOME', () => {
  it('history shows 90 days, changes the last day’s moves (--exit-code 8), the report its trend and what changed; nothing is written', async () => {
    const { env, home } = fresh();
    const h = await run(['--demo', 'history', 'topics', '-f', 'json'], env);
    expect(h.code, h.stderr).toBe(0);
    const series = JSON.parse(h.stdout) as { data: { days: Array<{ day: string }> }; meta: { api: string; market: { code: string } } };
    expect(series.data.days).toHaveLength(DEMO_HISTORY_DAYS);
    expect(series.data.days[0]!.day).toBe(addDays(DAY, -(DEMO_HISTORY_DAYS - 1)));
    expect(series.data.days.at(-1)!.day).toBe(DAY);
    expect(series.meta).toMatchObject({ api: 'demo', market: { code: 'US-en' } });

    const c = await run(['--demo', 'changes', '-f', 'json'], env);
    expect(c.code, c.stderr).toBe(0);
    const doc = JSON.parse(c.stdout) as ChangesDoc;
    expect(doc.data).toMatchObject({ from: addDays(DAY, -1), to: DAY });
    expect(doc.data.changes.length).toBeGreaterThan(0);
    expect(doc.data.changes.every((x) => x.brand.id === '101')).toBe(true);

    const e = await run(['--demo', 'changes', '--exit-code'], env);
    expect(e.code, e.stderr).toBe(8);

    const file = join(home, 'report.html');
    const r = await run(['--demo', 'report', '-o', file], env);
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(file, 'utf8');
    for (const missing of ['holds nothing for this brand yet', 'nothing has been recorded', 'History unavailable', 'nothing to compare yet'])
      expect(html).not.toContain(missing);

    // Only the report the user asked for and the charts it drew (kept as every report keeps them): no history store, journal or data folder.
    expect(readdirSync(home).sort()).toEqual(['.cache', 'report.html']);
    expect(readdirSync(join(home, '.cache'))).toEqual(['vis']);
    expect(readdirSync(join(home, '.cache', 'vis'))).toEqual(['charts']);
  }, 120_000);

  it('the agency key names no brand: refused listing the demo’s brands in the account’s order', async () => {
    const { env } = fresh({ VIS_API_KEY: 'vis_demo_agency' });
    const h = await run(['--demo', 'history', 'topics'], env);
    expect(h.code).toBe(2);
    expect(h.stderr).toContain(
      'several brands are recorded for the demo; pick one with --brand: 201 (Bluepeak Outdoor), 202 (Larkspur Dental), 203 (Copperline Payments)',
    );
  }, 60_000);

  it('the last day is what the data command reads, and a run is the same every time', async () => {
    const { env } = fresh();
    const live = await run(['--demo', 'topics', '-f', 'json'], env);
    const h = await run(['--demo', 'history', 'topics', '--since', DAY, '-f', 'json'], env);
    expect(live.code, live.stderr).toBe(0);
    const days = (JSON.parse(h.stdout) as { data: { days: Array<{ day: string; data: unknown }> } }).data.days;
    expect(days.map((d) => d.day)).toEqual([DAY]);
    expect(days[0]!.data).toEqual((JSON.parse(live.stdout) as { data: unknown }).data);
    const again = await run(['--demo', 'history', 'topics', '--since', DAY, '-f', 'json'], env);
    expect(again.stdout).toBe(h.stdout);
  }, 60_000);

  it('VIS_DEMO_DATE on successive days: each run’s changes are that day’s', async () => {
    for (const day of ['2026-03-01', '2026-03-02']) {
      const r = await run(['--demo', 'changes', '-f', 'json'], fresh({ VIS_DEMO_DATE: day }).env);
      expect(r.code, r.stderr).toBe(0);
      expect((JSON.parse(r.stdout) as ChangesDoc).data).toMatchObject({ from: addDays(day, -1), to: day });
    }
  }, 60_000);

  it('a bad VIS_DEMO_DATE: exit 2 naming the variable and its rule, before anything is read', async () => {
    for (const value of ['2026-02-30', '20261120', 'yesterday', '1999-12-31']) {
      for (const argv of [['history', 'topics'], ['changes'], ['topics'], ['report', '--dry-run']]) {
        const r = await run(['--demo', ...argv], fresh({ VIS_DEMO_DATE: value }).env);
        expect(r.code, `${value} ${argv.join(' ')}: ${r.stderr}`).toBe(2);
        expect(r.stderr).toContain('VIS_DEMO_DATE must be a date written YYYY-MM-DD');
        expect(r.stdout).toBe('');
      }
    }
  }, 120_000);

  it('after the README’s agency and market examples, history picks the brand and the market vis topics reads', async () => {
    const { env } = fresh();
    expect((await run(['--demo', 'topics', '--market', 'US-en,GB-en,DE-de'], env)).code).toBe(0);
    expect((await run(['--demo', 'overview', '--all-brands'], { ...env, VIS_API_KEY: 'vis_demo_agency' })).code).toBe(0);
    const live = await run(['--demo', 'topics', '-f', 'json'], env);
    const h = await run(['--demo', 'history', 'topics', '-f', 'json'], env);
    expect(h.code, h.stderr).toBe(0);
    const liveMeta = (JSON.parse(live.stdout) as { meta: { brand: { id: number | string }; market: { code: string } } }).meta;
    const series = JSON.parse(h.stdout) as { meta: { brand: { id: number | string }; market: { code: string } } };
    expect([String(series.meta.brand.id), series.meta.market.code]).toEqual([String(liveMeta.brand.id), liveMeta.market.code]);
  }, 120_000);

  it('per demo key: the agency’s brands, never under the growth key', async () => {
    const agency = await run(['--demo', 'changes', '--all-brands', '-f', 'json'], fresh({ VIS_API_KEY: 'vis_demo_agency' }).env);
    expect(agency.code, agency.stderr).toBe(0);
    const ids = new Set((JSON.parse(agency.stdout) as ChangesDoc).data.changes.map((c) => c.brand.id));
    expect([...ids].every((id) => ['201', '202', '203'].includes(id))).toBe(true);
    expect(ids.size).toBeGreaterThan(1);
    const growth = await run(['--demo', 'history', 'topics', '--brand', '201'], fresh().env);
    expect(growth.code, growth.stderr).toBe(2);
    expect(growth.stderr).toContain('no brand "201" in the history');
    const inactive = await run(['--demo', 'changes', '-f', 'json'], fresh({ VIS_API_KEY: 'vis_demo_inactive' }).env);
    expect((JSON.parse(inactive.stdout) as ChangesDoc).data.to).toBeNull();
  }, 120_000);

  it('--demo never makes nor opens the store VIS_HISTORY names, and never reaches PostgreSQL', async () => {
    const { env, home } = fresh();
    const store = join(home, 'real', 'history.db');
    for (const argv of [['topics'], ['history', 'topics'], ['changes'], ['changes', '--fetch']]) {
      const r = await run(['--demo', ...argv], { ...env, VIS_HISTORY: store });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
    }
    expect(existsSync(join(home, 'real'))).toBe(false);
    const port = await unusedPort();
    for (const argv of [['topics'], ['changes']]) {
      const r = await run(['--demo', ...argv], { ...env, VIS_HISTORY: `postgres://vis@127.0.0.1:${port}/vis` });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
    }
  }, 120_000);

  it('VIS_DEMO_DATE is documented where users look: vis sandbox --help and vis help environment', async () => {
    for (const argv of [
      ['sandbox', '--help'],
      ['help', 'environment'],
    ]) {
      const r = await run(argv, fresh().env);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('VIS_DEMO_DATE');
    }
    const help = (await run(['sandbox', '--help'], fresh().env)).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('one function of the day');
    expect(help).toContain('posts only to a webhook on this machine');
  });

  it('vis history check, prune and push refuse --demo (exit 2): the demo has no store', async () => {
    const { env } = fresh();
    for (const argv of [['check'], ['prune', '--before', '30d'], ['push', 'postgres://vis@db.example/vis']]) {
      const r = await run(['--demo', 'history', ...argv], env);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain('the demo has none');
      // The second line says what to do, in a sentence.
      expect(r.stderr).toContain(`To work on your own history, run vis history ${argv[0]} without --demo and with VIS_DEMO unset`);
    }
  });
});

describe('the simulated days', () => {
  it('VIS_DEMO_DATE sets the sandbox’s clock on that day, and a bad one is refused by name', () => {
    expect(sandboxOptionsFromEnv({ VIS_DEMO_DATE: DAY }).now?.().toISOString().slice(0, 10)).toBe(DAY);
    expect(() => sandboxOptionsFromEnv({ VIS_DEMO_DATE: '2026-11-31' })).toThrow(/VIS_DEMO_DATE must be/);
  });

  it('every day has a handful of moves, and no figure jumps as no brand does', async () => {
    for (let i = 0; i < 8; i++) {
      const day = addDays('2026-05-10', i);
      const reader = new DemoReader(new DemoHistory('vis_demo_growth', { now: () => new Date(`${day}T12:00:00Z`) }));
      const r = await changesFrom(reader, { api: 'demo', brandIds: ['101'], markets: ['US-en'], threshold: 5 });
      expect(r.to).toBe(day);
      expect(r.changes.length, day).toBeGreaterThan(0);
      expect(r.changes.length, day).toBeLessThanOrEqual(8);
    }
    const reader = new DemoReader(new DemoHistory('vis_demo_growth', { now: () => new Date(`${DAY}T12:00:00Z`) }));
    const answers = await reader.answers({ api: 'demo', brandIds: ['101'], markets: ['US-en'], endpoints: ['topics', 'prompts'] });
    const byDay = (endpoint: string) => answers.filter((a) => a.endpoint === endpoint).map((a) => (JSON.parse(a.raw) as { data: Record<string, any[]> }).data);
    const topics = byDay('topics');
    expect(topics).toHaveLength(DEMO_HISTORY_DAYS);
    for (let d = 1; d < topics.length; d++) {
      for (const t of topics[d]!.topics!) {
        const before = topics[d - 1]!.topics!.find((x) => x.id === t.id);
        if (typeof before?.visibility === 'number' && typeof t.visibility === 'number') expect(Math.abs(t.visibility - before.visibility)).toBeLessThan(20);
      }
    }
    const prompts = byDay('prompts');
    for (let d = 1; d < prompts.length; d++) {
      let flips = 0;
      for (const p of prompts[d]!.prompts!) {
        const before = prompts[d - 1]!.prompts!.find((x) => x.id === p.id);
        for (const [engine, cell] of Object.entries(p.engines as Record<string, { state: string }>)) if (before?.engines[engine].state !== cell.state) flips++;
      }
      expect(flips).toBeLessThanOrEqual(15);
    }
  }, 60_000);
});
