/**
 * `vis forum`: one section per topic: its figures and summary, then its threads: title,
 * replies, score, whether AI cites the thread (✓ and the engines, ✗), and under each
 * title the forum and when it was posted, the companies it mentions (the brand
 * highlighted) and its address. `▶` marks a thread that mentions the brand.
 */
import { noneMatch } from './section.js';
import type { Block, View } from './context.js';
import { wrappedText } from './answer.js';
import { flowLines } from './flow.js';
import { cell, gridLines, type Cell, type Column, type GridRow, type Part } from './grid.js';
import { formatCount } from './numbers.js';
import { formatTime } from './time.js';
import { engineName } from '../../text/engine-name.js';

const BRAND_MARK = '▶';

export const forumView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const topics = read.records(data, 'topics', 'topic');
  const blocks: Block[] = [];
  const limit = read.number(data, 'limit', 'optional');
  const head: Part[][] = [];
  if (limit !== undefined) head.push([{ text: `at most ${limit === null ? '–' : formatCount(limit)} threads per topic`, style: chalk.dim }]);
  head.push([{ text: `${BRAND_MARK} mentions ${ctx.brand ?? 'the brand'}`, style: chalk.dim }], [{ text: 'times in UTC', style: chalk.dim }]);
  blocks.push(flowLines(head, ctx.width, { sep: { text: ' · ', style: chalk.dim }, wide: ctx.wide }));
  if (topics.length === 0) {
    blocks.push([noneMatch(ctx)]);
    return blocks;
  }
  for (const t of topics) {
    const lines: string[] = [];
    const title: Part[][] = [[{ text: read.text(t, 'topic'), style: chalk.bold }]];
    const id = read.text(t, 'topic_id', 'optional');
    if (id) title.push([{ text: id, style: chalk.dim }]);
    lines.push(...flowLines(title, ctx.width, { sep: { text: '  ' }, wide: ctx.wide }));
    const facts: Part[][] = [];
    const fact = (key: string, label: (n: number) => string) => {
      const v = read.number(t, key, 'optional');
      if (v !== undefined) facts.push([{ text: v === null ? '–' : formatCount(v), style: chalk.bold }, { text: ` ${label(v ?? 0)}` }]);
    };
    fact('threads_total', (n) => (n === 1 ? 'thread' : 'threads'));
    fact('cited_total', () => 'cited by AI');
    fact('brand_mentions', () => `mention ${ctx.brand ?? 'the brand'}`);
    if (facts.length > 0) lines.push(...flowLines(facts, ctx.width, { sep: { text: ' · ', style: chalk.dim }, wide: ctx.wide }));
    const summary = read.prose(t, 'summary', 'optional');
    if (summary) lines.push(...wrappedText(summary, ctx, { indent: '', style: chalk.dim }));

    const threads = read.records(t, 'threads', 'title');
    if (threads.length === 0) {
      lines.push('No threads.');
      blocks.push(lines);
      continue;
    }
    const rows: GridRow[] = [];
    for (const th of threads) {
      const mentionsBrand = read.bool(th, 'mentions_brand', 'optional');
      const cited = read.bool(th, 'cited', 'optional');
      const citedBy = read.texts(th, 'cited_by', 'optional');
      const ai: Cell =
        cited === undefined && citedBy === undefined
          ? []
          : [
              ...(cited === true ? [{ text: '✓', style: chalk.green }] : cited === false ? [{ text: '✗', style: chalk.dim }] : []),
              ...(citedBy && citedBy.length > 0 ? [{ text: ` ${citedBy.map((e) => engineName(e)).join(', ')}` }] : []),
            ];
      const num = (key: string): Cell => {
        const v = read.number(th, key, 'optional');
        return v === undefined ? [] : v === null ? null : cell(formatCount(v));
      };
      const posted = read.text(th, 'posted_at', 'optional');
      rows.push({
        cells: [
          mentionsBrand === true ? cell(BRAND_MARK, chalk.yellow) : mentionsBrand === false ? cell(' ') : [],
          cell(read.text(th, 'title')),
          num('replies'),
          num('score'),
          ai,
        ],
      });
      // Under the title: where and when, who it mentions, its address.
      const detail: Part[][] = [];
      const where: Part[] = [];
      if (read.has(th, 'forum')) where.push({ text: read.text(th, 'forum', 'nullable') ?? '–' });
      if (posted !== undefined) where.push({ text: `${where.length > 0 ? ' · ' : ''}${posted === null ? '–' : formatTime(posted)}`, style: chalk.dim });
      if (where.length > 0) detail.push(where);
      const mentions = read.texts(th, 'mentions', 'optional');
      if (mentions) {
        const names: Part[] = [];
        mentions.forEach((m, i) => {
          if (i > 0) names.push({ text: ', ', style: chalk.dim });
          names.push({ text: m, style: ctx.brand !== null && m.toLowerCase() === ctx.brand.toLowerCase() ? chalk.bold.yellow : chalk.dim });
        });
        detail.push(names.length > 0 ? [{ text: 'mentions ', style: chalk.dim }, ...names] : [{ text: 'mentions no company', style: chalk.dim }]);
      }
      const url = read.text(th, 'url', 'optional');
      if (url) detail.push([{ text: url, style: chalk.dim }]);
      if (detail.length > 0) rows.push({ detail, column: 1, sep: { text: ' · ', style: chalk.dim } });
    }
    const columns: Column[] = [
      { header: '' },
      { header: 'thread', shrink: true, min: 12 },
      { header: 'replies', align: 'right' },
      { header: 'score', align: 'right' },
      { header: 'AI cites', shrink: true, min: 8 },
    ];
    lines.push('', ...gridLines(columns, rows, ctx));
    blocks.push(lines);
  }
  return blocks;
};
