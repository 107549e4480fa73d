/**
 * What only the PostgreSQL history store has to answer for, on a real server
 * (test/support/postgres.ts): several writers at once, two first uses at once, a schema
 * of another version, roles that may only read, a password over TCP. The behaviour both
 * stores share is in ../store-contract.ts.
 */
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { exitCodeFor, ServerError, UsageError } from '../../../src/errors.js';
import { writeEntry } from '../../../src/history/journal.js';
import { PG_MIGRATIONS, type PgMigration } from '../../../src/history/pg/schema.js';
import { bodyProblem, checkPg, openPgStore, type OpenPgStoreOptions } from '../../../src/history/pg/store.js';
import type { PgTarget } from '../../../src/history/pg/target.js';
import { VERSION } from '../../../src/cli/version.js';
import { SCHEMA_VERSION, type HistoryStore, type RecordedAnswer } from '../../../src/history/types.js';
import { PASSWORD, PASSWORD_ROLE, startPostgres } from '../../support/postgres.js';
import { unusedPort } from '../../support/ports.js';
import { rejection as failure, usageRejection as usage } from '../../support/refusal.js';
import { waitUntil } from '../../support/wait.js';
import { answer } from '../reader-contract.js';

const pg = await startPostgres();
if ('skip' in pg) console.warn(`PostgreSQL store tests skipped: ${pg.skip}`);
const server = 'server' in pg ? pg.server! : undefined;
afterAll(async () => server?.stop());

const opened: HistoryStore[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

async function open(target: PgTarget, o: OpenPgStoreOptions = {}): Promise<HistoryStore> {
  const s = await openPgStore(target, o);
  opened.push(s);
  return s;
}

const API = 'https://api.example.com/v1';

describe('bodyProblem: what PostgreSQL cannot keep as jsonb', () => {
  it('the NUL character in a string or a key, at any depth, whatever else the body holds (null, numbers, booleans)', () => {
    expect(bodyProblem('{"a":null,"b":[1,true,{"c":"\\u0000"}]}')).toBe('the body holds \\u0000, which PostgreSQL cannot store');
    expect(bodyProblem('{"a":null,"b":[1,true],"k\\u0000":0}')).toBe('the body holds \\u0000, which PostgreSQL cannot store');
    // An escaped backslash before u0000 is no NUL.
    expect(bodyProblem('{"a":null,"b":[1,false,"\\\\u0000"]}')).toBeUndefined();
    expect(bodyProblem('null')).toBeUndefined();
    expect(bodyProblem('{"a":')).toBe('the body is not JSON');
  });
});

describe.skipIf(server === undefined)('the PostgreSQL history store', () => {
  /** Resolves once a session of `database` waits for a lock (the store: the other holds it); its pid. */
  async function lockWaiter(database: string): Promise<number> {
    let pid = 0;
    await waitUntil(async () => {
      const [w] = await server!.admin(
        database,
        "SELECT coalesce(max(pid), 0) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      pid = Number(w!.n);
      return pid !== 0;
    }, 'the store to wait for a lock');
    return pid;
  }

  const db = () => server!.database();
  const count = async (database: string, sql: string) => Number((await server!.admin(database, sql))[0]!.n);

  describe('several writers at once', () => {
    it('interleaved upserts of the same keys: no duplicate, the newest fetch wins, nothing lost', async () => {
      const database = await db();
      const [a, b] = await Promise.all([open(server!.target(database)), open(server!.target(database))]);
      const keys = Array.from({ length: 12 }, (_, i) => ({
        endpoint: i % 2 === 0 ? ('topics' as const) : ('prompts' as const),
        day: `2026-11-${String(10 + (i >> 1)).padStart(2, '0')}`,
      }));
      // Writer a has the odd fetch times, b the even ones; each writes every key in several versions, newest last for a and first for b.
      const versions = (odd: boolean) =>
        keys.flatMap((k, i) =>
          [1, 2, 3, 4].map((v) =>
            answer({ ...k, fetchedAt: 1_000_000 + i * 100 + v * 2 + (odd ? 1 : 0), raw: JSON.stringify({ key: i, v, by: odd ? 'a' : 'b' }) }),
          ),
        );
      const fromA = versions(true);
      const fromB = versions(false).reverse();
      const writes: Array<Promise<unknown>> = [];
      for (let i = 0; i < fromA.length; i += 3) {
        writes.push(a.record(fromA.slice(i, i + 3)));
        writes.push(b.record(fromB.slice(i, i + 3)));
      }
      // And whole batches at once too, over the same keys in another order.
      writes.push(a.record([...fromA].reverse()), b.record(fromB));
      await Promise.all(writes);
      expect(await count(database, 'SELECT count(*) AS n FROM vis.answers')).toBe(keys.length);
      expect(await count(database, 'SELECT count(*) AS n FROM (SELECT DISTINCT api, brand_id, market, endpoint, item, query, day FROM vis.answers) k')).toBe(
        keys.length,
      );
      const got = await a.answers({ api: API });
      expect(got).toHaveLength(keys.length);
      for (const r of got) {
        const i = keys.findIndex((k) => k.day === r.day && k.endpoint === r.endpoint);
        // The newest of all: version 4 of writer a (odd, one ms after b's).
        expect(r.fetchedAt).toBe(1_000_000 + i * 100 + 4 * 2 + 1);
        expect(JSON.parse(r.raw)).toEqual({ key: i, v: 4, by: 'a' });
      }
      // No body left that no answer holds, and none twice.
      expect(await count(database, 'SELECT count(*) AS n FROM vis.bodies b WHERE NOT EXISTS (SELECT 1 FROM vis.answers a WHERE a.body_id = b.id)')).toBe(0);
    });

    it('a batch PostgreSQL aborts to break a deadlock is run again, and stores everything', async () => {
      const database = await db();
      const s = await open(server!.target(database));
      const k1 = answer({ day: '2026-11-01', fetchedAt: 1 });
      const k2 = answer({ day: '2026-11-02', fetchedAt: 1 });
      await s.record([k1, k2]);
      const pgm = (await import('pg')).default;
      const other = new pgm.Client(server!.target(database).config);
      await other.connect();
      try {
        // Its own deadlock check comes long after the store's, so the store is the one aborted, whatever the load.
        await other.query("SET deadlock_timeout = '20s'");
        await other.query('BEGIN');
        await other.query("SELECT 1 FROM vis.answers WHERE day = '2026-11-02' FOR UPDATE");
        // The store locks k1, then waits for k2; the other transaction then waits for k1.
        const writing = s.record([
          { ...k1, fetchedAt: 2, raw: '{"n":1}' },
          { ...k2, fetchedAt: 2, raw: '{"n":2}' },
        ]);
        await waitUntil(async () => {
          const waiting = await server!.admin(
            database,
            "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          );
          return Number(waiting[0]!.n) > 0;
        }, 'the store to wait for the lock');
        const locking = other.query("SELECT 1 FROM vis.answers WHERE day = '2026-11-01' FOR UPDATE");
        // The store waited first, so its deadlock check runs first and aborts its own transaction.
        await locking;
        await other.query('COMMIT');
        expect(await writing).toEqual({ stored: 2, superseded: 0 });
      } finally {
        await other.end();
      }
      expect((await s.answers({ api: API })).map((a) => JSON.parse(a.raw))).toEqual([{ n: 1 }, { n: 2 }]);
      await s.close();
      const deadlocks = () => count(database, 'SELECT deadlocks AS n FROM pg_stat_database WHERE datname = current_database()');
      // Sessions report their statistics when they end, a moment after.
      await waitUntil(async () => (await deadlocks()) >= 1, 'the deadlock to be counted', 20);
    });

    it('a batch aborted each time (a serialization failure) is tried five times in all, then fails with the server’s error', async () => {
      const database = await db();
      const s = await open(server!.target(database));
      // A sequence counts the tries: nextval is not rolled back with the transaction.
      await server!.admin(
        database,
        `CREATE SEQUENCE vis.tries;
         CREATE FUNCTION vis.abort() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN PERFORM nextval('vis.tries'); RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001'; END $$;
         CREATE TRIGGER abort BEFORE INSERT ON vis.answers FOR EACH ROW EXECUTE FUNCTION vis.abort()`,
      );
      expect((await failure(s.record([answer({})]))).message).toContain('could not serialize access');
      expect(await count(database, 'SELECT last_value AS n FROM vis.tries')).toBe(5);
    });

    it('a batch aborted because a body it used was removed meanwhile (a foreign-key violation) is run again, and stores it', async () => {
      const database = await db();
      const s = await open(server!.target(database));
      // The first try fails as when another writer's cleanup removed the body between its lookup and the insert.
      await server!.admin(
        database,
        `CREATE SEQUENCE vis.tries;
         CREATE FUNCTION vis.gone() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN IF nextval('vis.tries') = 1 THEN RAISE EXCEPTION 'body removed meanwhile' USING ERRCODE = '23503'; END IF; RETURN NEW; END $$;
         CREATE TRIGGER gone BEFORE INSERT ON vis.answers FOR EACH ROW EXECUTE FUNCTION vis.gone()`,
      );
      expect(await s.record([answer({ raw: '{"n":1}' })])).toEqual({ stored: 1, superseded: 0 });
      expect(await count(database, 'SELECT last_value AS n FROM vis.tries')).toBe(2);
      expect((await s.answers({ api: API })).map((a) => JSON.parse(a.raw))).toEqual([{ n: 1 }]);
    });

    it('a batch writes its keys in one order (sorted), whatever order they came in, so two batches wait for each other rather than deadlock', async () => {
      const database = await db();
      const s = await open(server!.target(database));
      const keys = ['topics', 'prompts'].flatMap((endpoint) => ['03', '01', '02'].map((d) => answer({ endpoint: endpoint as 'topics', day: `2026-11-${d}` })));
      expect(await s.record(keys)).toEqual({ stored: 6, superseded: 0 });
      const written = await server!.admin(database, "SELECT endpoint || ' ' || to_char(day, 'DD') AS k FROM vis.answers ORDER BY id");
      expect(written.map((r) => r.k)).toEqual(['prompts 01', 'prompts 02', 'prompts 03', 'topics 01', 'topics 02', 'topics 03']);
    });

    const BODY_SQL = `INSERT INTO vis.bodies (hash, size, body, first_day)
      SELECT encode(sha256(convert_to(j::text, 'UTF8')), 'hex'), octet_length(j::text), j, '2026-11-20' FROM (SELECT $1::jsonb AS j) AS v RETURNING id`;

    it('a body another writer’s cleanup removes while the store looks it up is stored again', async () => {
      const database = await db();
      const s = await open(server!.target(database));
      await s.record([answer({ day: '2026-11-01' })]);
      // A body no answer holds, as another writer's batch left it, which that writer's cleanup is about to remove.
      await server!.admin(database, BODY_SQL, ['{"n":1}']);
      const pgm = (await import('pg')).default;
      const other = new pgm.Client(server!.target(database).config);
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query(`SELECT 1 FROM vis.bodies WHERE body = '{"n":1}'::jsonb FOR UPDATE`);
        const writing = s.record([answer({ raw: '{"n":1}' })]);
        await lockWaiter(database);
        await other.query(`DELETE FROM vis.bodies WHERE body = '{"n":1}'::jsonb`);
        await other.query('COMMIT');
        expect(await writing).toEqual({ stored: 1, superseded: 0 });
      } finally {
        await other.end();
      }
      expect((await s.answers({ api: API, since: '2026-11-20' })).map((a) => JSON.parse(a.raw))).toEqual([{ n: 1 }]);
    });

    it('a key another writer inserts while the store writes it is compared with that answer: the newer fetch wins, no body left unused', async () => {
      const database = await db();
      const s = await open(server!.target(database));
      await s.record([answer({ day: '2026-11-01' })]);
      const pgm = (await import('pg')).default;
      /** Another writer's answer for the key, committed while the store waits to insert its own. */
      const race = async (theirs: { fetchedAt: number; raw: string }, ours: { fetchedAt: number; raw: string }) => {
        const other = new pgm.Client(server!.target(database).config);
        await other.connect();
        try {
          await other.query('BEGIN');
          const [body] = (await other.query(BODY_SQL, [theirs.raw])).rows as Array<{ id: string }>;
          const k = answer({});
          await other.query(
            'INSERT INTO vis.answers (api, brand_id, market, endpoint, item, query, day, fetched_at, body_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
            [k.api, k.brandId, k.market, k.endpoint, k.item, k.query, k.day, theirs.fetchedAt, body!.id],
          );
          const writing = s.record([answer(ours)]);
          await lockWaiter(database);
          await other.query('COMMIT');
          return await writing;
        } finally {
          await other.end();
        }
      };
      const unused = 'SELECT count(*) AS n FROM vis.bodies b WHERE NOT EXISTS (SELECT 1 FROM vis.answers a WHERE a.body_id = b.id)';
      const kept = async () => (await s.answers({ api: API, since: '2026-11-20' })).map((a) => JSON.parse(a.raw));
      expect(await race({ fetchedAt: 10, raw: '{"by":"them"}' }, { fetchedAt: 20, raw: '{"by":"us"}' })).toEqual({ stored: 1, superseded: 0 });
      expect(await kept()).toEqual([{ by: 'us' }]);
      expect(await count(database, unused)).toBe(0);
      await server!.admin(database, "DELETE FROM vis.answers WHERE day = '2026-11-20'");
      await s.prune('2026-01-01');
      expect(await race({ fetchedAt: 40, raw: '{"by":"them"}' }, { fetchedAt: 30, raw: '{"by":"us"}' })).toEqual({ stored: 0, superseded: 1 });
      expect(await kept()).toEqual([{ by: 'them' }]);
      expect(await count(database, unused)).toBe(0);
    });

    it('answers are written in batches of the size asked, counted once', async () => {
      const database = await db();
      const s = await open(server!.target(database), { batch: 2 });
      const many = ['01', '02', '03', '04', '05'].map((d) => answer({ day: `2026-11-${d}` }));
      expect(await s.record(many)).toEqual({ stored: 5, superseded: 0 });
      expect(await s.record([...many].reverse())).toEqual({ stored: 0, superseded: 5 });
      expect(await count(database, 'SELECT count(*) AS n FROM vis.answers')).toBe(5);
    });

    it('two processes’ first use of a new database both succeed, one schema made', async () => {
      const database = await db();
      const stores = await Promise.all([0, 1, 2].map(() => open(server!.target(database))));
      expect(await server!.admin(database, "SELECT value FROM vis.meta WHERE key = 'schema_version'")).toEqual([{ value: String(SCHEMA_VERSION) }]);
      await Promise.all(stores.map((s, i) => s.record([answer({ fetchedAt: 1000 + i, raw: `{"by":${i}}` })])));
      expect((await stores[0]!.answers({ api: API })).map((r) => JSON.parse(r.raw))).toEqual([{ by: 2 }]);
    });
  });

  describe('the schema', () => {
    it('is made in the target’s schema, any name quoted as it is', async () => {
      const database = await db();
      const s = await open(server!.target(database, { schema: 'team "a"' }));
      await s.record([answer({})]);
      expect(await count(database, 'SELECT count(*) AS n FROM "team ""a""".answers')).toBe(1);
      expect(await server!.admin(database, "SELECT to_regnamespace('vis') AS vis")).toEqual([{ vis: null }]);
    });

    it('one written by a newer vis is refused (exit 2), and never written', async () => {
      const database = await db();
      await (await openPgStore(server!.target(database))).close();
      await server!.admin(database, "UPDATE vis.meta SET value = '99' WHERE key = 'schema_version'");
      const err = await usage(openPgStore(server!.target(database)));
      expect(err.message).toBe(
        `the PostgreSQL history ${server!.target(database).display} (schema "vis") was written by vis 0.2.0 (schema 99); this is vis ${VERSION}: install vis 0.2.0 or newer`,
      );
      expect(err.hint).toBe('In a clone of vis 0.2.0: npm run package && npm install -g ./vis-0.2.0.tgz; or use another schema (?schema= in the URL).');
      expect(await server!.admin(database, "SELECT value FROM vis.meta WHERE key = 'schema_version'")).toEqual([{ value: '99' }]);
    });

    it('an older one is migrated in one transaction, keeping its answers; a migration that fails leaves it as it was', async () => {
      const database = await db();
      const first = await openPgStore(server!.target(database));
      await first.record([answer({})]);
      await first.close();
      const broken: PgMigration[] = [
        ...PG_MIGRATIONS,
        { version: SCHEMA_VERSION + 1, sql: (s) => `CREATE TABLE "${s}".extra (n int); SELECT no_such_function();` },
      ];
      const err = await usage(openPgStore(server!.target(database), { migrations: broken }));
      expect(err.message).toContain(`from schema ${SCHEMA_VERSION} to ${SCHEMA_VERSION + 1}`);
      expect(err.message).toContain('no_such_function');
      expect(await server!.admin(database, "SELECT value, to_regclass('vis.extra') AS extra FROM vis.meta WHERE key = 'schema_version'")).toEqual([
        { value: String(SCHEMA_VERSION), extra: null },
      ]);
      const next: PgMigration[] = [...PG_MIGRATIONS, { version: SCHEMA_VERSION + 1, sql: (s) => `CREATE TABLE "${s}".extra (n int)` }];
      const up = await open(server!.target(database), { migrations: next });
      expect(await server!.admin(database, "SELECT value, to_regclass('vis.extra')::text AS extra FROM vis.meta WHERE key = 'schema_version'")).toEqual([
        { value: String(SCHEMA_VERSION + 1), extra: 'vis.extra' },
      ]);
      expect(await up.answers({ api: API })).toHaveLength(1);
    });

    /** Opens a store while another process holds the schema's lock, which runs `sql` and lets go once the store waits for it. */
    async function openWhileMaking(database: string, sql: string): Promise<HistoryStore | Error> {
      const pgm = (await import('pg')).default;
      const other = new pgm.Client(server!.target(database).config);
      await other.connect();
      try {
        await other.query("SELECT pg_advisory_lock(1986622312, hashtext('vis'))");
        const opening = openPgStore(server!.target(database)).then(
          (s) => {
            opened.push(s);
            return s;
          },
          (e: unknown) => e as Error,
        );
        await waitUntil(async () => {
          const [w] = await server!.admin(
            database,
            "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'advisory'",
          );
          return Number(w!.n) > 0;
        }, 'the store to wait for the lock');
        await other.query(sql);
        await other.query("SELECT pg_advisory_unlock(1986622312, hashtext('vis'))");
        return await opening;
      } finally {
        await other.end();
      }
    }

    it('one another process made while this one waited is used as it is; one a newer vis made meanwhile is refused and left as it was', async () => {
      const same = await db();
      const made = await openWhileMaking(
        same,
        `CREATE SCHEMA vis; CREATE TABLE vis.meta (key text PRIMARY KEY, value text NOT NULL); ${PG_MIGRATIONS.map((m) => m.sql('vis')).join(';\n')};
         INSERT INTO vis.meta VALUES ('schema_version', '${SCHEMA_VERSION}')`,
      );
      expect(made).not.toBeInstanceOf(Error);
      expect(await (made as HistoryStore).record([answer({})])).toEqual({ stored: 1, superseded: 0 });
      const newer = await db();
      const err = await openWhileMaking(
        newer,
        "CREATE SCHEMA vis; CREATE TABLE vis.meta (key text PRIMARY KEY, value text NOT NULL); INSERT INTO vis.meta VALUES ('schema_version', '99')",
      );
      expect(err).toBeInstanceOf(UsageError);
      expect((err as UsageError).message).toBe(
        `the PostgreSQL history ${server!.target(newer).display} (schema "vis") was written by a newer vis (schema 99); this is vis ${VERSION}: install a newer vis`,
      );
      expect(await server!.admin(newer, "SELECT value FROM vis.meta WHERE key = 'schema_version'")).toEqual([{ value: '99' }]);
    });

    it('a first use waiting for another process to make the schema, its wait cancelled by the server, is a server error (exit 7), the database left as it was', async () => {
      const database = await db();
      const pgm = (await import('pg')).default;
      const other = new pgm.Client(server!.target(database).config);
      await other.connect();
      try {
        // The lock a first use takes while it makes the schema: vis's class, the schema's name hashed.
        await other.query("SELECT pg_advisory_lock(1986622312, hashtext('vis'))");
        const opening = failure(openPgStore(server!.target(database)));
        await waitUntil(async () => {
          const [w] = await server!.admin(
            database,
            "SELECT coalesce(max(pid), 0) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'advisory'",
          );
          if (Number(w!.n) === 0) return false;
          await server!.admin(database, 'SELECT pg_cancel_backend($1)', [Number(w!.n)]);
          return true;
        }, 'the first use to wait for the lock');
        const err = await opening;
        expect(err).toBeInstanceOf(ServerError);
        expect(exitCodeFor(err)).toBe(7);
        expect(err.message).toBe(
          `the PostgreSQL history ${server!.target(database).display}: the server cancelled a statement (canceling statement due to user request)`,
        );
      } finally {
        await other.end();
      }
      expect(await server!.admin(database, "SELECT to_regnamespace('vis') AS s")).toEqual([{ s: null }]);
    });

    it('a schema holding tables that are not vis’s is refused and left as it is', async () => {
      const database = await db();
      await server!.admin(database, 'CREATE SCHEMA vis; CREATE TABLE vis.orders (id int)');
      const err = await usage(openPgStore(server!.target(database)));
      expect(err.message).toBe(`the schema "vis" of ${server!.target(database).display} holds tables that are not vis's (orders): vis leaves it as it is`);
      expect(err.hint).toBe('Use another schema (?schema= in the URL).');
      expect(await server!.admin(database, "SELECT to_regclass('vis.answers') AS t")).toEqual([{ t: null }]);
    });
  });

  describe('roles', () => {
    it('a role that may only read reads, and recording fails saying what to grant; check names its privileges', async () => {
      const database = await db();
      const owner = await open(server!.target(database));
      await owner.record([answer({})]);
      const role = `reader_${database}`;
      await server!.admin(database, `CREATE ROLE ${role} LOGIN; GRANT USAGE ON SCHEMA vis TO ${role}; GRANT SELECT ON ALL TABLES IN SCHEMA vis TO ${role}`);
      const reader = await open(server!.target(database, { user: role }));
      expect((await reader.answers({ api: API })).map((a) => a.day)).toEqual(['2026-11-20']);
      const err = await usage(reader.record([answer({ day: '2026-11-21' })]));
      expect(err.message).toMatch(new RegExp(`^the PostgreSQL history .*: the role "${role}" may not record answers \\(permission denied for table `));
      expect(err.hint).toContain('GRANT INSERT, UPDATE ON ALL TABLES IN SCHEMA "vis"');
      expect(await owner.days({ api: API })).toEqual(['2026-11-20']);
      expect((await reader.check()).server).toMatchObject({ role, privileges: { read: true, record: false, create: false } });
      expect((await owner.check()).server).toMatchObject({ role: 'postgres', privileges: { read: true, record: true, create: true } });
      expect((await owner.check()).server!.version).toMatch(/^\d+\.\d+/);
    });

    it('a role granted what recording needs (no DELETE) records a newer answer over an older one; the body it replaced waits for a prune', async () => {
      const database = await db();
      const owner = await open(server!.target(database));
      await owner.record([answer({ fetchedAt: 1, raw: '{"n":1}' })]);
      const role = `rec_${database}`;
      // What check counts as may record, and what the refusal's hint grants.
      await server!.admin(
        database,
        `CREATE ROLE ${role} LOGIN; GRANT USAGE ON SCHEMA vis TO ${role}; GRANT SELECT ON ALL TABLES IN SCHEMA vis TO ${role};
         GRANT INSERT, UPDATE ON ALL TABLES IN SCHEMA vis TO ${role}; GRANT USAGE ON ALL SEQUENCES IN SCHEMA vis TO ${role}`,
      );
      const recorder = await open(server!.target(database, { user: role }));
      expect((await recorder.check()).server!.privileges).toEqual({ read: true, record: true, create: false });
      expect(await recorder.record([answer({ fetchedAt: 2, raw: '{"n":2}' })])).toEqual({ stored: 1, superseded: 0 });
      expect((await recorder.answers({ api: API })).map((a) => JSON.parse(a.raw))).toEqual([{ n: 2 }]);
      expect(await owner.prune('2026-01-01')).toEqual({ answers: 0, bodies: 1 });
    });

    it('a role that may only read is told of a newer schema, and one that may not read the schema is refused saying so', async () => {
      const database = await db();
      await (await openPgStore(server!.target(database))).close();
      const reader = `ro_${database}`;
      const stranger = `no_${database}`;
      await server!.admin(
        database,
        `CREATE ROLE ${reader} LOGIN; GRANT USAGE ON SCHEMA vis TO ${reader}; GRANT SELECT ON ALL TABLES IN SCHEMA vis TO ${reader}; CREATE ROLE ${stranger} LOGIN`,
      );
      await server!.admin(database, "UPDATE vis.meta SET value = '3'");
      expect((await usage(openPgStore(server!.target(database, { user: reader })))).message).toContain('was written by a newer vis (schema 3)');
      await server!.admin(database, `GRANT USAGE ON SCHEMA vis TO ${stranger}`);
      const err = await usage(openPgStore(server!.target(database, { user: stranger })));
      expect(err.message).toMatch(
        new RegExp(`^the PostgreSQL history .*: the role "${stranger}" may not read the schema "vis" \\(permission denied for table meta\\)$`),
      );
      const refused = await checkPg(server!.target(database, { user: stranger }));
      expect(refused.problems).toEqual(['permission denied for table meta']);
      // Nothing read, but the server answered: not out of reach.
      expect(refused.unread).toBe(true);
      expect(refused.unreachable).toBeUndefined();
      // check ends its connection, whether it read the schema or not.
      const sessions = 'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()';
      await waitUntil(async () => (await count(database, sessions)) === 0, 'the sessions of check to end');
    });

    it('a role that may not create the schema is refused naming the role, the database left as it was', async () => {
      const database = await db();
      const role = `nobody_${database}`;
      await server!.admin(database, `CREATE ROLE ${role} LOGIN; REVOKE CREATE ON SCHEMA public FROM PUBLIC`);
      const err = await usage(openPgStore(server!.target(database, { user: role })));
      expect(err.message).toMatch(
        new RegExp(`^the PostgreSQL history .*: the role "${role}" may not create vis's tables in the schema "vis" \\(permission denied`),
      );
      expect(err.hint).toBe("Run vis once as a role that may (the schema's owner), or grant CREATE on the database or the schema.");
      expect(await server!.admin(database, "SELECT to_regnamespace('vis') AS s")).toEqual([{ s: null }]);
    });

    it('a role with a password logs in over TCP; a wrong password is a usage error (the settings are wrong) that never shows it', async () => {
      const database = await db();
      await server!.admin(
        'postgres',
        `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${PASSWORD_ROLE}') THEN CREATE ROLE ${PASSWORD_ROLE} LOGIN PASSWORD '${PASSWORD}'; END IF; END $$`,
      );
      await server!.admin(database, `GRANT CREATE ON DATABASE ${database} TO ${PASSWORD_ROLE}`);
      const s = await open(server!.target(database, { user: PASSWORD_ROLE, password: PASSWORD, tcp: true }));
      await s.record([answer({})]);
      expect(await s.days({ api: API })).toEqual(['2026-11-20']);
      const err = await failure(openPgStore(server!.target(database, { user: PASSWORD_ROLE, password: 'wrong-secret', tcp: true })));
      expect(err).toBeInstanceOf(UsageError);
      expect(err.message).toContain(`cannot connect to the PostgreSQL history postgres://${PASSWORD_ROLE}@127.0.0.1:`);
      expect(err.message).toContain('password authentication failed');
      expect(err.message).not.toContain('wrong-secret');
    });
  });

  describe('check without opening', () => {
    it('creates nothing, and says nothing is recorded yet; an unreachable server is a problem, never a throw', async () => {
      const database = await db();
      const c = await checkPg(server!.target(database));
      expect(c).toMatchObject({
        schemaVersion: 0,
        answers: 0,
        problems: [],
      });
      expect(c).toEqual({
        file: server!.target(database).display,
        bytes: 0,
        schemaVersion: 0,
        answers: 0,
        bodies: 0,
        scopes: [],
        months: [],
        journal: { waiting: 0, rejected: [] },
        problems: [],
        server: { version: expect.stringMatching(/^\d+/), role: 'postgres', privileges: { read: false, record: false, create: true } },
      });
      const role = `vis_no_create_${Date.now()}`;
      await server!.admin(
        database,
        `CREATE ROLE ${role} LOGIN; REVOKE CREATE ON DATABASE "${database}" FROM PUBLIC; REVOKE CREATE ON SCHEMA public FROM PUBLIC`,
      );
      const barred = await checkPg(server!.target(database, { user: role }));
      expect(barred.problems).toEqual([`the role ${role} may not create vis's tables in the schema "vis": recording fails until a role that may records once`]);
      expect(await server!.admin(database, "SELECT to_regnamespace('vis') AS s")).toEqual([{ s: null }]);
      const off = await checkPg({ ...server!.target(database), config: { ...server!.target(database).config, host: '127.0.0.1', port: await unusedPort() } });
      expect(off.problems[0]).toMatch(/^cannot connect to the PostgreSQL history /);
      // Out of reach, so nothing read: not an empty, sound history.
      expect(off).toMatchObject({ unread: true, unreachable: true });
      expect(c.unread).toBeUndefined();
      expect(c.unreachable).toBeUndefined();
      await (await openPgStore(server!.target(database))).close();
      await server!.admin(database, "UPDATE vis.meta SET value = '7'");
      // Written by a newer vis: nothing of it read.
      expect(await checkPg(server!.target(database))).toMatchObject({
        schemaVersion: 7,
        answers: 0,
        unread: true,
        problems: [`written by a newer vis (schema 7); this is vis ${VERSION}: install a newer vis`],
      });
    });
  });

  describe('the connection', () => {
    it('a server that refuses SSL is tried again with the fallback (sslmode=prefer); without one it is out of reach (exit 7)', async () => {
      const database = await db();
      const plain = server!.target(database, { tcp: true });
      const ssl = { ...plain, config: { ...plain.config, ssl: { rejectUnauthorized: false } } };
      const s = await open({ ...ssl, fallback: plain.config });
      await s.record([answer({})]);
      expect(await s.days({ api: API })).toEqual(['2026-11-20']);
      const err = await failure(openPgStore(ssl));
      expect(err).toBeInstanceOf(ServerError);
      expect(exitCodeFor(err as ServerError)).toBe(7);
      expect(err.message).toBe(`cannot connect to the PostgreSQL history ${plain.display}: The server does not support SSL connections`);
      const c = await checkPg(ssl);
      expect(c.unreachable).toBe(true);
      expect(c.problems).toEqual([err.message]);
      expect(c.server).toBeUndefined();
    });

    it('a role the server will not let in at all (SQLSTATE 28000, as pg_hba.conf refusing the SSL choice) is tried with the fallback, else refused (exit 2)', async () => {
      const database = await db();
      const role = `vis_nologin_${database}`;
      await server!.admin(database, `CREATE ROLE ${role} NOLOGIN`);
      const barred = server!.target(database, { user: role, tcp: true });
      const s = await open({ ...barred, fallback: server!.target(database, { tcp: true }).config });
      expect(await s.days({ api: API })).toEqual([]);
      const err = await usage(openPgStore(barred));
      expect(err.message).toContain(`role "${role}" is not permitted to log in`);
    });

    it('a refused login is not tried again with the fallback; a fallback refused in turn is the refused login (exit 2)', async () => {
      const database = await db();
      await server!.admin(
        'postgres',
        `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${PASSWORD_ROLE}') THEN CREATE ROLE ${PASSWORD_ROLE} LOGIN PASSWORD '${PASSWORD}'; END IF; END $$`,
      );
      const right = server!.target(database, { user: PASSWORD_ROLE, password: PASSWORD, tcp: true });
      const wrong = server!.target(database, { user: PASSWORD_ROLE, password: 'wrong-secret', tcp: true });
      const notRetried = await usage(openPgStore({ ...wrong, fallback: right.config }));
      expect(notRetried.message).toContain('password authentication failed');
      const ssl = { ...right, config: { ...right.config, ssl: { rejectUnauthorized: false } } };
      const second = await usage(openPgStore({ ...ssl, fallback: wrong.config }));
      expect(second.message).toMatch(
        /^cannot connect to the PostgreSQL history postgres:\/\/vis_password@127\.0\.0\.1:\d+\/\w+: password authentication failed/,
      );
      expect(second.hint).toContain('Check the user and password of the URL');
      const c = await checkPg({ ...ssl, fallback: wrong.config });
      expect(c.problems).toEqual([second.message]);
      expect(c.unreachable).toBeUndefined();
    });

    it('one the server ends between calls fails the next call, and never the process', async () => {
      const database = await db();
      const s = await open(server!.target(database));
      await server!.admin(database, 'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      const others = 'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()';
      await waitUntil(async () => (await count(database, others)) === 0, 'the store’s session to end');
      expect(await failure(s.days({ api: API }))).not.toBeInstanceOf(UsageError);
      expect(await failure(s.record([answer({})]))).not.toBeInstanceOf(UsageError);
    });

    /** A store whose next write of `k` waits for another session's lock on that answer, and that session. */
    async function blocked(database: string, journal?: string) {
      const s = await open(server!.target(database), journal === undefined ? {} : { journal });
      const k = answer({ fetchedAt: 1 });
      await s.record([k]);
      const pgm = (await import('pg')).default;
      const other = new pgm.Client(server!.target(database).config);
      await other.connect();
      await other.query('BEGIN');
      await other.query('SELECT 1 FROM vis.answers FOR UPDATE');
      const writing = s.record([{ ...k, fetchedAt: 2, raw: '{"n":2}' }]).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      const pid = await lockWaiter(database);
      return { s, k, other, writing, pid };
    }

    it('a statement the server cancels fails that call (exit 7), and the next call runs on the same connection', async () => {
      const database = await db();
      const { s, k, other, writing, pid } = await blocked(database);
      try {
        await server!.admin(database, 'SELECT pg_cancel_backend($1)', [pid]);
        const err = await writing;
        expect(err).toBeInstanceOf(ServerError);
        expect(exitCodeFor(err!)).toBe(7);
        expect(err!.message).toBe(`the PostgreSQL history ${s.file}: the server cancelled a statement (canceling statement due to user request)`);
      } finally {
        await other.query('COMMIT');
        await other.end();
      }
      expect(await s.record([{ ...k, fetchedAt: 3, raw: '{"n":3}' }])).toEqual({ stored: 1, superseded: 0 });
      expect((await s.answers({ api: API })).map((a) => JSON.parse(a.raw))).toEqual([{ n: 3 }]);
    });

    it('a connection the server ends during a call fails that call and every later one with the server’s reason (exit 7)', async () => {
      const database = await db();
      const journal = join(mkdtempSync(join(tmpdir(), 'vis-pg-journal-')), 'incoming');
      const { s, other, writing, pid } = await blocked(database, journal);
      try {
        await server!.admin(database, 'SELECT pg_terminate_backend($1)', [pid]);
        const err = await writing;
        expect(err).toBeInstanceOf(ServerError);
        expect(exitCodeFor(err!)).toBe(7);
        expect(err!.message).toBe(`the PostgreSQL history ${s.file}: the connection failed: terminating connection due to administrator command`);
        const later = await failure(s.days({ api: API }));
        expect(later).toBeInstanceOf(ServerError);
        expect(later.message).toBe(err!.message);
        expect((await failure(s.record([answer({ day: '2026-11-21' })]))).message).toBe(err!.message);
        // What has nothing to write still needs no server: an entry jsonb cannot hold is set aside.
        mkdirSync(journal, { recursive: true, mode: 0o700 });
        const nul = writeEntry(journal, answer({ day: '2026-11-22', raw: '{"a":"\\u0000"}' }));
        expect(await s.ingest()).toEqual({
          stored: 0,
          superseded: 0,
          rejected: [{ file: nul, problem: 'the body holds \\u0000, which PostgreSQL cannot store' }],
        });
      } finally {
        await other.query('COMMIT');
        await other.end();
      }
    });

    it('calls made without awaiting each run one after the other; close twice is closed once', async () => {
      const database = await db();
      const s = await openPgStore(server!.target(database));
      const calls = [
        s.record([answer({})]),
        s.days({ api: API }),
        s.record([answer({ day: '2026-11-21' })]),
        s.answers({ api: API }),
        s.scopes(API),
        s.check(),
      ];
      const [, days, , answers, scopes, check] = await Promise.all(calls);
      expect(days).toEqual(['2026-11-20']);
      expect((answers as RecordedAnswer[]).map((a) => a.day)).toEqual(['2026-11-20', '2026-11-21']);
      expect(scopes).toHaveLength(1);
      expect(check).toMatchObject({ answers: 2 });
      await Promise.all([s.close(), s.close()]);
    });

    it('a store opened with no journal takes nothing in; a day bound that is no date is refused', async () => {
      const database = await db();
      const s = await open(server!.target(database));
      expect(await s.ingest()).toEqual({ stored: 0, superseded: 0, rejected: [] });
      expect((await s.check()).journal).toEqual({ waiting: 0, rejected: [] });
      expect((await usage(s.days({ api: API, since: '2026-13-01' }))).message).toBe('cannot read the history since "2026-13-01": not a date (YYYY-MM-DD)');
      expect((await usage(s.answers({ api: API, until: 'today' }))).message).toBe('cannot read the history until "today": not a date (YYYY-MM-DD)');
    });
  });

  describe('what a role may not do', () => {
    it('read or prune: a usage error naming the role and what it may not do', async () => {
      const database = await db();
      const owner = await open(server!.target(database));
      await owner.record([answer({})]);
      const blind = `blind_${database}`;
      const reader = `ro_${database}`;
      await server!.admin(
        database,
        `CREATE ROLE ${blind} LOGIN; GRANT USAGE ON SCHEMA vis TO ${blind}; GRANT SELECT ON vis.meta TO ${blind};
         CREATE ROLE ${reader} LOGIN; GRANT USAGE ON SCHEMA vis TO ${reader}; GRANT SELECT ON ALL TABLES IN SCHEMA vis TO ${reader}`,
      );
      const b = await open(server!.target(database, { user: blind }));
      expect((await usage(b.days({ api: API }))).message).toMatch(
        new RegExp(`: the role "${blind}" may not read the history \\(permission denied for table answers\\)$`),
      );
      const r = await open(server!.target(database, { user: reader }));
      expect((await usage(r.prune('2026-12-01'))).message).toMatch(
        new RegExp(`: the role "${reader}" may not prune the history \\(permission denied for table answers\\)$`),
      );
      expect(await owner.days({ api: API })).toEqual(['2026-11-20']);
    });
  });

  describe('a target that names no role (no OS user name found)', () => {
    it('a refusal names the role vis connects as', async () => {
      const database = await db();
      const owner = await open(server!.target(database));
      await owner.record([answer({})]);
      const role = `anon_${database}`;
      await server!.admin(database, `CREATE ROLE ${role} LOGIN; GRANT USAGE ON SCHEMA vis TO ${role}; GRANT SELECT ON vis.meta TO ${role}`);
      const { user: _, ...config } = server!.target(database).config;
      // The driver then logs in as PGUSER names.
      const before = process.env.PGUSER;
      process.env.PGUSER = role;
      let s: HistoryStore;
      try {
        s = await open({ ...server!.target(database), config });
      } finally {
        if (before === undefined) delete process.env.PGUSER;
        else process.env.PGUSER = before;
      }
      expect((await usage(s.days({ api: API }))).message).toMatch(
        /: the role vis connects as may not read the history \(permission denied for table answers\)$/,
      );
    });
  });

  describe('close', () => {
    it('ends the store’s connection, once', async () => {
      const database = await db();
      const sessions = async () => count(database, 'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      const s = await openPgStore(server!.target(database));
      expect(await sessions()).toBe(1);
      await s.close();
      await s.close();
      await waitUntil(async () => (await sessions()) === 0, 'the session to end');
      expect(await sessions()).toBe(0);
    });
  });

  describe('check of a schema not as vis left it', () => {
    it('names missing tables and a role that may not read; an older schema is no problem, its migration pending', async () => {
      const database = await db();
      const s = await open(server!.target(database));
      await s.record([answer({})]);
      const ok = await s.check();
      expect(ok.file).toBe(server!.target(database).display);
      expect(ok.bytes).toBeGreaterThan(8192);
      expect(ok.problems).toEqual([]);
      const role = `blind_${database}`;
      await server!.admin(database, `CREATE ROLE ${role} LOGIN; GRANT USAGE ON SCHEMA vis TO ${role}; GRANT SELECT ON vis.meta TO ${role}`);
      const blind = await checkPg(server!.target(database, { user: role }));
      expect(blind.problems).toEqual([`the role ${role} may not read the answers`]);
      expect(blind.server!.privileges).toEqual({ read: false, record: false, create: false });
      expect(blind.answers).toBe(0);
      expect(blind.unread).toBe(true);
      await server!.admin(database, "UPDATE vis.meta SET value = '0'");
      // A pending migration is no fault: the next history command makes it.
      const older = await checkPg(server!.target(database));
      expect(older).toMatchObject({ schemaVersion: 0, migrates: true, answers: 1, problems: [] });
      expect(older.unread).toBeUndefined();
      expect(ok.migrates).toBeUndefined();
      // A meta table with no version in it is a schema of version 0 as well.
      await server!.admin(database, "DELETE FROM vis.meta WHERE key = 'schema_version'");
      expect(await checkPg(server!.target(database))).toMatchObject({ schemaVersion: 0, migrates: true, problems: [] });
      await server!.admin(
        database,
        "INSERT INTO vis.meta (key, value) VALUES ('schema_version', '1'); DROP VIEW vis.answer_bodies; DROP VIEW vis.topic_days; DROP VIEW vis.prompt_days; DROP VIEW vis.competitor_days; DROP TABLE vis.brand_names",
      );
      expect(await checkPg(server!.target(database))).toMatchObject({ unread: true, answers: 0, problems: ["vis's tables are missing: brand_names"] });
    });

    it('a journal given to check is counted, waiting and set aside', async () => {
      const database = await db();
      const journal = join(mkdtempSync(join(tmpdir(), 'vis-pg-journal-')), 'incoming');
      mkdirSync(journal, { recursive: true, mode: 0o700 });
      writeEntry(journal, answer({}));
      writeEntry(journal, answer({ day: '2026-11-21' }));
      expect((await checkPg(server!.target(database), { journal })).journal).toEqual({ waiting: 2, rejected: [] });
    });
  });

  describe('bodies jsonb cannot hold', () => {
    it('record sets each aside alone, saying why, and records the rest; ingest sets their entries aside', async () => {
      const database = await db();
      const journal = join(mkdtempSync(join(tmpdir(), 'vis-pg-journal-')), 'incoming');
      const s = await open(server!.target(database), { journal });
      const bad: RecordedAnswer = answer({ day: '2026-11-21', raw: 'not json' });
      const zero: RecordedAnswer = answer({ day: '2026-11-22', endpoint: 'prompts', raw: '{"data":{"k\\u0000":1}}' });
      const deep: RecordedAnswer = answer({ day: '2026-11-23', raw: '{"data":[{"a":["x","\\u0000"]}]}' });
      const escaped: RecordedAnswer = answer({ day: '2026-11-24', raw: '{"data":"\\\\u0000"}' });
      const recorded = await s.record([answer({}), bad, zero, deep, escaped]);
      const key = ({ raw: _, fetchedAt: __, ...k }: RecordedAnswer) => k;
      expect(recorded).toEqual({
        stored: 2,
        superseded: 0,
        setAside: [
          { answer: key(bad), problem: 'the body is not JSON' },
          { answer: key(zero), problem: 'the body holds \\u0000, which PostgreSQL cannot store' },
          { answer: key(deep), problem: 'the body holds \\u0000, which PostgreSQL cannot store' },
        ],
      });
      expect(await s.days({ api: API })).toEqual(['2026-11-20', '2026-11-24']);
      expect(await s.record([answer({ day: '2026-11-25' })])).toEqual({ stored: 1, superseded: 0 });
      await server!.admin(database, 'TRUNCATE vis.answers CASCADE');
      mkdirSync(journal, { recursive: true, mode: 0o700 });
      writeEntry(journal, answer({}));
      const nul = writeEntry(journal, answer({ day: '2026-11-22', raw: '{"a":"\\u0000"}' }));
      const report = await s.ingest();
      expect(report).toEqual({ stored: 1, superseded: 0, rejected: [{ file: nul, problem: 'the body holds \\u0000, which PostgreSQL cannot store' }] });
      expect(readdirSync(journal)).toEqual([`${nul.split('/').pop()}.rejected`]);
    });
  });
});
