/**
 * `--columns` on a terminal: the main collection with the columns the user chose, in
 * that order, each cell written as the endpoint's view writes that field: percentages
 * as `41.8%`, changes as `▲ 1.8` (green or red), counts with thousands separators,
 * positions with one decimal, lists joined with `, `, answer states as their mark and
 * word (`◌ open`), task and issue words with their tone (`in progress`), ids and URLs
 * dim and never shortened. A column the views have no way of writing (a date, a name)
 * is its text, as the generic table shows it.
 *
 * Columns are the flattened names csv and the generic table use (`share_of_voice`,
 * `engines.chatgpt.state`), checked the same way: an unknown name is the same
 * ColumnsError. Data without a list of records at the top (usage, overview, a single
 * pitch) is not this view's shape, so the generic table shows it.
 */
import type { Block, View, ViewContext } from './context.js';
import { cell, gridLines, type Cell, type Column } from './grid.js';
import { answerState, stateMarkPart, toneOf, wordText } from './marks.js';
import { changeCell, formatCount, formatDecimal, formatPercent, type Better, type ChangeUnit } from './numbers.js';
import { safeText, ShapeError, type Obj } from './read.js';
import { noneMatch } from './section.js';
import { chooseColumns } from '../csv.js';
import { flattenRecord, isPlainObject, selectRows, type FlatCell } from '../flatten.js';

/** How a view writes a field, by the field's own name (the last part of the column). */
const PERCENT = new Set(['visibility', 'share_of_voice', 'share', 'rate', 'ctr', 'score', 'competitor_visibility', 'brand_visibility']);
const DECIMAL = new Set(['position']);
/** Changes and in what: percentage points unless the endpoint says otherwise. */
const CHANGES: Readonly<Record<string, { unit: ChangeUnit; better: Better }>> = {
  change: { unit: 'points', better: 'higher' },
  change_pct: { unit: 'percent', better: 'higher' },
  // A rival's lead over the brand: bad news when it grows.
  lead: { unit: 'points', better: 'rival-gap' },
};
/** Words of the API shown as words (`in progress`), coloured by their tone where they have one. */
const WORDS = new Set(['status', 'priority', 'severity', 'action', 'layer', 'kind', 'owner', 'type', 'purpose', 'sentiment']);

/** Where an endpoint's field means something else than the same name elsewhere. */
const CHANGE_OVERRIDES: Readonly<Partial<Record<string, Readonly<Record<string, { unit: ChangeUnit; better: Better }>>>>> = {
  // A page's change is in citations, not points.
  pages: { change: { unit: 'count', better: 'higher' } },
};

type Kind = 'id' | 'url' | 'state' | 'word' | 'number' | 'text';

function lastPart(column: string): string {
  return column.slice(column.lastIndexOf('.') + 1);
}

function isId(column: string): boolean {
  const name = lastPart(column);
  return name === 'id' || name.endsWith('_id');
}

/** An answer state: a `state` field, or an engine's entry holding only its state (`engines.chatgpt`). */
function isState(column: string): boolean {
  return lastPart(column) === 'state' || /^engines\.[^.]+$/.test(column);
}

/** The raw value at a flattened column, when its dotted path leads to one; undefined otherwise. */
function rawAt(record: unknown, column: string): unknown {
  if (isPlainObject(record) && Object.hasOwn(record, column)) return record[column];
  let node: unknown = record;
  for (const key of column.split('.')) {
    if (!isPlainObject(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

const URL_START = /^https?:\/\//;

function kindOf(column: string, values: readonly unknown[]): Kind {
  if (isId(column)) return 'id';
  const texts = values.filter((v) => typeof v === 'string');
  // A list of URLs (an issue's pages, an answer's citations) is copied like one.
  const items = values.flatMap((v) => (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []));
  if (lastPart(column).endsWith('url') || (items.length > 0 && items.every((v) => typeof v === 'string' && URL_START.test(v)))) return 'url';
  if (isState(column) && texts.length > 0) return 'state';
  if (WORDS.has(lastPart(column))) return 'word';
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.length > 0 && present.every((v) => typeof v === 'number')) return 'number';
  return 'text';
}

function numberCell(v: number, column: string, endpoint: string, ctx: ViewContext): Cell {
  const name = lastPart(column);
  const change = CHANGE_OVERRIDES[endpoint]?.[name] ?? CHANGES[name];
  if (change !== undefined) return changeCell(v, change.unit, change.better, ctx.chalk);
  if (PERCENT.has(name)) return cell(formatPercent(v));
  if (DECIMAL.has(name)) return cell(formatDecimal(v));
  return cell(formatCount(v));
}

function textOf(v: unknown, flat: FlatCell | undefined): string {
  if (Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object')) return v.map((x) => (x === null || x === undefined ? '' : String(x))).join(', ');
  if (typeof v === 'string') return v;
  return flat === null || flat === undefined ? '' : String(flat);
}

function cellOf(kind: Kind, v: unknown, flat: FlatCell | undefined, column: string, endpoint: string, ctx: ViewContext): Cell {
  const { chalk } = ctx;
  if (v === null) return null;
  if (v === undefined && flat === undefined) return [];
  if (kind === 'number' && typeof v === 'number') return numberCell(v, column, endpoint, ctx);
  const text = safeText(textOf(v, flat));
  if (kind === 'id' || kind === 'url') return cell(text, chalk.dim);
  if (kind === 'state' && typeof v === 'string') {
    const known = answerState(v);
    return [stateMarkPart(v, chalk), { text: ` ${wordText(text)}`, style: known ? known.style(chalk) : undefined }];
  }
  if (kind === 'word' && typeof v === 'string') return cell(wordText(text), toneOf(v, chalk));
  return cell(text);
}

/**
 * The view of `columns` of the endpoint's main collection (`collection`, as csv picks
 * it), for an endpoint `endpoint` (its id: a few fields mean something of their own there).
 */
export function chosenColumnsView(endpoint: string, collection: string | undefined, columns: readonly string[]): View {
  return (data: Obj, ctx: ViewContext): Block[] => {
    const selection = selectRows(data, { collection });
    // A key at the top of data, so that marking it shown leaves the rest to the generic rows.
    if (selection.key === null || !Object.hasOwn(data, selection.key)) throw new ShapeError('no list of records at the top of data');
    const records = selection.rows;
    const flat = records.map(flattenRecord);
    const seen = new Set<string>();
    for (const r of flat) for (const k of r.keys()) seen.add(k);
    const chosen = chooseColumns([...seen], columns, records.length);
    ctx.read.mark(data, selection.key);
    if (records.length === 0) return [[noneMatch(ctx)]];
    const kinds = chosen.map((c) =>
      kindOf(
        c,
        records.map((r) => rawAt(r, c)),
      ),
    );
    const layout: Column[] = chosen.map((c, j) => {
      const kind = kinds[j];
      if (kind === 'number') return { header: safeText(c), align: 'right' };
      // Ids and URLs are what users copy: never shortened.
      if (kind === 'id' || kind === 'url' || kind === 'state' || kind === 'word') return { header: safeText(c) };
      return { header: safeText(c), shrink: true };
    });
    const rows = records.map((r, i) => ({
      cells: chosen.map((c, j) => cellOf(kinds[j] ?? 'text', rawAt(r, c), flat[i]?.get(c), c, endpoint, ctx)),
    }));
    return [gridLines(layout, rows, ctx)];
  };
}
