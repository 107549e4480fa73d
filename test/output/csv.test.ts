import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ColumnsError, guardFormula, namesAfter, renderCsv, renderCsvChunks } from '../../src/output/csv.js';
import { RowsKeyError } from '../../src/output/flatten.js';
import { sanitizeForTerminal } from '../../src/text/sanitize.js';
import { hostileText } from './hostile.js';

/** csv-parse in its strictest form: CRLF records only, no relaxed quotes or column counts. */
function parseStrict(csv: string): string[][] {
  return parse(csv, {
    record_delimiter: '\r\n',
    relax_quotes: false,
    relax_column_count: false,
    skip_empty_lines: false,
    bom: false,
  }) as string[][];
}

/** True when every line break outside quoted fields is CRLF and the text ends with one. */
function crlfEverywhere(csv: string): boolean {
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '\n' && csv[i - 1] !== '\r') return false;
    else if (!quoted && c === '\r' && csv[i + 1] !== '\n') return false;
  }
  return !quoted && (csv === '' || csv.endsWith('\r\n'));
}

describe('renderCsv', () => {
  const data = {
    period: { from: '2025-01-01', to: '2025-01-07' },
    topics: [
      { id: 1, name: 'CRM, for startups', visibility: 0.42, period: { from: 'a', to: 'b' }, rivals: ['Globex', 'Initech'] },
      { id: 2, name: 'He said "hi"\r\nthen left', visibility: null, steps: [{ n: 1 }], ok: true },
    ],
  };

  it('writes a header, one row per record, CRLF after every row, RFC 4180 quoting', () => {
    expect(renderCsv(data, { collection: 'topics' })).toBe(
      'id,name,visibility,period.from,period.to,rivals,steps,ok\r\n' +
        '1,"CRM, for startups",0.42,a,b,"Globex; Initech",,\r\n' +
        '2,"He said ""hi""\r\nthen left",,,,,"[{""n"":1}]",true\r\n',
    );
  });

  it('selects and orders columns with --columns', () => {
    expect(renderCsv(data, { collection: 'topics', columns: ['ok', 'id'] })).toBe('ok,id\r\n,1\r\ntrue,2\r\n');
  });

  it('refuses an unknown column, naming it and the available ones', () => {
    const attempt = () => renderCsv(data, { collection: 'topics', columns: ['id', 'nope', 'nada'] });
    expect(attempt).toThrow(ColumnsError);
    expect(attempt).toThrow('--columns: unknown columns "nope", "nada"; available: id, name, visibility, period.from, period.to, rivals, steps, ok');
    expect(() => renderCsv(data, { collection: 'topics', columns: [] })).toThrow(ColumnsError);
  });

  it('says which column, in the singular, and when no column is available at all', () => {
    expect(() => renderCsv([{ a: 1 }], { columns: ['b'] })).toThrow('--columns: unknown column "b"; available: a');
    expect(() => renderCsv([{}], { columns: ['b'] })).toThrow('--columns: unknown column "b"; available: (none)');
    expect(() => renderCsv([{ a: 1 }], { columns: [] })).toThrow(/^--columns: no column names given$/);
    try {
      renderCsv([{ a: 1, c: 2 }], { columns: ['a', 'b'] });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ColumnsError);
      expect((e as ColumnsError).name).toBe('ColumnsError');
      expect((e as ColumnsError).unknown).toEqual(['b']);
      expect((e as ColumnsError).available).toEqual(['a', 'c']);
    }
  });

  it('quotes a field for a quote, a comma, a semicolon, a CR or a LF alone, and nothing else', () => {
    expect(renderCsv([{ q: 'a"b', c: 'a,b', s: 'a;b', r: 'a\rb', n: 'a\nb', plain: "a:b 'c' \t|" }], {})).toBe(
      'q,c,s,r,n,plain\r\n"a""b","a,b","a;b","a\rb","a\nb",a:b \'c\' \t|\r\n',
    );
  });

  it('writes a one-column record that is not empty, or two empty columns, without quotes', () => {
    expect(renderCsv([{ a: 'x' }], {})).toBe('a\r\nx\r\n');
    expect(renderCsv([{ a: '', b: '' }], {})).toBe('a,b\r\n,\r\n');
  });

  it('takes --rows', () => {
    expect(renderCsv({ a: [{ x: 1 }], b: [{ y: 2 }] }, { rows: 'b' })).toBe('y\r\n2\r\n');
    expect(() => renderCsv({ a: [] }, { rows: 'b' })).toThrow(RowsKeyError);
  });

  it('writes the requested header, unchecked, when there are no rows', () => {
    expect(renderCsv({ tasks: [] }, { collection: 'tasks', columns: ['id', 'title'] })).toBe('id,title\r\n');
  });

  it('writes nothing at all when there are no rows and no --columns', () => {
    expect(renderCsv({ tasks: [] }, { collection: 'tasks' })).toBe('');
    expect(renderCsv(null, {})).toBe('');
  });

  it('writes a one-column empty record as "" so it is not a blank line', () => {
    const csv = renderCsv(['a', '', null], {});
    expect(csv).toBe('value\r\na\r\n""\r\n""\r\n');
    expect(parseStrict(csv)).toEqual([['value'], ['a'], [''], ['']]);
  });

  it('writes data that is a single object as one row', () => {
    expect(renderCsv({ id: 7, report: { score: 3 } }, {})).toBe('id,report.score\r\n7,3\r\n');
  });

  it('is byte-for-byte the same for the same input, columns in first-seen order', () => {
    const rows = [{ b: 1 }, { a: 2, b: 3 }, { c: { d: 4 } }];
    const first = renderCsv(rows, {});
    expect(first).toBe('b,a,c.d\r\n1,,\r\n3,2,\r\n,,4\r\n');
    expect(renderCsv(structuredClone(rows), {})).toBe(first);
  });

  it('streams the same bytes as chunks, a header then one chunk per row', () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ i, s: `r${i}` }));
    const chunks = [...renderCsvChunks(rows, {})];
    expect(chunks).toHaveLength(6);
    expect(chunks.join('')).toBe(renderCsv(rows, {}));
  });

  it('checks --rows and --columns when called, before any chunk is taken', () => {
    expect(() => renderCsvChunks({ a: [{ x: 1 }] }, { columns: ['y'] })).toThrow(ColumnsError);
    expect(() => renderCsvChunks({ a: [] }, { rows: 'b' })).toThrow(RowsKeyError);
  });

  it('streams a big collection without holding the output', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({ id: i, name: `row ${i}`, tags: ['a', 'b'] }));
    let count = 0;
    let bytes = 0;
    for (const chunk of renderCsvChunks(rows, {})) {
      count++;
      bytes += chunk.length;
    }
    expect(count).toBe(100_001);
    expect(bytes).toBeGreaterThan(1_000_000);
  });
});

describe('formula guard', () => {
  it.each([
    ['=', '=1+1', "'=1+1"],
    ['+', '+cmd', "'+cmd"],
    ['-', "-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['@', '@SUM(A1)', "'@SUM(A1)"],
    ['TAB', '\t=1', "'\t=1"],
    ['CR', '\r=1', "'\r=1"],
    ['LF', '\n=1', "'\n=1"],
    ['TAB before a word', '\tabc', "'\tabc"],
    ['CR before a word', '\rabc', "'\rabc"],
    ['LF before a word', '\nabc', "'\nabc"],
    ['full-width =', '＝1+1', "'＝1+1"],
    ['full-width +', '＋1', "'＋1"],
    ['full-width -', '－1', "'－1"],
    ['full-width @', '＠x', "'＠x"],
    ['a lone minus', '-', "'-"],
    ['a signed number with junk', '-1,5', "'-1,5"],
    ['hex is not decimal', '-0x10', "'-0x10"],
    ['a space, then =', ' =1', "' =1"],
    ['spaces, then +', '   +cmd', "'   +cmd"],
    ['NBSP, then =', '\u00a0=1', "'\u00a0=1"],
    ['U+3000, then =', '\u3000=1', "'\u3000=1"],
    ['an em space, then @', '\u2003@SUM(A1)', "'\u2003@SUM(A1)"],
    ['U+FEFF, then -', '\ufeff-cmd', "'\ufeff-cmd"],
    ['a space, then a full-width =', ' ＝1', "' ＝1"],
    ['U+3000, then a full-width @', '\u3000＠x', "'\u3000＠x"],
    ['a space, then a signed number (only exactly a number is left alone)', ' -3', "' -3"],
  ])('prefixes text starting with %s', (_name, text, guarded) => {
    expect(guardFormula(text)).toBe(guarded);
  });

  it.each([
    ['a negative decimal', '-3.5'],
    ['a negative number of several digits', '-1250.75'],
    ['a positive sign', '+2'],
    ['an exponent', '-1e3'],
    ['a bare fraction', '-.5'],
    ['a signed fraction without a leading digit', '-.55'],
    ['a signed number with a point and an exponent', '+1.5E-10'],
    ['a plain word', 'hello'],
    ['a formula sign later on', 'a=b'],
    ['a leading space before a word', ' a=1'],
    ['whitespace alone', ' \u3000'],
    ['the empty string', ''],
  ])('leaves %s alone', (_name, text) => {
    expect(guardFormula(text)).toBe(text);
  });

  it('never prefixes a JSON number, and guards text, joined arrays, JSON cells and headers', () => {
    const csv = renderCsv([{ n: -3.5, s: '-3.5', f: '=1+1', list: ['-a', 'b'], objs: [{ x: '=1' }], '=h': 1 }], {});
    expect(csv).toBe(`n,s,f,list,objs,'=h\r\n-3.5,-3.5,'=1+1,"'-a; b","[{""x"":""=1""}]",1\r\n`);
  });

  it('quotes a field holding a semicolon, so locales that split on it keep one cell', () => {
    expect(renderCsv([{ c: "Acme;=cmd|' /C calc'!A0", d: 'a;b', e: 'plain' }], {})).toBe(`c,d,e\r\n"Acme;=cmd|' /C calc'!A0","a;b",plain\r\n`);
  });
});

/**
 * The formula guard as docs/guide.md's Output formats states it, written apart from csv.ts so
 * the property below does not check guardFormula against itself: text whose first
 * character is TAB, CR or LF, or whose first after any leading whitespace is one of
 * `= + - @` or a full-width `＝ ＋ － ＠`, gets a leading `'`, unless the whole text is a
 * plain decimal number (digits, sign, point and exponent that Number() reads).
 */
const FORMULA_SIGNS = ['=', '+', '-', '@', '\uff1d', '\uff0b', '\uff0d', '\uff20'];
function guardedByContract(text: string): string {
  const first = text.charAt(0);
  // A spreadsheet trims leading whitespace (trimStart: every Unicode space) before it looks.
  const formula = ['\t', '\r', '\n'].includes(first) || FORMULA_SIGNS.includes(text.trimStart().charAt(0));
  const plainNumber = [...text].every((c) => '0123456789.eE+-'.includes(c)) && !Number.isNaN(Number(text));
  return formula && !plainNumber ? `'${text}` : text;
}

/** Text that starts like a formula, or like a signed number, far more often than chance. */
const formulaLike = fc
  .tuple(
    fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '\uff1d', '\uff0b', '\uff0d', '\uff20', ' ', ''),
    fc.constantFrom('', ' ', '  ', '\u00a0', '\u3000', '\u2003', '\ufeff', '\u1680', '\u205f', ' \u00a0'),
    fc.oneof(fc.string({ maxLength: 5 }), fc.double({ noNaN: true }).map(String), fc.stringMatching(/^[0-9.eE+-]{0,6}$/)),
  )
  .map(([lead, space, rest]) => (space === '' ? lead + rest : space + lead + rest));

describe('guardedByContract (the oracle of the property below) agrees with the examples', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['-3.5', '-3.5'],
    ['+2', '+2'],
    ['-1e3', '-1e3'],
    ['-.5', '-.5'],
    ['-1.', '-1.'],
    ['-', "'-"],
    ['-e5', "'-e5"],
    ['--1', "'--1"],
    ['-1 ', "'-1 "],
    ['-Infinity', "'-Infinity"],
    ['-0x1', "'-0x1"],
    ['\uff0d1', "'\uff0d1"],
    ['1=2', '1=2'],
    [' =1', "' =1"],
    ['\u3000\uff0b1', "'\u3000\uff0b1"],
  ])('%j -> %j', (text, expected) => {
    expect(guardedByContract(text)).toBe(expected);
    expect(guardFormula(text)).toBe(expected);
  });
});

describe('renderCsv: hostile text round-trips through a strict parser', () => {
  it('gives back every value (apart from the guard prefix), equal field counts, CRLF everywhere', () => {
    const key = fc.oneof(fc.string({ minLength: 1, maxLength: 6 }), formulaLike).filter((k) => k !== '' && !k.includes('.'));
    fc.assert(
      fc.property(
        fc.array(
          fc.dictionary(key, fc.oneof(hostileText(), formulaLike, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null)), {
            maxKeys: 5,
          }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        (rows) => {
          const csv = renderCsv(rows, {});
          expect(crlfEverywhere(csv)).toBe(true);
          const records = parseStrict(csv);
          if (csv === '') return; // rows without any keys: nothing to write
          const [header, ...body] = records as [string[], ...string[][]];
          expect(body).toHaveLength(rows.length);
          for (const r of records) expect(r).toHaveLength(header.length);
          const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
          expect(header).toEqual(columns.map(guardedByContract));
          rows.forEach((row, i) => {
            columns.forEach((col, j) => {
              const v = Object.hasOwn(row, col) ? row[col] : undefined;
              const expected = v === null || v === undefined ? '' : typeof v === 'string' ? guardedByContract(v) : String(v);
              expect(body[i]?.[j]).toBe(expected);
            });
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('csv: known columns (from the data schema)', () => {
  const opts = { collection: 'topics', knownColumns: ['id', 'name', 'visibility'] };
  it('an empty collection is exactly the header line', () => {
    expect(renderCsv({ topics: [] }, opts)).toBe('id,name,visibility\r\n');
    expect(renderCsv({ topics: [] }, { collection: 'topics' })).toBe('');
  });
  it('rows keep an unknown field, after the known columns', () => {
    expect(renderCsv({ topics: [{ extra: 1, name: 'A', id: 'a' }] }, opts)).toBe('id,name,extra\r\na,A,1\r\n');
  });
  it('not used when the rows are not the main collection (--rows, another array)', () => {
    expect(renderCsv({ topics: [], other: [{ name: 'x', id: 1 }] }, { ...opts, rows: 'other' })).toBe('name,id\r\nx,1\r\n');
  });
});

describe('csv on a terminal (terminal: true)', () => {
  const ESC = '\u001b';

  it('each text field, header included, gets the terminal rule; numbers, booleans and null as always', () => {
    const rows = [{ [`t${ESC}[2Ji\u202et`]: `a${ESC}]52;c;eA==\u0007b\r\nc\u0085`, n: -3.5, ok: true, none: null }];
    expect(renderCsv(rows, { terminal: true })).toBe('ti\\u202et,n,ok,none\r\nab\\r\\nc\\x85,-3.5,true,\r\n');
  });

  it('the guard looks at the text as shown: a formula behind a removed sequence is still guarded', () => {
    expect(renderCsv([{ f: `${ESC}[0m=1+1`, g: `\t=1` }], { terminal: true })).toBe(`f,g\r\n'=1+1,\\t=1\r\n`);
  });

  it('without it, the same fields are written as received', () => {
    const rows = [{ t: `a${ESC}]52;c;eA==\u0007b\u0085` }];
    expect(renderCsv(rows, {})).toBe(`t\r\n"a${ESC}]52;c;eA==\u0007b\u0085"\r\n`);
    expect(renderCsv(rows, { terminal: false })).toBe(renderCsv(rows, {}));
  });

  it('hostile text: no control but the CRLF after each row, one line per record, each field the sanitised value', () => {
    fc.assert(
      fc.property(
        fc.array(fc.dictionary(fc.constantFrom('a', 'b', `c${ESC}[1m`), hostileText(), { minKeys: 1, maxKeys: 3 }), { minLength: 1, maxLength: 4 }),
        (rows) => {
          const csv = renderCsv(rows, { terminal: true });
          expect(csv.replace(/\r\n/g, '')).not.toMatch(/[\x00-\x1f\x7f-\x9f\u2028-\u202e\u2066-\u2069]/);
          const records = parseStrict(csv);
          expect(csv.split('\r\n')).toHaveLength(rows.length + 2);
          const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
          expect(records[0]).toEqual(columns.map((c) => guardFormula(sanitizeForTerminal(c))));
          rows.forEach((row, i) => {
            columns.forEach((c, j) => expect(records[i + 1]?.[j]).toBe(Object.hasOwn(row, c) ? guardFormula(sanitizeForTerminal(row[c] as string)) : ''));
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('formula guard: what a spreadsheet sees', () => {
  it('any text: once parsed and trimmed of leading whitespace, a cell starts with a formula sign only when guarded (or exactly a plain number)', () => {
    const text = fc.oneof(formulaLike, fc.string({ unit: 'grapheme', maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 8 }));
    fc.assert(
      fc.property(text, (t) => {
        const csv = renderCsv([{ c: t }], {});
        const cell = (parseStrict(csv)[1] as string[])[0] as string;
        const plainNumber = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/.test(t);
        if (FORMULA_SIGNS.includes(cell.trimStart().charAt(0)) && !plainNumber) expect(cell).toBe(`'${t}`);
        // Split on `;` as some locales do: no piece but the first may start a formula.
        const line = csv.split('\r\n')[1] as string;
        if (t.includes(';')) expect(line.startsWith('"')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('csv: period columns (an endpoint with a period)', () => {
  const data = {
    period: { from: '2026-11-19', to: '2026-11-25', days: 7 },
    topics: [
      { id: 1, name: 'a' },
      { id: 2, extra: true },
    ],
  };

  it('close every row, after columns only some rows have, with the answer’s from and to', () => {
    expect(parseStrict(renderCsv(data, { collection: 'topics', period: true }))).toEqual([
      ['id', 'name', 'extra', 'period_from', 'period_to'],
      ['1', 'a', '', '2026-11-19', '2026-11-25'],
      ['2', '', 'true', '2026-11-19', '2026-11-25'],
    ]);
    expect(renderCsv(data, { collection: 'topics' })).toBe('id,name,extra\r\n1,a,\r\n2,,true\r\n');
  });

  it('are empty when the answer carries no period, or one without from/to, or not as scalars: never a crash', () => {
    for (const period of [undefined, null, 'last week', [], {}, { days: 7 }, { from: { y: 2026 }, to: ['x'] }]) {
      const rows = parseStrict(renderCsv({ period, topics: [{ id: 1 }] }, { collection: 'topics', period: true }));
      expect(rows, JSON.stringify(period)).toEqual([
        ['id', 'period_from', 'period_to'],
        ['1', '', ''],
      ]);
    }
    expect(parseStrict(renderCsv({ period: { from: '2026-11-01' }, topics: [{ id: 1 }] }, { collection: 'topics', period: true }))[1]).toEqual([
      '1',
      '2026-11-01',
      '',
    ]);
  });

  it('follow the known columns of an empty collection; no header at all stays no output', () => {
    expect(renderCsv({ period: data.period, topics: [] }, { collection: 'topics', period: true, knownColumns: ['id', 'name'] })).toBe(
      'id,name,period_from,period_to\r\n',
    );
    expect(renderCsv({ period: data.period, topics: [] }, { collection: 'topics', period: true })).toBe('');
  });

  it('can be picked with --columns, and a row’s own period_from is kept beside them', () => {
    expect(renderCsv(data, { collection: 'topics', period: true, columns: ['period_to', 'id'] })).toBe('period_to,id\r\n2026-11-25,1\r\n2026-11-25,2\r\n');
    const own = { period: data.period, topics: [{ period_from: 'mine' }] };
    expect(parseStrict(renderCsv(own, { collection: 'topics', period: true }))).toEqual([
      ['period_from', 'period_from (2)', 'period_to'],
      ['mine', '2026-11-19', '2026-11-25'],
    ]);
  });

  it('a one-record answer taken as one row (--rows .) renames its own period.from/to in place', () => {
    const one = { period: { from: 'f', to: 't', days: 7 }, score: 1 };
    expect(renderCsv(one, { oneRecord: true, period: true, rows: '.' })).toBe('period_from,period_to,period.days,score\r\nf,t,7,1\r\n');
    expect(renderCsv({ score: 1 }, { oneRecord: true, period: true, rows: '.' })).toBe('score,period_from,period_to\r\n1,,\r\n');
    // An endpoint without a period keeps a period.from of its own as it is.
    expect(renderCsv(one, { oneRecord: true, rows: '.' })).toBe('period.from,period.to,period.days,score\r\nf,t,7,1\r\n');
  });
});

describe('csv: a one-record answer as key,value rows', () => {
  it('one row per figure, dotted keys, the period renamed, text guarded and quoted as any cell', () => {
    const usage = { plan: 'growth', reads: { used: 5, limit: null }, note: '=1+1', tags: ['a', 'b'], period: { from: 'f', to: 't' } };
    expect(parseStrict(renderCsv(usage, { oneRecord: true }))).toEqual([
      ['key', 'value'],
      ['plan', 'growth'],
      ['reads.used', '5'],
      ['reads.limit', ''],
      ['note', "'=1+1"],
      ['tags', 'a; b'],
      ['period_from', 'f'],
      ['period_to', 't'],
    ]);
  });

  it('--columns keeps the one-row form; a data that is not an object is not figures', () => {
    expect(renderCsv({ a: 1, b: { c: 2 } }, { oneRecord: true, columns: ['b.c'] })).toBe('b.c\r\n2\r\n');
    expect(renderCsv([{ a: 1 }], { oneRecord: true })).toBe('a\r\n1\r\n');
    expect(renderCsv(null, { oneRecord: true })).toBe('');
  });

  it('on a terminal, keys and values are sanitised', () => {
    expect(renderCsv({ 'k\u001b[2J': 'v\u0007' }, { oneRecord: true, terminal: true })).toBe(`key,value\r\nk,${sanitizeForTerminal('v\u0007')}\r\n`);
  });
});

describe('csv: leading columns (an export names its brand and market on every row)', () => {
  const leading = [
    ['brand_id', 101],
    ['brand', 'Northwind CRM'],
    ['market', 'US-en'],
  ] as const;
  const data = { period: { from: '2026-11-19', to: '2026-11-25' }, topics: [{ id: 't1', rate: 4 }, { id: 't2' }] };

  it('come first on the header and on every row, before the period columns that close it', () => {
    expect(renderCsv(data, { collection: 'topics', period: true, leading })).toBe(
      'brand_id,brand,market,id,rate,period_from,period_to\r\n' +
        '101,Northwind CRM,US-en,t1,4,2026-11-19,2026-11-25\r\n' +
        '101,Northwind CRM,US-en,t2,,2026-11-19,2026-11-25\r\n',
    );
  });

  it('keep their names; the data’s own column of that name becomes "name (2)", or the next number free', () => {
    const rows = [{ brand: 'Globex', market: 'GB-en', 'brand (2)': 'x', id: 1 }];
    expect(parseStrict(renderCsv(rows, { leading }))).toEqual([
      ['brand_id', 'brand', 'market', 'brand (3)', 'market (2)', 'brand (2)', 'id'],
      ['101', 'Northwind CRM', 'US-en', 'Globex', 'GB-en', 'x', '1'],
    ]);
  });

  it('are guarded, quoted and, on a terminal, sanitised as any cell; an empty value is an empty cell', () => {
    const hostile = [
      ['brand_id', null],
      ['brand', '=HYPERLINK("x"), Inc'],
      ['market', '\u001b[2JUS'],
    ] as const;
    expect(renderCsv([{ a: 1 }], { leading: hostile })).toBe(`brand_id,brand,market,a\r\n,"'=HYPERLINK(""x""), Inc",\u001b[2JUS,1\r\n`);
    expect(renderCsv([{ a: 1 }], { leading: hostile, terminal: true })).toBe(
      `brand_id,brand,market,a\r\n,"'=HYPERLINK(""x""), Inc",${sanitizeForTerminal('\u001b[2JUS')},1\r\n`,
    );
  });

  it('with no rows: the known columns’ header after them; with nothing known, still nothing at all', () => {
    expect(renderCsv({ topics: [] }, { collection: 'topics', knownColumns: ['id', 'name'], period: true, leading })).toBe(
      'brand_id,brand,market,id,name,period_from,period_to\r\n',
    );
    expect(renderCsv({ topics: [] }, { collection: 'topics', leading })).toBe('');
  });

  it('lead the figures of a one-record answer too; figurePeriod closes each figure with the period', () => {
    const overview = { period: { from: 'f', to: 't' }, score: 3 };
    expect(renderCsv(overview, { oneRecord: true, leading })).toBe(
      'brand_id,brand,market,key,value\r\n101,Northwind CRM,US-en,period_from,f\r\n101,Northwind CRM,US-en,period_to,t\r\n101,Northwind CRM,US-en,score,3\r\n',
    );
    expect(parseStrict(renderCsv(overview, { oneRecord: true, leading, figurePeriod: true })).slice(0, 2)).toEqual([
      ['brand_id', 'brand', 'market', 'key', 'value', 'period_from', 'period_to'],
      ['101', 'Northwind CRM', 'US-en', 'period_from', 'f', 'f', 't'],
    ]);
    // A period that is not there gives empty cells; the columns stay.
    expect(renderCsv({ score: 3 }, { oneRecord: true, figurePeriod: true })).toBe('key,value,period_from,period_to\r\nscore,3,,\r\n');
  });

  it('leave the csv as it was without them', () => {
    expect(renderCsv(data, { collection: 'topics', period: true, leading: [] })).toBe(renderCsv(data, { collection: 'topics', period: true }));
    expect(renderCsv({ score: 3 }, { oneRecord: true, figurePeriod: false })).toBe('key,value\r\nscore,3\r\n');
  });
});

describe('namesAfter', () => {
  it('renames only the columns named like a leading one, each to a name no other column has', () => {
    expect(namesAfter(['brand', 'market'], ['id', 'brand', 'market (2)', 'market'])).toEqual(['id', 'brand (2)', 'market (2)', 'market (3)']);
    expect(namesAfter([], ['brand', 'brand (2)'])).toEqual(['brand', 'brand (2)']);
  });
});
