/**
 * `vis search-performance`: the totals, then one row per query (or page, with
 * `--group-by page`): clicks, impressions, click-through rate, position, and whether AI
 * cites the page (✓ and the citations, ✗, or – when there is no page to compare). Text
 * columns are the ones the rows have: topic and page for queries, title and top query
 * for pages. Pages on the brand's site are printed as paths.
 */
import { noneMatch } from './section.js';
import type { Block, View } from './context.js';
import { countItem, figureItems, flowLines } from './flow.js';
import { cell, gridLines, naturalWidths, widestWord, type Cell, type Column, type GridRow, type Part } from './grid.js';
import { formatCount, formatDecimal, formatPercent } from './numbers.js';
import { safeText, type Obj } from './read.js';
import { commonOrigin, pathOf, pathsOnLines } from './urls.js';

/** Narrowest query (or page) column worth having; below it, topic and page go on a line under it. */
const KEY_MIN = 30;

export const searchView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const rows = read.records(data, 'rows', 'query');
  const blocks: Block[] = [];
  const head: Part[][] = [];
  const totals = read.object(data, 'totals', 'optional');
  if (totals) {
    const wanted = [
      ['clicks', 'clicks', formatCount],
      ['impressions', 'impressions', formatCount],
      ['click-through', 'ctr', formatPercent],
      ['average position', 'position', formatDecimal],
    ] as const;
    head.push(...figureItems(ctx, totals, wanted, countItem));
  }
  const about: Part[][] = [];
  const total = read.number(data, 'rows_total', 'optional');
  if (total !== undefined) about.push([{ text: `showing ${formatCount(rows.length)} of ${total === null ? '–' : formatCount(total)} rows`, style: chalk.dim }]);
  const groupBy = read.text(data, 'group_by', 'optional');
  if (groupBy) about.push([{ text: `by ${groupBy}`, style: chalk.dim }]);
  const limit = read.number(data, 'limit', 'optional');
  if (limit !== undefined) about.push([{ text: `limit ${limit === null ? '–' : formatCount(limit)}`, style: chalk.dim }]);
  about.push([{ text: 'ordered by impressions', style: chalk.dim }]);
  const sep = { text: ' · ', style: chalk.dim };
  blocks.push([...flowLines(head, ctx.width, { sep, wide: ctx.wide }), ...flowLines(about, ctx.width, { sep, wide: ctx.wide })]);
  if (rows.length === 0) {
    blocks.push([noneMatch(ctx)]);
    return blocks;
  }

  // The key is the query, or the page when grouped by page.
  const byPage = rows.every((r) => !read.has(r, 'query'));
  const pageUrls = rows.map((r) => read.rawText(r, 'page')).filter((u): u is string => typeof u === 'string');
  const origin = commonOrigin(pageUrls.map((u) => safeText(u)));
  const text = (r: Obj, key: string, page = false): Cell => {
    const v = read.text(r, key, 'optional');
    return v === undefined ? [] : v === null ? null : cell(page ? pathOf(v, origin) : v, page ? chalk.dim : undefined);
  };
  const num = (r: Obj, key: string, format: (v: number) => string): Cell => {
    const v = read.number(r, key, 'optional');
    return v === undefined ? [] : v === null ? null : cell(format(v));
  };
  const extra = byPage ? ['title', 'top_query'] : ['topic_id', 'page'];
  const extraHeader = (k: string) => (k === 'topic_id' ? 'topic' : k === 'top_query' ? 'top query' : k);
  const columns: Column[] = [
    byPage ? { header: 'page', wrap: true, weight: 3 } : { header: 'query', shrink: true, min: 24, weight: 3 },
    { header: 'clicks', align: 'right' },
    { header: 'impressions', align: 'right' },
    { header: 'ctr', align: 'right' },
    { header: 'position', align: 'right' },
    { header: 'AI cites', align: 'right' },
    // Pages and topic ids are copied: wrapped, never shortened; titles and queries may be.
    ...extra.map((k): Column =>
      k === 'page' || k === 'topic_id'
        ? { header: extraHeader(k), wrap: true, weight: k === 'page' ? 2 : 1 }
        : { header: extraHeader(k), shrink: true, min: 6 },
    ),
  ];
  const gridRows: GridRow[] = rows.map((r) => {
    const cited = read.bool(r, 'ai_cited', 'optional');
    const citations = read.number(r, 'ai_citations', 'optional');
    const ai: Cell =
      cited === null || (cited === undefined && (citations === null || citations === undefined))
        ? null
        : [
            ...(cited === true ? [{ text: '✓', style: chalk.green }] : cited === false ? [{ text: '✗', style: chalk.red }] : []),
            ...(citations === undefined || citations === null ? [] : [{ text: ` ${formatCount(citations)}` }]),
          ];
    return {
      cells: [
        byPage ? text(r, 'page', true) : text(r, 'query'),
        num(r, 'clicks', formatCount),
        num(r, 'impressions', formatCount),
        num(r, 'ctr', formatPercent),
        num(r, 'position', formatDecimal),
        ai,
        ...extra.map((k) => text(r, k, k === 'page')),
      ],
    };
  });
  // When the key column would be narrow, the text columns go under it instead.
  const natural = naturalWidths(columns, gridRows);
  const fixed = natural.slice(1, columns.length - extra.length).reduce((a, b) => a + b + 2, 0);
  // A wrapping column (page, topic id) is at least as wide as its longest word.
  const extraMin = columns
    .slice(columns.length - extra.length)
    .map((c, k) => (c.wrap ? Math.max(0, ...gridRows.map((r) => ('cells' in r ? widestWord(r.cells[columns.length - extra.length + k] ?? []) : 0))) : 6));
  const roomForKey = ctx.width - fixed - extraMin.reduce((a, b) => a + b + 2, 0);
  const under = !ctx.wide && roomForKey < KEY_MIN;
  const shownRows: GridRow[] = under
    ? gridRows.flatMap((r): GridRow[] => {
        if (!('cells' in r)) return [r];
        const detail: Part[][] = [];
        r.cells.slice(columns.length - extra.length).forEach((c, j) => {
          if (c !== null && c.length === 0) return;
          detail.push([{ text: `${extraHeader(extra[j] ?? '')} `, style: chalk.dim }, ...(c ?? [{ text: '–', style: chalk.dim }])]);
        });
        const main = { cells: r.cells.slice(0, columns.length - extra.length) };
        return detail.length > 0 ? [main, { detail, column: 0, indent: 2, sep: { text: ' · ', style: chalk.dim } }] : [main];
      })
    : gridRows;
  const lines = gridLines(under ? columns.slice(0, columns.length - extra.length) : columns, shownRows, ctx);
  if (origin) lines.unshift(...pathsOnLines(origin, ctx));
  blocks.push(lines);
  return blocks;
};
