/**
 * `vis history check` and `vis history prune`: the check printed from the store's
 * StoreCheck (checkFile injected: it never throws, and works on a damaged file), exit 2
 * when the store cannot be used; prune through the HistoryStore interface, on a small
 * in-memory store around FakeHistory.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../../src/cli/program.js';
import type { ParsedOptions } from '../../../src/cli/declare.js';
import { checkReport, runHistoryCheck, sizeText, type CheckFile } from '../../../src/cli/commands/history/check.js';
import type { HistoryPruneOptions } from '../../../src/cli/commands/history/parse.js';
import { pruneHistory } from '../../../src/cli/commands/history/prune.js';
import { exitCodeFor } from '../../../src/errors.js';
import { VERSION } from '../../../src/cli/version.js';
import { SCHEMA_VERSION, type AnswerFilter, type HistoryStore, type RecordedAnswer, type RecordReport, type StoreCheck } from '../../../src/history/types.js';
import { testContext, testIO } from '../../support/context.js';
import { FakeHistory } from '../../support/fake-history.js';
import { unusedPort } from '../../support/ports.js';
import { runInProcess } from '../../support/run.js';

/** The HistoryStore interface over FakeHistory: prune removes the days before, and the bodies no answer keeps. */
class FakeStore implements HistoryStore {
  readonly file = '/fake/history.db';
  pruned: string[] = [];
  constructor(private rows: RecordedAnswer[]) {}
  private reader(): FakeHistory {
    return new FakeHistory(this.rows);
  }
  days(f: AnswerFilter): Promise<string[]> {
    return this.reader().days(f);
  }
  answers(f: AnswerFilter): Promise<RecordedAnswer[]> {
    return this.reader().answers(f);
  }
  scopes(api: string) {
    return this.reader().scopes(api);
  }
  async ingest() {
    return { stored: 0, superseded: 0, rejected: [] };
  }
  async record(): Promise<RecordReport> {
    throw new Error('not used by prune');
  }
  async prune(day: string) {
    this.pruned.push(day);
    const bodies = (rows: RecordedAnswer[]) => new Set(rows.map((r) => r.raw)).size;
    const before = this.rows.length;
    const bodiesBefore = bodies(this.rows);
    this.rows = this.rows.filter((r) => r.day >= day);
    return { answers: before - this.rows.length, bodies: bodiesBefore - bodies(this.rows) };
  }
  async check(): Promise<StoreCheck> {
    const apis = [...new Set(this.rows.map((r) => r.api))];
    return { ...healthy(), scopes: (await Promise.all(apis.map((a) => this.scopes(a)))).flat() };
  }
  async close() {}
}

function answer(api: string, day: string, raw = `{"data":{"d":"${day}"}}`): RecordedAnswer {
  return { api, brandId: '12', market: 'GB-en', endpoint: 'topics', item: '', query: '', day, fetchedAt: Date.parse(`${day}T04:00:00Z`), raw };
}

function healthy(o: Partial<StoreCheck> = {}): StoreCheck {
  return {
    file: '/data/vis/history.db',
    bytes: 2_345_678,
    schemaVersion: SCHEMA_VERSION,
    answers: 1234,
    bodies: 400,
    scopes: [
      {
        api: 'https://api.example.com/api/v1',
        brandId: '12',
        brandName: 'Northwind CRM',
        market: 'GB-en',
        marketLabel: 'United Kingdom',
        days: 53,
        firstDay: '2026-10-01',
        lastDay: '2026-11-22',
      },
      { api: 'demo', brandId: '3', brandName: null, market: '', marketLabel: null, days: 2, firstDay: '2026-11-21', lastDay: '2026-11-22' },
    ],
    months: [
      { month: '2026-10', answers: 700, bytes: 1_200_000 },
      { month: '2026-11', answers: 534, bytes: 950 },
    ],
    journal: { waiting: 3, rejected: [] },
    problems: [],
    ...o,
  };
}

async function check(checkFile: CheckFile, env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'vis-history-check-'));
  const file = join(dir, 'history.db');
  writeFileSync(file, 'not really sqlite');
  const io = testIO();
  const ctx = testContext({ io, env: { HOME: dir, VIS_HISTORY: file, ...env } });
  const seen: string[] = [];
  let code = 0;
  let hint: string | undefined;
  try {
    await runHistoryCheck({ command: 'history check' }, ctx, (f) => (seen.push(f), checkFile(f)));
  } catch (err) {
    code = exitCodeFor(err);
    io.stderr.write(`${(err as Error).message}\n`);
    hint = (err as { hint?: string }).hint;
  }
  return { code, stdout: io.out(), stderr: io.err(), seen, file, hint };
}

describe('vis history check', () => {
  it('one answer, one body: the words in the singular', async () => {
    const r = await check(() => healthy({ answers: 1, bodies: 1 }));
    expect(r.stdout).toContain('Answers        1 (1 distinct body, each stored once)');
  });

  it('prints the file, size, schema, answers, the scopes with their days, the size per month; exit 0', async () => {
    const r = await check(() => healthy());
    expect(r.code).toBe(0);
    expect(r.seen).toEqual([r.file]);
    expect(r.stdout).toBe(
      [
        'History store  /data/vis/history.db',
        'Size           2.3 MB',
        `Schema         version ${SCHEMA_VERSION} (this vis writes ${SCHEMA_VERSION})`,
        'Answers        1,234 (400 distinct bodies, each stored once)',
        'Journal        3 waiting, 0 set aside as damaged',
        '',
        'Recorded',
        '  api                             brand               market                  first       last        days',
        '  https://api.example.com/api/v1  Northwind CRM (12)  GB-en (United Kingdom)  2026-10-01  2026-11-22    53',
        '  demo                            3                   (every market)          2026-11-21  2026-11-22     2',
        '',
        'Size per month',
        '  month    answers  bodies',
        '  2026-10      700  1.2 MB',
        '  2026-11      534   950 B',
        '',
        'No problems found.',
        '',
      ].join('\n'),
    );
  });

  it('a damaged store: its problems, then exit 2 saying why and that it is never overwritten', async () => {
    const r = await check(() => healthy({ problems: ['database disk image is malformed'], journal: { waiting: 0, rejected: ['a.json'] } }));
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('Journal        0 waiting, 1 set aside as damaged: a.json');
    expect(r.stdout).toContain('Problems\n  - database disk image is malformed\n');
    expect(r.stderr).toContain(`the history store at /data/vis/history.db cannot be used: database disk image is malformed`);
  });

  it('a store written by a newer vis: exit 2, and the way on is that vis, not moving the store aside', async () => {
    const r = await check(() => healthy({ schemaVersion: SCHEMA_VERSION + 1 }));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`it was written by a newer vis (schema ${SCHEMA_VERSION + 1}); this is vis ${VERSION}: install a newer vis`);
    expect(r.hint).toBe('Install the vis named above (the README says how); vis never writes to a store a newer vis wrote.');
    // The store's own words, when it gave some, are the reason.
    const said = await check(() => healthy({ schemaVersion: SCHEMA_VERSION + 1, problems: ['written by a newer vis (schema 9)'] }));
    expect(said.stderr).toContain('cannot be used: written by a newer vis (schema 9)\n');
  });

  it('several problems: each named, then the hint that vis never overwrites the store', async () => {
    const io = testIO();
    const dir = mkdtempSync(join(tmpdir(), 'vis-history-check-'));
    const file = join(dir, 'history.db');
    writeFileSync(file, 'x');
    const ctx = testContext({ io, env: { HOME: dir, VIS_HISTORY: file } });
    const err = await runHistoryCheck({ command: 'history check' }, ctx, () => healthy({ problems: ['one', 'two'] })).then(
      () => undefined,
      (e: unknown) => e as Error & { hint?: string },
    );
    expect(err?.message).toBe('the history store at /data/vis/history.db cannot be used: one; two');
    expect(err?.hint).toBe(
      'vis never overwrites a damaged store: move it aside (mv) and the next command starts a new one; what you added to it yourself (in the sqlite3 shell) you may drop instead.',
    );
  });

  it('no place for a store, or a PostgreSQL URL: exit 2 saying so, nothing checked', async () => {
    const io = testIO();
    const none = await runHistoryCheck({ command: 'history check' }, testContext({ io, env: {} }), () => healthy()).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(none?.message).toMatch(/^no history store: neither HOME nor XDG_DATA_HOME is set/);
    expect(exitCodeFor(none)).toBe(2);
    const port = await unusedPort();
    const pg = await check(() => healthy(), { VIS_HISTORY: `postgres://u@127.0.0.1:${port}/vis` });
    expect(pg.code).toBe(7);
    expect(pg.seen).toEqual([]);
    expect(pg.stdout).toContain(`History store  postgres://u@127.0.0.1:${port}/vis`);
    expect(pg.stderr).toContain(`cannot connect to the PostgreSQL history postgres://u@127.0.0.1:${port}/vis`);
  });

  it('a PostgreSQL URL: its password masked, a bad URL refused by its rule, a readable password file warned about', async () => {
    const port = await unusedPort();
    const masked = await check(() => healthy(), { VIS_HISTORY: `postgres://u:s3cret-pw@127.0.0.1:${port}/vis` });
    expect(masked.stderr).toContain(`the history store at postgres://u:***@127.0.0.1:${port}/vis cannot be used: cannot connect`);
    expect(masked.stdout + masked.stderr).not.toContain('s3cret');
    const bad = await check(() => healthy(), { VIS_HISTORY: 'postgres://u:s3cret-pw@db.example:0/vis' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('VIS_HISTORY: the port must be a number from 1 to 65535\n');
    const dir = mkdtempSync(join(tmpdir(), 'vis-pgpass-'));
    writeFileSync(join(dir, 'pgpass'), '*:*:*:*:filepw\n', { mode: 0o644 });
    mkdirSync(join(dir, 'folder\u001b[31m'));
    const folder = await check(() => healthy(), { VIS_HISTORY: `postgres://u@127.0.0.1:${port}/vis`, PGPASSFILE: join(dir, 'folder\u001b[31m') });
    expect(folder.stderr).toContain('is not a plain file');
    expect(folder.stderr).not.toContain('\u001b');
    const warned = await check(() => healthy(), { VIS_HISTORY: `postgres://u@127.0.0.1:${port}/vis`, PGPASSFILE: join(dir, 'pgpass') });
    expect(warned.stderr.split('\n')[0]).toBe(
      `vis: warning: password file "${join(dir, 'pgpass')}" has group or world access; permissions should be u=rw (0600) or less`,
    );
    expect(warned.stderr).not.toContain('filepw');
  });

  it('history off, or no store yet', async () => {
    const off = await check(() => healthy(), { VIS_HISTORY: 'off' });
    expect(off.code).toBe(2);
    expect(off.stderr).toContain('the history is off (VIS_HISTORY): there is no store to check');
    expect(off.seen).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), 'vis-history-none-'));
    const none = await check(() => healthy(), { VIS_HISTORY: join(dir, 'nothing.db') });
    expect(none.code).toBe(0);
    expect(none.seen).toEqual([]);
    expect(none.stdout).toContain('No history store yet at');
  });

  it('a PostgreSQL schema awaiting its migration says so in the Schema line, even from version 0, with no problem', () => {
    const server = { version: '16.4', role: 'vis', privileges: { read: true, record: true, create: true } };
    const text = checkReport(healthy({ server, schemaVersion: 0, migrates: true }), []);
    expect(text).toMatch(new RegExp(`^Schema +version 0: the next history command migrates it to version ${SCHEMA_VERSION}$`, 'm'));
    expect(text).toContain('No problems found.');
    expect(checkReport(healthy({ server, schemaVersion: 0 }), [])).toMatch(/^Schema +none yet: the first recording creates it/m);
  });

  it('says each privilege yes or no, names the damaged journal entries, a market without its label, and a SQLite schema 0 by its number', () => {
    const server = { version: '16.4', role: 'vis', privileges: { read: false, record: false, create: false } };
    expect(checkReport(healthy({ server }), [])).toMatch(/^Privileges +read no, record no, create tables no$/m);
    const scopes = [{ api: 'demo', brandId: '3', brandName: null, market: 'FR-fr', marketLabel: null, days: 7, firstDay: '2026-11-21', lastDay: '2026-11-22' }];
    const text = checkReport(healthy({ schemaVersion: 0, journal: { waiting: 0, rejected: ['a.json.rejected', 'b.json.rejected'] }, scopes }), []);
    expect(text).toMatch(/^Journal +0 waiting, 2 set aside as damaged: a\.json\.rejected, b\.json\.rejected$/m);
    expect(text).toMatch(new RegExp(`^Schema +version 0 \\(this vis writes ${SCHEMA_VERSION}\\)$`, 'm'));
    // Numbers aligned right under their header.
    expect(text).toMatch(/^ {2}demo +3 +FR-fr +2026-11-21 +2026-11-22 {5}7$/m);
    expect(text).toMatch(/^ {2}api +brand +market +first +last +days$/m);
  });

  it('an empty store, and names from the store are sanitised', () => {
    const text = checkReport(healthy({ scopes: [], months: [] }), ['bad \u001b[2J']);
    expect(text).toContain('Nothing recorded yet.');
    expect(text).not.toContain('Size per month');
    expect(text).not.toContain('\u001b');
  });

  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1.0 kB'],
    [9_950, '10 kB'],
    [1_000_000, '1.0 MB'],
    [12_345, '12 kB'],
    [9_999_999, '10 MB'],
    [9_940_000, '9.9 MB'],
    [3_200_000_000, '3.2 GB'],
    [5e15, '5000 TB'],
    [Number.NaN, '0 B'],
  ])('%d bytes is %s', (n, text) => {
    expect(sizeText(n)).toBe(text);
  });
});

describe('vis history prune', () => {
  const rows = () => [
    answer('A', '2026-10-01', 'same'),
    answer('A', '2026-10-02', 'same'),
    answer('A', '2026-11-20'),
    answer('B', '2026-10-05'),
    answer('B', '2026-11-21', 'same'),
  ];
  const options = (o: Partial<HistoryPruneOptions> = {}): HistoryPruneOptions => ({
    command: 'history prune',
    before: '2026-11-01',
    dryRun: false,
    quiet: false,
    ...o,
  });

  it('removes the days before --before and says what it removed', async () => {
    const io = testIO();
    const store = new FakeStore(rows());
    await pruneHistory(options(), testContext({ io }), store);
    expect(store.pruned).toEqual(['2026-11-01']);
    expect(io.out()).toBe('Removed 3 answers of the scan days before 2026-11-01, and 1 body no answer used any more.\n');
    expect(await store.days({ api: 'A' })).toEqual(['2026-11-20']);
  });

  it('--dry-run counts over every API and removes nothing', async () => {
    const io = testIO();
    const store = new FakeStore(rows());
    await pruneHistory(options({ dryRun: true }), testContext({ io }), store);
    expect(store.pruned).toEqual([]);
    expect(io.out()).toBe('Would remove 3 answers of 3 scan days before 2026-11-01 (--dry-run: nothing removed).\n');
    const one = testIO();
    await pruneHistory(options({ dryRun: true, before: '2026-10-02' }), testContext({ io: one }), store);
    expect(one.out()).toBe('Would remove 1 answer of 1 scan day before 2026-10-02 (--dry-run: nothing removed).\n');
  });

  it('nothing before the day: nothing removed', async () => {
    const io = testIO();
    await pruneHistory(options({ before: '2026-01-01' }), testContext({ io }), new FakeStore(rows()));
    expect(io.out()).toBe('Nothing recorded before 2026-01-01: nothing removed.\n');
  });

  async function parse(argv: string[]): Promise<{ options?: HistoryPruneOptions; code: number; message: string }> {
    const ctx = testContext({ io: testIO() });
    let options: HistoryPruneOptions | undefined;
    try {
      const program = buildProgram(ctx, argv, (o: ParsedOptions) => {
        options = o as HistoryPruneOptions;
      });
      const quiet = { writeOut: () => undefined, writeErr: () => undefined, outputError: () => undefined };
      const all = (c: typeof program): (typeof program)[] => [c, ...c.commands.flatMap(all)];
      for (const c of all(program)) c.configureOutput(quiet);
      await program.parseAsync(argv, { from: 'user' });
      return { options, code: 0, message: '' };
    } catch (err) {
      return { code: exitCodeFor(err), message: (err as Error).message };
    }
  }

  it('requires --before, a date or Nd (exit 2 before the store is opened)', async () => {
    expect(await parse(['history', 'prune'])).toMatchObject({
      code: 2,
      message: expect.stringContaining('--before is required: the recorded scan days before it are removed') as unknown,
    });
    expect(await parse(['history', 'prune', '--before', 'June'])).toMatchObject({
      code: 2,
      message: expect.stringContaining('--before must be a date') as unknown,
    });
    expect((await parse(['history', 'prune', '--before', '90d', '--dry-run'])).options).toEqual({
      command: 'history prune',
      before: '2026-08-24',
      dryRun: true,
      quiet: false,
    });
  });

  it('vis history alone lists the sub-commands', async () => {
    const r = await runInProcess(['history']);
    expect(r.code).toBe(0);
    const help = r.stdout;
    for (const word of ['topics [options] [id]', 'competitors', 'visibility', 'technical', 'check', 'prune']) expect(help).toContain(`  ${word}`);
    expect(help).not.toContain('  usage ');
    expect(help).not.toContain('  brands ');
  });
});
