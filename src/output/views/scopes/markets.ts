/**
 * `vis topics` of one brand in several markets: one row per topic, joined by the API's
 * topic id (names differ between languages), each market's visibility in a column headed
 * by its code, `–` where the topic is not tracked in that market. The topic's name is
 * the one of the first market that tracks it, in the markets' order.
 */
import type { ScopeResult } from '../../../domain/scope.js';
import type { ViewContext } from '../context.js';
import { gridLines, type Cell, type Column, type GridRow } from '../grid.js';
import { formatPercent } from '../numbers.js';
import { safeText, type Obj } from '../read.js';
import { isPlainObject } from '../../flatten.js';
import { dataOf, failureLines, sharedHeading } from './scope.js';

interface Topic {
  name: string | null;
  /** Visibility by market code: a number, null (not measured), or absent (not tracked). */
  visibility: Map<string, number | null>;
}

/** The side-by-side table; null when the results are not one brand in several markets, or not topic lists. */
export function marketsSideBySide(results: readonly ScopeResult[], ctx: ViewContext): string[] | null {
  const brands = new Set(results.map((r) => r.brand.id));
  const codes = [...new Set(results.map((r) => r.market?.code ?? null))];
  if (brands.size !== 1 || codes.length < 2 || codes.includes(null)) return null;
  const markets: string[] = [];
  const topics = new Map<string, Topic>();
  for (const result of results) {
    const data = dataOf(result);
    if (data === null) {
      if (result.error === null) return null;
      continue;
    }
    const list = data.topics;
    if (!Array.isArray(list) || !list.every(isPlainObject)) return null;
    const code = (result.market as { code: string }).code;
    if (markets.includes(code)) return null;
    markets.push(code);
    for (const t of list as Obj[]) {
      if (typeof t.id !== 'string' && typeof t.id !== 'number') return null;
      const id = String(t.id);
      const topic = topics.get(id) ?? { name: null, visibility: new Map<string, number | null>() };
      topic.name ??= typeof t.name === 'string' ? safeText(t.name) : null;
      topic.visibility.set(code, typeof t.visibility === 'number' ? t.visibility : null);
      topics.set(id, topic);
    }
  }
  const columns: Column[] = [
    { header: 'topic', shrink: true, min: 8 },
    { header: 'id', wrap: true },
    ...markets.map((code): Column => ({ header: safeText(code), align: 'right' })),
  ];
  const rows: GridRow[] = [...topics].map(([id, topic]) => ({
    cells: [
      topic.name === null ? null : [{ text: topic.name }],
      [{ text: safeText(id), style: ctx.chalk.dim }],
      ...markets.map((code): Cell => {
        const v = topic.visibility.get(code);
        return v === undefined || v === null ? null : [{ text: formatPercent(v) }];
      }),
    ],
  }));
  const lines: string[] = [];
  const heading = sharedHeading(results, ctx);
  if (heading !== null) lines.push(heading, '');
  lines.push(ctx.chalk.dim('visibility per market'));
  if (rows.length === 0) lines.push('No topics match.');
  else lines.push(...gridLines(columns, rows, ctx));
  const failures = failureLines(results, ctx);
  if (failures.length > 0) lines.push('', ...failures);
  return lines;
}
