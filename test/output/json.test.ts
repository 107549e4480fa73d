import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderJson, renderJsonValue } from '../../src/output/json.js';
import { MAX_NESTING } from '../../src/text/nesting.js';

describe('renderJson: the envelope exactly as received', () => {
  it('lays out like JSON.stringify(value, null, 2) with one trailing newline', () => {
    const raw = '{"data":{"a":[1,2,{"b":null}],"e":{},"f":[],"g":"x"},"meta":{"api_version":"v1"}}';
    expect(renderJson(raw)).toBe(`${JSON.stringify(JSON.parse(raw), null, 2)}\n`);
  });

  it('keeps number lexemes byte for byte', () => {
    const raw = '{"a":1.0,"b":1e400,"c":12345678901234567890,"d":-0,"e":1E+2,"f":0.1000,"g":-1.5e-7}';
    expect(renderJson(raw)).toBe('{\n  "a": 1.0,\n  "b": 1e400,\n  "c": 12345678901234567890,\n  "d": -0,\n  "e": 1E+2,\n  "f": 0.1000,\n  "g": -1.5e-7\n}\n');
  });

  it('keeps key order and duplicate keys', () => {
    expect(renderJson('{"z":1,"a":2,"z":3}')).toBe('{\n  "z": 1,\n  "a": 2,\n  "z": 3\n}\n');
  });

  it('keeps existing escapes as they are', () => {
    const raw = String.raw`["\u001b[31m","\n\t\"\\\/","\u202E","\ud83d\ude80"]`;
    expect(renderJson(raw)).toBe(
      `[\n  ${String.raw`"\u001b[31m"`},\n  ${String.raw`"\n\t\"\\\/"`},\n  ${String.raw`"\u202E"`},\n  ${String.raw`"\ud83d\ude80"`}\n]\n`,
    );
  });

  it.each([
    ['DEL', '\x7f', '\\u007f'],
    ['C1 NEL', '\u0085', '\\u0085'],
    ['8-bit CSI', '\u009b', '\\u009b'],
    ['RLO', '\u202e', '\\u202e'],
    ['LRE', '\u202a', '\\u202a'],
    ['isolates', '\u2066\u2069', '\\u2066\\u2069'],
    ['line separator', '\u2028', '\\u2028'],
    ['paragraph separator', '\u2029', '\\u2029'],
  ])('escapes a raw %s inside strings and keys', (_name, ch, escaped) => {
    const raw = `{"k${ch}":"a${ch}b"}`;
    const out = renderJson(raw);
    expect(out).toBe(`{\n  "k${escaped}": "a${escaped}b"\n}\n`);
    expect(JSON.parse(out)).toEqual(JSON.parse(raw));
  });

  it('escapes invisible characters too (soft hyphen, zero-width ones, joiners, BOM, Hangul filler, tags as a surrogate pair), and reads back the same', () => {
    const value = ['a\u00adb\u200bc\u200cd\u200de\u2060f\u206ag\ufeffh\u3164i\u{e0041}j\u{e007f}k\u180el\ufff9'];
    const out = renderJson(JSON.stringify(value));
    expect(out).toBe('[\n  "a\\u00adb\\u200bc\\u200cd\\u200de\\u2060f\\u206ag\\ufeffh\\u3164i\\udb40\\udc41j\\udb40\\udc7fk\\u180el\\ufff9"\n]\n');
    expect(JSON.parse(out)).toEqual(value);
  });

  it('leaves a surrogate pair outside the tag block alone, and a lone surrogate as it was', () => {
    expect(renderJson('["🚀 \u{e0100} \\ud800"]')).toBe('[\n  "🚀 \u{e0100} \\ud800"\n]\n');
  });

  it('leaves harmless non-ASCII alone', () => {
    expect(renderJson('["漢字 🚀 é \u200e \u00a0"]')).toBe('[\n  "漢字 🚀 é \u200e \u00a0"\n]\n');
  });

  it.each([
    ['a string', '"x"', '"x"\n'],
    ['a number', ' 42 ', '42\n'],
    ['null', 'null', 'null\n'],
    ['true', 'true', 'true\n'],
    ['an empty object', '{ }', '{}\n'],
    ['an empty array', '[\r\n]', '[]\n'],
    ['nested empties', '{"a":{},"b":[[]]}', '{\n  "a": {},\n  "b": [\n    []\n  ]\n}\n'],
  ])('handles %s at the top level', (_name, raw, expected) => {
    expect(renderJson(raw)).toBe(expected);
  });

  it('ignores the input layout (tabs, CRLF, indentation)', () => {
    const value = { a: [1, { b: 'c' }], d: null };
    const expected = renderJson(JSON.stringify(value));
    expect(renderJson(JSON.stringify(value, null, '\t').replace(/\n/g, '\r\n'))).toBe(expected);
    expect(renderJson(JSON.stringify(value, null, 7))).toBe(expected);
  });

  it('handles nesting up to the limit (the tokenizer keeps its own stack)', () => {
    // The output grows with the square of the depth (indentation): deeper text is a
    // NestingError (test/text/nesting.test.ts), as the client refuses it before.
    const depth = MAX_NESTING;
    const lines: string[] = [];
    for (let d = 0; d < depth - 1; d++) lines.push(`${' '.repeat(2 * d)}[`);
    lines.push(`${' '.repeat(2 * (depth - 1))}[]`);
    for (let d = depth - 2; d >= 0; d--) lines.push(`${' '.repeat(2 * d)}]`);
    expect(renderJson(`${'['.repeat(depth)}${']'.repeat(depth)}`)).toBe(`${lines.join('\n')}\n`);

    const mixed = `${'{"a":['.repeat(MAX_NESTING / 2)}${']}'.repeat(MAX_NESTING / 2)}`;
    expect(renderJson(mixed)).toBe(`${JSON.stringify(JSON.parse(mixed), null, 2)}\n`);
  });

  it.each([
    ['empty input', ''],
    ['only whitespace', '  \n'],
    ['unclosed object', '{"a":1'],
    ['unclosed array', '[1,2'],
    ['trailing comma in array', '[1,]'],
    ['trailing comma in object', '{"a":1,}'],
    ['key without value', '{"a"}'],
    ['non-string key', '{1:2}'],
    ['missing comma', '[1 2]'],
    ['two top-level values', '1 2'],
    ['mismatched brackets', '[}'],
    ['stray closer', ']'],
    ['leading zero', '01'],
    ['bare minus', '-'],
    ['misspelt literal', 'tru'],
    ['literal with junk', 'nullx'],
    ['unterminated string', '"abc'],
    ['bad escape', '"\\x41"'],
    ['short unicode escape', '"\\u12"'],
    ['raw control in a string', '"a\u0001b"'],
    ['raw newline in a string', '"a\nb"'],
    ['single quotes', "{'a':1}"],
    ['a comment', '[1 /* c */]'],
    ['a byte-order mark', '\ufeff{}'],
    ['NaN', '[NaN]'],
  ])('throws an Error on %s', (_name, raw) => {
    expect(() => renderJson(raw)).toThrow(/invalid JSON at position \d+/);
  });
});

describe('renderJson: properties', () => {
  it('reads back as the same value, with the layout of JSON.stringify, and is idempotent', () => {
    fc.assert(
      fc.property(fc.json(), (raw) => {
        const out = renderJson(raw);
        expect(JSON.parse(out)).toEqual(JSON.parse(raw));
        expect(out).toBe(renderJsonValue(JSON.parse(raw)));
        expect(renderJson(out)).toBe(out);
        expect(out.endsWith('\n') && !out.endsWith('\n\n')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('never lets a terminal-unsafe character through raw', () => {
    const unsafe = fc.constantFrom(
      ...['\x7f', '\u0080', '\u0085', '\u009b', '\u009f', '\u2028', '\u2029', '\u202a', '\u202e', '\u2066', '\u2069'],
      ...['\u00ad', '\u200b', '\u200d', '\u2060', '\u2065', '\u206f', '\ufeff', '\u3164', '\u{e0000}', '\u{e0041}', '\u{e007f}', '\u{1d173}'],
    );
    const text = fc.array(fc.oneof(unsafe, fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.dictionary(text, text, { maxKeys: 4 }), (value) => {
        const raw = JSON.stringify(value);
        const out = renderJson(raw);
        expect(out).not.toMatch(/[\x7f-\x9f\u2028-\u202e\u2066-\u2069\u00ad\u200b-\u200d\u2060-\u206f\ufeff\u3164\u{e0000}-\u{e007f}\u{1d173}]/u);
        expect(JSON.parse(out)).toEqual(JSON.parse(raw));
      }),
      { numRuns: 300 },
    );
  });
});

describe('renderJsonValue', () => {
  it('pretty-prints, escapes and ends with one newline', () => {
    expect(renderJsonValue({ a: 'x\u202ey', b: [1] })).toBe('{\n  "a": "x\\u202ey",\n  "b": [\n    1\n  ]\n}\n');
  });

  it('refuses values JSON cannot hold', () => {
    expect(() => renderJsonValue(undefined)).toThrow(TypeError);
    expect(() => renderJsonValue(() => 1)).toThrow(TypeError);
  });
});
