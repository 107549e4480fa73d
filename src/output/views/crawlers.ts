/**
 * `vis ai-crawlers`: totals, hits per day as bars, then each bot: who runs it, what for,
 * hits, pages read, when last seen, and under it its most read pages (paths when they
 * are all on one site).
 */
import type { Block, View } from './context.js';
import { chartLines, type ChartRow } from './chart.js';
import { countItem, flowLines } from './flow.js';
import { cell, gridLines, type Cell, type Column, type GridRow, type Part } from './grid.js';
import { formatCount } from './numbers.js';
import { noneMatch, sectionTitle } from './section.js';
import { formatTime } from './time.js';
import { pageCountRows, pageCountsNote, pagesOrigin, readPageCounts } from './page-counts.js';

export const crawlersView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const crawlers = read.records(data, 'crawlers', 'bot');
  const blocks: Block[] = [];
  const head: Part[][] = [];
  const totals = read.counts(data, 'totals', 'optional');
  for (const t of totals ?? []) head.push(countItem(ctx, t.name, t.value, formatCount));
  const source = read.text(data, 'source', 'optional');
  if (source) head.push([{ text: 'from ', style: chalk.dim }, { text: source }]);
  if (head.length > 0) blocks.push(flowLines(head, ctx.width, { sep: { text: ' · ', style: chalk.dim }, wide: ctx.wide }));

  const daily = read.records(data, 'daily', 'date', 'optional');
  if (daily && daily.length > 0) {
    const days = daily.map((d) => ({ date: read.text(d, 'date'), hits: read.number(d, 'hits', 'nullable') }));
    const rows: ChartRow[] = days.map((d) => ({ label: cell(d.date), value: d.hits, valueText: d.hits === null ? null : cell(formatCount(d.hits)) }));
    blocks.push([sectionTitle('Hits per day', null, ctx), ...chartLines(rows, ctx)]);
  }

  if (crawlers.length === 0) {
    blocks.push([noneMatch(ctx)]);
    return blocks;
  }
  const prepared = crawlers.map((c) => ({ c, pages: readPageCounts(c, 'top_pages', 'hits', ctx) }));
  const origin = pagesOrigin(prepared.map((p) => p.pages));
  const num = (v: number | null | undefined): Cell => (v === undefined ? [] : v === null ? null : cell(formatCount(v)));
  const rows: GridRow[] = [];
  for (const { c, pages } of prepared) {
    const last = read.text(c, 'last_seen', 'optional');
    rows.push({
      cells: [
        cell(read.text(c, 'bot'), chalk.bold),
        read.has(c, 'operator') ? cell(read.text(c, 'operator', 'nullable') ?? '–') : [],
        read.has(c, 'purpose') ? cell(read.text(c, 'purpose', 'nullable') ?? '–', chalk.dim) : [],
        num(read.number(c, 'hits', 'nullable')),
        num(read.number(c, 'pages', 'optional')),
        last === undefined ? [] : last === null ? null : cell(formatTime(last), chalk.dim),
      ],
    });
    rows.push(...pageCountRows(pages, origin, ctx));
  }
  const columns: Column[] = [
    { header: 'bot', shrink: true, min: 8 },
    { header: 'operator', shrink: true, min: 6 },
    { header: 'purpose', shrink: true, min: 6 },
    { header: 'hits', align: 'right' },
    { header: 'pages', align: 'right' },
    { header: 'last seen (UTC)' },
  ];
  const lines = gridLines(columns, rows, ctx);
  lines.unshift(...pageCountsNote('Under each bot: the pages it read most, with hits', origin, ctx));
  blocks.push(lines);
  return blocks;
};
