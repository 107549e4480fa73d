/**
 * Numbers as the server sent them: RawNumber itself, and csv, the
 * piped and terminal tables and the views given the lexeme-keeping parse's output.
 */
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderCsv } from '../../src/output/csv.js';
import { parseExactJson } from '../../src/output/exact-json.js';
import { stringifyWithin } from '../../src/text/nesting.js';
import { exactStringify, isJsonNumber, isRawNumber, RawNumber, sameDecimal } from '../../src/text/raw-number.js';
import { renderPlainTable, renderTable, renderView, type TableOptions } from '../../src/output/table.js';
import { Reader, ShapeError } from '../../src/output/views/read.js';
import { Shown } from '../../src/output/views/shown.js';
import { fetchViewCases, type ViewCase } from '../output/sandbox-envelopes.js';

const BODY = '{"data":{"topics":[{"id":9007199254740993,"big":12345678901234567890123,"huge":1e400,"score":1.50,"neg":-5,"z":-0,"plain":41.8}]}}';
const SENT = ['9007199254740993', '12345678901234567890123', '1e400', '1.50', '-5', '-0', '41.8'];
const PIPED: TableOptions = { width: 80, color: false, tty: false, wide: false };
const TTY: TableOptions = { width: 120, color: false, tty: true, wide: false };

describe('RawNumber', () => {
  it('prints as its lexeme and computes as its value', () => {
    const r = new RawNumber('1.50');
    expect(String(r)).toBe('1.50');
    expect(`${r}`).toBe('1.50');
    expect(+r).toBe(1.5);
    expect(r.value * 2).toBe(3);
    expect(new RawNumber('2') > new RawNumber('10')).toBe(false); // compared as numbers, not as text
    expect(isRawNumber(r) && isJsonNumber(r) && isJsonNumber(3)).toBe(true);
    expect(isRawNumber({ lexeme: '1' }) || isJsonNumber('1')).toBe(false);
  });

  it('is lossy only when the value does not hold the decimal that was sent', () => {
    for (const lexeme of ['1.0', '1.50', '1E2', '1e+2', '-0', '0.10', '100000000000000000000000']) expect(new RawNumber(lexeme).lossy).toBe(false);
    for (const lexeme of ['9007199254740993', '12345678901234567890123', '1e400', '-1e400', '1e-400', '0.1000000000000000055511151231257827']) {
      expect(new RawNumber(lexeme).lossy).toBe(true);
    }
    expect(sameDecimal('1.2345678901234568e+22', '12345678901234568000000')).toBe(true);
    expect(sameDecimal('Infinity', '1e400')).toBe(false);
  });

  it('is written as sent inside JSON text cells', () => {
    const value = [{ id: new RawNumber('9007199254740993'), s: 'a"b', n: [1, new RawNumber('1e400'), null], o: {} }];
    const text = '[{"id":9007199254740993,"s":"a\\"b","n":[1,1e400,null],"o":{}}]';
    expect(exactStringify(value)).toBe(text);
    expect(stringifyWithin(value, 0)).toBe(text);
    expect(exactStringify({ a: 1, b: [true, 'x'], c: undefined, d: new Date(0) })).toBe(JSON.stringify({ a: 1, b: [true, 'x'], c: undefined, d: new Date(0) }));
  });
});

describe('csv and table print the digits the server sent', () => {
  const envelope = parseExactJson(BODY);

  it('csv', () => {
    const rows = parse(renderCsv((envelope as { data: unknown }).data), { record_delimiter: '\r\n' }) as string[][];
    expect(rows).toEqual([['id', 'big', 'huge', 'score', 'neg', 'z', 'plain'], SENT]);
  });

  it('csv: a number is never formula-guarded, a JSON text cell keeps its lexemes', () => {
    const data = parseExactJson('{"rows":[{"a":-1e400,"b":[{"x":-9007199254740993}],"c":[1.0,2.50]}]}');
    expect(renderCsv(data)).toBe('a,b,c\r\n-1e400,"[{""x"":-9007199254740993}]","1.0; 2.50"\r\n');
  });

  it('the piped table', () => {
    expect(renderTable(envelope, PIPED)).toBe(`${['id', 'big', 'huge', 'score', 'neg', 'z', 'plain'].join('\t')}\n${SENT.join('\t')}\n`);
  });

  it('the terminal table, numbers right-aligned as numbers', () => {
    const lines = renderTable(envelope, TTY).split('\n');
    expect(lines[2]?.split(/ {2,}/)).toEqual(SENT);
    const wide = renderTable(parseExactJson('{"data":{"rows":[{"n":1.50},{"n":12345678901234567890123}]}}'), TTY).split('\n');
    expect(wide.slice(2, 4)).toEqual(['1.50'.padStart(23), '12345678901234567890123']);
  });

  it('key/value rows and the heading', () => {
    const env = parseExactJson('{"data":{"total":9007199254740993,"period":{"from":"a","to":"b","days":7.0},"rows":[]},"meta":{"brand":{"id":1.0}}}');
    // Piped, key/value rows go to stderr (renderPlainTable's `rest`).
    expect(renderPlainTable(env, {}).rest).toContain('total\t9007199254740993\n');
    expect(renderPlainTable(env, {}).rest).toContain('period.days\t7.0\n');
    expect(renderTable(env, TTY).split('\n')[0]).toBe('brand 1.0 · a – b (7.0 days)');
  });
});

describe('views', () => {
  let cases: ViewCase[] = [];
  beforeAll(async () => {
    cases = await fetchViewCases();
  });

  /** The envelope's JSON text with every number spelled another way: `7` as `7.0`, `41.8` as `41.80`. */
  function respelled(envelope: unknown): unknown {
    const text = JSON.stringify(envelope).replace(/"(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*/g, (t) =>
      t.startsWith('"') || /[eE]/.test(t) ? t : t.includes('.') ? `${t}0` : `${t}.0`,
    );
    return parseExactJson(text);
  }

  function countRawNumbers(v: unknown): number {
    if (isRawNumber(v)) return 1;
    if (typeof v !== 'object' || v === null) return 0;
    return Object.values(v).reduce((n: number, x) => n + countRawNumbers(x), 0);
  }

  it('format a number spelled another way (`7.0`) as they format the number', () => {
    for (const c of cases) {
      const exact = respelled(c.envelope);
      expect(countRawNumbers(exact), c.id).toBeGreaterThan(0); // the respelling reached the parse
      // The heading is generic and prints the period's `7.0 days` as sent; the view's own lines format the number.
      const body = (env: unknown): string[] => (renderView(env, { ...TTY, spec: c.spec }, true) ?? '').split('\n').slice(1);
      expect(body(exact), c.id).toEqual(body(c.envelope));
    }
  });

  it('leave a number JS cannot hold to the generic rendering, which prints it as sent', () => {
    const read = new Reader(new Shown());
    expect(read.number({ n: new RawNumber('1.50') }, 'n')).toBe(1.5);
    expect(() => read.number({ n: new RawNumber('9007199254740993') }, 'n')).toThrow(ShapeError);
    expect(() => read.number({ n: new RawNumber('1e400') }, 'n')).toThrow(ShapeError);
    const c = cases.find((x) => x.id === 'topics');
    if (c === undefined) throw new Error('no topics case');
    const text = JSON.stringify(c.envelope).replace(/"visibility":[\d.]+/, '"visibility":12345678901234567890123');
    const out = renderTable(parseExactJson(text), { ...TTY, spec: c.spec });
    expect(out).toContain('12345678901234567890123');
  });
});
