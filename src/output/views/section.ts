/** Headings inside a view, the sentence for an empty collection, and a section that is one table of records. */
import type { ChalkInstance } from 'chalk';
import type { ViewContext } from './context.js';
import { flowLines } from './flow.js';
import { cell, gridLines, type Cell, type Column, type GridRow } from './grid.js';
import { fitParts, type Part } from './parts.js';
import { safeText, type Obj } from './read.js';
import { displayWidth, truncateToWidth } from '../../text/width.js';

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

/**
 * The topic group line: its name in bold, its id dimmed (either may be missing). The id is
 * taken as input by other commands, so it stays whole: when both do not fit, the name is
 * shortened, or the id goes on a line of its own.
 */
export function topicGroup(name: string | null | undefined, id: string | null | undefined, ctx: ViewContext): GridRow[] {
  const { chalk } = ctx;
  const idPart = id ? [{ text: id, style: name ? chalk.dim : chalk.bold }] : [];
  if (!name) return idPart.length > 0 ? [{ group: idPart }] : [];
  if (!id) return [{ group: [{ text: name, style: chalk.bold }] }];
  const room = ctx.width - 2 - displayWidth(id);
  if (ctx.wide || displayWidth(name) <= room)
    return [
      {
        group: [
          { text: name, style: chalk.bold },
          { text: `  ${id}`, style: chalk.dim },
        ],
      },
    ];
  if (room >= MIN_NAME)
    return [
      {
        group: [
          { text: truncateToWidth(name, room), style: chalk.bold },
          { text: `  ${id}`, style: chalk.dim },
        ],
      },
    ];
  return [{ group: [{ text: name, style: chalk.bold }] }, { group: idPart }];
}

/** Narrowest a topic name is shortened to beside its id before the id gets a line of its own. */
const MIN_NAME = 12;

/**
 * A topic's name by its id (as the API sent it) where the run found the names
 * (ViewContext.topicNames), safe for the terminal; null when it did not.
 */
export function topicNameOf(rawId: string | undefined, ctx: Pick<ViewContext, 'topicNames'>): string | null {
  const name = rawId === undefined ? undefined : ctx.topicNames?.get(rawId);
  const shown = name === undefined ? '' : safeText(name);
  return shown.trim() === '' ? null : shown;
}
