/**
 * `vis answers runs`: the question, how often the brand was named, then each run as a
 * card (answer.ts): engine, time, state and position above the answer text wrapped to
 * the terminal with the brand highlighted, then the companies it named and the pages it
 * cited.
 */
import { noneMatch } from './section.js';
import type { Block, View, ViewContext } from './context.js';
import { answerHeadLines, INDENT, wrappedText } from './answer.js';
import { fitLine, type Part } from './grid.js';
import { paint } from './parts.js';
import { displayWidth } from '../../text/width.js';
import { flowLines } from './flow.js';
import { isUrlWord } from './wrap.js';
import { formatCount, formatPercent } from './numbers.js';
import type { Obj } from './read.js';

/** `Named: Globex CRM, Pipewell, Northwind CRM` with the brand in bold yellow. */
function namesLine(label: string, names: readonly string[], ctx: ViewContext, indent = INDENT): string[] {
  const { chalk } = ctx;
  const items: Part[][] = names.map((n, i) => [
    { text: n, style: ctx.brand !== null && n.toLowerCase() === ctx.brand.toLowerCase() ? chalk.bold.yellow : undefined },
    ...(i < names.length - 1 ? [{ text: ',' }] : []),
  ]);
  if (items.length === 0) items.push([{ text: 'none', style: chalk.dim }]);
  return flowLines(items, ctx.width, { sep: { text: ' ' }, lead: [{ text: indent }, { text: `${label} `, style: chalk.dim }], wide: ctx.wide });
}

function runCard(run: Obj, ctx: ViewContext): string[] {
  const { read } = ctx;
  const engine = read.text(run, 'engine');
  const time = read.text(run, 'run_at', 'optional');
  const state = read.rawText(run, 'state');
  const stateText = read.text(run, 'state', 'optional');
  const named = read.bool(run, 'named_brand', 'optional');
  const position = read.number(run, 'position', 'optional');
  const answer = read.prose(run, 'answer', 'nullable');
  const brands = read.texts(run, 'brands_named', 'optional');
  const citations = read.texts(run, 'citations', 'optional');
  const lines = [
    ...answerHeadLines({ engine, time, state: typeof stateText === 'string' ? state : undefined, stateText, named, position }, ctx, { hang: true }),
  ];
  lines.push(...(answer === null ? [`${INDENT}${ctx.chalk.dim('no answer text')}`] : wrappedText(answer, ctx)));
  if (brands) lines.push(...namesLine('Named:', brands, ctx));
  if (citations) lines.push(...citedLines(citations, ctx));
  return lines;
}

const CITED = 'Cited: ';

/**
 * The pages a run cited, one URL a line after `Cited:`, each whole: when one would not fit
 * there, all go under the label at the card's indent, and one wider than the terminal
 * runs past it alone on its line (soft-wrapped, it is still copied whole).
 */
function citedLines(urls: readonly string[], ctx: ViewContext): string[] {
  const { chalk } = ctx;
  const label = { text: CITED, style: chalk.dim };
  if (urls.length === 0) return [fitLine([{ text: INDENT }, label, { text: 'nothing', style: chalk.dim }], ctx)];
  const beside = INDENT.length + CITED.length;
  if (ctx.wide || urls.every((url) => beside + displayWidth(url) <= ctx.width))
    return urls.map((url, i) => paint([{ text: INDENT }, i === 0 ? label : { text: ' '.repeat(CITED.length) }, { text: url }]));
  const whole = (url: string) => !/\s/.test(url) && isUrlWord(url);
  return [
    paint([{ text: INDENT }, { text: CITED.trimEnd(), style: chalk.dim }]),
    ...urls.map((url) => (whole(url) ? `${INDENT}${url}` : fitLine([{ text: INDENT }, { text: url }], ctx))),
  ];
}

export const runsView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const prompt = read.prose(data, 'prompt');
  const id = read.text(data, 'prompt_id', 'optional');
  const topic = read.text(data, 'topic_id', 'optional');
  const rate = read.number(data, 'rate', 'optional');
  const runs = read.records(data, 'runs', 'run_at');

  const head: string[] = wrappedText(`“${prompt}”`, ctx, { indent: '', style: chalk.bold, highlight: [] });
  const facts: Part[][] = [];
  if (rate !== undefined)
    facts.push([{ text: rate === null ? '–' : formatPercent(rate), style: chalk.bold }, { text: ' of answers name ' }, { text: ctx.brand ?? 'the brand' }]);
  facts.push([{ text: formatCount(runs.length), style: chalk.bold }, { text: runs.length === 1 ? ' run' : ' runs' }]);
  if (id) facts.push([{ text: 'question ', style: chalk.dim }, { text: id }]);
  if (topic) facts.push([{ text: 'topic ', style: chalk.dim }, { text: topic }]);
  head.push(...flowLines(facts, ctx.width, { sep: { text: ' · ', style: chalk.dim }, wide: ctx.wide }));

  const blocks: Block[] = [head];
  if (runs.length === 0) blocks.push([noneMatch(ctx)]);
  for (const run of runs) blocks.push(runCard(run, ctx));
  return blocks;
};
