/**
 * `vis history <data command>` on a terminal: the key figure of each subject across the
 * recorded scan days, as a sparkline with its first and last value and the change between
 * them (visibility per topic, share of voice per competitor, the visibility score, the AI
 * readiness score, the rate per question). A command without a key figure, or answers
 * whose shape carries none, get the day-first table instead (keyFigureFor, seriesLines).
 * Pure: the days in, lines out.
 */
import { Chalk } from 'chalk';
import type { EndpointId } from '../../endpoints.js';
import { entryOf } from './by-endpoint.js';
import { sanitizeForTerminal } from '../../text/sanitize.js';
import { isJsonNumber } from '../../text/raw-number.js';
import { cell, gridLines, naturalWidths, type Cell, type Column } from './grid.js';
import { changeCell, columnFormat, formatPercent } from './numbers.js';
import { sectionTitle } from './section.js';
import { fitSeries, perNote, sparkline } from './sparkline.js';

/** One subject's figure on one day. */
export interface Figure {
  /** What identifies the subject from day to day (a topic's id, a competitor's name). */
  key: string;
  name: string;
  value: number | null;
}

export interface KeyFigure {
  /** The figure, as the heading names it: `Visibility`, `Share of voice`. */
  label: string;
  /** What a row is (`topic`); null for one figure of the brand's. */
  subject: string | null;
  /** `%` after the value (a share or a rate), or a bare score. */
  percent: boolean;
  /** The figures of one day's `data`; empty when its shape is not the one expected. */
  read(data: unknown): Figure[];
}

function record(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

function numberOf(v: unknown): number | null {
  return isJsonNumber(v) && Number.isFinite(Number(v)) ? Number(v) : null;
}

function textOf(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : isJsonNumber(v) ? String(v) : undefined;
}

/** A figure of each row of a collection: the row is named by `name`, known from day to day by `key`. */
function perRow(label: string, subject: string, o: { collection: string; key: string; name: string; value: string; percent: boolean }): KeyFigure {
  return {
    label,
    subject,
    percent: o.percent,
    read(data) {
      const rows = record(data)?.[o.collection];
      if (!Array.isArray(rows)) return [];
      return rows.flatMap((row): Figure[] => {
        const r = record(row);
        const key = textOf(r?.[o.key]);
        if (r === undefined || key === undefined || !Object.hasOwn(r, o.value)) return [];
        return [{ key, name: textOf(r[o.name]) ?? key, value: numberOf(r[o.value]) }];
      });
    },
  };
}

/** One figure of the brand's, at `path` inside `data`; its row is called `row`. */
function brandFigure(label: string, row: string, path: readonly string[], percent = false): KeyFigure {
  return {
    label,
    subject: null,
    percent,
    read(data) {
      let node: unknown = data;
      for (const k of path) {
        const r = record(node);
        if (r === undefined || !Object.hasOwn(r, k)) return [];
        node = r[k];
      }
      return [{ key: row, name: row, value: numberOf(node) }];
    },
  };
}

/** The states in which an engine's answer names the brand. */
const NAMED = new Set(['mentioned', 'recommended']);

/**
 * Per question, how many engines named the brand in their dominant state: the matrix of
 * `vis prompts` as one figure a day. A question whose engines are not an object of
 * states has no figure that day.
 */
const enginesNaming: KeyFigure = {
  label: 'Engines naming the brand',
  subject: 'question',
  percent: false,
  read(data) {
    const rows = record(data)?.prompts;
    if (!Array.isArray(rows)) return [];
    return rows.flatMap((row): Figure[] => {
      const r = record(row);
      const key = textOf(r?.id) ?? textOf(r?.prompt);
      const engines = record(r?.engines);
      if (r === undefined || key === undefined || engines === undefined) return [];
      const states = Object.values(engines).map((e) => record(e)?.state);
      const value = states.filter((state) => typeof state === 'string' && NAMED.has(state)).length;
      return [{ key, name: textOf(r.prompt) ?? key, value }];
    });
  },
};

/** Every endpoint's key figure; `'days'`: it has none, and gets the day-first table. */
const KEY_FIGURES: Readonly<Record<EndpointId, KeyFigure | 'days'>> = {
  prompts: enginesNaming,
  pages: perRow('Citations', 'page', { collection: 'pages', key: 'url', name: 'title', value: 'citations', percent: false }),
  topics: perRow('Visibility', 'topic', { collection: 'topics', key: 'id', name: 'name', value: 'visibility', percent: false }),
  'topics.get': brandFigure('Visibility of the topic', 'visibility', ['topic', 'visibility']),
  competitors: perRow('Share of voice', 'competitor', { collection: 'competitors', key: 'name', name: 'name', value: 'share_of_voice', percent: true }),
  answers: perRow('Rate', 'question', { collection: 'answers', key: 'id', name: 'prompt', value: 'rate', percent: true }),
  visibility: brandFigure('Visibility score', 'score', ['score']),
  overview: brandFigure('Visibility score', 'score', ['visibility', 'score']),
  technical: brandFigure('AI readiness score', 'readiness', ['readiness_score']),
  brands: 'days',
  markets: 'days',
  usage: 'days',
  'answers.runs': 'days',
  'answers.history': 'days',
  'competitors.get': 'days',
  sources: 'days',
  'content-gaps': 'days',
  'brand-perception': 'days',
  'brand-perception.transcript': 'days',
  forum: 'days',
  'search-performance': 'days',
  'ai-crawlers': 'days',
  'ai-visitors': 'days',
  tasks: 'days',
  'tasks.get': 'days',
  'weekly-plan': 'days',
  activity: 'days',
  pitches: 'days',
  'pitches.get': 'days',
  'pitches.create': 'days',
};

export function keyFigureFor(id: string): KeyFigure | undefined {
  return entryOf(KEY_FIGURES, id, 'days');
}

export interface SeriesInput {
  /** Who and where: `Northwind CRM · GB-en · vis topics`. */
  heading: string;
  days: ReadonlyArray<{ day: string; data: unknown }>;
}

export interface SeriesLayout {
  width: number;
  wide: boolean;
  color: boolean;
}

/** Narrowest the subject column is squeezed to before the chart gives up room. */
const SUBJECT_MIN = 12;
const GAP = 2;
const MIN_CHART = 13;

interface Subject {
  name: string;
  values: Array<number | null>;
}

/**
 * The subjects in the order of the newest day's answer (the order the data command
 * shows), then those of earlier days only, newest first.
 */
function subjects(figure: KeyFigure, days: SeriesInput['days']): Subject[] {
  const read = days.map((d) => new Map(figure.read(d.data).map((f) => [f.key, f])));
  const order: string[] = [];
  for (let i = read.length - 1; i >= 0; i--) for (const key of read[i]!.keys()) if (!order.includes(key)) order.push(key);
  return order.map((key) => {
    let name = key;
    for (const m of read) name = m.get(key)?.name ?? name;
    return { name, values: read.map((m) => m.get(key)?.value ?? null) };
  });
}

/** The series drawn; null when no day's answer holds the figure (the caller prints the day-first table). */
export function seriesLines(figure: KeyFigure, input: SeriesInput, layout: SeriesLayout): string[] | null {
  const rows = subjects(figure, input.days);
  if (rows.length === 0) return null;
  const chalk = new Chalk({ level: layout.color ? 1 : 0 });
  const width = Math.max(20, Math.floor(layout.width));
  const figures = rows.map((s) => {
    const present = s.values.filter((v): v is number => v !== null);
    const first = present[0] ?? null;
    const last = present[present.length - 1] ?? null;
    const change = first === null || last === null || present.length < 2 ? null : Math.round((last - first) * 10) / 10;
    return { s, first, last, change };
  });
  // Scores all whole, or all with one decimal, so the column reads alike.
  const format = figure.percent ? formatPercent : columnFormat(figures.flatMap((f) => [f.first, f.last]));
  const tail = (f: (typeof figures)[number]): Cell[] => [
    f.first === null ? null : cell(format(f.first)),
    f.last === null ? null : cell(format(f.last)),
    changeCell(f.change, 'points', 'higher', chalk),
  ];
  const tailColumns: Column[] = [
    { header: 'first', align: 'right' },
    { header: 'last', align: 'right' },
    { header: 'change', align: 'right' },
  ];
  const tails = naturalWidths(
    tailColumns,
    figures.map((f) => ({ cells: tail(f) })),
  );
  const name = figure.subject ?? '';
  const subjectWidth = Math.min(SUBJECT_MIN, Math.max(name.length, ...rows.map((r) => r.name.length)));
  const room = width - subjectWidth - tails.reduce((a, b) => a + b, 0) - GAP * (tailColumns.length + 1);
  // A week per point at the least: 90 days in 13 characters.
  const chartRoom = Math.max(room, MIN_CHART);
  const per = fitSeries(rows[0]!.values, chartRoom).per;
  const columns: Column[] = [{ header: name, shrink: true, min: Math.min(SUBJECT_MIN, subjectWidth) }, { header: 'trend' }, ...tailColumns];
  const grid = figures.map((f) => ({
    cells: [cell(sanitizeForTerminal(f.s.name)), cell(sparkline(fitSeries(f.s.values, chartRoom).values), chalk.cyan), ...tail(f)],
  }));
  // The days come from the store, a file read back: as untrusted as any text in an answer.
  const first = sanitizeForTerminal(input.days[0]!.day);
  const last = sanitizeForTerminal(input.days[input.days.length - 1]!.day);
  const count = input.days.length;
  const span = `${first === last ? first : `${first} → ${last}`}, ${count} scan day${count === 1 ? '' : 's'}${per === 1 ? '' : `, ${perNote(per)}`}`;
  // A title too wide for the line goes on as many lines as it takes (sectionTitle joins them).
  return [
    ...sectionTitle(sanitizeForTerminal(input.heading), null, { width, wide: layout.wide, chalk }).split('\n'),
    ...sectionTitle(`${figure.label}${figure.subject ? ` per ${figure.subject}` : ''}`, span, { width, wide: layout.wide, chalk }).split('\n'),
    '',
    ...gridLines(columns, grid, { width, wide: layout.wide, chalk }),
  ];
}
