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

/** Text in the room's width: shortened, or with `wide` wrapped at spaces. */
export function fitLines(t: Measured, room: Room): string[] {
  return room.wide ? wrapWords(t.text, room.width) : [fitted(t, room.width).text];
}

const WORD = /[^ ]+/g;

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
 * Aligned `key  value` lines; keys get at most 40 % of the width. With `wide` a value
 * wraps beside its key, or under it when the key or a word of the value is too wide.
 * Keys, and the `–` of a null value, are drawn with `dim`.
 */
export function keyValueLines(entries: ReadonlyArray<readonly [Measured, Measured | null]>, room: Room, dim: Style): string[] {
  let keyWidth = 0;
  for (const [k] of entries) keyWidth = Math.max(keyWidth, k.width);
  keyWidth = Math.min(keyWidth, Math.max(8, Math.floor(room.width * 0.4)));
  const valueWidth = room.width - keyWidth - GAP.length;
  return entries.flatMap(([k, v]) => {
    if (room.wide) {
      const style = v === null ? dim : (l: string) => l;
      const value = v === null ? NULL_MARK : v.text;
      const beside = wrapWords(value, valueWidth);
      if (k.width > keyWidth || beside.some((l) => displayWidth(l) > valueWidth)) {
        return [dim(k.text), ...wrapWords(value, room.width - GAP.length).map((l) => `${GAP}${style(l)}`.trimEnd())];
      }
      return beside.map((l, i) => `${i === 0 ? dim(padded(k, keyWidth)) : ' '.repeat(keyWidth)}${GAP}${style(l)}`.trimEnd());
    }
    const key = dim(padded(fitted(k, keyWidth), keyWidth));
    const value = v === null ? dim(NULL_MARK) : fitted(v, valueWidth).text;
    return [`${key}${GAP}${value}`.trimEnd()];
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
