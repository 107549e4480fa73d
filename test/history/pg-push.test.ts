/**
 * `vis history push URL`: a local SQLite history copied into a PostgreSQL one on a real
 * server (test/support/postgres.ts): idempotent, never replacing a newer answer, and a URL
 * that is not PostgreSQL's refused by its rule before anything is read.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeApi, json, type Reply } from '../support/http.js';
import { PASSWORD, PASSWORD_ROLE, startPostgres } from '../support/postgres.js';
import { runInProcess } from '../support/run.js';

const pg = await startPostgres();
if ('skip' in pg) console.warn(`vis history push tests skipped: ${pg.skip}`);
const server = 'server' in pg ? pg.server : undefined;
afterAll(async () => server?.stop());

const META = { brand: { id: 7, name: 'Acme' }, market: { code: 'US-en', label: 'United States (English)' } };

const topicsOn = (date: string, visibility: number): Reply =>
  json(200, { data: { topics: [{ id: 'crm', name: 'CRM software', visibility }] }, meta: META }, { date });

function home(): { env: Record<string, string>; store: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vis-push-'));
  return { env: { HOME: dir, VIS_CONFIG_DIR: join(dir, 'config') }, store: join(dir, 'config-data', 'history.db') };
}

/** Reads of vis topics on the days given, recorded into the home's default SQLite history. */
async function recordLocally(env: Record<string, string>, days: Array<[string, number]>): Promise<void> {
  for (const [date, visibility] of days) {
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, topicsOn(date, visibility));
    const r = await runInProcess(['topics', '-f', 'json', '--no-cache'], { env, api });
    expect(r.code, r.stderr).toBe(0);
  }
}

describe('vis history push: the URL checked first', () => {
  it.each([
    ['mysql://ana:s3cret@db/vis', 'the URL to push to must be a PostgreSQL URL, postgres://… or postgresql://…'],
    ['/srv/history.db', 'the URL to push to must be a PostgreSQL URL, postgres://… or postgresql://…'],
    ['postgres://ana@db:0/vis', 'the PostgreSQL URL: the port must be a number from 1 to 65535'],
  ])('%s: exit 2 naming the rule, never the password', async (url, message) => {
    const { env } = home();
    const r = await runInProcess(['history', 'push', url], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`vis: ${message}`);
    // One prefix: the message does not say vis again.
    expect(r.stderr).not.toMatch(/^vis: vis /m);
    expect(r.stderr).not.toContain('s3cret');
  });

  it.each(['postgres://ana:s3cret@db/vis', 'postgresql://ana@db/vis?password=s3cret', 'postgresql://ana:s3cret@db/vis?password='])(
    'a password in the URL (%s) is refused before anything is read: a command line is visible to every user (ps); exit 2',
    async (url) => {
      const { env } = home();
      const r = await runInProcess(['history', 'push', url], { env });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(
        'the PostgreSQL URL: the URL holds a password, and a command line is visible to every user of this machine (ps): vis takes none there',
      );
      expect(r.stderr).toContain('Leave the password out of the URL, and give it in PGPASSWORD or in ~/.pgpass');
      expect(r.stderr).not.toContain('s3cret');
      expect(r.stderr).not.toContain('no history store');
    },
  );

  it('an empty password (user:@, password=) is none: the URL is taken', async () => {
    const { env, store } = home();
    const r = await runInProcess(['history', 'push', 'postgres://ana:@127.0.0.1:1/vis?password='], { env });
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining(`no history store at ${store}`)]);
  });

  it('without --file: the file VIS_HISTORY names, else (VIS_HISTORY naming the server) the default file', async () => {
    const { env, store } = home();
    const named = join(env.HOME!, 'elsewhere', 'team.db');
    const toFile = await runInProcess(['history', 'push', 'postgres://127.0.0.1:1/vis'], { env: { ...env, VIS_HISTORY: named } });
    expect([toFile.code, toFile.stderr]).toEqual([2, expect.stringContaining(`no history store at ${named}`)]);
    const toServer = await runInProcess(['history', 'push', 'postgres://127.0.0.1:1/vis'], { env: { ...env, VIS_HISTORY: 'postgres://127.0.0.1:1/vis' } });
    expect([toServer.code, toServer.stderr]).toEqual([2, expect.stringContaining(`no history store at ${store}`)]);
  });

  it('no local history: exit 2 naming the file', async () => {
    const { env, store } = home();
    const r = await runInProcess(['history', 'push', 'postgres://127.0.0.1:1/vis'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`no history store at ${store}`);
  });
});

describe.skipIf(server === undefined)('vis history push: into a real server', () => {
  it('the password from PGPASSWORD (the way out of the command line): pushed', async () => {
    const database = await server!.database();
    await server!.admin(
      'postgres',
      `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${PASSWORD_ROLE}') THEN CREATE ROLE ${PASSWORD_ROLE} LOGIN PASSWORD '${PASSWORD}'; END IF; END $$`,
    );
    await server!.admin(database, `GRANT CREATE ON DATABASE ${database} TO ${PASSWORD_ROLE}`);
    const { env } = home();
    await recordLocally(env, [['Sun, 22 Nov 2026 10:00:00 GMT', 41.5]]);
    const url = `postgres://${PASSWORD_ROLE}@127.0.0.1:${server!.port}/${database}?sslmode=disable`;
    const r = await runInProcess(['history', 'push', url], { env: { ...env, PGPASSWORD: PASSWORD } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/: 1 answer copied, 0 already there or newer\.\n$/);
  });

  it('an answer holding \\u0000 (jsonb cannot) stays behind alone, with a warning naming it; the rest is pushed', async () => {
    const database = await server!.database();
    const url = `postgres://postgres@127.0.0.1:${server!.port}/${database}?sslmode=disable`;
    const { env } = home();
    await recordLocally(env, [['Sat, 21 Nov 2026 10:00:00 GMT', 40]]);
    const nul = new FakeApi().on(
      { method: 'GET', path: '/topics' },
      json(200, { data: { topics: [{ id: 'crm', name: 'CRM\u0000software', visibility: 41 }] }, meta: META }, { date: 'Sun, 22 Nov 2026 10:00:00 GMT' }),
    );
    expect((await runInProcess(['topics', '-f', 'json', '--no-cache'], { env, api: nul })).code).toBe(0);
    // --dry-run counts what a push would copy: the answer it would set aside is not among them, and is named the same way.
    const dry = await runInProcess(['history', 'push', url, '--dry-run'], { env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toBe(
      'vis: warning: the topics answer of brand 7, market US-en, 2026-11-22 would not be pushed: the body holds \\u0000, which PostgreSQL cannot store\n',
    );
    expect(dry.stdout).toMatch(/: 1 answer to copy, 0 already there or newer \(--dry-run: nothing written\)\.\n$/);
    const r = await runInProcess(['history', 'push', url], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(
      'vis: warning: the topics answer of brand 7, market US-en, 2026-11-22 was not pushed: the body holds \\u0000, which PostgreSQL cannot store\n',
    );
    expect(r.stdout).toMatch(/: 1 answer copied, 0 already there or newer\.\n$/);
    const days = await server!.admin(database, "SELECT to_char(day, 'YYYY-MM-DD') AS day FROM vis.answers");
    expect(days.map((d) => d.day)).toEqual(['2026-11-21']);
  });

  it('copies every answer once: pushing twice adds nothing, and a newer answer on the server is kept', async () => {
    const database = await server!.database();
    const url = `postgres://postgres@127.0.0.1:${server!.port}/${database}?sslmode=disable`;
    const { env } = home();
    await recordLocally(env, [
      ['Fri, 20 Nov 2026 10:00:00 GMT', 38],
      ['Sat, 21 Nov 2026 10:00:00 GMT', 40],
      ['Sun, 22 Nov 2026 10:00:00 GMT', 41.5],
    ]);
    // Another host read 22 November later: its answer must survive the push of an older one.
    const other = home().env;
    const later = await runInProcess(['topics', '-f', 'json', '--no-cache'], {
      env: { ...other, VIS_HISTORY: url },
      api: new FakeApi().on({ method: 'GET', path: '/topics' }, topicsOn('Sun, 22 Nov 2026 18:00:00 GMT', 99)),
    });
    expect(later.stderr).toBe('');
    await server!.admin(database, "UPDATE vis.answers SET fetched_at = fetched_at + 3600000 WHERE day = '2026-11-22'");

    const dry = await runInProcess(['history', 'push', url, '--dry-run'], { env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/: 2 answers to copy, 1 already there or newer \(--dry-run: nothing written\)\.\n$/);
    expect(Number((await server!.admin(database, 'SELECT count(*)::int AS n FROM vis.answers'))[0]!.n)).toBe(1);

    const first = await runInProcess(['history', 'push', url], { env });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/: 2 answers copied, 1 already there or newer\.\n$/);
    const count = async () => Number((await server!.admin(database, 'SELECT count(*)::int AS n FROM vis.answers'))[0]!.n);
    expect(await count()).toBe(3);
    const second = await runInProcess(['history', 'push', url], { env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/: 0 answers copied, 3 already there or newer\.\n$/);
    expect((await runInProcess(['history', 'push', url, '--dry-run'], { env })).stdout).toMatch(/: 0 answers to copy, 3 already there or newer/);
    expect(await count()).toBe(3);
    const kept = await server!.admin(database, "SELECT visibility::float AS v FROM vis.topic_days WHERE day = '2026-11-22'");
    expect(kept.map((r) => Number(r.v))).toEqual([99]);
  });
});
