/**
 * src/history/journal.ts: the journal is read back as untrusted input. Every rule of an
 * entry's header, the body's length and shape, what is not a regular file, and the
 * names of what is waiting, taken in and set aside.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/endpoints.js';
import {
  headerProblem,
  isDay,
  journalDir,
  JOURNAL_VERSION,
  pendingNames,
  readEntries,
  readEntry,
  RECORDED_ENDPOINTS,
  rejectedNames,
  rejectEntry,
  removeEntry,
  writeEntry,
} from '../../src/history/journal.js';
import type { RecordedAnswer } from '../../src/history/types.js';

const ANSWER: RecordedAnswer = {
  api: 'https://api.example.com/api/v1',
  brandId: '101',
  market: 'US-en',
  endpoint: 'topics',
  item: '',
  query: 'days=30',
  day: '2026-11-22',
  fetchedAt: 1_795_000_000_000,
  raw: '{"data":{"topics":[{"name":"CRM – ünïcode"}]},"meta":{}}',
};

const HEADER = {
  v: JOURNAL_VERSION,
  api: ANSWER.api,
  brand_id: ANSWER.brandId,
  market: ANSWER.market,
  endpoint: ANSWER.endpoint,
  item: ANSWER.item,
  query: ANSWER.query,
  day: ANSWER.day,
  fetched_at: ANSWER.fetchedAt,
  bytes: 0,
};

const folder = () => mkdtempSync(join(tmpdir(), 'vis-journal-'));

/** An entry file written by hand: `header` as JSON, a newline, then `body`. */
function entryFile(dir: string, name: string, header: unknown, body: string | Buffer): string {
  const file = join(dir, name);
  writeFileSync(file, Buffer.concat([Buffer.from(`${typeof header === 'string' ? header : JSON.stringify(header)}\n`), Buffer.from(body)]));
  return file;
}

describe('journalDir', () => {
  it('is the store file’s name + .incoming (never SQLite’s own -journal)', () => {
    expect(journalDir('/x/history.db')).toBe('/x/history.db.incoming');
  });
});

describe('RECORDED_ENDPOINTS', () => {
  it('every GET that is not free, and nothing else', () => {
    for (const e of ENDPOINTS) expect(RECORDED_ENDPOINTS.has(e.id), e.id).toBe(e.method === 'GET' && !e.free);
    expect(RECORDED_ENDPOINTS.has('topics')).toBe(true);
    expect(RECORDED_ENDPOINTS.has('usage')).toBe(false);
    expect(RECORDED_ENDPOINTS.has('brands')).toBe(false);
    expect(RECORDED_ENDPOINTS.has('pitches.create')).toBe(false);
  });
});

describe('writeEntry and readEntry', () => {
  it('an answer comes back as written, names and all, the body byte for byte', () => {
    const dir = folder();
    const file = writeEntry(dir, ANSWER, { brandName: 'Northwind CRM', marketLabel: 'United States (English)' });
    expect(file.startsWith(`${dir}/`)).toBe(true);
    expect(file.slice(dir.length + 1)).toMatch(new RegExp(`^${ANSWER.fetchedAt}-${process.pid}-[0-9a-f]{8}\\.answer$`));
    expect(readEntry(file)).toEqual({ file, answer: ANSWER, names: { brandName: 'Northwind CRM', marketLabel: 'United States (English)' } });
    const text = readFileSync(file, 'utf8');
    const header = JSON.parse(text.slice(0, text.indexOf('\n')));
    expect(header).toEqual({ ...HEADER, bytes: Buffer.byteLength(ANSWER.raw), brand_name: 'Northwind CRM', market_label: 'United States (English)' });
    expect(text.slice(text.indexOf('\n') + 1)).toBe(ANSWER.raw);
    if (process.getuid) expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('without names, none are written nor read', () => {
    const dir = folder();
    const file = writeEntry(dir, ANSWER);
    expect(readEntry(file)).toStrictEqual({ file, answer: ANSWER, names: {} });
    expect(readFileSync(file, 'utf8')).not.toMatch(/brand_name|market_label/);
  });

  it('one name alone', () => {
    const dir = folder();
    expect(readEntry(writeEntry(dir, ANSWER, { brandName: 'A' }))).toMatchObject({ names: { brandName: 'A' } });
    expect(readEntry(writeEntry(dir, ANSWER, { marketLabel: 'B' }))).toMatchObject({ names: { marketLabel: 'B' } });
  });

  it('two writes of one answer are two files', () => {
    const dir = folder();
    expect(writeEntry(dir, ANSWER)).not.toBe(writeEntry(dir, ANSWER));
    expect(readdirSync(dir)).toHaveLength(2);
  });

  it('a folder that is not there: the write throws what the file system says', () => {
    expect(() => writeEntry(join(folder(), 'missing'), ANSWER)).toThrow(/ENOENT/);
  });

  it.each([
    ['no header line', '{"v":1}', ''],
    ['the header is not JSON', '{"v":1', '{}'],
  ])('%s', (problem, header, body) => {
    const dir = folder();
    const file = join(dir, '1-1-00000000.answer');
    writeFileSync(file, body === '' && problem === 'no header line' ? header : `${header}\n${body}`);
    expect(readEntry(file)).toEqual({ file, problem });
  });

  it('an empty header line is a header that is not JSON', () => {
    const dir = folder();
    const file = join(dir, '1-1-00000000.answer');
    writeFileSync(file, '\n{}');
    expect(readEntry(file)).toEqual({ file, problem: 'the header is not JSON' });
  });

  it('a header that breaks a rule: its problem', () => {
    const dir = folder();
    const file = entryFile(dir, '1-1-00000000.answer', { ...HEADER, market: 'a b', bytes: 2 }, '{}');
    expect(readEntry(file)).toEqual({ file, problem: 'market is not a market code' });
  });

  it.each([
    ['shorter', '{}', 3, 'the body holds 2 bytes, the header says 3'],
    ['longer', '{} ', 2, 'the body holds 3 bytes, the header says 2'],
    ['counted in bytes, not characters', '{"a":"é"}', 9, 'the body holds 10 bytes, the header says 9'],
  ])('a body %s than the header says', (_what, body, bytes, problem) => {
    const dir = folder();
    const file = entryFile(dir, '1-1-00000000.answer', { ...HEADER, bytes }, body);
    expect(readEntry(file)).toEqual({ file, problem });
  });

  it.each([
    ['not JSON', '{"a":', 'the body is not JSON'],
    ['an array', '[1]', 'the body is not a JSON object'],
    ['null', 'null', 'the body is not a JSON object'],
    ['a string', '"x"', 'the body is not a JSON object'],
  ])('a body that is %s', (_what, body, problem) => {
    const dir = folder();
    const file = entryFile(dir, '1-1-00000000.answer', { ...HEADER, bytes: Buffer.byteLength(body) }, body);
    expect(readEntry(file)).toEqual({ file, problem });
  });

  it('an empty object body is an answer', () => {
    const dir = folder();
    const file = entryFile(dir, '1-1-00000000.answer', { ...HEADER, bytes: 2 }, '{}');
    expect(readEntry(file)).toMatchObject({ answer: { raw: '{}' } });
  });

  it('a link is refused, not followed', () => {
    const dir = folder();
    const real = writeEntry(dir, ANSWER);
    const link = join(dir, '2-1-00000000.answer');
    symlinkSync(real, link);
    expect(readEntry(link)).toEqual({ file: link, problem: `${link} is a symbolic link` });
  });

  it('a FIFO is refused at once, not waited on', () => {
    const dir = folder();
    const fifo = join(dir, '2-1-00000000.answer');
    execFileSync('mkfifo', [fifo]);
    expect(readEntry(fifo)).toEqual({ file: fifo, problem: `${fifo} is not a regular file` });
  });

  it('a folder is refused', () => {
    const dir = folder();
    const sub = join(dir, '2-1-00000000.answer');
    mkdirSync(sub);
    expect(readEntry(sub)).toEqual({ file: sub, problem: `${sub} is not a regular file` });
  });

  it('a file that is gone: its problem, not a throw', () => {
    const file = join(folder(), '1-1-00000000.answer');
    expect(readEntry(file)).toMatchObject({ file, problem: expect.stringMatching(/ENOENT/) });
  });
});

describe('headerProblem: every rule', () => {
  const ok = { ...HEADER, bytes: 2 };
  it('a header vis wrote has none', () => {
    expect(headerProblem(ok)).toBeUndefined();
    expect(headerProblem({ ...ok, api: 'demo' })).toBeUndefined();
    expect(headerProblem({ ...ok, api: 'http://127.0.0.1:8080/api/v1' })).toBeUndefined();
    expect(headerProblem({ ...ok, market: '' })).toBeUndefined();
    expect(headerProblem({ ...ok, brand_id: 'A.b_c:d-9' })).toBeUndefined();
    expect(headerProblem({ ...ok, fetched_at: 0, bytes: 0 })).toBeUndefined();
    expect(headerProblem({ ...ok, brand_name: 'N', market_label: 'L' })).toBeUndefined();
    expect(headerProblem({ ...ok, item: 'x'.repeat(1000), query: 'q'.repeat(8000) })).toBeUndefined();
    expect(headerProblem({ ...ok, brand_id: '1'.repeat(100), market: 'm'.repeat(64) })).toBeUndefined();
    expect(headerProblem({ ...ok, api: `https://h/${'p'.repeat(2038)}` })).toBeUndefined();
    expect(headerProblem({ ...ok, brand_name: 'b'.repeat(500), market_label: 'l'.repeat(500) })).toBeUndefined();
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'the header is not an object'],
    ['an array', [], 'the header is not an object'],
    ['a number', 1, 'the header is not an object'],
    ['another version', { ...ok, v: 2 }, 'journal version 2 is not 1'],
    ['no version', { ...ok, v: undefined }, 'journal version undefined is not 1'],
    ['a version as text', { ...ok, v: '1' }, 'journal version 1 is not 1'],
    ['api not text', { ...ok, api: 5 }, 'api is not a base URL'],
    ['api not a URL', { ...ok, api: 'ftp://x' }, 'api is not a base URL'],
    ['api with no host', { ...ok, api: 'https:///x' }, 'api is not a base URL'],
    ['api prefixed', { ...ok, api: 'x https://h' }, 'api is not a base URL'],
    ['api another word', { ...ok, api: 'demos' }, 'api is not a base URL'],
    ['api with a control character', { ...ok, api: 'https://h/\u0007' }, 'api is not a base URL'],
    ['api too long', { ...ok, api: `https://h/${'p'.repeat(2039)}` }, 'api is not a base URL'],
    ['brand_id a number', { ...ok, brand_id: 101 }, 'brand_id is not an id'],
    ['brand_id empty', { ...ok, brand_id: '' }, 'brand_id is not an id'],
    ['brand_id with a space', { ...ok, brand_id: 'a b' }, 'brand_id is not an id'],
    ['brand_id with a slash', { ...ok, brand_id: 'a/b' }, 'brand_id is not an id'],
    ['brand_id suffixed', { ...ok, brand_id: '1\n' }, 'brand_id is not an id'],
    ['brand_id too long', { ...ok, brand_id: '1'.repeat(101) }, 'brand_id is not an id'],
    ['market not text', { ...ok, market: null }, 'market is not a market code'],
    ['market with a space', { ...ok, market: 'US en' }, 'market is not a market code'],
    ['market with a colon', { ...ok, market: 'US:en' }, 'market is not a market code'],
    ['market prefixed', { ...ok, market: ' US' }, 'market is not a market code'],
    ['market too long', { ...ok, market: 'm'.repeat(65) }, 'market is not a market code'],
    ['endpoint free', { ...ok, endpoint: 'usage' }, 'endpoint is not one vis records'],
    ['endpoint a POST', { ...ok, endpoint: 'pitches.create' }, 'endpoint is not one vis records'],
    ['endpoint unknown', { ...ok, endpoint: 'nope' }, 'endpoint is not one vis records'],
    ['endpoint not text', { ...ok, endpoint: 1 }, 'endpoint is not one vis records'],
    ['item not text', { ...ok, item: 1 }, 'item is not plain text'],
    ['item with a control character', { ...ok, item: 'a\u009bb' }, 'item is not plain text'],
    ['item with DEL', { ...ok, item: 'a\u007fb' }, 'item is not plain text'],
    ['item with NUL', { ...ok, item: 'a\u0000b' }, 'item is not plain text'],
    ['item with US', { ...ok, item: 'a\u001fb' }, 'item is not plain text'],
    ['item too long', { ...ok, item: 'x'.repeat(1001) }, 'item is not plain text'],
    ['query not text', { ...ok, query: undefined }, 'query is not plain text'],
    ['query too long', { ...ok, query: 'q'.repeat(8001) }, 'query is not plain text'],
    ['day not text', { ...ok, day: 20261122 }, 'day is not a date'],
    ['day not a date', { ...ok, day: '2026-02-30' }, 'day is not a date'],
    ['day another shape', { ...ok, day: '2026-11-22T00:00' }, 'day is not a date'],
    ['fetched_at text', { ...ok, fetched_at: '1' }, 'fetched_at is not a time'],
    ['fetched_at a fraction', { ...ok, fetched_at: 1.5 }, 'fetched_at is not a time'],
    ['fetched_at negative', { ...ok, fetched_at: -1 }, 'fetched_at is not a time'],
    ['fetched_at past safe', { ...ok, fetched_at: 2 ** 53 }, 'fetched_at is not a time'],
    ['bytes text', { ...ok, bytes: '2' }, 'bytes is not a length'],
    ['bytes a fraction', { ...ok, bytes: 2.5 }, 'bytes is not a length'],
    ['bytes negative', { ...ok, bytes: -1 }, 'bytes is not a length'],
    ['bytes past safe', { ...ok, bytes: 2 ** 53 }, 'bytes is not a length'],
    ['brand_name not text', { ...ok, brand_name: 1 }, 'brand_name is not plain text'],
    ['brand_name with an escape', { ...ok, brand_name: 'a\u001b[31m' }, 'brand_name is not plain text'],
    ['brand_name too long', { ...ok, brand_name: 'b'.repeat(501) }, 'brand_name is not plain text'],
    ['market_label not text', { ...ok, market_label: false }, 'market_label is not plain text'],
    ['market_label with a newline', { ...ok, market_label: 'a\nb' }, 'market_label is not plain text'],
    ['market_label too long', { ...ok, market_label: 'l'.repeat(501) }, 'market_label is not plain text'],
  ])('%s', (_what, header, problem) => {
    expect(headerProblem(header)).toBe(problem);
  });
});

describe('isDay', () => {
  it.each([
    ['2026-11-22', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-11-22 ', false],
    [' 2026-11-22', false],
    ['26-11-22', false],
    ['2026-1-22', false],
  ])('%j: %s', (s, ok) => {
    expect(isDay(s)).toBe(ok);
  });
});

describe('the entries waiting', () => {
  it('oldest first by the fetch time, then by name; other files and temp files are not entries', () => {
    const dir = folder();
    for (const name of [
      '20-1-0000000b.answer',
      '3-9-00000000.answer',
      '20-1-0000000a.answer',
      '100-1-00000000.answer',
      '.tmp.123.abc',
      'notes.txt',
      '5-1-00000000.answer.rejected',
      'x-1-00000000.answer',
      '5-1-0000000.answer',
      '5-1-0000000g.answer',
      '12345678901234567-1-00000000.answer',
      '5-12345678901-00000000.answer',
      '5-1-00000000.answers',
    ]) {
      writeFileSync(join(dir, name), '');
    }
    expect(pendingNames(dir)).toEqual(['3-9-00000000.answer', '20-1-0000000a.answer', '20-1-0000000b.answer', '100-1-00000000.answer']);
  });

  it('entries fetched in the same millisecond: by name, whatever order the folder lists them in', () => {
    const dir = folder();
    const names = ['7-1-0000000f.answer', '7-2-00000000.answer', '7-1-0000000a.answer', '7-10-00000000.answer', '7-1-00000009.answer', '7-3-ffffffff.answer'];
    for (const name of names) writeFileSync(join(dir, name), '');
    expect(pendingNames(dir)).toEqual([...names].sort());
  });

  it('a folder that is not there holds none; another failure is thrown', () => {
    expect(pendingNames(join(folder(), 'missing'))).toEqual([]);
    expect(readEntries(join(folder(), 'missing'))).toEqual([]);
    const file = join(folder(), 'file');
    writeFileSync(file, '');
    expect(() => pendingNames(file)).toThrow(/ENOTDIR/);
  });

  it('readEntries reads each, good and bad, up to a limit', () => {
    const dir = folder();
    const a = writeEntry(dir, { ...ANSWER, fetchedAt: 1 });
    const bad = entryFile(dir, '2-1-00000000.answer', 'not json', '{}');
    const c = writeEntry(dir, { ...ANSWER, fetchedAt: 3 });
    const all = readEntries(dir);
    expect(all.map((e) => e.file)).toEqual([a, bad, c]);
    expect(all[1]).toEqual({ file: bad, problem: 'the header is not JSON' });
    expect(readEntries(dir, 2).map((e) => e.file)).toEqual([a, bad]);
    expect(readEntries(dir, 0)).toEqual([]);
  });

  it('removeEntry: gone; gone already is fine; another failure is thrown', () => {
    const dir = folder();
    const file = writeEntry(dir, ANSWER);
    removeEntry(file);
    expect(readdirSync(dir)).toEqual([]);
    expect(() => removeEntry(file)).not.toThrow();
    mkdirSync(join(dir, 'sub'));
    expect(() => removeEntry(join(dir, 'sub'))).toThrow(/EISDIR|EPERM/);
  });

  it('rejectEntry: set aside under its name + .rejected, never read again, named for the check', () => {
    const dir = folder();
    const file = writeEntry(dir, ANSWER);
    const other = writeEntry(dir, { ...ANSWER, fetchedAt: 1 });
    rejectEntry(file);
    expect(readdirSync(dir).sort()).toEqual([`${file.slice(dir.length + 1)}.rejected`, other.slice(dir.length + 1)].sort());
    expect(pendingNames(dir)).toEqual([other.slice(dir.length + 1)]);
    expect(rejectedNames(dir)).toEqual([`${file.slice(dir.length + 1)}.rejected`]);
    expect(() => rejectEntry(file)).not.toThrow();
  });

  it('rejectEntry: another failure is thrown', () => {
    const dir = folder();
    const file = writeEntry(dir, ANSWER);
    mkdirSync(`${file}.rejected`);
    writeFileSync(join(`${file}.rejected`, 'x'), '');
    expect(() => rejectEntry(file)).toThrow(/EISDIR|ENOTEMPTY|EEXIST/);
  });

  it('rejectedNames: sorted; a folder that is not there holds none', () => {
    const dir = folder();
    for (const n of ['b.answer.rejected', 'a.answer.rejected', 'c.answer', 'x.rejected.not']) writeFileSync(join(dir, n), '');
    expect(rejectedNames(dir)).toEqual(['a.answer.rejected', 'b.answer.rejected']);
    expect(rejectedNames(join(dir, 'missing'))).toEqual([]);
  });
});
