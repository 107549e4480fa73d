/** The store contract (store-contract.ts) run against the SQLite store. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { journalDir } from '../../src/history/journal.js';
import { loadSqlite } from '../../src/history/sqlite.js';
import { openStore, registerFunctions } from '../../src/history/store.js';
import type { HistoryStore } from '../../src/history/types.js';
import { storeContract, type ViewRow } from './store-contract.js';

const opened: HistoryStore[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

storeContract('SQLite store', {
  bodies: 'exact',
  async open() {
    const file = join(mkdtempSync(join(tmpdir(), 'vis-contract-')), 'history', 'history.db');
    const store = await openStore(file, { create: true });
    opened.push(store);
    return { store, journal: journalDir(file) };
  },
  async view(store, sql) {
    // The store holds the file's lock until closed.
    await store.close();
    const { Database } = await loadSqlite();
    const db = new Database(store.file, { readOnly: true });
    try {
      registerFunctions(db);
      return db.all(sql) as ViewRow[];
    } finally {
      db.close();
    }
  },
});
