/**
 * The README's PostgreSQL queries, exactly as written there, run by psql against a history
 * that data commands recorded on a few days (a real server, test/support/postgres.ts): a
 * query edited in the README without this test fails here.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeApi, json } from '../support/http.js';
import { startPostgres } from '../support/postgres.js';
import { runInProcess } from '../support/run.js';

const README = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../README.md'), 'utf8');
const PSQL = '/usr/bin/psql';

const pg = existsSync(PSQL) ? await startPostgres() : { skip: `no ${PSQL}` };
if ('skip' in pg) console.warn(`README PostgreSQL queries not run: ${pg.skip}`);
const server = 'server' in pg ? pg.server : undefined;
afterAll(async () => server?.stop());

/** The statements of the README's sql block under its PostgreSQL heading, one per line. */
function readmeQueries(): string[] {
  const part = README.split(/^## /m).find((p) => p.startsWith('Team history in PostgreSQL'));
  const block = /```sql\n([\s\S]*?)```/.exec(part ?? '')?.[1];
  if (block === undefined) throw new Error('README.md has no sql block under "Team history in PostgreSQL"');
  return block
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('--'));
}

const META = { brand: { id: 7, name: 'Acme' }, market: { code: 'US-en', label: 'United States (English)' } };

async function readOn(env: Record<string, string>, day: string, visibility: number, rivalShare: number): Promise<void> {
  const date = `${new Date(`${day}T10:00:00Z`).toUTCString()}`;
  const api = new FakeApi()
    .on({ method: 'GET', path: '/topics' }, json(200, { data: { topics: [{ id: 'crm', name: 'CRM software', visibility }] }, meta: META }, { date }))
    .on(
      { method: 'GET', path: '/competitors' },
      json(
        200,
        {
          data: {
            competitors: [
              { name: 'Acme', domain: 'acme.example', is_brand: true, share_of_voice: 30, visibility, mentions: 10 },
              { name: 'Globex', domain: 'globex.example', is_brand: false, share_of_voice: rivalShare, visibility: 50, mentions: 12 },
            ],
          },
          meta: META,
        },
        { date },
      ),
    );
  for (const cmd of ['topics', 'competitors']) {
    const r = await runInProcess([cmd, '-f', 'json', '--no-cache'], { env, api });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
  }
}

describe('README: Team history in PostgreSQL', () => {
  it('holds two queries on the views', () => {
    expect(readmeQueries()).toHaveLength(2);
  });

  it.skipIf(server === undefined)('psql answers its queries on three recorded days with one row per topic, and per rival, per day', async () => {
    const database = await server!.database();
    const dir = mkdtempSync(join(tmpdir(), 'vis-pg-readme-'));
    const env = { HOME: dir, VIS_CONFIG_DIR: join(dir, 'config'), VIS_HISTORY: `postgres://postgres@127.0.0.1:${server!.port}/${database}?sslmode=disable` };
    await readOn(env, '2026-11-20', 38, 40);
    await readOn(env, '2026-11-21', 40, 42);
    await readOn(env, '2026-11-22', 41.5, 45);
    const psql = (sql: string) =>
      execFileSync(PSQL, ['-X', '-A', '-t', '-F', '|', '-h', '127.0.0.1', '-p', String(server!.port), '-U', 'postgres', '-d', database, '-c', sql], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      })
        .trim()
        .split('\n');
    const [topics, rivals] = readmeQueries();
    expect(psql(topics!)).toEqual(['2026-11-20|Acme|CRM software|38', '2026-11-21|Acme|CRM software|40', '2026-11-22|Acme|CRM software|41.5']);
    expect(psql(rivals!)).toEqual(['2026-11-20|Globex|40', '2026-11-21|Globex|42', '2026-11-22|Globex|45']);
  });
});
