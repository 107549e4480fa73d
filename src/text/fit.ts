/**
 * Text laid out in a width of terminal columns: measured once, shortened with `…`,
 * padded, wrapped at spaces, a heading in its longest form that fits, aligned key/value
 * lines. The tables' layout steps, beside the measuring they use, so a layout measures
 * and fits on one floor. It must never sanitise or read anything: callers hand it text
 * already safe for a terminal, and colour comes only from the style they hand in.
 */
import { displayWidth, truncateToWidth } from './width.js';

/** Text and its width in columns (as measured by `measured`). */
export interface Measured {
  text: string;
  width: number;
}

/** How a line, or a part of one, is coloured (a chalk function); the identity for none. */
export type Style = (s: string) => string;

/** The room a layout has: the terminal's width, and `wide` (`--wide`: never shorten text, wrap it). */
export interface Room {
  width: number;
  wide: boolean;
}

/**
 * `text` measured. Without `wide` the count stops past the room's width, so a huge text
 * costs no more than the terminal is wide: a width above it only says "too wide".
 */
export function measured(text: string, room: Room): Measured {
  return { text, width: displayWidth(text, room.wide ? Infinity : room.width) };
}

/** `t` in at most `width` columns: as it is when it fits, else shortened with `…` (and measured). */
export function fitted(t: Measured, width: number): Measured {
  if (t.width <= width) return t;
  const text = truncateToWidth(t.text, width);
  return { text, width: displayWidth(text) };
}

/** `t` padded with spaces to `width` columns, on the right (`left` alignment) or the left. */
export function padded(t: Measured, width: number, align: 'left' | 'right' = 'left'): string {
  const gap = width - t.width;
  if (gap <= 0) return t.text;
  return align === 'left' ? t.text + ' '.repeat(gap) : ' '.repeat(gap) + t.text;
}

const WORD = /[^ ]+/g;

/**
 * Text in the room's width, wrapped at spaces: nothing is cut while it can be shown whole.
 * A word wider than the width alone is cut with `…`, unless it is a URL (the terminal folds
 * it, and copying it gives it whole) or the room is `wide`.
 */
export function fitLines(t: Measured, room: Room): string[] {
  return t.width <= room.width ? [t.text] : wholeLines(t.text, room.width, room.wide);
}

/**
 * A word a user copies or clicks as one, so never broken inside: one that starts (after
 * an opening bracket or quote) with a scheme and `://`, or with `www.`. Not any word
 * holding `://`: text from the API with a control sequence shown escaped
 * (`\e]8;;https://…`) is no link, and keeps to the width like other text.
 */
export function isUrlWord(word: string): boolean {
  return /^[("'<[]*(?:[a-z][a-z0-9+.-]*:\/\/|www\.)/i.test(word);
}

/**
 * `text` over lines of `width` columns, broken at spaces; a line that is one word wider
 * than that is cut with `…`, unless `keep` (`--wide`) or the word is a URL.
 */
export function wholeLines(text: string, width: number, keep: boolean): string[] {
  return wrapWords(text, width).map((line) => (keep || displayWidth(line, width) <= width || isUrlWord(line.trim()) ? line : truncateToWidth(line, width)));
}

/** The widest word of `text` (its lead of spaces counted with its first), measured no further than `limit`. */
export function widestWord(text: string, limit = Infinity): number {
  const lead = text.length - text.trimStart().length;
  let w = 0;
  let first = true;
  for (const m of text.matchAll(WORD)) {
    w = Math.max(w, (first ? lead : 0) + displayWidth(m[0], limit));
    first = false;
  }
  return w;
}

/**
 * Where `text` breaks into lines of at most `width` columns, at spaces only: a word is
 * never broken, and one wider than the line gets a line of its own, whole. `lead` is the
 * first line's indentation, which later lines repeat. Null when the text fits as it is,
 * or holds no word.
 */
export function wrapRanges(text: string, width: number): { lead: number; ranges: Array<{ start: number; end: number }> } | null {
  if (displayWidth(text) <= width) return null;
  const lead = text.length - text.trimStart().length;
  const ranges: Array<{ start: number; end: number }> = [];
  let line: { start: number; end: number } | null = null;
  for (const m of text.matchAll(WORD)) {
    const end = m.index + m[0].length;
    if (line !== null && displayWidth(text.slice(line.start, end)) + (ranges.length > 0 ? lead : 0) <= width) {
      line.end = end;
      continue;
    }
    if (line !== null) ranges.push(line);
    line = { start: ranges.length === 0 && line === null ? 0 : m.index, end };
  }
  if (line === null) return null;
  ranges.push(line);
  return { lead, ranges };
}

/** Text over lines of `width` columns, broken at spaces only (see wrapRanges). */
export function wrapWords(text: string, width: number): string[] {
  const wrap = wrapRanges(text, width);
  if (wrap === null) return [text];
  return wrap.ranges.map((r, i) => `${i > 0 && wrap.lead > 0 ? ' '.repeat(wrap.lead) : ''}${text.slice(r.start, r.end)}`);
}

// SGR sequences, the only escape sequences a laid-out line can hold: every string from
// the API was sanitised before it was styled.
const SGR = /\u001b\[[0-9;]*m/g;

/**
 * A safety net under the views: a line wider than the width (which a view should never
 * produce) is shortened with `…`, dropping its colours, rather than let wrap. A line of
 * one word (a URL on a line of its own) is left whole: the terminal wraps it, and copying
 * it still gives the whole word.
 */
export function clampLine(line: string, width: number): string {
  const plain = line.replace(SGR, '');
  if (displayWidth(plain, width) <= width || !/\s/.test(plain.trim())) return line;
  return truncateToWidth(plain, width);
}

/**
 * A heading's forms, longest first: in full; `compact` (shorter parts, a market's code
 * without its label); `parts`, the shortest parts, to put on several lines when even
 * `compact` is too wide; and `fullParts`, what `wide` puts on several lines instead.
 */
export interface HeadingForms {
  full: string;
  compact: string;
  parts: readonly string[];
  fullParts: readonly string[];
}

/** The heading's lines: its longest form that fits, else its parts ` · ` apart over as many lines as they need. */
export function headingLines(heading: HeadingForms, room: Room): string[] {
  const { full, compact } = heading;
  const fits = (t: string) => displayWidth(t, room.width) <= room.width;
  // With `wide` nothing is left out: the full parts over several lines instead.
  const parts = room.wide ? heading.fullParts : heading.parts;
  const text = fits(full) ? full : room.wide ? parts.join(' · ') : fits(compact) ? compact : parts.join(' · ');
  if (fits(text)) return [text];
  // Still too wide: the parts over several lines, as many on each as fit.
  const lines: string[] = [];
  for (const part of parts) {
    const last = lines.length - 1;
    if (last >= 0 && fits(`${lines[last]} · ${part}`)) lines[last] = `${lines[last]} · ${part}`;
    else lines.push(part);
  }
  return lines.flatMap((l) => fitLines({ text: l, width: displayWidth(l, room.width) }, room));
}

const GAP = '  ';
/** What a null value shows. */
export const NULL_MARK = '–';
const EMPTY: Measured = { text: '', width: 0 };

/**
 * Aligned `key  value` lines, keys drawn with `dim` (and the `–` of a null value). The keys'
 * column is as wide as the longest key while the values keep room beside it for their
 * longest word and 40 % of the width (or their whole text, when shorter); 40 % of the width
 * at least. A value wraps at spaces beside its key. A key wider than its column, or a value
 * with a word too wide to go beside it, puts the key on a line of its own and the value
 * under it, so neither is cut while the line has room for its words (see fitLines for a
 * word wider than the line).
 */
export function keyValueLines(entries: ReadonlyArray<readonly [Measured, Measured | null]>, room: Room, dim: Style): string[] {
  const limit = room.wide ? Infinity : room.width + 1;
  const share = Math.max(8, Math.floor(room.width * 0.4));
  let longestKey = 0;
  let valueNeed = 0;
  for (const [k, v] of entries) {
    longestKey = Math.max(longestKey, k.width);
    if (v !== null) valueNeed = Math.max(valueNeed, widestWord(v.text, limit), Math.min(v.width, share));
  }
  const keyWidth = Math.min(longestKey, Math.max(share, room.width - GAP.length - valueNeed));
  const valueWidth = room.width - keyWidth - GAP.length;
  return entries.flatMap(([k, v]) => {
    const style = v === null ? dim : (l: string) => l;
    const value = v === null ? NULL_MARK : v.text;
    const beside = v === null || v.width <= valueWidth ? [value] : wrapWords(value, valueWidth);
    if (k.width > keyWidth || beside.some((l) => displayWidth(l, valueWidth) > valueWidth)) {
      // A URL wider than the room under the key starts at the line's edge: an indent would only push it past.
      const under = (value === '' ? [] : wholeLines(value, room.width - GAP.length, room.wide)).map((l) =>
        isUrlWord(l.trim()) && displayWidth(l) > room.width - GAP.length ? style(l) : `${GAP}${style(l)}`.trimEnd(),
      );
      return [...fitLines(k, room).map((l) => dim(l)), ...under];
    }
    return beside.map((l, i) => `${i === 0 ? dim(padded(k, keyWidth)) : ' '.repeat(keyWidth)}${GAP}${style(l)}`.trimEnd());
  });
}

/** The fallback for a table too wide to fit: one key/value block per record, under a numbered rule. */
export function recordLines(headers: readonly Measured[], rows: ReadonlyArray<ReadonlyArray<Measured | null>>, room: Room, dim: Style): string[] {
  const out: string[] = [];
  const ruleWidth = Math.min(room.width, 40);
  rows.forEach((row, i) => {
    const label = `── ${i + 1}/${rows.length} `;
    out.push(dim(label + '─'.repeat(Math.max(0, ruleWidth - displayWidth(label)))));
    // `row[j]` is null for a JSON null (drawn as `–`), empty for a field this record lacks.
    out.push(
      ...keyValueLines(
        headers.map((h, j) => [h, row[j] === undefined ? EMPTY : row[j]] as const),
        room,
        dim,
      ),
    );
  });
  return out;
}
