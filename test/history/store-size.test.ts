/**
 * The store stays compact: after 10 recorded days of every list endpoint the sandbox
 * answers (its deterministic data moving day by day, as a real account's does), the
 * store grows per day by at most the gzip size of that day's bodies plus its index rows:
 * the answers' rows and the BI tables' rows (src/history/facts.ts), each counted at
 * ROW_BYTES, the row with its index entries and its share of SQLite's page slack. The
 * test prints the figures.
 */
import { mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/endpoints.js';
import { journalDir, RECORDED_ENDPOINTS, writeEntry } from '../../src/history/journal.js';
import { loadSqlite } from '../../src/history/sqlite.js';
import { openStore } from '../../src/history/store.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { call } from '../sandbox/helpers.js';

const ROW_BYTES = 200;
// Ten days give the same growth a day as thirty, within 2%: nine days of growth average
// SQLite's page slack out, and each day costs its reads and a synced ingest.
const DAYS = 10;
const START = Date.parse('2026-10-01T06:00:00Z');

let sandbox: Sandbox;
let now = START;
beforeAll(async () => {
  sandbox = await startSandbox({ now: () => new Date(now), rateLimitPerMinute: 1_000_000 });
});
afterAll(async () => {
  await sandbox.close();
});

async function indexRows(file: string): Promise<number> {
  const { Database } = await loadSqlite();
  const db = new Database(file, { readOnly: true });
  try {
    const counts = ['answers', 'topic_facts', 'prompt_facts', 'competitor_facts'].map((t) => Number(db.get(`SELECT COUNT(*) AS n FROM ${t}`)!.n));
    return counts.reduce((a, b) => a + b, 0);
  } finally {
    db.close();
  }
}

describe('store size', () => {
  it(`grows per recorded day by at most the gzip size of the day's bodies plus ${ROW_BYTES} bytes per index row`, async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'vis-store-size-')), 'history');
    mkdirSync(dir, { mode: 0o700 });
    const file = join(dir, 'history.db');
    const lists = ENDPOINTS.filter((e) => RECORDED_ENDPOINTS.has(e.id) && !e.path.includes('{'));
    let gzipBytes = 0;
    let first = { bytes: 0, rows: 0 };
    for (let d = 0; d < DAYS; d++) {
      now = START + d * 86_400_000;
      const day = new Date(now).toISOString().slice(0, 10);
      mkdirSync(journalDir(file), { recursive: true, mode: 0o700 });
      for (const spec of lists) {
        const reply = await call(sandbox, `${spec.path}?brand_id=201`, { key: 'vis_demo_agency' });
        if (reply.status !== 200) continue;
        writeEntry(journalDir(file), { api: 'demo', brandId: '201', market: '', endpoint: spec.id, item: '', query: '', day, fetchedAt: now, raw: reply.text });
        if (d > 0) gzipBytes += gzipSync(reply.text).length;
      }
      const store = await openStore(file, { create: true });
      await store.ingest();
      await store.close();
      if (d === 0) first = { bytes: statSync(file).size, rows: await indexRows(file) };
    }
    const perDay = (n: number) => n / (DAYS - 1);
    const growth = perDay(statSync(file).size - first.bytes);
    const gzip = perDay(gzipBytes);
    const rows = perDay((await indexRows(file)) - first.rows);
    const bound = gzip + rows * ROW_BYTES;
    console.log(
      `history store, ${DAYS} days of ${lists.length} endpoints: grows ${Math.round(growth)} bytes a day; ` +
        `a day's bodies gzipped ${Math.round(gzip)} bytes, ${Math.round(rows)} index rows; bound ${Math.round(bound)} bytes`,
    );
    expect(rows).toBeGreaterThan(50);
    expect(growth).toBeGreaterThan(0);
    expect(growth).toBeLessThanOrEqual(bound);
    // 230 sandbox reads and 10 ingests: slow on a loaded machine.
  }, 120_000);
});
