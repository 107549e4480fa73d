/**
 * `--format json`: the API envelope exactly as received, pretty-printed with a 2-space
 * indent and one trailing newline (docs/guide.md, Output formats).
 *
 * `renderJson` re-indents the raw response text token by token instead of going through
 * JSON.parse + JSON.stringify, because a round trip through JS values would change what
 * the server sent: `1.0` would become `1`, `12345678901234567890` would lose digits,
 * `1e400` would become `null`, and duplicate keys would collapse. Here every number
 * lexeme, key order, duplicate key and existing escape comes out byte for byte; only
 * whitespace between tokens changes, laid out exactly as JSON.stringify(v, null, 2) would.
 *
 * Inside strings the characters that could drive a terminal even there (DEL, U+0080-
 * U+009F, U+2028-U+202E, U+2066-U+2069) are written as `\uXXXX` escapes, so `jq` reads
 * back the same values. Raw C0 controls cannot occur in valid JSON strings. So are the
 * invisible characters the table shows as escapes (sanitize.ts, rule 4: U+00AD, U+180E,
 * U+200B-U+200D, U+2060-U+206F, U+FEFF, U+FFF9-U+FFFB, the Hangul fillers, the astral
 * format controls and the tag block, astral ones as their two surrogate escapes), so a
 * lookalike name shows what it is. Here the joiners are escaped wherever they are: json
 * is read back by programs, and the escape is the same value.
 */

import { MAX_NESTING, NestingError } from '../text/nesting.js';

// DEL, C1, U+2028/U+2029 and the bidi controls U+202A-U+202E (one contiguous range with
// the separators), U+2060-U+206F (the isolates U+2066-U+2069 and invisible characters),
// the other invisible characters, and astral ones as surrogate pairs: Egyptian format
// controls U+13430-U+1343F, shorthand U+1BCA0-U+1BCA3, musical U+1D173-U+1D17A, tags.
const TERMINAL_UNSAFE =
  /[\x7f-\x9f\xad\u115f\u1160\u180e\u200b-\u200d\u2028-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb]|\ud80d[\udc30-\udc3f]|\ud82f[\udca0-\udca3]|\ud834[\udd73-\udd7a]|\udb40[\udc00-\udc7f]/g;

function isTerminalUnsafe(c: number): boolean {
  return (
    (c >= 0x7f && c <= 0x9f) ||
    c === 0xad ||
    c === 0x115f ||
    c === 0x1160 ||
    c === 0x180e ||
    (c >= 0x200b && c <= 0x200d) ||
    (c >= 0x2028 && c <= 0x202e) ||
    (c >= 0x2060 && c <= 0x206f) ||
    c === 0x3164 ||
    c === 0xfeff ||
    c === 0xffa0 ||
    (c >= 0xfff9 && c <= 0xfffb)
  );
}

/** The astral invisible characters, as their two UTF-16 units. */
function isUnsafePair(high: number, low: number): boolean {
  if (high === 0xdb40) return low >= 0xdc00 && low <= 0xdc7f;
  if (high === 0xd80d) return low >= 0xdc30 && low <= 0xdc3f;
  if (high === 0xd82f) return low >= 0xdca0 && low <= 0xdca3;
  return high === 0xd834 && low >= 0xdd73 && low <= 0xdd7a;
}

function unicodeEscape(c: string): string {
  let out = '';
  for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/** The escape rule above, for JSON text in which these characters can only be inside strings. */
function escapeTerminalUnsafe(json: string): string {
  TERMINAL_UNSAFE.lastIndex = 0;
  return TERMINAL_UNSAFE.test(json) ? json.replace(TERMINAL_UNSAFE, unicodeEscape) : json;
}

/** renderJson was given text that is not JSON (the caller's validation let it through). */
export class JsonSyntaxError extends Error {
  constructor(message: string, position: number) {
    super(`invalid JSON at position ${position}: ${message}`);
    this.name = 'JsonSyntaxError';
  }
}

// What the tokenizer accepts next. Plain numbers, not an enum: this is the hottest loop
// in the CLI and a local small integer is the cheapest state there is.
const VALUE = 0; // a value (top level, after `:`, after `,` in an array)
const VALUE_OR_CLOSE = 1; // right after `[`
const KEY = 2; // after `,` in an object
const KEY_OR_CLOSE = 3; // right after `{`
const COLON = 4;
const COMMA_OR_CLOSE = 5; // after a value inside a container
const END = 6; // after the top-level value

const HEX_DIGITS = '0123456789abcdef';

/** Writes `\uXXXX` for the UTF-16 unit `c` at `k`; returns the index after it. */
function writeEscape(buf: Uint16Array, k: number, c: number): number {
  buf[k++] = 0x5c;
  buf[k++] = 0x75;
  buf[k++] = HEX_DIGITS.charCodeAt((c >> 12) & 0xf);
  buf[k++] = HEX_DIGITS.charCodeAt((c >> 8) & 0xf);
  buf[k++] = HEX_DIGITS.charCodeAt((c >> 4) & 0xf);
  buf[k++] = HEX_DIGITS.charCodeAt(c & 0xf);
  return k;
}
const CHUNK = 8192; // code units per String.fromCharCode call on the portable path
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function isHexDigit(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** End (exclusive) of the number lexeme at `at`, by the RFC 8259 grammar. */
function numberEnd(raw: string, at: number): number {
  let j = at;
  if (raw.charCodeAt(j) === 0x2d) j++;
  const first = raw.charCodeAt(j);
  if (first === 0x30) j++;
  else if (first >= 0x31 && first <= 0x39) while (isDigit(raw.charCodeAt(++j)));
  else throw new JsonSyntaxError('expected a value', at);
  if (raw.charCodeAt(j) === 0x2e) {
    if (!isDigit(raw.charCodeAt(++j))) throw new JsonSyntaxError('expected a digit after `.`', j);
    while (isDigit(raw.charCodeAt(++j)));
  }
  const e = raw.charCodeAt(j);
  if (e === 0x65 || e === 0x45) {
    let d = raw.charCodeAt(++j);
    if (d === 0x2b || d === 0x2d) d = raw.charCodeAt(++j);
    if (!isDigit(d)) throw new JsonSyntaxError('expected a digit in the exponent', j);
    while (isDigit(raw.charCodeAt(++j)));
  }
  return j;
}

/** Output is assembled in a fixed buffer of this many code units, decoded chunk by chunk. */
const BUFFER_UNITS = 1 << 16;

/** The first `length` code units of `buf` as a string, every code unit as it is. */
function decode(buf: Uint16Array, length: number): string {
  // Buffer's utf16le decoding is native and copies code units unchanged (lone surrogates
  // too, unlike TextDecoder); it reads little-endian, which is what a Uint16Array holds
  // everywhere Node runs except big-endian s390x, where the portable path below runs.
  if (LITTLE_ENDIAN) return Buffer.from(buf.buffer, buf.byteOffset, length * 2).toString('utf16le');
  const parts: string[] = [];
  for (let i = 0; i < length; i += CHUNK) {
    parts.push(String.fromCharCode.apply(null, buf.subarray(i, Math.min(length, i + CHUNK)) as unknown as number[]));
  }
  return parts.join('');
}

/**
 * Re-indents valid JSON text (see the module comment). Invalid input throws an Error; the
 * caller is expected to have validated the body already, so this only guards against
 * crashing or looping. Iterative; text nested deeper than MAX_NESTING is a NestingError,
 * since its indentation alone would grow with the square of the depth.
 *
 * Output is written code unit by code unit into a small reused buffer that is decoded into
 * a string each time it fills: a 5 MB body is about a million tokens, and building a string
 * per token (slices, indents) cost several times the time budget in allocation and GC,
 * while one body-sized typed array made V8 run full collections for its external memory.
 * For the same reason the state lives in locals of this one function, not in an object.
 */
export function renderJson(raw: string): string {
  const n = raw.length;
  const parts: string[] = [];
  let buf = new Uint16Array(BUFFER_UNITS);
  let k = 0;
  const isObject: boolean[] = []; // per open container; its length is the depth
  let depth = 0;
  let expect = VALUE;
  let i = 0;

  while (i < n) {
    let c = raw.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
      i++;
      continue;
    }
    // Room for any structural write below: `,` or a bracket, a newline and the indent.
    if (k + 4 + 2 * depth > buf.length) {
      parts.push(decode(buf, k));
      k = 0;
      if (4 + 2 * depth > buf.length) buf = new Uint16Array(2 * (4 + 2 * depth)); // absurdly deep
    }

    if (expect === COLON) {
      if (c !== 0x3a) throw new JsonSyntaxError('expected `:`', i);
      buf[k++] = 0x3a;
      buf[k++] = 0x20;
      expect = VALUE;
      i++;
      continue;
    }
    if (expect === COMMA_OR_CLOSE || expect === KEY_OR_CLOSE || expect === VALUE_OR_CLOSE) {
      let closing = false;
      if (expect === COMMA_OR_CLOSE) {
        if (c === 0x2c) {
          buf[k++] = 0x2c;
          buf[k++] = 0x0a;
          for (const stop = k + 2 * depth; k < stop;) buf[k++] = 0x20;
          expect = isObject[depth - 1] === true ? KEY : VALUE;
          i++;
          continue;
        }
        if (c !== 0x7d && c !== 0x5d) throw new JsonSyntaxError('expected `,` or the end of the container', i);
        closing = true; // after content: the bracket goes on its own line
        buf[k++] = 0x0a;
        for (const stop = k + 2 * (depth - 1); k < stop;) buf[k++] = 0x20;
      } else if (c === (expect === KEY_OR_CLOSE ? 0x7d : 0x5d)) {
        closing = true; // empty container: `{}` / `[]`
      } else {
        buf[k++] = 0x0a; // the container has content: open its first line
        for (const stop = k + 2 * depth; k < stop;) buf[k++] = 0x20;
        expect = expect === KEY_OR_CLOSE ? KEY : VALUE;
      }
      if (closing) {
        const wasObject = isObject.pop();
        depth--;
        if (wasObject === undefined || wasObject !== (c === 0x7d)) throw new JsonSyntaxError('mismatched bracket', i);
        buf[k++] = c;
        expect = depth === 0 ? END : COMMA_OR_CLOSE;
        i++;
        continue;
      }
    } else if (expect === END) {
      throw new JsonSyntaxError('unexpected text after the value', i);
    }

    // expect is KEY or VALUE
    if (c === 0x22) {
      // A string: copied unit by unit, checking escapes, escaping terminal-unsafe characters.
      const at = i;
      const limit = buf.length - 12; // room for the longest write in the loop, a pair `\uXXXX\uXXXX`
      buf[k++] = 0x22;
      i++;
      for (;;) {
        if (i >= n) throw new JsonSyntaxError('unterminated string', at);
        if (k > limit) {
          parts.push(decode(buf, k));
          k = 0;
        }
        c = raw.charCodeAt(i);
        if (c === 0x22) {
          buf[k++] = 0x22;
          i++;
          break;
        }
        if (c === 0x5c) {
          const e = raw.charCodeAt(i + 1);
          if (e === 0x75) {
            for (let h = i + 2; h < i + 6; h++) if (!isHexDigit(raw.charCodeAt(h))) throw new JsonSyntaxError('bad \\u escape', i);
            for (const stop = i + 6; i < stop; i++) buf[k++] = raw.charCodeAt(i);
          } else if (e === 0x22 || e === 0x5c || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) {
            buf[k++] = 0x5c;
            buf[k++] = e;
            i += 2;
          } else {
            throw new JsonSyntaxError('bad escape', i);
          }
          continue;
        }
        if (c < 0x20) throw new JsonSyntaxError('raw control character in string', i);
        if (c >= 0x7f && isTerminalUnsafe(c)) {
          k = writeEscape(buf, k, c);
        } else if (c >= 0xd800 && c <= 0xdbff && isUnsafePair(c, raw.charCodeAt(i + 1))) {
          k = writeEscape(buf, writeEscape(buf, k, c), raw.charCodeAt(++i));
        } else {
          buf[k++] = c;
        }
        i++;
      }
      expect = expect === KEY ? COLON : depth === 0 ? END : COMMA_OR_CLOSE;
      continue;
    }
    if (expect === KEY) throw new JsonSyntaxError('expected a string key', i);
    if (c === 0x7b || c === 0x5b) {
      if (depth >= MAX_NESTING) throw new NestingError();
      buf[k++] = c;
      isObject.push(c === 0x7b);
      depth++;
      expect = c === 0x7b ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
      i++;
      continue;
    }
    let end: number;
    if (c === 0x74 && raw.startsWith('true', i)) end = i + 4;
    else if (c === 0x66 && raw.startsWith('false', i)) end = i + 5;
    else if (c === 0x6e && raw.startsWith('null', i)) end = i + 4;
    else end = numberEnd(raw, i);
    if (k + (end - i) > buf.length) {
      parts.push(decode(buf, k));
      k = 0;
      if (end - i > buf.length) buf = new Uint16Array(end - i); // a number longer than the buffer
    }
    for (; i < end; i++) buf[k++] = raw.charCodeAt(i);
    expect = depth === 0 ? END : COMMA_OR_CLOSE;
  }

  if (expect !== END) throw new JsonSyntaxError('unexpected end of input', n);
  parts.push(decode(buf, k), '\n');
  return parts.join('');
}

/**
 * JSON for values the CLI builds itself (summaries, `vis config list`): the same layout
 * and the same escaping as `renderJson`. Throws a TypeError for a value JSON cannot
 * represent at the top level (undefined, a function, a symbol).
 */
export function renderJsonValue(value: unknown): string {
  const text = JSON.stringify(value, null, 2) as string | undefined;
  if (text === undefined) throw new TypeError(`cannot render ${typeof value} as JSON`);
  return `${escapeTerminalUnsafe(text)}\n`;
}
