/**
 * `vis usage`: the account and its plan, then each allowance as a gauge: used of the
 * limit, the share used (green, yellow past 80 %, red past 95 %) and what is left, and
 * when the allowances reset.
 */
import type { ChalkInstance } from 'chalk';
import type { Block, View, ViewContext } from './context.js';
import { gauge } from './bar.js';
import { cell, fitLine, fitParts, gridLines, partsWidth, type Cell, type Column, type Part } from './grid.js';
import { flowLines } from './flow.js';
import { formatCount, formatPercent } from './numbers.js';
import type { Obj } from './read.js';
import { formatTime, isUtcTime } from './time.js';

const GAUGE_MIN = 10;
const GAUGE_MAX = 40;

/** Green, yellow past 80 % used, red past 95 %. */
function usageStyle(fraction: number, chalk: ChalkInstance): (s: string) => string {
  if (fraction > 0.95) return chalk.red;
  if (fraction > 0.8) return chalk.yellow;
  return chalk.green;
}

export interface Meter {
  label: string;
  used: number;
  limit: number;
  left: number | null;
}

function fractionOf(m: Meter): number {
  return m.limit > 0 ? m.used / m.limit : m.used > 0 ? 1 : 0;
}

function meterCells(m: Meter, gaugeWidth: number, ctx: ViewContext): Cell[] {
  const fraction = fractionOf(m);
  const style = usageStyle(fraction, ctx.chalk);
  const g = gauge(fraction, gaugeWidth);
  return [
    cell(m.label, ctx.chalk.bold),
    cell(formatCount(m.used)),
    cell(`of ${formatCount(m.limit)} used`, ctx.chalk.dim),
    [
      { text: g.filled, style },
      { text: g.track, style: ctx.chalk.dim },
    ],
    cell(formatPercent(Math.round(fraction * 1000) / 10), style),
    m.left === null ? [] : cell(`${formatCount(m.left)} left`),
  ];
}

/**
 * One line per allowance with the gauge between the figures; on a terminal too narrow
 * for a gauge of GAUGE_MIN cells there, the figures on one line and the gauge below.
 */
export function meterLines(meters: readonly Meter[], ctx: ViewContext): string[] {
  const columns: Column[] = [
    { header: '' },
    { header: '', align: 'right' },
    { header: '' },
    { header: '' },
    { header: '', align: 'right' },
    { header: '', align: 'right' },
  ];
  const probe = meters.map((m) => meterCells(m, 0, ctx));
  const others = columns.map((_, j) => Math.max(...probe.map((r) => partsWidth(r[j] ?? []))));
  const room = ctx.width - others.reduce((a, b) => a + b, 0) - 2 * (columns.length - 1);
  if (room >= GAUGE_MIN || ctx.wide) {
    const gaugeWidth = Math.max(GAUGE_MIN, Math.min(GAUGE_MAX, room));
    const rows = meters.map((m) => meterCells(m, gaugeWidth, ctx));
    // One meter has no column of counts to line up: `2 of 5 used`, one space apart.
    if (rows.length === 1 && rows[0]) {
      const [label, used, of, ...rest] = rows[0];
      return gridLines([columns[0] as Column, ...columns.slice(2)], [{ cells: [label ?? [], [...(used ?? []), { text: ' ' }, ...(of ?? [])], ...rest] }], ctx, {
        header: false,
      });
    }
    return gridLines(
      columns,
      rows.map((cells) => ({ cells })),
      ctx,
      { header: false },
    );
  }
  const lines: string[] = [];
  const gaugeWidth = Math.min(GAUGE_MAX, ctx.width);
  for (const m of meters) {
    const [label, used, of, bar, percent, left] = meterCells(m, gaugeWidth, ctx);
    // The figures flow onto a second line rather than lose their end (`151,787 l…`).
    const figures: Array<readonly Part[]> = [[...(label ?? []), { text: '  ' }, ...(used ?? []), { text: ' ' }, ...(of ?? [])], percent ?? []];
    if (left && left.length > 0) figures.push(left);
    lines.push(...flowLines(figures, ctx.width, { sep: { text: ' · ' }, wide: ctx.wide }), fitParts(bar ?? [], ctx.width));
  }
  return lines;
}

export function readMeter(o: Obj, key: string, limitKey: string, label: string, ctx: ViewContext): Meter {
  const { read } = ctx;
  const m = read.object(o, key);
  return { label, used: read.number(m, 'used'), limit: read.number(m, limitKey), left: read.number(m, 'left', 'optional') ?? null };
}

export const usageView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const account = read.text(data, 'account', 'optional');
  const plan = read.text(data, 'plan', 'optional');
  const label = read.text(data, 'plan_label', 'optional');
  const active = read.bool(data, 'plan_active', 'optional');
  // The plan's id is the label in lower case: saying it twice adds nothing.
  if (plan && label && plan.toLowerCase() === label.toLowerCase()) read.mark(data, 'plan');
  const planText = label ? `${label} plan${plan && plan.toLowerCase() !== label.toLowerCase() ? ` (${plan})` : ''}` : plan ? `${plan} plan` : null;
  const title: Part[][] = [];
  if (account) title.push([{ text: account, style: chalk.bold }]);
  if (planText) title.push([{ text: planText }]);
  if (active === true) title.push([{ text: 'active', style: chalk.green }]);
  if (active === false) title.push([{ text: 'not active', style: chalk.red }]);

  const meters: Meter[] = [readMeter(data, 'reads', 'limit', 'Reads', ctx)];
  if (read.has(data, 'pitch_reports')) meters.push(readMeter(data, 'pitch_reports', 'allowance', 'Pitch reports', ctx));
  const resets = read.text(data, 'resets_at', 'optional');

  const blocks: Block[] = [];
  if (title.length > 0) blocks.push(flowLines(title, ctx.width, { sep: { text: ' · ', style: chalk.dim }, wide: ctx.wide }));
  const lines = meterLines(meters, ctx);
  if (resets) lines.push('', fitLine([{ text: 'Resets ', style: chalk.dim }, { text: `${formatTime(resets)}${isUtcTime(resets) ? ' UTC' : ''}` }], ctx));
  blocks.push(lines);
  return blocks;
};
