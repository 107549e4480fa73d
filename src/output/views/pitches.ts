/**
 * `vis pitches <id>`: the prospect (status coloured, market, business type, when, the
 * share link), the report's headline figures, visibility per engine as bars, share of
 * voice against its rivals as bars (the prospect marked `▶`), then the highlights and
 * opportunities as lists.
 */
import type { Block, View, ViewContext } from './context.js';
import { chartLines, type ChartRow } from './chart.js';
import { figureItems, flowLines } from './flow.js';
import { cell, fitLine, gridLines, partsWidth, type Cell, type Column, type GridRow, type Part } from './grid.js';
import { toneOf, wordText } from './marks.js';
import { formatCount, formatPercent } from './numbers.js';
import { safeText, viewNumber } from './read.js';
import { noneMatch, sectionTitle } from './section.js';
import { meterLines, readMeter } from './usage.js';
import { formatTime, isUtcTime } from './time.js';
import { commonOrigin, pathOf } from './urls.js';
import { wrapText } from './wrap.js';
import { displayWidth } from '../../text/width.js';
import { engineName } from '../../text/engine-name.js';

/** Where a share link starts under its pitch, in the cards of a narrow terminal at least. */
const SHARE_INDENT = 4;
/** Narrowest the prospect column gets before the rows become cards. */
const PROSPECT_MIN = 24;

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
  // The link is given away as it is: whole, under its label when it does not fit beside it.
  if (share) head.push(...flowLines([[{ text: share, style: chalk.underline }]], ctx.width, { lead: [{ text: 'share ', style: chalk.dim }], wide: ctx.wide }));
  const blocks: Block[] = [head];
  if (!report) return blocks;

  const figures = figureItems(ctx, report, [
    ['visibility', 'visibility', formatPercent],
    ['share of voice', 'share_of_voice', formatPercent],
    ['rank', 'rank', formatCount],
    ['questions tracked', 'questions_tracked', formatCount],
  ]);
  if (figures.length > 0) blocks.push([sectionTitle('Report', null, ctx), ...flowLines(figures, ctx.width, { sep, wide: ctx.wide })]);

  const engines = read.records(report, 'engines', 'engine', 'optional');
  if (engines && engines.length > 0) {
    const rows: ChartRow[] = engines.map((e) => {
      const v = read.number(e, 'visibility', 'nullable');
      return { label: cell(engineName(read.text(e, 'engine'))), value: v, valueText: v === null ? null : cell(formatPercent(v)) };
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
      const row: ChartRow = {
        label: [
          { text: '▶ ', style: chalk.yellow },
          { text: prospect, style: chalk.bold.yellow },
        ],
        value: own,
        style: chalk.yellow,
        valueText: cell(formatPercent(own), chalk.bold),
      };
      const at = rows.findIndex((r) => (r.value ?? 0) < own);
      rows.splice(at < 0 ? rows.length : at, 0, row);
    }
    blocks.push([sectionTitle('Share of voice', own !== null ? `${prospect} marked ▶` : null, ctx), ...(rows.length ? chartLines(rows, ctx) : ['No rivals.'])]);
  }

  for (const [key, label] of [
    ['highlights', 'Highlights'],
    ['opportunities', 'Opportunities'],
  ] as const) {
    const items = read.texts(report, key, 'optional');
    if (items) blocks.push([sectionTitle(label, null, ctx), ...(items.length ? bullets(items, ctx) : ['  none'])]);
  }
  return blocks;
};

/**
 * `vis pitches`: the allowance as a gauge (used of the allowance, what is left, when it
 * resets), then one row per pitch report: id, prospect, market, status (coloured), when
 * created; under it the business, the prospect's domain and the share link, whole.
 */
export const pitchesView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const pitches = read.records(data, 'pitches', 'prospect');
  const blocks: Block[] = [];
  if (read.has(data, 'allowance')) {
    const meter = readMeter(data, 'allowance', 'allowance', 'Pitch reports', ctx);
    const allowance = read.object(data, 'allowance');
    const none = meter.limit === 0 && meter.used === 0;
    const lines = none
      ? [
          fitLine(
            [
              { text: 'Pitch reports', style: chalk.bold },
              { text: '  none included in this plan', style: chalk.dim },
            ],
            ctx,
          ),
        ]
      : meterLines([meter], ctx);
    // When none are included, when "none" resets says nothing.
    if (none) read.mark(allowance, 'resets_at');
    const resets = none ? undefined : read.text(allowance, 'resets_at', 'optional');
    if (resets) lines.push(fitLine([{ text: 'Resets ', style: chalk.dim }, { text: `${formatTime(resets)}${isUtcTime(resets) ? ' UTC' : ''}` }], ctx));
    blocks.push(lines);
  }
  if (pitches.length === 0) {
    blocks.push([noneMatch(ctx)]);
    return blocks;
  }
  const sep = { text: ' · ', style: chalk.dim };
  const rows: GridRow[] = [];
  let utc = false;
  // Share links too long for a line lose their common site (said once below), so no
  // link is ever broken in two.
  const shares = pitches.map((p) => read.rawText(p, 'share_url')).filter((u): u is string => u !== undefined);
  const origin = !ctx.wide && shares.some((u) => displayWidth(safeText(u)) > ctx.width - SHARE_INDENT) ? commonOrigin(shares.map(safeText)) : null;
  for (const p of pitches) {
    const id = read.number(p, 'id', 'optional');
    const status = read.text(p, 'status', 'optional');
    const created = read.text(p, 'created_at', 'optional');
    if (created && isUtcTime(created)) utc = true;
    const text = (key: string): Cell => {
      const v = read.text(p, key, 'optional');
      return v === undefined ? [] : v === null ? null : cell(v);
    };
    rows.push({
      cells: [
        id === undefined ? [] : id === null ? null : cell(String(id), chalk.dim),
        cell(read.text(p, 'prospect'), chalk.bold),
        text('market'),
        status === undefined ? [] : status === null ? null : cell(wordText(status), toneOf(read.rawText(p, 'status'), chalk)),
        // To the minute: a column of times reads best all one width.
        created === undefined ? [] : created === null ? null : cell(isUtcTime(created) ? formatTime(created).slice(0, 16) : created, chalk.dim),
      ],
    });
    const detail: Part[][] = [];
    const business = read.text(p, 'business_type', 'optional');
    if (business) detail.push([{ text: business }]);
    const domain = read.text(p, 'domain', 'optional');
    if (domain) detail.push([{ text: domain, style: chalk.dim }]);
    const share = read.text(p, 'share_url', 'optional');
    if (share) detail.push([{ text: pathOf(share, origin), style: chalk.underline }]);
    if (detail.length > 0) rows.push({ detail, column: 1, sep });
  }
  const columns: Column[] = [
    { header: 'id', align: 'right' },
    // The name whole (up to PROSPECT_MIN columns), or the rows become cards.
    {
      header: 'prospect',
      shrink: true,
      min: Math.min(PROSPECT_MIN, Math.max(0, ...rows.map((r) => ('cells' in r && r.cells[1] ? partsWidth(r.cells[1]) : 0)))),
    },
    { header: 'market' },
    { header: 'status' },
    { header: utc ? 'created (UTC)' : 'created' },
  ];
  const lines = gridLines(columns, rows, ctx);
  const note: Part[][] = [[{ text: 'Under each: business, domain, share link.', style: chalk.dim }]];
  if (origin) note.push([{ text: `(links on ${origin})`, style: chalk.dim }]);
  note.push([{ text: 'One in full:', style: chalk.dim }, { text: ' vis pitches <id>' }]);
  lines.push('', ...flowLines(note, ctx.width, { sep: { text: ' ' }, wide: ctx.wide }));
  blocks.push(lines);
  return blocks;
};
