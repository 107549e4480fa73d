/**
 * JSON.parse that keeps number lexemes (see raw-number.ts), for the csv and table paths.
 *
 * `parseKeepingNumbers(raw, parsed)` first scans the text for a number whose JS spelling
 * differs from its lexeme. Most answers hold none, and then JSON.parse's own result is
 * used: one linear scan is the whole cost. Otherwise the text is parsed again here, with
 * every such number a RawNumber and every other value exactly what JSON.parse gives
 * (duplicate keys: the last wins in the first one's place; `__proto__` is an own key).
 *
 * Both walks assume text JSON.parse has accepted (the client checks every answer), and
 * throw a JsonSyntaxError rather than loop or misread on anything else. Iterative: the
 * client refuses answers nested deeper than MAX_NESTING before parsing, but this does
 * not depend on it.
 */
import { JsonSyntaxError } from './json.js';
import { RawNumber } from '../text/raw-number.js';

/**
 * `parsed` (JSON.parse of `raw`) when every number in `raw` prints as sent, else the
 * exact parse: the same shape, only some numbers RawNumbers, so it passes for T as long
 * as T leaves the payload's values unknown (as Envelope does).
 */
export function parseKeepingNumbers<T>(raw: string, parsed: T): T {
  return hasRespelledNumber(raw) ? (parseExactJson(raw) as T) : parsed;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** The end of the string whose opening quote is at `at` (the index after its closing quote). */
function stringEnd(raw: string, at: number): number {
  let q = at;
  for (;;) {
    q = raw.indexOf('"', q + 1);
    if (q < 0) throw new JsonSyntaxError('unterminated string', at);
    let b = q - 1;
    while (raw.charCodeAt(b) === 0x5c) b--;
    if ((q - 1 - b) % 2 === 0) return q + 1; // an even run of backslashes escapes nothing
  }
}

/** The end of the number lexeme at `at` (its characters only; json.ts checks the grammar). */
function numberEnd(raw: string, at: number): number {
  let j = at + 1;
  for (;;) {
    const c = raw.charCodeAt(j);
    if (isDigit(c) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d) j++;
    else return j;
  }
}

/** JSON.parse would change how this number lexeme prints. */
function respelled(lexeme: string): boolean {
  return String(Number(lexeme)) !== lexeme;
}

/** True when some number in the JSON text `raw` would not print as sent once parsed. */
export function hasRespelledNumber(raw: string): boolean {
  const n = raw.length;
  for (let i = 0; i < n;) {
    const c = raw.charCodeAt(i);
    if (c === 0x22) {
      i = stringEnd(raw, i);
    } else if (c === 0x2d || isDigit(c)) {
      const end = numberEnd(raw, i);
      if (respelled(raw.slice(i, end))) return true;
      i = end;
    } else {
      i++;
    }
  }
  return false;
}

type Container = { kind: 'array'; value: unknown[] } | { kind: 'object'; value: Record<string, unknown>; key: string };

function setKey(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}

/** The index of the first character at or after `i` that is not JSON whitespace. */
function skipSpace(raw: string, i: number): number {
  let c = raw.charCodeAt(i);
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = raw.charCodeAt(++i);
  return i;
}

/** The value of the string from `at` (its opening quote) to `end` (after its closing quote). */
function stringValue(raw: string, at: number, end: number): string {
  const body = raw.slice(at + 1, end - 1);
  // Escapes are rare in keys and values; JSON.parse decodes them exactly as it would.
  return body.includes('\\') ? (JSON.parse(`"${body}"`) as string) : body;
}

/**
 * JSON.parse of `raw`, except that numbers that would not print as sent are RawNumbers.
 * One loop over the text, its state in locals (closures over the position cost a third).
 */
export function parseExactJson(raw: string): unknown {
  const n = raw.length;
  const stack: Container[] = [];
  let i = 0;

  for (;;) {
    i = skipSpace(raw, i);
    if (i >= n) throw new JsonSyntaxError('unexpected end of input', i);
    const top = stack[stack.length - 1];
    let c = raw.charCodeAt(i);
    // Inside an object, a value is preceded by its key and a colon.
    if (top !== undefined && top.kind === 'object') {
      if (c !== 0x22) throw new JsonSyntaxError('expected a string key', i);
      const end = stringEnd(raw, i);
      top.key = stringValue(raw, i, end);
      i = skipSpace(raw, end);
      if (raw.charCodeAt(i) !== 0x3a) throw new JsonSyntaxError('expected `:`', i);
      i = skipSpace(raw, i + 1);
      c = raw.charCodeAt(i);
    }

    let value: unknown;
    if (c === 0x7b || c === 0x5b) {
      i = skipSpace(raw, i + 1);
      const close = c === 0x7b ? 0x7d : 0x5d;
      if (raw.charCodeAt(i) !== close) {
        stack.push(c === 0x7b ? { kind: 'object', value: {}, key: '' } : { kind: 'array', value: [] });
        continue;
      }
      i++;
      value = c === 0x7b ? {} : [];
    } else if (c === 0x22) {
      const end = stringEnd(raw, i);
      value = stringValue(raw, i, end);
      i = end;
    } else if (c === 0x74 && raw.startsWith('true', i)) {
      value = true;
      i += 4;
    } else if (c === 0x66 && raw.startsWith('false', i)) {
      value = false;
      i += 5;
    } else if (c === 0x6e && raw.startsWith('null', i)) {
      value = null;
      i += 4;
    } else if (c === 0x2d || isDigit(c)) {
      const end = numberEnd(raw, i);
      const lexeme = raw.slice(i, end);
      const number = Number(lexeme);
      if (Number.isNaN(number)) throw new JsonSyntaxError('bad number', i);
      value = String(number) === lexeme ? number : new RawNumber(lexeme);
      i = end;
    } else {
      throw new JsonSyntaxError('expected a value', i);
    }

    // Store the value, then close every container that ends here.
    for (;;) {
      const parent = stack[stack.length - 1];
      if (parent === undefined) {
        i = skipSpace(raw, i);
        if (i < n) throw new JsonSyntaxError('unexpected text after the value', i);
        return value;
      }
      if (parent.kind === 'array') parent.value.push(value);
      else setKey(parent.value, parent.key, value);
      i = skipSpace(raw, i);
      const next = raw.charCodeAt(i);
      if (next === 0x2c) {
        i++;
        break;
      }
      if (next !== (parent.kind === 'array' ? 0x5d : 0x7d)) throw new JsonSyntaxError('expected `,` or the end of the container', i);
      i++;
      stack.pop();
      value = parent.value;
    }
  }
}
