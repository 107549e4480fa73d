/**
 * The generic compare on shapes the sandbox never sends: items matched by their
 * identifying field, else by their first unique text field, else whole (never by
 * position: a list that only changed order is no change), numbers held against the
 * threshold (0–1 shares in percentage points), numbers that can no longer be read as
 * such, texts that changed, items and fields that appeared or went (with their text),
 * when-fields skipped, every change neutral; and no JSON at all that makes it throw or
 * overflow the stack.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changesFrom } from '../../src/history/changes/compare.js';
import { canonical, compareGeneric, IDENTITY, identityOf, matchingField, MAX_DEPTH, received, SHORT } from '../../src/history/changes/generic.js';
import { API, history, recorded, recordedRaw } from './changes-fixtures.js';

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

  it('a share is a 0–1 share by every value of the collection on both days, not by the pair alone', () => {
    const rows = (key: string, ...shares: number[]) => ({ rows: shares.map((share, i) => ({ [key]: `r${i}`, share })) });
    // r1's 40 says the shares are percentages: r0's 0.2 → 0.3 is 0.1 points, no change.
    expect(brief(rows('id', 0.2, 40), rows('id', 0.3, 40))).toEqual([]);
    expect(brief(rows('label', 0.2, 40), rows('label', 0.3, 40))).toEqual([]);
    expect(brief(rows('label', 0.2, 0.4), rows('label', 0.3, 0.4))).toEqual([['rows[r0].share', 'up', 0.2, 0.3, 10]]);
  });

  it('a topic-like collection gives paths such as topics[t-3].visibility', () => {
    const a = { topics: [{ id: 't-3', visibility: 40, note: 'same' }] };
    const b = { topics: [{ id: 't-3', visibility: 34, note: 'same' }] };
    expect(brief(a, b)).toEqual([['topics[t-3].visibility', 'down', 40, 34, -6]]);
  });

  it('whole when nothing identifies the items: each one that came or went, shown as a short rendering of its JSON', () => {
    expect(brief({ rows: [{ v: 10 }, { v: 20 }] }, { rows: [{ v: 10 }, { v: 30 }, { v: 1 }] })).toEqual([
      ['rows[{"v":30}]', 'appeared', null, '{"v":30}', null],
      ['rows[{"v":1}]', 'appeared', null, '{"v":1}', null],
      ['rows[{"v":20}]', 'went', '{"v":20}', null, null],
    ]);
  });
});

describe('items with no identity vis knows are matched by what they hold, never by position', () => {
  const issues = (...list: Array<[string, string, number]>) => ({ issues: list.map(([issue, severity, pages]) => ({ issue, severity, pages })) });

  it('a new issue of an unseen /technical shape is named by its text, and is neutral news', async () => {
    const a = issues(['robots.txt blocks GPTBot', 'high', 3]);
    const b = issues(['robots.txt blocks GPTBot', 'high', 3], ['No schema.org markup', 'low', 12]);
    expect(brief(a, b)).toEqual([['issues[No schema.org markup]', 'appeared', null, 'No schema.org markup', null]]);
    expect(brief(b, a)).toEqual([['issues[No schema.org markup]', 'went', 'No schema.org markup', null, null]]);
    const h = history([recorded(D1, 'technical', a, { market: '' }), recorded(D2, 'technical', b, { market: '' })]);
    expect((await changesFrom(h, { api: API, threshold: 5 })).changes).toMatchObject([
      {
        kind: 'other',
        subject: 'issues[No schema.org markup]',
        label: null,
        move: 'appeared',
        news: 'neutral',
        before: null,
        after: 'No schema.org markup',
        market: null,
      },
    ]);
  });

  it('a list that only changed order is no change; a field of a matched item that changed is', () => {
    const a = issues(['robots', 'high', 3], ['schema', 'low', 12], ['slow', 'high', 1]);
    const b = issues(['slow', 'high', 1], ['robots', 'high', 3], ['schema', 'low', 12]);
    expect(brief(a, b)).toEqual([]);
    const c = issues(['slow', 'high', 1], ['robots', 'medium', 30], ['schema', 'low', 12]);
    expect(brief(a, c)).toEqual([
      ['issues[robots].severity', 'changed', 'high', 'medium', null],
      ['issues[robots].pages', 'up', 3, 30, 27],
    ]);
  });

  it('the first text field, in the order the items give them, unique on both days; a field that says when, a number or a repeated text is not one', () => {
    expect(matchingField([{ severity: 'high', issue: 'a' }], [{ severity: 'low', issue: 'b' }])).toBe('severity');
    expect(
      matchingField(
        [
          { severity: 'high', issue: 'a' },
          { severity: 'high', issue: 'b' },
        ],
        [{ severity: 'low', issue: 'b' }],
      ),
    ).toBe('issue');
    expect(matchingField([{ n: 1, seen_at: 'x', label: 'a' }], [{ n: 2, seen_at: 'y', label: 'b' }])).toBe('label');
    expect(matchingField([{ label: 'a' }], [{ other: 'b' }])).toBeUndefined();
    expect(matchingField([{ label: 'a' }], [{ label: 'b' }, { label: 'b' }])).toBeUndefined();
    expect(matchingField([{ label: 'a' }, 3], [])).toBeUndefined();
    expect(matchingField([{ label: '', kind: 'x' }], [{ label: 'b', kind: 'y' }])).toBe('kind');
    expect(matchingField([], [])).toBeUndefined();
  });

  it('whole items: key order aside, two alike are two, fields that say when and dates aside', () => {
    const a = { rows: [{ a: 1, b: 2 }, { a: 1, b: 2 }, { a: 5 }] };
    const b = { rows: [{ b: 2, a: 1 }, { a: 5 }] };
    expect(brief(a, b)).toEqual([['rows[{"a":1,"b":2}]', 'went', '{"a":1,"b":2}', null, null]]);
    expect(brief(b, a)).toEqual([['rows[{"a":1,"b":2}]', 'appeared', null, '{"a":1,"b":2}', null]]);
    const c = { rows: [{ n: 1, seen_at: '2026-11-19T01:00:00Z', on: '2026-11-19' }] };
    const d = { rows: [{ n: 1, seen_at: '2026-11-20T01:00:00Z', on: '2026-11-20' }] };
    expect(brief(c, d)).toEqual([]);
  });

  it('lists that hold lists, or objects among scalars, are matched whole too', () => {
    expect(
      brief(
        {
          pairs: [
            [1, 2],
            [3, 4],
          ],
        },
        {
          pairs: [
            [3, 4],
            [1, 2],
          ],
        },
      ),
    ).toEqual([]);
    expect(brief({ mixed: [{ a: 1 }, 2] }, { mixed: [2, { a: 1 }, null] })).toEqual([['mixed[null]', 'appeared', null, 'null', null]]);
  });

  it('numbers, true/false and nulls keep their places (a series)', () => {
    expect(brief({ weekly: [10, 20] }, { weekly: [20, 10] })).toEqual([
      ['weekly[0]', 'up', 10, 20, 10],
      ['weekly[1]', 'down', 20, 10, -10],
    ]);
    expect(brief({ flags: [true, null] }, { flags: [true, false, 3] })).toEqual([
      ['flags[1]', 'changed', null, false, null],
      ['flags[2]', 'appeared', null, 3, null],
    ]);
  });

  it('any permutation of a list of objects is no change, nested anywhere', () => {
    const item = fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 });
    fc.assert(
      fc.property(
        fc
          .array(item, { maxLength: 8 })
          .chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }))),
        fc.double({ min: 0, max: 100, noNaN: true }),
        ([list, permuted], t) => {
          expect(compareGeneric({ items: list }, { items: permuted }, t)).toEqual([]);
          expect(compareGeneric({ outer: { items: list } }, { outer: { items: structuredClone(permuted) } }, t)).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('an object item that came or went is always said, with a text', () => {
    const item = fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 6 }), item, fc.nat(), (list, extra, at) => {
        const more = [...list];
        more.splice(at % (list.length + 1), 0, extra);
        const said = (out: ReturnType<typeof compareGeneric>, move: string, side: 'before' | 'after') =>
          out.some((c) => c.move === move && c.path.startsWith('items[') && typeof c[side] === 'string' && c[side] !== '');
        expect(said(compareGeneric({ items: list }, { items: more }, 5), 'appeared', 'after')).toBe(true);
        expect(said(compareGeneric({ items: more }, { items: list }, 5), 'went', 'before')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a number that can no longer be read as one', () => {
  it('Infinity where a number was, or the reverse, is a change, as received; the same non-number on both days is none', () => {
    expect(brief({ s: 72 }, { s: Infinity })).toEqual([['s', 'changed', 72, 'Infinity', null]]);
    expect(brief({ s: -Infinity }, { s: 72 })).toEqual([['s', 'changed', '-Infinity', 72, null]]);
    expect(brief({ s: Infinity }, { s: Infinity })).toEqual([]);
    expect(brief([1, 2], [1, -Infinity])).toEqual([['[1]', 'changed', 2, '-Infinity', null]]);
  });

  it('a text, null, an object, a list where a number was; a field that went', () => {
    expect(brief({ s: 72 }, { s: 'n/a' })).toEqual([['s', 'changed', 72, 'n/a', null]]);
    expect(brief({ s: 72 }, { s: null })).toEqual([['s', 'changed', 72, null, null]]);
    expect(brief({ s: 72 }, { s: { v: 1, a: [2] } })).toEqual([['s', 'changed', 72, '{"a":[2],"v":1}', null]]);
    expect(brief({ s: 72 }, {})).toEqual([['s', 'went', 72, null, null]]);
    expect(brief({}, { s: [72] })).toEqual([['s', 'appeared', null, '[72]', null]]);
  });

  it('any finite number that became non-finite, anywhere, is a change', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(Infinity, -Infinity),
        fc.constantFrom<(v: number) => unknown>(
          (v) => ({ score: v }),
          (v) => ({ a: { b: [{ label: 'x', n: v }] } }),
          (v) => ({ rows: [{ n: v }] }),
          (v) => [v],
          (v) => v,
        ),
        async (finite, infinite, shape) => {
          expect(compareGeneric(shape(finite), shape(infinite), 0).length).toBeGreaterThan(0);
          expect(compareGeneric(shape(infinite), shape(finite), 100).length).toBeGreaterThan(0);
          const h = history([recordedRaw(D1, 'technical', shape(finite), { market: '' }), recordedRaw(D2, 'technical', shape(infinite), { market: '' })]);
          expect((await changesFrom(h, { api: API, threshold: 5 })).changes.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('values as received', () => {
  it('numbers, texts, true/false as they are; Infinity as its spelling; nothing as null; objects and lists as a short rendering', () => {
    expect([received(1.5), received('x'), received(false), received(null), received(undefined)]).toEqual([1.5, 'x', false, null, null]);
    expect([received(Infinity), received(-Infinity)]).toEqual(['Infinity', '-Infinity']);
    expect(received({ b: [1, { d: null }], a: 'x' })).toBe('{"a":"x","b":[1,{"d":null}]}');
    expect(received({ b: 1, updated_at: '2026-11-20' })).toBe('{"b":1}');
    const long = received({ text: 'x'.repeat(200) }) as string;
    expect(long).toHaveLength(SHORT);
    expect(long.endsWith('…')).toBe(true);
    expect(long.startsWith('{"text":"xxx')).toBe(true);
  });

  it('the canonical JSON: keys sorted, non-finite numbers spelled, dates alike when matching, never past the stack', () => {
    expect(canonical({ b: Infinity, a: [-Infinity, '2026-11-20'] })).toBe('{"a":[-Infinity,"2026-11-20"],"b":Infinity}');
    expect(canonical({ a: ['2026-11-20', 'x'] }, Number.POSITIVE_INFINITY, true)).toBe('{"a":["(date)","x"]}');
    expect(canonical([])).toBe('[]');
    expect(canonical({})).toBe('{}');
    expect(canonical([1, [2, 3], {}])).toBe('[1,[2,3],{}]');
    expect(canonical('x'.repeat(100), 10)).toBe('"xxxxxxxx…');
    expect(canonical([1, 2], 5)).toBe('[1,2]');
    expect(canonical([1, 2], 4)).toBe('[1,…');
    expect(canonical({ b: 'x'.repeat(100), a: 1 }, 12)).toBe('{"a":1,"b":…');
    let deep: unknown = 1;
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(canonical(deep)).toHaveLength(40_001);
    expect(canonical(deep, 10)).toBe('[[[[[[[[[…');
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

  it('a list of 0–1 shares moves in percentage points; a value that went from a series is said', () => {
    expect(brief({ share: [0.1, 0.2] }, { share: [0.1, 0.3] })).toEqual([['share[1]', 'up', 0.2, 0.3, 10]]);
    expect(brief({ score: [0.1, 0.2] }, { score: [0.1, 0.3] })).toEqual([]);
    expect(brief({ weekly: [10, 20] }, { weekly: [10] })).toEqual([['weekly[1]', 'went', 20, null, null]]);
  });

  it('a text that became a date, or a date a text, is not a change (when, not what)', () => {
    expect(brief({ as_of: 'pending' }, { as_of: '2026-11-20' })).toEqual([]);
    expect(brief({ note: '2026-11-20' }, { note: 'later' })).toEqual([]);
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

  it('past the limit, values are compared whole: lists, objects, keys, types; shown as renderings of their JSON', () => {
    const nest = (v: unknown) => {
      let out = v;
      for (let i = 0; i < MAX_DEPTH + 5; i++) out = { n: out };
      return out;
    };
    const whole = (a: unknown, b: unknown) => compareGeneric(nest(a), nest(b), 5).length;
    expect(whole([1, 2], [1, 2])).toBe(0);
    expect(whole({ x: [1, { y: 'z' }] }, { x: [1, { y: 'z' }] })).toBe(0);
    expect(whole([1, 2], [1, 2, 3])).toBe(1);
    expect(whole([1, 2], [1, 3])).toBe(1);
    expect(whole({ x: 1 }, { x: 1, y: 2 })).toBe(1);
    expect(whole({ x: 1 }, { y: 1 })).toBe(1);
    expect(whole({ x: 1 }, [1])).toBe(1);
    expect(whole([], {})).toBe(1);
    expect(whole(1, 1.5)).toBe(1);
    const [c] = compareGeneric(nest(1), nest(2), 5);
    expect([c!.before, c!.after]).toEqual(['{"n":{"n":{"n":{"n":1}}}}', '{"n":{"n":{"n":{"n":2}}}}']);
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
  it('every change of a shape vis does not know is neutral news', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), fc.jsonValue({ maxDepth: 4 }), async (a, b) => {
        const h = history([recorded(D1, 'technical', { shape: a }, { market: '' }), recorded(D2, 'technical', { shape: b }, { market: '' })]);
        for (const c of (await changesFrom(h, { api: API, threshold: 0 })).changes) expect([c.kind, c.news]).toEqual(['other', 'neutral']);
      }),
      { numRuns: 200 },
    );
  });

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
      // A shape vis does not know: whether the number going down is bad news is not vis's to guess.
      news: 'neutral',
      endpoint: 'topics',
    });
  });
});

describe('what identifies an item, and what every change says', () => {
  it('each field of IDENTITY, in its order, names the items when it is the first every item holds uniquely', () => {
    // Spelled out here: the list is the contract with the server's shapes.
    const order = ['id', 'name', 'prompt', 'question', 'text', 'url', 'engine', 'key', 'slug', 'code', 'domain'];
    expect(IDENTITY).toEqual(order);
    for (const [i, field] of order.entries()) {
      const item = (v: string) => Object.fromEntries([...order.slice(i), 'other'].map((f) => [f, f === field ? v : 'same']));
      expect(identityOf([item('a'), item('b')], [item('b'), item('c')])).toBe(field);
    }
  });

  it('a number that became a text, or a text that became a number, is a change, not a move', () => {
    expect(brief({ v: 1 }, { v: '1' })).toEqual([['v', 'changed', 1, '1', null]]);
    expect(brief({ v: 'a' }, { v: 2 })).toEqual([['v', 'changed', 'a', 2, null]]);
  });

  it('texts that appeared in or went from a list, and items that went from a collection, are neutral news', () => {
    const news = (a: unknown, b: unknown) => compareGeneric(a, b, 5).map((c) => [c.path, c.move, c.news]);
    expect(news({ tags: ['a', 'b'] }, { tags: ['b', 'c'] })).toEqual([
      ['tags[c]', 'appeared', 'neutral'],
      ['tags[a]', 'went', 'neutral'],
    ]);
    expect(news({ items: [{ id: 'x' }, { id: 'y' }] }, { items: [{ id: 'y' }] })).toEqual([['items[x]', 'went', 'neutral']]);
  });
});
