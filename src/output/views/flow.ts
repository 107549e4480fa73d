/**
 * Items laid out in a line, wrapping onto more lines as the width needs (a legend, a row
 * of figures): `● recommended   ◐ mentioned   ...`. An item is never split unless it
 * alone is wider than the line, and then it is shortened with `…` (kept whole with
 * `wide`, the one line that may go past the width); an item of one part (a sentence) is
 * word-wrapped instead. Later lines are indented to line up after the lead.
 */
import { fitParts, paint, partsWidth, type Part } from './parts.js';
import { wrapText } from './wrap.js';

export interface FlowOptions {
  /** Between items; default three spaces. */
  sep?: Part;
  /** Before the first item (a label); later lines are indented by its width. */
  lead?: readonly Part[];
  wide?: boolean;
}

export function flowLines(items: ReadonlyArray<readonly Part[]>, width: number, options: FlowOptions = {}): string[] {
  const sep = options.sep ?? { text: '   ' };
  const sepWidth = partsWidth([sep]);
  const lead = options.lead ?? [];
  const indent = partsWidth(lead);
  const limit = width;
  const fitted = (parts: readonly Part[]) => (options.wide ? paint(parts) : fitParts(parts, limit));
  const lines: string[] = [];
  let line: Part[] = [...lead];
  let used = indent;
  let count = 0;
  let breakNext = false;
  for (const original of items) {
    let item = original;
    let w = partsWidth(item);
    const only = item.length === 1 ? item[0] : undefined;
    if (only !== undefined && indent + w > limit && limit - indent >= 10) {
      // A sentence too long for a line: its own lines, wrapped.
      if (count > 0) lines.push(fitted(line));
      const wrapped = wrapText(only.text, limit - indent);
      const lastText = wrapped.pop() ?? '';
      wrapped.forEach((text, i) =>
        lines.push(fitted([...(i === 0 && lines.length === 0 ? lead : [{ text: ' '.repeat(indent) }]), { text, style: only.style }])),
      );
      line = [...(lines.length === 0 ? lead : [{ text: ' '.repeat(indent) }])];
      used = indent;
      count = 0;
      item = [{ text: lastText, style: only.style }];
      w = partsWidth(item);
      breakNext = true;
    } else if (breakNext && count > 0) {
      // What follows a wrapped sentence starts a line of its own.
      lines.push(fitted(line));
      line = [{ text: ' '.repeat(indent) }];
      used = indent;
      count = 0;
      breakNext = false;
    }
    if (count > 0 && used + sepWidth + w > limit) {
      lines.push(fitted(line));
      line = [{ text: ' '.repeat(indent) }];
      used = indent;
      count = 0;
    }
    if (count > 0) {
      line.push(sep);
      used += sepWidth;
    }
    line.push(...item);
    used += w;
    count++;
  }
  if (count > 0 || lead.length > 0) lines.push(fitted(line));
  return lines;
}
