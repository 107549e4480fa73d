/**
 * The generic compare on shapes the sandbox never sends: items matched by their
 * identifying field (else by position), numbers held against the threshold (0–1 shares in
 * percentage points), texts that changed, items and fields that appeared or went, when-
 * fields skipped; and no JSON at all that makes it throw or overflow the stack.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changesFrom } from '../../src/history/changes/compare.js';
import { compareGeneric, identityOf, MAX_DEPTH } from '../../src/history/changes/generic.js';
import { API, history, recorded } from './changes-fixtures.js';

const D1 = '2026-11-19';
const D2 = '2026-11-20';

const brief = (before: unknown, after: unknown, threshold = 5) =>
  compareGeneric(before, after, threshold).map((c) => [c.path, c.move, c.before, c.after, c.points]);

describe('items matched by their identifying field', () => {
  it('a collection keyed by `key`: a 0–1 score in percentage points, a label that changed, an item that appeared and one that went', () => {
    const a = {
      items: [
        { key: 'a', score: 0.41, label: 'x' },
        { key: 'b', score: 0.2, label: 'y' },
        { key: 'c', score: 0.5, label: 'z' },
      ],
    };
    const b = {
      items: [
        { key: 'a', score: 0.41, label: 'x2' },
        { key: 'b', score: 0.3, label: 'y' },
        { key: 'd', score: 0.1, label: 'w' },
      ],
    };
    // `score` is not named as a share: 0.2 → 0.3 is 0.1 points, under the threshold; a share would be 10 points.
    expect(brief(a, b)).toEqual([
      ['items[a].label', 'changed', 'x', 'x2', null],
      ['items[d]', 'appeared', null, 'd', null],
      ['items[c]', 'went', 'c', null, null],
    ]);
    const shares = { items: a.items.map((i) => ({ key: i.key, share: i.score })) };
    const shares2 = { items: b.items.map((i) => ({ key: i.key, share: i.score })) };
    expect(brief(shares, shares2)).toEqual([
      ['items[b].share', 'up', 0.2, 0.3, 10],
      ['items[d]', 'appeared', null, 'd', null],
      ['items[c]', 'went', 'c', null, null],
    ]);
  });

  it('the first field of id, name, question text, url, engine every item has uniquely; else by position', () => {
    expect(identityOf([{ id: 1, name: 'a' }], [{ id: 2, name: 'a' }])).toBe('id');
    expect(
      identityOf(
        [
          { id: 1, name: 'a' },
          { id: 1, name: 'b' },
        ],
        [{ id: 2, name: 'a' }],
      ),
    ).toBe('name');
    expect(identityOf([{ question: 'Q?' }], [{ question: 'R?' }])).toBe('question');
    expect(identityOf([{ url: 'https://a' }], [{ url: 'https://b', id: 'x' }])).toBe('url');
    expect(identityOf([{ engine: 'chatgpt' }], [{ engine: 'claude' }])).toBe('engine');
    expect(identityOf([{ v: 1 }], [{ v: 2 }])).toBeUndefined();
    expect(identityOf([{ id: null }], [{ id: null }])).toBeUndefined();
    expect(identityOf([1], [2])).toBeUndefined();
  });

  it('a topic-like collection gives paths such as topics[t-3].visibility', () => {
    const a = { topics: [{ id: 't-3', visibility: 40, note: 'same' }] };
    const b = { topics: [{ id: 't-3', visibility: 34, note: 'same' }] };
    expect(brief(a, b)).toEqual([['topics[t-3].visibility', 'down', 40, 34, -6]]);
  });

  it('by position when nothing identifies the items', () => {
    expect(brief({ rows: [{ v: 10 }, { v: 20 }] }, { rows: [{ v: 10 }, { v: 30 }, { v: 1 }] })).toEqual([
      ['rows[1].v', 'up', 20, 30, 10],
      ['rows[2]', 'appeared', null, null, null],
    ]);
  });
});

describe('nested objects, scalars, arrays of scalars', () => {
  it('nested objects give dotted paths (summary.score)', () => {
    expect(brief({ summary: { score: 70, grade: 'B' } }, { summary: { score: 62, grade: 'C' } })).toEqual([
      ['summary.score', 'down', 70, 62, -8],
      ['summary.grade', 'changed', 'B', 'C', null],
    ]);
  });

  it('arrays of texts as sets: a value that appeared or went', () => {
    expect(brief({ rivals: ['A', 'B'] }, { rivals: ['B', 'C'] })).toEqual([
      ['rivals[C]', 'appeared', null, 'C', null],
      ['rivals[A]', 'went', 'A', null, null],
    ]);
  });

  it('arrays of numbers by position', () => {
    expect(brief({ weekly: [10, 20, 30] }, { weekly: [10, 26, 30] })).toEqual([['weekly[1]', 'up', 20, 26, 6]]);
  });

  it('fields that appeared or went, types that changed, switches', () => {
    expect(brief({ a: 1, b: 'x', c: true, d: 5 }, { a: null, b: 2, c: false, e: 'new' })).toEqual([
      ['a', 'changed', 1, null, null],
      ['b', 'changed', 'x', 2, null],
      ['c', 'changed', true, false, null],
      ['e', 'appeared', null, 'new', null],
      ['d', 'went', 5, null, null],
    ]);
  });

  it('when-fields and date values are skipped; a move under the threshold is no change', () => {
    const a = { generated_at: '2026-11-19T01:00:00Z', window: { days: 7 }, as_of: '2026-11-19', score: 50 };
    const b = { generated_at: '2026-11-20T01:00:00Z', window: { days: 30 }, as_of: '2026-11-20', score: 54.9 };
    expect(brief(a, b)).toEqual([]);
  });

  it('data that is a bare number or text', () => {
    expect(brief(10, 20)).toEqual([['(data)', 'up', 10, 20, 10]]);
    expect(brief('a', 'b')).toEqual([['(data)', 'changed', 'a', 'b', null]]);
  });
});

describe('never crashes', () => {
  it('nesting far past the limit is compared whole', () => {
    let a: unknown = 1;
    let b: unknown = 2;
    for (let i = 0; i < 5000; i++) {
      a = { n: a };
      b = { n: b };
    }
    const out = compareGeneric(a, b, 5);
    expect(out).toHaveLength(1);
    expect(out[0]!.move).toBe('changed');
    expect(out[0]!.path.split('.').length).toBe(MAX_DEPTH + 1);
    expect(compareGeneric(a, a, 5)).toEqual([]);
  });

  it('a huge collection in one pass', () => {
    const a = { rows: Array.from({ length: 50_000 }, (_, i) => ({ id: `r${i}`, share: 0.5 })) };
    const b = { rows: a.rows.map((r, i) => (i === 49_999 ? { ...r, share: 0.9 } : r)) };
    expect(brief(a, b)).toEqual([['rows[r49999].share', 'up', 0.5, 0.9, 40]]);
  });

  it('__proto__ and constructor as keys and ids are plain data', () => {
    const a = JSON.parse('{"__proto__": {"x": 1}, "items": [{"id": "__proto__", "v": 1}, {"id": "constructor", "v": 1}]}') as unknown;
    const b = JSON.parse('{"__proto__": {"x": 9}, "items": [{"id": "__proto__", "v": 9}, {"id": "constructor", "v": 1}]}') as unknown;
    expect(brief(a, b)).toEqual([
      ['__proto__.x', 'up', 1, 9, 8],
      ['items[__proto__].v', 'up', 1, 9, 8],
    ]);
  });

  it('any two JSON values: no throw, and a value compared with itself has no change', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.jsonValue({ maxDepth: 6 }), fc.double({ min: 0, max: 100, noNaN: true }), (a, b, t) => {
        const out = compareGeneric(a, b, t);
        for (const c of out) expect(typeof c.path).toBe('string');
        expect(compareGeneric(a, structuredClone(a), t)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('any recorded body at all, through the whole comparison', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('visibility', 'topics', 'prompts', 'competitors', 'pages', 'technical'),
        fc.jsonValue({ maxDepth: 5 }),
        fc.jsonValue({ maxDepth: 5 }),
        async (endpoint, a, b) => {
          const h = history([recorded(D1, endpoint, a), recorded(D2, endpoint, b)]);
          const r = await changesFrom(h, { api: API, threshold: 5 });
          expect([r.from, r.to]).toEqual([D1, D2]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('through the whole comparison: kind other', () => {
  it('a topics answer of another shape is compared generically, with its path as the subject', async () => {
    const h = history([
      recorded(D1, 'topics', { results: [{ slug: 'crm', visibility_pct: 0.41 }] }),
      recorded(D2, 'topics', { results: [{ slug: 'crm', visibility_pct: 0.33 }] }),
    ]);
    const [c, ...rest] = (await changesFrom(h, { api: API, threshold: 5 })).changes;
    expect(rest).toEqual([]);
    expect(c).toMatchObject({
      kind: 'other',
      subject: 'results[crm].visibility_pct',
      path: 'results[crm].visibility_pct',
      before: 0.41,
      after: 0.33,
      points: -8,
      news: 'drop',
      endpoint: 'topics',
    });
  });
});
