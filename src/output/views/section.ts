/** Headings inside a view, the sentence for an empty collection, and a section that is one table of records. */
import type { ChalkInstance } from 'chalk';
import type { ViewContext } from './context.js';
import { flowLines } from './flow.js';
import { cell, gridLines, type Cell, type Column } from './grid.js';
import { fitParts, type Part } from './parts.js';
import type { Obj } from './read.js';

/**
 * A section's heading: the title in bold, a note after it dimmed (on the next line when
 * both do not fit). One string, lines joined with LF, so it can stand where a line does.
 */
export function sectionTitle(title: string, note: string | null, ctx: { width: number; wide: boolean; chalk: ChalkInstance }): string {
  const items: Part[][] = [[{ text: title, style: ctx.chalk.bold }]];
  if (note !== null && note !== '') items.push([{ text: note, style: ctx.chalk.dim }]);
  return flowLines(items, ctx.width, { sep: { text: '  ' }, wide: ctx.wide }).join('\n');
}

/** The sentence for an empty collection: `No tasks match.`, never an empty screen. */
export function noneMatch(ctx: { width: number; wide: boolean; noun: string }): string {
  const text = `No ${ctx.noun} match.`;
  return ctx.wide ? text : fitParts([{ text }], ctx.width);
}

/** A column of a table of records: its header and layout, and the cell it draws of each record. */
export interface RecordColumn extends Column {
  cell: (record: Obj) => Cell;
}

/** A section of one table, a row per record, under its heading; `empty` when there is no record. */
export function recordTable(
  records: readonly Obj[],
  columns: readonly RecordColumn[],
  heading: { title: string; note: string; empty: string },
  ctx: Pick<ViewContext, 'width' | 'wide' | 'chalk'>,
): string[] {
  const rows = records.map((r) => ({ cells: columns.map((c) => c.cell(r)) }));
  return [sectionTitle(heading.title, heading.note, ctx), ...(rows.length ? gridLines(columns, rows, ctx) : [heading.empty])];
}

/** A table of topics: the name first (shortened to fit) and the id last, whole: `vis topics <id>` takes it. */
export function topicColumns(middle: readonly RecordColumn[], ctx: Pick<ViewContext, 'read' | 'chalk'>): RecordColumn[] {
  const { read, chalk } = ctx;
  return [
    { header: 'topic', shrink: true, min: 8, cell: (t) => cell(read.text(t, 'name')) },
    ...middle,
    { header: 'id', cell: (t) => (read.has(t, 'id') ? cell(read.text(t, 'id'), chalk.dim) : []) },
  ];
}
