/**
 * Stores that name the vis they need: schema 2 keeps in `meta` the first vis release that
 * writes it (`needs_vis`), a store of schema 1 is migrated to it, and a store newer than
 * this vis is refused naming the vis to install, read from the file only when it is a plain
 * version and only from the `meta` table vis makes. The PostgreSQL side is in
 * pg/needs-vis.test.ts.
 */
import { chmodSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VERSION } from '../../src/cli/version.js';
import { newerWords, plainVersion } from '../../src/history/needs-vis.js';
import { storeProblem } from '../../src/history/recorder.js';
import { META_TABLE, MIGRATIONS } from '../../src/history/schema.js';
import { loadSqlite } from '../../src/history/sqlite.js';
import { checkFile, openStore } from '../../src/history/store.js';
import { NEEDS_VIS, SCHEMA_RELEASES, SCHEMA_VERSION, type HistoryStore } from '../../src/history/types.js';
import { storePlace } from '../support/history-place.js';
import { usageRejection as refusal } from '../support/refusal.js';
import { runInProcess } from '../support/run.js';
import { answer } from './reader-contract.js';

const opened: HistoryStore[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

async function sql(file: string, statements: string, params: unknown[] = []): Promise<Array<Record<string, unknown>>> {
  const { Database } = await loadSqlite();
  const db = new Database(file);
  try {
    if (params.length === 0) {
      db.exec(statements);
      return [];
    }
    db.run(statements, params as never);
    return [];
  } finally {
    db.close();
  }
}

async function read(file: string, query: string): Promise<Array<Record<string, unknown>>> {
  const { Database } = await loadSqlite();
  const db = new Database(file, { readOnly: true });
  try {
    return db.all(query);
  } finally {
    db.close();
  }
}

/** A store of schema 1, made by schema 1's statements (what vis 0.1.0 made), holding one answer. */
async function schemaOne(): Promise<string> {
  const { file } = storePlace('needs');
  const s = await openStore(file, { create: true, migrations: MIGRATIONS.slice(0, 1) });
  await s.record([answer({})]);
  await s.close();
  return file;
}

/** A store as a later vis leaves it: schema `version`, and `sql` run on it (its meta changed, say). */
async function newerStore(statements: string, version = SCHEMA_VERSION + 1): Promise<string> {
  const { file } = storePlace('needs');
  await (await openStore(file, { create: true })).close();
  await sql(file, `${statements}; PRAGMA user_version = ${version}`);
  chmodSync(file, 0o600);
  return file;
}

const TO_INSTALL = `was written by vis 0.3.0 (schema 3); this is vis ${VERSION}: install vis 0.3.0 or newer`;
const A_NEWER_VIS = `was written by a newer vis (schema 3); this is vis ${VERSION}: install a newer vis`;

describe('plainVersion: a version read from a store, used only when plain', () => {
  it('takes digits and dots, three parts', () => {
    expect(plainVersion('0.3.0')).toBe('0.3.0');
    expect(plainVersion('10.20.300')).toBe('10.20.300');
    expect(plainVersion(`1.2.${'3'.repeat(28)}`)).toBe(`1.2.${'3'.repeat(28)}`);
  });

  it('refuses anything else: escapes, other text before or after, other shapes, a long one, not a string', () => {
    for (const v of [
      '0.3.0\u001b[31m',
      '\u001b[31m0.3.0',
      'v0.3.0',
      '0.3.0-beta',
      '0.3.0\n',
      '0.3',
      '0.3.0.1',
      '0..3',
      'a.b.c',
      '',
      `1.2.${'3'.repeat(29)}`,
      '9'.repeat(10_000),
    ]) {
      expect(plainVersion(v), JSON.stringify(v.slice(0, 40))).toBeUndefined();
    }
    expect(plainVersion(3)).toBeUndefined();
    expect(plainVersion(null)).toBeUndefined();
    expect(plainVersion(undefined)).toBeUndefined();
  });

  it('the refusal names a plain version and how to install it; anything else as a newer vis', () => {
    expect(newerWords(3, '0.3.0')).toEqual({
      said: `written by vis 0.3.0 (schema 3); this is vis ${VERSION}: install vis 0.3.0 or newer`,
      install: 'In a clone of vis 0.3.0: npm run package && npm install -g ./vis-0.3.0.tgz',
    });
    expect(newerWords(4, '0.3.0\u001b[31m')).toEqual({
      said: `written by a newer vis (schema 4); this is vis ${VERSION}: install a newer vis`,
      install: 'In a clone of the newest vis: npm run package && npm install -g ./vis-<its version>.tgz',
    });
  });
});

describe('schema 2: the store names the vis it needs', () => {
  it('each schema has its release, this one 0.2.0', () => {
    expect(SCHEMA_VERSION).toBe(2);
    expect(NEEDS_VIS).toBe('0.2.0');
    expect(SCHEMA_RELEASES.get(1)).toBe('0.1.0');
  });

  it('the release the schema names is this package’s version or older: a store never asks for a vis not yet released', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
    const parts = (v: string) => v.split('.').map(Number);
    const [need, have] = [parts(NEEDS_VIS), parts(pkg.version)];
    const cmp = need[0]! - have[0]! || need[1]! - have[1]! || need[2]! - have[2]!;
    expect(cmp, `${NEEDS_VIS} against ${pkg.version}`).toBeLessThanOrEqual(0);
  });

  it('a new store holds meta with needs_vis, the release of the schema it is at', async () => {
    const { file } = storePlace('needs');
    await (await openStore(file, { create: true })).close();
    expect(await read(file, 'PRAGMA user_version')).toEqual([{ user_version: SCHEMA_VERSION }]);
    expect(await read(file, 'SELECT key, value FROM meta')).toEqual([{ key: 'needs_vis', value: NEEDS_VIS }]);
    expect(await read(file, "SELECT sql FROM sqlite_master WHERE name = 'meta'")).toEqual([{ sql: META_TABLE }]);
  });

  it('a store of schema 1 (as vis 0.1.0 made it) is checked as sound, then migrated to 2 on first use, keeping its answers', async () => {
    const file = await schemaOne();
    expect(await read(file, 'PRAGMA user_version')).toEqual([{ user_version: 1 }]);
    expect(await read(file, "SELECT name FROM sqlite_master WHERE name = 'meta'")).toEqual([]);
    expect(await checkFile(file)).toMatchObject({ schemaVersion: 1, answers: 1, problems: [] });
    const s = await openStore(file, { create: true });
    opened.push(s);
    expect(await s.answers({ api: answer({}).api })).toEqual([answer({})]);
    expect(await s.check()).toMatchObject({ schemaVersion: 2, answers: 1, problems: [] });
    await s.close();
    expect(await read(file, 'PRAGMA user_version')).toEqual([{ user_version: 2 }]);
    expect(await read(file, 'SELECT key, value FROM meta')).toEqual([{ key: 'needs_vis', value: '0.2.0' }]);
  });

  it('a store of schema 1 holding a meta table did not get it from vis: refused, never written', async () => {
    const file = await schemaOne();
    await sql(file, META_TABLE);
    const before = readFileSync(file);
    expect((await refusal(openStore(file, { create: true }))).message).toContain(`(table "meta" is not vis's)`);
    expect(readFileSync(file)).toEqual(before);
    expect((await checkFile(file)).problems).toEqual([`table "meta" is not vis's`]);
  });
});

describe('a store newer than this vis', () => {
  it('is refused naming the vis its meta says it needs, and how to install it; never written', async () => {
    const file = await newerStore("UPDATE meta SET value = '0.3.0' WHERE key = 'needs_vis'");
    const before = readFileSync(file);
    const err = await refusal(openStore(file, { create: true }));
    expect(err.message).toBe(`the history store ${file} ${TO_INSTALL}`);
    expect(err.hint).toBe('In a clone of vis 0.3.0: npm run package && npm install -g ./vis-0.3.0.tgz; or set VIS_HISTORY to another file.');
    expect(readFileSync(file)).toEqual(before);
    expect(readdirSync(join(file, '..')).sort()).toEqual(['history.db', 'history.db.vis-checked']);
    const check = await checkFile(file);
    expect(check).toMatchObject({ schemaVersion: 3, problems: [TO_INSTALL.replace(/^was /, '')], unread: true });
    expect(readFileSync(file)).toEqual(before);
  });

  it('vis history check and the history commands say the same (exit 2); the journal check of the header alone says a newer vis', async () => {
    const file = await newerStore("UPDATE meta SET value = '0.3.0' WHERE key = 'needs_vis'");
    const env = { HOME: join(file, '..'), VIS_HISTORY: file };
    const check = await runInProcess(['history', 'check'], { env });
    expect(check.code).toBe(2);
    expect(check.stdout).toContain(`Problems\n  - written by vis 0.3.0 (schema 3); this is vis ${VERSION}: install vis 0.3.0 or newer\n`);
    const topics = await runInProcess(['history', 'topics'], { env });
    expect(topics.code).toBe(2);
    expect(topics.stderr).toContain(TO_INSTALL);
    // The journal's check reads the header alone, SQLite not loaded.
    expect(storeProblem(file)).toBe(`${file} ${A_NEWER_VIS}`);
  });

  it('a needs_vis that is not a plain version is never printed: the words say a newer vis', async () => {
    const hostile = ['0.3.0\u001b[31m', `0.3.0${'x'.repeat(10_000)}`, '9'.repeat(10_000), '1.2.3.4', "0.3.0'; DROP TABLE answers; --"];
    for (const value of hostile) {
      const file = await newerStore('');
      await sql(file, "UPDATE meta SET value = ? WHERE key = 'needs_vis'", [value]);
      const err = await refusal(openStore(file, { create: true }));
      expect(err.message).toBe(`the history store ${file} ${A_NEWER_VIS}`);
      expect(err.hint).toBe('In a clone of the newest vis: npm run package && npm install -g ./vis-<its version>.tgz; or set VIS_HISTORY to another file.');
      expect((await checkFile(file)).problems).toEqual([A_NEWER_VIS.replace(/^was /, '')]);
    }
  });

  it('a needs_vis that is not text, or missing, says a newer vis', async () => {
    for (const change of [
      "UPDATE meta SET value = X'302E332E30' WHERE key = 'needs_vis'",
      "UPDATE meta SET value = 3 WHERE key = 'needs_vis'",
      'DELETE FROM meta',
      "UPDATE meta SET key = 'other', value = '0.3.0'",
    ]) {
      const file = await newerStore(change);
      expect((await refusal(openStore(file, { create: true }))).message, change).toBe(`the history store ${file} ${A_NEWER_VIS}`);
    }
  });

  it('meta is read only as vis makes it: not a view, nor another table, nor with an index or a trigger of the file on it', async () => {
    for (const change of [
      "DROP TABLE meta; CREATE VIEW meta AS SELECT 'needs_vis' AS key, '0.3.0' AS value",
      "DROP TABLE meta; CREATE TABLE meta (key, value); INSERT INTO meta VALUES ('needs_vis', '0.3.0')",
      "UPDATE meta SET value = '0.3.0'; CREATE INDEX meta_by_value ON meta (value)",
      "UPDATE meta SET value = '0.3.0'; CREATE TRIGGER meta_spy AFTER INSERT ON meta BEGIN SELECT 1; END",
      'DROP TABLE meta',
    ]) {
      const file = await newerStore(change);
      expect((await refusal(openStore(file, { create: true }))).message, change).toBe(`the history store ${file} ${A_NEWER_VIS}`);
      expect((await checkFile(file)).problems, change).toEqual([A_NEWER_VIS.replace(/^was /, '')]);
    }
  });
});
