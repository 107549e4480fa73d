/**
 * The last line of defence for keys: every text vis prints about a failure (error
 * messages, codes, hints, stacks, --debug lines) passes through redactSecrets on its way
 * to the terminal, after the terminal sanitiser (`printable` does both, in that order).
 * vis never puts a key into a message on purpose; this catches the ones that arrive from
 * elsewhere: a server or proxy that echoes the Authorization header into an error page, a
 * library error that quotes a header, a key pasted into a flag value.
 *
 * A server can also disguise the key it echoes, so that a plain search misses it while a
 * person or a log still reads it: an escape sequence or a control character in the middle
 * (the terminal shows nothing there; the sanitiser removes the sequence, or shows the
 * control as `\x85`), or percent-encoding (`%5F` for `_`, or every character). So each
 * key is also looked for in a normalised copy of the text: percent escapes decoded until
 * none is left, the sanitiser's `\xNN`, `\uNNNN`, `\t`, `\n`, `\r` read back as the
 * characters they stand for, then escape sequences, controls and invisible format
 * characters taken out. The copy keeps, for each of its characters, the stretch of the
 * text it came from, and the whole stretch a key covers is masked.
 */
import { sanitizeForTerminal, type SanitizeOptions } from '../text/sanitize.js';

/** Keys this process has been given, registered by the client that sends them. */
const secrets = new Set<string>();

/**
 * Shorter values are not redacted as literals: replacing every "abc" in a message would
 * mangle it without protecting anything worth protecting. The Bearer rule still applies.
 */
const MIN_SECRET_LENGTH = 6;

const MASK = '***';

/**
 * `Bearer <token>` in any case, as an Authorization header or a curl line writes it. A
 * token looks like a credential (8 or more characters, at least one digit or one of
 * `_-.=+/~`), so prose such as "send a Bearer token" is left alone.
 */
const BEARER = /\b(bearer)(\s+)([^\s"'`,;<>()[\]{}\\]{8,})/gi;
const CREDENTIAL_LIKE = /[0-9_\-.=+/~]/;

/** One percent escape. Decoded round after round, so `%255F` (encoded twice) is read as `_` too. */
const PERCENT = /%([0-9a-f]{2})/gi;

/**
 * One character a terminal does not show: a C0 or C1 control, DEL, a line or paragraph
 * separator, or an invisible format character (zero-width spaces and joiners, the soft
 * hyphen, bidi controls, the byte order mark). This one and the two below are made on first
 * use: V8 builds a \p{...} class when the expression is created, a cost every command
 * would pay at start-up.
 */
let control: RegExp | undefined;
const CONTROL = () => (control ??= /[\x00-\x1f\x7f-\x9f\u2028\u2029\p{Cf}]/u);

/**
 * What a terminal does not show, as src/text/sanitize.ts reads it: a whole escape
 * sequence (CSI; the control strings OSC, DCS, SOS, PM and APC up to their end; any other
 * ESC sequence), or one CONTROL character.
 */
let hidden: RegExp | undefined;
const HIDDEN = () =>
  (hidden ??=
    /(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]|(?:\x1b[\]PX^_]|[\x90\x98\x9d-\x9f])[^\x07\x18\x1a\x1b\x9c]*(?:\x07|\x1b\\|\x9c)|\x1b[\x20-\x2f]*[\x30-\x7e]|[\x00-\x1f\x7f-\x9f\u2028\u2029\p{Cf}]/gu);

/**
 * Control characters alone, each taken out by itself, and a CSI's `[` with its ESC: what
 * is left of a sequence is its parameters and final byte, which may be the key's own.
 */
let controls: RegExp | undefined;
const CONTROLS = () => (controls ??= /\x1b\[?|[\x00-\x1f\x7f-\x9f\u2028\u2029\p{Cf}]/gu);

/** The sanitiser's visible notation of a character: `\t`, `\n`, `\r`, `\xNN`, `\uNNNN`. */
const NOTATION = /\\(?:[tnr]|x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4}))/g;

export function registerSecret(value: string): void {
  if (value.length >= MIN_SECRET_LENGTH) secrets.add(value);
}

/** The keys registered so far (src/http/redact-json.ts masks them in successful answers). */
export function registeredSecrets(): ReadonlySet<string> {
  return secrets;
}

/** For tests: forget the registered keys. */
export function clearSecrets(): void {
  secrets.clear();
}

/** Text from outside made safe to print: sanitised for the terminal first, then every key masked. */
export function printable(text: string, options?: SanitizeOptions): string {
  // Masked before sanitising too: the sanitiser removes an escape sequence whole, and a
  // server that writes one whose last byte is a key's character (8-bit CSI then `S`)
  // would leave the rest of the key, no longer whole, for the mask to miss.
  return redactSecrets(sanitizeForTerminal(redactSecrets(text), options));
}

/** The text with every registered key (as written, or disguised) and every Bearer token masked. */
export function redactSecrets(text: string): string {
  let out = text;
  // As written first: this also finds a key inside what the normalised copy drops (an OSC title).
  for (const secret of secrets) out = out.split(secret).join(MASK);
  out = maskRanges(out, disguisedKeyRanges(out));
  return out.replace(BEARER, (whole, word: string, space: string, token: string) => (CREDENTIAL_LIKE.test(token) ? `${word}${space}${MASK}` : whole));
}

/**
 * A normalised copy of a text: `text[k]` came from `source.slice(start[k], end[k])`. Each
 * step maps onto the one before, so the stretches are always of the original text.
 */
interface Normalised {
  text: string;
  start: Int32Array;
  end: Int32Array;
}

/**
 * The stretches of `text` that hold a registered key once normalised, in two readings:
 * with whole escape sequences taken out (as a terminal shows it), and with only the
 * control characters and CSI openers taken out (a sequence's last bytes may be the key's own).
 */
function disguisedKeyRanges(text: string): Array<[number, number]> {
  let copies: Normalised[] | undefined;
  const ranges: Array<[number, number]> = [];
  for (const secret of secrets) {
    copies ??= [normalise(text, HIDDEN()), normalise(text, CONTROLS())];
    const needle = normalise(secret, HIDDEN()).text;
    if (needle.length < MIN_SECRET_LENGTH) continue;
    for (const copy of copies) {
      for (let at = copy.text.indexOf(needle); at >= 0; at = copy.text.indexOf(needle, at + needle.length)) {
        ranges.push([copy.start[at]!, copy.end[at + needle.length - 1]!]);
      }
    }
  }
  return ranges;
}

function normalise(text: string, hidden: RegExp): Normalised {
  const start = new Int32Array(text.length);
  const end = new Int32Array(text.length);
  for (let i = 0; i < text.length; i++) {
    start[i] = i;
    end[i] = i + 1;
  }
  let copy: Normalised = { text, start, end };
  // Each round that changes the text shortens it, so this ends.
  let before: string;
  do {
    before = copy.text;
    copy = rewrite(copy, PERCENT, (m) => String.fromCharCode(parseInt(m[1]!, 16)));
  } while (copy.text !== before);
  copy = rewrite(copy, hidden, () => '');
  // The notation is looked at after the sequences are gone, and a control it stands for
  // is taken out alone: the text `\x1bK` shows a K, where ESC K would hide it. The
  // notation of a visible character stays: it does not read as that character.
  return rewrite(copy, NOTATION, (m) => {
    const hex = m[1] ?? m[2];
    return CONTROL().test(hex === undefined ? '\n' : String.fromCharCode(parseInt(hex, 16))) ? '' : m[0];
  });
}

/** `copy` with each match of `pattern` replaced; every character of a replacement stands for the whole match. */
function rewrite(copy: Normalised, pattern: RegExp, replace: (m: RegExpExecArray) => string): Normalised {
  const parts: string[] = [];
  const start: number[] = [];
  const end: number[] = [];
  const keep = (from: number, to: number) => {
    parts.push(copy.text.slice(from, to));
    for (let i = from; i < to; i++) {
      start.push(copy.start[i]!);
      end.push(copy.end[i]!);
    }
  };
  let last = 0;
  for (const m of copy.text.matchAll(pattern)) {
    keep(last, m.index);
    const by = replace(m);
    parts.push(by);
    for (let k = 0; k < by.length; k++) {
      start.push(copy.start[m.index]!);
      end.push(copy.end[m.index + m[0].length - 1]!);
    }
    last = m.index + m[0].length;
  }
  keep(last, copy.text.length);
  return { text: parts.join(''), start: Int32Array.from(start), end: Int32Array.from(end) };
}

/** `text` with each stretch replaced by the mask; stretches that overlap (two keys) become one. */
function maskRanges(text: string, ranges: Array<[number, number]>): string {
  ranges.sort((a, b) => a[0] - b[0]);
  const out: string[] = [];
  let done = 0;
  for (const [from, to] of ranges) {
    if (from >= done) out.push(text.slice(done, from), MASK);
    done = Math.max(done, to);
  }
  out.push(text.slice(done));
  return out.join('');
}
