/**
 * `--format csv`: RFC 4180 with a header row, CRLF after every row (the last one too),
 * quotes doubled, one row per record of the main collection (flatten.ts chooses and
 * flattens the rows). Same input, same bytes. The rules beyond RFC 4180 (the formula
 * guard, quoting `;`, known, leading and period columns, figures, empty output) are in
 * docs/output.md, "CSV". It must never write a text cell a spreadsheet would run as a
 * formula, and never write API text unsanitised to a terminal.
 */
import {
  cellText,
  FIGURE_COLUMNS,
  flattenFigures,
  flattenRow,
  periodCells,
  PERIOD_COLUMNS,
  rowColumns,
  selectRows,
  showsFigures,
  type FlatCell,
} from './flatten.js';
import { sanitizeForTerminal } from '../text/sanitize.js';

export interface CsvOptions {
  collection?: string | undefined;
  /** The endpoint's data is one record (no `collection`): its figures as `key,value` rows. */
  oneRecord?: boolean | undefined;
  /** The endpoint has a period: the period columns close every row (flatten.ts flattenRow). */
  period?: boolean | undefined;
  /** The main collection's row columns its schema knows (schemas/columns.ts). */
  knownColumns?: readonly string[] | undefined;
  rows?: string | undefined;
  columns?: readonly string[] | undefined;
  /** The csv is printed on a terminal: fields are sanitised for it (see the module comment). */
  terminal?: boolean | undefined;
  /** Columns of one value written first on every row, as [name, value] (see the module comment). */
  leading?: ReadonlyArray<readonly [string, FlatCell]> | undefined;
  /** Figures' rows end with the period columns (see the module comment). */
  figurePeriod?: boolean | undefined;
}

/** `--columns` named a column the data does not have. */
export class ColumnsError extends Error {
  constructor(
    readonly unknown: readonly string[],
    readonly available: readonly string[],
  ) {
    super(
      unknown.length === 0
        ? '--columns: no column names given'
        : `--columns: unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((c) => `"${c}"`).join(', ')}; ` +
            `available: ${available.length > 0 ? available.join(', ') : '(none)'}`,
    );
    this.name = 'ColumnsError';
  }
}

/**
 * The columns to write: all of them in first-seen order, or `requested` in its order
 * after checking each name exists. Shared with the table renderer.
 */
export function chooseColumns(available: readonly string[], requested: readonly string[] | undefined, rowCount: number): string[] {
  if (requested === undefined) return [...available];
  if (requested.length === 0) throw new ColumnsError([], available);
  if (rowCount === 0) return [...requested];
  const known = new Set(available);
  const unknown = requested.filter((c) => !known.has(c));
  if (unknown.length > 0) throw new ColumnsError(unknown, available);
  return [...requested];
}

// `\s` is every Unicode whitespace character (NBSP, U+3000, U+FEFF, ...), TAB, CR and LF included.
const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@\uff1d\uff0b\uff0d\uff20])/;
const DECIMAL_NUMBER = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
const NEEDS_QUOTES = /[",;\r\n]/;

/** The formula guard for one text cell (see the module comment). */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) && !DECIMAL_NUMBER.test(text) ? `'${text}` : text;
}

/** One field, sanitised for a terminal and guarded when it is text, quoted when it holds a separator. */
function csvField(cell: FlatCell | undefined, terminal: boolean): string {
  const text = cellText(cell);
  const shown = typeof cell === 'string' ? guardFormula(terminal ? sanitizeForTerminal(text) : text) : text;
  return NEEDS_QUOTES.test(shown) ? `"${shown.replace(/"/g, '""')}"` : shown;
}

function csvLine(fields: readonly string[]): string {
  if (fields.length === 1 && fields[0] === '') return '""\r\n';
  return `${fields.join(',')}\r\n`;
}

/**
 * The csv as chunks: the header line, then one chunk per row, each ending in CRLF, so the
 * caller can stream a big collection. Rows and columns are checked before this returns
 * (RowsKeyError, ColumnsError are thrown here, not halfway through the iteration); rows
 * are flattened once to find the columns and again as they are written, so the flattened
 * copy of a big collection is never held in memory at once.
 */
export function renderCsvChunks(data: unknown, opts: CsvOptions = {}): Iterable<string> {
  const terminal = opts.terminal === true;
  const leading = opts.leading ?? [];
  if (showsFigures(data, opts)) {
    const period = opts.figurePeriod === true ? periodCells(data) : undefined;
    return figureLines(data, leading, period, terminal);
  }
  const { rows, key } = selectRows(data, opts);
  const available = rowColumns(rows, key, data, opts);
  const columns = chooseColumns(available, opts.columns, rows.length);
  return csvLines(rows, columns, leading, (row) => flattenRow(row, data, opts.period === true), terminal);
}

/**
 * The header names of `columns` written after `leading`: a column named like a leading one
 * becomes `name (2)`, or the next number no other column has.
 */
export function namesAfter(leading: readonly string[], columns: readonly string[]): string[] {
  const taken = new Set([...leading, ...columns]);
  return columns.map((c) => {
    if (!leading.includes(c)) return c;
    let n = 2;
    while (taken.has(`${c} (${n})`)) n++;
    const name = `${c} (${n})`;
    taken.add(name);
    return name;
  });
}

function headerLine(leading: ReadonlyArray<readonly [string, FlatCell]>, columns: readonly string[], terminal: boolean): string {
  const names = leading.map(([name]) => name);
  return csvLine([...names, ...namesAfter(names, columns)].map((c) => csvField(c, terminal)));
}

function* csvLines(
  rows: readonly unknown[],
  columns: readonly string[],
  leading: ReadonlyArray<readonly [string, FlatCell]>,
  flatten: (row: unknown) => Map<string, FlatCell>,
  terminal: boolean,
): Generator<string> {
  if (columns.length === 0) return;
  yield headerLine(leading, columns, terminal);
  const first = leading.map(([, value]) => csvField(value, terminal));
  for (const row of rows) {
    const rec = flatten(row);
    yield csvLine([...first, ...columns.map((c) => csvField(rec.get(c), terminal))]);
  }
}

/** A one-record answer as `key,value` rows, one per figure (flatten.ts flattenFigures). */
function* figureLines(
  data: Record<string, unknown>,
  leading: ReadonlyArray<readonly [string, FlatCell]>,
  period: readonly FlatCell[] | undefined,
  terminal: boolean,
): Generator<string> {
  yield headerLine(leading, [...FIGURE_COLUMNS, ...(period ? PERIOD_COLUMNS : [])], terminal);
  const first = leading.map(([, value]) => csvField(value, terminal));
  const last = (period ?? []).map((cell) => csvField(cell, terminal));
  for (const [key, value] of flattenFigures(data)) yield csvLine([...first, csvField(key, terminal), csvField(value, terminal), ...last]);
}

/** The whole csv as one string (see renderCsvChunks). */
export function renderCsv(data: unknown, opts: CsvOptions = {}): string {
  return [...renderCsvChunks(data, opts)].join('');
}
