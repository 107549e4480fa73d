/**
 * Numbers as views print them, one function per kind so a figure looks the same
 * everywhere: percentages with one decimal and a sign (`41.8%`), counts with thousands
 * separators (`1,234`), averages such as positions with one decimal (`2.4`), and changes
 * as an arrow and the size of the change (`▲ 1.8`, `▼ 3.4`), coloured by whether the
 * change is good: green when better, red when worse. For a position lower is better, so
 * `▼ 0.3` is green there. A change of zero is the bare number, dimmed.
 */
import type { ChalkInstance } from 'chalk';
import type { Cell } from './grid.js';

/** `41.8%`: the API sends percentages as 0-100 numbers with one decimal. */
export function formatPercent(v: number): string {
  return `${v.toFixed(1)}%`;
}

/** `1,234`; a count that is not whole keeps its decimals. */
export function formatCount(v: number): string {
  if (!Number.isInteger(v)) return String(v);
  const sign = v < 0 ? '-' : '';
  const digits = String(Math.abs(v));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** An average such as a position or a score, one decimal: `2.4`, `15.0`. */
export function formatDecimal(v: number): string {
  return v.toFixed(1);
}

/** A score: whole numbers stay whole (`77`), others get one decimal. */
export function formatScore(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(1);
}

/**
 * How each number of a column is written: all with one decimal when any has decimals
 * (`8.0`, `7.7`, `6.0`), whole otherwise (`8`, `6`), so the figures line up and read alike.
 */
export function columnFormat(values: readonly (number | null | undefined)[]): (v: number) => string {
  const whole = values.every((v) => v === null || v === undefined || Number.isInteger(v));
  return whole ? String : formatDecimal;
}

/**
 * Which way a figure's change is good news. `higher`: a larger number is better (a
 * visibility). `lower`: a smaller number is better (a position, where 1 is first).
 * `neither`: no judgement. `rival-gap`: not a move but a rival's lead over the brand,
 * bad news when positive.
 */
export type Better = 'higher' | 'lower' | 'neither' | 'rival-gap';

/** Percentage points, places, or a count: how the size of a change is written. */
export type ChangeUnit = 'points' | 'decimal' | 'count' | 'percent';

function magnitude(v: number, unit: ChangeUnit): string {
  if (unit === 'count') return formatCount(v);
  if (unit === 'percent') return formatPercent(v);
  return v.toFixed(1);
}

/**
 * The arrow and size of a change as text, without colour: `▲ 1.8`, `▼ 3.4`, `0.0`. An
 * arrow is news, ▲ better and ▼ worse, so it reads right with no colour: for a figure
 * where smaller is better (`lower`) it points the other way from the number (a position
 * from 1.8 to 2.0 is `▼ 0.2`). A rival's lead is a signed gap (`+62.6`), not a move.
 */
export function changeText(v: number, unit: ChangeUnit, better: Better = 'higher'): string {
  if (v === 0) return magnitude(0, unit);
  if (better === 'rival-gap') return `${v > 0 ? '+' : '-'}${magnitude(Math.abs(v), unit)}`;
  const up = better === 'lower' ? v < 0 : v > 0;
  return `${up ? '▲' : '▼'} ${magnitude(Math.abs(v), unit)}`;
}

/** A change as a cell: arrow, size, and green/red by `better`. Null (not measured) is `–`. */
export function changeCell(v: number | null | undefined, unit: ChangeUnit, better: Better, chalk: ChalkInstance): Cell {
  if (v === null || v === undefined) return null;
  const text = changeText(v, unit, better);
  if (v === 0) return [{ text, style: chalk.dim }];
  if (better === 'neither') return [{ text }];
  const good = better === 'higher' ? v > 0 : v < 0;
  return [{ text, style: good ? chalk.green : chalk.red }];
}
