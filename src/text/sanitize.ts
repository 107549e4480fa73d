/**
 * The one sanitiser every API string passes through before it reaches a terminal: text
 * from the API must never drive the terminal, nor hide text or look like other text.
 * Whole escape sequences are removed; a broken or cut-off one, every other control, bidi
 * control and invisible character is shown as a visible escape (`\x1b`, `\u202e`). The
 * rules, and what is deliberately left alone, are in docs/security.md ("The terminal
 * sanitiser"). It must never let a raw ESC or C1 control through, whatever the input.
 */

export interface SanitizeOptions {
  /** Let TAB and LF through unchanged (CR and everything else are still escaped). */
  allowNewlines?: boolean;
}

// Everything the sanitiser acts on. The fast path is one `test` of these; text without a
// match is returned as it is, which is the case for nearly every string the API sends.
// U+2060-U+206F holds the isolates U+2066-U+2069 as well as the invisible characters.
const INVISIBLE =
  '\\u00ad\\u115f\\u1160\\u180e\\u200b-\\u200d\\u2060-\\u206f\\u3164\\ufeff\\uffa0\\ufff9-\\ufffb' +
  '\\u{13430}-\\u{1343f}\\u{1bca0}-\\u{1bca3}\\u{1d173}-\\u{1d17a}\\u{e0000}-\\u{e007f}';
const STRICT_CLASS = `[\\x00-\\x1f\\x7f-\\x9f\\u2028-\\u202e${INVISIBLE}]`;
const NEWLINES_CLASS = `[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f\\u2028-\\u202e${INVISIBLE}]`;
const STRICT_TEST = new RegExp(STRICT_CLASS, 'u');
const NEWLINES_TEST = new RegExp(NEWLINES_CLASS, 'u');
const STRICT_SCAN = new RegExp(STRICT_CLASS, 'gu');
const NEWLINES_SCAN = new RegExp(NEWLINES_CLASS, 'gu');
const ZWNJ = 0x200c;
const ZWJ = 0x200d;
// What a joiner may follow (rule 4): an emoji, or a letter or mark of a script that spells with joiners.
// Made on first use, like MARK (below).
let joinsAfter: RegExp | undefined;
const JOINS_AFTER = () =>
  (joinsAfter ??=
    /(?:[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f]|(?![\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}\p{sc=Common}\p{sc=Inherited}])[\p{L}\p{M}])$/u);
// Characters that end (or break off) a control string: BEL, CAN, SUB, ESC, ST.
const STRING_END_SCAN = /[\x07\x18\x1a\x1b\x9c]/g;

const BEL = 0x07;
const ESC = 0x1b;
const BACKSLASH = 0x5c;
const C1_DCS = 0x90;
const C1_SOS = 0x98;
const C1_CSI = 0x9b;
const C1_ST = 0x9c;
const C1_OSC = 0x9d;
const C1_PM = 0x9e;
const C1_APC = 0x9f;

function escapeFor(cp: number): string {
  if (cp === 0x09) return '\\t';
  if (cp === 0x0a) return '\\n';
  if (cp === 0x0d) return '\\r';
  if (cp < 0x100) return `\\x${cp.toString(16).padStart(2, '0')}`;
  if (cp > 0xffff) return `\\u{${cp.toString(16)}}`;
  return `\\u${cp.toString(16).padStart(4, '0')}`;
}

// Hostile text can hold a control every other character; build each escape once.
const LATIN1_ESCAPES: readonly string[] = Array.from({ length: 0x100 }, (_, cp) => escapeFor(cp));

/** The visible escape for one code point (see the module comment). */
export function visibleEscape(cp: number): string {
  return cp < 0x100 ? (LATIN1_ESCAPES[cp] as string) : escapeFor(cp);
}

/**
 * Finds where a control string ends. Lookups come with increasing start positions, so the
 * last answer stays valid until the scan passes it; that keeps a string full of unmatched
 * `ESC ]` linear instead of rescanning the tail once per introducer.
 */
class StringEndFinder {
  private answer = -2; // -2: nothing cached; -1: no end character anywhere after `from`
  private from = 0;

  constructor(private readonly s: string) {}

  next(start: number): number {
    if (this.answer !== -2 && start >= this.from && (this.answer === -1 || start <= this.answer)) {
      return this.answer;
    }
    STRING_END_SCAN.lastIndex = start;
    const m = STRING_END_SCAN.exec(this.s);
    this.from = start;
    this.answer = m === null ? -1 : m.index;
    return this.answer;
  }
}

/** Length of the CSI starting at `body` (after the introducer), or -1 if it is not whole. */
function csiEnd(s: string, body: number): number {
  let k = body;
  let c = s.charCodeAt(k);
  while (c >= 0x30 && c <= 0x3f) c = s.charCodeAt(++k);
  while (c >= 0x20 && c <= 0x2f) c = s.charCodeAt(++k);
  return c >= 0x40 && c <= 0x7e ? k + 1 : -1;
}

/** End (exclusive) of the control string whose body starts at `body`, or -1. */
function controlStringEnd(s: string, body: number, belEnds: boolean, finder: StringEndFinder): number {
  const t = finder.next(body);
  if (t < 0) return -1;
  const c = s.charCodeAt(t);
  if (c === C1_ST) return t + 1;
  if (c === ESC && s.charCodeAt(t + 1) === BACKSLASH) return t + 2;
  if (c === BEL && belEnds) return t + 1;
  return -1; // CAN, SUB, a stray ESC or a BEL inside a DCS: the string is broken off
}

/** End (exclusive) of the whole escape sequence starting at `i`, or -1 if there is none. */
function sequenceEnd(s: string, i: number, finder: StringEndFinder): number {
  const c = s.charCodeAt(i);
  if (c === ESC) {
    const n = s.charCodeAt(i + 1); // NaN at the end of the string: matches nothing below
    if (n === 0x5b) return csiEnd(s, i + 2); // [
    if (n === 0x5d) return controlStringEnd(s, i + 2, true, finder); // ]
    if (n === 0x50 || n === 0x58 || n === 0x5e || n === 0x5f) return controlStringEnd(s, i + 2, false, finder); // P X ^ _
    let k = i + 1;
    let b = n;
    while (b >= 0x20 && b <= 0x2f) b = s.charCodeAt(++k);
    return b >= 0x30 && b <= 0x7e ? k + 1 : -1;
  }
  if (c === C1_CSI) return csiEnd(s, i + 1);
  if (c === C1_OSC) return controlStringEnd(s, i + 1, true, finder);
  if (c === C1_DCS || c === C1_SOS || c === C1_PM || c === C1_APC) return controlStringEnd(s, i + 1, false, finder);
  return -1;
}

/** `s` made safe to print on a terminal; see the module comment for the exact rules. */
export function sanitizeForTerminal(s: string, options: SanitizeOptions = {}): string {
  const allowNewlines = options.allowNewlines === true;
  if (!(allowNewlines ? NEWLINES_TEST : STRICT_TEST).test(s)) return escapeOrphanMarks(s, allowNewlines);

  const scan = allowNewlines ? NEWLINES_SCAN : STRICT_SCAN;
  const finder = new StringEndFinder(s);
  const out: string[] = [];
  let plainStart = 0;
  let pos = 0;
  for (;;) {
    scan.lastIndex = pos;
    const m = scan.exec(s);
    if (m === null) break;
    const i = m.index;
    if (i > plainStart) out.push(s.slice(plainStart, i));
    const end = sequenceEnd(s, i, finder);
    if (end > 0) {
      pos = end;
    } else {
      const cp = s.codePointAt(i) as number;
      out.push((cp === ZWJ || cp === ZWNJ) && joinerFits(out) ? m[0] : visibleEscape(cp));
      pos = i + m[0].length;
    }
    plainStart = pos;
  }
  if (plainStart < s.length) out.push(s.slice(plainStart));
  return escapeOrphanMarks(out.join(''), allowNewlines);
}

/** A joiner fits after what is printed before it (rule 4): only the last piece is looked at. */
function joinerFits(out: readonly string[]): boolean {
  const last = out[out.length - 1];
  return last !== undefined && JOINS_AFTER().test(last);
}

/**
 * A combining mark with no character before it (at the start of the text, or of a line
 * where newlines are kept) has nothing of its own to combine with: a terminal draws it
 * on whatever stands before the text (a border, a padding space, the previous cell) or as
 * a cell of its own at the start of a line, so the text's width and look are no longer
 * its own. Such a mark is shown as its escape. It arrives from the API, or is left
 * behind when a sequence is removed: `ESC [ e` is a whole CSI (`e` is a final byte), so
 * `ESC [ e U+0301` leaves the accent alone. Marks after a letter (`e U+0301`) stay.
 */
// Made on first use: V8 builds a \p{...} class when the expression is created, a cost
// every command would pay at start-up (ICU's tables), used or not.
let mark: RegExp | undefined;
const MARK = () => (mark ??= /^\p{M}$/u);

/** Only the one code point at `at` is looked at, so this adds no scan of the text. */
function markAt(text: string, at: number): number | undefined {
  const cp = text.codePointAt(at);
  // Every combining mark is at U+0300 or above: most text never reaches the regex.
  return cp !== undefined && cp >= 0x300 && MARK().test(String.fromCodePoint(cp)) ? cp : undefined;
}

function escapeOrphanMarks(text: string, allowNewlines: boolean): string {
  let out = text;
  let at = 0;
  for (;;) {
    const cp = markAt(out, at);
    if (cp !== undefined) out = out.slice(0, at) + visibleEscape(cp) + out.slice(at + (cp > 0xffff ? 2 : 1));
    if (!allowNewlines) return out;
    const nl = out.indexOf('\n', at);
    if (nl < 0) return out;
    at = nl + 1;
  }
}
