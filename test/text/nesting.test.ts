/**
 * The renderers and the nesting limit (src/text/nesting.ts), in-process: data exactly
 * MAX_NESTING levels deep renders in every format and every view; deeper data handed to a
 * renderer directly (the client refuses it before) gives a NestingError, never a
 * RangeError from a stack overflow, and never an endless run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FlagOptions } from '../../src/flags/rules.js';
import { renderResponse } from '../../src/terminal/render.js';
import { exitCodeFor } from '../../src/errors.js';
import type { Envelope } from '../../src/http/envelope.js';
import { renderCsv } from '../../src/output/csv.js';
import { arrayCell, arrayKeys, flattenRecord } from '../../src/output/flatten.js';
import { renderJson } from '../../src/output/json.js';
import { isNestingError, MAX_NESTING, nestedDeeperThan, NestingError, stringifyWithin } from '../../src/text/nesting.js';
import { renderTable, renderView, type TableOptions } from '../../src/output/table.js';
import { Shown, unshown } from '../../src/output/views/shown.js';
import { testContext } from '../support/context.js';
import { fetchViewCases, type ViewCase } from '../output/sandbox-envelopes.js';

type Rec = Record<string, unknown>;

/** JSON text `levels` deep, objects and arrays alternating, a leaf string at the bottom. */
function deepText(levels: number, firstIsArray = false): string {
  let open = '';
  let close = '';
  for (let i = 0; i < levels; i++) {
    const array = (i % 2 === 0) === firstIsArray;
    open += array ? '[' : '{"k":';
    close = (array ? ']' : '}') + close;
  }
  return `${open}"leaf"${close}`;
}

/** A value `levels` deep (JSON.parse is iterative, so 100,000 levels are fine). */
const deep = (levels: number, firstIsArray = false): unknown => JSON.parse(deepText(levels, firstIsArray));

/** An envelope `levels` deep in all: {"data": {"rows": [{"id": 1, "deep": ...}]}} takes 4 of them. */
const envelopeText = (levels: number) => `{"data":{"rows":[{"id":1,"deep":${deepText(levels - 4)}}]},"meta":{}}`;

const PIPED: TableOptions = { width: 100, color: false, tty: false, wide: false };
const TTY: TableOptions = { ...PIPED, tty: true };

describe('nestedDeeperThan and stringifyWithin', () => {
  it('counts objects and arrays, not scalars', () => {
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan(null, 0)).toBe(false);
    expect(nestedDeeperThan([], 0)).toBe(true);
    expect(nestedDeeperThan([], 1)).toBe(false);
    expect(nestedDeeperThan({ a: [1, { b: 2 }] }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: [1, { b: 2 }] }, 2)).toBe(true);
    // The deepest branch counts, wherever it is.
    expect(nestedDeeperThan([1, [], { a: {} }, [[[]]]], 3)).toBe(true);
    expect(nestedDeeperThan([1, [], { a: {} }, [[[]]]], 4)).toBe(false);
  });

  it('exactly the limit passes, one more does not, in objects and arrays', () => {
    for (const firstIsArray of [false, true]) {
      expect(nestedDeeperThan(deep(MAX_NESTING, firstIsArray), MAX_NESTING)).toBe(false);
      expect(nestedDeeperThan(deep(MAX_NESTING + 1, firstIsArray), MAX_NESTING)).toBe(true);
    }
  });

  it('100,000 levels: an answer, not a stack overflow', () => {
    expect(nestedDeeperThan(deep(100_000), MAX_NESTING)).toBe(true);
    expect(() => stringifyWithin(deep(100_000), 0)).toThrow(NestingError);
  });

  it('stringifyWithin counts the levels the value sits in', () => {
    expect(stringifyWithin(deep(MAX_NESTING), 0)).toBe(deepText(MAX_NESTING));
    expect(stringifyWithin(deep(10), MAX_NESTING - 10)).toBe(deepText(10));
    expect(() => stringifyWithin(deep(10), MAX_NESTING - 9)).toThrow(NestingError);
    expect(() => stringifyWithin(deep(10), MAX_NESTING - 9)).toThrow(`the data is nested deeper than ${MAX_NESTING} levels`);
    // Recognised by name (the table renderer is bundled apart).
    expect(isNestingError(Object.assign(new Error('x'), { name: 'NestingError' }))).toBe(true);
    expect(isNestingError(new RangeError('Maximum call stack size exceeded'))).toBe(false);
  });
});

describe('flatten: bounded walks', () => {
  it.each([false, true])('a record exactly at the limit flattens; one level more is a NestingError (arrays first: %s)', (firstIsArray) => {
    // The record is one level; its field holds the rest.
    const atLimit = { id: 1, deep: deep(MAX_NESTING - 1, firstIsArray) };
    const rec = flattenRecord(atLimit);
    expect(rec.get('id')).toBe(1);
    expect([...rec.values()].join('')).toContain('leaf');
    const over = { id: 1, deep: deep(MAX_NESTING, firstIsArray) };
    expect(() => flattenRecord(over)).toThrow(NestingError);
  });

  it('a row that is itself deep (not an object) is held to the same limit', () => {
    expect(flattenRecord(deep(MAX_NESTING, true)).get('value')).toBe(deepText(MAX_NESTING, true));
    expect(() => flattenRecord(deep(MAX_NESTING + 1, true))).toThrow(NestingError);
  });

  it('arrayCell counts the levels above the array', () => {
    expect(arrayCell([{ a: 1 }], MAX_NESTING - 2)).toBe('[{"a":1}]');
    expect(() => arrayCell([{ a: 1 }], MAX_NESTING - 1)).toThrow(NestingError);
    expect(arrayCell([1, null, 'x'], 1_000)).toBe('1; ; x'); // no JSON text, nothing to measure
  });

  it('100,000 levels: a NestingError from flatten, csv and table, not a RangeError', () => {
    const data = { rows: [{ id: 1, deep: deep(100_000) }] };
    expect(() => flattenRecord(data.rows[0])).toThrow(NestingError);
    expect(() => renderCsv(data)).toThrow(NestingError);
    expect(() => renderTable({ data, meta: {} }, PIPED)).toThrow(NestingError);
    expect(() => renderTable({ data, meta: {} }, TTY)).toThrow(NestingError);
    // Key/value rows (no collection), where the table walks data itself.
    expect(() => renderTable({ data: { info: deep(100_000) }, meta: {} }, PIPED)).toThrow(NestingError);
    expect(() => renderTable({ data: { list: [deep(100_000)], other: [1] }, meta: {} }, PIPED)).toThrow(NestingError);
    // Walks that stop at their own depth and show nothing as JSON need no error.
    expect(arrayKeys({ info: deep(100_000) })).toEqual(['info.k']);
    expect(unshown(deep(100_000), new Shown())).toBeDefined();
  });
});

describe('every format at exactly the limit', () => {
  const atLimit = envelopeText(MAX_NESTING);

  it('the fixture is exactly MAX_NESTING levels', () => {
    expect(nestedDeeperThan(JSON.parse(atLimit), MAX_NESTING)).toBe(false);
    expect(nestedDeeperThan(JSON.parse(envelopeText(MAX_NESTING + 1)), MAX_NESTING)).toBe(true);
  });

  it('csv, table (piped and on a terminal) and json render it whole', () => {
    const env = JSON.parse(atLimit) as { data: Rec };
    expect(renderCsv(env.data)).toMatch(/^id,deep\.k\r\n1,"\[\{""k"":/);
    expect(renderCsv(env.data)).toContain('leaf');
    expect(renderTable(env, PIPED)).toMatch(/^id\tdeep\.k\n1\t\[\{"k":.*leaf/);
    expect(renderTable(env, TTY)).toContain('deep.k');
    expect(renderTable(env, { ...TTY, wide: true })).toContain('leaf');
    const json = renderJson(atLimit);
    expect(JSON.parse(json)).toEqual(env);
    expect(json).toContain(`\n${' '.repeat(2 * MAX_NESTING)}"leaf"\n`);
  });

  it('key/value rows: data nested to the limit renders, one level more is a NestingError', () => {
    // Objects only, so the table walks them as key/value rows (an array of records would
    // be a sub-table, whose records are measured from themselves).
    const objects = (levels: number): unknown => JSON.parse(`${'{"k":'.repeat(levels)}"leaf"${'}'.repeat(levels)}`);
    // data is one level, info's value the rest; piped, data is one row with one column.
    expect(renderTable({ data: { info: objects(MAX_NESTING - 1) }, meta: {} }, PIPED)).toMatch(/^info\.k\.k[^\n\t]*\n\{"k":.*"leaf"/);
    expect(() => renderTable({ data: { info: objects(MAX_NESTING) }, meta: {} }, PIPED)).toThrow(NestingError);
  });
});

describe('renderJson counts its depth', () => {
  it('one level over the limit is a NestingError, and so are 100,000 (no quadratic indentation)', () => {
    expect(() => renderJson(deepText(MAX_NESTING + 1))).toThrow(NestingError);
    expect(() => renderJson(deepText(100_000))).toThrow(NestingError);
    expect(renderJson(deepText(MAX_NESTING))).toMatch(/"leaf"\n/);
  });
});

describe('views', () => {
  let cases: ViewCase[] = [];
  beforeAll(async () => {
    cases = await fetchViewCases();
  });

  it('every view draws its payload with an extra field nested to the limit, and shows that field after it', () => {
    for (const c of cases) {
      const env = structuredClone(c.envelope) as { data: Rec };
      env.data.extra = deep(MAX_NESTING - 2); // the envelope, data, then the field's own levels
      expect(nestedDeeperThan(env, MAX_NESTING)).toBe(false);
      const out = renderView(env, { ...TTY, wide: true, spec: c.spec }, true);
      expect(out, c.id).not.toBeNull();
      expect(out, c.id).toContain('leaf');
    }
  });

  it('and 100,000 levels in that field is a NestingError, not a RangeError', () => {
    for (const c of cases) {
      const env = structuredClone(c.envelope) as { data: Rec };
      env.data.extra = deep(100_000);
      expect(() => renderTable(env, { ...TTY, spec: c.spec }), c.id).toThrow(NestingError);
    }
  });
});

describe('the documented limit', () => {
  it('the guide states MAX_NESTING', () => {
    const guide = readFileSync(join(__dirname, '../../docs/guide.md'), 'utf8');
    expect(guide).toContain(`nested at most ${MAX_NESTING} levels deep`);
  });
});

describe('a NestingError from a renderer reaches the user as exit 7', () => {
  // The table renderer is bundled apart, so render.ts maps the error by name.
  it.each(['table', 'csv', 'json'] as const)('--format %s', async (format) => {
    const raw = `{"data":{"info":${deepText(200)}},"meta":{}}`;
    const ctx = testContext();
    const flags = { wide: false } as FlagOptions;
    const err = await renderResponse(ctx, { format, flags, raw, envelope: JSON.parse(raw) as Envelope }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'ServerError', code: 'too_deep', message: `the data is nested deeper than ${MAX_NESTING} levels` });
    expect(exitCodeFor(err)).toBe(7);
  });
});
