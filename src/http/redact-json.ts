/**
 * A successful answer with every key vis sends masked in it, before vis keeps or shows any
 * of it: the client masks the body once, as it arrives, so the response cache, the
 * history, export files, reports and every format on the terminal all get the masked
 * text. A server or proxy that copies the Authorization header into `meta.debug` (or the
 * key into any string, or a field's name) leaves `***` there, `Bearer ***` for the header.
 *
 * Only JSON strings are looked at, where the key is what a JSON reader reads: written as
 * is, or with any of its characters escaped (`\/`, `\"`, `\\`, `\u0076`). The stretch it
 * covers, escapes included, becomes `***`; every other byte stays as sent (numbers as
 * typed, escapes, spacing). A body that cannot hold the key is returned untouched after a
 * few scans of its text, the big answers included.
 */

const MASK = '***';

/** `raw` (a valid JSON text) with each key of `keys` masked in its strings; the same string when none is there. */
export function maskKeysInJson(raw: string, keys: Iterable<string>): string {
  let out = raw;
  for (const key of keys) {
    if (key !== '' && mayHold(out, key)) out = maskKey(out, key);
  }
  return out;
}

/**
 * Could a string of `raw` hold `key`? Never no when it does. A key's character is written
 * as itself (`"` and `\` cannot be), as `\"`, `\\` or `\/`, or as `\uXXXX`: without
 * `\u` in the text, nor `\/` when the key has a `/`, the key can only be written one way.
 * Otherwise a pattern allowing every spelling of each character decides.
 */
export function mayHold(raw: string, key: string): boolean {
  if (raw.includes(JSON.stringify(key).slice(1, -1))) return true;
  if (!raw.includes('\\u') && !(key.includes('/') && raw.includes('\\/'))) return false;
  return spellings(key).test(raw);
}

/** Every way JSON can write `key` in a string, one character after another. */
function spellings(key: string): RegExp {
  const parts = [...key].map((ch) => {
    const hex = ch.charCodeAt(0).toString(16).padStart(4, '0');
    const unicode = `\\\\u${[...hex].map((h) => (/[a-f]/.test(h) ? `[${h}${h.toUpperCase()}]` : h)).join('')}`;
    const short = ch === '"' || ch === '\\' || ch === '/' ? `\\\\\\${ch}` : undefined;
    const plain = ch === '"' || ch === '\\' ? undefined : ch.replace(/[$()*+.?[\\\]^{|}]/, '\\$&');
    return `(?:${[plain, short, unicode].filter((p) => p !== undefined).join('|')})`;
  });
  return new RegExp(parts.join(''));
}

/** `raw` with each stretch of a string that reads as `key` replaced by the mask. */
function maskKey(raw: string, key: string): string {
  const parts: string[] = [];
  let done = 0;
  for (let open = raw.indexOf('"'); open >= 0;) {
    const close = stringEnd(raw, open);
    for (const [from, to] of keyStretches(raw, open, close, key)) {
      parts.push(raw.slice(done, from), MASK);
      done = to;
    }
    open = raw.indexOf('"', close + 1);
  }
  parts.push(raw.slice(done));
  return parts.join('');
}

/** The index of the quote that closes the string opened at `open` (the text's end when none does). */
function stringEnd(raw: string, open: number): number {
  let at = open;
  // No quote left (-1) is never escaped: nothing stands before it.
  do at = raw.indexOf('"', at + 1);
  while (escapedAt(raw, at));
  return at === -1 ? raw.length : at;
}

/** Is the character at `at` escaped: an odd number of backslashes before it? */
function escapedAt(raw: string, at: number): boolean {
  let n = 0;
  while (raw[at - 1 - n] === '\\') n++;
  return n % 2 === 1;
}

/** The stretches of `raw` that read as `key` in the string whose quotes are at `open` and `close`. */
function keyStretches(raw: string, open: number, close: number, key: string): Array<[number, number]> {
  const stretches: Array<[number, number]> = [];
  const body = raw.slice(open + 1, close);
  const at0 = open + 1;
  if (!body.includes('\\')) {
    for (let at = body.indexOf(key); at >= 0; at = body.indexOf(key, at + key.length)) stretches.push([at0 + at, at0 + at + key.length]);
    return stretches;
  }
  // Read natively first: most strings with escapes (accents, line ends) hold no key.
  if (!(JSON.parse(`"${body}"`) as string).includes(key)) return stretches;
  // The string read as JSON reads it; `from[k]` is where its k-th character is written.
  let text = '';
  const from: number[] = [];
  for (let i = 0; i < body.length;) {
    from.push(at0 + i);
    const length = body[i] !== '\\' ? 1 : body[i + 1] === 'u' ? 6 : 2;
    text += JSON.parse(`"${body.slice(i, i + length)}"`) as string;
    i += length;
  }
  from.push(at0 + body.length);
  for (let at = text.indexOf(key); at >= 0; at = text.indexOf(key, at + key.length)) stretches.push([from[at]!, from[at + key.length]!]);
  return stretches;
}
