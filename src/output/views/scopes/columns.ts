/**
 * The columns a list view shows, as fields of its records, for the one table that holds
 * the rows of several brands and markets. Each field is written the way the endpoint's
 * own view writes it (percentages, changes with their arrow and colour, answer-state
 * marks, API words with their tone), and laid out by what it is: ids, URLs and question
 * texts wrap and are never shortened, human names (topics, titles, rivals) may be.
 *
 * The single-scope views lay a record out in more than one line (a topic above its
 * questions, a page's engines under it); here every record is one row, so a brand or a
 * market column can stand beside it.
 */
import type { EndpointId } from '../../../endpoints.js';
import { entryOf } from '../by-endpoint.js';
import type { Cell, Column } from '../grid.js';
import type { ScopeResult } from '../../../domain/scope.js';
import type { ViewContext } from '../context.js';
import { answerState, stateMarkPart, toneOf, wordText } from '../marks.js';
import { changeCell, columnFormat, formatCount, formatDecimal, formatPercent, type Better, type ChangeUnit } from '../numbers.js';
import { safeText, type Obj } from '../read.js';
import { isPlainObject } from '../../flatten.js';
import { marketsSideBySide } from './markets.js';
import { engineName } from '../../../text/engine-name.js';

type Kind =
  /** Copied: dim, wrapped, never shortened. */
  | 'id'
  | 'url'
  /** A question or a search query: copied, wrapped at spaces. */
  | 'question'
  /** A human name: may be shortened. */
  | 'name'
  /** A list of human names, joined with `, `. */
  | 'names'
  /** A rival's name, `▶` before the brand itself. */
  | 'rival'
  | 'word'
  | 'percent'
  | 'count'
  | 'decimal'
  | 'change'
  /** true/false as a green `✓` or a red `✗`. */
  | 'flag'
  /** One column per engine of `engines`: the state's mark, and its rate when the engine has one. */
  | 'engines';

export interface Field {
  key: string;
  header: string;
  kind: Kind;
  unit?: ChangeUnit;
  better?: Better;
  /** Narrowest a shortening column gets. */
  min?: number;
  /** The name of the row's id (a topic's): see Column.idName. */
  idName?: boolean;
  /**
   * Left out when the table would not fit otherwise, highest first: a figure the view
   * shows besides the main ones, which is worth less than keeping one row on one line.
   */
  drop?: number;
  /**
   * On a line under the row instead of in a column: always (a thread's address), or when
   * the table would not fit otherwise (a question, before any figure is left out).
   */
  under?: 'always' | 'narrow';
  /** A page's URL, shown as its path when each brand's pages are on one site (said above the table). */
  paths?: boolean;
  /** A topic id, shown by its name where the scope's names are known (ScopeResult.topicNames). */
  topic?: boolean;
}

export interface ListLayout {
  /** The records of one answer's data, one row each; undefined when data is not the shape. */
  rows: (data: Obj) => Obj[] | undefined;
  fields: readonly Field[];
  /** One brand in several markets as one table, the markets side by side; null when the results are not that. */
  sideBySide?: (results: readonly ScopeResult[], ctx: ViewContext) => string[] | null;
}

function records(key: string): (data: Obj) => Obj[] | undefined {
  return (data) => {
    const v = data[key];
    return Array.isArray(v) && v.every(isPlainObject) ? v : undefined;
  };
}

/** Forum threads, each with the topic it was found under. */
function forumThreads(data: Obj): Obj[] | undefined {
  const topics = records('topics')(data);
  if (topics === undefined) return undefined;
  const out: Obj[] = [];
  for (const t of topics) {
    const threads = records('threads')(t);
    if (threads === undefined) return undefined;
    for (const th of threads) out.push({ ...th, topic_id: t.topic_id });
  }
  return out;
}

/**
 * Every endpoint's list layout; `'sections'`: its view is not one list (a dashboard, one
 * item), so each scope is drawn by the view under its own heading, or, with the generic
 * view, all go in the plain combined table.
 */
const LAYOUTS: Readonly<Record<EndpointId, ListLayout | 'sections'>> = {
  topics: {
    rows: records('topics'),
    sideBySide: marketsSideBySide,
    fields: [
      { key: 'id', header: 'id', kind: 'id' },
      { key: 'name', header: 'topic', kind: 'name', min: 8, idName: true },
      { key: 'visibility', header: 'visibility', kind: 'percent' },
      { key: 'change', header: 'change', kind: 'change', unit: 'points', better: 'higher' },
      { key: 'rank', header: 'rank', kind: 'count', drop: 2 },
      { key: 'share_of_voice', header: 'share of voice', kind: 'percent', drop: 1 },
      { key: 'questions', header: 'questions', kind: 'count', drop: 3 },
      { key: 'rivals', header: 'rivals named instead', kind: 'names', drop: 4 },
    ],
  },
  prompts: {
    rows: records('prompts'),
    fields: [
      { key: 'prompt', header: 'question', kind: 'question', under: 'narrow' },
      { key: 'engines', header: '', kind: 'engines' },
      { key: 'topic_id', header: 'topic', kind: 'id', drop: 1, topic: true },
    ],
  },
  answers: {
    rows: records('answers'),
    fields: [
      { key: 'prompt', header: 'question', kind: 'question', under: 'narrow' },
      { key: 'rate', header: 'named', kind: 'percent' },
      { key: 'engines', header: '', kind: 'engines' },
      { key: 'id', header: 'id', kind: 'id', under: 'narrow' },
    ],
  },
  competitors: {
    rows: records('competitors'),
    fields: [
      { key: 'name', header: 'competitor', kind: 'rival', min: 8 },
      { key: 'share_of_voice', header: 'share of voice', kind: 'percent' },
      { key: 'change', header: 'change', kind: 'change', unit: 'points', better: 'higher' },
      { key: 'visibility', header: 'visibility', kind: 'percent', drop: 1 },
      { key: 'mentions', header: 'mentions', kind: 'count', drop: 3 },
      { key: 'position', header: 'position', kind: 'decimal', drop: 2 },
      { key: 'citations', header: 'citations', kind: 'count', drop: 4 },
    ],
  },
  sources: {
    rows: records('sources'),
    fields: [
      { key: 'domain', header: 'domain', kind: 'id' },
      { key: 'share', header: 'share', kind: 'percent' },
      { key: 'citations', header: 'cited', kind: 'count' },
      { key: 'kind', header: 'kind', kind: 'word' },
      { key: 'owner', header: 'owner', kind: 'word', drop: 1 },
      { key: 'top_url', header: 'top page', kind: 'url', under: 'narrow' },
    ],
  },
  pages: {
    rows: records('pages'),
    fields: [
      { key: 'citations', header: 'citations', kind: 'count' },
      { key: 'previous_citations', header: 'before', kind: 'count', drop: 1 },
      { key: 'change', header: 'change', kind: 'change', unit: 'count', better: 'higher' },
      { key: 'title', header: 'page', kind: 'name', min: 8 },
      { key: 'url', header: 'url', kind: 'url', paths: true },
    ],
  },
  'content-gaps': {
    rows: records('gaps'),
    fields: [
      { key: 'action', header: 'action', kind: 'word' },
      { key: 'prompt', header: 'question', kind: 'question' },
      { key: 'cited', header: 'cited', kind: 'flag' },
      { key: 'citations', header: 'citations', kind: 'count', drop: 1 },
      { key: 'page_url', header: 'page', kind: 'url', paths: true },
    ],
  },
  forum: {
    rows: forumThreads,
    fields: [
      { key: 'title', header: 'thread', kind: 'name', min: 12 },
      { key: 'forum', header: 'forum', kind: 'name', min: 6 },
      { key: 'replies', header: 'replies', kind: 'count', drop: 1 },
      { key: 'cited', header: 'cited', kind: 'flag' },
      { key: 'url', header: 'url', kind: 'url', under: 'always' },
    ],
  },
  'search-performance': {
    rows: records('rows'),
    fields: [
      { key: 'query', header: 'query', kind: 'name', min: 12 },
      { key: 'clicks', header: 'clicks', kind: 'count' },
      { key: 'impressions', header: 'impressions', kind: 'count', drop: 2 },
      { key: 'ctr', header: 'ctr', kind: 'percent' },
      { key: 'position', header: 'position', kind: 'decimal', drop: 3 },
      { key: 'ai_citations', header: 'AI cites', kind: 'count', drop: 1 },
      { key: 'topic_id', header: 'topic', kind: 'id', drop: 4 },
      { key: 'page', header: 'page', kind: 'url', paths: true },
    ],
  },
  tasks: {
    rows: records('tasks'),
    fields: [
      { key: 'id', header: 'id', kind: 'id' },
      { key: 'priority', header: 'priority', kind: 'word' },
      { key: 'status', header: 'status', kind: 'word' },
      { key: 'layer', header: 'layer', kind: 'word' },
      { key: 'impact', header: 'impact', kind: 'decimal', drop: 1 },
      { key: 'title', header: 'title', kind: 'name', min: 12 },
    ],
  },
  'ai-crawlers': {
    rows: records('crawlers'),
    fields: [
      { key: 'bot', header: 'bot', kind: 'name', min: 8 },
      { key: 'operator', header: 'operator', kind: 'name', min: 6 },
      { key: 'purpose', header: 'purpose', kind: 'word' },
      { key: 'hits', header: 'hits', kind: 'count' },
      { key: 'pages', header: 'pages', kind: 'count', drop: 1 },
    ],
  },
  'ai-visitors': {
    rows: records('visitors'),
    fields: [
      { key: 'label', header: 'engine', kind: 'name', min: 8 },
      { key: 'visits', header: 'visits', kind: 'count' },
      { key: 'change_pct', header: 'change', kind: 'change', unit: 'percent', better: 'higher' },
      { key: 'share', header: 'share', kind: 'percent', drop: 1 },
    ],
  },
  brands: 'sections',
  markets: 'sections',
  usage: 'sections',
  overview: 'sections',
  visibility: 'sections',
  'topics.get': 'sections',
  'answers.runs': 'sections',
  'answers.history': 'sections',
  'competitors.get': 'sections',
  'brand-perception': 'sections',
  'brand-perception.transcript': 'sections',
  technical: 'sections',
  'tasks.get': 'sections',
  'weekly-plan': 'sections',
  activity: 'sections',
  pitches: 'sections',
  'pitches.get': 'sections',
  'pitches.create': 'sections',
};

/** The list layout of an endpoint, when its view is a list (a dashboard has none). */
export function listLayout(id: string): ListLayout | undefined {
  return entryOf(LAYOUTS, id, 'sections');
}

/** A column of the table: its grid column and how to write one record's cell. */
export interface TableColumn {
  column: Column;
  cell: (record: Obj) => Cell;
  drop?: number | undefined;
  under?: 'always' | 'narrow' | undefined;
}

const NUMERIC: ReadonlySet<Kind> = new Set(['percent', 'count', 'decimal', 'change']);

/** The engines the records name, in the order they first appear. */
function enginesOf(rows: readonly Obj[]): string[] {
  const seen = new Set<string>();
  for (const r of rows) if (isPlainObject(r.engines)) for (const k of Object.keys(r.engines)) seen.add(k);
  return [...seen];
}

/** Any value as one line of text: lists joined with `, `, the rest as JSON would write it. */
function textOf(v: unknown): string {
  if (Array.isArray(v)) return v.map(textOf).join(', ');
  if (typeof v === 'string') return v;
  return JSON.stringify(v) ?? '';
}

function plainCell(v: unknown, style?: (s: string) => string): Cell {
  return [{ text: safeText(textOf(v)), style }];
}

/** An engine's entry: a state (`absent`), or `{state, rate}` written as the mark and the rate. */
function engineCell(entry: unknown, ctx: ViewContext): Cell {
  if (entry === null) return null;
  if (entry === undefined) return [];
  const state = typeof entry === 'string' ? entry : isPlainObject(entry) && typeof entry.state === 'string' ? entry.state : undefined;
  const rate = isPlainObject(entry) && typeof entry.rate === 'number' ? entry.rate : undefined;
  if (state === undefined) return plainCell(entry);
  const mark = stateMarkPart(state, ctx.chalk);
  return rate === undefined ? [mark] : [mark, { text: ` ${formatPercent(rate)}`, style: answerState(state)?.style(ctx.chalk) }];
}

/** The columns of `fields` that any of the rows holds, engines spread one column each. */
export function tableColumns(fields: readonly Field[], rows: readonly Obj[], ctx: ViewContext): TableColumn[] {
  const { chalk } = ctx;
  const out: TableColumn[] = [];
  for (const f of fields) {
    if (f.kind === 'engines') {
      for (const engine of enginesOf(rows)) {
        out.push({
          column: { header: safeText(engineName(engine)) },
          cell: (r) => engineCell(isPlainObject(r.engines) ? r.engines[engine] : undefined, ctx),
        });
      }
      continue;
    }
    if (!rows.some((r) => Object.hasOwn(r, f.key) && r[f.key] !== undefined)) continue;
    const values = rows.map((r) => r[f.key]);
    const numbers = values.filter((v): v is number => typeof v === 'number');
    // A column of one kind when the answer holds it so; any other value is shown as its text.
    const decimal = f.kind === 'decimal' ? columnFormat(numbers) : formatDecimal;
    const cellOf = (v: unknown): Cell => {
      if (v === null) return null;
      if (v === undefined) return [];
      switch (f.kind) {
        case 'id':
        case 'url':
          return typeof v === 'string' || typeof v === 'number' ? plainCell(v, chalk.dim) : plainCell(v);
        case 'word':
          return typeof v === 'string' ? [{ text: wordText(safeText(v)), style: toneOf(v, chalk) }] : plainCell(v);
        case 'flag':
          return v === true ? [{ text: '✓', style: chalk.green }] : v === false ? [{ text: '✗', style: chalk.red }] : plainCell(v);
        case 'percent':
          return typeof v === 'number' ? [{ text: formatPercent(v) }] : plainCell(v);
        case 'count':
          return typeof v === 'number' ? [{ text: formatCount(v) }] : plainCell(v);
        case 'decimal':
          return typeof v === 'number' ? [{ text: decimal(v) }] : plainCell(v);
        case 'change':
          return typeof v === 'number' ? changeCell(v, f.unit ?? 'points', f.better ?? 'higher', chalk) : plainCell(v);
        default:
          return plainCell(v);
      }
    };
    const cell =
      f.kind === 'rival'
        ? (r: Obj): Cell => {
            const name = cellOf(r[f.key]);
            return r.is_brand === true && name !== null ? [{ text: '▶ ', style: chalk.yellow }, ...name] : name;
          }
        : (r: Obj): Cell => cellOf(r[f.key]);
    out.push({ column: columnOf(f, numbers.length === values.filter((v) => v !== null && v !== undefined).length), cell, drop: f.drop, under: f.under });
  }
  return out;
}

function columnOf(f: Field, allNumbers: boolean): Column {
  if (f.kind === 'id' || f.kind === 'url' || f.kind === 'question') return { header: f.header, wrap: true, weight: f.kind === 'question' ? 3 : 1 };
  if (NUMERIC.has(f.kind) && allNumbers) return { header: f.header, align: 'right' };
  if (f.kind === 'word' || f.kind === 'flag') return { header: f.header };
  return { header: f.header, shrink: true, min: f.min ?? 6, ...(f.idName === true ? { idName: true } : {}) };
}
