/**
 * `vis competitors`: share of voice as horizontal bars, the brand marked `▶` and drawn in
 * yellow, with the change (coloured for the brand's own row only: a rival gaining is
 * not good news, and green for it would mislead), then the other figures in a table.
 *
 * `vis competitors <name>`: the rival's figures, then sections: topics where it leads
 * the brand, questions it wins, what AI said about it (excerpts, its name and the
 * brand's highlighted), its most cited pages.
 */
import type { Block, View, ViewContext } from './context.js';
import { wrappedText } from './answer.js';
import { chartLines, type ChartRow } from './chart.js';
import { figureItem, flowLines } from './flow.js';
import { cell, gridLines, naturalWidths, partsWidth, type Cell, type Column, type GridRow, type Part } from './grid.js';
import { wrapText } from './wrap.js';
import { answerHeadLines } from './answer.js';
import { BRAND_MARK, brandTableLines } from './brand-table.js';
import { changeCell, formatCount, formatDecimal, formatPercent } from './numbers.js';
import { noneMatch, recordTable, sectionTitle, topicColumns } from './section.js';
import { changeParts, previousNote } from './score.js';
import { engineName } from '../../text/engine-name.js';

function num(v: number | null, format: (v: number) => string): Cell {
  return v === null ? null : cell(format(v));
}

/** The least the engines beside a question get before the questions go on lines of their own. */
const ENGINES_MIN = 12;

/**
 * Whether every column that does not shrink gets its whole width, and each that does at
 * least its `min`, two spaces apart, within the terminal.
 */
function fitsWhole(columns: readonly Column[], rows: readonly GridRow[], ctx: ViewContext): boolean {
  const natural = naturalWidths(columns, rows);
  const least = columns.reduce((n, c, j) => n + 2 + (c.shrink ? Math.min(natural[j] ?? 0, c.min ?? 4) : (natural[j] ?? 0)), -2);
  return ctx.wide || least <= ctx.width;
}

export const competitorsView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const list = read.records(data, 'competitors', 'name');
  if (list.length === 0) return [[noneMatch(ctx)]];
  const rows = list.map((c) => ({
    name: read.text(c, 'name'),
    domain: read.text(c, 'domain', 'optional'),
    isBrand: read.bool(c, 'is_brand', 'optional') === true,
    sov: read.number(c, 'share_of_voice', 'nullable'),
    change: read.number(c, 'change', 'optional'),
    visibility: read.number(c, 'visibility', 'optional'),
    mentions: read.number(c, 'mentions', 'optional'),
    position: read.number(c, 'position', 'optional'),
    questions: read.number(c, 'questions', 'optional'),
    citations: read.number(c, 'citations', 'optional'),
  }));
  const label = (r: (typeof rows)[number]): Cell =>
    r.isBrand
      ? [
          { text: BRAND_MARK, style: chalk.yellow },
          { text: r.name, style: chalk.bold.yellow },
        ]
      : [{ text: `${' '.repeat(BRAND_MARK.length)}${r.name}` }];

  const chart: ChartRow[] = rows.map((r) => ({
    label: label(r),
    value: r.sov,
    style: r.isBrand ? chalk.yellow : chalk.cyan,
    valueText: r.sov === null ? null : cell(formatPercent(r.sov), r.isBrand ? chalk.bold : undefined),
    after: [r.change === undefined ? [] : changeCell(r.change, 'points', r.isBrand ? 'higher' : 'neither', chalk)],
  }));
  const blocks: Block[] = [[sectionTitle('Share of voice', 'change in points vs the previous period', ctx), ...chartLines(chart, ctx)]];

  const optional = <T>(pick: (r: (typeof rows)[number]) => T | undefined) => rows.some((r) => pick(r) !== undefined);
  const columns: Column[] = [{ header: 'competitor', shrink: true, min: 20 }];
  const getters: Array<(r: (typeof rows)[number]) => Cell> = [(r) => [{ text: r.name, style: r.isBrand ? chalk.bold.yellow : undefined }]];
  const add = (header: string, pick: (r: (typeof rows)[number]) => number | null | undefined, format: (v: number) => string) => {
    if (!optional(pick)) return;
    columns.push({ header, align: 'right' });
    getters.push((r) => {
      const v = pick(r);
      return v === undefined ? [] : num(v, format);
    });
  };
  add('visibility', (r) => r.visibility, formatPercent);
  add('position', (r) => r.position, formatDecimal);
  add('mentions', (r) => r.mentions, formatCount);
  add('citations', (r) => r.citations, formatCount);
  add('questions', (r) => r.questions, formatCount);
  if (optional((r) => r.domain)) {
    columns.push({ header: 'domain', shrink: true });
    getters.push((r) => (r.domain ? cell(r.domain, chalk.dim) : []));
  }
  blocks.push(
    brandTableLines(
      columns,
      rows.map((r) => ({ brand: r.isBrand, cells: getters.map((g) => g(r)) })),
      ctx,
    ),
  );
  return blocks;
};

export const competitorView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const c = read.object(data, 'competitor');
  const name = read.text(c, 'name');
  const domain = read.text(c, 'domain', 'optional');
  const facts: Part[][] = [];
  const fact = (label: string, v: number | null | undefined, format: (v: number) => string, extra: Part[] = []) => {
    if (v === undefined) return;
    facts.push([...figureItem(ctx, label, v, format), ...extra]);
  };
  const sovChange = read.number(c, 'change', 'optional');
  // The change says what it is (points, against which period), as the score views do.
  const sovNote =
    sovChange === undefined
      ? []
      : [
          { text: ' (' },
          ...changeParts(
            sovChange,
            'points',
            'neither',
            previousNote(read.object(data, 'period', 'optional') ?? read.object(data, 'window', 'optional'), ctx),
            ctx,
          ),
          { text: ')' },
        ];
  fact('share of voice', read.number(c, 'share_of_voice', 'nullable'), formatPercent, sovNote);
  // Too wide for the line, the note goes on as an item of its own rather than be shortened.
  const sov = facts.at(-1);
  if (sov !== undefined && sovNote.length > 0 && partsWidth(sov) > ctx.width) facts.splice(-1, 1, sov.slice(0, 2), [{ text: '(' }, ...sovNote.slice(1)]);
  fact('visibility', read.number(c, 'visibility', 'optional'), formatPercent);
  fact('position', read.number(c, 'position', 'optional'), formatDecimal);
  fact('mentions', read.number(c, 'mentions', 'optional'), formatCount);

  const title: Part[] = [{ text: name, style: chalk.bold }];
  if (domain) title.push({ text: `  ${domain}`, style: chalk.dim });
  const blocks: Block[] = [
    [...flowLines([title], ctx.width, { wide: ctx.wide }), ...flowLines(facts, ctx.width, { sep: { text: ' · ', style: chalk.dim }, wide: ctx.wide })],
  ];

  const topics = read.records(data, 'topics', 'name', 'optional');
  if (topics) {
    const columns = topicColumns(
      [
        { header: name, align: 'right', cell: (t) => num(read.number(t, 'competitor_visibility', 'nullable'), formatPercent) },
        { header: ctx.brand ?? 'brand', align: 'right', cell: (t) => num(read.number(t, 'brand_visibility', 'nullable'), formatPercent) },
        // The rival's lead over the brand: positive is bad news for the brand.
        { header: 'its lead', align: 'right', cell: (t) => changeCell(read.number(t, 'lead', 'nullable'), 'points', 'rival-gap', chalk) },
      ],
      ctx,
    );
    blocks.push(
      recordTable(topics, columns, { title: `Topics where ${name} leads`, note: 'visibility, and its lead in points', empty: 'No topics match.' }, ctx),
    );
  }

  const won = read.records(data, 'questions_won', 'prompt', 'optional');
  if (won) {
    const questions = won.map((q) => ({
      prompt: read.text(q, 'prompt'),
      engines: (read.texts(q, 'engines', 'optional') ?? []).map((e) => engineName(e)).join(', '),
      id: read.has(q, 'prompt_id') ? read.text(q, 'prompt_id') : null,
    }));
    // Questions and ids are what users copy: whole in the table when it has room for
    // both (the engines may shorten), else each question over as many lines as it
    // needs, its id and engines under it.
    const columns: Column[] = [{ header: 'question' }, { header: 'engines', shrink: true, min: ENGINES_MIN }, { header: 'id' }];
    const rows: GridRow[] = questions.map((q) => ({ cells: [cell(q.prompt), cell(q.engines), q.id === null ? [] : cell(q.id, chalk.dim)] }));
    const lines: string[] = [];
    if (rows.length === 0) lines.push('No questions match.');
    else if (fitsWhole(columns, rows, ctx)) lines.push(...gridLines(columns, rows, ctx));
    else
      for (const q of questions) {
        lines.push(...wrapText(q.prompt, ctx.width));
        const under: Part[][] = [];
        if (q.id !== null) under.push([{ text: q.id, style: chalk.dim }]);
        if (q.engines !== '') under.push([{ text: `on ${q.engines}` }]);
        lines.push(...flowLines(under, ctx.width - 2, { sep: { text: '  ' } }).map((l) => `  ${l}`));
      }
    blocks.push([sectionTitle('Questions it wins', 'where AI names it and not the brand', ctx), ...lines]);
  }

  const said = read.records(data, 'said', 'excerpt', 'optional');
  if (said) {
    const lines: string[] = [sectionTitle('What AI said about it', null, ctx)];
    if (said.length === 0) lines.push('Nothing quoted.');
    said.forEach((s, i) => {
      if (i > 0) lines.push('');
      lines.push(...answerHeadLines({ engine: read.text(s, 'engine'), time: read.text(s, 'run_at', 'optional') }, ctx));
      const prompt = read.prose(s, 'prompt', 'optional');
      if (prompt) lines.push(...wrappedText(`“${prompt}”`, ctx, { style: chalk.dim, highlight: [] }));
      lines.push(...wrappedText(read.prose(s, 'excerpt'), ctx, { highlight: [ctx.brand, name] }));
    });
    blocks.push(lines);
  }

  const pages = read.records(data, 'pages', 'url', 'optional');
  if (pages) {
    const cited = pages.map((p) => ({
      citations: num(read.number(p, 'citations', 'nullable'), formatCount),
      title: cell(read.text(p, 'title', 'nullable') ?? '–'),
      url: cell(read.text(p, 'url'), chalk.dim),
    }));
    const columns: Column[] = [{ header: 'citations', align: 'right' }, { header: 'title', shrink: true, min: 8 }, { header: 'url' }];
    let rows: GridRow[] = cited.map((p) => ({ cells: [p.citations, p.title, p.url] }));
    let layout = columns;
    if (!fitsWhole(columns, rows, ctx)) {
      // A URL is not shortened: each on a line of its own under its title, indented
      // when that leaves it whole.
      layout = columns.slice(0, 2);
      rows = cited.flatMap((p): GridRow[] => {
        const url = p.url ?? [];
        return [{ cells: [p.citations, p.title] }, { group: partsWidth(url) + 2 <= ctx.width ? [{ text: '  ' }, ...url] : url }];
      });
    }
    blocks.push([sectionTitle('Its most cited pages', null, ctx), ...(rows.length ? gridLines(layout, rows, ctx) : ['No pages match.'])]);
  }
  return blocks;
};
