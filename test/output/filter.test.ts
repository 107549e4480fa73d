import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import {
  applyListOptions,
  appliedFilters,
  hasListOptions,
  isKnownColumn,
  listAnswer,
  narrowKnownColumns,
  noMatchNote,
  topNote,
  scopesTopNote,
  parseListOptions,
  withFilters,
} from '../../src/output/filter.js';
import { parseExactJson } from '../../src/output/exact-json.js';
import { exactStringify } from '../../src/text/raw-number.js';

const LIST = { collection: 'rows', period: 'none' };

function body(rows: unknown[], extra: Record<string, unknown> = {}) {
  return { data: { ...extra, rows }, meta: { api_version: 'v1' } };
}

function ids(result: { body: unknown }): unknown[] {
  return ((result.body as { data: { rows: Array<{ id: unknown }> } }).data.rows ?? []).map((r) => r.id);
}

function usage(f: () => unknown): string {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error('no UsageError');
}

describe('parseListOptions: the flags checked', () => {
  it.each([
    [{ sort: 'visibility' }, { sort: { field: 'visibility', descending: false } }],
    [{ sort: '-visibility' }, { sort: { field: 'visibility', descending: true } }],
    [{ sort: '- visibility ' }, { sort: { field: 'visibility', descending: true } }],
    [{ top: '3' }, { top: 3 }],
    [{ top: '1' }, { top: 1 }],
    [{ top: ' 12 ' }, { top: 12 }],
    [{ engine: ['chatgpt,Perplexity', ' gemini ', 'chatgpt'] }, { engine: ['chatgpt', 'Perplexity', 'gemini'] }],
    [{ state: 'absent' }, { state: ['absent'] }],
    [{ action: ['write', 'improve'] }, { action: ['write', 'improve'] }],
    [{}, {}],
  ])('%j -> %j', (raw, expected) => {
    expect(parseListOptions(raw)).toEqual(expected);
  });

  it.each([
    [{ top: '0' }, '--top must be a positive whole number (got "0")'],
    [{ top: '-2' }, '--top must be a positive whole number (got "-2")'],
    [{ top: '2.5' }, '--top must be a positive whole number (got "2.5")'],
    [{ top: 'x' }, '--top must be a positive whole number (got "x")'],
    [{ top: 'x3' }, '--top must be a positive whole number (got "x3")'],
    [{ top: '3x' }, '--top must be a positive whole number (got "3x")'],
    [{ top: '1e2' }, '--top must be a positive whole number (got "1e2")'],
    [{ top: '0x10' }, '--top must be a positive whole number (got "0x10")'],
    [{ top: '3 x' }, '--top must be a positive whole number (got "3 x")'],
    [{ top: '' }, '--top must be a positive whole number (got "")'],
    [{ top: '99999999999999999999' }, '--top must be a positive whole number (got "99999999999999999999")'],
    [{ sort: '-' }, '--sort needs a column name, such as visibility or -visibility for descending (got "-")'],
    [{ sort: '' }, '--sort needs a column name, such as visibility or -visibility for descending (got "")'],
    [{ engine: [','] }, '--engine needs at least one engine name, or several separated by commas'],
    [{ state: ' ' }, '--state needs at least one state name, or several separated by commas'],
  ])('%j is refused: %s', (raw, message) => {
    expect(usage(() => parseListOptions(raw))).toBe(message);
  });

  it('any option counts as list options; none does not', () => {
    expect(hasListOptions(undefined)).toBe(false);
    expect(hasListOptions({})).toBe(false);
    for (const o of [{ sort: { field: 'a', descending: false } }, { top: 1 }, { engine: ['x'] }, { state: ['x'] }, { action: ['x'] }])
      expect(hasListOptions(o)).toBe(true);
  });

  it('meta.filters in a fixed order, sort spelled as typed', () => {
    const f = appliedFilters({ action: ['write'], state: ['absent'], engine: ['chatgpt'], top: 3, sort: { field: 'visibility', descending: true } });
    expect(JSON.stringify(f)).toBe('{"sort":"-visibility","top":3,"engine":["chatgpt"],"state":["absent"],"action":["write"]}');
    expect(JSON.stringify(appliedFilters({ sort: { field: 'v', descending: false } }))).toBe('{"sort":"v"}');
    expect(JSON.stringify(appliedFilters({}))).toBe('{}');
  });
});

describe('--sort', () => {
  const rows = [{ id: 'a', v: 10 }, { id: 'b', v: 9 }, { id: 'c', v: null }, { id: 'd', v: 100 }, { id: 'e' }, { id: 'f', v: 9 }];

  it('numbers as numbers, missing and null last, ties in the API’s order', () => {
    expect(ids(applyListOptions(body(rows), LIST, { sort: { field: 'v', descending: false } }))).toEqual(['b', 'f', 'a', 'd', 'c', 'e']);
  });

  it('descending: missing and null still last, ties still in the API’s order', () => {
    expect(ids(applyListOptions(body(rows), LIST, { sort: { field: 'v', descending: true } }))).toEqual(['d', 'a', 'b', 'f', 'c', 'e']);
  });

  it('a numeric string is text: "9" after "10" compares as text, after every number; booleans last', () => {
    const rows = [
      { id: 's9', v: '9' },
      { id: 't', v: true },
      { id: 'sx', v: 'x' },
      { id: 's10', v: '10' },
      { id: 'n', v: 5 },
      { id: 'f', v: false },
    ];
    expect(ids(applyListOptions(body(rows), LIST, { sort: { field: 'v', descending: false } }))).toEqual(['n', 's10', 's9', 'sx', 'f', 't']);
  });

  it('text by an English collation', () => {
    const r = applyListOptions(body([{ id: 'B' }, { id: 'a' }, { id: 'C' }]), LIST, { sort: { field: 'id', descending: false } });
    expect(ids(r)).toEqual(['a', 'B', 'C']);
  });

  it('a dotted column of a nested object, as csv names it', () => {
    const r = applyListOptions(
      body([
        { id: 1, m: { x: { r: 2 } } },
        { id: 2, m: { x: { r: 1 } } },
        { id: 3, m: {} },
      ]),
      LIST,
      {
        sort: { field: 'm.x.r', descending: false },
      },
    );
    expect(ids(r)).toEqual([2, 1, 3]);
  });

  it('numbers kept as sent (exact-json) compare by value and print as sent', () => {
    const parsed = parseExactJson('{"data":{"rows":[{"id":1,"v":1.50},{"id":2,"v":1.2},{"id":3,"v":12345678901234567890}]},"meta":{}}');
    const r = applyListOptions(parsed, LIST, { sort: { field: 'v', descending: true } });
    expect(exactStringify(r.body)).toBe('{"data":{"rows":[{"id":3,"v":12345678901234567890},{"id":1,"v":1.50},{"id":2,"v":1.2}]},"meta":{}}');
  });

  it('a column neither the rows nor the schema has is a UsageError naming the columns there are', () => {
    const msg = usage(() => applyListOptions(body([{ id: 1, v: 2 }]), LIST, { sort: { field: 'nope', descending: false } }, ['id', 'w']));
    expect(msg).toBe('--sort: "nope" is not a column here; the columns are id, w, v');
    expect(usage(() => applyListOptions(body([{ id: 1 }, { v: 2 }]), LIST, { sort: { field: 'x', descending: false } }))).toBe(
      '--sort: "x" is not a column here; the columns are id, v',
    );
    expect(() => applyListOptions(body([{ id: 1 }]), LIST, { sort: { field: 'x', descending: false } })).toThrow(
      expect.objectContaining({ hint: 'Use a column name as csv writes it; -NAME sorts descending.' }),
    );
  });

  it('the period columns of an endpoint with a period are columns too', () => {
    const withPeriod = { data: { period: { from: 'a', to: 'b' }, rows: [{ id: 1 }, { id: 2 }] } };
    expect(ids(applyListOptions(withPeriod, { collection: 'rows', period: 'days' }, { sort: { field: 'period_from', descending: true } }))).toEqual([1, 2]);
    expect(() => applyListOptions(withPeriod, { collection: 'rows', period: 'none' }, { sort: { field: 'period_from', descending: false } })).toThrow(
      UsageError,
    );
    expect(() => applyListOptions(withPeriod, { collection: 'rows' }, { sort: { field: 'period_from', descending: false } })).toThrow(UsageError);
  });

  it('many rows with ties and gaps: a stable sort, gaps last', () => {
    const many = Array.from({ length: 200 }, (_, i) => ({ id: i, v: i % 7 === 0 ? null : i % 3 }));
    for (const descending of [false, true]) {
      const expected = [...many]
        .map((r, i) => ({ r, i }))
        .sort((a, b) => {
          if (a.r.v === null || b.r.v === null) return (a.r.v === null ? 1 : 0) - (b.r.v === null ? 1 : 0) || a.i - b.i;
          return (descending ? b.r.v - a.r.v : a.r.v - b.r.v) || a.i - b.i;
        })
        .map((x) => x.r.id);
      expect(ids(applyListOptions(body(many), LIST, { sort: { field: 'v', descending } }))).toEqual(expected);
    }
  });

  it('a known column no row has sorts nothing away: every row stays, in order', () => {
    expect(ids(applyListOptions(body([{ id: 1 }, { id: 2 }]), LIST, { sort: { field: 'w', descending: true } }, ['id', 'w']))).toEqual([1, 2]);
  });

  it('an empty collection or one that is not there: nothing to refuse or sort', () => {
    expect(ids(applyListOptions(body([]), LIST, { sort: { field: 'nope', descending: false } }))).toEqual([]);
    const odd = { data: { other: [1] }, meta: {} };
    expect(applyListOptions(odd, LIST, { sort: { field: 'x', descending: false }, engine: ['a'] }).body).toBe(odd);
    expect(applyListOptions('text', LIST, { top: 1 }).body).toBe('text');
    expect(applyListOptions({ data: [1, 2] }, LIST, { top: 1 }).body).toEqual({ data: [1, 2] });
    const noList = body([{ id: 1 }, { id: 2 }]);
    expect(applyListOptions(noList, {}, { top: 1 })).toEqual({ body: noList, filters: { top: 1 }, before: 0, after: 0, matched: 0, seen: {} });
  });

  it('known columns: the schema’s, and any inside a known map', () => {
    expect(isKnownColumn('engines.chatgpt.rate', ['id', 'engines'])).toBe(true);
    expect(isKnownColumn('engines', ['id', 'engines'])).toBe(true);
    expect(isKnownColumn('enginesx', ['id', 'engines'])).toBe(false);
    expect(isKnownColumn('id.x', ['idx'])).toBe(false);
    expect(isKnownColumn('engines.grok.rate', ['id', 'engines.chatgpt.rate'])).toBe(true);
    expect(isKnownColumn('engines.grok', ['engines.chatgpt'])).toBe(true);
    expect(isKnownColumn('engines.grok.nope', ['engines.chatgpt.rate'])).toBe(false);
    expect(isKnownColumn('x.engines.grok', ['x.engines.chatgpt'])).toBe(false);
    expect(isKnownColumn('engines.grok', ['engines.chatgpt.rate'])).toBe(false);
    expect(isKnownColumn('.rate', ['engines.chatgpt.rate'])).toBe(false);
    expect(isKnownColumn('rate', ['engines.chatgpt'])).toBe(false);
  });
});

describe('--top', () => {
  it('the first n rows after sorting; more than there are keeps all', () => {
    const rows = [
      { id: 1, v: 3 },
      { id: 2, v: 1 },
      { id: 3, v: 2 },
    ];
    expect(ids(applyListOptions(body(rows), LIST, { sort: { field: 'v', descending: false }, top: 2 }))).toEqual([2, 3]);
    expect(ids(applyListOptions(body(rows), LIST, { top: 1 }))).toEqual([1]);
    expect(ids(applyListOptions(body(rows), LIST, { top: 10 }))).toEqual([1, 2, 3]);
  });
});

describe('--engine, --state, --action', () => {
  const matrix = [
    { id: 'p1', engines: { chatgpt: { state: 'absent' }, gemini: { state: 'mentioned' } } },
    { id: 'p2', engines: { chatgpt: { state: 'mentioned' }, gemini: { state: 'absent' } } },
    { id: 'p3', engines: { ChatGPT: 'absent', claude: 'recommended' } },
    { id: 'p4', engines: { gemini: { rate: 3 } } },
    { id: 'p5' },
    { id: 'p6', engines: 'chatgpt' },
  ];

  it('--engine on a matrix: rows that have the engine, with only its column', () => {
    const r = applyListOptions(body(matrix), LIST, { engine: ['chatgpt'] });
    expect((r.body as { data: { rows: unknown[] } }).data.rows).toEqual([
      { id: 'p1', engines: { chatgpt: { state: 'absent' } } },
      { id: 'p2', engines: { chatgpt: { state: 'mentioned' } } },
      { id: 'p3', engines: { ChatGPT: 'absent' } },
    ]);
  });

  it('--state: any engine in any of the states; a value or its `state` field', () => {
    expect(ids(applyListOptions(body(matrix), LIST, { state: ['absent'] }))).toEqual(['p1', 'p2', 'p3']);
    expect(ids(applyListOptions(body(matrix), LIST, { state: ['RECOMMENDED', 'nothing'] }))).toEqual(['p3']);
  });

  it('--engine with --state: one of the named engines in one of the states', () => {
    expect(ids(applyListOptions(body(matrix), LIST, { engine: ['chatgpt'], state: ['absent'] }))).toEqual(['p1', 'p3']);
    expect(ids(applyListOptions(body(matrix), LIST, { engine: ['gemini'], state: ['absent'] }))).toEqual(['p2']);
  });

  it('rows with an engine of their own (runs, perception), and rows listing engines', () => {
    const rows = [
      { id: 1, engine: 'chatgpt', state: 'absent' },
      { id: 2, engine: 'claude', state: 'absent' },
      { id: 3, engine: 'chatgpt', state: 'mentioned' },
      { id: 4, engines: ['claude', 'chatgpt', 7] },
      { id: 5, engine: 7 },
      'text',
      null,
    ];
    expect(ids(applyListOptions(body(rows), LIST, { engine: ['chatgpt'] }))).toEqual([1, 3, 4]);
    expect(ids(applyListOptions(body(rows), LIST, { engine: ['chatgpt'], state: ['absent'] }))).toEqual([1]);
    expect(ids(applyListOptions(body(rows), LIST, { state: ['absent'] }))).toEqual([1, 2]);
  });

  it('--action: the row’s action, any case; a row without one never matches', () => {
    const rows = [{ id: 1, action: 'write' }, { id: 2, action: 'Leave' }, { id: 3 }, { id: 4, action: 5 }, null, { id: 6, action: '' }];
    expect(ids(applyListOptions(body(rows), LIST, { action: ['leave', 'write'] }))).toEqual([1, 2]);
    const all = applyListOptions(body(rows), LIST, { top: 10 });
    expect((all.body as { data: { rows: unknown[] } }).data.rows).toEqual(rows);
  });

  it('filters, then sorts, then cuts, then narrows the engine columns', () => {
    const rows = [
      { id: 1, engines: { a: { state: 's', r: 1 }, b: { state: 's', r: 9 } } },
      { id: 2, engines: { a: { state: 's', r: 2 }, b: { state: 's', r: 8 } } },
      { id: 3, engines: { a: { state: 'x', r: 3 }, b: { state: 'x', r: 7 } } },
    ];
    const r = applyListOptions(body(rows), LIST, { engine: ['a'], state: ['s'], sort: { field: 'engines.b.r', descending: false }, top: 1 });
    expect((r.body as { data: { rows: unknown[] } }).data.rows).toEqual([{ id: 2, engines: { a: { state: 's', r: 2 } } }]);
  });

  it('nothing matched: the values the answer has, for the note', () => {
    const r = applyListOptions(body([...matrix, null, 'x']), LIST, { engine: ['bing'], state: ['absent'] });
    expect(r).toMatchObject({ before: 8, after: 0, seen: { engine: ['chatgpt', 'gemini', 'claude'], state: ['absent', 'mentioned', 'recommended'] } });
    expect(noMatchNote(r)).toBe('No row matched. The answer has --engine: chatgpt, gemini, claude; --state: absent, mentioned, recommended.');
    const a = applyListOptions(body([{ action: 'write' }, { id: 2 }]), LIST, { action: ['nope'] });
    expect(noMatchNote(a)).toBe('No row matched. The answer has --action: write.');
    expect(noMatchNote(applyListOptions(body([{ id: 1 }]), LIST, { action: ['nope'] }))).toBe('No row matched. The answer has --action: none.');
  });

  it('no note when rows are left, when the answer had none, or when only --top ran', () => {
    const left = applyListOptions(body(matrix), LIST, { state: ['absent'] });
    expect(left.seen).toEqual({});
    expect(noMatchNote(left)).toBeUndefined();
    const none = applyListOptions(body([]), LIST, { state: ['absent'] });
    expect(none.seen).toEqual({});
    expect(noMatchNote(none)).toBeUndefined();
    expect(noMatchNote({ before: 2, after: 0, seen: {} })).toBeUndefined();
    expect(topNote({ after: 3, matched: 9 }, { sort: { field: 'visibility', descending: false }, top: 3 })).toBe(
      'Sorted by visibility, lowest first: the lowest 3 of 9 rows (--sort -visibility --top 3 for the highest).',
    );
    expect(topNote({ after: 2, matched: 9 }, { sort: { field: 'position', descending: true }, top: 2 })).toBe(
      'Sorted by position, highest first: the highest 2 of 9 rows (--sort position --top 2 for the lowest).',
    );
    // Nothing cut, nothing sorted, or no --top: nothing to misread.
    expect(topNote({ after: 3, matched: 3 }, { sort: { field: 'visibility', descending: false }, top: 3 })).toBeUndefined();
    expect(topNote({ after: 3, matched: 9 }, { top: 3 })).toBeUndefined();
    expect(topNote({ after: 9, matched: 9 }, { sort: { field: 'visibility', descending: false } })).toBeUndefined();
    // Several brands and markets: once, when --top cut any of them.
    const lowest = { sort: { field: 'visibility', descending: false }, top: 3 };
    expect(
      scopesTopNote(
        [
          { after: 2, matched: 2 },
          { after: 3, matched: 9 },
        ],
        lowest,
      ),
    ).toBe('Sorted by visibility, lowest first: the lowest 3 rows of each brand and market (--sort -visibility --top 3 for the highest).');
    expect(scopesTopNote([{ after: 1, matched: 4 }], { sort: { field: 'rank', descending: true }, top: 1 })).toBe(
      'Sorted by rank, highest first: the highest 1 row of each brand and market (--sort rank --top 1 for the lowest).',
    );
    expect(
      scopesTopNote(
        [
          { after: 2, matched: 2 },
          { after: 3, matched: 3 },
        ],
        lowest,
      ),
    ).toBeUndefined();
    expect(scopesTopNote([], lowest)).toBeUndefined();
    expect(scopesTopNote([{ after: 3, matched: 9 }], { top: 3 })).toBeUndefined();
    expect(scopesTopNote([{ after: 3, matched: 9 }], { sort: lowest.sort })).toBeUndefined();
    const cut = applyListOptions(body([{ v: 3 }, { v: 1 }, { v: 2 }]), LIST, { sort: { field: 'v', descending: false }, top: 2 });
    expect(cut).toMatchObject({ before: 3, after: 2, matched: 3 });
    expect(noMatchNote({ before: 2, after: 1, seen: { engine: ['a'] } })).toBeUndefined();
    expect(noMatchNote({ before: 0, after: 0, seen: { engine: ['a'] } })).toBeUndefined();
    expect(noMatchNote({ before: 1, after: 0, seen: { engine: ['a'] } })).toBe('No row matched. The answer has --engine: a.');
  });

  it('the input is never changed; every other key is kept in place', () => {
    const input = body(matrix, { period: { from: 'x' } });
    const before = JSON.stringify(input);
    const r = applyListOptions(input, LIST, { engine: ['chatgpt'], sort: { field: 'id', descending: true } });
    expect(JSON.stringify(input)).toBe(before);
    expect(Object.keys((r.body as { data: object }).data)).toEqual(['period', 'rows']);
  });
});

describe('narrowKnownColumns', () => {
  const known = [
    'id',
    'engines.chatgpt.state',
    'engines.claude',
    'engines.claude.rate',
    'enginesx.chatgpt',
    'engines',
    'engines.gemini',
    'totals.engines.gemini',
  ];
  it('with --engine, an engine map’s columns for the named engines only (any case); every other column kept', () => {
    expect(narrowKnownColumns(known, { engine: ['Claude'] })).toEqual([
      'id',
      'engines.claude',
      'engines.claude.rate',
      'enginesx.chatgpt',
      'engines',
      'totals.engines.gemini',
    ]);
  });
  it('without --engine, all of them (a copy)', () => {
    const out = narrowKnownColumns(known, { top: 1 });
    expect(out).toEqual(known);
    expect(out).not.toBe(known);
  });
});

describe('withFilters', () => {
  it('meta.filters after meta’s own keys; a meta that is missing or not an object becomes one', () => {
    expect(JSON.stringify(withFilters({ data: {}, meta: { a: 1 } }, { top: 1 }))).toBe('{"data":{},"meta":{"a":1,"filters":{"top":1}}}');
    expect(withFilters({ data: {} }, { top: 1 })).toEqual({ data: {}, meta: { filters: { top: 1 } } });
    expect(withFilters({ data: {}, meta: 'x' }, { top: 1 })).toEqual({ data: {}, meta: { filters: { top: 1 } } });
    expect(withFilters('x', { top: 1 })).toBe('x');
  });
});

describe('listAnswer', () => {
  // The columns a schema knows for rows like these: none for data without them.
  const columnsOf = (data: unknown) => (Array.isArray((data as { rows?: unknown } | undefined)?.rows) ? ['id', 'engines.chatgpt', 'engines.claude'] : []);

  it('gives the rows kept, json with meta.filters, and the header of the engines named', () => {
    const b = body([
      { id: 1, engines: { chatgpt: 'absent', claude: 'present' } },
      { id: 2, engines: { claude: 'present' } },
    ]);
    const r = listAnswer(b, LIST, { engine: ['ChatGPT'] }, columnsOf);
    expect(ids(r)).toEqual([1]);
    expect((r.json as { meta: unknown }).meta).toEqual({ api_version: 'v1', filters: { engine: ['ChatGPT'] } });
    expect(r.filterNote).toBeUndefined();
    expect(r.knownColumns).toEqual(['id', 'engines.chatgpt']);
  });

  it('says what the answer has when nothing matched', () => {
    const r = listAnswer(body([{ id: 1, engines: { claude: 'present' } }]), LIST, { engine: ['grok'] }, columnsOf);
    expect(ids(r)).toEqual([]);
    expect(r.filterNote).toBe('No row matched. The answer has --engine: claude.');
  });
});
