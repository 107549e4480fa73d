/**
 * "Numbers: csv and table print the digits the server sent", through
 * the whole command in-process: JSON.parse would give 9007199254740992,
 * 1.2345678901234568e+22, Infinity and 1.5 here.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '../support/http.js';
import { runInProcess } from '../support/run.js';

const BODY = '{"data":{"topics":[{"id":9007199254740993,"big":12345678901234567890123,"huge":1e400,"score":1.50}]}}';
const HEADER = ['id', 'big', 'huge', 'score'];
const SENT = ['9007199254740993', '12345678901234567890123', '1e400', '1.50'];

function api(): FakeApi {
  return new FakeApi().on({ method: 'GET', path: '/topics' }, { status: 200, headers: { 'content-type': 'application/json' }, body: BODY });
}

describe('numbers as sent', () => {
  it('csv', async () => {
    const r = await runInProcess(['topics', '--brand', '12', '--format', 'csv'], { api: api() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // topics has a period; this answer carries none, so the period columns are empty.
    expect(parse(r.stdout, { record_delimiter: '\r\n' })).toEqual([
      [...HEADER, 'period_from', 'period_to'],
      [...SENT, '', ''],
    ]);
  });

  it('table, piped', async () => {
    const r = await runInProcess(['topics', '--brand', '12', '--format', 'table'], { api: api() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${HEADER.join('\t')}\tperiod_from\tperiod_to\n${SENT.join('\t')}\t\t\n`);
  });

  it('table on a terminal (the topics view cannot hold these numbers, so the generic table shows them)', async () => {
    const r = await runInProcess(['topics', '--brand', '12', '--format', 'table'], { api: api(), io: { stdoutIsTTY: true, columns: 100 } });
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .split('\n')
        .find((l) => l.includes('9007199254740993'))
        ?.trim()
        .split(/ {2,}/),
    ).toEqual(SENT);
  });

  it('json: the answer as received, re-indented', async () => {
    const r = await runInProcess(['topics', '--brand', '12', '--format', 'json'], { api: api() });
    for (const lexeme of SENT) expect(r.stdout).toContain(`: ${lexeme}`);
  });
});
