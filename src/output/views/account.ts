/**
 * `vis brands`: one row per brand (id, name, domain, its markets with the primary one
 * first, and each integration as yes/no), and with several brands how to pick one.
 * `vis markets`: one row per market (code, what it is, id, which is the primary one)
 * and what `--market` takes.
 */
import type { Block, View, ViewContext } from './context.js';
import { flowLines } from './flow.js';
import { cell, gridLines, naturalWidths, partsWidth, type Cell, type Column, type GridRow, type Part } from './grid.js';
import { formatCount } from './numbers.js';
import { safeText, viewNumber, type Obj } from './read.js';
import { noneMatch } from './section.js';

/** An id as sent: a number, or text. */
function idCell(o: Obj, ctx: ViewContext): Cell {
  if (viewNumber(o.id) !== undefined) return cell(String(ctx.read.number(o, 'id')), ctx.chalk.dim);
  const t = ctx.read.text(o, 'id', 'optional');
  return t === undefined ? [] : t === null ? null : cell(t, ctx.chalk.dim);
}

/** Narrowest the markets column gets: four codes. */
const MARKETS_MIN = 23;

function hint(parts: Part[][], ctx: ViewContext): string[] {
  return flowLines(parts, ctx.width, { sep: { text: ' ' }, wide: ctx.wide });
}

/** The keys of `integrations` over all brands whose values are true/false, in first-seen order. */
function integrationKeys(brands: readonly Obj[]): string[] {
  const keys: string[] = [];
  for (const b of brands) {
    const map = b.integrations;
    if (map === null || typeof map !== 'object' || Array.isArray(map)) continue;
    for (const [k, v] of Object.entries(map)) if (typeof v === 'boolean' && !keys.includes(k)) keys.push(k);
  }
  return keys;
}

export const brandsView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const brands = read.records(data, 'brands', 'name');
  if (brands.length === 0) return [[noneMatch(ctx)]];
  const integrations = integrationKeys(brands);
  const parsed = brands.map((b) => {
    const primary = read.text(b, 'primary_market', 'optional');
    const markets = read.texts(b, 'markets', 'optional');
    // Primary first and bold; then the others as sent.
    const list: Part[] = [];
    const others = (markets ?? []).filter((m) => m !== primary);
    if (primary) list.push({ text: primary, style: chalk.bold });
    for (const m of others) list.push(...(list.length > 0 ? [{ text: ' ' }] : []), { text: m });
    const map = read.object(b, 'integrations', 'optional');
    const flags: Cell[] = integrations.map((k) => {
      if (!map || typeof map[k] !== 'boolean') return [];
      return read.bool(map, k) ? cell('yes', chalk.green) : cell('no', chalk.dim);
    });
    const domain = read.text(b, 'domain', 'optional');
    return {
      id: idCell(b, ctx),
      name: cell(read.text(b, 'name'), chalk.bold),
      domain: domain === undefined ? [] : domain === null ? null : cell(domain),
      markets: primary === null && markets === undefined ? null : list,
      flags,
    };
  });
  const marketsColumn = (rows: readonly GridRow[], j: number): Column =>
    // The codes whole (up to MARKETS_MIN columns of them), or the rows become cards.
    ({
      header: 'markets',
      shrink: true,
      min: Math.min(MARKETS_MIN, Math.max(7, ...rows.map((r) => ('cells' in r && r.cells[j] ? partsWidth(r.cells[j]) : 0)))),
    });
  const flagColumns = integrations.map((k): Column => ({ header: safeText(k).replace(/_/g, ' ') }));
  let rows: GridRow[] = parsed.map((p) => ({ cells: [p.id, p.name, p.domain, p.markets, ...p.flags] }));
  let columns: Column[] = [
    { header: 'id', align: 'right' },
    { header: 'brand', shrink: true, min: 16 },
    { header: 'domain' },
    marketsColumn(rows, 3),
    ...flagColumns,
  ];
  const fits = (c: readonly Column[], r: readonly GridRow[]) => {
    const natural = naturalWidths(c, r);
    return ctx.wide || natural.reduce((a, b) => a + b, 0) + 2 * (natural.length - 1) <= ctx.width;
  };
  if (!fits(columns, rows)) {
    // Too wide with every header whole: the domain under the brand's name instead of in a
    // column of its own, when that fits (rather than a header over two lines); else cards.
    const under = parsed.flatMap((p): GridRow[] => [
      { cells: [p.id, p.name, p.markets, ...p.flags] },
      ...(p.domain && p.domain.length > 0 ? [{ detail: [p.domain.map((x) => ({ ...x, style: chalk.dim }))], column: 1 }] : []),
    ]);
    const underColumns: Column[] = [{ header: 'id', align: 'right' }, { header: 'brand', shrink: true, min: 16 }, marketsColumn(under, 2), ...flagColumns];
    if (fits(underColumns, under)) [rows, columns] = [under, underColumns];
  }
  const blocks: Block[] = [gridLines(columns, rows, ctx)];
  // Each note its own line (or lines, on a narrow terminal).
  const notes: Part[][][] = [];
  if (parsed.some((p) => (p.markets?.length ?? 0) > 1)) notes.push([[{ text: 'Primary market first, in bold.', style: chalk.dim }]]);
  if (brands.length > 1) {
    notes.push([
      [{ text: `${formatCount(brands.length)} brands: choose one with`, style: chalk.dim }],
      [{ text: '--brand <id or name>' }],
      [{ text: 'or', style: chalk.dim }, { text: ' vis config set brand <id>' }],
    ]);
  }
  if (notes.length > 0) blocks.push(notes.flatMap((items) => hint(items, ctx)));
  return blocks;
};

export const marketsView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const markets = read.records(data, 'markets', 'code');
  if (markets.length === 0) return [[noneMatch(ctx)]];
  // Country and language say again what the code says (`US-en`): columns only when they do not.
  const spelled = markets.every((m) => {
    const code = read.rawText(m, 'code');
    const country = read.rawText(m, 'country');
    const language = read.rawText(m, 'language');
    return (country === undefined && language === undefined) || (country !== undefined && language !== undefined && code === `${country}-${language}`);
  });
  if (spelled) for (const m of markets) read.mark(m, 'country', 'language');
  const rows: GridRow[] = markets.map((m) => {
    const primary = read.bool(m, 'primary', 'optional');
    const label = read.text(m, 'label', 'optional');
    const cells: Cell[] = [cell(read.text(m, 'code'), chalk.bold), label === undefined ? [] : label === null ? null : cell(label)];
    if (!spelled) for (const k of ['country', 'language']) cells.push(cell(read.text(m, k, 'optional') ?? '–'));
    cells.push(idCell(m, ctx), primary === true ? cell('primary', chalk.green) : primary === null ? null : []);
    return { cells };
  });
  const columns: Column[] = [
    { header: 'code' },
    { header: 'market', shrink: true, min: 10 },
    ...(spelled ? [] : [{ header: 'country' }, { header: 'language' }]),
    { header: 'id', align: 'right' },
    { header: '' },
  ];
  const note: Part[][] = [[{ text: '--market takes the code or the id; without it, the primary market is used.', style: chalk.dim }]];
  return [gridLines(columns, rows, ctx), hint(note, ctx)];
};
