/**
 * `--format table`: per-endpoint views on a terminal, and the generic renderer every
 * endpoint falls back to; piped, the tab-separated rows of csv. The rules (when a view is
 * used, what the generic table shows and in which order, widths, numbers, the piped
 * layout) are in docs/output.md, "The generic table" and "The piped layout".
 * It must never drop a field of an answer it has not seen before, never crash on a
 * shape, and never write a string from the API without sanitizeForTerminal; colour
 * comes only from `color`, through a local chalk instance.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import { chooseColumns } from './csv.js';
import {
  arrayCell,
  cellText,
  FIGURE_COLUMNS,
  flattenFigures,
  flattenRecord,
  flattenRow,
  holdsRecords,
  isPlainObject,
  rowColumns,
  selectRows,
  showsFigures,
  type FlatCell,
  type FlatRecord,
} from './flatten.js';
import { stringifyWithin } from '../text/nesting.js';
import { isJsonNumber } from '../text/raw-number.js';
import { sanitizeForTerminal } from '../text/sanitize.js';
import type { Block, ViewContext } from './views/context.js';
import { chosenColumnsView } from './views/chosen.js';
import { sideBySide } from './views/grid.js';
import { viewFor } from './views/index.js';
import { scopesView } from './views/scopes/index.js';
import type { ScopeResult } from '../domain/scope.js';
import { Reader, ShapeError } from './views/read.js';
import { Shown, unshown } from './views/shown.js';
import {
  clampLine,
  fitLines,
  headingLines,
  keyValueLines,
  measured,
  NULL_MARK,
  padded,
  recordLines,
  widestWord,
  wrapWords,
  type HeadingForms,
  type Measured,
  type Room,
} from '../text/fit.js';
import { displayWidth, fitWidths } from '../text/width.js';

// `vis changes` draws with the views' parts, so its view ships in this bundle with them (scripts/build.mjs).
export { renderChangesView } from './views/changes.js';
// The series of `vis history` draws with the views' layout, which is bundled here alone.
export { keyFigureFor, seriesLines } from './views/history.js';

export interface TableSpec {
  id: string;
  collection?: string | undefined;
  noun: string;
  /** The endpoint's period (`none` or absent: none); the piped rows get the period columns. */
  period?: string | undefined;
}

/** True when the endpoint has a period: its csv and piped rows close with the period columns. */
export function hasPeriod(spec: Pick<TableSpec, 'period'> | undefined): boolean {
  return spec?.period !== undefined && spec.period !== 'none';
}

export interface TableOptions {
  spec?: TableSpec | undefined;
  /** Terminal width in columns. */
  width: number;
  color: boolean;
  /** The terminal layout (stdout is a terminal, or VIS_FORCE_TTY); otherwise the piped one. */
  tty: boolean;
  /** `--wide`: never shorten text. */
  wide: boolean;
  rows?: string | undefined;
  columns?: readonly string[] | undefined;
  /** The main collection's columns its schema knows (schemas/columns.ts); piped layout only. */
  knownColumns?: readonly string[] | undefined;
  /** Topic names by id for the views (ViewContext.topicNames); the generic and piped tables show the answer as it is. */
  topicNames?: ReadonlyMap<string, string> | undefined;
}

/** The piped layout's two parts (see the module comment): `rows` for stdout, `rest` for stderr. */
export interface PlainTable {
  rows: string;
  /** Empty when there is nothing besides the rows. */
  rest: string;
}

const MIN_WIDTH = 20;
const DEFAULT_WIDTH = 80;
const COLUMN_GAP = '  ';
const MAX_DEPTH = 32;
const DECIMAL_NUMBER = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

type Section =
  | { kind: 'grid'; title: string | null; columns: readonly string[]; records: readonly FlatRecord[] }
  | { kind: 'fields'; entries: ReadonlyArray<readonly [string, FlatCell]> }
  | { kind: 'text'; text: string };

interface Model {
  /**
   * The heading, longest first: in full; with the market's code alone; `parts` of that
   * without the span in days (the dates say it), put on more lines when even that is too wide.
   */
  heading: HeadingForms | null;
  sections: Section[];
}

/** The table for one response; see the module comment for what is shown and how. */
export function renderTable(envelope: unknown, opts: TableOptions): string {
  if (opts.tty && opts.rows === undefined) {
    const viewed = renderView(envelope, opts);
    if (viewed !== null) return viewed;
  }
  return renderGenericTable(envelope, opts);
}

/**
 * Several brands × markets on a terminal (src/output/views/scopes/): one table for a list,
 * a section per scope for a dashboard, markets side by side for topics. Null when the
 * plain combined table is as good, and with --columns or --rows, which choose the plain one.
 */
export function renderScopes(results: readonly ScopeResult[], opts: TableOptions): string | null {
  if (opts.spec === undefined || opts.columns !== undefined || opts.rows !== undefined) return null;
  const tty = ttyOf(opts);
  const ctx: ViewContext = { width: tty.width, wide: tty.wide, chalk: tty.chalk, read: new Reader(new Shown()), brand: null, noun: opts.spec.noun };
  const lines = scopesView(results, opts.spec, ctx, (envelope, spec, one) =>
    renderTable(envelope, { spec, width: one.width, color: one.chalk.level > 0, tty: true, wide: one.wide, topicNames: one.topicNames }),
  );
  return lines === null ? null : `${lines.join('\n')}\n`;
}

/** The generic rendering alone, whatever view the endpoint has. */
export function renderGenericTable(envelope: unknown, opts: TableOptions): string {
  if (!opts.tty) return renderPlainTable(envelope, opts).rows;
  return `${layoutTty(buildModel(envelope, opts), ttyOf(opts)).join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------
// Views

/**
 * The endpoint's view on a terminal: heading, the view's blocks, then every field the
 * view did not show, generically. Null when there is no view for the endpoint or the
 * data is not the shape the view was built for. With `strict` (tests), a view that
 * fails for any other reason than the shape throws instead of falling back, and so does
 * a line the safety net had to shorten, so a bug cannot hide behind either.
 */
export function renderView(envelope: unknown, opts: TableOptions, strict = false): string | null {
  const spec = opts.spec;
  const view =
    spec === undefined || viewFor(spec.id) === undefined
      ? undefined
      : opts.columns === undefined
        ? viewFor(spec.id)
        : chosenColumnsView(spec.id, spec.collection, opts.columns);
  if (view === undefined || !isPlainObject(envelope) || !isPlainObject(envelope.data)) return null;
  const data = envelope.data;
  const tty = ttyOf(opts);
  const shown = new Shown();
  const heading = buildHeading(envelope.meta, data, shown);
  const ctx: ViewContext = {
    width: tty.width,
    wide: tty.wide,
    chalk: tty.chalk,
    read: new Reader(shown),
    brand: brandName(envelope.meta),
    noun: opts.spec?.noun ?? 'rows',
    topicNames: opts.topicNames,
  };
  let blocks: Block[];
  try {
    blocks = view(data, ctx);
  } catch (err) {
    if (strict && !(err instanceof ShapeError)) throw err;
    return null;
  }
  const rest = restSections(unshown(data, shown)).map((section) => prepareSection(section, tty));
  const lines = heading === null ? [] : headingLines(heading, tty).map((l) => tty.chalk.dim(l));
  for (const block of blocks) {
    if (block.length === 0) continue;
    if (lines.length > 0) lines.push('');
    for (const line of block.flatMap((l) => l.split('\n'))) {
      const clamped = tty.wide ? line : clampLine(line, tty.width);
      if (strict && clamped !== line) throw new Error(`view ${opts.spec?.id} drew a line wider than ${tty.width}: ${JSON.stringify(line)}`);
      lines.push(clamped);
    }
  }
  lines.push(...sectionLines(rest, tty, lines.length > 0));
  if (lines.length === 0) lines.push('No data.');
  return `${lines.join('\n')}\n`;
}

/** What a view left over, as generic key/value rows and sub-tables. */
function restSections(rest: unknown): Section[] {
  if (rest === undefined) return [];
  if (!isPlainObject(rest)) return [{ kind: 'text', text: cellText(rest as FlatCell) }];
  const entries: Array<readonly [string, FlatCell]> = [];
  const grids: Section[] = [];
  collectFields(rest, '', null, new Shown(), entries, grids, 0);
  return [...(entries.length > 0 ? [{ kind: 'fields', entries } as const] : []), ...grids];
}

function brandName(meta: unknown): string | null {
  const brand = isPlainObject(meta) ? meta.brand : undefined;
  return isPlainObject(brand) ? headingText(brand.name) : null;
}

// ---------------------------------------------------------------------------------------
// What to show (shared by both layouts)

function buildModel(envelope: unknown, opts: TableOptions): Model {
  const hasEnvelope = isPlainObject(envelope) && Object.hasOwn(envelope, 'data');
  const data = hasEnvelope ? envelope.data : envelope;
  const meta = hasEnvelope ? envelope.meta : undefined;
  // Fields the heading shows, so they are not listed twice.
  const consumed = new Shown();
  const heading = opts.tty ? buildHeading(meta, data, consumed) : null;
  const sections: Section[] = [];

  if (data === null || data === undefined) {
    if (opts.rows !== undefined) selectRows(data, { rows: opts.rows }); // throws RowsKeyError
    sections.push({ kind: 'text', text: 'No data.' });
    return { heading, sections };
  }
  if (!Array.isArray(data) && !isPlainObject(data)) {
    if (opts.rows !== undefined) selectRows(data, { rows: opts.rows });
    sections.push({ kind: 'text', text: cellText(data as FlatCell) });
    return { heading, sections };
  }

  const selection = selectRows(data, { collection: opts.spec?.collection, rows: opts.rows });
  const isSingleRow = selection.key === null && !Array.isArray(data);
  if (!isSingleRow || opts.columns !== undefined) {
    const records = selection.rows.map(flattenRecord);
    const columns = chooseColumns(columnsOf(records), opts.columns, records.length);
    if (records.length === 0) {
      sections.push({ kind: 'text', text: `No ${nounFor(selection.key, opts.spec, Array.isArray(data))} match.` });
    } else {
      sections.push({ kind: 'grid', title: null, columns, records });
    }
    if (isSingleRow) return { heading, sections }; // the whole object was the row
  }

  if (isPlainObject(data)) {
    const entries: Array<readonly [string, FlatCell]> = [];
    const grids: Section[] = [];
    collectFields(data, '', isSingleRow ? null : selection.rows, consumed, entries, grids, 0);
    if (entries.length > 0) sections.push({ kind: 'fields', entries });
    sections.push(...grids);
  }
  if (sections.length === 0) sections.push({ kind: 'text', text: 'No data.' });
  return { heading, sections };
}

function columnsOf(records: readonly FlatRecord[]): string[] {
  const seen = new Set<string>();
  for (const r of records) for (const k of r.keys()) seen.add(k);
  return [...seen];
}

/** The noun of the empty sentence: the endpoint's when its collection was shown, else the key's last part. */
function nounFor(key: string | null, spec: TableSpec | undefined, dataIsArray: boolean): string {
  if (spec !== undefined && (key === null ? dataIsArray : key === spec.collection)) return spec.noun;
  if (key === null || key === '') return 'rows';
  return key.slice(key.lastIndexOf('.') + 1) || key;
}

/** Walks `data` for key/value rows and sub-tables, skipping the main rows and what the heading shows. */
function collectFields(
  node: Record<string, unknown>,
  prefix: string,
  mainRows: unknown,
  consumed: Shown,
  entries: Array<readonly [string, FlatCell]>,
  grids: Section[],
  depth: number,
): void {
  for (const k of Object.keys(node)) {
    if (consumed.has(node, k)) continue;
    const v = node[k];
    const path = prefix === '' ? k : `${prefix}.${k}`;
    if (Array.isArray(v)) {
      if (v === mainRows) continue;
      if (holdsRecords(v)) {
        const records = v.map(flattenRecord);
        grids.push({ kind: 'grid', title: path, columns: columnsOf(records), records });
      } else {
        entries.push([path, arrayCell(v, depth + 1)]);
      }
    } else if (isPlainObject(v)) {
      if (Object.keys(v).length === 0 || depth >= MAX_DEPTH) entries.push([path, stringifyWithin(v, depth + 1)]);
      else collectFields(v, path, mainRows, consumed, entries, grids, depth + 1);
    } else {
      entries.push([path, v === undefined ? null : (v as FlatCell)]);
    }
  }
}

/**
 * A heading part, sanitised: text that shows as something, or a number. Anything else
 * (including text that is nothing but escape sequences) counts as absent, so the field
 * stays in the key/value rows instead of vanishing into an empty heading part.
 */
function headingText(v: unknown): string | null {
  if (isJsonNumber(v)) return String(v);
  if (typeof v !== 'string') return null;
  const text = sanitizeForTerminal(v);
  return text === '' ? null : text;
}

/** `Acme · US-en · United States (English) · 2025-01-01 – 2025-01-07 (7 days)`, or null when nothing is known. */
function buildHeading(meta: unknown, data: unknown, consumed: Shown): Model['heading'] {
  const parts: string[] = [];
  let marketIndex = -1;
  let marketCode: string | null = null;
  let periodIndex = -1;
  let periodShort: string | null = null;
  const brand = isPlainObject(meta) ? meta.brand : undefined;
  if (isPlainObject(brand)) {
    const name = headingText(brand.name);
    const id = headingText(brand.id);
    if (name !== null) parts.push(name);
    else if (id !== null) parts.push(`brand ${id}`);
  }
  const market = isPlainObject(meta) ? meta.market : undefined;
  if (isPlainObject(market)) {
    const code = headingText(market.code);
    const label = headingText(market.label);
    const id = headingText(market.id);
    marketIndex = parts.length;
    marketCode = code;
    // A separator, not brackets: labels carry their own (`United States (English)`).
    if (code !== null && label !== null) parts.push(`${code} · ${label}`);
    else if (code !== null) parts.push(code);
    else if (label !== null) parts.push(label);
    else if (id !== null) parts.push(`market ${id}`);
  }
  const period = !isPlainObject(data) ? undefined : isPlainObject(data.period) ? data.period : data.window;
  if (isPlainObject(period)) {
    const from = headingText(period.from);
    const to = headingText(period.to);
    const days = headingText(period.days);
    const span = days === null ? '' : days === '1' ? '1 day' : `${days} days`;
    let text: string | null = null;
    if (from !== null && to !== null) text = `${from} – ${to}${span ? ` (${span})` : ''}`;
    else if (from !== null) text = `from ${from}${span ? ` (${span})` : ''}`;
    else if (to !== null) text = `to ${to}${span ? ` (${span})` : ''}`;
    else if (span) text = `last ${span}`;
    if (text !== null) {
      periodIndex = parts.length;
      if (span && (from !== null || to !== null)) periodShort = from !== null && to !== null ? `${from} – ${to}` : from !== null ? `from ${from}` : `to ${to}`;
      parts.push(text);
      if (from !== null) consumed.key(period, 'from');
      if (to !== null) consumed.key(period, 'to');
      if (days !== null) consumed.key(period, 'days');
    }
  }
  if (parts.length === 0) return null;
  const full = parts.join(' · ');
  const short = [...parts];
  if (marketCode !== null) short[marketIndex] = marketCode;
  const shortest = [...short];
  if (periodShort !== null) shortest[periodIndex] = periodShort;
  return { full, compact: short.join(' · '), parts: shortest, fullParts: parts };
}

// ---------------------------------------------------------------------------------------
// Piped layout

/** A cell's text for the piped layout: as csv writes it, made safe for a terminal. */
function plain(cell: FlatCell | undefined): string {
  return sanitizeForTerminal(cellText(cell));
}

function layoutPlain(sections: readonly Section[]): string[] {
  const lines: string[] = [];
  for (const section of sections) {
    if (lines.length > 0) lines.push('');
    if (section.kind === 'text') {
      lines.push(plain(section.text));
    } else if (section.kind === 'fields') {
      for (const [key, value] of section.entries) lines.push(`${plain(key)}\t${plain(value)}`);
    } else {
      if (section.title !== null) lines.push(`# ${plain(section.title)}`);
      lines.push(section.columns.map((c) => plain(c)).join('\t'));
      for (const rec of section.records) lines.push(section.columns.map((c) => plain(rec.get(c))).join('\t'));
    }
  }
  return lines;
}

const joinLines = (lines: readonly string[]): string => (lines.length === 0 ? '' : `${lines.join('\n')}\n`);

type PlainOptions = Omit<TableOptions, 'width' | 'color' | 'tty' | 'wide'>;

/** The piped layout: the main collection for stdout, everything else for stderr (module comment). */
export function renderPlainTable(envelope: unknown, opts: PlainOptions): PlainTable {
  const { main, rest } = plainSections(envelope, opts);
  return { rows: joinLines(layoutPlain(main)), rest: joinLines(layoutPlain(rest)) };
}

/** What the piped layout shows: `main`, the rows (or the figures), and `rest`, everything else. */
function plainSections(envelope: unknown, opts: PlainOptions): { main: Section[]; rest: Section[] } {
  const hasEnvelope = isPlainObject(envelope) && Object.hasOwn(envelope, 'data');
  const data = hasEnvelope ? envelope.data : envelope;
  const collection = opts.spec?.collection;
  const oneRecord = opts.spec !== undefined && collection === undefined;
  if (showsFigures(data, { oneRecord, rows: opts.rows, columns: opts.columns })) {
    const figures = [...flattenFigures(data)].map(
      ([k, v]) =>
        new Map<string, FlatCell>([
          [FIGURE_COLUMNS[0], k],
          [FIGURE_COLUMNS[1], v],
        ]),
    );
    return { main: [{ kind: 'grid', title: null, columns: FIGURE_COLUMNS, records: figures }], rest: [] };
  }
  const period = hasPeriod(opts.spec);
  const { rows, key } = selectRows(data, { collection, oneRecord, rows: opts.rows });
  const records = rows.map((row) => flattenRow(row, data, period));
  const available = rowColumns(rows, key, data, { collection, rows: opts.rows, knownColumns: opts.knownColumns, period });
  const columns = chooseColumns(available, opts.columns, records.length);
  const main: Section[] = columns.length === 0 ? [] : [{ kind: 'grid', title: null, columns, records }];

  const rest: Section[] = [];
  if (data === null || data === undefined || (records.length > 0 && columns.length === 0)) {
    rest.push({ kind: 'text', text: 'No data.' });
  } else if (records.length === 0) {
    rest.push({ kind: 'text', text: `No ${nounFor(key, opts.spec, Array.isArray(data))} match.` });
  }
  // The rows came from an array inside `data`: the rest of `data` is shown too.
  if (key !== null && isPlainObject(data)) {
    const entries: Array<readonly [string, FlatCell]> = [];
    const grids: Section[] = [];
    collectFields(data, '', rows, new Shown(), entries, grids, 0);
    if (entries.length > 0) rest.push({ kind: 'fields', entries });
    rest.push(...grids);
  }
  return { main, rest };
}

// ---------------------------------------------------------------------------------------
// TTY layout: every section's text is made safe and measured once (prepareSection), then
// laid out on those widths; only text that is shortened or wrapped is measured again.

interface Tty extends Room {
  chalk: ChalkInstance;
}

/** A section ready to lay out; a cell is null for a JSON null (drawn as a dim `–`), EMPTY for a field its record lacks. */
type TtySection =
  | { kind: 'grid'; title: Measured | null; headers: readonly Measured[]; rows: ReadonlyArray<ReadonlyArray<Measured | null>>; numeric: readonly boolean[] }
  | { kind: 'fields'; entries: ReadonlyArray<readonly [Measured, Measured | null]> }
  | { kind: 'text'; text: Measured };

const EMPTY: Measured = { text: '', width: 0 };
const NULL_CELL: Measured = { text: NULL_MARK, width: 1 };

function effectiveWidth(width: number): number {
  if (!Number.isFinite(width) || width <= 0) return DEFAULT_WIDTH;
  return Math.max(MIN_WIDTH, Math.floor(width));
}

function ttyOf(opts: Pick<TableOptions, 'width' | 'wide' | 'color'>): Tty {
  return { width: effectiveWidth(opts.width), wide: opts.wide, chalk: new Chalk({ level: opts.color ? 1 : 0 }) };
}

function layoutTty(model: Model, tty: Tty): string[] {
  const sections = model.sections.map((section) => prepareSection(section, tty));
  const heading = model.heading === null ? [] : headingLines(model.heading, tty).map((l) => tty.chalk.dim(l));
  return [...heading, ...sectionLines(sections, tty, model.heading !== null)];
}

/** A cell's text (cellText) sanitised and measured (see measured). */
function shownText(cell: FlatCell | undefined, tty: Tty): Measured {
  return measured(sanitizeForTerminal(cellText(cell)), tty);
}

/** The section's text sanitised and measured, and which of a grid's columns align as numbers. */
function prepareSection(section: Section, tty: Tty): TtySection {
  if (section.kind === 'text') return { kind: 'text', text: shownText(section.text, tty) };
  if (section.kind === 'fields')
    return { kind: 'fields', entries: section.entries.map(([k, v]) => [shownText(k, tty), v === null ? null : shownText(v, tty)] as const) };
  const { columns, records } = section;
  const rows = records.map((r) => columns.map((c) => (!r.has(c) ? EMPTY : r.get(c) === null ? null : shownText(r.get(c), tty))));
  // Judged on the text as shown: control text the terminal never sees (an empty OSC) leaves
  // a cell that looks empty, and it must not stop a column of numbers aligning as one.
  const numeric = columns.map((c, j) => {
    let any = false;
    for (let i = 0; i < records.length; i++) {
      const v = records[i]?.get(c);
      const shown = rows[i]?.[j]?.text ?? '';
      if (v === null || v === undefined || shown === '') continue;
      if (!isNumericCell(v, shown)) return false;
      any = true;
    }
    return any;
  });
  const title = section.title === null ? null : shownText(section.title, tty);
  return { kind: 'grid', title, headers: columns.map((c) => shownText(c, tty)), rows, numeric };
}

/** Sections one blank line apart (and apart from what comes before them, if anything). */
function sectionLines(sections: readonly TtySection[], tty: Tty, after: boolean): string[] {
  const lines: string[] = [];
  for (const section of sections) {
    if (after || lines.length > 0) lines.push('');
    if (section.kind === 'text') {
      lines.push(...fitLines(section.text, tty));
    } else if (section.kind === 'fields') {
      lines.push(...keyValueLines(section.entries, tty, (l) => tty.chalk.dim(l)));
    } else {
      if (section.title !== null) lines.push(...fitLines(section.title, tty).map((l) => tty.chalk.bold(l)));
      lines.push(...gridLines(section, tty));
    }
  }
  return lines;
}

/** A JSON number, or text that shows as a decimal number once made safe for the terminal. */
function isNumericCell(cell: FlatCell | undefined, shown: string): boolean {
  return isJsonNumber(cell) || (typeof cell === 'string' && DECIMAL_NUMBER.test(shown));
}

/**
 * A grid's lines: columns two spaces apart under a header and a rule, text wrapped at
 * spaces in its column rather than cut while the row has room (docs/output.md, "The
 * generic table"). In order: the cells on one line and the headers over more lines at
 * spaces; then text cells over more lines too, each column as wide as its longest word;
 * then, when even that does not fit, one key/value block per record, where a word gets the
 * whole line (and only a word wider than that is cut, never with `wide`).
 */
function gridLines(grid: Extract<TtySection, { kind: 'grid' }>, tty: Tty): string[] {
  const { chalk } = tty;
  const { headers, rows, numeric } = grid;
  const cap = tty.wide ? Infinity : tty.width;
  const limit = tty.wide ? Infinity : tty.width + 1;
  const cellWidths = headers.map((_, j) => {
    let w = 0;
    for (const row of rows) w = Math.max(w, (row[j] ?? NULL_CELL).width);
    return w;
  });
  const natural = headers.map((h, j) => Math.min(cap, Math.max(h.width, cellWidths[j] ?? 0)));
  const headerWords = headers.map((h) => widestWord(h.text, limit));
  const cellWords = headers.map((_, j) => {
    let w = 0;
    for (const row of rows) w = Math.max(w, widestWord((row[j] ?? NULL_CELL).text, limit));
    return w;
  });
  const available = tty.width - COLUMN_GAP.length * (headers.length - 1);
  const fit = (minimum: readonly number[]) => (minimum.some((m) => m > available) ? null : fitWidths(natural, minimum, available));
  // Cells on one line, headers over more; then text over more lines too (numbers stay whole).
  const oneLine = headers.map((_, j) => Math.max(cellWidths[j] ?? 0, headerWords[j] ?? 0));
  const wordWide = headers.map((_, j) => (numeric[j] ? (oneLine[j] ?? 0) : Math.max(cellWords[j] ?? 0, headerWords[j] ?? 0)));
  const fitted = fit(oneLine) ?? fit(wordWide);
  if (fitted === null) return recordLines(headers, rows, tty, (l) => chalk.dim(l));
  const widths = fitted;
  // Every word fits its column: text wraps at spaces, and nothing is cut.
  const lines = (t: Measured, j: number): Measured[] => {
    const w = widths[j] ?? 0;
    const texts = t.width <= w ? [t.text] : wrapWords(t.text, w);
    return texts.map((l) => ({ text: l, width: displayWidth(l) }));
  };
  const line = (texts: ReadonlyArray<Measured | null>, style: (s: string) => string, align: 'top' | 'bottom'): string[] => {
    const blocks = texts.map((t, j) => (t === null ? [NULL_CELL] : lines(t, j)));
    return sideBySide(
      blocks,
      (piece, j) => {
        const w = widths[j] ?? 0;
        const t = piece ?? EMPTY;
        const text = numeric[j] ? padded(t, w, 'right') : j === texts.length - 1 ? t.text : padded(t, w);
        return texts[j] === null ? chalk.dim(text) : style(text);
      },
      align,
    );
  };
  const out = [...line(headers, (s) => chalk.bold(s), 'bottom'), chalk.dim(widths.map((w) => '─'.repeat(w)).join(COLUMN_GAP))];
  for (const row of rows) out.push(...line(row, (s) => s, 'top'));
  return out;
}
