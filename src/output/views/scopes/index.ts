/**
 * Several brands and markets of one command on a terminal (`--brand A,B`, `--all-brands`,
 * `--market A,B`, `--all-markets`), in the layout that reads best for the endpoint:
 *
 * - A list view (topics, prompts, pages, tasks…): one table of every scope's rows, the
 *   `brand` and `market` columns first (each only when it differs between the scopes),
 *   then the view's own columns written as the view writes them (columns.ts). What the
 *   scopes share (the brand, the market, the period) is the dim line above the table.
 * - `topics` of one brand in several markets: the markets side by side (markets.ts).
 * - A dashboard (overview, visibility, technical, perception…): one section per scope,
 *   opened by a rule naming its brand and market, then the view exactly as it draws for
 *   that scope alone.
 *
 * A scope whose read failed is a dim line naming it and the API's error (wrapped, not
 * cut): in place of its section in dashboards, under the table in tables (it has no
 * rows). Null when the endpoint has no view, so the plain combined table is the better one.
 */
import type { ScopeResult } from '../../../domain/scope.js';
import type { ViewContext } from '../context.js';
import { fitLine, gridLines, naturalWidths, widestWord, wrapLine, type Cell, type Column, type GridRow, type Part } from '../grid.js';
import { viewFor } from '../index.js';
import { safeText, type Obj } from '../read.js';
import { noneMatch } from '../section.js';
import { commonOrigin, pathOf, pathsOnLines } from '../urls.js';
import { displayWidth, padToWidth } from '../../../text/width.js';
import { listLayout, tableColumns, type ListLayout, type TableColumn } from './columns.js';
import { dataOf, failureLines, scopeName, sharedHeading, varying } from './scope.js';

/** What the scopes' layouts need of the endpoint (the table renderer's spec). */
export interface TableSpec {
  id: string;
  collection?: string | undefined;
  noun: string;
  period?: string | undefined;
}

/**
 * One scope's answer drawn as it would be alone: the table renderer hands it in
 * (src/output/table.ts renderScopes), so the views do not import their renderer.
 */
export type DrawOne = (envelope: unknown, spec: TableSpec, ctx: ViewContext) => string;

/** The terminal layout of the results, as lines; null when the plain combined table is as good. */
export function scopesView(results: readonly ScopeResult[], spec: TableSpec, ctx: ViewContext, drawOne: DrawOne): string[] | null {
  if (results.length === 0) return null;
  const layout = listLayout(spec.id);
  const side = layout?.sideBySide?.(results, ctx) ?? null;
  if (side !== null) return side;
  if (layout !== undefined) {
    const table = scopesTable(results, layout, spec, ctx);
    if (table !== null) return table;
  }
  if (viewFor(spec.id) === undefined) return null;
  return scopeSections(results, spec, ctx, drawOne);
}

/** Every scope's rows in one table; null when an answer is not the shape of the list. */
function scopesTable(results: readonly ScopeResult[], layout: ListLayout, spec: TableSpec, ctx: ViewContext): string[] | null {
  const differ = varying(results);
  let scoped: Scoped[] = [];
  for (const result of results) {
    const data = dataOf(result);
    if (data === null) {
      if (result.error === null) return null;
      continue;
    }
    const rows = layout.rows(data);
    if (rows === undefined) return null;
    scoped.push({ result, rows });
  }
  const pathField = layout.fields.find((f) => f.paths === true);
  const sites = pathField === undefined ? null : sitesOf(scoped, pathField.key);
  let fieldList = layout.fields;
  if (pathField !== undefined && sites !== null) {
    scoped = scoped.map(({ result, rows }) => ({ result, rows: rows.map((r) => withPath(r, pathField.key, sites.get(brandKey(result)) ?? null)) }));
    fieldList = fieldList.map((f) => (f === pathField ? { ...f, header: 'path' } : f));
  }
  // A topic id by its name where this scope's names are known (the scope's own GET /topics in the cache).
  const topicField = layout.fields.find((f) => f.topic === true);
  if (topicField !== undefined)
    scoped = scoped.map(({ result, rows }) => ({ result, rows: rows.map((r) => namedTopic(r, topicField.key, result.topicNames)) }));
  const all = scoped.flatMap((s) => s.rows);
  const columns: TableColumn[] = [];
  if (differ.brand) columns.push({ column: { header: 'brand', wrap: true }, cell: () => [] });
  if (differ.market) columns.push({ column: { header: 'market' }, cell: () => [] });
  const scopeColumns = columns.length;
  const fieldColumns = tableColumns(fieldList, all, ctx);
  columns.push(...fieldColumns.filter((c) => c.under !== 'always'));
  const scopeCells = (r: ScopeResult): Cell[] => [
    ...(differ.brand ? [[{ text: safeText(r.brand.name) || safeText(r.brand.id) }]] : []),
    ...(differ.market ? [r.market === null ? null : [{ text: safeText(r.market.code) }]] : []),
  ];
  /** The rows with `shown` in columns; the fields of `fieldColumns` not among them (and not dropped) on a line under each. */
  const rowsOf = (shown: readonly TableColumn[], dropped: ReadonlySet<TableColumn>): GridRow[] => {
    const below = fieldColumns.filter((c) => c.under !== undefined && !shown.includes(c) && !dropped.has(c));
    return scoped.flatMap(({ result, rows }) =>
      rows.flatMap((record): GridRow[] => {
        const detail = below.map((c) => c.cell(record)).filter((c): c is Part[] => c !== null && c.length > 0);
        return [
          { cells: [...scopeCells(result), ...shown.slice(scopeColumns).map((c) => c.cell(record))] },
          ...(detail.length > 0 ? [{ detail, column: scopeColumns, indent: 2 }] : []),
        ];
      }),
    );
  };
  // Before the rows become blocks: a long text goes under its row when it does not fit
  // on one line beside the figures (else the grid would shorten their headers), then the
  // view's lesser figures go, one at a time. When even that does not fit, the blocks
  // have room for every column.
  const dropped = new Set<TableColumn>();
  const fitting = (shown: readonly TableColumn[], oneLine: boolean) =>
    fits(
      shown.map((c) => c.column),
      rowsOf(shown, dropped),
      ctx,
      oneLine,
    );
  let shown = columns;
  for (
    let movable = shown.find((c) => c.under === 'narrow');
    movable !== undefined && !fitting(shown, true);
    movable = shown.find((c) => c.under === 'narrow')
  ) {
    const moved = movable;
    shown = shown.filter((c) => c !== moved);
  }
  while (!fitting(shown, false)) {
    const worst = shown.reduce<TableColumn | null>((w, c) => ((c.drop ?? 0) > (w?.drop ?? 0) ? c : w), null);
    if (worst === null) {
      shown = columns;
      dropped.clear();
      break;
    }
    dropped.add(worst);
    shown = shown.filter((c) => c !== worst);
  }
  const rows = rowsOf(shown, dropped);
  const lines: string[] = [];
  const heading = sharedHeading(results, ctx);
  if (heading !== null) lines.push(heading, '');
  if (sites !== null && rows.length > 0) lines.push(...sitesLines(sites, ctx));
  if (rows.length === 0) lines.push(noneMatch({ ...ctx, noun: spec.noun }));
  else
    lines.push(
      ...gridLines(
        shown.map((c) => c.column),
        rows,
        ctx,
      ),
    );
  const failures = failureLines(results, ctx);
  if (failures.length > 0) lines.push('', ...failures);
  return lines;
}

interface Scoped {
  result: ScopeResult;
  rows: Obj[];
}

const GAP = 2;

/**
 * Whether the grid can draw the rows as a table at the width, rather than as one block
 * per row; with `oneLine`, with the wrapping columns' text each on one line.
 */
function fits(columns: readonly Column[], rows: readonly GridRow[], ctx: ViewContext, oneLine: boolean): boolean {
  const cells = naturalWidths(
    columns.map((c) => ({ ...c, header: '' })),
    rows,
  );
  const headerWord = (c: Column) => Math.max(0, ...c.header.split(' ').map((w) => displayWidth(w)));
  let total = GAP * (columns.length - 1);
  columns.forEach((c, j) => {
    const cellWidth = cells[j] ?? 0;
    if (oneLine && c.wrap === true) {
      total += Math.max(cellWidth, displayWidth(c.header));
    } else if (c.wrap === true || (ctx.wide && c.shrink === true)) {
      let word = 0;
      for (const r of rows) if ('cells' in r) word = Math.max(word, r.cells[j] === null ? 1 : widestWord(r.cells[j] ?? []));
      total += Math.max(word, headerWord(c));
    } else if (c.shrink === true) {
      total += Math.min(Math.max(cellWidth, displayWidth(c.header)), c.min ?? 4);
    } else {
      // A figure's header whole: a column less reads better than a header over three lines.
      total += Math.max(cellWidth, displayWidth(c.header));
    }
  });
  return total <= ctx.width;
}

function brandKey(result: ScopeResult): string {
  return safeText(result.brand.name) || safeText(result.brand.id);
}

/**
 * The site of each brand's pages, by brand, when each brand's pages in `key` are on one
 * site (its markets' too); null when one brand's are on several, so the URLs stay whole.
 */
function sitesOf(scoped: readonly Scoped[], key: string): Map<string, string> | null {
  const sites = new Map<string, string>();
  for (const { result, rows } of scoped) {
    const urls = rows.map((r) => r[key]).filter((v): v is string => typeof v === 'string');
    if (urls.length === 0) continue;
    const origin = commonOrigin(urls);
    const brand = brandKey(result);
    if (origin === null || (sites.has(brand) && sites.get(brand) !== origin)) return null;
    sites.set(brand, origin);
  }
  return sites.size === 0 ? null : sites;
}

function namedTopic(record: Obj, key: string, names: ReadonlyMap<string, string> | undefined): Obj {
  const v = record[key];
  const name = typeof v === 'string' ? names?.get(v) : undefined;
  return name === undefined ? record : { ...record, [key]: name };
}

function withPath(record: Obj, key: string, origin: string | null): Obj {
  const v = record[key];
  return typeof v === 'string' ? { ...record, [key]: pathOf(v, origin) } : record;
}

/** `Pages are paths on <site>`, or with several sites, each brand's under it. */
function sitesLines(sites: ReadonlyMap<string, string>, ctx: ViewContext): string[] {
  const origins = new Set(sites.values());
  const [only] = origins;
  if (origins.size === 1 && only !== undefined) return pathsOnLines(only, ctx);
  const dim = ctx.chalk.dim;
  const nameWidth = Math.max(...[...sites.keys()].map((b) => displayWidth(b)));
  return [
    fitLine([{ text: "Pages are paths on each brand's site:", style: dim }], ctx),
    ...[...sites].flatMap(([brand, origin]) =>
      wrapLine(
        [
          { text: `  ${padToWidth(brand, nameWidth)}  `, style: dim },
          { text: origin, style: dim },
        ],
        ctx,
      ),
    ),
  ];
}

/** One section per scope: its name in bold, then its view as it draws alone; a failure is one dim line. */
function scopeSections(results: readonly ScopeResult[], spec: TableSpec, ctx: ViewContext, drawOne: DrawOne): string[] {
  const lines: string[] = [];
  for (const result of results) {
    if (lines.length > 0) lines.push('');
    if (result.error !== null || result.envelope === null) {
      lines.push(...failureLines([result], ctx));
      continue;
    }
    lines.push(sectionRule(scopeName(result), ctx));
    const drawn = drawOne(result.envelope, spec, { ...ctx, topicNames: result.topicNames });
    lines.push(...drawn.replace(/\n$/, '').split('\n'));
  }
  return lines;
}

/**
 * `── Globex · US-en ─────…` across the width: where one scope's dashboard ends and the
 * next begins is plain at a glance, the view's own heading below it saying the rest.
 */
function sectionRule(name: string, ctx: ViewContext): string {
  const { chalk } = ctx;
  const fill = Math.max(0, ctx.width - displayWidth(name) - 4);
  return fitLine(
    [
      { text: '── ', style: chalk.dim },
      { text: name, style: chalk.bold },
      { text: ` ${'─'.repeat(fill)}`, style: chalk.dim },
    ],
    { width: ctx.width, wide: false },
  );
}
