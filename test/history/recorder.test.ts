/**
 * src/history/recorder.ts on its own: which answers it keeps, when it writes them, how it
 * fails (once, and then never again in the run), and what it reads of a store file.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointById } from '../../src/endpoints.js';
import { journalDir, readEntries, type JournalEntry } from '../../src/history/journal.js';
import { historyLocation, type HistoryLocation } from '../../src/history/location.js';
import { fsReason, HistoryRecorder, MAX_PENDING_BYTES, recordedEndpointOf, storeProblem, type ReadAnswer } from '../../src/history/recorder.js';
import { SCHEMA_VERSION } from '../../src/history/types.js';
import { VERSION } from '../../src/cli/version.js';
import { unusedPort } from '../support/ports.js';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const META = { brand: { id: 7, name: 'Acme' }, market: { code: 'US-en', label: 'United States (English)' } };
const topics = endpointById('topics');

function answer(o: Partial<ReadAnswer> = {}): ReadAnswer {
  const raw = o.raw ?? JSON.stringify({ data: { topics: [] }, meta: META });
  return { method: 'GET', path: '/topics', query: [], status: 200, raw, envelope: { meta: META }, ...o };
}

function rig(where?: HistoryLocation) {
  const dir = mkdtempSync(join(tmpdir(), 'vis-recorder-'));
  const file = join(dir, 'h', 'history.db');
  const warnings: string[] = [];
  const debug: string[] = [];
  let t = NOW;
  const recorder = new HistoryRecorder({
    where: where ?? { kind: 'file', file, source: 'test' },
    api: 'https://api.example.com/api/v1',
    now: () => t++,
    debug: (l) => debug.push(l),
    warn: (l) => warnings.push(l),
  });
  const written = () => readEntries(journalDir(file)) as JournalEntry[];
  return { dir, file, recorder, warnings, debug, written };
}

function sqliteHeader(version: number): Buffer {
  const b = Buffer.alloc(100);
  b.write('SQLite format 3\0', 0, 'latin1');
  b.writeUInt32BE(version, 60);
  return b;
}

describe('HistoryRecorder: what it keeps', () => {
  it('writes nothing before flush, then each answer kept, with the scan day of its Date header', () => {
    const r = rig();
    r.recorder.note(topics, answer({ date: 'Sun, 22 Nov 2026 03:29:59 GMT' }));
    r.recorder.note(topics, answer({ query: [['days', '30']] }));
    expect(existsSync(r.file.replace(/history\.db$/, ''))).toBe(false);
    r.recorder.flush();
    const got = r.written().map((e) => [e.answer.day, e.answer.query, e.answer.fetchedAt, e.names.brandName]);
    expect(got).toEqual([
      ['2026-11-21', '', NOW, 'Acme'],
      ['2026-11-22', 'days=30', NOW + 1, 'Acme'],
    ]);
    expect(r.warnings).toEqual([]);
  });

  it('the folders are made 0700, the entries 0600', () => {
    const r = rig();
    r.recorder.note(topics, answer());
    r.recorder.flush();
    if (process.getuid) {
      expect(statSync(join(r.dir, 'h')).mode & 0o777).toBe(0o700);
      expect(statSync(journalDir(r.file)).mode & 0o777).toBe(0o700);
      expect(statSync(r.written()[0]!.file).mode & 0o777).toBe(0o600);
    }
  });

  it('a flush with nothing kept makes no folder', () => {
    const r = rig();
    r.recorder.flush();
    expect(readdirSync(r.dir)).toEqual([]);
  });

  it('a second flush writes only what came since', () => {
    const r = rig();
    r.recorder.note(topics, answer());
    r.recorder.flush();
    r.recorder.flush();
    expect(r.written()).toHaveLength(1);
    r.recorder.note(topics, answer());
    r.recorder.flush();
    expect(r.written()).toHaveLength(2);
  });

  it.each([
    ['a POST', { method: 'POST' }],
    ['a 199', { status: 199 }],
    ['a 300', { status: 300 }],
    ['a 404', { status: 404 }],
  ])('%s is not kept', (_what, o) => {
    const r = rig();
    r.recorder.note(topics, answer(o));
    r.recorder.flush();
    expect(r.written()).toEqual([]);
  });

  it.each([200, 204, 299])('a %i is kept', (status) => {
    const r = rig();
    r.recorder.note(topics, answer({ status }));
    r.recorder.flush();
    expect(r.written()).toHaveLength(1);
  });

  it('free endpoints are not kept', () => {
    const r = rig();
    r.recorder.note(endpointById('usage'), answer({ path: '/usage' }));
    r.recorder.note(endpointById('brands'), answer({ path: '/brands' }));
    r.recorder.flush();
    expect(r.written()).toEqual([]);
  });

  it('an answer it cannot file is left out, said under --debug', () => {
    const r = rig();
    r.recorder.note(topics, answer({ envelope: {} }));
    r.recorder.flush();
    expect(r.written()).toEqual([]);
    expect(r.debug).toEqual(['history: topics /topics not recorded (no brand id, or a value the history cannot file)']);
    expect(r.warnings).toEqual([]);
  });

  it('answers past MAX_PENDING_BYTES are written at once, and the count starts again', () => {
    const r = rig();
    const big = (n: number) => JSON.stringify({ data: { pad: 'x'.repeat(n) }, meta: META });
    r.recorder.note(topics, answer({ raw: big(MAX_PENDING_BYTES / 2) }));
    expect(r.written()).toHaveLength(0);
    r.recorder.note(topics, answer({ raw: big(MAX_PENDING_BYTES / 2) }));
    expect(r.written()).toHaveLength(2);
    r.recorder.note(topics, answer({ raw: big(MAX_PENDING_BYTES / 2) }));
    expect(r.written()).toHaveLength(2);
    r.recorder.flush();
    expect(r.written()).toHaveLength(3);
  });

  it('exactly MAX_PENDING_BYTES is written at once', () => {
    const r = rig();
    const raw = JSON.stringify({ data: {}, meta: META });
    r.recorder.note(topics, answer({ raw: raw + ' '.repeat(MAX_PENDING_BYTES - raw.length) }));
    expect(r.written()).toHaveLength(1);
  });
});

describe('HistoryRecorder: off, nowhere, PostgreSQL', () => {
  it.each<[string, HistoryLocation]>([
    ['off', { kind: 'off', source: 'VIS_HISTORY' }],
    ['no place', { kind: 'none', why: 'no HOME' }],
  ])('%s: nothing written, nothing said, nothing even looked at', (_what, where) => {
    const r = rig(where);
    r.recorder.note(topics, answer());
    // An answer it could not file would be said under --debug, were it looked at.
    r.recorder.note(topics, answer({ envelope: {} }));
    r.recorder.flush();
    expect(readdirSync(r.dir)).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.debug).toEqual([]);
  });

  it('PostgreSQL out of reach: one warning naming it masked, at the first answer to keep, none for answers it would not keep', async () => {
    const port = await unusedPort();
    const r = rig(historyLocation({ VIS_HISTORY: `postgres://ana:s3cret-pw@127.0.0.1:${port}/vis` }));
    r.recorder.note(endpointById('usage'), answer({ path: '/usage' }));
    await r.recorder.close();
    expect(r.warnings).toEqual([]);
    const s = rig(historyLocation({ VIS_HISTORY: `postgres://ana:s3cret-pw@127.0.0.1:${port}/vis` }));
    s.recorder.note(topics, answer());
    await s.recorder.flush();
    s.recorder.note(topics, answer());
    await s.recorder.close();
    expect(s.warnings).toEqual([
      `history: cannot connect to the PostgreSQL history postgres://ana:***@127.0.0.1:${port}/vis: connect ECONNREFUSED 127.0.0.1:${port}; answers of this run are not recorded (vis history check tells more)`,
    ]);
    expect(readdirSync(s.dir)).toEqual([]);
  });
});

describe('HistoryRecorder: PostgreSQL writes one after the other', () => {
  it('a batch queued behind the one that failed is not tried: still one warning', async () => {
    const port = await unusedPort();
    const r = rig(historyLocation({ VIS_HISTORY: `postgres://127.0.0.1:${port}/vis` }));
    r.recorder.note(topics, answer());
    void r.recorder.flush();
    r.recorder.note(topics, answer({ query: [['days', '30']] }));
    void r.recorder.flush();
    await r.recorder.close();
    expect(r.warnings).toHaveLength(1);
  });

  it('a password file others may read is said under --debug only, the connection still tried', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-recorder-pgpass-'));
    writeFileSync(join(dir, 'pgpass'), '*:*:*:*:filepw\n', { mode: 0o644 });
    const port = await unusedPort();
    const r = rig(historyLocation({ VIS_HISTORY: `postgres://ana@127.0.0.1:${port}/vis`, PGPASSFILE: join(dir, 'pgpass') }));
    r.recorder.note(topics, answer());
    await r.recorder.close();
    expect(r.debug).toEqual([`history: password file "${join(dir, 'pgpass')}" has group or world access; permissions should be u=rw (0600) or less`]);
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toContain('cannot connect');
  });
});

describe('HistoryRecorder: failures', () => {
  it('a folder others can write to: one warning, nothing written, never tried again', () => {
    const r = rig();
    mkdirSync(join(r.dir, 'h'));
    chmodSync(join(r.dir, 'h'), 0o777);
    r.recorder.note(topics, answer());
    r.recorder.flush();
    r.recorder.note(topics, answer());
    r.recorder.flush();
    expect(r.warnings).toEqual([
      `history: ${join(r.dir, 'h')} is not a private folder of this user (others can write to it, or it is not theirs); answers of this run are not recorded (vis history check tells more)`,
    ]);
    expect(readdirSync(join(r.dir, 'h'))).toEqual([]);
  });

  it('a journal folder others can write to: the same', () => {
    const r = rig();
    mkdirSync(journalDir(r.file), { recursive: true });
    chmodSync(journalDir(r.file), 0o777);
    r.recorder.note(topics, answer());
    r.recorder.flush();
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toContain(`${journalDir(r.file)} is not a private folder`);
    expect(readdirSync(journalDir(r.file))).toEqual([]);
  });

  it('a journal that cannot be written to: one warning naming it; what was kept is dropped', () => {
    const r = rig();
    mkdirSync(join(r.dir, 'h'), { mode: 0o700 });
    // A file where the journal folder should be: every write fails.
    writeFileSync(journalDir(r.file), '');
    r.recorder.note(topics, answer());
    r.recorder.note(topics, answer());
    r.recorder.flush();
    expect(r.warnings).toHaveLength(1);
    r.recorder.note(topics, answer());
    r.recorder.flush();
    expect(r.warnings).toHaveLength(1);
  });

  it('the store is looked at once per run: the folders and the file are checked at the first write only', () => {
    const r = rig();
    r.recorder.note(topics, answer());
    r.recorder.flush();
    writeFileSync(r.file, 'x'.repeat(200));
    r.recorder.note(topics, answer());
    r.recorder.flush();
    expect(r.warnings).toEqual([]);
    expect(r.written()).toHaveLength(2);
  });

  it('a store that is not a database: one warning, no journal made', () => {
    const r = rig();
    mkdirSync(join(r.dir, 'h'), { mode: 0o700 });
    writeFileSync(r.file, 'x'.repeat(200));
    r.recorder.note(topics, answer());
    r.recorder.flush();
    expect(r.warnings).toEqual([
      `history: ${r.file} is not a SQLite database (damaged, or another program's file); answers of this run are not recorded (vis history check tells more)`,
    ]);
    expect(existsSync(journalDir(r.file))).toBe(false);
  });

  it('a path with a control character is warned about as text', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-recorder-odd-'));
    // A file where a folder of the path should be: the folders cannot be made.
    writeFileSync(join(dir, 'x\u001b[31m'), '');
    const r = rig({ kind: 'file', file: join(dir, 'x\u001b[31m', 'h', 'history.db'), source: 'test' });
    r.recorder.note(topics, answer());
    r.recorder.flush();
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).not.toContain('\u001b');
  });
});

describe('storeProblem', () => {
  const at = (bytes?: Buffer) => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-store-head-'));
    const file = join(dir, 'history.db');
    if (bytes) writeFileSync(file, bytes);
    return file;
  };

  it('none yet, or empty: fine', () => {
    expect(storeProblem(at())).toBeUndefined();
    expect(storeProblem(at(Buffer.alloc(0)))).toBeUndefined();
  });

  it('a database of this schema version or an older one: fine', () => {
    expect(storeProblem(at(sqliteHeader(SCHEMA_VERSION)))).toBeUndefined();
    expect(storeProblem(at(sqliteHeader(0)))).toBeUndefined();
    expect(storeProblem(at(Buffer.concat([sqliteHeader(SCHEMA_VERSION), Buffer.alloc(4096, 1)])))).toBeUndefined();
  });

  it('a newer schema', () => {
    const file = at(sqliteHeader(SCHEMA_VERSION + 1));
    // The header alone says no more than a newer vis; `vis history check` names it.
    expect(storeProblem(file)).toBe(`${file} was written by a newer vis (schema ${SCHEMA_VERSION + 1}); this is vis ${VERSION}: install a newer vis`);
    expect(storeProblem(at(sqliteHeader(0xffffffff)))).toContain('schema 4294967295');
  });

  it.each([
    ['shorter than a header', sqliteHeader(1).subarray(0, 99)],
    ['another magic', Buffer.concat([Buffer.from('SQLite format 4\0'), sqliteHeader(1).subarray(16)])],
    ['the magic without its NUL', Buffer.concat([Buffer.from('SQLite format 3 '), sqliteHeader(1).subarray(16)])],
    ['text', Buffer.from('x'.repeat(100))],
  ])('damaged: %s', (_what, bytes) => {
    const file = at(bytes);
    expect(storeProblem(file)).toBe(`${file} is not a SQLite database (damaged, or another program's file)`);
  });

  it('a link, a folder or a FIFO is not a store (and a FIFO does not hang)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-store-odd-'));
    writeFileSync(join(dir, 'real'), sqliteHeader(1));
    symlinkSync(join(dir, 'real'), join(dir, 'link'));
    expect(storeProblem(join(dir, 'link'))).toBe(`${join(dir, 'link')} is a symbolic link, not a history store`);
    mkdirSync(join(dir, 'folder'));
    expect(storeProblem(join(dir, 'folder'))).toBe(`${join(dir, 'folder')} is not a regular file, not a history store`);
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    expect(storeProblem(join(dir, 'fifo'))).toBe(`${join(dir, 'fifo')} is not a regular file, not a history store`);
  });

  it('other errors are thrown for the caller to word', () => {
    // A path under a regular file of the test's own: ENOTDIR, the machine's /dev untouched.
    const dir = mkdtempSync(join(tmpdir(), 'vis-recorder-notdir-'));
    writeFileSync(join(dir, 'plain'), '');
    expect(() => storeProblem(join(dir, 'plain', 'history.db'))).toThrow(/ENOTDIR/);
  });
});

describe('recordedEndpointOf', () => {
  it.each([
    ['/topics', 'topics'],
    ['/topics/crm', 'topics.get'],
    ['/answers/runs', 'answers.runs'],
    ['/pitches/p-1', 'pitches.get'],
    ['/markets', 'markets'],
    ['/usage', undefined],
    ['/brands', undefined],
    ['/experimental', undefined],
    ['/topics/a/b', undefined],
  ])('%s: %s', (path, id) => {
    expect(recordedEndpointOf(path)?.id).toBe(id);
  });
});

describe('fsReason', () => {
  const err = (code: string, path?: string) => Object.assign(new Error(`${code}: raw message`), { code, ...(path ? { path } : {}) });
  it.each([
    [err('EACCES', '/x'), 'permission denied (/x)'],
    [err('EPERM'), 'permission denied'],
    [err('EROFS'), 'the file system is read-only'],
    [err('ENOSPC'), 'the disk is full'],
    [err('EDQUOT'), 'the disk quota is used up'],
    [err('EIO'), 'EIO: raw message'],
  ])('%s', (e, words) => {
    expect(fsReason(e)).toBe(words);
  });
});
