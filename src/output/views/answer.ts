/**
 * One AI answer as a card: a line naming the engine, the time, the state (mark and word)
 * and the brand's position, then the answer text wrapped to the terminal and indented,
 * every occurrence of the brand's name highlighted (bold yellow; without colour the
 * header line still says whether and where the brand was named).
 */
import type { ViewContext } from './context.js';
import { flowLines } from './flow.js';
import type { Part } from './grid.js';
import { findSpans, lineParts } from './highlight.js';
import { answerState, stateMarkPart, wordText } from './marks.js';
import { formatDecimal } from './numbers.js';
import { formatTime, isUtcTime } from './time.js';
import { wrapRanges } from './wrap.js';
import { engineName } from '../../text/engine-name.js';

export const INDENT = '  ';

export interface AnswerHead {
  engine: string;
  /** The raw time from the API, sanitised. */
  time?: string | null | undefined;
  /** The raw state, compared against the known ones. */
  state?: string | null | undefined;
  /** The state as text to show (sanitised). */
  stateText?: string | null | undefined;
  position?: number | null | undefined;
  /** Whether the answer named the brand, when the API says so. */
  named?: boolean | null | undefined;
}

/**
 * The card's first line (or lines, on a narrow terminal): engine · time · state · where
 * named. With `hang`, lines after the first start at the card's indent, so that a wrapped
 * heading does not read as the next card's.
 */
export function answerHeadLines(head: AnswerHead, ctx: ViewContext, options: { hang?: boolean } = {}): string[] {
  const { chalk } = ctx;
  const items: Part[][] = [[{ text: engineName(head.engine), style: chalk.bold }]];
  let parts: Part[] = items[0] as Part[];
  const sep = (): void => {
    parts = [];
    items.push(parts);
  };
  if (head.time) {
    sep();
    parts.push({ text: `${formatTime(head.time)}${isUtcTime(head.time) ? ' UTC' : ''}` });
  }
  if (head.stateText === null) {
    sep();
    parts.push({ text: 'no state', style: chalk.dim });
  } else if (head.state !== null && head.state !== undefined) {
    sep();
    const known = answerState(head.state);
    parts.push(stateMarkPart(head.state, chalk), { text: ` ${wordText(head.stateText ?? head.state)}`, style: known ? known.style(chalk) : undefined });
  }
  // Whether and where the brand was named, in one phrase.
  const who = ctx.brand ?? 'brand';
  const at = head.position === null || head.position === undefined ? '' : ` at position ${formatDecimal(head.position).replace(/\.0$/, '')}`;
  if (head.named === true || (head.named !== false && at !== '')) {
    sep();
    parts.push({ text: `${who} named${at}` });
  } else if (head.named === false) {
    sep();
    parts.push({ text: `${who} not named${at}`, style: chalk.dim });
  } else if (head.position === null) {
    sep();
    parts.push({ text: 'no position', style: chalk.dim });
  }
  return flowLines(items, ctx.width, { sep: { text: ' · ', style: chalk.dim }, hang: options.hang ? INDENT.length : 0, wide: ctx.wide });
}

/** Text wrapped to the width less the indent, with `highlight` (the brand by default) painted. */
export function wrappedText(
  text: string,
  ctx: ViewContext,
  options: { indent?: string; highlight?: ReadonlyArray<string | null>; style?: (s: string) => string } = {},
): string[] {
  const indent = options.indent ?? INDENT;
  const width = Math.max(10, ctx.width - indent.length);
  const names = options.highlight ?? [ctx.brand];
  const spans = names.flatMap((n) => findSpans(text, n)).sort((a, b) => a.start - b.start);
  const mark = ctx.chalk.bold.yellow;
  return wrapRanges(text, width, { hang: true }).map((range) => {
    const parts = lineParts(text, range, spans, mark, options.style);
    return `${indent}${' '.repeat(range.indent)}${parts.map((p) => (p.style && p.text !== '' ? p.style(p.text) : p.text)).join('')}`.trimEnd();
  });
}
