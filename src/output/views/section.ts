/** Headings inside a view, and the sentence for an empty collection. */
import type { ChalkInstance } from 'chalk';
import { flowLines } from './flow.js';
import { fitParts, type Part } from './parts.js';

/**
 * A section's heading: the title in bold, a note after it dimmed (on the next line when
 * both do not fit). One string, lines joined with LF, so it can stand where a line does.
 */
export function sectionTitle(title: string, note: string | null, ctx: { width: number; wide: boolean; chalk: ChalkInstance }): string {
  const items: Part[][] = [[{ text: title, style: ctx.chalk.bold }]];
  if (note !== null && note !== '') items.push([{ text: note, style: ctx.chalk.dim }]);
  return flowLines(items, ctx.width, { sep: { text: '  ' }, wide: ctx.wide }).join('\n');
}

/** The sentence for an empty collection: `No tasks match.`, never an empty screen. */
export function noneMatch(ctx: { width: number; wide: boolean; noun: string }): string {
  const text = `No ${ctx.noun} match.`;
  return ctx.wide ? text : fitParts([{ text }], ctx.width);
}
