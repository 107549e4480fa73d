/**
 * The store contract (store-contract.ts) run against the PostgreSQL store, on a real
 * server (test/support/postgres.ts): each store in a database of its own.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe } from 'vitest';
import { openPgStore } from '../../src/history/pg/store.js';
import type { HistoryStore } from '../../src/history/types.js';
import { startPostgres } from '../support/postgres.js';
import { storeContract, type ViewRow } from './store-contract.js';

const pg = await startPostgres();
if ('skip' in pg) console.warn(`PostgreSQL store tests skipped: ${pg.skip}`);
const server = 'server' in pg ? pg.server : undefined;
afterAll(async () => server?.stop());

const opened: HistoryStore[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

/** Columns the views give as numbers (bigint and numeric come from pg as text). */
const FIGURES = new Set(['fetched_at', 'visibility', 'change', 'rank', 'share_of_voice', 'rate', 'position', 'mentions', 'size']);
const databases = new Map<string, string>();

function normalised(row: Record<string, unknown>): ViewRow {
  const out: ViewRow = {};
  for (const [k, v] of Object.entries(row)) {
    if (v === null) out[k] = null;
    // pg makes a date a Date at the local midnight.
    else if (v instanceof Date) out[k] = `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`;
    else if (typeof v === 'boolean') out[k] = v ? 1 : 0;
    else if (FIGURES.has(k)) out[k] = Number(v);
    else out[k] = String(v);
  }
  return out;
}

describe.skipIf(server === undefined)('PostgreSQL', () => {
  storeContract('PostgreSQL store', {
    bodies: 'json',
    async open() {
      const database = await server!.database();
      const journal = join(mkdtempSync(join(tmpdir(), 'vis-pg-journal-')), 'incoming');
      const store = await openPgStore(server!.target(database), { journal });
      databases.set(store.file, database);
      opened.push(store);
      return { store, journal };
    },
    async view(store, sql) {
      const rows = await server!.admin(databases.get(store.file)!, `SET search_path = vis; ${sql}`);
      return rows.map(normalised);
    },
  });
});
