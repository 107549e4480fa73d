/**
 * `vis prompts`: the buyer questions down, the engines across, each cell the dominant
 * answer state over the window as a mark (see marks.ts: ● ◐ ○ ◌ –, colours on top) and
 * how often that state occurred. Questions are grouped under their topic (its name when
 * the context has it, ViewContext.topicNames). A legend
 * follows, then the brand's average position per question and engine when named, with
 * each question's id. Questions and ids are never shortened: they wrap in their column.
 */
import type { Block, View } from './context.js';
import { cell, gridLines, type Cell, type Column, type GridRow } from './grid.js';
import { flowLines } from './flow.js';
import { answerState, stateLegend, stateMarkPart } from './marks.js';
import { formatDecimal, formatPercent } from './numbers.js';
import { safeText } from './read.js';
import { noneMatch, sectionTitle, topicGroup, topicNameOf } from './section.js';
import { displayWidth } from '../../text/width.js';
import { wrapText } from './wrap.js';
import { engineName } from '../../text/engine-name.js';

interface EngineCell {
  state: string;
  rate: number | null;
  position: number | null | undefined;
}

export const promptsView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const prompts = read.records(data, 'prompts', 'prompt');
  if (prompts.length === 0) return [[noneMatch(ctx)]];

  const engines: Array<{ raw: string; name: string }> = [];
  const rows = prompts.map((p) => {
    const cells = new Map<string, EngineCell>();
    for (const e of read.entries(p, 'engines')) {
      // An entry without a state is not an engine's cell: the generic rendering shows it.
      if (!read.has(e.value, 'state')) continue;
      if (!engines.some((x) => x.raw === e.raw)) engines.push({ raw: e.raw, name: safeText(engineName(e.raw)) });
      cells.set(e.raw, {
        state: read.rawText(e.value, 'state') ?? '',
        rate: read.number(e.value, 'rate', 'nullable'),
        position: read.number(e.value, 'position', 'optional'),
      });
      read.text(e.value, 'state'); // type-checks and marks it
    }
    return {
      prompt: read.text(p, 'prompt'),
      id: read.text(p, 'id', 'optional'),
      topic: read.rawText(p, 'topic_id'),
      topicText: read.text(p, 'topic_id', 'optional'),
      cells,
    };
  });

  // Marks on the left, rates right-aligned under each other.
  const rateWidth = engines.map((e) => Math.max(0, ...rows.map((r) => displayWidth(rateText(r.cells.get(e.raw)?.rate)))));
  const unknown: string[] = [];
  // Too narrow for a useful question column beside the cells: each question on a line
  // of its own, its cells on the next.
  const cellsWidth = engines.reduce((n, e, j) => n + 2 + Math.max(displayWidth(e.name), 2 + (rateWidth[j] ?? 0)), 0);
  const stacked = !ctx.wide && ctx.width - cellsWidth < STACK_BELOW;
  const matrixRows: GridRow[] = [];
  const positionRows: GridRow[] = [];
  let topic: string | undefined | null = null;
  for (const r of rows) {
    if (r.topic !== topic && r.topicText) {
      // The topic's name where the run knows it (a cached GET /topics), its id dimmed beside it.
      const group = topicGroup(topicNameOf(r.topic, ctx), r.topicText, ctx);
      matrixRows.push(...group);
      positionRows.push(...group);
    }
    topic = r.topic;
    const marks: Cell[] = engines.map((e, j) => {
      const c = r.cells.get(e.raw);
      if (c === undefined) return [];
      if (answerState(c.state) === undefined && !unknown.includes(c.state)) unknown.push(c.state);
      const rate = rateText(c.rate);
      return [
        stateMarkPart(c.state, chalk),
        { text: ` ${' '.repeat((rateWidth[j] ?? 0) - displayWidth(rate))}${rate}`, style: c.rate === null ? chalk.dim : undefined },
      ];
    });
    if (stacked) {
      matrixRows.push({ detail: [[{ text: r.prompt }]], column: 0, indent: 2, heads: true }, { cells: [cell(''), ...marks] });
    } else {
      matrixRows.push({ cells: [cell(`  ${r.prompt}`), ...marks] });
    }
    const positions: Cell[] = engines.map((e) => {
      const c = r.cells.get(e.raw);
      if (c === undefined || c.position === undefined) return [];
      return c.position === null ? null : cell(formatDecimal(c.position));
    });
    positionRows.push({ cells: [cell(`  ${r.id ?? r.prompt}`), ...positions] });
  }

  const matrixColumns: Column[] = [stacked ? { header: '' } : { header: 'question', wrap: true }, ...engines.map((e) => ({ header: e.name }))];
  const legend = stateLegend(unknown, chalk, safeText);
  const blocks: Block[] = [
    gridLines(matrixColumns, matrixRows, ctx),
    [...flowLines(legend, ctx.width, { wide: ctx.wide }), ...wrapText(NOTE, ctx.width).map((l) => chalk.dim(l))],
  ];
  const anyPosition = rows.some((r) => [...r.cells.values()].some((c) => c.position !== undefined));
  const anyId = rows.some((r) => r.id !== undefined && r.id !== null);
  if (anyPosition || anyId) {
    // Keyed by the question's id (a readable slug), so the question text is not printed twice.
    // Ids whole before engine names: the names can be shortened and still be told apart.
    const columns: Column[] = [
      { header: anyId ? 'question id' : 'question', wrap: true },
      ...engines.map((e) => ({ header: e.name, align: 'right' as const })),
    ];
    blocks.push([
      sectionTitle(`Position of ${ctx.brand ?? 'the brand'} when named`, '1 is first; – never named', ctx),
      ...gridLines(columns, positionRows, ctx),
    ]);
  }
  return blocks;
};

/** Narrowest question column worth having beside the cells. */
const STACK_BELOW = 40;

const NOTE = 'Each cell: the state seen most often over the window and in how many answers; recommended = named first.';

function rateText(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? '–' : formatPercent(rate);
}
