/**
 * `vis answers`: the buyer questions grouped by topic, each with how often its answers
 * named the brand over the window (rate, and named of runs counted) and each engine's
 * state as a mark (marks.ts). The question gets the width: beside its figures when the
 * whole question fits there, else on a line of its own above them, wrapped, with its id.
 *
 * `vis answers history`: the same questions, one row each, over the days of the period:
 * the rate per day as a sparkline with its low, high and last value, and per engine one
 * mark per day, oldest first.
 */
import type { Block, View, ViewContext } from './context.js';
import { flowLines } from './flow.js';
import { cell, gridLines, naturalWidths, type Cell, type Column, type GridRow, type Part } from './grid.js';
import { answerState, stateLegend, stateMarkPart } from './marks.js';
import { formatCount, formatDecimal, formatPercent } from './numbers.js';
import { safeText, type Obj } from './read.js';
import { noneMatch, topicGroup } from './section.js';
import { sparkline } from './sparkline.js';
import { wrapText } from './wrap.js';
import { engineName } from '../../text/engine-name.js';

const GAP = 2;
const INDENT = '  ';

/**
 * An object of engine → state word (`{"chatgpt": "absent", ...}`): the entries that are
 * text, marked. Any other entry is not a state: it is left for the generic rendering.
 */
function engineStates(o: Obj, ctx: ViewContext): Array<{ raw: string; name: string; state: string }> {
  const map = ctx.read.object(o, 'engines');
  const out: Array<{ raw: string; name: string; state: string }> = [];
  for (const raw of Object.keys(map)) {
    const state = ctx.read.rawText(map, raw);
    if (state === undefined) continue;
    ctx.read.mark(map, raw);
    out.push({ raw, name: safeText(engineName(raw)), state });
  }
  return out;
}

/** The engines (in the order first seen, over all records) and the states no mark is known for. */
class StatesSeen {
  readonly engines: Array<{ raw: string; name: string }> = [];
  readonly unknown: string[] = [];

  note(states: ReadonlyArray<{ raw: string; name: string; state: string }>): void {
    for (const s of states) {
      if (!this.engines.some((x) => x.raw === s.raw)) this.engines.push({ raw: s.raw, name: s.name });
      if (answerState(s.state) === undefined && !this.unknown.includes(s.state)) this.unknown.push(s.state);
    }
  }
}

/** Legend of the marks, unknown states spelled out, and a note, as lines. */
function legendLines(unknown: readonly string[], note: string, ctx: ViewContext): string[] {
  return [...flowLines(stateLegend(unknown, ctx.chalk, safeText), ctx.width, { wide: ctx.wide }), ...wrapText(note, ctx.width).map((l) => ctx.chalk.dim(l))];
}

/**
 * Rows with the question beside the cells when every question (and id) fits there whole,
 * else the question (and id) on a wrapped line above each row of cells.
 */
function questionTable(
  items: ReadonlyArray<{ group: readonly GridRow[]; question: string; id: string | null | undefined; cells: Cell[] }>,
  cellColumns: readonly Column[],
  ctx: ViewContext,
  marks?: { from: number; names: readonly string[] },
): string[] {
  const { chalk } = ctx;
  const anyId = items.some((i) => i.id);
  const besideRows: GridRow[] = [];
  for (const it of items) {
    besideRows.push(...it.group);
    besideRows.push({ cells: [cell(`${INDENT}${it.question}`), ...it.cells, ...(anyId ? [it.id ? cell(it.id, chalk.dim) : []] : [])] });
  }
  const besideColumns: Column[] = [{ header: 'question' }, ...cellColumns, ...(anyId ? [{ header: 'id' }] : [])];
  const natural = naturalWidths(besideColumns, besideRows);
  if (ctx.wide || natural.reduce((a, b) => a + b, 0) + GAP * (natural.length - 1) <= ctx.width) return gridLines(besideColumns, besideRows, ctx);

  const rows: GridRow[] = [];
  const cards: GridRow[] = [];
  for (const it of items) {
    rows.push(...it.group);
    cards.push(...it.group);
    const detail: Part[][] = [[{ text: it.question }]];
    if (it.id) detail.push([{ text: it.id, style: chalk.dim }]);
    const question: GridRow = { detail, column: 0, indent: INDENT.length, sep: { text: '  ' } };
    rows.push(question, { cells: [cell(''), ...it.cells] });
    // A card: the question, then one line per figure, its name on the left.
    cards.push(question, ...cellColumns.map((c, j) => ({ cells: [cell(`${INDENT}${INDENT}${c.header}`, chalk.dim), it.cells[j] ?? []] })));
  }
  // The cells alone do not fit beside each other: a card per question instead.
  const cellsWidth = naturalWidths(
    cellColumns.map(() => ({ header: '' })),
    rows,
  ).reduce((a, b) => a + b + GAP, 0);
  if (cellsWidth > ctx.width) return gridLines([{ header: '' }, { header: '', shrink: true }], cards, ctx, { header: false });
  const withHeaders = naturalWidths([{ header: '' }, ...cellColumns], rows);
  if (marks && withHeaders.reduce((a, b) => a + b + GAP, -GAP) > ctx.width) {
    // The marks fit but their headers (the engines' names) do not: one column of marks,
    // a space apart, the engines named once above the table in the same order.
    const stripped = rows.map((r): GridRow => {
      if (!('cells' in r)) return r;
      const strip: Part[] = r.cells
        .slice(marks.from + 1)
        .flatMap((c, k) => [...(k > 0 ? [{ text: ' ' }] : []), ...(c === null || c.length === 0 ? [{ text: ' ' }] : c)]);
      return { cells: [...r.cells.slice(0, marks.from + 1), strip] };
    });
    const order = flowLines(
      [[{ text: 'engines, left to right:', style: chalk.dim }], ...marks.names.map((n, k) => [{ text: k < marks.names.length - 1 ? `${n},` : n }])],
      ctx.width,
      { wide: ctx.wide, sep: { text: ' ' } },
    );
    return [...order, ...gridLines([{ header: '' }, ...cellColumns.slice(0, marks.from), { header: 'engines' }], stripped, ctx)];
  }
  return gridLines([{ header: '' }, ...cellColumns], rows, ctx);
}

export const answersView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const answers = read.records(data, 'answers', 'prompt');
  if (answers.length === 0) return [[noneMatch(ctx)]];
  const seen = new StatesSeen();
  const parsed = answers.map((a) => {
    const states = engineStates(a, ctx);
    seen.note(states);
    return {
      question: read.text(a, 'prompt'),
      id: read.text(a, 'id', 'optional'),
      topicRaw: read.rawText(a, 'topic_id') ?? read.rawText(a, 'topic'),
      topicId: read.text(a, 'topic_id', 'optional'),
      topic: read.text(a, 'topic', 'optional'),
      rate: read.number(a, 'rate', 'nullable'),
      named: read.number(a, 'named', 'optional'),
      runs: read.number(a, 'runs_counted', 'optional'),
      states: new Map(states.map((s) => [s.raw, s.state])),
    };
  });
  const anyCount = parsed.some((p) => p.named !== undefined || p.runs !== undefined);
  let topic: string | undefined | null = null;
  const items = parsed.map((p) => {
    const group = p.topicRaw !== topic ? topicGroup(p.topic, p.topicId, ctx) : [];
    topic = p.topicRaw;
    const count =
      p.named === undefined && p.runs === undefined
        ? []
        : cell(`${p.named == null ? '–' : formatCount(p.named)}/${p.runs == null ? '–' : formatCount(p.runs)}`);
    const cells: Cell[] = [p.rate === null ? null : cell(formatPercent(p.rate)), ...(anyCount ? [count] : [])];
    for (const e of seen.engines) {
      const s = p.states.get(e.raw);
      cells.push(s === undefined ? [] : [stateMarkPart(s, chalk)]);
    }
    return { group, question: p.question, id: p.id, cells };
  });
  const columns: Column[] = [
    { header: 'named', align: 'right' },
    ...(anyCount ? [{ header: 'runs', align: 'right' as const }] : []),
    ...seen.engines.map((e) => ({ header: e.name })),
  ];
  const note = `named: share of answers naming ${ctx.brand ?? 'the brand'} over the window${anyCount ? ' (runs: named/counted)' : ''}; a mark per engine for its state. A question's answers: vis answers runs --prompt ${parsed.some((p) => p.id) ? '<id>' : '"<question>"'}`;
  return [
    questionTable(items, columns, ctx, { from: columns.length - seen.engines.length, names: seen.engines.map((e) => e.name) }),
    legendLines(seen.unknown, note, ctx),
  ];
};

// ---------------------------------------------------------------------------------------
// history

export const answersHistoryView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const history = read.records(data, 'history', 'prompt');
  if (history.length === 0) return [[noneMatch(ctx)]];
  const seen = new StatesSeen();
  const days = new Set<string>();
  interface Question {
    question: string;
    id: string | null | undefined;
    topicRaw: string | undefined;
    topicId: string | null | undefined;
    byDay: Map<string, { rate: number | null; states: Map<string, string> }>;
  }
  const questions = new Map<string, Question>();
  for (const h of history) {
    const date = read.text(h, 'date');
    const question = read.text(h, 'prompt');
    const id = read.text(h, 'prompt_id', 'optional');
    const key = read.rawText(h, 'prompt_id') ?? read.rawText(h, 'prompt') ?? '';
    const states = engineStates(h, ctx);
    seen.note(states);
    const rate = read.number(h, 'rate', 'nullable');
    const topicId = read.text(h, 'topic_id', 'optional');
    let q = questions.get(key);
    if (q === undefined) questions.set(key, (q = { question, id, topicRaw: read.rawText(h, 'topic_id'), topicId, byDay: new Map() }));
    days.add(date);
    q.byDay.set(date, { rate, states: new Map(states.map((s) => [s.raw, s.state])) });
  }
  const dayList = [...days].sort();
  const first = dayList[0] ?? '';
  const last = dayList[dayList.length - 1] ?? '';

  let topic: string | undefined | null = null;
  // Grouped by topic in the order topics first appear, questions in theirs.
  const ordered = [...questions.values()].sort((a, b) => topicOrder(a) - topicOrder(b));
  function topicOrder(q: Question): number {
    return [...questions.values()].findIndex((x) => x.topicRaw === q.topicRaw);
  }
  const items = ordered.map((q) => {
    const group = q.topicRaw !== topic ? topicGroup(null, q.topicId, ctx) : [];
    topic = q.topicRaw;
    const rates = dayList.map((d) => q.byDay.get(d)?.rate ?? null);
    const present = rates.filter((r): r is number => r !== null);
    const lastRate = [...rates].reverse().find((r) => r !== null) ?? null;
    const cells: Cell[] = [
      cell(sparkline(rates), chalk.cyan),
      present.length === 0 ? null : cell(`${formatDecimal(Math.min(...present))}–${formatPercent(Math.max(...present))}`),
      lastRate === null ? null : cell(formatPercent(lastRate)),
    ];
    for (const e of seen.engines) {
      const marks: Part[] = dayList.map((d) => {
        const s = q.byDay.get(d)?.states.get(e.raw);
        return s === undefined ? { text: ' ' } : stateMarkPart(s, chalk);
      });
      cells.push(marks);
    }
    return { group, question: q.question, id: q.id, cells };
  });
  const columns: Column[] = [
    { header: 'named/day' },
    { header: 'low–high', align: 'right' },
    { header: 'last', align: 'right' },
    ...seen.engines.map((e) => ({ header: e.name })),
  ];
  const span = first === last ? `on ${first}` : `${first} to ${last}, oldest first`;
  const note = `One bar or mark per day ${span}. named: share of answers naming ${ctx.brand ?? 'the brand'} that day; a mark per engine for its state.`;
  const head: Part[][] = [
    [{ text: formatCount(questions.size), style: chalk.bold }, { text: questions.size === 1 ? ' question' : ' questions' }],
    [{ text: formatCount(dayList.length), style: chalk.bold }, { text: dayList.length === 1 ? ' day' : ' days' }],
  ];
  const blocks: Block[] = [
    flowLines(head, ctx.width, { sep: { text: ' · ', style: chalk.dim }, wide: ctx.wide }),
    questionTable(items, columns, ctx),
    legendLines(seen.unknown, note, ctx),
  ];
  return blocks;
};
