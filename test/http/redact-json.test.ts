/** maskKeysInJson: a key in any string of a JSON answer masked, every other byte kept; a body without it returned as it is. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskKeysInJson, mayHold } from '../../src/http/redact-json.js';

const KEY = 'vis_live/Ab"c\\9';
const mask = (raw: string, keys: string[] = [KEY]) => maskKeysInJson(raw, keys);
/** A JSON string's body as JSON.stringify writes it. */
const written = (s: string) => JSON.stringify(s).slice(1, -1);

describe('maskKeysInJson', () => {
  it('masks the key in values at any depth, in field names, as a Bearer header, several times in one string', () => {
    const raw = `{"data":{"a":[{"b":"x ${written(KEY)} y"}],"${written(KEY)}":1},"meta":{"debug":{"authorization":"Bearer ${written(KEY)}","two":"${written(KEY)}${written(KEY)}"}}}`;
    expect(mask(raw)).toBe('{"data":{"a":[{"b":"x *** y"}],"***":1},"meta":{"debug":{"authorization":"Bearer ***","two":"******"}}}');
  });

  it('masks every JSON spelling of the key: \\/, \\u escapes in either case, the short escapes of " and \\', () => {
    const forms = [
      'vis_live\\/Ab\\"c\\\\9',
      '\\u0076is\\u005Flive/Ab\\u0022c\\u005c9',
      '\\u0076\\u0069\\u0073\\u005f\\u006c\\u0069\\u0076\\u0065\\u002f\\u0041\\u0062\\u0022\\u0063\\u005C\\u0039',
      'vis_live\\u002FAb\\"c\\\\9',
    ];
    for (const form of forms) {
      expect(JSON.parse(`"${form}"`)).toBe(KEY);
      expect(mask(`{"data":{"t":"<${form}>"},"n":1.50}`)).toBe('{"data":{"t":"<***>"},"n":1.50}');
    }
  });

  it('keeps the escapes around the key as they were, and the string valid', () => {
    const raw = `{"data":{"t":"\\n\\u00e9\\"${written(KEY)}\\\\\\/\\t"}}`;
    const out = mask(raw);
    expect(out).toBe('{"data":{"t":"\\n\\u00e9\\"***\\\\\\/\\t"}}');
    expect(JSON.parse(out)).toEqual({ data: { t: '\n\u00e9"***\\/\t' } });
  });

  it('returns the very text when no string holds the key, numbers and spacing as sent', () => {
    for (const raw of [
      '{"data":{"n":1.50,"big":9007199254740993,"e":1E400}, "meta" : {}}',
      '{"data":{"t":"vis_live/Ab"}}',
      '{"data":{"t":"\\u0076is_live/Ab\\"c"}}',
      '{"data":{"t":"vis_live\\/Ab\\"c\\\\8"}}',
    ]) {
      expect(mask(raw)).toBe(raw);
    }
  });

  it('reads strings as JSON does: a key across two strings, or made of an escape and what follows it, is no key', () => {
    const key = 'nabcdef';
    expect(maskKeysInJson('{"data":{"t":"\\nabcdef"}}', [key])).toBe('{"data":{"t":"\\nabcdef"}}');
    expect(maskKeysInJson('{"data":{"t":"\\\\nabcdef"}}', [key])).toBe('{"data":{"t":"\\\\***"}}');
    expect(maskKeysInJson('{"data":{"t":"\\u006eabcdef"}}', [key])).toBe('{"data":{"t":"***"}}');
    expect(maskKeysInJson('{"data":["nab","cdef"]}', [key])).toBe('{"data":["nab","cdef"]}');
    expect(maskKeysInJson('{"data":{"t":"x\\"nabcdef\\""}}', [key])).toBe('{"data":{"t":"x\\"***\\""}}');
  });

  it('never touches a number, even one spelled like the key', () => {
    const key = '1234567';
    expect(maskKeysInJson('{"data":{"n":12345678,"t":"12345678"}}', [key])).toBe('{"data":{"n":12345678,"t":"***8"}}');
  });

  it('masks each of several keys; an empty key is no key', () => {
    expect(maskKeysInJson('{"data":{"a":"key_one_1","b":"key_two_2"}}', ['key_one_1', 'key_two_2', ''])).toBe('{"data":{"a":"***","b":"***"}}');
    expect(maskKeysInJson('{"data":{"a":""}}', [''])).toBe('{"data":{"a":""}}');
  });

  it('a document that is one string, and a string right after a backslash pair, are read whole', () => {
    expect(maskKeysInJson('"key_one_1"', ['key_one_1'])).toBe('"***"');
    expect(maskKeysInJson('["a\\\\","key_one_1"]', ['key_one_1'])).toBe('["a\\\\","***"]');
    // An escaped quote does not end a string: the first 1234567 is text, the last a number.
    expect(maskKeysInJson('["x\\",1234567,\\"",1234567]', ['1234567'])).toBe('["x\\",***,\\"",1234567]');
  });

  it('stops at the end of an unterminated string rather than reading past it', () => {
    expect(maskKeysInJson('{"data":"x key_one_1', ['key_one_1'])).toBe('{"data":"x ***');
  });

  it('property: any JSON document, any spelling of a key in one of its strings: the key is gone, the rest reads the same', () => {
    // No `*` in the key: the mask beside a key made of stars would spell it again.
    const keyArb = fc.stringMatching(/^[\x21-\x29\x2b-\x7e]{6,24}$/);
    const spelled = (key: string, escapes: boolean[]) =>
      [...key].map((ch, i) => (escapes[i] ? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}` : written(ch))).join('');
    fc.assert(
      fc.property(keyArb, fc.array(fc.boolean(), { minLength: 24, maxLength: 24 }), fc.jsonValue(), fc.string(), (key, escapes, value, before) => {
        const doc = `{"data":{"value":${JSON.stringify(value)},"t":"${written(before)}${spelled(key, escapes)}"}}`;
        const parsed = JSON.parse(doc) as { data: { value: unknown; t: string } };
        expect(parsed.data.t).toBe(before + key);
        const again = JSON.parse(maskKeysInJson(doc, [key])) as { data: { value: unknown; t: string } };
        expect(again.data.t.includes(key)).toBe(false);
        expect(again.data.value).toEqual(parsed.data.value);
      }),
    );
  });
});

describe('mayHold', () => {
  it('is true for the key as written, or when an escape could spell it; false when it cannot be there', () => {
    expect(mayHold('{"t":"vis_live\\/Ab\\"c\\\\9"}', KEY)).toBe(true);
    expect(mayHold('{"t":"vis_live/Ab\\"c\\\\9"}', KEY)).toBe(true);
    expect(mayHold('{"t":"\\u0076is_live/Ab\\"c\\\\9"}', KEY)).toBe(true);
    expect(mayHold('{"t":"\\u00e9 vis_live/Ab\\"c\\\\8"}', KEY)).toBe(false);
    expect(mayHold('{"t":"\\/ vis_live/Ab\\"c\\\\8"}', KEY)).toBe(false);
    expect(mayHold('{"t":"vis_live/Ab\\"c\\\\8"}', KEY)).toBe(false);
    expect(mayHold('{"t":"\\/ key_one_1"}', 'key_one_2')).toBe(false);
    expect(mayHold('{"t":"a.b*c+d"}', 'a.b*c+x')).toBe(false);
    expect(mayHold('{"t":"\\u0000 aXb*c+d"}', 'a.b*c+d')).toBe(false);
    expect(mayHold('{"t":"\\u0000 a.b*c+d"}', 'a.b*c+d')).toBe(true);
    // A backslash is no spelling of a plain character, and `"` or `\` are never written bare.
    expect(mayHold('\\u0000 \\g\\h\\i\\j\\l\\m', 'ghijlm')).toBe(false);
    expect(mayHold('\\u0000 ab"cdef', 'ab"cdef')).toBe(false);
    expect(mayHold('\\u0000 ab\\cdef', 'ab\\cdef')).toBe(false);
    expect(mayHold('\\u0000 ab\\"cd\\\\ef', 'ab"cd\\ef')).toBe(true);
  });
});
