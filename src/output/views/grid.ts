/**
 * The table layout views use: like the generic renderer's (columns two spaces apart, a
 * bold header and a dim rule, fitted to the width, `…` where text is shortened), but a
 * cell is made of styled parts, so a state mark can be green beside a plain number, and
 * each column says whether it may be shortened.
 *
 * Columns that may not be shortened (numbers, marks, dates) keep their width; their
 * header may go over two or more lines (broken at spaces), or else be shortened, down
 * to the cells' width. A header goes over more lines before a shortening column's text
 * wraps, and is shortened only when nothing else fits. A shortening column holds names:
 * one too wide for it goes on at spaces onto more lines of its row rather than being cut,
 * the column kept as wide as its longest word while the line has room, so only a word
 * wider than the column is cut with `…`. When the columns side by side leave a name's or a
 * header's word less room than it needs, the rows become key/value blocks (names and keys
 * whole, wrapped) rather than cut it; only a word too wide even there is cut, in the
 * table. Shortening columns are squeezed to
 * `min` (default 4) at least; when even that does not fit, the rows are shown as one
 * key/value block per row instead, as the generic renderer does. With `wide` nothing is
 * shortened. Group rows (a topic above its questions) span the whole line.
 *
 * A `wrap` column holds text a user copies (an id, a URL, a question): it is never
 * shortened. Its text goes over several lines at spaces, the row's other cells on the
 * first, and no word of it is broken, so the column is at least as wide as its longest
 * word; the room comes from the shortening columns first. When even that does not fit,
 * the record blocks show the value whole on lines of its own. With `wide`, every text
 * column wraps that way: nothing is shortened, and only a word wider than its column
 * goes past the width.
 */
import type { ChalkInstance } from 'chalk';
import { displayWidth, fitWidths, padToWidth, truncateToWidth } from '../../text/width.js';
import { flowLines } from './flow.js';
import { fitParts, paint, partsWidth, sliceParts, wrapParts, type Part, type Style } from './parts.js';
import { isUrlWord, wrapText } from './wrap.js';
import { wrapWords } from '../../text/fit.js';

export { fitLine, fitParts, partsWidth, wrapParts, type Part, type Style } from './parts.js';

/** A cell: styled parts of sanitised text on one line; null draws a dim `–` (not measured). */
export type Cell = readonly Part[] | null;

export interface Column {
  header: string;
  align?: 'left' | 'right';
  /** Text that may be shortened with `…` to fit. */
  shrink?: boolean;
  /** Narrowest a shrinking column gets (default 4). */
  min?: number;
  /** Share of the room left over for shrinking columns, relative to the others (default 1). */
  weight?: number;
  /** Text a user copies: wrapped at spaces over several lines, never shortened, no word broken. */
  wrap?: boolean;
  /**
   * The name of the row's id (a topic's, beside its id): it gets the room first, over two
   * lines at most while a copied text (an id, a brand) could wrap instead; else the rows
   * become key/value blocks when those show every name whole.
   */
  idName?: boolean;
}

/**
 * A row of cells; a group line spanning the table (a topic above its questions); or a
 * detail line under the row before it, starting where column `column` starts and taking
 * the rest of the line (a task's topics and dates under its title). With `heads`, the
 * detail is the title of the row after it (a question over its cells): as a card, it
 * goes under that row's numbered rule, not above it.
 */
export type GridRow =
  | { cells: readonly Cell[] }
  | { group: readonly Part[] }
  | { detail: ReadonlyArray<readonly Part[]>; column: number; sep?: Part; indent?: number; heads?: boolean };

export interface Layout {
  width: number;
  wide: boolean;
  chalk: ChalkInstance;
}

const GAP = '  ';
const NULL_MARK = '–';
const MIN_SHRINK = 4;
/** A detail line starts further left rather than get narrower than this. */
const MIN_DETAIL = 20;

export function cell(text: string, style?: Style): Cell {
  return [{ text, style }];
}

function placed(c: Cell, width: number, align: 'left' | 'right', last: boolean, layout: Layout): string {
  const parts: readonly Part[] = c === null ? [{ text: NULL_MARK, style: layout.chalk.dim }] : c;
  const text = layout.wide ? paint(parts) : fitParts(parts, width);
  const w = layout.wide ? partsWidth(parts) : Math.min(width, partsWidth(parts));
  const gap = Math.max(0, width - w);
  if (align === 'right') return ' '.repeat(gap) + text;
  return last ? text : text + ' '.repeat(gap);
}

/** The width each column would take with nothing shortened (headers included). */
export function naturalWidths(columns: readonly Column[], rows: readonly GridRow[]): number[] {
  return columns.map((c, j) => {
    let w = displayWidth(c.header);
    for (const r of rows) if ('cells' in r) w = Math.max(w, r.cells[j] === null ? 1 : partsWidth(r.cells[j] ?? []));
    return w;
  });
}

/**
 * The narrowest the table gets with nothing cut: each column as wide as its widest cell
 * (a name's or wrapping text's widest word) or its header's longest word, whichever is wider.
 */
export function wholeWidth(columns: readonly Column[], rows: readonly GridRow[]): number {
  const widths = columns.map((c, j) => {
    let w = Math.max(0, ...c.header.split(' ').map((word) => displayWidth(word)));
    for (const r of rows) {
      if (!('cells' in r)) continue;
      const v = r.cells[j] ?? null;
      w = Math.max(w, v === null ? 1 : c.shrink === true || c.wrap === true ? widestWord(v) : partsWidth(v));
    }
    return w;
  });
  return widths.reduce((a, b) => a + b, 0) + GAP.length * Math.max(0, columns.length - 1);
}

/** The rows as a table; `header: false` leaves out the header line and its rule. */
export function gridLines(columns: readonly Column[], rows: readonly GridRow[], layout: Layout, options: { header?: boolean } = {}): string[] {
  const withHeader = options.header !== false;
  const { chalk } = layout;
  const n = columns.length;
  const wrapping = columns.map((c) => wraps(c, layout));
  const headerWidths = columns.map((c) => (withHeader ? displayWidth(c.header) : 0));
  const cellWidths = columns.map((_, j) => {
    let w = 0;
    for (const r of rows) if ('cells' in r) w = Math.max(w, r.cells[j] === null ? 1 : partsWidth(r.cells[j] ?? []));
    return w;
  });
  // The narrowest a wrapping column can be without breaking a word.
  const wordWidths = columns.map((_, j) => {
    let w = 0;
    if (wrapping[j]) for (const r of rows) if ('cells' in r) w = Math.max(w, r.cells[j] === null ? 1 : widestWord(r.cells[j] ?? []));
    return w;
  });
  const natural = columns.map((_, j) => Math.max(headerWidths[j] ?? 0, cellWidths[j] ?? 0));
  const available = layout.width - GAP.length * (n - 1);
  const fit = (minimum: number[], wants: readonly number[] = natural) =>
    columns.some((c) => c.weight !== undefined)
      ? fitWeighted(
          wants,
          minimum,
          columns.map((c) => c.weight ?? 1),
          available,
        )
      : fitWidths(wants, minimum, available);
  const shrinkMin = (c: Column, j: number) => Math.min(natural[j] ?? 0, c.min ?? MIN_SHRINK);
  // A name wraps at spaces rather than being cut: its column is kept as wide as its longest
  // word while the line has room for that, so no word of it is cut either.
  const nameWords = columns.map((_, j) => {
    let w = 0;
    for (const r of rows) if ('cells' in r && r.cells[j] !== null) w = Math.max(w, widestWord(r.cells[j] ?? []));
    return w;
  });
  const wordMin = (c: Column, j: number) => Math.min(natural[j] ?? 0, Math.max(c.min ?? MIN_SHRINK, nameWords[j] ?? 0));
  // Headers whole if the text columns can still get their minimum; else headers over
  // two or more lines, broken at spaces; else shortened (never with `wide`).
  const longestWord = columns.map((c) => Math.max(0, ...c.header.split(' ').map((w) => displayWidth(w))));
  const headerRoom = [
    (j: number) => headerWidths[j] ?? 0,
    (j: number) => (withHeader ? (longestWord[j] ?? 0) : 0),
    ...(layout.wide ? [] : [(j: number) => Math.min(headerWidths[j] ?? 0, MIN_SHRINK)]),
  ];
  // With the wrapping columns on one line, the room above the minimums goes first to what
  // would be cut, a shortening column's text (a name is cut only when the row has no room
  // left) and a header's longest word; then to the headers, on fewer lines.
  const whole = columns.map((c, j) => (c.shrink && !wrapping[j] ? (natural[j] ?? 0) : Math.max(cellWidths[j] ?? 0, withHeader ? (longestWord[j] ?? 0) : 0)));
  const tiered = (minimum: number[]): number[] | null => {
    const first = fit(
      minimum,
      whole.map((w, j) => Math.max(w, minimum[j] ?? 0)),
    );
    if (first === null || first.some((w, j) => w < (whole[j] ?? 0))) return first;
    return fit(first);
  };
  /** How many cells of the shortening columns `widths` cuts. */
  const cut = (widths: readonly number[]) => {
    let n = 0;
    columns.forEach((c, j) => {
      if (!c.shrink || wrapping[j]) return;
      for (const r of rows) if ('cells' in r && r.cells[j] !== null && partsWidth(r.cells[j] ?? []) > (widths[j] ?? 0)) n++;
    });
    return n;
  };
  // Headers whole, or over several lines when that cuts fewer cells; shortened only when
  // neither fits.
  // Names no narrower than their longest word first, then narrower (a long word cut), and
  // only then shortened headers.
  let fitted: number[] | null = null;
  const attempt = (nameMin: (c: Column, j: number) => number, tiers: ReadonlyArray<(j: number) => number>) => {
    for (const header of tiers) {
      const widths = tiered(columns.map((c, j) => (c.shrink && !wrapping[j] ? nameMin(c, j) : Math.max(cellWidths[j] ?? 0, header(j)))));
      if (widths !== null && (fitted === null || cut(widths) < cut(fitted))) fitted = widths;
    }
  };
  // Names and headers whole, their words on lines of their own at spaces.
  attempt(wordMin, headerRoom.slice(0, 2));
  if (wrapping.some(Boolean)) {
    for (const header of headerRoom.slice(0, 2)) {
      fitted ??= fit(
        columns.map((c, j) => (wrapping[j] ? Math.max(wordWidths[j] ?? 0, header(j)) : c.shrink ? wordMin(c, j) : Math.max(cellWidths[j] ?? 0, header(j)))),
        natural.map((w, j) => (columns[j]?.shrink && !wrapping[j] ? wordMin(columns[j] as Column, j) : w)),
      );
    }
  }
  // When that does not fit, a word is cut only if the record blocks would cut it too:
  // never because another column took its room.
  if (fitted === null && !layout.wide && recordsWhole(columns, rows, layout)) return recordBlocks(columns, rows, layout);
  for (const tiers of [headerRoom.slice(0, 2), headerRoom.slice(2)]) {
    for (const nameMin of [wordMin, shrinkMin]) if (fitted === null) attempt(nameMin, tiers);
  }
  // Else the shortening columns at their narrowest and the wrapping ones over several lines.
  if (wrapping.some(Boolean)) {
    const wants = natural.map((w, j) => (columns[j]?.shrink && !wrapping[j] ? shrinkMin(columns[j] as Column, j) : w));
    for (const header of headerRoom) {
      fitted ??= fit(
        columns.map((c, j) => (wrapping[j] ? Math.max(wordWidths[j] ?? 0, header(j)) : c.shrink ? shrinkMin(c, j) : Math.max(cellWidths[j] ?? 0, header(j)))),
        wants,
      );
    }
  }
  if (fitted === null) return recordBlocks(columns, rows, layout);
  let widths: number[] = fitted;
  if (!layout.wide && nameLines(columns, rows, widths) > MAX_NAME_LINES) {
    const named = namesFirst(columns, widths, wrapping, natural, (j) => Math.max(wordWidths[j] ?? 0, withHeader ? (longestWord[j] ?? 0) : 0));
    if (nameLines(columns, rows, named) <= MAX_NAME_LINES) widths = named;
    else if (recordsWhole(columns, rows, layout)) return recordBlocks(columns, rows, layout);
  }
  const align = (j: number) => columns[j]?.align ?? 'left';
  // A header wider than its column goes over several lines when its words fit the
  // column, bottom-aligned; otherwise it is shortened (whole with `wide`).
  const headerLines = columns.map((c, j) => {
    const w = widths[j] ?? 0;
    if (displayWidth(c.header) <= w) return [c.header];
    const words = c.header.split(' ');
    return words.every((word) => displayWidth(word) <= w) ? wrapText(c.header, w) : [c.header];
  });
  const header = sideBySide(headerLines, (text = '', j) => placed([{ text, style: chalk.bold }], widths[j] ?? 0, align(j), j === n - 1, layout), 'bottom');
  // The rule under the header; blank under a column without a header (a row label).
  const rule = widths
    .map((w, j) => (columns[j]?.header === '' ? ' '.repeat(w) : chalk.dim('─'.repeat(w))))
    .join(GAP)
    .trimEnd();
  const out = withHeader ? [...header, rule] : [];
  for (const r of rows) {
    if ('group' in r) {
      out.push(...groupLines(r.group, layout));
      continue;
    }
    if ('detail' in r) {
      let x = 0;
      for (let j = 0; j < r.column && j < n; j++) x += (widths[j] ?? 0) + GAP.length;
      x += r.indent ?? 0;
      x = Math.min(x, Math.max(0, layout.width - MIN_DETAIL));
      const lines = flowLines(r.detail, Math.max(1, layout.width - x), { sep: r.sep, wide: layout.wide });
      for (const line of lines) out.push(indented(line, x, layout.width));
      continue;
    }
    // Wrapping cells over as many lines as they need, and names too wide for their column
    // at spaces (a word wider than the column alone is cut); the other cells on the first.
    const cellLines = r.cells.map((c, j): Cell[] =>
      c !== null && (wrapping[j] || (columns[j]?.shrink === true && partsWidth(c) > (widths[j] ?? 0))) ? wrapParts(c, widths[j] ?? 0) : [c],
    );
    const rowHeight = Math.max(1, ...cellLines.map((l) => l.length));
    for (let i = 0; i < rowHeight; i++) {
      out.push(
        cellLines
          .map((lines, j) => {
            const w = widths[j] ?? 0;
            if (i >= lines.length) return ' '.repeat(w);
            const c = lines[i] as Cell;
            return wrapping[j] && c !== null ? paint(c) + ' '.repeat(Math.max(0, w - partsWidth(c))) : placed(c, w, align(j), j === n - 1, layout);
          })
          .join(GAP)
          .trimEnd(),
      );
    }
  }
  return out;
}

/**
 * Columns of lines side by side, GAP apart, as many lines as the tallest column: `place`
 * draws line `line` of column `j` (undefined where the column has no line there). A shorter
 * column starts on the first line, or with `bottom` ends on the last.
 */
export function sideBySide<T>(
  columns: ReadonlyArray<readonly T[]>,
  place: (line: T | undefined, j: number) => string,
  align: 'top' | 'bottom' = 'top',
): string[] {
  const height = Math.max(1, ...columns.map((lines) => lines.length));
  const out: string[] = [];
  for (let i = 0; i < height; i++) {
    out.push(
      columns
        .map((lines, j) => place(lines[align === 'bottom' ? i - (height - lines.length) : i], j))
        .join(GAP)
        .trimEnd(),
    );
  }
  return out;
}

/** A line of parts wrapped at spaces to the width, so a URL in it is never broken nor shortened. */
export function wrapLine(parts: readonly Part[], layout: Pick<Layout, 'width'>): string[] {
  return wrapParts(parts, layout.width).map(paint);
}

const SGR = /\u001b\[[0-9;]*m/g;

/**
 * A detail line at `x` columns in; a URL wider than the room left goes at the line's
 * start instead, as an indent would only push it past the edge.
 */
function indented(line: string, x: number, width: number): string {
  const plain = line.replace(SGR, '').trim();
  if (x + displayWidth(plain) > width && !/\s/.test(plain) && isUrlWord(plain)) return line.trimStart();
  return `${' '.repeat(x)}${line}`.trimEnd();
}

/** Whether a column wraps instead of being shortened: asked for, or any text column with `wide`. */
function wraps(c: Column, layout: Layout): boolean {
  return c.wrap === true || (layout.wide && c.shrink === true);
}

/** A group line: shortened to the width, or wrapped at spaces with `wide`. */
function groupLines(group: readonly Part[], layout: Layout): string[] {
  // A line that is one URL (a page under its title) is never shortened: the terminal folds it.
  const text = group
    .map((p) => p.text)
    .join('')
    .trim();
  if (!/\s/.test(text) && isUrlWord(text)) return [paint(group)];
  return layout.wide ? wrapParts(group, layout.width).map(paint) : [fitParts(group, layout.width)];
}

const WORD = /[^ ]+/g;

/** The widest word of the parts' text, with the indentation it starts after. */
export function widestWord(parts: readonly Part[]): number {
  const text = parts.map((p) => p.text).join('');
  const lead = text.length - text.trimStart().length;
  let w = 0;
  for (const m of text.matchAll(WORD)) w = Math.max(w, displayWidth(m[0]));
  return lead + w;
}

/**
 * Like fitWidths, but the room above the minimums goes to the columns in proportion to
 * their weight (a question column can take three times what an id column does), none
 * getting more than it wants; what one cannot use goes to the others.
 */
function fitWeighted(natural: readonly number[], minimum: readonly number[], weights: readonly number[], available: number): number[] | null {
  if (natural.reduce((a, b) => a + b, 0) <= available) return [...natural];
  let room = available - minimum.reduce((a, b) => a + b, 0);
  if (room < 0) return null;
  const widths = [...minimum];
  let open = natural.map((_, j) => j).filter((j) => (natural[j] ?? 0) > (widths[j] ?? 0));
  while (room > 0 && open.length > 0) {
    const total = open.reduce((n, j) => n + (weights[j] ?? 1), 0);
    let given = 0;
    for (const j of open) {
      const share = Math.max(1, Math.floor((room * (weights[j] ?? 1)) / total));
      const give = Math.min(share, (natural[j] ?? 0) - (widths[j] ?? 0), room - given);
      widths[j] = (widths[j] ?? 0) + give;
      given += give;
    }
    room -= given;
    if (given === 0) break;
    open = open.filter((j) => (natural[j] ?? 0) > (widths[j] ?? 0));
  }
  return widths;
}

/** The keys' column of the record blocks: as wide as the widest header while the values' widest text still fits beside it, 40 % of the line at least. */
function recordKeyWidth(columns: readonly Column[], rows: readonly GridRow[], width: number): number {
  let values = 0;
  for (const r of rows) if ('cells' in r) for (const c of r.cells) if (c !== null) values = Math.max(values, partsWidth(c));
  const room = Math.max(8, Math.floor(width * 0.4), width - GAP.length - values);
  return Math.min(Math.max(...columns.map((c) => displayWidth(c.header))), room);
}

/** A key over lines of the keys' column, broken at spaces; a word wider than the column is cut. */
function keyLines(header: string, keyWidth: number, whole: boolean): string[] {
  return wrapText(header, keyWidth).length === 1 || !header.includes(' ')
    ? [whole ? header : truncateToWidth(header, keyWidth)]
    : wrapWords(header, keyWidth).map((l) => (whole ? l : truncateToWidth(l, keyWidth)));
}

/** Most lines a name takes beside an id before the room is found elsewhere. */
const MAX_NAME_LINES = 2;

/** The most lines the name of a row's id (see Column.idName) takes at the widths. */
function nameLines(columns: readonly Column[], rows: readonly GridRow[], widths: readonly number[]): number {
  let most = 1;
  columns.forEach((c, j) => {
    if (c.idName !== true) return;
    for (const r of rows) {
      const v = 'cells' in r ? (r.cells[j] ?? null) : null;
      if (v !== null && partsWidth(v) > (widths[j] ?? 0)) most = Math.max(most, wrapParts(v, widths[j] ?? 0).length);
    }
  });
  return most;
}

/**
 * The widths with the wrapping columns down to their widest word (`floor`), that room given
 * to the names of the ids up to their whole width, and what is left back to the wrapping columns.
 */
function namesFirst(
  columns: readonly Column[],
  widths: readonly number[],
  wrapping: readonly boolean[],
  natural: readonly number[],
  floor: (j: number) => number,
): number[] {
  const out = [...widths];
  let room = 0;
  columns.forEach((_, j) => {
    if (!wrapping[j]) return;
    const low = Math.min(out[j] ?? 0, floor(j));
    room += (out[j] ?? 0) - low;
    out[j] = low;
  });
  const give = (j: number) => {
    const more = Math.max(0, Math.min(room, (natural[j] ?? 0) - (out[j] ?? 0)));
    out[j] = (out[j] ?? 0) + more;
    room -= more;
  };
  columns.forEach((c, j) => c.idName === true && !wrapping[j] && give(j));
  columns.forEach((_, j) => wrapping[j] && give(j));
  return out;
}

/**
 * Whether the record blocks show every name and header whole: no word of a name nor of a
 * header is wider than its room, and each figure fits beside its key.
 */
function recordsWhole(columns: readonly Column[], rows: readonly GridRow[], layout: Layout): boolean {
  const keyWidth = recordKeyWidth(columns, rows, layout.width);
  const valueWidth = layout.width - keyWidth - GAP.length;
  const wordFits = (text: string, room: number) => text.split(' ').every((w) => displayWidth(w) <= room);
  if (!columns.every((c) => wordFits(c.header, keyWidth))) return false;
  return rows.every(
    (r) =>
      !('cells' in r) ||
      r.cells.every((c, j) => {
        if (c === null || columns[j]?.wrap === true) return true;
        const text = c.map((p) => p.text).join('');
        return columns[j]?.shrink === true ? wordFits(text.trim(), valueWidth) : displayWidth(text) <= valueWidth;
      }),
  );
}

/**
 * Rows too wide for the terminal: one key/value block per row, under a numbered rule. A
 * key wider than its column goes on at spaces over more lines. A value to be kept whole
 * (a wrapping column, or any with `wide`) is wrapped beside its key, or on lines of its
 * own under it when a word of it is wider than the room there (a URL then at the line's
 * start, with no indent to push it past the edge).
 */
function recordBlocks(columns: readonly Column[], rows: readonly GridRow[], layout: Layout): string[] {
  const { chalk } = layout;
  const out: string[] = [];
  const keyWidth = recordKeyWidth(columns, rows, layout.width);
  const valueWidth = layout.width - keyWidth - GAP.length;
  const records = rows.filter((r) => 'cells' in r).length;
  const ruleWidth = Math.min(layout.width, 40);
  /** The key's lines beside the value's, the longer setting the block's height. */
  const beside = (keys: readonly string[], values: readonly string[]) => {
    for (let k = 0; k < Math.max(keys.length, values.length); k++) {
      const key = k < keys.length ? chalk.dim(padToWidth(keys[k] ?? '', keyWidth)) : ' '.repeat(keyWidth);
      out.push(`${key}${GAP}${values[k] ?? ''}`.trimEnd());
    }
  };
  let i = 0;
  // A title's lines, held until its card's rule is drawn.
  let title: string[] = [];
  for (const r of rows) {
    if ('group' in r) {
      out.push(...groupLines(r.group, layout));
      continue;
    }
    if ('detail' in r) {
      const lines = flowLines(r.detail, layout.width - GAP.length, { sep: r.sep, wide: layout.wide }).map((line) => indented(line, GAP.length, layout.width));
      if (r.heads === true) title.push(...lines);
      else out.push(...lines);
      continue;
    }
    i++;
    const label = `── ${i}/${records} `;
    out.push(chalk.dim(label + '─'.repeat(Math.max(0, ruleWidth - displayWidth(label)))));
    out.push(...title);
    title = [];
    columns.forEach((c, j) => {
      const whole = layout.wide || c.wrap === true;
      const keys = keyLines(c.header, keyWidth, whole);
      const value = r.cells[j] ?? null;
      // No key and nothing beside it (the room a title took in the table): no blank line.
      if (c.header === '' && value !== null && partsWidth(value) === 0) return;
      if (value === null || (!whole && !(c.shrink === true && partsWidth(value) > valueWidth))) {
        beside(keys, [placed(value, valueWidth, 'left', true, layout)]);
        return;
      }
      // A name too long for the line wraps at spaces beside its key; a word wider than the room is cut.
      if (!whole) {
        beside(
          keys,
          wrapParts(value, valueWidth).map((l) => placed(l, valueWidth, 'left', true, layout)),
        );
        return;
      }
      // The indentation a cell has in its column (a question under its topic) means nothing beside a key.
      const joined = value.map((p) => p.text).join('');
      const text = sliceParts(value, joined.length - joined.trimStart().length, joined.length);
      const lines = wrapParts(text, valueWidth);
      if (keys.every((k) => displayWidth(k) <= keyWidth) && lines.every((l) => partsWidth(l) <= valueWidth)) {
        beside(
          keys,
          lines.map((l) => paint(l)),
        );
        return;
      }
      out.push(chalk.dim(c.header));
      for (const l of wrapParts(text, layout.width - GAP.length)) out.push(indented(paint(l), GAP.length, layout.width));
    });
  }
  return out;
}
