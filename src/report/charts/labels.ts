/**
 * Text from the API as the charts show it. Vega escapes what it writes into the SVG, so
 * `<`, `&` and quotes are safe as they are; what is left is what escaping cannot help:
 * control characters (not even allowed in XML) and bidi overrides (which would reorder
 * the text drawn after them). They become visible escapes, as on the terminal. In the chart
 * a label is cut to a width that leaves the bars room, and kept unique, since bars are
 * placed by their label; the text alternative has the full text.
 */
import { sanitizeForTerminal } from '../../text/sanitize.js';
import { codePointWidth, truncateToWidth } from '../../text/width.js';

/** The widest label drawn beside a bar, in terminal columns (a wide character counts two). */
export const LABEL_COLUMNS = 28;

/** A text from the API, or a caller's title that may hold one, fit to draw or to read out. */
export function cleanText(text: string): string {
  return sanitizeForTerminal(text);
}

/**
 * The label of each bar as drawn: cleaned, cut to LABEL_COLUMNS with `…`, and unique: a
 * label seen before (two rivals of one name, or two long names that cut the same) gets
 * ` (2)`, ` (3)`…
 */
export function barLabels(labels: readonly string[], columns: number = LABEL_COLUMNS): string[] {
  const seen = new Set<string>();
  return labels.map((label) => {
    const cut = truncateToWidth(cleanText(label), columns);
    let drawn = cut;
    for (let n = 2; seen.has(drawn); n++) drawn = `${cut} (${n})`;
    seen.add(drawn);
    return drawn;
  });
}

/** The charts' text size, in px. */
export const FONT_SIZE = 11;

/**
 * How wide `text` may be drawn, in px, erring wide. Vega places labels by its own estimate
 * (0.8 em a character), which a label of capitals or wide characters outgrows in real type:
 * the charts reserve this instead, so nothing is cut at the edge. In ems, by the widest
 * glyphs of the usual sans-serif fonts (Helvetica, Arial, and DejaVu Sans, the widest, where
 * neither is installed): a wide (East Asian) character 1.1, `W`, `M`, `@`, `%`, `m`, `w`
 * 1.05, another capital 0.85, anything else 0.66.
 */
export function textWidth(text: string, size: number = FONT_SIZE): number {
  let ems = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    const columns = codePointWidth(cp);
    if (columns === 2) ems += 1.1;
    else if (columns === 0) continue;
    else if (/[WM@%mw]/.test(ch)) ems += 1.05;
    else if (/\p{Lu}/u.test(ch)) ems += 0.85;
    else ems += 0.66;
  }
  return Math.ceil(ems * size);
}
