/**
 * `vis ai-visitors`: the total and its change on the period before, visits per day (bars
 * for up to two weeks, a sparkline with its low and high beyond), then each engine:
 * visits, change, share of all visits as a bar, and under it its landing pages with
 * visits (paths when they are all on one site).
 */
import type { Block, View, ViewContext } from './context.js';
import { bar } from './bar.js';
import { chartLines, type ChartRow } from './chart.js';
import { countItem, flowLines } from './flow.js';
import { cell, gridLines, naturalWidths, partsWidth, type Cell, type Column, type GridRow, type Part } from './grid.js';
import { changeCell, formatCount, formatPercent } from './numbers.js';
import { labelOf, viewNumber, type Obj } from './read.js';
import { noneMatch, sectionTitle } from './section.js';
import { fitSeries, perNote, sparkline } from './sparkline.js';
import { pageCountRows, pageCountsNote, pagesOrigin, readPageCounts } from './page-counts.js';
import { engineName } from '../../text/engine-name.js';

/** Up to this many days, one bar per day; beyond, a sparkline. */
const BARS_UP_TO = 14;
const SHARE_BAR_MIN = 6;
/** Room kept beside a bucketed sparkline for what it says it is: ` by week`, or ` by 12 days`. */
const WEEK_NOTE_WIDTH = 8;
const NOTE_WIDTH = 12;
const SHARE_BAR_MAX = 30;

function changeParts(v: number | null | undefined, ctx: ViewContext): Part[] {
  const c = changeCell(v, 'percent', 'higher', ctx.chalk);
  return c === null ? [{ text: '–', style: ctx.chalk.dim }] : [...c];
}

/** `vs the 7 days before`, from the period the heading shows. */
function comparedTo(data: Obj): string {
  const period = data.period;
  const days = period !== null && typeof period === 'object' && !Array.isArray(period) ? viewNumber((period as Obj).days) : undefined;
  return days === undefined ? 'vs the period before' : `vs the ${formatCount(days)} ${days === 1 ? 'day' : 'days'} before`;
}

function dailyLines(daily: readonly Obj[], ctx: ViewContext): string[] {
  const { read, chalk } = ctx;
  const days = daily.map((d) => ({ date: read.text(d, 'date'), visits: read.number(d, 'visits', 'nullable') }));
  if (days.length <= BARS_UP_TO) {
    const rows: ChartRow[] = days.map((d) => ({ label: cell(d.date), value: d.visits, valueText: d.visits === null ? null : cell(formatCount(d.visits)) }));
    return [sectionTitle('Visits per day', null, ctx), ...chartLines(rows, ctx)];
  }
  const values = days.map((d) => d.visits);
  const present = values.filter((v): v is number => v !== null);
  const lead: Part[] = [{ text: 'Visits per day', style: chalk.bold }, { text: '  ' }];
  // A line too long for the terminal would wrap mid-series: longer periods go by week.
  const room = ctx.width - partsWidth(lead);
  let fitted = ctx.wide || values.length <= room ? { values, per: 1 } : fitSeries(values, room - WEEK_NOTE_WIDTH);
  if (fitted.per !== 1 && fitted.per !== 7) fitted = fitSeries(values, room - NOTE_WIDTH);
  const note = perNote(fitted.per);
  const items: Part[][] = [[{ text: sparkline(fitted.values), style: chalk.cyan }, ...(note === null ? [] : [{ text: ` ${note}`, style: chalk.dim }])]];
  if (present.length > 0)
    items.push([
      { text: 'low ', style: chalk.dim },
      { text: formatCount(Math.min(...present)) },
      { text: ' · high ', style: chalk.dim },
      { text: formatCount(Math.max(...present)) },
    ]);
  items.push([{ text: `${days[0]?.date ?? ''} – ${days[days.length - 1]?.date ?? ''}`, style: chalk.dim }]);
  return flowLines(items, ctx.width, { lead, wide: ctx.wide });
}

export const visitorsView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const visitors = read.records(data, 'visitors', 'engine');
  const blocks: Block[] = [];

  const totals = read.object(data, 'totals', 'optional');
  if (totals) {
    const visits = read.number(totals, 'visits', 'nullable');
    const head: Part[][] = [countItem(ctx, 'visits from AI engines', visits, formatCount)];
    if (read.has(totals, 'change_pct'))
      head.push([...changeParts(read.number(totals, 'change_pct', 'nullable'), ctx), { text: ` ${comparedTo(data)}`, style: chalk.dim }]);
    blocks.push(flowLines(head, ctx.width, { sep: { text: ' · ', style: chalk.dim }, wide: ctx.wide }));
  }

  const daily = read.records(data, 'daily', 'date', 'optional');
  if (daily && daily.length > 0) blocks.push(dailyLines(daily, ctx));

  if (visitors.length === 0) {
    blocks.push([noneMatch(ctx)]);
    return blocks;
  }
  const prepared = visitors.map((v) => {
    const pages = readPageCounts(v, 'landing_pages', 'visits', ctx);
    // The engine by the label the API gives beside its id (csv and json keep the id).
    const name = engineName(read.text(v, 'engine'), labelOf(v, read));
    return { v, pages, name };
  });
  const origin = pagesOrigin(prepared.map((p) => p.pages));
  const cellsOf = (v: Obj, name: string, shareWidth: number): Cell[] => {
    const visits = read.number(v, 'visits', 'nullable');
    const share = read.number(v, 'share', 'optional');
    return [
      cell(name, chalk.bold),
      visits === null ? null : cell(formatCount(visits)),
      read.has(v, 'change_pct') ? changeParts(read.number(v, 'change_pct', 'nullable'), ctx) : [],
      share === undefined || share === null || shareWidth === 0 ? [] : cell(bar(share / 100, shareWidth), chalk.cyan),
      share === undefined ? [] : share === null ? null : cell(formatPercent(share)),
    ];
  };
  const columns: Column[] = [
    { header: 'engine', shrink: true, min: 8 },
    { header: 'visits', align: 'right' },
    { header: 'change', align: 'right' },
    { header: 'share' },
    { header: '', align: 'right' },
  ];
  // The share bar takes what the other columns leave, within bounds; none when too little.
  const probe = naturalWidths(
    columns,
    prepared.map(({ v, name }) => ({ cells: cellsOf(v, name, 0) })),
  );
  const room = ctx.width - probe.reduce((a, b, j) => (j === 3 ? a : a + b), 0) - 2 * (columns.length - 1);
  const shareWidth = room >= SHARE_BAR_MIN ? Math.min(SHARE_BAR_MAX, room) : 0;
  const rows: GridRow[] = [];
  for (const { v, pages, name } of prepared) {
    const cells = cellsOf(v, name, shareWidth);
    rows.push({ cells: shareWidth === 0 ? cells.filter((_, j) => j !== 3) : cells });
    rows.push(...pageCountRows(pages, origin, ctx));
  }
  const lines = gridLines(shareWidth === 0 ? [...columns.slice(0, 3), { header: 'share', align: 'right' }] : columns, rows, ctx);
  lines.unshift(...pageCountsNote('Under each engine: its landing pages, with visits', origin, ctx));
  blocks.push(lines);
  return blocks;
};
