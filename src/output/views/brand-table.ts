/**
 * A table of the brand among its rivals (`vis competitors`, the overview's rivals): the
 * brand's row marked `▶` in front of its name, the other names indented to line up.
 *
 * When the table does not fit the terminal, grid.ts would show each row as a key/value
 * card with the marker and the indent inside the first value, so that value no longer
 * lines up with the others (`competitor    Pipewell` above `visibility  47.5%`). The
 * cards are drawn here instead: the marker in a gutter left of the keys, every key and
 * every value in its column.
 */
import type { ViewContext } from './context.js';
import { fitParts, gridLines, naturalWidths, type Cell, type Column, type Part } from './grid.js';
import { displayWidth, padToWidth, truncateToWidth } from '../../text/width.js';

export interface BrandRow {
  brand: boolean;
  /** The first cell is the name. */
  cells: readonly Cell[];
}

export const BRAND_MARK = '▶ ';
const GUTTER = ' '.repeat(BRAND_MARK.length);
const GAP = '  ';
/** The narrowest grid.ts shortens a column to, and the widest card rule, as there. */
const MIN_SHRINK = 4;
const RULE_MAX = 40;

/** The name cell with the marker or the indent in front, for the table layout. */
function markedName(row: BrandRow, ctx: ViewContext): Cell {
  const lead: Part = row.brand ? { text: BRAND_MARK, style: ctx.chalk.yellow } : { text: GUTTER };
  return [lead, ...(row.cells[0] ?? [])];
}

export function brandTableLines(columns: readonly Column[], rows: readonly BrandRow[], ctx: ViewContext): string[] {
  const table = rows.map((r) => ({ cells: [markedName(r, ctx), ...r.cells.slice(1)] }));
  if (ctx.wide || fitsAsTable(columns, table, ctx.width)) return gridLines(columns, table, ctx);
  return brandCards(columns, rows, ctx);
}

/**
 * Whether grid.ts can lay the rows out as a table: every column at the least it would
 * take (shrinking columns at their `min`, the others at their cells' width with the
 * header shortened), two spaces apart, within the width.
 */
function fitsAsTable(columns: readonly Column[], rows: ReadonlyArray<{ cells: readonly Cell[] }>, width: number): boolean {
  const natural = naturalWidths(columns, rows);
  const cells = naturalWidths(
    columns.map((c) => ({ ...c, header: '' })),
    rows,
  );
  const least = columns.reduce((n, c, j) => {
    const w = c.shrink ? Math.min(natural[j] ?? 0, c.min ?? MIN_SHRINK) : Math.max(cells[j] ?? 0, Math.min(displayWidth(c.header), MIN_SHRINK));
    return n + w;
  }, 0);
  return least + GAP.length * (columns.length - 1) <= width;
}

/** One card per row under a numbered rule, the brand's marked in the gutter on its first line. */
function brandCards(columns: readonly Column[], rows: readonly BrandRow[], ctx: ViewContext): string[] {
  const { chalk } = ctx;
  const room = ctx.width - GUTTER.length;
  const keyWidth = Math.min(Math.max(...columns.map((c) => displayWidth(c.header))), Math.max(8, Math.floor(ctx.width * 0.4)));
  const valueWidth = Math.max(1, room - keyWidth - GAP.length);
  const ruleWidth = Math.min(ctx.width, RULE_MAX);
  const out: string[] = [];
  rows.forEach((r, i) => {
    const label = `── ${i + 1}/${rows.length} `;
    out.push(chalk.dim(label + '─'.repeat(Math.max(0, ruleWidth - displayWidth(label)))));
    columns.forEach((c, j) => {
      const gutter = j === 0 && r.brand ? chalk.yellow(BRAND_MARK) : GUTTER;
      const key = chalk.dim(padToWidth(truncateToWidth(c.header, keyWidth), keyWidth));
      const value = r.cells[j] ?? null;
      const text = value === null ? chalk.dim('–') : fitParts(value, valueWidth);
      out.push(`${gutter}${key}${GAP}${text}`.trimEnd());
    });
  });
  return out;
}
