/**
 * Buyer questions by engine and state (GET /prompts): how many questions each engine
 * answers with the brand recommended, mentioned, absent, open or not at all, as stacked
 * bars and a table of counts; then every question with each engine's state as the
 * terminal marks it (● ◐ ○ ◌ –). A state the report does not know is counted under its
 * own word, after the known ones.
 */
import type { ChartStack } from '../../domain/report.js';
import { escapeMarkup, html, plainText } from '../escape.js';
import {
  ANSWER_STATES,
  engineName,
  figure,
  isObj,
  listOf,
  records,
  spanText,
  stateMark,
  stateWords,
  table,
  text,
  TONE_COLOURS,
  windowOf,
  type Obj,
  type SectionView,
} from './kit.js';

export interface StateCounts {
  engines: string[];
  /** Known states best first, then unknown ones as met. */
  states: string[];
  counts: Map<string, Map<string, number>>;
}

export function countStates(prompts: readonly Obj[]): StateCounts {
  const engines: string[] = [];
  const unknown: string[] = [];
  const counts = new Map<string, Map<string, number>>();
  for (const p of prompts) {
    const per = isObj(p.engines) ? p.engines : {};
    for (const [engine, answer] of Object.entries(per)) {
      const state = isObj(answer) && typeof answer.state === 'string' ? answer.state : null;
      if (state === null) continue;
      if (!engines.includes(engine)) engines.push(engine);
      if (!ANSWER_STATES.some((s) => s.state === state) && !unknown.includes(state)) unknown.push(state);
      const row = counts.get(engine) ?? new Map<string, number>();
      row.set(state, (row.get(state) ?? 0) + 1);
      counts.set(engine, row);
    }
  }
  return { engines, states: [...ANSWER_STATES.map((s) => s.state), ...unknown], counts };
}

function stateOf(p: Obj, engine: string): string | null {
  const per = isObj(p.engines) ? p.engines : {};
  const answer = per[engine];
  return isObj(answer) && typeof answer.state === 'string' ? answer.state : null;
}

export const questions: SectionView = {
  title: 'Buyer questions',
  lead: 'What each AI engine answers to the questions buyers ask.',
  known: (data): data is Obj => listOf(data, 'prompts', 'prompt', { engines: 'object' }),
  fields: ['window', 'prompts'],
  // id, topic_id: for commands. Each engine's rate and position inside `engines` are the
  // answer's detail; the matrix shows its state.
  records: { prompts: { name: 'prompt', known: ['id', 'prompt', 'topic_id', 'engines'] } },
  async render(data, ctx) {
    const prompts = records(data, 'prompts');
    const { engines, states, counts } = countStates(prompts);
    const name = (e: string) => engineName(ctx, e);
    // The chart's parts are the matrix's states, in its order, in words, coloured by the same tone: the worst state reddest in both.
    const stacks: ChartStack[] = engines.map((e) => ({
      label: plainText(name(e)),
      parts: states.map((s) => ({ part: plainText(stateWords(s)), value: counts.get(e)?.get(s) ?? 0 })),
    }));
    const colours = states.map((s) => TONE_COLOURS[ANSWER_STATES.find((k) => k.state === s)?.tone ?? 'unknown']);
    const chart =
      engines.length === 0
        ? ''
        : await figure((size) =>
            ctx.charts.stacked(stacks, {
              title: 'Buyer questions by engine and state',
              order: states.map((s) => plainText(stateWords(s))),
              colours,
              locale: ctx.fmt.locale,
              unit: 'questions',
              ...size,
            }),
          );
    const fmt = ctx.fmt;
    const countTable = table(
      ['Engine', ...states.map((s) => ({ head: stateWords(s), numeric: true }))],
      engines.map((e) => [html(name(e)), ...states.map((s) => escapeMarkup(fmt.number(counts.get(e)?.get(s) ?? 0)))]),
      undefined,
      'grid',
    );
    const legend = `<p class="legend">${ANSWER_STATES.map((s) => `${stateMark(s.state, false)} ${escapeMarkup(s.label)}`).join(' &nbsp; ')}</p>`;
    const matrix = table(
      ['Question', ...engines.map((e) => ({ head: name(e) }))],
      prompts.map((p) => [
        html(text(p, 'prompt') ?? ''),
        ...engines.map((e) => {
          const s = stateOf(p, e);
          return s === null ? '<span class="muted">–</span>' : stateMark(s, false);
        }),
      ]),
      undefined,
      'grid',
    );
    const window = windowOf(data.window);
    const over = window === null ? '' : `<p class="small muted">Over ${escapeMarkup(spanText(window, fmt))}.</p>`;
    return [over, chart, countTable, `<h4>Each question</h4>`, legend, matrix].join('\n');
  },
};
