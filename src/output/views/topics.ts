/**
 * `vis topics`: one row per topic: visibility, its change (▲/▼, green/red), the brand's
 * rank and share of voice, and under the name the questions tracked and the rivals named
 * instead; the id first, as `vis topics <id>` takes it.
 *
 * `vis topics <id>`: the topic's figures, its weekly visibility (sparkline and weeks),
 * each question with what every engine answered (answer cards, the brand highlighted),
 * head-to-heads with rivals, the sources AI cites, what cited pages have in common and
 * which facts the brand's page states, and the brand's pages for the topic.
 */
import type { Block, View, ViewContext } from './context.js';
import { answerHeadLines, wrappedText } from './answer.js';
import { chartLines, type ChartRow } from './chart.js';
import { figureItem, figureItems, flowLines } from './flow.js';
import { cell, fitLine, gridLines, naturalWidths, type Cell, type Column, type GridRow, type Part } from './grid.js';
import { changeCell, formatCount, formatPercent } from './numbers.js';
import type { Obj } from './read.js';
import { weeklyLines } from './score.js';
import { wrapText } from './wrap.js';
import { noneMatch, recordTable, sectionTitle, type RecordColumn } from './section.js';

/** `forbes.com` for `https://www.forbes.com/advisor/...`. */
function hostOf(url: string): string | null {
  const m = /^https?:\/\/(?:www\.)?([^/?#:\s]+)/.exec(url);
  return m === null ? null : (m[1] as string);
}

/** The space between grid columns (grid.ts). */
const GAP_WIDTH = 2;

function num(v: number | null | undefined, format: (v: number) => string): Cell {
  return v === undefined ? [] : v === null ? null : cell(format(v));
}

export const topicsView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const topics = read.records(data, 'topics', 'name');
  if (topics.length === 0) return [[noneMatch(ctx)]];
  const rows: GridRow[] = [];
  const wideRows: GridRow[] = [];
  let anyQuestions = false;
  let anyRivals = false;
  for (const t of topics) {
    const cells: Cell[] = [
      cell(read.text(t, 'id'), chalk.dim),
      cell(read.text(t, 'name')),
      num(read.number(t, 'visibility', 'nullable'), formatPercent),
      changeCell(read.number(t, 'change', 'optional'), 'points', 'higher', chalk) ?? null,
      num(read.number(t, 'rank', 'optional'), formatCount),
      num(read.number(t, 'share_of_voice', 'optional'), formatPercent),
    ];
    // Under the name: how many questions, and the rivals AI names instead.
    const detail: Part[][] = [];
    const questions = read.number(t, 'questions', 'optional');
    if (questions !== undefined)
      detail.push([
        {
          text: `${questions === null ? '–' : formatCount(questions)} ${questions === 1 ? 'question' : 'questions'}${read.has(t, 'rivals') ? ' ·' : ''}`,
          style: chalk.dim,
        },
      ]);
    const rivals = read.texts(t, 'rivals', 'optional');
    if (rivals) {
      // The label an item of its own, so it stays beside the count rather than leave its
      // `·` alone at the end of a line.
      detail.push([{ text: 'rivals named instead:', style: chalk.dim }]);
      (rivals.length ? rivals : ['none']).forEach((r, i, all) => detail.push([{ text: `${r}${i < all.length - 1 ? ',' : ''}`, style: chalk.dim }]));
    }
    rows.push({ cells }, ...(detail.length > 0 ? [{ detail, column: 1, sep: { text: ' ' } }] : []));
    anyQuestions ||= questions !== undefined;
    anyRivals ||= Boolean(rivals);
    wideRows.push({
      cells: [...cells, num(questions, formatCount), !rivals ? [] : rivals.length === 0 ? cell('none', chalk.dim) : cell(rivals.join(', '))],
    });
  }
  const columns: Column[] = [
    // Ids whole where possible: `vis topics <id>` takes them.
    { header: 'id', shrink: true, min: 24 },
    { header: 'topic', shrink: true, min: 10, idName: true },
    { header: 'visibility', align: 'right' },
    { header: 'change', align: 'right' },
    { header: 'rank', align: 'right' },
    { header: 'share of voice', align: 'right' },
  ];
  // What rank means, since equal numbers in the column (6, 6, 6) read as a mistake without it.
  const note = topics.some((t) => read.has(t, 'rank')) ? [wrapText(rankNote(ctx.brand), ctx.width).map((l) => chalk.dim(l))] : [];
  // Questions and rivals in columns of their own when the terminal has room for them whole.
  if (anyQuestions || anyRivals) {
    const wideColumns: Column[] = [...columns, { header: 'questions', align: 'right' }, { header: 'rivals named instead' }];
    if (!ctx.wide && fits(wideColumns, wideRows, ctx)) return [gridLines(wideColumns, wideRows, ctx), ...note];
  }
  return [gridLines(columns, rows, ctx), ...note];
};

/** The legend of the rank column. */
function rankNote(brand: string | null): string {
  return `rank: ${brand ?? 'the brand'}'s place among the brands named in that topic, by visibility; 1 is first, and equal visibility shares a place.`;
}

/** `visibility 41.8% ▲ 1.8 · rank 3 · ...` for an object of figures. */
function topicFacts(t: Obj, ctx: ViewContext): Part[][] {
  const { read, chalk } = ctx;
  const facts: Part[][] = [];
  const vis = read.number(t, 'visibility', 'optional');
  if (vis !== undefined) {
    const change = read.number(t, 'change', 'optional');
    facts.push([
      ...figureItem(ctx, 'visibility', vis, formatPercent),
      ...(change === undefined ? [] : [{ text: ' ' }, ...(changeCell(change, 'points', 'higher', chalk) ?? [{ text: '–' }])]),
    ]);
  }
  facts.push(
    ...figureItems(ctx, t, [
      ['rank', 'rank', formatCount],
      ['share of voice', 'share_of_voice', formatPercent],
      ['questions', 'questions', formatCount],
    ]),
  );
  const rivals = read.texts(t, 'rivals', 'optional');
  if (rivals) facts.push([{ text: 'rivals named instead ', style: chalk.dim }, { text: rivals.length ? rivals.join(', ') : 'none' }]);
  return facts;
}

/** Whether every cell of the grid fits the terminal whole. */
function fits(columns: readonly Column[], rows: readonly GridRow[], ctx: ViewContext): boolean {
  const widths = naturalWidths(columns, rows);
  return ctx.wide || widths.reduce((a, b) => a + b, 0) + GAP_WIDTH * (widths.length - 1) <= ctx.width;
}

/**
 * The grid without its last column, a URL, which goes under its row instead, from
 * column `at` on, whole (on a line of its own, past the width when it must) and before
 * the row's other details.
 */
function urlsUnder(columns: readonly Column[], rows: readonly GridRow[], at: number): [Column[], GridRow[]] {
  const out: GridRow[] = [];
  for (const r of rows) {
    if ('cells' in r) {
      const url = r.cells[r.cells.length - 1];
      out.push({ cells: r.cells.slice(0, -1) });
      if (url) out.push({ detail: [url], column: at });
    } else if ('detail' in r) {
      out.push({ ...r, column: at });
    } else out.push(r);
  }
  return [columns.slice(0, -1), out];
}

export const topicView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const topic = read.object(data, 'topic');
  const name = read.text(topic, 'name');
  const id = read.text(topic, 'id', 'optional');
  const title: Part[][] = [[{ text: name, style: chalk.bold }]];
  if (id) title.push([{ text: id, style: chalk.dim }]);
  const sep = { text: ' · ', style: chalk.dim };
  const blocks: Block[] = [
    [...flowLines(title, ctx.width, { sep: { text: '  ' }, wide: ctx.wide }), ...flowLines(topicFacts(topic, ctx), ctx.width, { sep, wide: ctx.wide })],
  ];

  const history = read.records(data, 'history', 'week_start', 'optional');
  if (history && history.length > 0) {
    const weeks = history.map((w) => ({
      start: read.text(w, 'week_start'),
      end: read.text(w, 'week_end', 'optional'),
      score: read.number(w, 'visibility', 'nullable'),
    }));
    blocks.push([sectionTitle('Visibility by week', null, ctx), ...weeklyLines(weeks, ctx)]);
  }

  const questions = read.records(data, 'questions', 'prompt', 'optional');
  if (questions) {
    if (questions.length === 0) blocks.push([sectionTitle('Questions', null, ctx), 'No questions.']);
    questions.forEach((q, i) => {
      const head: Part[][] = [[{ text: `Question ${i + 1} of ${questions.length}`, style: chalk.bold }]];
      const rate = read.number(q, 'rate', 'optional');
      if (rate !== undefined)
        head.push([{ text: rate === null ? '–' : formatPercent(rate), style: chalk.bold }, { text: ` name ${ctx.brand ?? 'the brand'}` }]);
      const qid = read.text(q, 'id', 'optional');
      if (qid) head.push([{ text: qid, style: chalk.dim }]);
      const lines = [
        ...flowLines(head, ctx.width, { sep, wide: ctx.wide }),
        ...wrappedText(`“${read.prose(q, 'prompt')}”`, ctx, { indent: '', style: chalk.bold, highlight: [] }),
      ];
      for (const e of read.entries(q, 'engines')) {
        // Neither a state nor an answer: not an engine's answer; the generic rendering shows it.
        if (!read.has(e.value, 'state') && !read.has(e.value, 'answer')) continue;
        lines.push('');
        lines.push(
          ...answerHeadLines(
            {
              engine: e.name,
              time: read.text(e.value, 'answered_at', 'optional'),
              state: read.rawText(e.value, 'state'),
              stateText: read.text(e.value, 'state', 'optional'),
              position: read.number(e.value, 'position', 'optional'),
            },
            ctx,
            { hang: true },
          ),
        );
        const answer = read.prose(e.value, 'answer', 'optional');
        if (answer) lines.push(...wrappedText(answer, ctx));
        else if (answer === null) lines.push(`  ${chalk.dim('no answer text')}`);
      }
      blocks.push(lines);
    });
  }

  const h2h = read.records(data, 'head_to_heads', 'competitor', 'optional');
  if (h2h) {
    const columns: RecordColumn[] = [
      { header: 'rival', shrink: true, min: 8, cell: (h) => cell(read.text(h, 'competitor')) },
      { header: `${ctx.brand ?? 'brand'} ahead`, align: 'right', cell: (h) => num(read.number(h, 'brand_ahead', 'nullable'), formatCount) },
      { header: 'rival ahead', align: 'right', cell: (h) => num(read.number(h, 'competitor_ahead', 'nullable'), formatCount) },
      { header: 'both named', align: 'right', cell: (h) => num(read.number(h, 'both_named', 'optional'), formatCount) },
    ];
    // Only the last column counts answers naming both: an answer can put one ahead
    // without naming the other at all.
    blocks.push(recordTable(h2h, columns, { title: 'Head to head', note: 'answers with each ahead, and answers naming both', empty: 'No rivals.' }, ctx));
  }

  const sources = read.records(data, 'sources', 'url', 'optional');
  if (sources) {
    const rows: GridRow[] = sources.flatMap((s): GridRow[] => {
      const owner = read.text(s, 'owner', 'optional');
      const rawOwner = read.rawText(s, 'owner');
      const url = read.text(s, 'url');
      // The domain is in the address already; said again only when it differs.
      const domain = read.rawText(s, 'domain');
      if (domain !== undefined && hostOf(read.rawText(s, 'url') ?? '') === domain.replace(/^www\./, '')) read.mark(s, 'domain');
      const row: GridRow = {
        cells: [
          num(read.number(s, 'citations', 'nullable'), formatCount),
          owner === undefined ? [] : owner === null ? null : cell(owner.replace(/_/g, ' '), rawOwner === 'brand' ? chalk.bold.yellow : chalk.dim),
          cell(url),
        ],
      };
      const detail: Part[][] = [];
      if (read.has(s, 'domain') && !read.shown.has(s, 'domain'))
        detail.push([{ text: `domain ${read.text(s, 'domain', 'nullable') ?? '–'}`, style: chalk.dim }]);
      const title = read.text(s, 'title', 'optional');
      if (title) detail.push([{ text: title, style: chalk.dim }]);
      else if (title === null) read.mark(s, 'title');
      return detail.length > 0 ? [row, { detail, column: 2, sep: { text: ' · ', style: chalk.dim } }] : [row];
    });
    const columns: Column[] = [{ header: 'citations', align: 'right' }, { header: 'owner' }, { header: 'source', shrink: true, min: 12 }];
    const [grid, gridRows] = fits(columns, rows, ctx) ? [columns, rows] : urlsUnder(columns, rows, 1);
    blocks.push([sectionTitle('Sources AI cites', null, ctx), ...(rows.length ? gridLines(grid, gridRows, ctx) : ['No sources.'])]);
  }

  const analysis = read.object(data, 'content_analysis', 'optional');
  if (analysis) {
    const lines = [sectionTitle('What cited pages have', null, ctx)];
    const facts = read.records(analysis, 'facts_compared', 'fact', 'optional');
    if (facts) {
      for (const f of facts) {
        const states = read.bool(f, 'brand_page_states_it', 'nullable');
        lines.push(
          ...flowLines(
            [
              [
                states === true ? { text: '✓', style: chalk.green } : states === false ? { text: '✗', style: chalk.red } : { text: '–', style: chalk.dim },
                { text: ` ${read.text(f, 'fact')}` },
              ],
            ],
            ctx.width,
            { wide: ctx.wide },
          ),
        );
      }
      if (facts.length > 0) lines.push(fitLine([{ text: `✓ / ✗: ${ctx.brand ?? 'the brand'}’s page states it or not`, style: chalk.dim }], ctx));
    }
    const traits = read.records(analysis, 'cited_pages_share', 'trait', 'optional');
    if (traits && traits.length > 0) {
      if (facts && facts.length > 0) lines.push('');
      const rows: ChartRow[] = traits.map((t) => {
        const share = read.number(t, 'share', 'nullable');
        return { label: cell(read.text(t, 'trait')), value: share, valueText: share === null ? null : cell(formatPercent(share)) };
      });
      lines.push(fitLine([{ text: 'Share of cited pages with', style: chalk.dim }], ctx), ...chartLines(rows, ctx, { max: 100 }));
    }
    blocks.push(lines);
  }

  const pages = read.records(data, 'pages', 'url', 'optional');
  if (pages) {
    const rows: GridRow[] = pages.map((p) => ({ cells: [cell(read.text(p, 'title', 'nullable') ?? '–'), cell(read.text(p, 'url'), chalk.dim)] }));
    const columns: Column[] = [
      { header: 'title', shrink: true, min: 8 },
      { header: 'url', shrink: true, min: 10 },
    ];
    const [grid, gridRows] = fits(columns, rows, ctx) ? [columns, rows] : urlsUnder(columns, rows, 0);
    blocks.push([sectionTitle(`${ctx.brand ?? 'The brand'}’s pages for this topic`, null, ctx), ...(rows.length ? gridLines(grid, gridRows, ctx) : ['None.'])]);
  }
  return blocks;
};
