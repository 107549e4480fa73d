/**
 * A PostgreSQL history from the command line, on a real server (test/support/postgres.ts):
 * data commands record into it when their session closes, `vis history`, `vis history
 * check` and `vis history prune` read it, and what the server refuses is one warning for a
 * data command (its answer and exit code as usual) and exit 2 for a history command.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultHistory } from '../../src/cli/commands/report/run.js';
import type { ReportOptions } from '../../src/cli/commands/report/parse.js';
import { endpointById } from '../../src/endpoints.js';
import { exitCodeFor } from '../../src/errors.js';
import { historyLocation } from '../../src/history/location.js';
import { HistoryRecorder } from '../../src/history/recorder.js';
import { testContext } from '../support/context.js';
import { FAKE_BASE_URL, FakeApi, json, type Reply } from '../support/http.js';
import { PASSWORD, PASSWORD_ROLE, startPostgres } from '../support/postgres.js';
import { unusedPort } from '../support/ports.js';
import { runInProcess } from '../support/run.js';

const pg = await startPostgres();
if ('skip' in pg) console.warn(`PostgreSQL wiring tests skipped: ${pg.skip}`);
const server = 'server' in pg ? pg.server : undefined;
afterAll(async () => server?.stop());

const META = { brand: { id: 7, name: 'Acme' }, market: { code: 'US-en', label: 'United States (English)' } };
const WARNING = /^vis: warning: history: .*; answers of this run are not recorded \(vis history check tells more\)$/;

beforeAll(async () => {
  if (!server) return;
  await server.admin(
    'postgres',
    `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${PASSWORD_ROLE}') THEN CREATE ROLE ${PASSWORD_ROLE} LOGIN PASSWORD '${PASSWORD}'; END IF; END $$`,
  );
});

function home(url: string): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'vis-pg-wiring-'));
  return { HOME: dir, VIS_CONFIG_DIR: join(dir, 'config'), VIS_HISTORY: url };
}

const topicsOn = (date: string, visibility: number): Reply =>
  json(200, { data: { topics: [{ id: 'crm', name: 'CRM software', visibility }] }, meta: META }, { date });

async function topics(env: Record<string, string>, reply: Reply = topicsOn('Sun, 22 Nov 2026 10:00:00 GMT', 41.5)) {
  const api = new FakeApi().on({ method: 'GET', path: '/topics' }, reply);
  return runInProcess(['topics', '-f', 'json', '--no-cache'], { env, api });
}

async function answerCount(database: string): Promise<number> {
  const [row] = await server!.admin(database, 'SELECT count(*)::int AS n FROM vis.answers');
  return Number(row!.n);
}

describe.skipIf(server === undefined)('a PostgreSQL history', () => {
  it('a data command records into it (sslmode=prefer falling back to a plain connection), and vis history reads it back', async () => {
    const database = await server!.database();
    const env = home(`postgres://postgres@127.0.0.1:${server!.port}/${database}?sslmode=prefer`);
    const first = await topics(env, topicsOn('Sat, 21 Nov 2026 10:00:00 GMT', 40));
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toBe('');
    const second = await topics(env);
    expect(second.stderr).toBe('');
    expect(await answerCount(database)).toBe(2);
    const read = await runInProcess(['history', 'topics', '-f', 'csv'], { env });
    expect(read.code, read.stderr).toBe(0);
    expect(read.stdout).toContain('2026-11-21');
    expect(read.stdout).toContain('2026-11-22');
  });

  it('vis history check: the server, the role and what it may do, the schema, the answers; exit 0', async () => {
    const database = await server!.database();
    const env = home(`postgres://postgres@127.0.0.1:${server!.port}/${database}?sslmode=disable`);
    expect((await topics(env)).code).toBe(0);
    const r = await runInProcess(['history', 'check'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`History store  postgres://postgres@127.0.0.1:${server!.port}/${database}?sslmode=disable`);
    expect(r.stdout).toMatch(/^Server +PostgreSQL \d+[.\d]*.*, as the role postgres$/m);
    expect(r.stdout).toMatch(/^Privileges +read yes, record yes, create tables yes$/m);
    expect(r.stdout).toMatch(/^Schema +version 2 /m);
    expect(r.stdout).toMatch(/^Answers +1 /m);
    expect(r.stdout).toContain('No problems found.');
    expect(r.stdout).not.toMatch(/^Journal/m);
  });

  it('vis history check on a database nothing was recorded into yet: sound, exit 0, as a SQLite store not made yet', async () => {
    const database = await server!.database();
    const env = home(`postgres://postgres@127.0.0.1:${server!.port}/${database}?sslmode=disable`);
    const r = await runInProcess(['history', 'check'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Schema +none yet: the first recording creates it \(version 2\)$/m);
    expect(r.stdout).toContain('Nothing recorded yet.');
    expect(r.stdout).toContain('No problems found.');
  });

  it('vis history check on a schema older than this vis writes: the pending migration is in the Schema line, not a problem; exit 0', async () => {
    const database = await server!.database();
    const env = home(`postgres://postgres@127.0.0.1:${server!.port}/${database}?sslmode=disable`);
    expect((await topics(env)).code).toBe(0);
    await server!.admin(database, "UPDATE vis.meta SET value = '0' WHERE key = 'schema_version'");
    const r = await runInProcess(['history', 'check'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Schema +version 0: the next history command migrates it to version 2$/m);
    expect(r.stdout).toMatch(/^Answers +1 /m);
    expect(r.stdout).toContain('No problems found.');
  });

  it('vis history prune removes the days before the date from the server', async () => {
    const database = await server!.database();
    const env = home(`postgres://postgres@127.0.0.1:${server!.port}/${database}?sslmode=disable`);
    await topics(env, topicsOn('Sat, 21 Nov 2026 10:00:00 GMT', 40));
    await topics(env);
    const r = await runInProcess(['history', 'prune', '--before', '2026-11-22'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(await answerCount(database)).toBe(1);
  });

  it('a refused login: the data command warns once (the password masked) and answers; vis history exits 2', async () => {
    const database = await server!.database();
    const env = home(`postgres://${PASSWORD_ROLE}:wrong-pw@127.0.0.1:${server!.port}/${database}?sslmode=disable`);
    const r = await topics(env);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data.topics[0].visibility).toBe(41.5);
    expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(WARNING)]);
    expect(r.stderr).toContain(`cannot connect to the PostgreSQL history postgres://${PASSWORD_ROLE}:***@127.0.0.1:${server!.port}/${database}`);
    expect(r.stderr).not.toContain('wrong-pw');
    const read = await runInProcess(['history', 'topics'], { env });
    expect(read.code).toBe(2);
    expect(read.stderr).toContain('password authentication failed');
    expect(read.stderr).not.toContain('wrong-pw');
    const check = await runInProcess(['history', 'check'], { env });
    expect(check.code).toBe(2);
  });

  it('the right password logs in', async () => {
    const database = await server!.database();
    await server!.admin(database, `GRANT CREATE ON DATABASE ${database} TO ${PASSWORD_ROLE}`);
    const env = home(`postgres://${PASSWORD_ROLE}@127.0.0.1:${server!.port}/${database}?sslmode=disable`);
    const r = await topics({ ...env, PGPASSWORD: PASSWORD });
    expect(r.stderr).toBe('');
    expect(await answerCount(database)).toBe(1);
  });

  it('a schema a newer vis wrote: the data command warns and records nothing; vis history exits 2', async () => {
    const database = await server!.database();
    const env = home(`postgres://postgres@127.0.0.1:${server!.port}/${database}?sslmode=disable`);
    await topics(env, topicsOn('Sat, 21 Nov 2026 10:00:00 GMT', 40));
    await server!.admin(database, "UPDATE vis.meta SET value = '99' WHERE key = 'schema_version'");
    const r = await topics(env);
    expect(r.code).toBe(0);
    expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(WARNING)]);
    expect(r.stderr).toContain('was written by vis 0.2.0 (schema 99)');
    expect(await answerCount(database)).toBe(1);
    const read = await runInProcess(['history', 'topics'], { env });
    expect(read.code).toBe(2);
    const check = await runInProcess(['history', 'check'], { env });
    expect(check.code).toBe(2);
  });
});

describe.skipIf(server === undefined)('timeouts and answers PostgreSQL cannot hold', () => {
  it('a table locked by another session: each history command exits 7 with one line naming the statement timeout, never 1', async () => {
    const database = await server!.database();
    const url = `postgres://postgres@127.0.0.1:${server!.port}/${database}?sslmode=disable&statement_timeout=300ms`;
    const env = home(url);
    expect((await topics(env)).code).toBe(0);
    // A local history to push: recorded into the default file.
    const { VIS_HISTORY: _, ...local } = home('');
    expect((await topics(local)).code).toBe(0);
    const { default: pg } = await import('pg');
    const locker = new pg.Client({ host: server!.socketDir, port: server!.port, database, user: 'postgres' });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE vis.answers IN ACCESS EXCLUSIVE MODE');
      const line = `vis: the PostgreSQL history ${url}: a statement ran past the statement timeout (300 ms) and the server cancelled it`;
      for (const [argv, where] of [
        [['changes', '--exit-code'], env],
        [['history', 'topics'], env],
        [['history', 'push', url], local],
      ] as const) {
        const r = await runInProcess([...argv], { env: where });
        expect([argv.join(' '), r.code]).toEqual([argv.join(' '), 7]);
        expect(r.stderr.split('\n')[0]).toBe(line);
      }
      const check = await runInProcess(['history', 'check'], { env });
      expect(check.code).toBe(7);
      expect(check.stdout).toContain(`  - the PostgreSQL history ${url}: a statement ran past the statement timeout (300 ms) and the server cancelled it`);
      // A data command says so once, and answers as usual.
      const data = await topics(env);
      expect(data.code).toBe(0);
      expect(data.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(WARNING)]);
      expect(data.stderr).toContain('a statement ran past the statement timeout (300 ms)');
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
  });

  it('an answer holding \\u0000: one warning naming it, even with -q; the other answers of the run are recorded', async () => {
    const database = await server!.database();
    const env = home(`postgres://postgres@127.0.0.1:${server!.port}/${database}?sslmode=disable`);
    const nul = json(
      200,
      { data: { topics: [{ id: 'crm', name: 'CRM\u0000software', visibility: 41 }] }, meta: META },
      { date: 'Sun, 22 Nov 2026 10:00:00 GMT' },
    );
    const r = await topics(env, nul).then(() =>
      runInProcess(['topics', '-q', '-f', 'json', '--no-cache'], { env, api: new FakeApi().on({ method: 'GET', path: '/topics' }, nul) }),
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      'vis: warning: history: the topics answer of brand 7, market US-en, 2026-11-22 was not recorded: the body holds \\u0000, which PostgreSQL cannot store\n',
    );
    expect(await answerCount(database)).toBe(0);
  });
});

describe('vis report reads a PostgreSQL history as vis changes does', () => {
  const options = { flags: {} } as unknown as ReportOptions;

  it('off is no history; a server out of reach is an error the report turns into its warning', async () => {
    expect(await defaultHistory(testContext({ env: { VIS_HISTORY: 'off' } }), options)()).toBeUndefined();
    const port = await unusedPort();
    const err = await defaultHistory(testContext({ env: { VIS_HISTORY: `postgres://127.0.0.1:${port}/vis` } }), options)().then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toContain(`cannot connect to the PostgreSQL history postgres://127.0.0.1:${port}/vis`);
    expect(exitCodeFor(err)).toBe(7);
  });

  it.skipIf(server === undefined)('opens the store on the server', async () => {
    const database = await server!.database();
    const env = home(`postgres://postgres@127.0.0.1:${server!.port}/${database}?sslmode=disable`);
    await topics(env);
    const store = await defaultHistory(testContext({ env }), options)();
    try {
      expect(await store!.days({ api: FAKE_BASE_URL })).toEqual(['2026-11-22']);
    } finally {
      await store?.close();
    }
  });
});

describe.skipIf(server === undefined)('the recorder on a PostgreSQL history', () => {
  const connections = async (database: string) =>
    Number(
      (await server!.admin('postgres', "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'vis'", [database]))[0]!.n,
    );

  it('one connection for the run, made at the first write and ended by close; each flush recorded', async () => {
    const database = await server!.database();
    const debug: string[] = [];
    const warnings: string[] = [];
    let t = Date.parse('2026-11-22T12:00:00Z');
    const recorder = new HistoryRecorder({
      where: historyLocation({ VIS_HISTORY: `postgres://postgres@127.0.0.1:${server!.port}/${database}?sslmode=disable` }),
      api: 'demo',
      now: () => t++,
      debug: (l) => debug.push(l),
      warn: (l) => warnings.push(l),
    });
    const read = (days: string) => ({
      method: 'GET',
      path: '/topics',
      query: [['days', days]] as Array<[string, string]>,
      status: 200,
      raw: JSON.stringify({ data: { topics: [] }, meta: META }),
      envelope: { meta: META },
    });
    await recorder.flush();
    expect(await connections(database)).toBe(0);
    recorder.note(endpointById('topics'), read('30'));
    await recorder.flush();
    recorder.note(endpointById('topics'), read('90'));
    await recorder.flush();
    expect(await connections(database)).toBe(1);
    await recorder.close();
    expect(await connections(database)).toBe(0);
    expect(warnings).toEqual([]);
    const rows = await server!.admin(database, 'SELECT query FROM vis.answers ORDER BY query');
    expect(rows.map((r) => r.query)).toEqual(['days=30', 'days=90']);
  });

  it('an answer PostgreSQL cannot hold is set aside alone, told once; the others of the batch and of later flushes are recorded', async () => {
    const database = await server!.database();
    const warnings: string[] = [];
    const setAside: string[] = [];
    let t = Date.parse('2026-11-22T12:00:00Z');
    const recorder = new HistoryRecorder({
      where: historyLocation({ VIS_HISTORY: `postgres://postgres@127.0.0.1:${server!.port}/${database}?sslmode=disable` }),
      api: 'demo',
      now: () => t++,
      debug: () => undefined,
      warn: (l) => warnings.push(l),
      setAside: (l) => setAside.push(l),
    });
    const read = (path: string, days: string, body: unknown) => ({
      method: 'GET',
      path,
      query: [['days', days]] as Array<[string, string]>,
      status: 200,
      raw: JSON.stringify({ data: body, meta: META }),
      envelope: { meta: META },
    });
    recorder.note(endpointById('topics'), read('/topics', '30', { topics: [] }));
    recorder.note(endpointById('topics.get'), read('/topics/crm', '30', { name: 'a\u0000b' }));
    recorder.note(endpointById('prompts'), read('/prompts', '30', { prompts: [] }));
    await recorder.flush();
    recorder.note(endpointById('topics'), read('/topics', '90', { topics: [] }));
    await recorder.close();
    expect(warnings).toEqual([]);
    expect(setAside).toEqual([
      'history: the topics.get crm answer of brand 7, market US-en, 2026-11-22 was not recorded: the body holds \\u0000, which PostgreSQL cannot store',
    ]);
    const rows = await server!.admin(database, "SELECT endpoint || ' ' || query AS k FROM vis.answers ORDER BY 1");
    expect(rows.map((r) => r.k)).toEqual(['prompts days=30', 'topics days=30', 'topics days=90']);
  });

  it('without a sink of its own for an answer set aside, the warning says it; an answer with no item nor market names neither', async () => {
    const database = await server!.database();
    const warnings: string[] = [];
    const recorder = new HistoryRecorder({
      where: historyLocation({ VIS_HISTORY: `postgres://postgres@127.0.0.1:${server!.port}/${database}?sslmode=disable` }),
      api: 'demo',
      now: () => Date.parse('2026-11-22T12:00:00Z'),
      debug: () => undefined,
      warn: (l) => warnings.push(l),
    });
    recorder.note(endpointById('technical'), {
      method: 'GET',
      path: '/technical',
      query: [],
      status: 200,
      raw: JSON.stringify({ data: { issues: [{ title: 'a\u0000b' }] }, meta: META }),
      envelope: { meta: META },
    });
    await recorder.close();
    expect(warnings).toEqual(['history: the technical answer of brand 7, 2026-11-22 was not recorded: the body holds \\u0000, which PostgreSQL cannot store']);
    expect(await answerCount(database)).toBe(0);
  });
});
