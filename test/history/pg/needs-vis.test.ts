/**
 * A PostgreSQL history names the vis it needs, on a real server (test/support/postgres.ts):
 * schema 2 adds `needs_vis` to `meta`, a schema-1 history (vis 0.1.0's) is migrated on
 * first use, pushing works across the two, and a schema newer than this vis is refused
 * naming the vis to install, the server's text used only when it is a plain version.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { VERSION } from '../../../src/cli/version.js';
import { PG_MIGRATIONS } from '../../../src/history/pg/schema.js';
import { checkPg, openPgStore } from '../../../src/history/pg/store.js';
import { MIGRATIONS } from '../../../src/history/schema.js';
import { loadSqlite } from '../../../src/history/sqlite.js';
import { openStore } from '../../../src/history/store.js';
import { startPostgres } from '../../support/postgres.js';
import { storePlace } from '../../support/history-place.js';
import { usageRejection as usage } from '../../support/refusal.js';
import { runInProcess } from '../../support/run.js';
import { answer } from '../reader-contract.js';

const pg = await startPostgres();
if ('skip' in pg) console.warn(`PostgreSQL needs_vis tests skipped: ${pg.skip}`);
const server = 'server' in pg ? pg.server! : undefined;
afterAll(async () => server?.stop());

const meta = (database: string) => server!.admin(database, 'SELECT key, value FROM vis.meta ORDER BY key');
const A_NEWER_VIS = `written by a newer vis (schema 3); this is vis ${VERSION}: install a newer vis`;

/** A database holding a history of schema 1, as vis 0.1.0 made it, with one answer. */
async function schemaOne(): Promise<string> {
  const database = await server!.database();
  const s = await openPgStore(server!.target(database), { migrations: PG_MIGRATIONS.slice(0, 1) });
  await s.record([answer({})]);
  await s.close();
  expect(await meta(database)).toEqual([{ key: 'schema_version', value: '1' }]);
  return database;
}

/** A database a later vis made: schema 3, and `sql` run on it. */
async function newer(sql: string): Promise<string> {
  const database = await server!.database();
  await (await openPgStore(server!.target(database))).close();
  await server!.admin(database, `UPDATE vis.meta SET value = '3' WHERE key = 'schema_version'; ${sql}`);
  return database;
}

describe.skipIf(server === undefined)('a PostgreSQL history names the vis it needs', () => {
  it('schema 1 is migrated to 2 on first use: meta gains needs_vis, the answers are kept; check says it migrates', async () => {
    const database = await schemaOne();
    expect(await checkPg(server!.target(database))).toMatchObject({ schemaVersion: 1, migrates: true, answers: 1, problems: [] });
    const s = await openPgStore(server!.target(database));
    try {
      // jsonb gives back the body's meaning, not its text.
      expect((await s.answers({ api: answer({}).api })).map((a) => [a.day, JSON.parse(a.raw)])).toEqual([[answer({}).day, JSON.parse(answer({}).raw)]]);
    } finally {
      await s.close();
    }
    expect(await meta(database)).toEqual([
      { key: 'needs_vis', value: '0.2.0' },
      { key: 'schema_version', value: '2' },
    ]);
    expect(await checkPg(server!.target(database))).toMatchObject({ schemaVersion: 2, answers: 1, problems: [] });
  });

  it('vis history push from a local schema-1 store to a schema-1 server: both migrated, the answer copied', async () => {
    const database = await schemaOne();
    const { dir, file } = storePlace('needs-push');
    const local = await openStore(file, { create: true, migrations: MIGRATIONS.slice(0, 1) });
    await local.record([answer({ day: '2026-11-23', raw: '{"local":1}' })]);
    await local.close();
    const url = `postgres://postgres@127.0.0.1:${server!.port}/${database}?sslmode=disable`;
    const r = await runInProcess(['history', 'push', url, '--file', file], { env: { HOME: dir } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/: 1 answer copied, 0 already there or newer\.\n$/);
    expect(await meta(database)).toContainEqual({ key: 'needs_vis', value: '0.2.0' });
    expect((await checkPg(server!.target(database))).answers).toBe(2);
    const db = new (await loadSqlite()).Database(file, { readOnly: true });
    expect(db.all('PRAGMA user_version')).toEqual([{ user_version: 2 }]);
    db.close();
    // Pushed to a server a newer vis wrote: refused naming the vis it needs, nothing written there.
    const later = await newer("UPDATE vis.meta SET value = '0.3.0' WHERE key = 'needs_vis'");
    const refused = await runInProcess(['history', 'push', `postgres://postgres@127.0.0.1:${server!.port}/${later}?sslmode=disable`, '--file', file], {
      env: { HOME: dir },
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`was written by vis 0.3.0 (schema 3); this is vis ${VERSION}: install vis 0.3.0 or newer`);
    expect(Number((await server!.admin(later, 'SELECT count(*) AS n FROM vis.answers'))[0]!.n)).toBe(0);
  });

  it('a schema newer than this vis is refused naming the vis its meta needs, never written; check says the same', async () => {
    const database = await newer("UPDATE vis.meta SET value = '0.3.0' WHERE key = 'needs_vis'");
    const before = await meta(database);
    const err = await usage(openPgStore(server!.target(database)));
    expect(err.message).toBe(
      `the PostgreSQL history ${server!.target(database).display} (schema "vis") was written by vis 0.3.0 (schema 3); this is vis ${VERSION}: install vis 0.3.0 or newer`,
    );
    expect(err.hint).toBe('In a clone of vis 0.3.0: npm run package && npm install -g ./vis-0.3.0.tgz; or use another schema (?schema= in the URL).');
    expect(await checkPg(server!.target(database))).toMatchObject({
      schemaVersion: 3,
      unread: true,
      problems: [`written by vis 0.3.0 (schema 3); this is vis ${VERSION}: install vis 0.3.0 or newer`],
    });
    expect(await meta(database)).toEqual(before);
  });

  it('a needs_vis that is not a plain version, missing, or unreadable is never printed: the words say a newer vis', async () => {
    const cases = [
      "UPDATE vis.meta SET value = E'0.3.0\\u001b[31m' WHERE key = 'needs_vis'",
      "UPDATE vis.meta SET value = repeat('9', 10000) WHERE key = 'needs_vis'",
      "UPDATE vis.meta SET value = '0.3.0' || repeat('x', 10000) WHERE key = 'needs_vis'",
      "DELETE FROM vis.meta WHERE key = 'needs_vis'",
      // A meta whose value is no text: the version is still read, needs_vis cannot be.
      "ALTER TABLE vis.meta ALTER COLUMN value TYPE integer USING (CASE WHEN key = 'schema_version' THEN value::integer ELSE 0 END)",
    ];
    for (const sql of cases) {
      const database = await newer(sql);
      const err = await usage(openPgStore(server!.target(database)));
      expect(err.message, sql).toBe(`the PostgreSQL history ${server!.target(database).display} (schema "vis") was ${A_NEWER_VIS}`);
      expect(err.hint).toBe(
        'In a clone of the newest vis: npm run package && npm install -g ./vis-<its version>.tgz; or use another schema (?schema= in the URL).',
      );
      expect((await checkPg(server!.target(database))).problems, sql).toEqual([A_NEWER_VIS]);
    }
  });
});
