/**
 * The output of a data command asked for several brands and markets: one document for
 * all of them, in output order (brands as listed, then their markets).
 *
 * - JSON is vis's own document, the one place it is not the envelope as received:
 *   `{"data": {"results": [{"brand", "market", "data", "meta", "error"}]}, "meta": {...}}`.
 *   Each `data` and `meta` is the answer's own text, spliced in, so every number and key
 *   stays exactly as the API wrote it (json.ts renders the whole token by token).
 * - CSV and the piped table: the endpoint's usual rows, as one brand's would be (the same
 *   flattening, period columns included), with `brand` and `market` first on every row
 *   and one header. A scope that failed has no rows.
 * - The terminal table: the same rows in one table; `brand` and `market` only where
 *   they vary.
 */
import type { ScopeResult } from '../domain/scope.js';
import { renderCsvChunks } from './csv.js';
import { flattenFigures, flattenRow, rowColumns, selectRows, showsFigures, FIGURE_COLUMNS, type FlatCell } from './flatten.js';
import { renderJson } from './json.js';
import type { TableSpec } from './table.js';

export const SCOPE_COLUMNS = ['brand', 'market'] as const;

/** How one scope's rows are chosen, as for a single answer of the endpoint. */
export interface CombinedRowOptions {
  collection?: string | undefined;
  /** The endpoint's data is one record: its figures as `key`, `value` rows. */
  oneRecord?: boolean | undefined;
  period?: boolean | undefined;
  /** Known columns of the endpoint's collection, per answer (schemas/columns.ts). */
  knownColumns?: ((data: unknown) => readonly string[] | undefined) | undefined;
  rows?: string | undefined;
  columns?: readonly string[] | undefined;
}

export interface CombinedRows {
  /** Every column, `brand` and `market` first, then the rows' in first-seen order. */
  columns: string[];
  /** One flat record per row: column -> cell. */
  records: Array<Map<string, FlatCell>>;
}

/** The market as a cell: its code; empty for data without a market. */
function marketCell(r: ScopeResult): string {
  return r.market?.code ?? '';
}

/** A row's own `brand` or `market` field, beside the scope's columns of those names. */
function ownName(column: string): string {
  return (SCOPE_COLUMNS as readonly string[]).includes(column) ? `${column} (2)` : column;
}

/** The rows of every scope that answered, `brand` and `market` first. */
export function combinedRows(results: readonly ScopeResult[], opts: CombinedRowOptions): CombinedRows {
  const seen = new Set<string>(SCOPE_COLUMNS);
  const columns: string[] = [...SCOPE_COLUMNS];
  const records: Array<Map<string, FlatCell>> = [];
  const add = (cols: Iterable<string>) => {
    for (const c of [...cols].map(ownName)) {
      if (seen.has(c)) continue;
      seen.add(c);
      columns.push(c);
    }
  };
  for (const r of results) {
    if (r.error || !r.envelope) continue;
    const data = r.envelope.data;
    const scope = (): Map<string, FlatCell> =>
      new Map<string, FlatCell>([
        ['brand', r.brand.name],
        ['market', marketCell(r)],
      ]);
    if (showsFigures(data, { oneRecord: opts.oneRecord, rows: opts.rows, columns: opts.columns })) {
      add(FIGURE_COLUMNS);
      for (const [key, value] of flattenFigures(data)) {
        const rec = scope();
        rec.set(FIGURE_COLUMNS[0], key);
        rec.set(FIGURE_COLUMNS[1], value);
        records.push(rec);
      }
      continue;
    }
    const { rows, key } = selectRows(data, { collection: opts.collection, oneRecord: opts.oneRecord, rows: opts.rows });
    add(rowColumns(rows, key, data, { collection: opts.collection, rows: opts.rows, knownColumns: opts.knownColumns?.(data), period: opts.period }));
    for (const row of rows) {
      const rec = scope();
      for (const [k, v] of flattenRow(row, data, opts.period === true)) rec.set(ownName(k), v);
      records.push(rec);
    }
  }
  return { columns, records };
}

/**
 * The rows as an array of flat objects, each holding its cells under the column names,
 * for the csv and table renderers (flattening a flat record gives it back unchanged).
 */
function asData(rows: CombinedRows): Array<Record<string, FlatCell>> {
  return rows.records.map((rec) => Object.fromEntries(rows.columns.map((c) => [c, rec.get(c) ?? null])));
}

/** `--columns` as asked, else every column (chosen by the csv and table renderers, which check the names). */
function columnsOf(rows: CombinedRows, requested: readonly string[] | undefined): readonly string[] {
  return requested ?? rows.columns;
}

export function renderCombinedCsv(results: readonly ScopeResult[], opts: CombinedRowOptions & { terminal?: boolean }): Iterable<string> {
  const rows = combinedRows(results, opts);
  return renderCsvChunks(asData(rows), { columns: columnsOf(rows, opts.columns), terminal: opts.terminal });
}

/** The piped table: rows only, tab-separated, one header. */
export async function renderCombinedPlain(results: readonly ScopeResult[], opts: CombinedRowOptions): Promise<string> {
  const rows = combinedRows(results, opts);
  // The table renderer is bundled apart: json and csv runs never load it.
  const { renderPlainTable } = await import('./table.js');
  return renderPlainTable({ data: asData(rows) }, { columns: columnsOf(rows, opts.columns) }).rows;
}

/** The terminal table: one table, `brand` and `market` shown only when they vary. */
export async function renderCombinedTable(
  results: readonly ScopeResult[],
  opts: CombinedRowOptions & { width: number; color: boolean; wide: boolean; spec?: TableSpec },
): Promise<string> {
  const table = await import('./table.js');
  if (opts.spec !== undefined) {
    const drawn = table.renderScopes(results, {
      spec: opts.spec,
      tty: true,
      width: opts.width,
      color: opts.color,
      wide: opts.wide,
      columns: opts.columns,
      rows: opts.rows,
    });
    if (drawn !== null) return drawn;
  }
  const rows = combinedRows(results, opts);
  const varies = (c: string) => new Set(rows.records.map((r) => r.get(c))).size > 1;
  const shown = opts.columns ?? rows.columns.filter((c) => !(SCOPE_COLUMNS as readonly string[]).includes(c) || varies(c));
  if (rows.records.length === 0) return '';
  return table.renderGenericTable({ data: asData(rows) }, { tty: true, width: opts.width, color: opts.color, wide: opts.wide, columns: shown });
}

/**
 * The members of the top-level object of a JSON text, each as its own text (the last one
 * of a name, as JSON.parse keeps it). The text has been parsed already (the client checks
 * every answer), so only its structure is followed here.
 */
export function topLevelMembers(raw: string): Map<string, string> {
  const members = new Map<string, string>();
  let i = skip(raw, 0);
  if (raw[i] !== '{') return members;
  i = skip(raw, i + 1);
  while (i < raw.length && raw[i] !== '}') {
    const keyEnd = stringEnd(raw, i);
    const key = JSON.parse(raw.slice(i, keyEnd)) as string;
    i = skip(raw, skip(raw, keyEnd) + 1);
    const start = i;
    i = valueEnd(raw, i);
    members.set(key, raw.slice(start, i));
    i = skip(raw, i);
    if (raw[i] === ',') i = skip(raw, i + 1);
  }
  return members;
}

function skip(raw: string, i: number): number {
  while (i < raw.length && ' \t\r\n'.includes(raw[i]!)) i++;
  return i;
}

/** The index after the string starting at `i` (its opening quote). */
function stringEnd(raw: string, i: number): number {
  for (let j = i + 1; j < raw.length; j++) {
    if (raw[j] === '\\') j++;
    else if (raw[j] === '"') return j + 1;
  }
  return raw.length;
}

/** The index after the value starting at `i`. */
function valueEnd(raw: string, i: number): number {
  if (raw[i] === '"') return stringEnd(raw, i);
  if (raw[i] === '{' || raw[i] === '[') {
    let depth = 0;
    for (let j = i; j < raw.length; j++) {
      const c = raw[j];
      if (c === '"') j = stringEnd(raw, j) - 1;
      else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return raw.length;
  }
  let j = i;
  while (j < raw.length && !',}] \t\r\n'.includes(raw[j]!)) j++;
  return j;
}

export interface CombinedMeta {
  api_version: string | null;
  /** The brands and markets asked for, and the list options that applied (src/output/filter.ts AppliedFilters). */
  filters: { brands: string[] | 'all' | null; markets: string[] | 'all' | null; [option: string]: unknown };
}

/** The API version the answers name (`meta.api_version` of the first that says), else null. */
export function apiVersionOf(results: readonly ScopeResult[]): string | null {
  for (const r of results) {
    const v = r.envelope?.meta?.api_version;
    if (typeof v === 'string') return v;
  }
  return null;
}

/** The combined JSON document (module comment), pretty-printed like every JSON vis writes. */
export function renderCombinedJson(results: readonly ScopeResult[], meta: CombinedMeta): string {
  const parts = results.map((r) => {
    const members = r.raw === null ? new Map<string, string>() : topLevelMembers(r.raw);
    const head = `"brand":${JSON.stringify({ id: r.brand.id, name: r.brand.name })},"market":${JSON.stringify(r.market === null ? null : { code: r.market.code, label: r.market.label })}`;
    const error = r.error === null ? 'null' : JSON.stringify({ code: r.error.code, message: r.error.message });
    return `{${head},"data":${members.get('data') ?? 'null'},"meta":${members.get('meta') ?? 'null'},"error":${error}}`;
  });
  const doc = `{"data":{"results":[${parts.join(',')}]},"meta":${JSON.stringify(meta)}}`;
  return renderJson(doc);
}
