/**
 * Display width of text in terminal cells, and shortening to a width with `…`.
 *
 * Which code points are wide comes from `get-east-asian-width` (the Unicode East Asian
 * Width table, W and F: CJK, kana, hangul syllables, emoji with emoji presentation), so
 * a new Unicode version is a dependency update, not a table to copy by hand. How a run of
 * code points adds up is vis's own, because terminals (xterm, VTE, xterm.js) advance the
 * cursor code point by code point, as wcwidth says, and not by grapheme cluster as
 * `string-width` counts: string-width gives `❤` VS16 and keycaps 2 cells, a soft hyphen
 * and a mark with nothing to join 0, and an Indic conjunct fewer cells than a terminal
 * draws (test/text/width.test.ts measures each against a terminal emulator). The rules:
 * - East Asian Wide and Fullwidth code points take 2 cells.
 * - Combining marks (Mn, Me), format characters (Cf: ZWJ, ZWSP, bidi marks, …),
 *   variation selectors, Hangul medial/final jamo and controls take 0 cells, except at
 *   the very start of the text, where there is nothing for them to join (1 cell).
 * - After a wide character (an emoji), a code point joined by ZERO WIDTH JOINER and a
 *   skin-tone modifier take 0 cells: the terminal draws the sequence as one glyph.
 * - Everything else takes 1 cell (including `…` and regional indicators, so a flag is 2).
 * Terminals disagree on the odd cases (ZWJ families, VS16); erring wide is the safe side,
 * because a cell measured too narrow would make a row wrap. VS16 is the exception: it
 * adds nothing, as xterm and xterm.js draw it (`❤` VS16 is 1 cell there).
 */
import { eastAsianWidth } from 'get-east-asian-width';

// Made on first use: V8 builds a \p{...} class when the expression is created, a cost
// every command would pay at start-up (ICU's tables), used or not.
let zeroWidth: RegExp | undefined;
const ZERO_WIDTH = () => (zeroWidth ??= /^[\p{Mn}\p{Me}\p{Cf}\u1160-\u11ff]$/u);
const ASCII_PRINTABLE = /^[\x20-\x7e]*$/;
const ZWJ = 0x200d;
let pictographic: RegExp | undefined;
const PICTOGRAPHIC = () => (pictographic ??= /^\p{Extended_Pictographic}$/u);

/** Width of one code point in isolation (0, 1 or 2). */
export function codePointWidth(cp: number): number {
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return 0;
  if (cp < 0x300) return 1; // Latin-1 and Latin Extended: no marks, no wide (soft hyphen shows as 1)
  if (eastAsianWidth(cp) === 2) return 2;
  return ZERO_WIDTH().test(String.fromCodePoint(cp)) ? 0 : 1;
}

/**
 * Width of `cp` in context: `prev` is the previous code point (-1 at the start) and
 * `lastWide` whether the last visible character was 2 wide. An emoji after a ZWJ, or a
 * skin-tone modifier, joins the wide character before it and adds nothing; after a narrow
 * character they count. A zero-width character that starts the text has nothing to join
 * and gets a cell of its own when it starts a line (xterm does so), so it counts as 1: a
 * cell in the middle of a row is then padded one short, never made to wrap.
 */
function contextualWidth(cp: number, prev: number, lastWide: boolean): number {
  // Only an emoji joins after a ZWJ: after a wide letter and a ZWJ (`字` U+200D, kept for
  // scripts that spell with joiners) the next character takes its own cells.
  if (lastWide && ((prev === ZWJ && PICTOGRAPHIC().test(String.fromCodePoint(cp))) || (cp >= 0x1f3fb && cp <= 0x1f3ff))) return 0;
  const w = codePointWidth(cp);
  return w === 0 && prev === -1 ? 1 : w;
}

/**
 * Columns `s` occupies in a terminal. With `limit`, counting stops once the width exceeds
 * it (the result is then some value > limit), so measuring a huge cell against a narrow
 * terminal costs no more than the terminal is wide.
 */
export function displayWidth(s: string, limit = Infinity): number {
  if (ASCII_PRINTABLE.test(s)) return s.length;
  const { width, next } = fittingStart(s, limit);
  return width + next;
}

/**
 * The longest start of `s` that fits in `limit` columns, walked code point by code point
 * as a terminal advances: its width, where it ends in `s`, and the width of the code point
 * that did not fit (0 when all of `s` fits).
 */
function fittingStart(s: string, limit: number): { width: number; end: number; next: number } {
  let width = 0;
  let end = 0;
  let prev = -1;
  let lastWide = false;
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    const w = contextualWidth(cp, prev, lastWide);
    if (width + w > limit) return { width, end, next: w };
    width += w;
    end += ch.length;
    if (w > 0) lastWide = w === 2;
    prev = cp;
  }
  return { width, end, next: 0 };
}

/**
 * `s` shortened to at most `max` columns, ending in `…` when anything was cut. Cuts fall
 * between code points, never inside a surrogate pair; a dangling ZWJ is dropped so the
 * ellipsis is not glued onto half an emoji sequence.
 */
export function truncateToWidth(s: string, max: number): string {
  if (max <= 0) return '';
  if (displayWidth(s, max) <= max) return s;
  if (max === 1) return '…';
  let kept = s.slice(0, fittingStart(s, max - 1).end);
  while (kept.endsWith('\u200d')) kept = kept.slice(0, -1);
  return `${kept}…`;
}

/** Pads with spaces to `width` columns, on the right (`left` alignment) or the left. */
export function padToWidth(s: string, width: number, align: 'left' | 'right' = 'left'): string {
  const gap = width - displayWidth(s, width);
  if (gap <= 0) return s;
  return align === 'left' ? s + ' '.repeat(gap) : ' '.repeat(gap) + s;
}

/**
 * Column widths that sum to at most `available`: every column gets its minimum, then the
 * room left is shared out, narrowest wish first, so short columns stay whole and long
 * text columns split the rest evenly. Null when even the minimums do not fit.
 */
export function fitWidths(natural: readonly number[], minimum: readonly number[], available: number): number[] | null {
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= available) return [...natural];
  let room = available - minimum.reduce((a, b) => a + b, 0);
  if (room < 0) return null;
  const widths = [...minimum];
  const order = natural.map((_, j) => j).sort((a, b) => (natural[a] ?? 0) - (minimum[a] ?? 0) - ((natural[b] ?? 0) - (minimum[b] ?? 0)) || a - b);
  let left = order.length;
  for (const j of order) {
    const want = (natural[j] ?? 0) - (minimum[j] ?? 0);
    const give = Math.min(want, Math.floor(room / left));
    widths[j] = (widths[j] ?? 0) + give;
    room -= give;
    left--;
  }
  return widths;
}
