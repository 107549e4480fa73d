/**
 * `__proto__`, `constructor` and `prototype` are ordinary keys in a JSON answer (JSON.parse
 * makes them own properties). Every copy of a payload on the way to the screen or a csv
 * row must keep them as keys: assigning `__proto__` to a plain object sets its prototype
 * instead, and the field is gone.
 */
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderTable } from '../../src/output/table.js';
import { VIEW_IDS } from '../../src/output/views/index.js';
import { FakeApi } from '../support/http.js';
import { runInProcess } from '../support/run.js';
import { fetchViewCases, type ViewCase } from './sandbox-envelopes.js';

/** `data` with the three keys first, written as JSON text so that they are own keys. */
function withOddKeys(envelope: Record<string, unknown>): Record<string, unknown> {
  const data = JSON.stringify(envelope.data).replace(/^\{/, '{"__proto__":{"odd":"proto-value"},"constructor":"ctor-value","prototype":"pt-value",');
  return JSON.parse(`{"data":${data},"meta":${JSON.stringify(envelope.meta ?? {})}}`) as Record<string, unknown>;
}

let cases: ViewCase[] = [];
beforeAll(async () => {
  cases = await fetchViewCases();
});

describe('odd keys directly under data, in every view', () => {
  it.each([...VIEW_IDS])('%s: shown after the view, under their own names', (id) => {
    const c = cases.find((x) => x.id === id) as ViewCase;
    const out = renderTable(withOddKeys(c.envelope), { spec: c.spec, width: 120, color: false, tty: true, wide: true });
    expect(out).toMatch(/__proto__\.odd +proto-value/);
    expect(out).toMatch(/constructor +ctor-value/);
    expect(out).toMatch(/prototype +pt-value/);
  });
});

// A record of one field per odd key, a nested one, and the same keys beside the collection.
const BODY =
  '{"data":{"__proto__":{"x":"top-proto","__proto__":"nested-proto"},"constructor":"top-ctor","prototype":"top-pt",' +
  '"topics":[{"id":1,"__proto__":"row-proto","o":{"__proto__":"deep-proto","constructor":"deep-ctor"}}]},"meta":{}}';
const ONE_RECORD = '{"data":{"__proto__":{"x":"top-proto","__proto__":"nested-proto"},"constructor":"top-ctor","name":"a"},"meta":{}}';

function api(path: string, body: string): FakeApi {
  return new FakeApi().on({ method: 'GET', path }, { status: 200, headers: { 'content-type': 'application/json' }, body });
}

describe('odd keys through a whole command', () => {
  it('csv of a collection: the row keeps __proto__ and a nested __proto__', async () => {
    const r = await runInProcess(['topics', '--brand', '12', '--format', 'csv'], { api: api('/topics', BODY) });
    expect(r.code).toBe(0);
    expect(parse(r.stdout, { record_delimiter: '\r\n' })).toEqual([
      ['id', '__proto__', 'o.__proto__', 'o.constructor', 'period_from', 'period_to'],
      ['1', 'row-proto', 'deep-proto', 'deep-ctor', '', ''],
    ]);
  });

  it('csv of one record (usage): __proto__ directly under data flattens like any object, one figure a row', async () => {
    const r = await runInProcess(['usage', '--format', 'csv'], { api: api('/usage', ONE_RECORD) });
    expect(r.code).toBe(0);
    expect(parse(r.stdout, { record_delimiter: '\r\n' })).toEqual([
      ['key', 'value'],
      ['__proto__.x', 'top-proto'],
      ['__proto__.__proto__', 'nested-proto'],
      ['constructor', 'top-ctor'],
      ['name', 'a'],
    ]);
  });

  it('piped table: the rows keep them, and the fields beside the collection are in the notes (--verbose)', async () => {
    const r = await runInProcess(['--verbose', 'topics', '--brand', '12', '--format', 'table'], { api: api('/topics', BODY) });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('id\t__proto__\to.__proto__\to.constructor\tperiod_from\tperiod_to\n1\trow-proto\tdeep-proto\tdeep-ctor\t\t\n');
    expect(r.stderr).toContain('__proto__.x\ttop-proto');
    expect(r.stderr).toContain('__proto__.__proto__\tnested-proto');
    expect(r.stderr).toContain('constructor\ttop-ctor');
    expect(r.stderr).toContain('prototype\ttop-pt');
  });

  it('table on a terminal: all of them on screen', async () => {
    const r = await runInProcess(['topics', '--brand', '12', '--format', 'table'], { api: api('/topics', BODY), io: { stdoutIsTTY: true, columns: 120 } });
    expect(r.code).toBe(0);
    for (const text of ['row-proto', 'deep-proto', 'deep-ctor', 'top-proto', 'nested-proto', 'top-ctor', 'top-pt']) expect(r.stdout).toContain(text);
    expect(r.stdout).toMatch(/__proto__\.__proto__ +nested-proto/);
  });
});
