/**
 * `vis pages`: the brand's pages AI cites, now against the previous period, each with its
 * citations per engine, then the pages AI does not cite and what it cites instead.
 * `vis content-gaps`: the buyer questions grouped by action (write, improve, then any
 * other, leave last; coloured), each with whether the brand has a page and whether AI
 * cites it, and why.
 * URLs on the brand's own site are printed as paths, the site said once above them.
 */
import { safeText } from './read.js';
import type { Block, View, ViewContext } from './context.js';
import { cell, gridLines, wrapLine, type Cell, type Column, type GridRow, type Part } from './grid.js';
import { countItem, flowLines } from './flow.js';
import { toneOf, wordText } from './marks.js';
import { changeCell, formatCount } from './numbers.js';

import { noneMatch, sectionTitle } from './section.js';
import { commonOrigin, pathOf, pathsOnLines } from './urls.js';
import { engineName } from '../../text/engine-name.js';

function count(v: number | null | undefined): Cell {
  return v === undefined ? [] : v === null ? null : cell(formatCount(v));
}

/** `chatgpt 5 · perplexity 3 · ...` */
function perEngine(counts: ReadonlyArray<{ name: string; value: number | null }>, ctx: ViewContext): Part[][] {
  return counts.map((c) => [
    { text: `${engineName(c.name)} `, style: ctx.chalk.dim },
    { text: c.value === null ? '–' : formatCount(c.value), style: ctx.chalk.dim },
  ]);
}

export const pagesView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const pages = read.records(data, 'pages', 'url');
  const previous = read.object(data, 'previous_period', 'optional');
  const uncited = read.records(data, 'uncited', 'url', 'optional');
  const urls = [...pages, ...(uncited ?? [])].map((p) => read.rawText(p, 'url') ?? '');
  const origin = commonOrigin(urls.map((u) => safeText(u)));

  const blocks: Block[] = [];
  let note: string | null = null;
  if (previous) {
    const from = read.text(previous, 'from', 'optional');
    const to = read.text(previous, 'to', 'optional');
    const days = read.number(previous, 'days', 'optional');
    if (from || to) note = `previous period ${[from, to].filter(Boolean).join(' – ')}${typeof days === 'number' ? ` (${days} days)` : ''}`;
  }
  const title = sectionTitle(origin ? `Cited pages on ${origin}` : 'Cited pages', note, ctx);
  if (pages.length === 0) {
    blocks.push([title, noneMatch(ctx)]);
  } else {
    const rows: GridRow[] = [];
    for (const p of pages) {
      rows.push({
        cells: [
          count(read.number(p, 'citations', 'nullable')),
          count(read.number(p, 'previous_citations', 'optional')),
          changeCell(read.number(p, 'change', 'optional'), 'count', 'higher', chalk) ?? null,
          cell(read.text(p, 'title', 'nullable') ?? '–'),
          cell(pathOf(read.text(p, 'url'), origin), chalk.dim),
        ],
      });
      const detail: Part[][] = [];
      const topic = read.text(p, 'topic_id', 'optional');
      if (topic) detail.push([{ text: topic, style: chalk.dim }]);
      const engines = read.counts(p, 'engines', 'optional');
      if (engines) detail.push(...perEngine(engines, ctx));
      if (detail.length > 0) rows.push({ detail, column: 3, sep: { text: ' · ', style: chalk.dim } });
    }
    const columns: Column[] = [
      { header: 'citations', align: 'right' },
      { header: 'before', align: 'right' },
      { header: 'change', align: 'right' },
      { header: 'page', shrink: true, min: 8, weight: 2 },
      { header: origin ? 'path' : 'url', wrap: true },
    ];
    blocks.push([title, ...gridLines(columns, rows, ctx)]);
  }

  if (uncited) {
    const lines = [sectionTitle('Not cited', 'what AI cites instead', ctx)];
    if (uncited.length === 0) lines.push('Every page is cited.');
    uncited.forEach((u, i) => {
      if (i > 0) lines.push('');
      // Wrapped at spaces, not flowed: the path and the topic id stay whole.
      const head: Part[] = [
        { text: read.text(u, 'title', 'nullable') ?? '–', style: chalk.bold },
        { text: '  ' },
        { text: pathOf(read.text(u, 'url'), origin), style: chalk.dim },
      ];
      const topic = read.text(u, 'topic_id', 'optional');
      if (topic) head.push({ text: '  ' }, { text: topic, style: chalk.dim });
      lines.push(...wrapLine(head, ctx));
      const instead = read.records(u, 'cited_instead', 'url', 'optional') ?? [];
      const rows: GridRow[] = instead.map((c) => ({
        cells: [
          count(read.number(c, 'citations', 'nullable')),
          read.has(c, 'domain') ? cell(read.text(c, 'domain')) : [],
          cell(read.text(c, 'url'), chalk.dim),
        ],
      }));
      if (rows.length > 0) {
        const columns: Column[] = [
          { header: 'citations', align: 'right' },
          { header: 'domain', shrink: true, min: 8 },
          { header: 'url', wrap: true, weight: 3 },
        ];
        lines.push(...gridLines(columns, rows, ctx).map((l) => l));
      }
    });
    blocks.push(lines);
  }
  return blocks;
};

export const contentGapsView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const gaps = read.records(data, 'gaps', 'prompt');
  const blocks: Block[] = [];
  const summary = read.counts(data, 'summary', 'optional');
  if (summary) {
    const items: Part[][] = summary.map((s) => countItem(ctx, wordText(s.name), s.value, formatCount, toneOf(s.raw, chalk)));
    blocks.push(
      flowLines(items, ctx.width, { sep: { text: ' · ', style: chalk.dim }, lead: [{ text: 'Actions', style: chalk.bold }, { text: '  ' }], wide: ctx.wide }),
    );
  }
  if (gaps.length === 0) {
    blocks.push([noneMatch(ctx)]);
    return blocks;
  }
  const origin = commonOrigin(
    gaps
      .map((g) => read.rawText(g, 'page_url'))
      .filter((u): u is string => typeof u === 'string')
      .map((u) => safeText(u)),
  );
  // Grouped by action, the ones to act on first; the server's order within a group.
  const groups = new Map<string, { name: string; style: Part['style']; rows: GridRow[] }>();
  for (const g of gaps) {
    const raw = read.rawText(g, 'action') ?? '';
    const action = read.text(g, 'action');
    let group = groups.get(raw);
    if (group === undefined) groups.set(raw, (group = { name: wordText(action), style: toneOf(raw, chalk), rows: [] }));
    const rows = group.rows;
    const hasPage = read.bool(g, 'has_page', 'optional');
    const url = read.text(g, 'page_url', 'optional');
    const cited = read.bool(g, 'cited', 'optional');
    const citations = read.number(g, 'citations', 'optional');
    const page: Cell = url ? cell(pathOf(url, origin)) : hasPage === false ? cell('no page', chalk.red) : hasPage === true ? cell('has a page') : [];
    const citedCell: Cell =
      cited === undefined && citations === undefined
        ? []
        : [
            ...(cited === true ? [{ text: '✓', style: chalk.green }] : cited === false ? [{ text: '✗', style: chalk.red }] : []),
            ...(citations === undefined ? [] : [{ text: `${cited === undefined ? '' : ' '}${citations === null ? '–' : formatCount(citations)}` }]),
          ];
    rows.push({ cells: [cell(`  ${read.text(g, 'prompt')}`), citedCell, page] });
    const detail: Part[][] = [];
    // The reason on a line of its own, the rest on the next.
    const reason = read.text(g, 'reason', 'optional');
    if (reason) rows.push({ detail: [[{ text: reason }]], column: 0, indent: 4 });
    const citedBy = read.texts(g, 'cited_by', 'optional');
    // The engines once: not again when the reason already names them all.
    if (citedBy && citedBy.length > 0 && !namesAll(reason, citedBy))
      detail.push([{ text: `cited by ${citedBy.map((e) => engineName(e)).join(', ')}`, style: chalk.dim }]);
    const topic = read.text(g, 'topic', 'optional');
    const topicId = read.text(g, 'topic_id', 'optional');
    if (topic || topicId) detail.push([{ text: [topic, topicId ? `(${topicId})` : null].filter(Boolean).join(' '), style: chalk.dim }]);
    const id = read.text(g, 'prompt_id', 'optional');
    if (id) detail.push([{ text: `question ${id}`, style: chalk.dim }]);
    if (detail.length > 0) rows.push({ detail, column: 0, indent: 4, sep: { text: ' · ', style: chalk.dim } });
  }
  const rows: GridRow[] = [...groups.entries()]
    .sort(([a], [b]) => actionRank(a) - actionRank(b))
    .flatMap(([, group]): GridRow[] => {
      const questions = group.rows.filter((r) => 'cells' in r).length;
      return [
        {
          group: [
            { text: group.name, style: (t) => chalk.bold(group.style?.(t) ?? t) },
            { text: ` · ${formatCount(questions)} ${questions === 1 ? 'question' : 'questions'}`, style: chalk.dim },
          ],
        },
        ...group.rows,
      ];
    });
  const columns: Column[] = [
    { header: 'question', wrap: true, weight: 3 },
    { header: 'cited', align: 'right' },
    { header: 'page', wrap: true },
  ];
  const lines = gridLines(columns, rows, ctx);
  if (origin) lines.unshift(...pathsOnLines(origin, ctx));
  blocks.push(lines);
  return blocks;
};

/** Write first, then improve, then any other action, leave last. */
function actionRank(action: string): number {
  return action === 'write' ? 0 : action === 'improve' ? 1 : action === 'leave' ? 3 : 2;
}

/** Whether `text` names every one of `names` already (the reason a gap gives). */
function namesAll(text: string | null | undefined, names: readonly string[]): boolean {
  if (!text) return false;
  const words = new Set(text.toLowerCase().split(/[^\p{L}\p{N}_-]+/u));
  return names.every((n) => words.has(n.toLowerCase()));
}
