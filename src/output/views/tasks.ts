/**
 * `vis tasks`: open tasks per layer, the filters, then the tasks as a table (priority and
 * status coloured, see marks.ts; topics by name when the context has them). `vis tasks <id>`: the task's brief in sections (why,
 * steps, evidence, topics it moves). `vis weekly-plan`: the board, its columns side by
 * side with a card per task.
 */
import type { Block, View, ViewContext } from './context.js';
import { wrappedText } from './answer.js';
import { flowLines } from './flow.js';
import { cell, fitLine, gridLines, naturalWidths, partsWidth, type Cell, type Column, type GridRow, type Part } from './grid.js';
import { toneOf, wordText } from './marks.js';
import { changeCell, columnFormat, formatCount, formatPercent, formatScore } from './numbers.js';
import { safeText, viewNumber, type Obj } from './read.js';
import { noneMatch, recordTable, sectionTitle, topicColumns, topicNameOf } from './section.js';
import { formatTime } from './time.js';
import { wrapText } from './wrap.js';
import { displayWidth, truncateToWidth } from '../../text/width.js';

function word(raw: string | undefined, shown: string | null | undefined, ctx: ViewContext): Cell {
  if (shown === null) return null;
  if (shown === undefined) return [];
  return cell(wordText(shown), toneOf(raw, ctx.chalk));
}

/** `content 7 · technical 4` after a bold label. */
function countsLine(label: string, counts: ReadonlyArray<{ name: string; value: number | null }>, ctx: ViewContext): string[] {
  const { chalk } = ctx;
  const items: Part[][] = counts.map((c) => [{ text: `${c.name} ` }, { text: c.value === null ? '–' : formatCount(c.value), style: chalk.bold }]);
  if (items.length === 0) items.push([{ text: 'none', style: chalk.dim }]);
  return flowLines(items, ctx.width, { sep: { text: ' · ', style: chalk.dim }, lead: [{ text: label, style: chalk.bold }, { text: '  ' }], wide: ctx.wide });
}

export const tasksView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const tasks = read.records(data, 'tasks', 'title');
  const blocks: Block[] = [];
  const head: string[] = [];
  const open = read.counts(data, 'open_counts', 'optional');
  if (open) head.push(...countsLine('Open per layer', open, ctx));
  const filters = read.object(data, 'filters', 'optional');
  const total = read.number(data, 'total', 'optional');
  const about: Part[][] = [];
  if (total !== undefined)
    about.push([{ text: total === null ? '–' : formatCount(total), style: chalk.bold }, { text: ` ${total === 1 ? 'task matches' : 'tasks match'}` }]);
  if (total !== undefined && total !== null && total > tasks.length) about.push([{ text: `showing ${formatCount(tasks.length)}` }]);
  if (filters) {
    for (const k of Object.keys(filters)) {
      const v = filters[k];
      const n = viewNumber(v);
      if (v !== null && typeof v !== 'string' && n === undefined) continue; // shown generically below
      const text = v === null ? 'any' : n !== undefined ? formatCount(n) : read.text(filters, k);
      read.mark(filters, k);
      about.push([{ text: `${safeText(k)} `, style: chalk.dim }, { text }]);
    }
  }
  if (tasks.some((t) => t.created_at !== undefined || t.updated_at !== undefined)) about.push([{ text: 'times in UTC', style: chalk.dim }]);
  if (about.length > 0) head.push(...flowLines(about, ctx.width, { sep: { text: ' · ', style: chalk.dim }, wide: ctx.wide }));
  if (head.length > 0) blocks.push(head);
  if (tasks.length === 0) {
    blocks.push([noneMatch(ctx)]);
    return blocks;
  }
  const impactText = columnFormat(tasks.map((t) => read.number(t, 'impact', 'optional')));
  const probe = tasks.flatMap((t) => taskRows(t, false, Infinity, impactText, ctx));
  const others = naturalWidths(TASK_COLUMNS, probe).slice(0, TITLE_COLUMN);
  const titleWidth = ctx.width - others.reduce((a, b) => a + b + 2, 0);
  const stacked = !ctx.wide && titleWidth < STACK_BELOW;
  // The title is what people read: it gets the rest of the line and wraps, never cut.
  const rows = ctx.wide ? probe : tasks.flatMap((t) => taskRows(t, stacked, titleWidth, impactText, ctx));
  blocks.push(gridLines(stacked ? TASK_COLUMNS.slice(0, TITLE_COLUMN) : TASK_COLUMNS, rows, ctx));
  return blocks;
};

const TASK_COLUMNS: Column[] = [
  { header: 'id', align: 'right' },
  { header: 'priority' },
  { header: 'status' },
  { header: 'layer' },
  { header: 'impact', align: 'right' },
  { header: 'title', shrink: true, min: 12 },
];
const TITLE_COLUMN = 5;
/** Narrowest title column worth having beside the other columns. */
const STACK_BELOW = 30;

function idText(t: Obj, ctx: ViewContext): string {
  const id = ctx.read.number(t, 'id', 'optional');
  if (typeof id === 'number') return String(id);
  return ctx.read.text(t, 'id');
}

/**
 * A task's row, and under its title a dim detail line: topics, created and updated.
 * `stacked` (a terminal too narrow for a useful title column): the title goes on a line
 * of its own under the row too.
 */
function taskRows(t: Obj, stacked: boolean, titleWidth: number, impactText: (v: number) => string, ctx: ViewContext): GridRow[] {
  const { read, chalk } = ctx;
  const impact = read.number(t, 'impact', 'optional');
  const title = read.text(t, 'title');
  const cells: Cell[] = [
    cell(idText(t, ctx), chalk.dim),
    word(read.rawText(t, 'priority'), read.text(t, 'priority', 'optional'), ctx),
    word(read.rawText(t, 'status'), read.text(t, 'status', 'optional'), ctx),
    word(undefined, read.text(t, 'layer', 'optional'), ctx),
    impact === undefined ? [] : impact === null ? null : cell(impactText(impact)),
  ];
  const detail: Part[][] = [];
  const topics = read.texts(t, 'topics', 'optional');
  // By name where the run knows them (a cached GET /topics): texts() checked they are text.
  const named = topics?.map((id, i) => topicNameOf((t.topics as string[])[i], ctx) ?? id);
  if (named) detail.push([{ text: named.length > 0 ? named.join(', ') : 'no topics', style: chalk.dim }]);
  for (const [key, label] of [
    ['created_at', 'created '],
    ['updated_at', 'updated '],
  ] as const) {
    const v = read.text(t, key, 'optional');
    if (v !== undefined) detail.push([{ text: `${label}${v === null ? '–' : formatTime(v)}`, style: chalk.dim }]);
  }
  const sep = { text: ' · ', style: chalk.dim };
  const [first = '', ...more] = stacked || !Number.isFinite(titleWidth) ? [title] : wrapText(title, titleWidth);
  const rows: GridRow[] = stacked
    ? [{ cells }, { detail: [[{ text: title }]], column: 1 }]
    : [{ cells: [...cells, cell(first)] }, ...more.map((line): GridRow => ({ detail: [[{ text: line }]], column: TITLE_COLUMN }))];
  if (detail.length > 0) rows.push({ detail, column: stacked ? 1 : TITLE_COLUMN, sep });
  return rows;
}

export const taskView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const task = read.object(data, 'task');
  const id = idText(task, ctx);
  const title = read.prose(task, 'title');
  const blocks: Block[] = [];
  const head = wrappedText(title, ctx, { indent: '', style: chalk.bold, highlight: [] });
  head[0] = `${chalk.dim(`#${id}`)} ${head[0] ?? ''}`;
  if (displayWidth(head[0] ?? '') > ctx.width && !ctx.wide)
    head.splice(0, head.length, ...wrappedText(`#${id} ${title}`, ctx, { indent: '', style: chalk.bold, highlight: [] }));
  const facts: Part[][] = [];
  const fact = (parts: Part[]) => facts.push(parts);
  const priority = read.text(task, 'priority', 'optional');
  if (priority) fact([{ text: `${wordText(priority)} priority`, style: toneOf(read.rawText(task, 'priority'), chalk) }]);
  const status = read.text(task, 'status', 'optional');
  if (status) fact([{ text: wordText(status), style: toneOf(read.rawText(task, 'status'), chalk) }]);
  const layer = read.text(task, 'layer', 'optional');
  if (layer) fact([{ text: `${layer} layer` }]);
  const impact = read.number(task, 'impact', 'optional');
  if (impact !== undefined)
    fact([
      { text: 'impact ', style: chalk.dim },
      { text: impact === null ? '–' : formatScore(impact), style: chalk.bold },
    ]);
  for (const [key, label] of [
    ['created_at', 'created'],
    ['updated_at', 'updated'],
  ] as const) {
    const v = read.text(task, key, 'optional');
    if (v) fact([{ text: `${label} `, style: chalk.dim }, { text: `${formatTime(v)}${v !== formatTime(v) ? ' UTC' : ''}` }]);
  }
  // The topics by the names the brief gives them (its "Topics it moves" table pairs each name with its id),
  // else by those the run found in a cached GET /topics.
  const named = topicNames(data, ctx);
  const topicIds = read.texts(task, 'topics', 'optional')?.map((id, i) => named.get(id) ?? topicNameOf((task.topics as string[])[i], ctx) ?? id);
  const topicsFact: Part[] = [{ text: 'topics ', style: chalk.dim }, { text: topicIds?.length ? topicIds.join(', ') : 'none' }];
  // Too many for one line, they wrap between topics.
  const topicsApart = !ctx.wide && topicIds !== undefined && topicIds !== null && partsWidth(topicsFact) > ctx.width;
  if (topicIds && !topicsApart) fact(topicsFact);
  head.push(...flowLines(facts, ctx.width, { sep: { text: ' · ', style: chalk.dim }, wide: ctx.wide }));
  if (topicIds && topicsApart)
    head.push(
      ...flowLines(
        topicIds.map((t, i) => [{ text: `${t}${i < topicIds.length - 1 ? ',' : ''}` }]),
        ctx.width,
        { sep: { text: ' ' }, lead: [{ text: 'topics ', style: chalk.dim }] },
      ),
    );
  blocks.push(head);

  const why = read.prose(data, 'why', 'optional');
  if (why) blocks.push([sectionTitle('Why it matters', null, ctx), ...wrappedText(why, ctx)]);

  const steps = read.records(data, 'steps', 'text', 'optional');
  if (steps) {
    const lines = [sectionTitle('Steps', null, ctx)];
    if (steps.length === 0) lines.push('  No steps.');
    steps.forEach((s, i) => {
      const n = read.number(s, 'step', 'optional');
      const label = `${typeof n === 'number' ? n : i + 1}. `;
      const text = wrappedText(read.prose(s, 'text'), ctx, { indent: `  ${' '.repeat(label.length)}` });
      text[0] = `  ${label}${(text[0] ?? '').trimStart()}`;
      lines.push(...text);
    });
    blocks.push(lines);
  }

  const evidence = read.records(data, 'evidence', 'text', 'optional');
  if (evidence) {
    // A list rather than a table: the address is the evidence, and must not be cut short.
    const lines = [sectionTitle('Evidence', null, ctx)];
    if (evidence.length === 0) lines.push('  No evidence.');
    for (const e of evidence) {
      const head: Part[][] = [];
      if (read.has(e, 'kind')) head.push([{ text: wordText(read.text(e, 'kind', 'nullable') ?? '–'), style: chalk.dim }]);
      head.push([{ text: read.text(e, 'text') }]);
      lines.push(...flowLines(head, ctx.width, { sep: { text: ' · ', style: chalk.dim }, lead: [{ text: '  ' }], wide: ctx.wide }));
      if (read.has(e, 'url'))
        lines.push(
          ...flowLines([[{ text: read.text(e, 'url', 'nullable') ?? '–', style: chalk.cyan }]], ctx.width, { lead: [{ text: '    ' }], wide: ctx.wide }),
        );
    }
    blocks.push(lines);
  }

  const topics = read.records(data, 'topics', 'name', 'optional');
  if (topics) {
    const columns = topicColumns(
      [
        { header: 'visibility', align: 'right', cell: (t) => numberCell(read.number(t, 'visibility', 'optional'), formatPercent) },
        { header: 'expected lift', align: 'right', cell: (t) => changeCell(read.number(t, 'expected_lift', 'optional'), 'points', 'higher', chalk) ?? null },
      ],
      ctx,
    );
    blocks.push(recordTable(topics, columns, { title: 'Topics it moves', note: 'expected lift in points', empty: 'No topics.' }, ctx));
  }
  return blocks;
};

/** Each topic's name by its id, from the brief's `topics` (`sales-forecasting` → `Sales forecasting`); empty names are left out. */
function topicNames(data: Obj, ctx: ViewContext): Map<string, string> {
  const { read } = ctx;
  const names = new Map<string, string>();
  for (const t of read.records(data, 'topics', 'name', 'optional') ?? []) {
    const id = read.text(t, 'id', 'optional');
    const name = read.text(t, 'name', 'optional');
    if (id && name) names.set(id, name);
  }
  return names;
}

function numberCell(v: number | null | undefined, format: (v: number) => string): Cell {
  return v === undefined ? [] : v === null ? null : cell(format(v));
}

// ---------------------------------------------------------------------------------------
// weekly-plan

const BOARD_GAP = '  ';
/** Widest a board column gets: wider cards are harder to scan, not easier. */
const BOARD_MAX = 56;
/** Narrowest a board column may be before the columns are stacked instead. */
const BOARD_MIN = 18;
/** Lines of a card's title before it is shortened with `…` (all with `--wide`). */
const TITLE_LINES = 4;

interface BoardColumn {
  title: Part[];
  cards: Array<{ head: Part[]; title: string }>;
  more: number;
}

export const weeklyPlanView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const week = read.object(data, 'week', 'optional');
  const columns = read.records(data, 'columns', 'name');
  const board: BoardColumn[] = columns.map((c) => {
    const name = read.text(c, 'name');
    const status = read.rawText(c, 'status');
    // `todo` beside `To do` says nothing new; a status that differs is shown.
    const same = status !== undefined && status.replace(/[^a-z0-9]/gi, '').toLowerCase() === name.replace(/[^a-z0-9]/gi, '').toLowerCase();
    if (same) read.mark(c, 'status');
    const statusText = same ? undefined : read.text(c, 'status', 'optional');
    const tasks = read.records(c, 'tasks', 'title');
    const count = read.number(c, 'count', 'optional');
    const title: Part[] = [{ text: name, style: toneOf(status, chalk) }];
    title[0] = { text: name, style: (s) => chalk.bold(toneOf(status, chalk)(s)) };
    title.push({ text: ` ${count === undefined || count === null ? formatCount(tasks.length) : formatCount(count)}`, style: chalk.dim });
    if (statusText) title.push({ text: ` (${statusText})`, style: chalk.dim });
    const cards = tasks.map((t) => {
      const head: Part[] = [{ text: `#${idText(t, ctx)}`, style: chalk.dim }];
      const priority = read.text(t, 'priority', 'optional');
      if (priority) head.push({ text: ' ' }, { text: wordText(priority), style: toneOf(read.rawText(t, 'priority'), chalk) });
      const layer = read.text(t, 'layer', 'optional');
      if (layer) head.push({ text: ` ${layer}`, style: chalk.dim });
      // Any other field goes to the generic rendering after the board, with its name:
      // a value alone on a card says nothing, and a narrow card would cut it off.
      return { head, title: read.prose(t, 'title') };
    });
    return { title, cards, more: typeof count === 'number' && count > tasks.length ? count - tasks.length : 0 };
  });

  const blocks: Block[] = [];
  if (week) {
    const start = read.text(week, 'start', 'optional');
    const end = read.text(week, 'end', 'optional');
    if (start || end) blocks.push([fitLine([{ text: 'Week ', style: chalk.bold }, { text: [start, end].filter(Boolean).join(' – ') }], ctx)]);
  }
  if (board.length === 0) {
    blocks.push([noneMatch(ctx)]);
    return blocks;
  }
  const colWidth = Math.min(BOARD_MAX, Math.floor((ctx.width - BOARD_GAP.length * (board.length - 1)) / board.length));
  if (colWidth >= BOARD_MIN) {
    blocks.push(boardLines(board, colWidth, ctx));
  } else {
    // Too narrow for side by side: one column after another, full width.
    for (const col of board) blocks.push(boardLines([col], ctx.width, ctx));
  }
  return blocks;
};

function cardLines(card: BoardColumn['cards'][number], width: number, ctx: ViewContext): string[] {
  const lines = [fitLine(card.head, { width, wide: false })];
  let title = wrapText(card.title, width);
  if (!ctx.wide && title.length > TITLE_LINES) {
    title = title.slice(0, TITLE_LINES);
    // The regular expression's … is a \u escape: see checkOneByte in scripts/build.mjs.
    title[TITLE_LINES - 1] = truncateToWidth(`${title[TITLE_LINES - 1]} …`.replace(/ \u2026$/, '…'), width);
    if (!(title[TITLE_LINES - 1] ?? '').endsWith('…')) title[TITLE_LINES - 1] = truncateToWidth(`${title[TITLE_LINES - 1]}…`, width);
  }
  lines.push(...title);
  return lines;
}

function boardLines(board: readonly BoardColumn[], width: number, ctx: ViewContext): string[] {
  const { chalk } = ctx;
  const columns = board.map((col) => {
    const lines = [fitLine(col.title, { width, wide: false }), chalk.dim('─'.repeat(width))];
    col.cards.forEach((card, i) => {
      if (i > 0) lines.push('');
      lines.push(...cardLines(card, width, ctx));
    });
    if (col.cards.length === 0) lines.push(chalk.dim('nothing here'));
    if (col.more > 0) lines.push('', chalk.dim(`+ ${formatCount(col.more)} more`));
    return lines;
  });
  const height = Math.max(...columns.map((c) => c.length));
  const out: string[] = [];
  for (let i = 0; i < height; i++) {
    out.push(
      columns
        .map((c, j) => {
          const line = c[i] ?? '';
          return j === columns.length - 1 ? line : padStyled(line, width);
        })
        .join(BOARD_GAP)
        .trimEnd(),
    );
  }
  return out;
}

/** Pads a line that may hold our own SGR codes to `width` visible columns. */
function padStyled(line: string, width: number): string {
  const visible = line.replace(/\u001b\[[0-9;]*m/g, '');
  return line + ' '.repeat(Math.max(0, width - displayWidth(visible)));
}
