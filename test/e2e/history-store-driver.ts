/**
 * A process that uses the history store as vis does, for the end-to-end tests that need
 * several processes (two writers at once) or another user (a read-only folder). Bundled
 * by the test with esbuild; SQLite comes from the built dist/lib/sqlite.cjs (VIS_SQLITE_LIB).
 *
 *   record FILE N TAG   writes N journal entries (items TAG-0 … TAG-N-1), taking the
 *                       journal in after every 7, as data commands and history commands
 *                       interleave
 *   open FILE           opens the store (creating it) and takes the journal in
 *
 * Prints what the store reports as JSON; a refusal prints its message and exits 2.
 */
import { mkdirSync } from 'node:fs';
import { UsageError } from '../../src/errors.js';
import { journalDir, writeEntry } from '../../src/history/journal.js';
import { openStore } from '../../src/history/store.js';

async function ingest(file: string): Promise<number> {
  const store = await openStore(file, { create: true, lock: { timeoutMs: 60_000 } });
  try {
    return (await store.ingest()).stored;
  } finally {
    await store.close();
  }
}

async function main(): Promise<void> {
  const [mode, file, n, tag] = process.argv.slice(2) as [string, string, string, string];
  if (mode === 'record') {
    mkdirSync(journalDir(file), { recursive: true, mode: 0o700 });
    let stored = 0;
    for (let i = 0; i < Number(n); i++) {
      const day = `2026-11-${String((i % 28) + 1).padStart(2, '0')}`;
      const raw = JSON.stringify({ data: { topics: [{ id: `${tag}-${i}`, name: tag, visibility: i }] }, meta: { brand: { id: 101 } } });
      writeEntry(journalDir(file), {
        api: 'demo',
        brandId: '101',
        market: 'US-en',
        endpoint: 'topics',
        item: `${tag}-${i}`,
        query: '',
        day,
        fetchedAt: Date.now(),
        raw,
      });
      if (i % 7 === 6) stored += await ingest(file);
    }
    stored += await ingest(file);
    process.stdout.write(`${JSON.stringify({ stored })}\n`);
  } else {
    const store = await openStore(file, { create: true });
    try {
      await store.ingest();
      process.stdout.write(`${JSON.stringify(await store.check())}\n`);
    } finally {
      await store.close();
    }
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = err instanceof UsageError ? 2 : 1;
});
