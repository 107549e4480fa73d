/**
 * pg as built: dist/lib/pg.cjs loads in a plain Node with nothing but itself (its optional
 * native binding left out, as pg expects when it is not installed) and talks to a real
 * PostgreSQL (test/support/postgres.ts); dist/vis.cjs holds none of it, and the notices
 * carry the licences of the packages it is made of.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres } from '../support/postgres.js';
import { VIS } from './helpers.js';

const ROOT = resolve(dirname(VIS), '..');
const LIB = join(ROOT, 'dist', 'lib', 'pg.cjs');

const pg = await startPostgres();
if ('skip' in pg) console.warn(`pg bundle test against a server skipped: ${pg.skip}`);
const server = 'server' in pg ? pg.server : undefined;
afterAll(async () => server?.stop());

beforeAll(() => {
  if (!existsSync(LIB)) throw new Error('dist/lib/pg.cjs is missing: run `npm run build` first (npm test does)');
});

describe('dist/lib/pg.cjs', () => {
  it.skipIf(server === undefined)('connects and queries from a plain Node, and has no native binding', () => {
    const script = `
      const pg = require(${JSON.stringify(LIB)});
      const c = new pg.Client({ host: process.argv[1], port: Number(process.argv[2]), user: 'postgres', database: 'postgres' });
      c.connect()
        .then(() => c.query('SELECT 40 + 2 AS n'))
        .then((r) => { process.stdout.write(JSON.stringify({ n: r.rows[0].n, native: pg.native ?? null })); return c.end(); })
        .catch((e) => { process.stderr.write(String(e)); process.exit(1); });`;
    const r = spawnSync(process.execPath, ['-e', script, server!.socketDir, String(server!.port)], { encoding: 'utf8', timeout: 30_000 });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ n: 42, native: null });
  });

  it('is not in dist/vis.cjs, and the notices name pg and the packages it bundles', () => {
    const core = readFileSync(join(ROOT, 'dist', 'vis.cjs'), 'utf8');
    expect(core).not.toContain('pg-protocol');
    // The package's modules, by their path: the password file's name (~/.pgpass) is vis's own text.
    expect(core).not.toContain('node_modules/pgpass/');
    expect(core).not.toContain('node_modules/pg/');
    const notices = readFileSync(join(ROOT, 'dist', 'THIRD_PARTY_NOTICES.md'), 'utf8');
    for (const name of ['pg', 'pg-protocol', 'pg-types', 'pgpass']) expect(notices).toMatch(new RegExp(`^- ${name} \\d`, 'm'));
  });
});
