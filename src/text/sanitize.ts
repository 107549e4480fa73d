/**
 * The one sanitiser every API string passes through before it reaches a terminal
 * (docs/security.md, Terminal): text from the API must never drive the terminal.
 *
 * 1. Whole escape sequences are removed, so their parameters do not litter the output:
 *    - CSI: `ESC [` or U+009B, parameter bytes 0x30-0x3F, intermediates 0x20-0x2F, one
 *      final byte 0x40-0x7E.
 *    - OSC: `ESC ]` or U+009D, up to BEL, `ESC \` or U+009C (ST).
 *    - DCS, SOS, PM, APC: `ESC P`, `ESC X`, `ESC ^`, `ESC _` or U+0090, U+0098, U+009E,
 *      U+009F, up to ST (`ESC \` or U+009C).
 *    - Other escape sequences: ESC, any intermediates 0x20-0x2F, a final byte 0x30-0x7E
 *      (`ESC c` full reset, `ESC 7`, `ESC ( B`, `ESC # 8`, `ESC M`, ...).
 * 2. A sequence that is not complete (cut off by the end of the string, or broken by a
 *    byte that does not belong, such as an ESC, CAN or SUB inside an OSC) is not removed:
 *    its introducer is shown as a visible escape and the text after it is sanitised as
 *    ordinary text. So a truncated `ESC ]` cannot swallow the rest of the string, and no
 *    raw ESC is ever left behind.
 * 3. Every other C0 control, DEL, C1 control (U+0080-U+009F, including a lone ST), the
 *    bidi embedding/override/isolate controls U+202A-U+202E and U+2066-U+2069, and the
 *    line/paragraph separators U+2028/U+2029 are shown as visible escapes in JavaScript
 *    string notation: `\t`, `\n`, `\r` for TAB, LF, CR; `\xNN` (lowercase hex) for any
 *    other code point below U+0100 (`\x1b`, `\x07`, `\x7f`, `\x9b`); `\uNNNN` above
 *    (`\u202e`, `\u2028`).
 *    By default TAB and LF are escaped too, because a table cell or a tab-separated
 *    record must stay on one line; `allowNewlines` lets them through for text that is
 *    laid out across lines on purpose.
 * 4. Invisible characters are shown as visible escapes too, so two names that look the
 *    same on screen are the same text, and nothing hides in a cell: every format (Cf)
 *    character (U+00AD soft hyphen, U+180E, U+200B-U+200D, U+2060-U+2064, U+206A-U+206F,
 *    U+FEFF, U+FFF9-U+FFFB, the astral format controls and the whole tag block
 *    U+E0000-U+E007F), the unassigned U+2065 in the middle of them, and the Hangul
 *    fillers U+115F, U+1160, U+3164, U+FFA0 (letters drawn as blanks). An escape above
 *    U+FFFF is written in braces, `\u{e0041}`, so it reads as one code point.
 *    The joiners ZWJ U+200D and ZWNJ U+200C are kept where text needs them: right after
 *    an emoji (an Extended_Pictographic character, a skin-tone modifier or VS16), as in
 *    family and flag sequences, or after a letter or mark of a script that spells with
 *    them (Arabic, Persian, the Indic scripts, ...: any script but Latin, Greek, Cyrillic
 *    and the shared Common/Inherited characters). What counts is the character before
 *    the joiner as printed, so a sequence removed between them changes nothing.
 *    Anywhere else (between Latin letters, after a space, at the start) a joiner only
 *    makes a lookalike, and it is escaped.
 *
 * Deliberately left alone:
 * - The prepended concatenation marks U+0600-U+0605, U+06DD, U+070F, U+0890, U+0891,
 *   U+08E2, U+110BD, U+110CD: format characters by category, but drawn as visible signs
 *   spanning the digits after them (Arabic and Syriac number signs), so they hide nothing.
 * - Variation selectors and U+034F: marks, not format characters; a mark with no
 *   character before it is escaped (see escapeOrphanMarks).
 * - Subdivision flags (England, Scotland, Wales) are a black flag and tag characters:
 *   they show as the flag and the tags' escapes, the price of never hiding tagged text.
 * - LRM/RLM/ALM (U+200E, U+200F, U+061C): bidi *marks* only affect the direction of
 *   neutral characters next to them; they cannot open a reordered span the way the
 *   embedding/override/isolate controls can, and legitimate Arabic/Hebrew text uses them.
 * - Backslashes in the input are not doubled: the text `\x1b` from the API looks the same
 *   as an escaped ESC, but doubling every backslash would mangle paths and regexes for
 *   everyone to disambiguate a case that is harmless either way.
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
const JOINS_AFTER =
  /(?:[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f]|(?![\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}\p{sc=Common}\p{sc=Inherited}])[\p{L}\p{M}])$/u;
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
  return last !== undefined && JOINS_AFTER.test(last);
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
const MARK = /^\p{M}$/u;

/** Only the one code point at `at` is looked at, so this adds no scan of the text. */
function markAt(text: string, at: number): number | undefined {
  const cp = text.codePointAt(at);
  // Every combining mark is at U+0300 or above: most text never reaches the regex.
  return cp !== undefined && cp >= 0x300 && MARK.test(String.fromCodePoint(cp)) ? cp : undefined;
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
