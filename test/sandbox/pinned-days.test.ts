/**
 * A few days of the demo, pinned: every answer the simulated history holds for those days
 * (each list endpoint, brand and market of each demo key), and some items and queries the
 * history does not record, held to the digests of their bytes in
 * test/golden/sandbox/days.json. The simulation may be made cheaper; what it answers may
 * not move. `UPDATE_GOLDEN=1` rewrites the file, for a change of the demo's data that is
 * meant; review what moved.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/domain/demo.js';
import { accountByKey } from '../../src/sandbox/accounts.js';
import { DemoHistory } from '../../src/sandbox/history.js';
import { sandboxSimulator } from '../../src/sandbox/server.js';
import { DemoReader } from '../../src/services/demo-history.js';

const FILE = join(__dirname, '../golden/sandbox/days.json');

/** A year's last day (the search queries name the year) and a day of the next year's end. */
const DAYS = ['2025-12-31', '2026-11-28'];

/** What the history does not record, read at each day's noon: items, and queries other than the defaults. */
const READS: Array<{ key: string; path: string; query: Array<[string, string]> }> = [
  { key: 'vis_demo_growth', path: '/topics/crm-pricing', query: [] },
  { key: 'vis_demo_growth', path: '/tasks', query: [['status', 'all']] },
  { key: 'vis_demo_growth', path: '/forum', query: [['days', '90']] },
  { key: 'vis_demo_growth', path: '/search-performance', query: [['group_by', 'page']] },
  { key: 'vis_demo_growth', path: '/weekly-plan', query: [] },
  { key: 'vis_demo_growth', path: '/pitches', query: [] },
  {
    key: 'vis_demo_agency',
    path: '/topics',
    query: [
      ['brand_id', '201'],
      ['market', 'CA-en'],
      ['days', '90'],
    ],
  },
  {
    key: 'vis_demo_agency',
    path: '/competitors',
    query: [
      ['brand_id', '203'],
      ['days', '7'],
    ],
  },
];

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

async function answersNow(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const day of DAYS) {
    const now = () => new Date(`${day}T21:30:00Z`);
    for (const key of DEMO_KEYS) {
      const answers = await new DemoReader(new DemoHistory(key, { now })).answers({ api: 'demo', since: day, until: day });
      for (const a of answers) out[`${day} ${key} ${a.endpoint} ${a.brandId} ${a.market}`] = digest(a.raw);
    }
    for (const read of READS) {
      const moment = new Date(`${day}T12:00:00Z`);
      const r = sandboxSimulator({}, moment)(accountByKey(read.key)!, read.path, new URLSearchParams(read.query), moment);
      out[`${day} ${read.key} ${read.path}?${new URLSearchParams(read.query).toString()}`] = `${r.status} ${digest(JSON.stringify(r.body))}`;
    }
    // One task in full: the first of the list (its id is drawn, not counted).
    const moment = new Date(`${day}T12:00:00Z`);
    const read = sandboxSimulator({}, moment);
    const growth = accountByKey('vis_demo_growth')!;
    const list = read(growth, '/tasks', new URLSearchParams(), moment).body as { data: { tasks: Array<{ id: number }> } };
    const task = read(growth, `/tasks/${list.data.tasks[0]!.id}`, new URLSearchParams(), moment);
    out[`${day} vis_demo_growth /tasks/{first}`] = `${task.status} ${digest(JSON.stringify(task.body))}`;
  }
  return out;
}

describe('the demo’s answers on pinned days', () => {
  it('are the bytes they were', async () => {
    const now = await answersNow();
    if (process.env.UPDATE_GOLDEN) {
      mkdirSync(dirname(FILE), { recursive: true });
      writeFileSync(FILE, `${JSON.stringify(now, null, 2)}\n`);
    }
    if (!existsSync(FILE)) throw new Error(`golden ${FILE} is missing; run with UPDATE_GOLDEN=1 to create it`);
    const pinned = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, string>;
    expect(Object.keys(now).length).toBeGreaterThan(100);
    expect(now).toEqual(pinned);
  }, 120_000);
});
