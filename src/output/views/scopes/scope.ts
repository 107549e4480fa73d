/** What one scope shows in the combined layouts: its name, its data, its failure, and what the scopes share. */
import type { ScopeResult } from '../../../domain/scope.js';
import type { ViewContext } from '../context.js';
import { fitLine, wrapLine } from '../grid.js';
import { safeText, type Obj } from '../read.js';
import { isPlainObject } from '../../flatten.js';

/** `Globex · US-en`, or the brand alone for data read once per brand. */
export function scopeName(result: ScopeResult): string {
  const brand = safeText(result.brand.name) || safeText(result.brand.id);
  return result.market === null ? brand : `${brand} · ${safeText(result.market.code)}`;
}

/**
 * `Globex · US-en: integration_not_connected: Search Console is not connected.`, dim,
 * wrapped at spaces rather than shortened: the message says what to do about it.
 */
export function failureLines(results: readonly ScopeResult[], ctx: ViewContext): string[] {
  return results.flatMap((r) =>
    r.error === null ? [] : wrapLine([{ text: `${scopeName(r)}: ${safeText(r.error.code)}: ${safeText(r.error.message)}`, style: ctx.chalk.dim }], ctx),
  );
}

/** The data of a scope that was read, as an object; null for a failure. */
export function dataOf(result: ScopeResult): Obj | null {
  if (result.error !== null || result.envelope === null) return null;
  const data = result.envelope.data;
  return isPlainObject(data) ? data : null;
}

/** Which of brand and market differ between the scopes, and so get a column. */
export function varying(results: readonly ScopeResult[]): { brand: boolean; market: boolean } {
  return {
    brand: new Set(results.map((r) => r.brand.id)).size > 1,
    market: new Set(results.map((r) => r.market?.code ?? null)).size > 1,
  };
}

/** The period of an answer as its heading writes it: `2026-11-16 – 2026-11-22`. */
function periodOf(data: Obj): string | null {
  const period = isPlainObject(data.period) ? data.period : isPlainObject(data.window) ? data.window : null;
  if (period === null || typeof period.from !== 'string' || typeof period.to !== 'string') return null;
  return `${safeText(period.from)} – ${safeText(period.to)}`;
}

/** The dim line above a table: what every scope shares (brand, market, period); null when nothing. */
export function sharedHeading(results: readonly ScopeResult[], ctx: ViewContext): string | null {
  const first = results[0];
  if (first === undefined) return null;
  const differ = varying(results);
  const parts: string[] = [];
  if (!differ.brand) parts.push(safeText(first.brand.name) || safeText(first.brand.id));
  if (!differ.market && first.market !== null) parts.push(safeText(first.market.code));
  const periods = new Set(results.flatMap((r) => (dataOf(r) === null ? [] : [periodOf(dataOf(r) as Obj)])));
  const [period] = periods;
  if (periods.size === 1 && period !== undefined && period !== null) parts.push(period);
  return parts.length === 0 ? null : fitLine([{ text: parts.join(' · '), style: ctx.chalk.dim }], ctx);
}
