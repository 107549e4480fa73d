/**
 * The nesting limit on answers (src/text/nesting.ts), checked once, on the raw body as
 * it arrives and before JSON.parse: a linear scan that counts `[` and `{` outside strings,
 * with no recursion and no parsing, so 100,000 levels cost what any 200 KB body costs.
 */
import { ServerError } from '../errors.js';
import { MAX_NESTING } from '../text/nesting.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const JSON_CONTAINER_START = /^[ \t\r\n]*[[{]/;

/**
 * True when JSON text opens more than `levels` objects and arrays inside each other.
 * Brackets inside strings do not count; a quote is escaped when an odd number of
 * backslashes precedes it. Text that is not JSON is scanned the same way (JSON.parse
 * judges it afterwards); an unterminated string ends the scan.
 */
export function jsonNestedDeeperThan(raw: string, levels: number): boolean {
  let depth = 0;
  const n = raw.length;
  for (let i = 0; i < n; i++) {
    const c = raw.charCodeAt(i);
    if (c === QUOTE) {
      let end = raw.indexOf('"', i + 1);
      while (end !== -1 && escaped(raw, end)) end = raw.indexOf('"', end + 1);
      if (end === -1) return false;
      i = end;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > levels) return true;
    } else if ((c === CLOSE_ARRAY || c === CLOSE_OBJECT) && depth > 0) {
      depth--;
    }
  }
  return false;
}

/** The quote at `at` follows an odd run of backslashes. Each run is read once, by the quote after it. */
function escaped(raw: string, at: number): boolean {
  let k = at - 1;
  while (raw.charCodeAt(k) === BACKSLASH) k--;
  return (at - 1 - k) % 2 === 1;
}

/**
 * Throws when a JSON answer is nested deeper than MAX_NESTING: exit 7. The status stays on
 * the error, so decideRetry repeats it only for a 5xx (for the 5xx, not the body): a 2xx
 * or 4xx answer would come back the same.
 */
export function checkNesting(raw: string, baseUrl: string, status: number): void {
  // A body that does not start as a JSON object or array (an HTML error page) is left
  // to JSON.parse, which says what it is.
  if (!JSON_CONTAINER_START.test(raw) || !jsonNestedDeeperThan(raw, MAX_NESTING)) return;
  const http = status >= 200 && status < 300 ? '' : ` (HTTP ${status})`;
  throw new ServerError(`the answer from ${new URL(baseUrl).host} is nested deeper than ${MAX_NESTING} levels${http}`, {
    status,
    code: 'too_deep',
    hint: `The API's answers are a few levels deep; vis reads none nested deeper than ${MAX_NESTING}. Check --base-url.`,
  });
}
