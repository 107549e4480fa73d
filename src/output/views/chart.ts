/**
 * A horizontal bar chart: one row per item, its label, a bar scaled to the largest value
 * (or to `max`), the value, and any further cells. The bars take the room the other
 * columns leave, between CHART_MIN and CHART_MAX cells. Rows are laid out by grid.ts,
 * so a chart too wide for the terminal becomes key/value blocks like any table.
 */
import type { ViewContext } from './context.js';
import { bar } from './bar.js';
import { cell, gridLines, partsWidth, type Cell, type Column, type Style } from './grid.js';

const CHART_MIN = 8;
const CHART_MAX = 50;

export interface ChartRow {
  label: Cell;
  value: number | null;
  /** The bar's style; default cyan. */
  style?: Style;
  /** The value as printed. */
  valueText: Cell;
  after?: readonly Cell[];
}

export interface ChartOptions {
  /** Scale: the value of a full bar (default the largest value). */
  max?: number;
  /** Column headers: label, value, then the `after` cells; no header line when absent. */
  headers?: readonly string[];
}

export function chartLines(rows: readonly ChartRow[], ctx: ViewContext, options: ChartOptions = {}): string[] {
  const afterCount = Math.max(0, ...rows.map((r) => r.after?.length ?? 0));
  const widthOf = (get: (r: ChartRow) => Cell) => Math.max(0, ...rows.map((r) => (get(r) === null ? 1 : partsWidth(get(r) ?? []))));
  const headers = options.headers;
  const others = [widthOf((r) => r.label), widthOf((r) => r.valueText), ...Array.from({ length: afterCount }, (_, j) => widthOf((r) => r.after?.[j] ?? []))];
  if (headers) headers.forEach((h, j) => (others[j] = Math.max(others[j] ?? 0, h.length)));
  const room = ctx.width - others.reduce((a, b) => a + b, 0) - 2 * others.length;
  const barWidth = Math.max(CHART_MIN, Math.min(CHART_MAX, room));
  const max = options.max ?? Math.max(0, ...rows.map((r) => r.value ?? 0));
  const columns: Column[] = [
    { header: headers?.[0] ?? '', shrink: true, min: 8 },
    { header: '' },
    { header: headers?.[1] ?? '', align: 'right' },
    ...Array.from({ length: afterCount }, (_, j): Column => ({ header: headers?.[j + 2] ?? '', align: 'right' })),
  ];
  const lines = gridLines(
    columns,
    rows.map((r) => ({
      cells: [
        r.label,
        r.value === null ? [] : cell(bar(max > 0 ? r.value / max : 0, barWidth), r.style ?? ctx.chalk.cyan),
        r.valueText,
        ...Array.from({ length: afterCount }, (_, j) => r.after?.[j] ?? []),
      ],
    })),
    ctx,
    { header: headers !== undefined },
  );
  return lines;
}
