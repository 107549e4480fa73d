/**
 * Items laid out in a line, wrapping onto more lines as the width needs (a legend, a row
 * of figures): `● recommended   ◐ mentioned   ...`. An item is never split unless it
 * alone is wider than the line, and then it is shortened with `…` (kept whole with
 * `wide`, the one line that may go past the width); an item of one part (a sentence) is word-wrapped instead,
 * and so is an item of several parts (a label and a list of names) at spaces, only a word wider than the line cut. An item that is a
 * URL is the exception: never shortened nor broken, it goes on a line of its own (below
 * the lead too) when it does not fit the one it is on, and runs past the width when it
 * must, so that it can still be copied whole (the terminal soft-wraps it), without an indent
 * in front of it when the indent would push it past the edge. Later lines are
 * indented to line up after the lead, and by `hang` more.
 */
import type { ViewContext } from './context.js';
import { fitParts, paint, partsWidth, wrapParts, type Part } from './parts.js';
import type { Obj } from './read.js';
import { isUrlWord, wrapText } from './wrap.js';

export interface FlowOptions {
  /** Between items; default three spaces. */
  sep?: Part;
  /** Before the first item (a label); later lines are indented by its width. */
  lead?: readonly Part[];
  /** Later lines indented this much further still: a heading's continuation under its card. */
  hang?: number;
  wide?: boolean;
}

/** An item that is a URL and nothing else: kept whole whatever the width. */
function isUrlItem(item: readonly Part[]): boolean {
  const t = item.length === 1 ? (item[0] as Part).text.trim() : '';
  return t !== '' && !/\s/.test(t) && isUrlWord(t);
}

export function flowLines(items: ReadonlyArray<readonly Part[]>, width: number, options: FlowOptions = {}): string[] {
  const sep = options.sep ?? { text: '   ' };
  const sepWidth = partsWidth([sep]);
  const lead = options.lead ?? [];
  const indent = partsWidth(lead) + (options.hang ?? 0);
  const limit = width;
  const lines: string[] = [];
  let line: Part[] = [...lead];
  let used = partsWidth(lead);
  let count = 0;
  let breakNext = false;
  let whole = false;
  const fit = (parts: readonly Part[], keep: boolean) => (keep || options.wide ? paint(parts) : fitParts(parts, limit));
  for (const original of items) {
    let item = original;
    let w = partsWidth(item);
    const only = item.length === 1 ? item[0] : undefined;
    if (only !== undefined && indent + w > limit && limit - indent >= 10) {
      // A sentence too long for a line: its own lines, wrapped.
      if (count > 0) lines.push(fit(line, whole));
      const wrapped = wrapText(only.text, limit - indent);
      const lastText = wrapped.pop() ?? '';
      // wrapText leaves a line wider than asked only for a URL, which stays whole.
      wrapped.forEach((text, i) => {
        const wider = indent + partsWidth([{ text }]) > limit;
        const before = i === 0 && lines.length === 0 ? lead : wider ? [] : [{ text: ' '.repeat(indent) }];
        lines.push(fit([...before, { text, style: only.style }], isUrlItem([{ text }])));
      });
      line = [...(lines.length === 0 ? lead : [{ text: ' '.repeat(indent) }])];
      used = partsWidth(line);
      count = 0;
      item = [{ text: lastText, style: only.style }];
      w = partsWidth(item);
      breakNext = true;
    } else if (only === undefined && !options.wide && indent + w > limit && limit - indent >= 10) {
      // A labelled name too long for a line ("rivals named instead …"): on at spaces at the
      // indent, so only a word wider than the room is cut.
      if (count > 0) lines.push(fit(line, whole));
      const wrapped = wrapParts(item, limit - indent);
      const last = wrapped.pop() ?? [];
      wrapped.forEach((parts, i) => {
        // A URL on a line of its own is whole, with no indent to push it past the edge.
        const url = isUrlItem([{ text: parts.map((p) => p.text).join('') }]) && indent + partsWidth(parts) > limit;
        const before = url ? [] : i === 0 && lines.length === 0 ? lead : [{ text: ' '.repeat(indent) }];
        lines.push(fit([...before, ...parts], url));
      });
      line = [...(lines.length === 0 ? lead : [{ text: ' '.repeat(indent) }])];
      used = partsWidth(line);
      count = 0;
      item = last;
      w = partsWidth(item);
      breakNext = true;
    } else if (breakNext && count > 0) {
      // What follows a wrapped sentence starts a line of its own.
      lines.push(fit(line, whole));
      line = [{ text: ' '.repeat(indent) }];
      used = indent;
      count = 0;
      breakNext = false;
    }
    if (count > 0 && used + sepWidth + w > limit) {
      lines.push(fit(line, whole));
      line = [{ text: ' '.repeat(indent) }];
      used = indent;
      count = 0;
    }
    const url = isUrlItem(item);
    if (url && count === 0 && used + w > limit && line.some((p) => p.text.trim() !== '')) {
      // The lead on a line of its own, so that the URL's line holds nothing else.
      lines.push(fitParts(withoutTrailingSpace(line), limit));
      line = [{ text: ' '.repeat(indent) }];
      used = indent;
    }
    if (url && count === 0 && used + w > limit && line.every((p) => p.text.trim() === '')) {
      // A URL wider than the room: no indent in front of it to push it past the edge.
      line = [];
      used = 0;
    }
    if (count === 0) whole = false;
    whole ||= url;
    if (count > 0) {
      line.push(sep);
      used += sepWidth;
    }
    line.push(...item);
    used += w;
    count++;
  }
  if (count > 0 || lead.length > 0) lines.push(fit(line, whole));
  return lines;
}

function withoutTrailingSpace(parts: readonly Part[]): Part[] {
  const out = [...parts];
  while (out.length > 0 && (out[out.length - 1] as Part).text.trim() === '') out.pop();
  const last = out[out.length - 1];
  if (last !== undefined) out[out.length - 1] = { ...last, text: last.text.trimEnd() };
  return out;
}

/** A figure in a row of them: its label dim, its value bold (– where the answer says null). */
export function figureItem(ctx: Pick<ViewContext, 'chalk'>, label: string, v: number | null, format: (v: number) => string): Part[] {
  return [
    { text: `${label} `, style: ctx.chalk.dim },
    { text: v === null ? '–' : format(v), style: ctx.chalk.bold },
  ];
}

/** A count in a row of them: its value bold (– where the answer says null), then what it counts. */
export function countItem(ctx: Pick<ViewContext, 'chalk'>, label: string, v: number | null, format: (v: number) => string, labelStyle?: Part['style']): Part[] {
  return [
    { text: v === null ? '–' : format(v), style: ctx.chalk.bold },
    { text: ` ${label}`, style: labelStyle },
  ];
}

/** The figures `o` gives of those wanted (label, key, format), in that order, each drawn by `item`; a key it lacks is left out. */
export function figureItems(
  ctx: Pick<ViewContext, 'chalk' | 'read'>,
  o: Obj,
  wanted: ReadonlyArray<readonly [string, string, (v: number) => string]>,
  item: typeof figureItem = figureItem,
): Part[][] {
  return wanted.flatMap(([label, key, format]) => {
    const v = ctx.read.number(o, key, 'optional');
    return v === undefined ? [] : [item(ctx, label, v, format)];
  });
}
