/**
 * A recorded series as csv and the tables print it: `day`, then the columns the data
 * command's csv has for that answer (its main collection flattened, the period columns,
 * or a one-record answer's `key,value` figures), one row per record per day, oldest day
 * first; the columns of every day in the order first seen, so a column that appears on
 * a later day is not lost. The endpoint's known columns come from its schema, which the
 * caller looks up (`known`): output takes column names, never a schema.
 */
import type { EndpointSpec } from '../../endpoints.js';
import { chooseColumns, namesAfter } from '../csv.js';
import {
  FIGURE_COLUMNS,
  flattenFigures,
  flattenRow,
  PERIOD_COLUMNS,
  rowColumns,
  selectRows,
  showsFigures,
  type FlatCell,
  type FlatRecord,
} from '../flatten.js';

/** One recorded day, its body parsed (numbers kept as sent). */
export interface RecordedDay {
  day: string;
  fetchedAt: number;
  data: unknown;
  meta: unknown;
}

export const DAY_COLUMN = 'day';

/** The columns the endpoint's schema knows for a row of its collection in `data` (undefined: none known). */
export type KnownColumns = (data: unknown) => readonly string[] | undefined;

type ColumnSpec = Pick<EndpointSpec, 'collection' | 'period'>;

export interface DayTable {
  /** `day` first, then the data's columns (a data column named `day` is `day (2)`). */
  columns: string[];
  records: FlatRecord[];
}

/** The rows of every day, `day` first (see the module comment). `rows` and `columns` are --rows and --columns. */
export function dayTable(
  days: readonly RecordedDay[],
  spec: ColumnSpec,
  o: { rows?: string | undefined; columns?: readonly string[] | undefined; known?: KnownColumns },
): DayTable {
  const collection = spec.collection;
  const oneRecord = collection === undefined;
  const period = spec.period !== 'none';
  const seen: string[] = [];
  const perDay: Array<{ day: string; records: FlatRecord[] }> = [];
  for (const d of days) {
    if (showsFigures(d.data, { oneRecord, rows: o.rows, columns: o.columns })) {
      const records = [...flattenFigures(d.data)].map(
        ([k, v]) =>
          new Map<string, FlatCell>([
            [FIGURE_COLUMNS[0], k],
            [FIGURE_COLUMNS[1], v],
          ]),
      );
      addAll(seen, FIGURE_COLUMNS);
      perDay.push({ day: d.day, records });
      continue;
    }
    const { rows, key } = selectRows(d.data, { collection, oneRecord, rows: o.rows });
    addAll(seen, rowColumns(rows, key, d.data, { collection, rows: o.rows, knownColumns: collection === undefined ? undefined : o.known?.(d.data), period }));
    perDay.push({ day: d.day, records: rows.map((row) => flattenRow(row, d.data, period)) });
  }
  if (days.length === 0) addAll(seen, emptyColumns(spec, o.known));
  const names = namesAfter([DAY_COLUMN], seen);
  const records = perDay.flatMap(({ day, records }) => records.map((r) => withDay(day, r, seen, names)));
  const chosen = chooseColumns(
    names,
    o.columns?.filter((c) => c !== DAY_COLUMN),
    records.length,
  );
  return { columns: [DAY_COLUMN, ...chosen], records };
}

/** The header of a series with no day recorded: what the data command's csv would have. */
function emptyColumns(spec: ColumnSpec, known: KnownColumns | undefined): string[] {
  if (spec.collection === undefined) return [...FIGURE_COLUMNS];
  const columns = known?.(undefined) ?? [];
  return columns.length > 0 && spec.period !== 'none' ? [...columns, ...PERIOD_COLUMNS] : [...columns];
}

function addAll(into: string[], names: readonly string[]): void {
  for (const n of names) if (!into.includes(n)) into.push(n);
}

/** A record with `day` first; the data's own `day` under its new name (namesAfter). */
function withDay(day: string, rec: FlatRecord, columns: readonly string[], renamed: readonly string[]): FlatRecord {
  const out: FlatRecord = new Map([[DAY_COLUMN, day]]);
  for (const [i, c] of columns.entries()) if (rec.has(c)) out.set(renamed[i]!, rec.get(c)!);
  return out;
}

/** The rows as the one collection of an answer the csv and table renderers take (`rows`). */
export function asAnswer(table: DayTable): { data: { rows: Array<Record<string, FlatCell>> } } {
  return { data: { rows: table.records.map((r) => rowObject(table.columns, r)) } };
}

/**
 * A record as an object of `columns`, each an own property as Object.fromEntries makes it
 * (a column named `__proto__` too), without an array of pairs per record.
 */
function rowObject(columns: readonly string[], r: FlatRecord): Record<string, FlatCell> {
  const out: Record<string, FlatCell> = {};
  for (const c of columns) {
    const v = r.get(c) ?? null;
    if (c === '__proto__') Object.defineProperty(out, c, { value: v, writable: true, enumerable: true, configurable: true });
    else out[c] = v;
  }
  return out;
}
