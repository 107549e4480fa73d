/**
 * Turning a response's `data` into rows of flat cells, shared by the csv and table
 * renderers so both show the same values under the same column names.
 *
 * Choosing the rows (`selectRows`), in this order:
 * 1. `--rows <key>`: a key inside `data` naming an array (its records are the rows) or an
 *    object (it is the one row); `--rows .` makes all of `data` the one row. The key is
 *    first looked up as it is (so a key that itself contains a dot still works), then as
 *    a dotted path through nested objects (`overview.topics`). Paths do not step into
 *    arrays. Anything else is a RowsKeyError listing the array keys that do exist.
 * 2. The endpoint's main collection, `data[collection]`, when it is an array.
 *    An endpoint whose data is one record (`oneRecord`: usage, overview, a single item)
 *    stops here: its `data` object is the one row, whatever arrays it holds, so an array
 *    the API adds one day never replaces the record's own fields.
 * 3. `data` itself, when it is an array.
 * 4. The only array-valued key of `data`, when there is exactly one. Only top-level keys
 *    count: searching deeper would make the choice depend on far-away fields and change
 *    when the server adds one; `--rows` reaches nested arrays explicitly.
 * 5. Otherwise `data` as a single row (key null); null or absent `data` gives no rows.
 *
 * Flattening one record (`flattenRecord`):
 * - nested objects become dotted columns (`period.from`); an empty object is the cell `{}`
 *   so that its key does not vanish;
 * - an array whose items are all scalars becomes its items joined with `; ` (null items
 *   as empty text; an empty array is an empty cell); an array holding any object or
 *   array becomes its compact JSON text;
 * - a row that is not an object (a string, a number, an array) is one column, `value`;
 * - below MAX_DEPTH levels, objects are kept as JSON text instead of more dotted columns;
 * - a JSON text cell that would take a record past MAX_NESTING levels is a NestingError
 *   (see nesting.ts): the walk is bounded, and so is what JSON.stringify is given;
 * - if two paths flatten to the same name (`{"a.b": 1, "a": {"b": 2}}`), the later one is
 *   suffixed ` (2)`, ` (3)`, ... rather than overwriting the first.
 */

import { stringifyWithin } from '../text/nesting.js';
import { isRawNumber, type RawNumber } from '../text/raw-number.js';

/**
 * A flattened cell keeps its JSON type so renderers can tell numbers from text; a number
 * JS would print differently from the server's lexeme is a RawNumber (raw-number.ts).
 */
export type FlatCell = string | number | RawNumber | boolean | null;
export type FlatRecord = Map<string, FlatCell>;

const MAX_DEPTH = 32;

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !isRawNumber(v);
}

function isScalar(v: unknown): v is FlatCell {
  return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || isRawNumber(v);
}

/** True when an array is shown as rows of its own (or a JSON cell), not as joined text. */
export function holdsRecords(arr: readonly unknown[]): boolean {
  return arr.some((item) => Array.isArray(item) || isPlainObject(item));
}

/**
 * The text of a cell as csv writes it: null empty, booleans `true`/`false`, numbers as
 * JS prints them, which is as the server sent them (a RawNumber prints its lexeme).
 */
export function cellText(cell: FlatCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  return typeof cell === 'string' ? cell : String(cell);
}

/**
 * An array as one cell: scalars joined with `; `, anything holding objects as JSON text.
 * `above`: how many objects and arrays the array sits in (for the nesting limit).
 */
export function arrayCell(arr: readonly unknown[], above = 0): string {
  if (holdsRecords(arr)) return stringifyWithin(arr, above);
  return arr.map((item) => (item === null || item === undefined ? '' : String(item))).join('; ');
}

function put(out: FlatRecord, key: string, value: FlatCell): void {
  if (!out.has(key)) {
    out.set(key, value);
    return;
  }
  let n = 2;
  while (out.has(`${key} (${n})`)) n++;
  out.set(`${key} (${n})`, value);
}

/**
 * Flattens `value` into `out` under `prefix`: a non-empty object above MAX_DEPTH becomes
 * dotted keys, and with `byRecord` (figures) so does an array of records, one key per
 * record (recordKeyField); anything else is one cell (leafCell).
 */
function flattenInto(out: FlatRecord, prefix: string, value: unknown, depth: number, byRecord: boolean): void {
  if (depth < MAX_DEPTH && isPlainObject(value) && Object.keys(value).length > 0) {
    for (const k of Object.keys(value)) flattenInto(out, `${prefix}.${k}`, value[k], depth + 1, byRecord);
  } else if (byRecord && depth < MAX_DEPTH && Array.isArray(value) && holdsRecords(value)) {
    const field = recordKeyField(value);
    value.forEach((item, i) => {
      const name = field === null ? String(i) : String((item as Record<string, unknown>)[field]);
      flattenInto(out, `${prefix}.${name}`, item, depth + 1, byRecord);
    });
  } else {
    put(out, prefix, leafCell(value, depth));
  }
}

/** A value that is not walked further, as one cell: an array as arrayCell, an object as JSON text. */
function leafCell(value: unknown, depth: number): FlatCell {
  if (isScalar(value)) return value;
  if (Array.isArray(value)) return arrayCell(value, depth);
  if (isPlainObject(value)) return stringifyWithin(value, depth);
  // Not reachable from JSON.parse; `undefined` and friends show as an empty cell.
  return null;
}

/** One row as ordered column -> cell pairs (see the module comment for the rules). */
export function flattenRecord(rec: unknown): FlatRecord {
  const out: FlatRecord = new Map();
  if (!isPlainObject(rec)) {
    flattenInto(out, 'value', rec, 0, false);
    return out;
  }
  for (const k of Object.keys(rec)) flattenInto(out, k, rec[k], 1, false);
  return out;
}

/** Column names in first-seen order across all rows: same rows, same order. */
export function discoverColumns(rows: readonly unknown[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const k of flattenRecord(row).keys()) seen.add(k);
  return [...seen];
}

/**
 * The columns in the order to write them: the `known` ones (from the endpoint's schema)
 * that the rows have, in the schema's order, then every other column the rows have, in
 * first-seen order; none is ever dropped. With no rows, the known columns are the header.
 * A column that is a known object left null in some row (`ref` beside `ref.kind`) goes
 * just before that object's fields rather than at the end.
 */
export function orderColumns(discovered: readonly string[], known: readonly string[] | undefined, rowCount: number): string[] {
  if (known === undefined || known.length === 0) return [...discovered];
  if (rowCount === 0) return [...known];
  const present = new Set(discovered);
  const knownSet = new Set(known);
  const placed = new Set<string>();
  for (const k of known) {
    // A null object's own column, `ref`, before the first of its known fields, `ref.kind`.
    for (let dot = k.indexOf('.'); dot > 0; dot = k.indexOf('.', dot + 1)) {
      const parent = k.slice(0, dot);
      if (present.has(parent) && !knownSet.has(parent)) placed.add(parent);
    }
    if (present.has(k)) placed.add(k);
  }
  return [...placed, ...discovered.filter((c) => !placed.has(c))];
}

/**
 * The columns of rows chosen by selectRows, in the order to write them (orderColumns):
 * the endpoint's `knownColumns` count when the rows are its main collection, or `data`
 * itself as an array, and never for rows picked with `--rows`. Shared by csv and the
 * piped table, so both print the same header, also for an empty collection.
 */
export function rowColumns(
  rows: readonly unknown[],
  key: string | null,
  data: unknown,
  opts: RowSelection & { knownColumns?: readonly string[] | undefined },
): string[] {
  const isCollection = opts.rows === undefined && (key !== null ? key === opts.collection : Array.isArray(data));
  const known = isCollection ? opts.knownColumns : undefined;
  if (opts.period !== true) return orderColumns(discoverColumns(rows), known, rows.length);
  // The period columns go last, after columns only some rows have; the names the rows
  // themselves add (`period_from (2)` beside a row's own `period_from`) go with them.
  const own = new Set<string>();
  const added = new Set<string>();
  for (const row of rows) {
    const rec = flattenRow(row, data, true);
    const plain = row === data ? null : new Set(flattenRecord(row).keys());
    for (const k of rec.keys()) (plain === null || plain.has(k) ? own : added).add(k);
  }
  const columns = orderColumns([...own], known, rows.length);
  if (rows.length === 0) return columns.length === 0 ? [] : [...columns, ...PERIOD_COLUMNS];
  return [...columns, ...[...added].filter((c) => !own.has(c))];
}

/** `--rows` named something that is not an array inside `data`. */
export class RowsKeyError extends Error {
  constructor(
    readonly key: string,
    readonly available: readonly string[],
  ) {
    super(
      `--rows: "${key}" is not an array or object inside data; ` +
        (available.length > 0 ? `arrays available: ${available.join(', ')}` : 'data holds no arrays') +
        ` (or \`--rows ${WHOLE_DATA}\` for all of data as one row)`,
    );
    this.name = 'RowsKeyError';
  }
}

/** Dotted paths of every array reachable through objects inside `data`, in key order. */
export function arrayKeys(data: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown, prefix: string, depth: number): void => {
    if (!isPlainObject(value) || depth > MAX_DEPTH) return;
    for (const k of Object.keys(value)) {
      const v = value[k];
      const path = prefix === '' ? k : `${prefix}.${k}`;
      if (Array.isArray(v)) found.push(path);
      else walk(v, path, depth + 1);
    }
  };
  walk(data, '', 0);
  return found;
}

function resolveKey(data: unknown, key: string): unknown {
  if (!isPlainObject(data)) return undefined;
  if (Object.hasOwn(data, key)) return data[key];
  let node: unknown = data;
  for (const part of key.split('.')) {
    if (!isPlainObject(node) || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

export interface RowSelection {
  /** The endpoint's main collection key (`EndpointSpec.collection`). */
  collection?: string | undefined;
  /** `--rows` as the user gave it. */
  rows?: string | undefined;
  /** The endpoint's data is one record (it has no `collection`): one row, see rule 2. */
  oneRecord?: boolean | undefined;
  /** The endpoint has a period: every row gets the period columns (flattenRow). */
  period?: boolean | undefined;
}

/**
 * The rows of the main collection (see the module comment for the order of rules). `key`
 * is where they came from (`--rows` as given, or a top-level key of `data`); null when
 * the rows are `data` itself or the single-row fallback.
 */
/** `--rows .`: the whole of `data` is the one row. */
export const WHOLE_DATA = '.';

export function selectRows(data: unknown, opts: RowSelection): { rows: unknown[]; key: string | null } {
  if (opts.rows !== undefined) {
    // `.`: all of `data` as one row (an item with its arrays as cells: one line per task).
    if (opts.rows === WHOLE_DATA && isPlainObject(data)) return { rows: [data], key: null };
    const v = resolveKey(data, opts.rows);
    if (Array.isArray(v)) return { rows: v, key: opts.rows };
    // An object is one row of its own fields (`--rows task`: the task without its brief).
    if (isPlainObject(v)) return { rows: [v], key: opts.rows };
    throw new RowsKeyError(opts.rows, arrayKeys(data));
  }
  if (isPlainObject(data) && opts.collection !== undefined && Object.hasOwn(data, opts.collection)) {
    const v = data[opts.collection];
    if (Array.isArray(v)) return { rows: v, key: opts.collection };
  }
  if (opts.oneRecord === true && isPlainObject(data)) return { rows: [data], key: null };
  if (Array.isArray(data)) return { rows: data, key: null };
  if (isPlainObject(data)) {
    const arrays = Object.keys(data).filter((k) => Array.isArray(data[k]));
    if (arrays.length === 1) {
      const k = arrays[0] as string;
      return { rows: data[k] as unknown[], key: k };
    }
    return { rows: [data], key: null };
  }
  if (data === null || data === undefined) return { rows: [], key: null };
  return { rows: [data], key: null };
}

// ---------------------------------------------------------------------------------------
// The period columns

/**
 * `period_from`, `period_to`: the period an answer covers (`data.period.from`, `.to`), on
 * every row of csv and of the piped table for an endpoint with a period, so files written
 * day after day can be appended and loaded without the export's manifest. They come last,
 * after every column of the rows, so the columns a script counts on keep their positions.
 */
export const PERIOD_COLUMNS = ['period_from', 'period_to'] as const;

/**
 * The period's two cells. A period that is not an object, or lacks `from` or `to`, or holds
 * something other than a scalar there, gives empty cells: the columns are still written.
 */
export function periodCells(data: unknown): [FlatCell, FlatCell] {
  const period = isPlainObject(data) ? data.period : undefined;
  const cell = (k: string): FlatCell => {
    const v = isPlainObject(period) ? period[k] : undefined;
    return isScalar(v) ? v : null;
  };
  return [cell('from'), cell('to')];
}

/**
 * One row flattened, with the period columns when `period` is set. A row that is `data`
 * itself (a one-record answer) holds the period already: its `period.from` and `period.to`
 * are renamed in place rather than repeated.
 */
export function flattenRow(row: unknown, data: unknown, period: boolean): FlatRecord {
  const rec = flattenRecord(row);
  if (!period) return rec;
  const [from, to] = periodCells(data);
  if (row === data && isPlainObject(data) && isPlainObject(data.period)) {
    const renamed: FlatRecord = new Map();
    for (const [k, v] of rec) put(renamed, k === 'period.from' ? PERIOD_COLUMNS[0] : k === 'period.to' ? PERIOD_COLUMNS[1] : k, v);
    if (!renamed.has(PERIOD_COLUMNS[0])) put(renamed, PERIOD_COLUMNS[0], from);
    if (!renamed.has(PERIOD_COLUMNS[1])) put(renamed, PERIOD_COLUMNS[1], to);
    return renamed;
  }
  put(rec, PERIOD_COLUMNS[0], from);
  put(rec, PERIOD_COLUMNS[1], to);
  return rec;
}

// ---------------------------------------------------------------------------------------
// Figures: a one-record answer as key/value pairs

/** The fields that name a record of an array in a figure's key, in order of preference. */
const RECORD_KEY_FIELDS = ['date', 'id'] as const;

/**
 * The key field of an array of records: the first of RECORD_KEY_FIELDS that every item
 * holds as non-empty text or a number, with no two items alike; null when none does (the
 * items are then keyed by their index).
 */
function recordKeyField(arr: readonly unknown[]): string | null {
  for (const field of RECORD_KEY_FIELDS) {
    const seen = new Set<string>();
    const usable = arr.every((item) => {
      const v = isPlainObject(item) ? item[field] : undefined;
      if (!(typeof v === 'string' || typeof v === 'number' || isRawNumber(v))) return false;
      const text = String(v);
      if (text === '' || seen.has(text)) return false;
      seen.add(text);
      return true;
    });
    if (usable && arr.length > 0) return field;
  }
  return null;
}

/**
 * A one-record answer (a dashboard: overview, usage) as figures: one key per scalar,
 * nested objects as dotted keys (`visibility.score`), an array of records as one key per
 * record, named by its `date` or `id` when every record has a distinct one, else by its
 * index (`daily.2026-11-20.visibility`, `rivals.0.name`), an array of scalars joined as
 * for csv. `period.from` and `period.to` are `period_from` and `period_to`, the names
 * of the period columns. Nothing is dropped: a key met twice is suffixed as for columns.
 */
export function flattenFigures(data: Record<string, unknown>): FlatRecord {
  // The top-level keys, the period's own fields in place of `period`: [key, value, depth].
  const top = Object.keys(data).flatMap((k): Array<[string, unknown, number]> => {
    const v = data[k];
    if (k !== 'period' || !isPlainObject(v)) return [[k, v, 1]];
    return Object.keys(v).map((pk) => [pk === 'from' ? PERIOD_COLUMNS[0] : pk === 'to' ? PERIOD_COLUMNS[1] : `period.${pk}`, v[pk], 2]);
  });
  const out: FlatRecord = new Map();
  for (const [key, value, depth] of top) flattenInto(out, key, value, depth, true);
  return out;
}

/** The header of the figures' two columns. */
export const FIGURE_COLUMNS = ['key', 'value'] as const;

/**
 * True when an answer is shown as figures: the endpoint's data is one record (`oneRecord`),
 * it is an object, and neither --rows nor --columns asked for a particular table (with
 * them the record stays one row, as before).
 */
export function showsFigures(data: unknown, opts: RowSelection & { columns?: readonly string[] | undefined }): data is Record<string, unknown> {
  return opts.oneRecord === true && opts.rows === undefined && opts.columns === undefined && isPlainObject(data);
}
