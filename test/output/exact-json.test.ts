/**
 * The lexeme-keeping parse behind csv and table (src/output/exact-json.ts): JSON.parse's
 * values, except that a number whose JS spelling differs from what the server sent is a
 * RawNumber holding the lexeme.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasRespelledNumber, parseExactJson, parseKeepingNumbers } from '../../src/output/exact-json.js';
import { JsonSyntaxError } from '../../src/output/json.js';
import { isRawNumber, RawNumber } from '../../src/text/raw-number.js';

/** A copy of parsed JSON with every RawNumber replaced by `f` of it. */
function mapRawNumbers(v: unknown, f: (r: RawNumber) => unknown): unknown {
  if (isRawNumber(v)) return f(v);
  if (Array.isArray(v)) return v.map((x) => mapRawNumbers(x, f));
  if (typeof v === 'object' && v !== null) {
    const out: Record<string, unknown> = {};
    // defineProperty: a `__proto__` key stays an own key, as JSON.parse makes it.
    for (const k of Object.keys(v)) Object.defineProperty(out, k, { value: mapRawNumbers((v as Record<string, unknown>)[k], f), enumerable: true });
    return out;
  }
  return v;
}

/** RawNumbers as `{ raw: lexeme }`, so toEqual compares lexemes, not object fields. */
const lexemes = (v: unknown): unknown => mapRawNumbers(v, (r) => ({ raw: r.lexeme }));

describe('parseExactJson', () => {
  it.each([
    ['9007199254740993', '2^53 + 1'],
    ['-9007199254740993', 'its negative'],
    ['12345678901234567890123', 'past 2^64'],
    ['1e400', 'overflow to Infinity'],
    ['-1e400', 'overflow to -Infinity'],
    ['1e-400', 'underflow to 0'],
    ['-0', 'negative zero'],
    ['1.0', 'a trailing zero'],
    ['1.50', 'trailing zero after a decimal'],
    ['0.10', 'a leading and a trailing zero'],
    ['1E2', 'an upper-case exponent'],
    ['1e+2', 'a signed exponent'],
    ['1e2', 'an exponent JS writes out'],
    ['0.1000000000000000055511151231257827', 'more than 17 significant digits'],
    ['100000000000000000000000', 'a round big integer JS writes as 1e+23'],
  ])('keeps %s (%s) as a RawNumber', (lexeme) => {
    const v = parseExactJson(`{"n":${lexeme}}`) as { n: unknown };
    expect(isRawNumber(v.n)).toBe(true);
    expect(String(v.n)).toBe(lexeme);
    expect(Number(v.n)).toBe(Number(lexeme));
  });

  it.each(['0', '-1', '41.8', '9007199254740991', '1e+21', '0.5', '123456789012345680000', '5e-324'])(
    'gives %s as a plain number: it prints as sent',
    (lexeme) => {
      expect(parseExactJson(`[${lexeme}]`)).toEqual([Number(lexeme)]);
    },
  );

  it('reads every JSON feature as JSON.parse does', () => {
    const raw =
      ' {"s":"a\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\\u0000","e":"","u":"é😀","t":true,"f":false,"z":null,' +
      '"a":[1,[2,[3,{}]],[],{"k":[]}],"o":{"p":{"q":"r"}},"2":"two","1":"one","\\\\":"backslash key","d":1,"d":2,"__proto__":{"x":1}}\n';
    const v = parseExactJson(raw);
    expect(v).toEqual(JSON.parse(raw));
    expect(Object.keys(v as object)).toEqual(Object.keys(JSON.parse(raw) as object)); // integer keys first, duplicates once
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.hasOwn(v as object, '__proto__')).toBe(true); // an own key, as JSON.parse makes it, not the prototype
    expect((v as { d: number }).d).toBe(2); // the last duplicate wins
  });

  it.each(['', '{', '[1,]', '{"a":1,}', '{"a" 1}', '[1 2]', '"abc', 'tru', '01x', '-', '[1]]', '{"a":1}x', "{'a':1}", '[1}'])(
    'throws a JsonSyntaxError for %j rather than misread it',
    (raw) => {
      expect(() => parseExactJson(raw)).toThrow(JsonSyntaxError);
    },
  );

  it('parses deep nesting without recursion', () => {
    const depth = 100_000;
    const v = parseExactJson(`${'['.repeat(depth)}1e400${']'.repeat(depth)}`);
    let node: unknown = v;
    for (let i = 0; i < depth; i++) node = (node as unknown[])[0];
    expect(String(node)).toBe('1e400');
  });

  /** JSON text from a value, with some of its numbers respelled: `1` as `1.0`, `1E0`, ... */
  const jsonText = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.constant('null'),
      fc.boolean().map(String),
      fc.string({ unit: 'binary' }).map((s) => JSON.stringify(s)),
      fc
        .double()
        .filter(Number.isFinite)
        .map((n) => JSON.stringify(n)),
      fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
      fc.constantFrom('1.0', '-0', '1E2', '1e+2', '0.10', '1e400', '-1e400', '1e-400', '9007199254740993', '2.50e-3'),
      fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
      fc
        .array(fc.tuple(fc.string({ unit: 'binary', maxLength: 4 }), tie('value')), { maxLength: 4 })
        .map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
    ),
  })).value;

  /** The number lexemes of JSON text (outside strings) that JS would print differently. */
  function respelledLexemes(raw: string): string[] {
    const out: string[] = [];
    for (const m of raw.matchAll(/"(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*/g)) if (!m[0].startsWith('"') && String(Number(m[0])) !== m[0]) out.push(m[0]);
    return out;
  }

  it('equals JSON.parse for any JSON text, numbers RawNumbers exactly when their String() is not the lexeme', () => {
    fc.assert(
      fc.property(jsonText, (raw) => {
        const v = parseExactJson(raw);
        const found: string[] = [];
        const plain = mapRawNumbers(v, (r) => {
          found.push(r.lexeme);
          return Number(r);
        });
        const respelled = respelledLexemes(raw);
        // Same values as JSON.parse once RawNumbers are read as numbers (duplicate keys: the last one).
        expect(plain).toEqual(JSON.parse(raw));
        // And RawNumbers exactly for the respelled lexemes, each as sent. A duplicate key
        // drops the earlier value, so compare as a sub-multiset.
        for (const lexeme of found) expect(respelled).toContain(lexeme);
        expect(hasRespelledNumber(raw)).toBe(respelled.length > 0);
        if (respelled.length === 0) expect(found).toEqual([]);
      }),
    );
  });

  it('keeps no RawNumber where every number prints as sent', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const raw = JSON.stringify(value);
        expect(hasRespelledNumber(raw)).toBe(false);
        expect(lexemes(parseExactJson(raw))).toEqual(lexemes(JSON.parse(raw)));
      }),
    );
  });
});

describe('parseKeepingNumbers', () => {
  it("returns JSON.parse's own result when every number prints as sent: no second parse", () => {
    const raw = '{"data":{"a":[1,2.5,"1.0","9007199254740993",-3]}}';
    const parsed = JSON.parse(raw) as unknown;
    expect(parseKeepingNumbers(raw, parsed)).toBe(parsed);
  });

  it('parses again, keeping lexemes, when one does not', () => {
    const raw = '{"data":{"topics":[{"id":9007199254740993,"score":1.50,"n":3}]}}';
    const v = parseKeepingNumbers(raw, JSON.parse(raw)) as { data: { topics: Array<Record<string, unknown>> } };
    const topic = v.data.topics[0] ?? {};
    expect(topic.id).toBeInstanceOf(RawNumber);
    expect(String(topic.id)).toBe('9007199254740993');
    expect(String(topic.score)).toBe('1.50');
    expect(topic.n).toBe(3);
  });
});
