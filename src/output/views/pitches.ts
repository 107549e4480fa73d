/**
 * `vis pitches <id>`: the prospect (status coloured, market, business type, when, the
 * share link), the report's headline figures, visibility per engine as bars, share of
 * voice against its rivals as bars (the prospect marked `▶`), then the highlights and
 * opportunities as lists.
 */
import type { Block, View, ViewContext } from './context.js';
import { chartLines, type ChartRow } from './chart.js';
import { flowLines } from './flow.js';
import { cell, type Part } from './grid.js';
import { toneOf, wordText } from './marks.js';
import { formatCount, formatPercent } from './numbers.js';
import { viewNumber } from './read.js';
import { sectionTitle } from './section.js';
import { formatTime, isUtcTime } from './time.js';
import { wrapText } from './wrap.js';

function bullets(items: readonly string[], ctx: ViewContext): string[] {
  const width = Math.max(10, ctx.width - 4);
  return items.flatMap((item) => wrapText(item, width).map((line, i) => `${i === 0 ? '  • ' : '    '}${line}`.trimEnd()));
}

export const pitchView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const prospect = read.text(data, 'prospect');
  const report = read.object(data, 'report', 'optional');
  const sep = { text: ' · ', style: chalk.dim };

  const title: Part[][] = [[{ text: prospect, style: chalk.bold }]];
  const id = read.number(data, 'id', 'optional');
  if (id !== undefined) title.push([{ text: `#${id === null ? '–' : id}`, style: chalk.dim }]);
  const status = read.text(data, 'status', 'optional');
  if (status) title.push([{ text: wordText(status), style: toneOf(read.rawText(data, 'status'), chalk) }]);
  const head = flowLines(title, ctx.width, { sep: { text: '  ' }, wide: ctx.wide });
  const facts: Part[][] = [];
  const fact = (label: string, key: string, transform: (s: string) => string = (s) => s) => {
    const v = read.text(data, key, 'optional');
    if (v) facts.push([{ text: `${label} `, style: chalk.dim }, { text: transform(v) }]);
  };
  fact('domain', 'domain');
  // The URL as entered, when it says more than the domain.
  if (read.rawText(data, 'url') !== undefined && read.rawText(data, 'url') === read.rawText(data, 'domain')) read.mark(data, 'url');
  else fact('url', 'url');
  fact('market', 'market');
  fact('business', 'business_type');
  fact('created', 'created_at', (s) => `${formatTime(s)}${isUtcTime(s) ? ' UTC' : ''}`);
  head.push(...flowLines(facts, ctx.width, { sep, wide: ctx.wide }));
  const share = read.text(data, 'share_url', 'optional');
  if (share) head.push(...flowLines([[{ text: 'share ', style: chalk.dim }, { text: share, style: chalk.underline }]], ctx.width, { wide: ctx.wide }));
  const blocks: Block[] = [head];
  if (!report) return blocks;

  const figures: Part[][] = [];
  const figure = (label: string, key: string, format: (v: number) => string) => {
    const v = read.number(report, key, 'optional');
    if (v !== undefined) figures.push([{ text: `${label} `, style: chalk.dim }, { text: v === null ? '–' : format(v), style: chalk.bold }]);
  };
  figure('visibility', 'visibility', formatPercent);
  figure('share of voice', 'share_of_voice', formatPercent);
  figure('rank', 'rank', formatCount);
  figure('questions tracked', 'questions_tracked', formatCount);
  if (figures.length > 0) blocks.push([sectionTitle('Report', null, ctx), ...flowLines(figures, ctx.width, { sep, wide: ctx.wide })]);

  const engines = read.records(report, 'engines', 'engine', 'optional');
  if (engines && engines.length > 0) {
    const rows: ChartRow[] = engines.map((e) => {
      const v = read.number(e, 'visibility', 'nullable');
      return { label: cell(read.text(e, 'engine')), value: v, valueText: v === null ? null : cell(formatPercent(v)) };
    });
    blocks.push([sectionTitle('Visibility per engine', null, ctx), ...chartLines(rows, ctx, { max: 100 })]);
  }

  const rivals = read.records(report, 'rivals', 'name', 'optional');
  if (rivals) {
    const own = viewNumber(report.share_of_voice) ?? null;
    const rows: ChartRow[] = rivals.map((r) => {
      const v = read.number(r, 'share_of_voice', 'nullable');
      return { label: cell(`  ${read.text(r, 'name')}`), value: v, valueText: v === null ? null : cell(formatPercent(v)) };
    });
    if (own !== null) {
      const row: ChartRow = { label: [{ text: '▶ ', style: chalk.yellow }, { text: prospect, style: chalk.bold.yellow }], value: own, style: chalk.yellow, valueText: cell(formatPercent(own), chalk.bold) };
      const at = rows.findIndex((r) => (r.value ?? 0) < own);
      rows.splice(at < 0 ? rows.length : at, 0, row);
    }
    blocks.push([sectionTitle('Share of voice', own !== null ? `${prospect} marked ▶` : null, ctx), ...(rows.length ? chartLines(rows, ctx) : ['No rivals.'])]);
  }

  for (const [key, label] of [['highlights', 'Highlights'], ['opportunities', 'Opportunities']] as const) {
    const items = read.texts(report, key, 'optional');
    if (items) blocks.push([sectionTitle(label, null, ctx), ...(items.length ? bullets(items, ctx) : ['  none'])]);
  }
  return blocks;
};
