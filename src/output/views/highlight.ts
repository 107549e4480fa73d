/**
 * Finding a name in text (the brand in an AI answer) and painting it, line by line,
 * after the text was wrapped. Matching ignores case; the name is taken literally.
 */
import type { Part, Style } from './grid.js';
import type { LineRange } from './wrap.js';

export interface Span {
  start: number;
  end: number;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where `name` occurs in `text` (already sanitised, as is `name`); none for an empty name. */
export function findSpans(text: string, name: string | null): Span[] {
  if (name === null || name.trim() === '') return [];
  const re = new RegExp(escapeRegExp(name), 'giu');
  const spans: Span[] = [];
  for (const m of text.matchAll(re)) spans.push({ start: m.index, end: m.index + m[0].length });
  return spans;
}

/** One wrapped line of `text` as parts, the spans in it painted with `style`. */
export function lineParts(text: string, line: LineRange, spans: readonly Span[], style: Style, base?: Style): Part[] {
  const parts: Part[] = [];
  let pos = line.start;
  for (const span of spans) {
    if (span.end <= pos || span.start >= line.end) continue;
    const from = Math.max(span.start, pos);
    const to = Math.min(span.end, line.end);
    if (from > pos) parts.push({ text: text.slice(pos, from), style: base });
    parts.push({ text: text.slice(from, to), style });
    pos = to;
  }
  if (pos < line.end) parts.push({ text: text.slice(pos, line.end), style: base });
  return parts;
}
