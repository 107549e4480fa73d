/**
 * Display width of text in terminal cells, and shortening to a width with `…`.
 *
 * Our own small implementation instead of `string-width`: the copy in node_modules (v4,
 * pulled in by cli-table3) predates most emoji and is not a dependency we declare. The
 * rules follow wcwidth as terminals apply it:
 * - East Asian Wide and Fullwidth code points (CJK, kana, hangul syllables, emoji with
 *   emoji presentation) take 2 cells; the table below is Unicode 17's W + F ranges.
 * - Combining marks (Mn, Me), format characters (Cf: ZWJ, ZWSP, bidi marks, …),
 *   variation selectors, Hangul medial/final jamo and controls take 0 cells, except at
 *   the very start of the text, where there is nothing for them to join (1 cell).
 * - After a wide character (an emoji), a code point joined by ZERO WIDTH JOINER and a
 *   skin-tone modifier take 0 cells: the terminal draws the sequence as one glyph.
 * - Everything else takes 1 cell (including `…` and regional indicators, so a flag is 2).
 * Terminals disagree on the odd cases (ZWJ families, VS16); erring wide is the safe side,
 * because a cell measured too narrow would make a row wrap.
 */

// Unicode 17 East_Asian_Width W and F, merged into [start, end] pairs, sorted.
const WIDE_RANGES: readonly number[] = [
  0x1100, 0x115f, 0x231a, 0x231b, 0x2329, 0x232a, 0x23e9, 0x23ec, 0x23f0, 0x23f0, 0x23f3, 0x23f3,
  0x25fd, 0x25fe, 0x2614, 0x2615, 0x2630, 0x2637, 0x2648, 0x2653, 0x267f, 0x267f, 0x268a, 0x268f,
  0x2693, 0x2693, 0x26a1, 0x26a1, 0x26aa, 0x26ab, 0x26bd, 0x26be, 0x26c4, 0x26c5, 0x26ce, 0x26ce,
  0x26d4, 0x26d4, 0x26ea, 0x26ea, 0x26f2, 0x26f3, 0x26f5, 0x26f5, 0x26fa, 0x26fa, 0x26fd, 0x26fd,
  0x2705, 0x2705, 0x270a, 0x270b, 0x2728, 0x2728, 0x274c, 0x274c, 0x274e, 0x274e, 0x2753, 0x2755,
  0x2757, 0x2757, 0x2795, 0x2797, 0x27b0, 0x27b0, 0x27bf, 0x27bf, 0x2b1b, 0x2b1c, 0x2b50, 0x2b50,
  0x2b55, 0x2b55, 0x2e80, 0x2e99, 0x2e9b, 0x2ef3, 0x2f00, 0x2fd5, 0x2ff0, 0x303e, 0x3041, 0x3096,
  0x3099, 0x30ff, 0x3105, 0x312f, 0x3131, 0x318e, 0x3190, 0x31e5, 0x31ef, 0x321e, 0x3220, 0x3247,
  0x3250, 0xa48c, 0xa490, 0xa4c6, 0xa960, 0xa97c, 0xac00, 0xd7a3, 0xf900, 0xfaff, 0xfe10, 0xfe19,
  0xfe30, 0xfe52, 0xfe54, 0xfe66, 0xfe68, 0xfe6b, 0xff01, 0xff60, 0xffe0, 0xffe6, 0x16fe0, 0x16fe4,
  0x16ff0, 0x16ff6, 0x17000, 0x18cda, 0x18cff, 0x18d20, 0x18d80, 0x18df2, 0x18e00, 0x19191,
  0x191a0, 0x191d2, 0x1aff0, 0x1aff3, 0x1aff5, 0x1affb, 0x1affd, 0x1affe, 0x1b000, 0x1b128,
  0x1b132, 0x1b132, 0x1b150, 0x1b152, 0x1b155, 0x1b155, 0x1b164, 0x1b168, 0x1b170, 0x1b2fb,
  0x1d300, 0x1d356, 0x1d360, 0x1d376, 0x1f004, 0x1f004, 0x1f0cf, 0x1f0cf, 0x1f18e, 0x1f18e,
  0x1f191, 0x1f19a, 0x1f1ae, 0x1f1ae, 0x1f200, 0x1f202, 0x1f210, 0x1f23b, 0x1f240, 0x1f248,
  0x1f250, 0x1f251, 0x1f260, 0x1f265, 0x1f300, 0x1f320, 0x1f32d, 0x1f335, 0x1f337, 0x1f37c,
  0x1f37e, 0x1f393, 0x1f3a0, 0x1f3ca, 0x1f3cf, 0x1f3d3, 0x1f3e0, 0x1f3f0, 0x1f3f4, 0x1f3f4,
  0x1f3f8, 0x1f43e, 0x1f440, 0x1f440, 0x1f442, 0x1f4fc, 0x1f4ff, 0x1f53d, 0x1f54b, 0x1f54e,
  0x1f550, 0x1f567, 0x1f57a, 0x1f57a, 0x1f595, 0x1f596, 0x1f5a4, 0x1f5a4, 0x1f5fb, 0x1f64f,
  0x1f680, 0x1f6c5, 0x1f6cc, 0x1f6cc, 0x1f6d0, 0x1f6d2, 0x1f6d5, 0x1f6d9, 0x1f6dc, 0x1f6df,
  0x1f6eb, 0x1f6ec, 0x1f6f4, 0x1f6fc, 0x1f7da, 0x1f7da, 0x1f7e0, 0x1f7eb, 0x1f7f0, 0x1f7f0,
  0x1f90c, 0x1f93a, 0x1f93c, 0x1f945, 0x1f947, 0x1f9ff, 0x1fa70, 0x1fa7c, 0x1fa80, 0x1fac6,
  0x1fac8, 0x1fac8, 0x1facc, 0x1fadd, 0x1fadf, 0x1faeb, 0x1faef, 0x1fafa, 0x20000, 0x2fffd,
  0x30000, 0x3fffd,
];

const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\u1160-\u11ff]$/u;
const ASCII_PRINTABLE = /^[\x20-\x7e]*$/;
const ZWJ = 0x200d;
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
const SOFT_HYPHEN = 0xad;

function isWide(cp: number): boolean {
  if (cp < 0x1100 || cp > 0x3fffd) return false;
  if (cp >= 0x4e00 && cp <= 0xa48c) return true; // the CJK ideographs, the common case
  let lo = 0;
  let hi = WIDE_RANGES.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const start = WIDE_RANGES[mid * 2] as number;
    const end = WIDE_RANGES[mid * 2 + 1] as number;
    if (cp < start) hi = mid - 1;
    else if (cp > end) lo = mid + 1;
    else return true;
  }
  return false;
}

/** Width of one code point in isolation (0, 1 or 2). */
export function codePointWidth(cp: number): number {
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return 0;
  if (cp < 0x300) return 1; // Latin-1 and Latin Extended: no marks, no wide (soft hyphen shows as 1)
  if (isWide(cp)) return 2;
  return cp !== SOFT_HYPHEN && ZERO_WIDTH.test(String.fromCodePoint(cp)) ? 0 : 1;
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
  if (lastWide && ((prev === ZWJ && PICTOGRAPHIC.test(String.fromCodePoint(cp))) || (cp >= 0x1f3fb && cp <= 0x1f3ff))) return 0;
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
  let width = 0;
  let prev = -1;
  let lastWide = false;
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    const w = contextualWidth(cp, prev, lastWide);
    width += w;
    if (width > limit) return width;
    if (w > 0) lastWide = w === 2;
    prev = cp;
  }
  return width;
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
  const budget = max - 1;
  let width = 0;
  let end = 0;
  let prev = -1;
  let lastWide = false;
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    const w = contextualWidth(cp, prev, lastWide);
    if (width + w > budget) break;
    width += w;
    end += ch.length;
    if (w > 0) lastWide = w === 2;
    prev = cp;
  }
  let kept = s.slice(0, end);
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
