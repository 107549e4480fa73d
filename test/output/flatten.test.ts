import { describe, expect, it } from 'vitest';
import {
  arrayCell,
  arrayKeys,
  cellText,
  discoverColumns,
  flattenFigures,
  flattenRecord,
  flattenRow,
  orderColumns,
  periodCells,
  RowsKeyError,
  selectRows,
} from '../../src/output/flatten.js';

describe('selectRows', () => {
  const data = {
    period: { from: '2025-01-01' },
    issues: [{ id: 1 }],
    pages: [{ url: '/a' }, { url: '/b' }],
    overview: { topics: [{ name: 't' }], score: 3 },
  };

  it('takes --rows first, as a top-level key', () => {
    expect(selectRows(data, { collection: 'issues', rows: 'pages' })).toEqual({ rows: data.pages, key: 'pages' });
  });

  it('takes --rows as a dotted path into nested objects', () => {
    expect(selectRows(data, { rows: 'overview.topics' })).toEqual({ rows: data.overview.topics, key: 'overview.topics' });
  });

  it('prefers a key that itself contains the dot', () => {
    const dotted = { 'a.b': [1], a: { b: [2] } };
    expect(selectRows(dotted, { rows: 'a.b' }).rows).toEqual([1]);
  });

  it('refuses an unknown --rows key, listing the arrays that exist', () => {
    expect(() => selectRows(data, { rows: 'nope' })).toThrow(RowsKeyError);
    expect(() => selectRows(data, { rows: 'nope' })).toThrow(
      '--rows: "nope" is not an array or object inside data; arrays available: issues, pages, overview.topics',
    );
  });

  it('refuses --rows naming a value that is neither an array nor an object', () => {
    expect(() => selectRows(data, { rows: 'overview.score' })).toThrow(RowsKeyError);
    expect(() => selectRows(data, { rows: 'overview.score' })).toThrow('(or `--rows .` for all of data as one row)');
  });

  it('--rows naming an object: that object is the one row; `--rows .`: all of data is', () => {
    const item = { task: { id: 8664, title: 'Write a page' }, why: 'because', steps: [{ step: 1, text: 'a' }] };
    expect(selectRows(item, { rows: 'task', collection: 'steps' })).toEqual({ rows: [item.task], key: 'task' });
    expect(selectRows(item, { rows: '.', collection: 'steps' })).toEqual({ rows: [item], key: null });
    expect(selectRows(item, { collection: 'steps' }).rows).toEqual(item.steps);
  });

  it('refuses --rows on data that holds no arrays, saying so', () => {
    expect(() => selectRows({ a: 1 }, { rows: 'a' })).toThrow('data holds no arrays');
    expect(() => selectRows(null, { rows: 'a' })).toThrow(RowsKeyError);
  });

  it('does not step into arrays or inherited properties', () => {
    expect(() => selectRows({ list: [{ inner: [1] }] }, { rows: 'list.0.inner' })).toThrow(RowsKeyError);
    expect(() => selectRows({}, { rows: 'constructor' })).toThrow(RowsKeyError);
    expect(selectRows({}, { collection: 'constructor' })).toEqual({ rows: [{}], key: null });
  });

  it('takes the endpoint collection when it is an array', () => {
    expect(selectRows(data, { collection: 'issues' })).toEqual({ rows: data.issues, key: 'issues' });
  });

  it('takes data itself when it is an array', () => {
    const list = [{ a: 1 }];
    expect(selectRows(list, { collection: 'issues' })).toEqual({ rows: list, key: null });
  });

  it('takes the only top-level array when the collection is missing', () => {
    const one = { period: {}, rows: [{ a: 1 }], nested: { other: [1] } };
    expect(selectRows(one, { collection: 'missing' })).toEqual({ rows: one.rows, key: 'rows' });
  });

  it('falls back to data as one row when there are several arrays and no collection', () => {
    expect(selectRows(data, {})).toEqual({ rows: [data], key: null });
  });

  it('falls back to data as one row when the collection is not an array', () => {
    const odd = { issues: { a: 1 } };
    expect(selectRows(odd, { collection: 'issues' })).toEqual({ rows: [odd], key: null });
  });

  it('gives a scalar as one row and null or absent data as none', () => {
    expect(selectRows('text', {})).toEqual({ rows: ['text'], key: null });
    expect(selectRows(0, {})).toEqual({ rows: [0], key: null });
    expect(selectRows(null, {})).toEqual({ rows: [], key: null });
    expect(selectRows(undefined, {})).toEqual({ rows: [], key: null });
  });

  it('lists array keys in key order, nested ones dotted', () => {
    expect(arrayKeys(data)).toEqual(['issues', 'pages', 'overview.topics']);
    expect(arrayKeys([1, 2])).toEqual([]);
  });
});

describe('flattenRecord', () => {
  const flat = (rec: unknown) => Object.fromEntries(flattenRecord(rec));

  it('turns nested objects into dotted columns, in key order', () => {
    expect([...flattenRecord({ id: 1, period: { from: 'a', to: 'b' }, z: { y: { x: true } } }).keys()]).toEqual(['id', 'period.from', 'period.to', 'z.y.x']);
  });

  it('joins arrays of scalars with "; " (null items empty, empty arrays empty)', () => {
    expect(flat({ tags: ['a', 'b'], mixed: [1, true, null, 'x'], none: [] })).toEqual({ tags: 'a; b', mixed: '1; true; ; x', none: '' });
  });

  it('writes arrays holding objects or arrays as compact JSON text', () => {
    expect(flat({ steps: [{ n: 1 }, 'x'], grid: [[1, 2]] })).toEqual({ steps: '[{"n":1},"x"]', grid: '[[1,2]]' });
  });

  it('keeps scalars typed: numbers, booleans, null', () => {
    const rec = flattenRecord({ n: -3.5, b: false, z: null, s: '-3.5' });
    expect(rec.get('n')).toBe(-3.5);
    expect(rec.get('b')).toBe(false);
    expect(rec.get('z')).toBeNull();
    expect(rec.get('s')).toBe('-3.5');
  });

  it('keeps an empty nested object as `{}` so its key does not vanish', () => {
    expect(flat({ owner: {} })).toEqual({ owner: '{}' });
  });

  it('gives a scalar or array row a single `value` column', () => {
    expect(flat('text')).toEqual({ value: 'text' });
    expect(flat(42)).toEqual({ value: 42 });
    expect(flat(null)).toEqual({ value: null });
    expect(flat(['a', 'b'])).toEqual({ value: 'a; b' });
  });

  it('suffixes a name two paths flatten to, instead of overwriting', () => {
    expect(flat({ 'a.b': 1, a: { b: 2 } })).toEqual({ 'a.b': 1, 'a.b (2)': 2 });
  });

  it('gives a third path to the same name ` (3)`, keeping ` (2)` (no cell is lost)', () => {
    expect([...flattenRecord({ 'a.b.c': 1, 'a.b': { c: 2 }, a: { 'b.c': 3 } })]).toEqual([
      ['a.b.c', 1],
      ['a.b.c (2)', 2],
      ['a.b.c (3)', 3],
    ]);
    // A key that already looks like a suffixed name is not overwritten either.
    expect([...flattenRecord({ 'a.b (2)': 0, 'a.b': 1, a: { b: 2 } })]).toEqual([
      ['a.b (2)', 0],
      ['a.b', 1],
      ['a.b (3)', 2],
    ]);
  });

  it('keeps objects nested deeper than 32 levels as JSON text', () => {
    let deep: unknown = { leaf: 1 };
    for (let i = 0; i < 40; i++) deep = { d: deep };
    const rec = flattenRecord(deep);
    expect(rec.size).toBe(1);
    const [key, value] = [...rec][0] as [string, string];
    expect(key.split('.').length).toBe(32);
    let node = deep as Record<string, unknown>;
    for (const part of key.split('.')) node = node[part] as Record<string, unknown>;
    expect(JSON.parse(value)).toEqual(node);
  });
});

describe('discoverColumns', () => {
  it('orders columns by first appearance across rows, stably', () => {
    const rows = [{ b: 1, a: 2 }, { c: 3, a: 4 }, { d: { e: 5 } }, 'bare'];
    expect(discoverColumns(rows)).toEqual(['b', 'a', 'c', 'd.e', 'value']);
    expect(discoverColumns(rows)).toEqual(discoverColumns(structuredClone(rows)));
  });
});

describe('selectRows: a one-record endpoint', () => {
  it('is one row whatever arrays it holds; without oneRecord the only array wins (unchanged)', () => {
    const usage = { reads: { used: 1, left: 2 }, extra: [[1, 2], [3]] };
    expect(selectRows(usage, { oneRecord: true })).toEqual({ rows: [usage], key: null });
    expect(selectRows(usage, {}).key).toBe('extra');
    expect(selectRows(usage, { oneRecord: true, rows: 'extra' }).rows).toEqual([[1, 2], [3]]);
  });
});

describe('orderColumns', () => {
  const known = ['id', 'name', 'ref.kind', 'ref.id'];
  it('no rows: the known columns; no known columns: first-seen order', () => {
    expect(orderColumns([], known, 0)).toEqual(known);
    expect(orderColumns(['b', 'a'], undefined, 1)).toEqual(['b', 'a']);
    expect(orderColumns(['b', 'a'], [], 1)).toEqual(['b', 'a']);
  });
  it('known columns present come first in schema order, unknown ones after in first-seen order, none dropped', () => {
    expect(orderColumns(['zeta', 'name', 'alpha', 'id'], known, 2)).toEqual(['id', 'name', 'zeta', 'alpha']);
  });
  it('a known object that was null in a row keeps its own column just before its fields', () => {
    expect(orderColumns(['ref', 'id', 'ref.kind', 'ref.id', 'name'], known, 2)).toEqual(['id', 'name', 'ref', 'ref.kind', 'ref.id']);
  });
});

describe('arrayKeys stops at the flattening depth', () => {
  // The object holding `arr` sits `levels` objects below data (data itself is level 0).
  const nested = (levels: number): unknown => {
    let v: unknown = { arr: [1] };
    for (let i = 0; i < levels; i++) v = { k: v };
    return v;
  };

  it('finds an array in an object 32 levels down, and none deeper', () => {
    expect(arrayKeys(nested(32))).toEqual([`${'k.'.repeat(32)}arr`]);
    expect(arrayKeys(nested(33))).toEqual([]);
  });
});

describe('cellText and arrayCell: what a csv cell holds', () => {
  it('null and a missing cell are empty, never the words null or undefined', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(undefined)).toBe('');
    expect(cellText(false)).toBe('false');
    expect(cellText(0)).toBe('0');
    expect(cellText('')).toBe('');
  });

  it('an array of scalars joins with "; ", null and undefined items as empty parts', () => {
    expect(arrayCell([1, null, undefined, 'x', true])).toBe('1; ; ; x; true');
    expect(arrayCell([])).toBe('');
  });

  it('an array holding an object or an array is JSON text', () => {
    expect(arrayCell([1, { a: null }])).toBe('[1,{"a":null}]');
    expect(arrayCell([[1, 2], 3])).toBe('[[1,2],3]');
  });
});

describe('flattenFigures (a one-record answer as key/value)', () => {
  const figures = (data: Record<string, unknown>) => [...flattenFigures(data)];

  it('keys an array of records by a distinct date, else a distinct id, else the index', () => {
    expect(figures({ d: [{ date: '2026-11-20', v: 1 }] })).toEqual([
      ['d.2026-11-20.date', '2026-11-20'],
      ['d.2026-11-20.v', 1],
    ]);
    expect(figures({ d: [{ id: 7 }, { id: 'x' }] })).toEqual([
      ['d.7.id', 7],
      ['d.x.id', 'x'],
    ]);
    // Two alike, one missing, one empty or not text: the index.
    expect(figures({ d: [{ date: 'a' }, { date: 'a' }] }).map(([k]) => k)).toEqual(['d.0.date', 'd.1.date']);
    expect(figures({ d: [{ id: 1 }, { v: 2 }] }).map(([k]) => k)).toEqual(['d.0.id', 'd.1.v']);
    expect(figures({ d: [{ id: '' }] }).map(([k]) => k)).toEqual(['d.0.id']);
    expect(figures({ d: [{ id: true }] }).map(([k]) => k)).toEqual(['d.0.id']);
    // The date wins over the id when both serve.
    expect(figures({ d: [{ id: 1, date: 'x' }] }).map(([k]) => k)).toEqual(['d.x.id', 'd.x.date']);
  });

  it('never drops a field of an odd shape: mixed and nested arrays, empties, nulls, a key met twice', () => {
    expect(figures({ m: [1, { a: 2 }, [3, { b: 4 }]], e: [], o: {}, n: null, s: ['x', null, 2] })).toEqual([
      ['m.0', 1],
      ['m.1.a', 2],
      ['m.2.0', 3],
      ['m.2.1.b', 4],
      ['e', ''],
      ['o', '{}'],
      ['n', null],
      ['s', 'x; ; 2'],
    ]);
    expect(figures({ 'a.b': 1, a: { b: 2 } })).toEqual([
      ['a.b', 1],
      ['a.b (2)', 2],
    ]);
    expect(figures({ u: undefined })).toEqual([['u', null]]);
  });

  it('names the period period_from and period_to, and keeps its other fields and an odd period', () => {
    expect(figures({ period: { from: 'f', days: 7, to: 't' } })).toEqual([
      ['period_from', 'f'],
      ['period.days', 7],
      ['period_to', 't'],
    ]);
    expect(figures({ period: 'last week' })).toEqual([['period', 'last week']]);
    expect(figures({ period: { from: { y: 1 } } })).toEqual([['period_from.y', 1]]);
  });

  it('stops at the depth limit with JSON text instead of more keys', () => {
    let deep: unknown = { leaf: 1 };
    for (let i = 0; i < 40; i++) deep = { n: deep };
    const out = figures({ deep: deep as Record<string, unknown> });
    expect(out).toHaveLength(1);
    expect(out[0]![0].split('.').length).toBeLessThanOrEqual(33);
    expect(String(out[0]![1])).toContain('"leaf":1');
    let list: unknown = [{ leaf: 1 }];
    for (let i = 0; i < 40; i++) list = [list];
    expect(String(figures({ list: list as unknown[] }).at(-1)?.[1])).toContain('"leaf":1');
  });
});

describe('periodCells and flattenRow', () => {
  it('reads from and to when they are scalars, else null', () => {
    expect(periodCells({ period: { from: 'f', to: 2 } })).toEqual(['f', 2]);
    expect(periodCells({ period: { from: null, to: [] } })).toEqual([null, null]);
    expect(periodCells({ period: 'x' })).toEqual([null, null]);
    expect(periodCells([])).toEqual([null, null]);
    expect(periodCells(null)).toEqual([null, null]);
  });

  it('appends them to a row of a collection; without a period, the row as flattenRecord gives it', () => {
    const data = { period: { from: 'f', to: 't' }, rows: [{ a: 1 }] };
    expect([...flattenRow(data.rows[0], data, true)]).toEqual([
      ['a', 1],
      ['period_from', 'f'],
      ['period_to', 't'],
    ]);
    expect([...flattenRow(data.rows[0], data, false)]).toEqual([['a', 1]]);
  });

  it('renames them in a row that is the data itself, adding an empty one that is missing', () => {
    const data = { period: { to: 't' }, a: 1 };
    expect([...flattenRow(data, data, true)]).toEqual([
      ['period_to', 't'],
      ['a', 1],
      ['period_from', null],
    ]);
    const noTo = { period: { from: 'f' } };
    expect([...flattenRow(noTo, noTo, true)]).toEqual([
      ['period_from', 'f'],
      ['period_to', null],
    ]);
  });
});
