/**
 * `vis visibility` and `vis overview`: the visibility score large (three lines tall) with
 * its change, the history as a sparkline, and the figures behind it in tables.
 *
 * visibility: score, change, the 12 weeks as a sparkline (a gap for a week not measured),
 *   then the weeks with the change from the week before.
 * overview: the score, then each headline figure with its change and its daily sparkline,
 *   perception, the brand against its rivals, the weakest topics, open tasks per layer,
 *   and the daily figures.
 */
import type { Block, View, ViewContext } from './context.js';
import { bigDigits } from './big-digits.js';
import { brandTableLines, type BrandRow } from './brand-table.js';
import { flowLines } from './flow.js';
import { cell, fitLine, fitParts, gridLines, naturalWidths, partsWidth, wholeWidth, type Cell, type Column, type GridRow, type Part } from './grid.js';
import { changeCell, formatCount, formatDecimal, formatPercent, formatScore, type Better, type ChangeUnit } from './numbers.js';
import type { Obj } from './read.js';
import { sectionTitle } from './section.js';
import { bucketSeries, perNote, seriesStep, sparkline } from './sparkline.js';
import { displayWidth } from '../../text/width.js';

/** Visibility is a percentage of answers (0-100, data.ts); it is written as one everywhere. */
function scoreText(v: number): string {
  return formatPercent(v);
}

/** Narrowest the text beside the big number may get before it goes below instead. */
const BESIDE_MIN = 30;

/**
 * The big number with a few lines of text to its right; below it when there is no room
 * beside it, in one line when there is no room for it at all.
 */
export function bigFigure(figure: string, beside: readonly Part[][], ctx: ViewContext): Block {
  const glyphs = bigDigits(figure);
  const { chalk } = ctx;
  const besideWidth = Math.max(0, ...beside.map((p) => p.reduce((n, q) => n + displayWidth(q.text), 0)));
  if (glyphs === null || displayWidth(glyphs[0]) > ctx.width) {
    const [first, ...rest] = beside;
    return [fitParts([...(first ?? []), { text: '  ' }, { text: figure, style: chalk.bold }], ctx.width), ...rest.map((p) => fitParts(p, ctx.width))];
  }
  const digitsWidth = displayWidth(glyphs[0]);
  // Beside the digits when the text fits there, or nearly (it is then shortened).
  if (digitsWidth + 4 + Math.min(besideWidth, BESIDE_MIN) <= ctx.width || ctx.wide) {
    return glyphs
      .map((g, i) => {
        const text = beside[i];
        const left = chalk.bold(g.padEnd(digitsWidth));
        return text === undefined ? chalk.bold(g).trimEnd() : `${left}    ${fitParts(text, ctx.width - digitsWidth - 4)}`.trimEnd();
      })
      .concat(beside.slice(3).map((p) => `${' '.repeat(digitsWidth + 4)}${fitParts(p, ctx.width - digitsWidth - 4)}`));
  }
  return [...glyphs.map((g) => chalk.bold(g).trimEnd()), '', ...beside.map((p) => fitParts(p, ctx.width))];
}

export function changeParts(v: number | null | undefined, unit: ChangeUnit, better: Better, note: string, ctx: ViewContext): Part[] {
  if (v === null || v === undefined) return [{ text: 'change not measured', style: ctx.chalk.dim }];
  const c = changeCell(v, unit, better, ctx.chalk) ?? [];
  return [...c, { text: unit === 'points' ? ' points ' : ' ' }, { text: note, style: ctx.chalk.dim }];
}

export function previousNote(window: Obj | null | undefined, ctx: ViewContext): string {
  const days = window ? ctx.read.number(window, 'days', 'optional') : undefined;
  return typeof days === 'number' ? `vs the previous ${days === 1 ? 'day' : `${formatCount(days)} days`}` : 'vs the previous period';
}

/** `12 weeks  ▃█▆▇ ▅▅▆▂▃▃▁  low 27.0% · high 38.2%` */
function sparkLine(label: string, values: ReadonlyArray<number | null>, format: (v: number) => string, ctx: ViewContext): string {
  const present = values.filter((v): v is number => v !== null);
  const parts: Part[] = [{ text: label, style: ctx.chalk.bold }, { text: '  ' }, { text: sparkline(values), style: ctx.chalk.cyan }];
  if (present.length > 0) parts.push({ text: `  low ${format(Math.min(...present))} · high ${format(Math.max(...present))}`, style: ctx.chalk.dim });
  return fitLine(parts, ctx);
}

export const visibilityView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const score = read.number(data, 'score', 'nullable');
  const change = read.number(data, 'change', 'optional');
  const window = read.object(data, 'window', 'optional');
  const history = read.records(data, 'history', 'week_start');
  const weeks = history.map((w) => ({
    start: read.text(w, 'week_start'),
    end: read.text(w, 'week_end', 'optional'),
    score: read.number(w, 'score', 'nullable'),
  }));

  const figure = score === null ? '–' : scoreText(score);
  const about = [
    [{ text: 'Visibility', style: chalk.bold }],
    changeParts(change, 'points', 'higher', previousNote(window, ctx), ctx),
    [{ text: ctx.brand ? `share of AI answers that name ${ctx.brand}` : 'share of AI answers that name the brand', style: chalk.dim }],
  ];
  const blocks: Block[] = [bigFigure(figure, about, ctx)];
  if (weeks.length === 0) {
    blocks.push(['No weekly history.']);
    return blocks;
  }
  blocks.push(weeklyLines(weeks, ctx));
  return blocks;
};

/**
 * A weekly series: the sparkline with its low and high, then the weeks, each with its
 * change. Dates are not shortened: where a week's first and last day do not both fit
 * beside the figures, each week goes by its first day under the header `week of`.
 */
export function weeklyLines(weeks: ReadonlyArray<{ start: string; end?: string | null | undefined; score: number | null }>, ctx: ViewContext): string[] {
  const { chalk } = ctx;
  const table = (byStart: boolean): string[] => {
    const rows: GridRow[] = weeks.map((w, i) => {
      const before = i > 0 ? weeks[i - 1]?.score : undefined;
      const delta = w.score !== null && typeof before === 'number' ? Math.round((w.score - before) * 10) / 10 : undefined;
      return {
        cells: [
          cell(w.end && !byStart ? `${w.start} – ${w.end}` : w.start),
          w.score === null ? null : cell(scoreText(w.score)),
          delta === undefined ? [] : changeCell(delta, 'points', 'higher', chalk),
        ],
      };
    });
    const columns: Column[] = [
      { header: byStart ? 'week of' : 'week', shrink: true },
      { header: 'visibility', align: 'right' },
      { header: 'vs week before', align: 'right' },
    ];
    return gridLines(columns, rows, ctx);
  };
  const full = table(false);
  const cut = !ctx.wide && weeks.some((w) => w.end && !full.some((l) => l.includes(`${w.start} – ${w.end}`)));
  return [
    sparkLine(
      `${weeks.length} ${weeks.length === 1 ? 'week' : 'weeks'}`,
      weeks.map((w) => w.score),
      scoreText,
      ctx,
    ),
    '',
    ...(cut ? table(true) : full),
  ];
}

// ---------------------------------------------------------------------------------------
// overview

interface Figure {
  label: string;
  value: number | null;
  change?: number | null | undefined;
  unit: ChangeUnit;
  better: Better;
  format: (v: number) => string;
  daily?: ReadonlyArray<number | null>;
  note?: string;
}

/** Fewest characters a daily sparkline is given, whatever the columns beside it take: a 90-day series by week. */
const SPARK_MIN = 13;
/** What the note column beside the figures' sparklines keeps at least: its `min` and the gap. */
const NOTE_ROOM = 6;

/**
 * How many days each point of the daily sparklines stands for: one when the series fits
 * beside the figures' label, value and change, a week (or more) when it does not.
 */
function dailyPer(figures: readonly Figure[], days: number, ctx: ViewContext): number {
  if (ctx.wide) return 1;
  const widest = (text: (f: Figure) => string) => Math.max(0, ...figures.map((f) => displayWidth(text(f))));
  const changeWidth = Math.max(
    0,
    ...figures.map((f) => (f.change === undefined ? 0 : partsWidth(changeCell(f.change, f.unit, f.better, ctx.chalk) ?? [{ text: '–' }]))),
  );
  const others = widest((f) => f.label) + widest((f) => (f.value === null ? '–' : f.format(f.value))) + Math.max(6, changeWidth) + 3 * 2 + NOTE_ROOM;
  return seriesStep(days, Math.max(SPARK_MIN, ctx.width - others));
}

/** A daily series as drawn: by `per` days. */
function dailySpark(values: ReadonlyArray<number | null>, per: number): string {
  return sparkline(bucketSeries(values, per));
}

function figureRows(figures: readonly Figure[], per: number, ctx: ViewContext): string[] {
  const { chalk } = ctx;
  const anyDaily = figures.some((f) => f.daily !== undefined);
  const columns: Column[] = [{ header: '' }, { header: 'now', align: 'right' }, { header: 'change', align: 'right' }];
  if (anyDaily) columns.push({ header: perNote(per) ?? 'daily' });
  columns.push({ header: '', shrink: true });
  const rows: GridRow[] = figures.map((f) => {
    const cells: Cell[] = [
      cell(f.label, chalk.bold),
      f.value === null ? null : cell(f.format(f.value)),
      f.change === undefined ? [] : changeCell(f.change, f.unit, f.better, chalk),
    ];
    if (anyDaily) cells.push(f.daily === undefined ? [] : cell(dailySpark(f.daily, per), chalk.cyan));
    cells.push(f.note === undefined ? [] : cell(f.note, chalk.dim));
    return { cells };
  });
  return gridLines(columns, rows, ctx);
}

function valueChange(read: ViewContext['read'], o: Obj, key: string): { value: number | null; change: number | null | undefined } {
  const m = read.object(o, key);
  return { value: read.number(m, 'value', 'nullable'), change: read.number(m, 'change', 'optional') };
}

export const overviewView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const vis = read.object(data, 'visibility');
  const score = read.number(vis, 'score', 'nullable');
  const scoreChange = read.number(vis, 'change', 'optional');
  const sov = valueChange(read, data, 'share_of_voice');
  const position = valueChange(read, data, 'position');
  const citations = valueChange(read, data, 'citations');
  const citedPages = read.has(data, 'cited_pages') ? valueChange(read, data, 'cited_pages') : undefined;
  const readiness = read.number(data, 'readiness_score', 'optional');
  const period = read.object(data, 'period', 'optional');

  const daily = read.records(data, 'daily', 'date', 'optional') ?? [];
  const days = daily.map((d) => {
    const rivals = read.records(d, 'rivals', 'name', 'optional') ?? [];
    return {
      date: read.text(d, 'date'),
      visibility: read.number(d, 'visibility', 'optional') ?? null,
      sov: read.number(d, 'share_of_voice', 'optional') ?? null,
      position: read.number(d, 'position', 'optional') ?? null,
      citations: read.number(d, 'citations', 'optional') ?? null,
      rivals: rivals.map((r) => ({ name: read.text(r, 'name'), raw: read.rawText(r, 'name') ?? '', visibility: read.number(r, 'visibility', 'nullable') })),
    };
  });
  const series = (pick: (d: (typeof days)[number]) => number | null) => (days.length > 1 ? days.map(pick) : undefined);

  const blocks: Block[] = [];
  const about = [
    [{ text: 'Visibility', style: chalk.bold }],
    changeParts(scoreChange, 'points', 'higher', previousNote(period, ctx), ctx),
    [{ text: ctx.brand ? `share of AI answers that name ${ctx.brand}` : 'share of AI answers that name the brand', style: chalk.dim }],
  ];
  blocks.push(bigFigure(score === null ? '–' : scoreText(score), about, ctx));

  const figures: Figure[] = [
    { label: 'Visibility', value: score, change: scoreChange, unit: 'points', better: 'higher', format: formatPercent, daily: series((d) => d.visibility) },
    { label: 'Share of voice', value: sov.value, change: sov.change, unit: 'points', better: 'higher', format: formatPercent, daily: series((d) => d.sov) },
    {
      label: 'Position',
      value: position.value,
      change: position.change,
      unit: 'decimal',
      better: 'lower',
      format: formatDecimal,
      daily: series((d) => d.position),
      note: 'average when named; 1 is first',
    },
    {
      label: 'Citations',
      value: citations.value,
      change: citations.change,
      unit: 'count',
      better: 'higher',
      format: formatCount,
      daily: series((d) => d.citations),
    },
  ];
  if (citedPages)
    figures.push({ label: 'Cited pages', value: citedPages.value, change: citedPages.change, unit: 'count', better: 'higher', format: formatCount });
  if (readiness !== undefined)
    figures.push({ label: 'AI readiness', value: readiness, unit: 'count', better: 'higher', format: formatScore, note: 'technical scan, out of 100' });
  const traffic = read.object(data, 'ai_traffic', 'optional');
  if (traffic) {
    const hits = read.number(traffic, 'crawler_hits', 'optional');
    if (hits !== undefined) figures.push({ label: 'AI crawler hits', value: hits, unit: 'count', better: 'higher', format: formatCount });
    const visits = read.number(traffic, 'ai_visits', 'optional');
    const visitsChange = read.number(traffic, 'ai_visits_change_pct', 'optional');
    if (visits !== undefined) figures.push({ label: 'AI visits', value: visits, change: visitsChange, unit: 'percent', better: 'higher', format: formatCount });
  }
  // One scale for every daily sparkline of the view, so their points line up by date.
  const per = dailyPer(figures, days.length, ctx);
  blocks.push(figureRows(figures, per, ctx));

  const perception = read.object(data, 'perception', 'optional');
  if (perception) {
    const engines = read.number(perception, 'engines', 'nullable');
    const knows = read.number(perception, 'knows', 'nullable');
    const recommends = read.number(perception, 'recommends', 'nullable');
    const of = engines === null ? '' : ` of ${formatCount(engines)}`;
    const who = ctx.brand ?? 'the brand';
    const items: Part[][] = [
      [{ text: knows === null ? '–' : `${formatCount(knows)}${of}` }, { text: ` engines know ${who}`, style: chalk.dim }],
      [{ text: recommends === null ? '–' : `${formatCount(recommends)}${of}` }, { text: ' recommend it', style: chalk.dim }],
    ];
    blocks.push(
      flowLines(items, ctx.width, {
        sep: { text: ' · ', style: chalk.dim },
        lead: [{ text: 'Perception', style: chalk.bold }, { text: '  ' }],
        wide: ctx.wide,
      }),
    );
  }

  // The brand against its rivals, the brand's own row from the headline figures.
  const rivals = read.records(data, 'rivals', 'name', 'optional');
  if (rivals) {
    const rivalDaily = (raw: string) => series((d) => d.rivals.find((r) => r.raw === raw)?.visibility ?? null);
    const rows: BrandRow[] = [];
    const brandRow: Cell[] = [
      cell(ctx.brand ?? 'brand', chalk.bold),
      score === null ? null : cell(formatPercent(score), chalk.bold),
      sov.value === null ? null : cell(formatPercent(sov.value), chalk.bold),
      position.value === null ? null : cell(formatDecimal(position.value), chalk.bold),
      citations.value === null ? null : cell(formatCount(citations.value), chalk.bold),
      days.length > 1
        ? cell(
            dailySpark(
              days.map((d) => d.visibility),
              per,
            ),
            chalk.cyan,
          )
        : [],
    ];
    rows.push({ brand: true, cells: brandRow });
    for (const r of rivals) {
      const raw = read.rawText(r, 'name') ?? '';
      const daily = rivalDaily(raw);
      rows.push({
        brand: false,
        cells: [
          cell(read.text(r, 'name')),
          nullable(read.number(r, 'visibility', 'nullable'), formatPercent),
          nullable(read.number(r, 'share_of_voice', 'nullable'), formatPercent),
          nullable(read.number(r, 'position', 'nullable'), formatDecimal),
          nullable(read.number(r, 'citations', 'nullable'), formatCount),
          daily === undefined ? [] : cell(dailySpark(daily, per), chalk.cyan),
        ],
      });
    }
    const columns: Column[] = [
      { header: 'vs rivals', shrink: true, min: 16 },
      { header: 'visibility', align: 'right' },
      { header: 'share of voice', align: 'right' },
      { header: 'position', align: 'right' },
      { header: 'citations', align: 'right' },
      { header: per === 1 ? 'daily visibility' : `visibility ${perNote(per) ?? ''}` },
    ];
    blocks.push(brandTableLines(columns, rows, ctx));
  }

  const weakest = read.records(data, 'weakest_topics', 'id', 'optional');
  if (weakest && weakest.length > 0) {
    const rows: GridRow[] = weakest.map((t) => ({
      cells: [
        cell(read.text(t, 'name')),
        nullable(read.number(t, 'visibility', 'nullable'), formatPercent),
        changeCell(read.number(t, 'change', 'optional'), 'points', 'higher', chalk),
        cell(read.text(t, 'id'), chalk.dim),
      ],
    }));
    const columns: Column[] = [
      { header: 'weakest topics', shrink: true, min: 8, idName: true },
      { header: 'visibility', align: 'right' },
      { header: 'change', align: 'right' },
      // Ids are what `vis topics <id>` takes: whole, the name is shortened instead.
      { header: 'id' },
    ];
    blocks.push(gridLines(columns, rows, ctx));
  }

  const tasks = read.counts(data, 'open_tasks', 'optional');
  if (tasks) {
    const items: Part[][] = tasks.map((t) => [{ text: `${t.name} ` }, { text: t.value === null ? '–' : formatCount(t.value), style: chalk.bold }]);
    if (items.length === 0) items.push([{ text: 'none' }]);
    blocks.push(
      flowLines(items, ctx.width, {
        sep: { text: ' · ', style: chalk.dim },
        lead: [{ text: 'Open tasks', style: chalk.bold }, { text: '  ' }],
        wide: ctx.wide,
      }),
    );
  }

  if (days.length > 0) {
    const rivalNames: Array<{ raw: string; name: string }> = [];
    for (const d of days) for (const r of d.rivals) if (!rivalNames.some((n) => n.raw === r.raw)) rivalNames.push({ raw: r.raw, name: r.name });
    const columns: Column[] = [
      { header: 'day' },
      { header: 'visibility', align: 'right' },
      { header: 'share of voice', align: 'right' },
      { header: 'position', align: 'right' },
      { header: 'citations', align: 'right' },
      ...rivalNames.map((n) => ({ header: n.name, align: 'right' as const })),
    ];
    const dayRows = (day: (date: string) => string): GridRow[] =>
      days.map((d) => ({
        cells: [
          cell(day(d.date)),
          nullable(d.visibility, formatPercent),
          nullable(d.sov, formatPercent),
          nullable(d.position, formatDecimal),
          nullable(d.citations, formatCount),
          ...rivalNames.map((n) => {
            const r = d.rivals.find((x) => x.raw === n.raw);
            return r === undefined ? [] : nullable(r.visibility, formatPercent);
          }),
        ],
      }));
    // The days without their year (the heading's period gives it) when the full dates
    // would have the headers go over several lines, and the table fits with the shorter.
    let rows = dayRows((date) => date);
    const year = days[0]?.date.slice(0, 5) ?? '';
    if (!ctx.wide && /^\d{4}-$/.test(year) && days.every((d) => d.date.startsWith(year))) {
      const short = dayRows((date) => date.slice(5));
      const natural = naturalWidths(columns, rows).reduce((a, b) => a + b, 0) + 2 * (columns.length - 1);
      if (natural > ctx.width && wholeWidth(columns, short) <= ctx.width) rows = short;
    }
    blocks.push([sectionTitle('Daily', rivalNames.length > 0 ? 'rivals’ columns: their visibility' : null, ctx), ...gridLines(columns, rows, ctx)]);
  }
  return blocks;
};

function nullable(v: number | null, format: (v: number) => string): Cell {
  return v === null ? null : cell(format(v));
}
