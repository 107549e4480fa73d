/**
 * Word wrap by display width, for answer text and descriptions laid out over several
 * lines on purpose. Line breaks in the text are kept; a word longer than the line is
 * broken after a `/` or `-` near the width, else at the width. Returns the ranges of
 * each line in the text (spaces at a break dropped), so callers can paint highlights
 * that were found in the whole text.
 *
 * Not wrap-ansi: it returns strings, not ranges in the text; its `hard` mode cuts a long
 * word at the column (`/bes` + `t-crm...`) where this one breaks after a `/` or `-`; it
 * has no hanging indent for list items; and it measures with string-width, which counts
 * Indic syllables narrower than a terminal draws them (test/output/views.test.ts).
 */
import { isUrlWord } from '../../text/fit.js';
import { displayWidth } from '../../text/width.js';

export interface LineRange {
  start: number;
  end: number;
  /** Spaces to put before the line: the hanging indent of a wrapped list item. */
  indent: number;
}

export interface WrapOptions {
  /**
   * Continuation lines of a list item (`1. `, `- `, `* `, `• `) line up under its text
   * instead of under the marker.
   */
  hang?: boolean;
}

const LIST_ITEM = /^ *(?:\d{1,3}[.)]|[-*\u2022]) +/; // • escaped: see checkOneByte in scripts/build.mjs

// A word a user copies or clicks as one is never broken inside (text/fit.ts says which).
export { isUrlWord } from '../../text/fit.js';

function widthOf(text: string, from: number, to: number): number {
  return displayWidth(text.slice(from, to));
}

/**
 * Where to break a piece `text[start, end)` that is one character too wide: after its
 * last `/` (a path or link breaks between its segments), else after its last `-`, `_`,
 * `?`, `&` or `=`, when that leaves the line at least a third full; else at `end`.
 */
function breakAt(text: string, start: number, end: number, width: number): number {
  const piece = text.slice(start, end);
  for (const marks of [/\//g, /[-_?&=]/g]) {
    let last = -1;
    for (let m = marks.exec(piece); m !== null; m = marks.exec(piece)) last = m.index;
    if (last >= 0 && displayWidth(piece.slice(0, last + 1)) * 3 >= width) return start + last + 1;
  }
  return end;
}

/** Splits a word that is wider than `width` into pieces that fit: at a `/` or `-` where one is near the end (breakAt), else by code point. */
function breakWord(text: string, from: number, to: number, width: number): LineRange[] {
  const pieces: LineRange[] = [];
  let start = from;
  let w = 0;
  let i = from;
  while (i < to) {
    const cp = text.codePointAt(i) as number;
    const len = cp > 0xffff ? 2 : 1;
    const cw = displayWidth(text.slice(start, i + len)) - w;
    if (w + cw > width && i > start) {
      const end = breakAt(text, start, i, width);
      pieces.push({ start, end, indent: 0 });
      start = end;
      i = end;
      w = 0;
      continue;
    }
    w += cw;
    i += len;
  }
  if (start < to) pieces.push({ start, end: to, indent: 0 });
  return pieces;
}

export function wrapRanges(text: string, width: number, options: WrapOptions = {}): LineRange[] {
  const w = Math.max(1, width);
  const out: LineRange[] = [];
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const lines: LineRange[] = [];
    wrapParagraph(text, lineStart, lineEnd, w, lines);
    const marker = options.hang ? LIST_ITEM.exec(text.slice(lineStart, lineEnd)) : null;
    const hang = marker === null ? 0 : displayWidth(marker[0]);
    if (hang > 0 && hang <= w / 2 && lines.length > 1) {
      // Wrap again: the first line full width, the rest narrower by the hang.
      const first = lines[0] as LineRange;
      const rest: LineRange[] = [];
      let from = first.end;
      while (from < lineEnd && text[from] === ' ') from++;
      if (from < lineEnd) wrapParagraph(text, from, lineEnd, w - hang, rest);
      out.push(first, ...rest.map((r) => ({ ...r, indent: hang })));
    } else {
      out.push(...lines);
    }
    lineStart = lineEnd + 1;
  }
  return out;
}

function wrapParagraph(text: string, from: number, to: number, width: number, out: LineRange[]): void {
  if (widthOf(text, from, to) <= width) {
    out.push({ start: from, end: to, indent: 0 });
    return;
  }
  const words: LineRange[] = [];
  const re = /[^ \n]+/g;
  re.lastIndex = from;
  for (let m = re.exec(text); m !== null && m.index < to; m = re.exec(text)) {
    words.push({ start: m.index, end: Math.min(to, m.index + m[0].length), indent: 0 });
  }
  const first = words[0];
  if (first === undefined) {
    out.push({ start: from, end: from, indent: 0 }); // a line of nothing but spaces
    return;
  }
  first.start = from; // indentation stays with the first word
  let line: LineRange | null = null;
  for (const word of words) {
    if (line !== null && widthOf(text, line.start, word.end) <= width) {
      line.end = word.end;
      continue;
    }
    if (line !== null) out.push(line);
    if (widthOf(text, word.start, word.end) <= width || isUrlWord(text.slice(word.start, word.end).trimStart())) {
      line = { ...word };
      continue;
    }
    const pieces = breakWord(text, word.start, word.end, width);
    line = pieces.pop() ?? null;
    out.push(...pieces);
  }
  if (line !== null) out.push(line);
}

/** `text` wrapped to `width` columns, as lines. */
export function wrapText(text: string, width: number): string[] {
  return wrapRanges(text, width).map((r) => text.slice(r.start, r.end));
}
