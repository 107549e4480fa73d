/**
 * Marks and colours for the words the API uses for states, so that every view colours
 * `critical` or `done` the same way, and marks read without colour too.
 *
 * Answer states (an engine's answer to a buyer question), from best to worst:
 *   ● recommended (green)  the brand is named first
 *   ◐ mentioned   (cyan)   named, not first
 *   ○ absent      (red)    rivals named, the brand not
 *   ◌ open        (yellow) a generic answer naming nobody
 *   – no_answer   (dim)    no answer in the window
 * A state the view does not know gets `?` and is spelled out in the legend. No mark is
 * `·`: views use it between items (`chatgpt · 2026-11-25 03:32 UTC · ◌ open`), where it
 * would read as one more separator.
 *
 * Other words get a tone: severity and priority (critical bold red, high red, medium
 * yellow, low dim), actions (write yellow, improve cyan, leave green), task and report
 * states (todo yellow, in_progress cyan, done and ready green, failed red). Unknown words
 * stay plain.
 */
import type { ChalkInstance } from 'chalk';
import type { Part, Style } from './grid.js';
import { toneOf as toneOfWord, type Tone } from '../../domain/tones.js';

export interface StateMark {
  state: string;
  mark: string;
  label: string;
  style: (chalk: ChalkInstance) => Style;
}

export const ANSWER_STATES: readonly StateMark[] = [
  { state: 'recommended', mark: '●', label: 'recommended', style: (c) => c.green },
  { state: 'mentioned', mark: '◐', label: 'mentioned', style: (c) => c.cyan },
  { state: 'absent', mark: '○', label: 'absent (rivals named)', style: (c) => c.red },
  { state: 'open', mark: '◌', label: 'open (no one named)', style: (c) => c.yellow },
  { state: 'no_answer', mark: '–', label: 'no answer', style: (c) => c.dim },
];

export const UNKNOWN_MARK = '?';

export function answerState(state: string): StateMark | undefined {
  return ANSWER_STATES.find((s) => s.state === state);
}

/** The coloured mark of a state (raw API value), `?` for one not known. */
export function stateMarkPart(state: string, chalk: ChalkInstance): Part {
  const known = answerState(state);
  return known ? { text: known.mark, style: known.style(chalk) } : { text: UNKNOWN_MARK };
}

function toneStyle(tone: Tone, chalk: ChalkInstance): Style {
  switch (tone) {
    case 'alarm':
      return chalk.bold.red;
    case 'bad':
      return chalk.red;
    case 'warn':
      return chalk.yellow;
    case 'info':
      return chalk.cyan;
    case 'good':
      return chalk.green;
    case 'muted':
      return chalk.dim;
  }
}

/** The style for a word of the API (`critical`, `done`, ...), compared as sent; identity if unknown. */
export function toneOf(raw: string | null | undefined, chalk: ChalkInstance): Style {
  const tone = raw === null || raw === undefined ? undefined : toneOfWord(raw);
  return tone === undefined ? (s) => s : toneStyle(tone, chalk);
}

/** `in_progress` -> `in progress`: API words read better without underscores. */
export function wordText(s: string): string {
  return s.replace(/_/g, ' ');
}

/** The legend of the answer-state marks, then any state the view did not know, as flow items. */
export function stateLegend(unknown: readonly string[], chalk: ChalkInstance, safe: (s: string) => string): Part[][] {
  const legend: Part[][] = ANSWER_STATES.map((s) => [{ text: s.mark, style: s.style(chalk) }, { text: ` ${s.label}` }]);
  for (const u of unknown) legend.push([{ text: UNKNOWN_MARK }, { text: ` ${safe(u)}` }]);
  return legend;
}
