/**
 * The one rule for an API key, wherever it comes from (VIS_API_KEY, a saved profile,
 * `vis auth login`, and ApiClient as a backstop): visible ASCII only, 0x21-0x7E, the
 * characters an HTTP header carries unchanged. A key with anything else would fail at
 * the first request as a network error and be retried, or be sent as a different key.
 *
 * The message never shows the key, nor any part of it: only the position and the kind of
 * the first character that breaks the rule.
 */
import { UsageError } from '../errors.js';

/** Characters a copy-paste brings along, by name. */
const NAMES: Record<number, string> = {
  0x09: 'tab',
  0x0a: 'line feed, a line end',
  0x0d: 'carriage return, a line end',
  0x20: 'space',
  0xa0: 'non-breaking space',
  0xad: 'soft hyphen',
  0x2007: 'figure space',
  0x200b: 'zero-width space',
  0x200c: 'zero-width non-joiner',
  0x200d: 'zero-width joiner',
  0x2010: 'hyphen',
  0x2011: 'non-breaking hyphen',
  0x2013: 'en dash',
  0x2014: 'em dash',
  0x2018: 'left single quotation mark, a smart quote',
  0x2019: 'right single quotation mark, a smart quote',
  0x201c: 'left double quotation mark, a smart quote',
  0x201d: 'right double quotation mark, a smart quote',
  0x2026: 'ellipsis',
  0x202f: 'narrow non-breaking space',
  0x2060: 'word joiner',
  0xfeff: 'byte order mark, a zero-width no-break space',
};

const HINT =
  'API keys are plain visible ASCII. Copy-paste often brings along smart quotes, zero-width or non-breaking spaces, or a line end from a file: copy the key again from its source, or type it.';

/** What is wrong with the key, without showing it; undefined when it is fine. */
export function apiKeyProblem(key: string): string | undefined {
  if (key === '') return 'is empty';
  let position = 0;
  for (const ch of key) {
    position++;
    const c = ch.codePointAt(0)!;
    if (c >= 0x21 && c <= 0x7e) continue;
    const code = `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
    const kind = NAMES[c] ?? (c < 0x20 || (c >= 0x7f && c <= 0x9f) ? 'a control character' : 'not ASCII');
    return `has a character an HTTP header cannot carry: character ${position} is ${code} (${kind})`;
  }
  return undefined;
}

/** Throws a UsageError (exit 2) naming where the key came from, e.g. "VIS_API_KEY". */
export function checkApiKey(key: string, source: string): void {
  const problem = apiKeyProblem(key);
  if (problem !== undefined) throw new UsageError(`${source} ${problem}`, { hint: HINT });
}
