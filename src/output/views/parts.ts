/**
 * Styled text for views: a line is a list of parts, each sanitised text with an optional
 * style (a chalk function). Widths are measured on the text, so styling never changes
 * the layout, and shortening with `…` keeps each part's style.
 */
import { wrapRanges } from '../../text/fit.js';
import { displayWidth, truncateToWidth } from '../../text/width.js';

export type Style = (s: string) => string;
export interface Part {
  text: string;
  style?: Style | undefined;
}
export function partsWidth(parts: readonly Part[]): number {
  let w = 0;
  for (const p of parts) w += displayWidth(p.text);
  return w;
}

export function paint(parts: readonly Part[]): string {
  return parts.map((p) => (p.style && p.text !== '' ? p.style(p.text) : p.text)).join('');
}

/** Parts shortened to `max` columns with `…` (in the style of the part it cuts), painted. */
export function fitParts(parts: readonly Part[], max: number): string {
  const plain = parts.map((p) => p.text).join('');
  const cut = truncateToWidth(plain, max);
  if (cut === plain) return paint(parts);
  const keep = cut.endsWith('…') ? cut.length - 1 : cut.length;
  const out: Part[] = [];
  let used = 0;
  let lastStyle: Style | undefined;
  for (const p of parts) {
    if (used >= keep) break;
    const take = Math.min(p.text.length, keep - used);
    out.push({ text: p.text.slice(0, take), style: p.style });
    lastStyle = p.style;
    used += take;
  }
  if (cut.endsWith('…')) {
    const cutPart = parts.find((_, i) => parts.slice(0, i + 1).reduce((n, q) => n + q.text.length, 0) > keep);
    out.push({ text: '…', style: cutPart?.style ?? lastStyle });
  }
  return paint(out);
}

/** One line of parts fitted to the width (whole with `wide`). */
export function fitLine(parts: readonly Part[], layout: { width: number; wide: boolean }): string {
  return layout.wide ? paint(parts) : fitParts(parts, layout.width);
}

/**
 * The parts over lines of at most `width` columns, broken at spaces only: a word is never
 * broken, and one wider than the line gets a line of its own, whole. Later lines keep the
 * indentation of the first; each line keeps the styles of the text it holds.
 */
export function wrapParts(parts: readonly Part[], width: number): Part[][] {
  const wrap = wrapRanges(parts.map((p) => p.text).join(''), width);
  if (wrap === null) return [[...parts]];
  return wrap.ranges.map((r, i) => [...(i > 0 && wrap.lead > 0 ? [{ text: ' '.repeat(wrap.lead) }] : []), ...sliceParts(parts, r.start, r.end)]);
}

/** The parts holding `start` to `end` of their joined text, styles kept. */
export function sliceParts(parts: readonly Part[], start: number, end: number): Part[] {
  const out: Part[] = [];
  let at = 0;
  for (const p of parts) {
    const from = Math.max(start, at);
    const to = Math.min(end, at + p.text.length);
    if (to > from) out.push({ text: p.text.slice(from - at, to - at), style: p.style });
    at += p.text.length;
  }
  return out;
}
