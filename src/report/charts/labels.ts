/**
 * Text from the API as the charts show it. Vega escapes what it writes into the SVG, so
 * `<`, `&` and quotes are safe as they are; what is left is what escaping cannot help:
 * control characters (not even allowed in XML) and bidi overrides (which would reorder
 * the text drawn after them). They become visible escapes, as on the terminal. In the chart
 * a bar's label wraps at spaces over up to three lines of a width that leaves the bars room
 * (a word too long for a line alone is cut), and is kept unique, since bars are placed by
 * their label; the text alternative has the full text.
 */
import { sanitizeForTerminal } from '../../text/sanitize.js';
import { codePointWidth, displayWidth, truncateToWidth } from '../../text/width.js';

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

/** The most lines a bar's label wraps over. */
export const LABEL_LINES = 3;
/** Between the lines of a wrapped label, inside its text: sanitising shows any newline of the API's as `\\n`, so this one is always the charts'. */
export const LINE_BREAK = '\n';

/**
 * A label wrapped at spaces into lines of at most `columns`: a word too long for a line is
 * cut with `…`, and what would need more than `lines` lines ends the last with `…`.
 */
export function wrapLabel(label: string, columns: number, lines: number = LABEL_LINES): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of label.split(' ').filter((w) => w !== '')) {
    const joined = line === '' ? word : `${line} ${word}`;
    if (displayWidth(joined) <= columns) {
      line = joined;
      continue;
    }
    if (line !== '') out.push(line);
    line = truncateToWidth(word, columns);
  }
  if (line !== '' || out.length === 0) out.push(line);
  if (out.length <= lines) return out;
  // The next line did not fit beside the last one kept, so together they are cut, with `…`.
  return [...out.slice(0, lines - 1), truncateToWidth(`${out[lines - 1] as string} ${out[lines] as string}`, columns)];
}

/**
 * The label of each bar as drawn, wrapped (wrapLabel, its lines joined by LINE_BREAK) and
 * unique: a label seen before gets ` (2)`, ` (3)`… after its last line.
 */
export function wrappedBarLabels(labels: readonly string[], columns: number = LABEL_COLUMNS): string[] {
  const seen = new Set<string>();
  return labels.map((label) => {
    const wrapped = wrapLabel(cleanText(label), columns).join(LINE_BREAK);
    let drawn = wrapped;
    for (let n = 2; seen.has(drawn); n++) drawn = `${wrapped} (${n})`;
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
