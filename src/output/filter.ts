/**
 * Sorting and filtering a list view's rows: `--sort FIELD` (`-FIELD` descending), `--top
 * N`, `--engine`, `--state`, `--action`, applied to the main collection of one answer
 * before any renderer sees it, so csv, the piped table, the terminal views and json all
 * show the same rows. Pure: an answer in, an answer out.
 *
 * `applyListOptions(body, spec, options, known)` returns the body with its collection
 * replaced by the kept rows (every other key as received, numbers still as parsed, so a
 * body parsed with exact-json.ts prints its lexemes) and `filters`, what applied, for
 * `meta.filters` (`withFilters`). The input is never changed. `listAnswer` is the one
 * entry point, for the single answer of a command (terminal/render.ts) and for each
 * answer of a command read over several brands or markets alike: the body, the body json
 * writes, the note and the header columns at once. Around it: `parseListOptions` (the
 * flags, checked), `isKnownColumn` (a --sort column checked before the read),
 * `narrowKnownColumns` (an empty result's header) and `noMatchNote` (the terminal's note
 * when nothing matched).
 *
 * The rules, for shapes vis has never seen as much as for the sandbox's:
 * - Columns are the names csv gives them (flatten.ts): `visibility`, `engines.chatgpt.rate`.
 *   Numbers compare as numbers (JSON numbers only: `"12"` is text), text by an English
 *   collation, false before true; a missing or null value goes last in both directions,
 *   and rows that compare equal keep the API's order.
 * - `--engine`: a row with an `engine` field is kept when it names one of them; a row with
 *   an `engines` object (an engine → value map: the matrix views) keeps only those keys
 *   and is kept when one is left; a row with an `engines` list of names when it names one.
 * - `--state`: a row is kept when one of the named engines (every engine of the row
 *   without --engine) is in one of the states: an engine's value is its state, or holds
 *   it as `state`; a row with its own `engine` and `state` fields is read the same way.
 * - `--action`: the row's `action` is one of them.
 * - Engines, states and actions are the API's words: compared without regard to case,
 *   never refused. A row without the field a filter reads does not match it.
 */
import { UsageError } from '../errors.js';
import { flattenRow, isPlainObject, type FlatCell } from './flatten.js';
import { isJsonNumber } from '../text/raw-number.js';

/** The filters a command takes beyond sort and top (`listFilters` in src/endpoints.ts). */
export type ListFilter = 'engine' | 'state' | 'action';

export interface SortKey {
  field: string;
  descending: boolean;
}

/** What the user asked for, checked. */
export interface ListOptions {
  sort?: SortKey;
  top?: number;
  engine?: readonly string[];
  state?: readonly string[];
  action?: readonly string[];
}

/** What applied, as `meta.filters` shows it: `{"sort": "-visibility", "top": 3, "engine": ["chatgpt"]}`. */
export interface AppliedFilters {
  sort?: string;
  top?: number;
  engine?: string[];
  state?: string[];
  action?: string[];
}

/** The parts of an endpoint's entry this module reads. */
export interface ListSpec {
  collection?: string | undefined;
  period?: string | undefined;
}

/** The values each filter could have matched in the answer, for the note when none did. */
export type SeenValues = Partial<Record<ListFilter, string[]>>;

export interface ListResult<B> {
  body: B;
  filters: AppliedFilters;
  /** Rows in the collection before filtering, and after. */
  before: number;
  after: number;
  /** Rows the filters kept before --top cut them. */
  matched: number;
  seen: SeenValues;
}

/** The options as commander hands them over: strings, lists of strings for the repeatable ones. */
export interface RawListOptions {
  sort?: unknown;
  top?: unknown;
  engine?: unknown;
  state?: unknown;
  action?: unknown;
}

/** Any list option given at all: without one, the answer is rendered exactly as received. */
export function hasListOptions(o: ListOptions | undefined): o is ListOptions {
  return o !== undefined && (o.sort !== undefined || o.top !== undefined || o.engine !== undefined || o.state !== undefined || o.action !== undefined);
}

/** Checks the raw flags into ListOptions; a bad value is a UsageError naming the flag and the rule. */
export function parseListOptions(raw: RawListOptions): ListOptions {
  const out: ListOptions = {};
  if (raw.sort !== undefined) out.sort = parseSort(String(raw.sort));
  if (raw.top !== undefined) out.top = parseTop(String(raw.top));
  for (const name of ['engine', 'state', 'action'] as const) {
    if (raw[name] !== undefined) out[name] = parseNames(name, raw[name]);
  }
  return out;
}

function parseSort(value: string): SortKey {
  const descending = value.startsWith('-');
  const field = (descending ? value.slice(1) : value).trim();
  if (field === '') throw new UsageError(`--sort needs a column name, such as visibility or -visibility for descending (got "${value}")`);
  return { field, descending };
}

function parseTop(value: string): number {
  const n = /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`--top must be a positive whole number (got "${value}")`);
  return n;
}

/** `--engine a,b --engine c` -> [a, b, c]: commas or repeats, blanks dropped, duplicates once. */
function parseNames(flag: ListFilter, value: unknown): string[] {
  const given = Array.isArray(value) ? value.map(String) : [String(value)];
  const names = [
    ...new Set(
      given
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    ),
  ];
  if (names.length === 0) throw new UsageError(`--${flag} needs at least one ${flag} name, or several separated by commas`);
  return names;
}

/** `meta.filters`: the options as they applied, in a fixed order. */
export function appliedFilters(o: ListOptions): AppliedFilters {
  const out: AppliedFilters = {};
  if (o.sort) out.sort = `${o.sort.descending ? '-' : ''}${o.sort.field}`;
  if (o.top !== undefined) out.top = o.top;
  if (o.engine) out.engine = [...o.engine];
  if (o.state) out.state = [...o.state];
  if (o.action) out.action = [...o.action];
  return out;
}

/**
 * A column `known` lists, one inside a known column that is a map (`engines.chatgpt.rate`
 * under `engines`), or an engine's column under another engine's name (`engines.grok.rate`
 * beside `engines.chatgpt.rate`: engines are the API's to name): what vis can check
 * before any read.
 */
export function isKnownColumn(field: string, known: readonly string[]): boolean {
  const anyEngine = (c: string) => c.replace(/^engines\.[^.]+/, 'engines.*');
  return known.some((k) => k === field || field.startsWith(`${k}.`) || anyEngine(k) === anyEngine(field));
}

/** `--sort` naming no column: the message lists the ones there are. */
export function unknownSortField(field: string, columns: readonly string[]): UsageError {
  return new UsageError(`--sort: "${field}" is not a column here; the columns are ${columns.join(', ')}`, {
    hint: 'Use a column name as csv writes it; -NAME sorts descending.',
  });
}

const fold = (s: string): string => s.toLowerCase();

/**
 * The answer's collection filtered, sorted and cut (see the module comment). `known`: the
 * columns the endpoint's schema knows, beside those the rows have, for checking --sort; a
 * field neither names is a UsageError listing them (the answer is cached, so a retry is free).
 */
export function applyListOptions<B>(body: B, spec: ListSpec, options: ListOptions, known: readonly string[] = []): ListResult<B> {
  const filters = appliedFilters(options);
  const collection = spec.collection;
  const data = isPlainObject(body) ? body.data : undefined;
  if (collection === undefined || !isPlainObject(data) || !Array.isArray(data[collection])) return { body, filters, before: 0, after: 0, matched: 0, seen: {} };
  const rows = data[collection] as unknown[];

  const engines = options.engine?.map(fold);
  const states = options.state?.map(fold);
  const actions = options.action?.map(fold);
  let kept = rows.filter((row) => matches(row, engines, states, actions));

  if (options.sort) kept = sortRows(kept, data, spec, options.sort, known);
  const matched = kept.length;
  kept = kept.slice(0, options.top); // all of them without --top
  if (engines) kept = kept.map((row) => narrowEngines(row, engines));

  const seen = kept.length === 0 && rows.length > 0 ? seenValues(rows, options) : {};
  const newData = { ...data, [collection]: kept };
  return { body: { ...(body as Record<string, unknown>), data: newData } as B, filters, before: rows.length, after: kept.length, matched, seen };
}

/** One answer as the list options leave it, for every format (see listAnswer). */
export interface ListedAnswer<B> {
  /** The collection filtered, sorted and cut: what csv and the table show. */
  body: B;
  /** The same with `meta.filters` saying what applied: what json writes. */
  json: B;
  /** The note when the filters left no row (noMatchNote). */
  filterNote: string | undefined;
  /** The schema's columns of the rows left (narrowKnownColumns): an empty result's header. */
  knownColumns: string[];
  /** The rows the filters kept, and how many of them --top kept (scopesTopNote). */
  counts: Pick<ListResult<unknown>, 'after' | 'matched'>;
}

/**
 * The list options applied to one answer once, whichever format shows it. `columnsOf`: the
 * columns the endpoint's schema knows for a `data` (schemas/columns.ts), read for checking
 * --sort on the answer and for the header of the rows left.
 */
export function listAnswer<B>(body: B, spec: ListSpec, options: ListOptions, columnsOf: (data: unknown) => readonly string[]): ListedAnswer<B> {
  const dataOf = (b: unknown) => (isPlainObject(b) ? b.data : undefined);
  const result = applyListOptions(body, spec, options, columnsOf(dataOf(body)));
  return {
    body: result.body,
    json: withFilters(result.body, result.filters),
    filterNote: noMatchNote(result) ?? topNote(result, options),
    knownColumns: narrowKnownColumns(columnsOf(dataOf(result.body)), options),
    counts: { after: result.after, matched: result.matched },
  };
}

/** The body with `meta.filters` set (after the keys meta has), for json. */
export function withFilters<B>(body: B, filters: AppliedFilters): B {
  if (!isPlainObject(body)) return body;
  const meta = isPlainObject(body.meta) ? body.meta : {};
  return { ...body, meta: { ...meta, filters } } as B;
}

// ---------------------------------------------------------------------------------------
// Filtering

function textOf(v: unknown): string | undefined {
  return typeof v === 'string' ? fold(v) : undefined;
}

function matches(row: unknown, engines: string[] | undefined, states: string[] | undefined, actions: string[] | undefined): boolean {
  if (!isPlainObject(row)) return !engines && !states && !actions;
  const action = textOf(row.action);
  if (actions && (action === undefined || !actions.includes(action))) return false;
  if (!engines && !states) return true;
  const cells = engineCells(row);
  if (cells === undefined) return false;
  const named = engines ? cells.filter((c) => engines.includes(c.engine)) : cells;
  if (named.length === 0) return false;
  if (!states) return true;
  return named.some((c) => c.state !== undefined && states.includes(c.state));
}

interface EngineCell {
  engine: string;
  state: string | undefined;
}

/** The engines a row is about, each with its state where it has one; undefined when the row names none. */
function engineCells(row: Record<string, unknown>): EngineCell[] | undefined {
  const own = textOf(row.engine);
  if (own !== undefined) return [{ engine: own, state: textOf(row.state) }];
  const engines = row.engines;
  if (isPlainObject(engines)) {
    return Object.keys(engines).map((k) => {
      const v = engines[k];
      return { engine: fold(k), state: textOf(v) ?? textOf(isPlainObject(v) ? v.state : undefined) };
    });
  }
  if (Array.isArray(engines)) {
    return engines.filter((e): e is string => typeof e === 'string').map((e) => ({ engine: fold(e), state: undefined }));
  }
  return undefined;
}

/** A matrix row keeps only the named engines' columns; any other row is kept whole. */
function narrowEngines(row: unknown, engines: readonly string[]): unknown {
  if (!isPlainObject(row) || !isPlainObject(row.engines)) return row;
  const map = row.engines;
  const narrowed = Object.fromEntries(
    Object.keys(map)
      .filter((k) => engines.includes(fold(k)))
      .map((k) => [k, map[k]]),
  );
  return { ...row, engines: narrowed };
}

/** Per filter asked for, the values the answer's rows hold (in first-seen order). */
function seenValues(rows: readonly unknown[], options: ListOptions): SeenValues {
  const engines = new Set<string>();
  const states = new Set<string>();
  const actions = new Set<string>();
  for (const row of rows) {
    if (!isPlainObject(row)) continue;
    for (const c of engineCells(row) ?? []) {
      engines.add(c.engine);
      if (c.state !== undefined) states.add(c.state);
    }
    const action = textOf(row.action);
    if (action !== undefined) actions.add(action);
  }
  const out: SeenValues = {};
  if (options.engine) out.engine = [...engines];
  if (options.state) out.state = [...states];
  if (options.action) out.action = [...actions];
  return out;
}

/**
 * The schema's columns as the filtered rows have them: with --engine, an engine map's
 * columns (`engines.claude.rate`) only for the named engines, so an empty result's header
 * is the one the rows would have had.
 */
export function narrowKnownColumns(known: readonly string[], options: ListOptions): string[] {
  const engines = options.engine?.map(fold);
  if (engines === undefined) return [...known];
  return known.filter((c) => {
    const m = /^engines\.([^.]+)(?:\.|$)/.exec(c);
    return m === null || engines.includes(fold(m[1]!));
  });
}

/** The note on a terminal when the filters left nothing: what the answer does have. */
export function noMatchNote(result: Pick<ListResult<unknown>, 'before' | 'after' | 'seen'>): string | undefined {
  if (result.after > 0 || result.before === 0) return undefined;
  const parts = Object.entries(result.seen).map(([k, values]) => `--${k}: ${values.length > 0 ? values.join(', ') : 'none'}`);
  if (parts.length === 0) return undefined;
  return `No row matched. The answer has ${parts.join('; ')}.`;
}

/**
 * `--top N` after `--sort` keeps the first N rows in the sorted order, as `sort | head`
 * would: `--sort visibility` puts the lowest first, so `--top 3` is the three lowest, which
 * a reader of "top" could take for the best. The terminal's note says which end it is.
 * Undefined when --top cut nothing or nothing was sorted.
 */
export function topNote(result: Pick<ListResult<unknown>, 'after' | 'matched'>, options: ListOptions): string | undefined {
  if (options.sort === undefined || options.top === undefined || result.matched <= result.after) return undefined;
  return sortedNote(`${result.after} of ${result.matched} rows`, options.sort, options.top);
}

/**
 * The same note once for several brands and markets, where --top keeps each one's first N
 * (src/terminal/render-combined.ts): said when it left rows out of any of them.
 */
export function scopesTopNote(results: ReadonlyArray<Pick<ListResult<unknown>, 'after' | 'matched'>>, options: ListOptions): string | undefined {
  if (options.sort === undefined || options.top === undefined || !results.some((r) => r.matched > r.after)) return undefined;
  return sortedNote(`${options.top} row${options.top === 1 ? '' : 's'} of each brand and market`, options.sort, options.top);
}

function sortedNote(which: string, sort: SortKey, top: number): string {
  const end = sort.descending ? 'highest' : 'lowest';
  const other = sort.descending ? sort.field : `-${sort.field}`;
  return `Sorted by ${sort.field}, ${end} first: the ${end} ${which} (--sort ${other} --top ${top} for the ${sort.descending ? 'lowest' : 'highest'}).`;
}

// ---------------------------------------------------------------------------------------
// Sorting

/** The kind of a cell, in sort order: numbers, text, booleans. Missing and null are not ranked: they go last. */
function rank(cell: FlatCell): number {
  if (isJsonNumber(cell)) return 0;
  return typeof cell === 'string' ? 1 : 2;
}

// Made on the first text comparison: building it loads ICU's list of collation locales, a
// sixth of a request's start-up, which every command that never sorts text would pay.
let collator: Intl.Collator | undefined;

function compareCells(a: FlatCell, b: FlatCell): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  // Numbers by value (a RawNumber's too), booleans false before true.
  return ra === 1 ? (collator ??= new Intl.Collator('en')).compare(a as string, b as string) : Number(a) - Number(b);
}

function sortRows(rows: readonly unknown[], data: Record<string, unknown>, spec: ListSpec, sort: SortKey, known: readonly string[]): unknown[] {
  const period = spec.period !== undefined && spec.period !== 'none';
  const flat = rows.map((row) => flattenRow(row, data, period));
  if (rows.length > 0 && !flat.some((r) => r.has(sort.field)) && !isKnownColumn(sort.field, known)) {
    const columns = [...new Set([...known, ...flat.flatMap((r) => [...r.keys()])])];
    throw unknownSortField(sort.field, columns);
  }
  const keyed = rows.map((row, i) => ({ row, cell: flat[i]!.get(sort.field) ?? null }));
  // Array.prototype.sort is stable: rows that compare equal (0, or NaN for two numbers past
  // JS's range) keep the API's order.
  keyed.sort((x, y) => {
    if (x.cell === null || y.cell === null) return (x.cell === null ? 1 : 0) - (y.cell === null ? 1 : 0);
    const c = compareCells(x.cell, y.cell);
    return sort.descending ? -c : c;
  });
  return keyed.map((k) => k.row);
}
