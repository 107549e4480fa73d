/**
 * `vis sources`: the domains AI cites, most cited first: who owns each (the brand's own
 * in bold yellow, a competitor's in red, the owner in words where the kind does not
 * say it), what kind of site it is, its citations and
 * share of all citations as a bar, and under the domain the page cited most (its path
 * when on that domain) and the
 * topics it is cited in (all of them, or which it is missing from). Then the citations
 * per engine, one column per engine.
 */
import type { Block, View, ViewContext } from './context.js';
import { bar } from './bar.js';
import { flowLines } from './flow.js';
import { cell, gridLines, naturalWidths, type Cell, type Column, type GridRow, type Part, type Style } from './grid.js';
import { wordText } from './marks.js';
import { formatCount, formatPercent } from './numbers.js';
import { safeText } from './read.js';
import { noneMatch, sectionTitle } from './section.js';
import { commonOrigin, pathOf } from './urls.js';
import { engineName } from '../../text/engine-name.js';

function ownerStyle(raw: string | undefined, ctx: ViewContext): Style | undefined {
  if (raw === 'brand') return ctx.chalk.bold.yellow;
  if (raw === 'competitor') return ctx.chalk.red;
  return undefined;
}

/**
 * The kind of site, in the owner's colour; the owner said in words only when the kind
 * does not already say it (`video (brand)`; a third party's site is the plain case).
 */
function kindCell(kind: string | null | undefined, owner: string | null | undefined, ownerRaw: string | undefined, style: Style | undefined): Cell {
  const parts: Part[] = [];
  if (kind) parts.push({ text: wordText(kind), style });
  if (owner && ownerRaw !== 'third_party' && owner !== kind) parts.push({ text: `${parts.length ? ' ' : ''}(${wordText(owner)})`, style });
  if (owner === null && kind === null) return null;
  return parts.length > 0 ? parts : kind === null ? null : [];
}

function count(v: number | null | undefined): Cell {
  return v === undefined ? [] : v === null ? null : cell(formatCount(v));
}

export const sourcesView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const blocks: Block[] = [];
  const totals = read.object(data, 'totals', 'optional');
  if (totals) {
    const facts: Part[][] = [];
    const citations = read.number(totals, 'citations', 'optional');
    const answers = read.number(totals, 'answers', 'optional');
    if (citations !== undefined) facts.push([{ text: citations === null ? '–' : formatCount(citations), style: chalk.bold }, { text: ' citations' }]);
    if (answers !== undefined)
      facts.push([
        { text: `${citations !== undefined ? 'in ' : ''}` },
        { text: answers === null ? '–' : formatCount(answers), style: chalk.bold },
        { text: ' answers' },
      ]);
    if (facts.length > 0) blocks.push(flowLines(facts, ctx.width, { sep: { text: ' ' }, wide: ctx.wide }));
  }
  const sources = read.records(data, 'sources', 'domain');
  if (sources.length === 0) return [...blocks, [noneMatch(ctx)]];

  // Every topic any source is cited in, in first-seen order: a source in all of them says so.
  const allTopics: string[] = [];
  for (const s of sources)
    for (const t of (Array.isArray(s.topics) ? s.topics : []) as unknown[]) if (typeof t === 'string' && !allTopics.includes(t)) allTopics.push(t);

  const engines: Array<{ raw: string; name: string }> = [];
  const perEngine: Array<{ label: Cell; counts: Map<string, number | null> }> = [];
  const parsed = sources.map((s) => {
    const domain = read.text(s, 'domain');
    const ownerRaw = read.rawText(s, 'owner');
    const owner = read.text(s, 'owner', 'optional');
    const kind = read.text(s, 'kind', 'optional');
    const citations = read.number(s, 'citations', 'nullable');
    const share = read.number(s, 'share', 'optional');
    const style = ownerStyle(ownerRaw, ctx);
    const label = cell(domain, style);
    const detail: Part[][] = [];
    // The page cited most, as a path when it is on the row's domain (the domain is on the row).
    const topUrl = read.text(s, 'top_url', 'optional');
    const origin = topUrl ? commonOrigin([topUrl]) : null;
    const onDomain = origin !== null && /^https?:\/\/(?:www\.)?(.*)$/.exec(origin)?.[1] === domain.replace(/^www\./, '');
    if (topUrl) detail.push([{ text: onDomain ? pathOf(topUrl, origin) : topUrl, style: chalk.dim }]);
    const topics = read.texts(s, 'topics', 'optional');
    if (topics) {
      const raw = s.topics as string[];
      const missing = allTopics.filter((t) => !raw.includes(t)).map(safeText);
      const text =
        topics.length === 0
          ? 'in no topic'
          : allTopics.length > 1 && missing.length === 0
            ? `in all ${formatCount(allTopics.length)} topics`
            : missing.length > 0 && missing.length < topics.length
              ? `in ${formatCount(topics.length)} of ${formatCount(allTopics.length)} topics, not ${missing.join(', ')}`
              : `in ${topics.join(', ')}`;
      detail.push([{ text, style: chalk.dim }]);
    }
    const byEngine = read.counts(s, 'engines', 'optional');
    if (byEngine) {
      for (const e of byEngine) if (!engines.some((x) => x.raw === e.raw)) engines.push({ raw: e.raw, name: safeText(engineName(e.raw)) });
      perEngine.push({ label, counts: new Map(byEngine.map((e) => [e.raw, e.value])) });
    }
    const cells: Cell[] = [
      label,
      share === undefined ? [] : share === null ? null : cell(formatPercent(share)),
      count(citations),
      kindCell(kind, owner, ownerRaw, style),
    ];
    return { cells, share, style, detail };
  });
  const columns: Column[] = [
    { header: 'domain', shrink: true, min: 20 },
    { header: 'share', align: 'right' },
    { header: 'cited', align: 'right' },
    { header: 'kind', shrink: true, min: 6 },
  ];
  // A bar of the share after the domain, in the room the other columns leave.
  const plain: GridRow[] = parsed.map((p) => ({ cells: p.cells }));
  const used = naturalWidths(columns, plain).reduce((a, b) => a + b + GAP, 0);
  const barWidth = Math.min(BAR_MAX, ctx.width - used - GAP);
  const maxShare = Math.max(0, ...parsed.map((p) => p.share ?? 0));
  const withBar = barWidth >= BAR_MIN && maxShare > 0;
  const rows: GridRow[] = parsed.flatMap((p): GridRow[] => {
    const cells = withBar
      ? [p.cells[0] ?? [], p.share == null ? [] : cell(bar(p.share / maxShare, barWidth), p.style ?? chalk.cyan), ...p.cells.slice(1)]
      : p.cells;
    return p.detail.length > 0 ? [{ cells }, { detail: p.detail, column: 0, indent: 2, sep: { text: ' · ', style: chalk.dim } }] : [{ cells }];
  });
  const gridColumns = withBar ? [columns[0] as Column, { header: '' }, ...columns.slice(1)] : columns;
  blocks.push([
    sectionTitle('Sources AI cites', `under each: its page cited most, its topics; ${ctx.brand ?? 'the brand'} in yellow, competitors in red`, ctx),
    ...gridLines(gridColumns, rows, ctx),
  ]);

  if (engines.length > 0) {
    const engineRows: GridRow[] = perEngine.map((p) => ({
      cells: [p.label, ...engines.map((e) => (p.counts.has(e.raw) ? count(p.counts.get(e.raw)) : []))],
    }));
    const named: Column[] = [{ header: 'domain', shrink: true, min: DOMAIN_MIN }, ...engines.map((e) => ({ header: e.name, align: 'right' as const }))];
    const widths = naturalWidths(named, engineRows);
    const fits = ctx.wide || widths.reduce((a, b, j) => a + (j === 0 ? Math.min(b, DOMAIN_MIN) : b) + GAP, -GAP) <= ctx.width;
    // Engine names too wide for their columns: no header line; the columns named once, in
    // order, in the section's note (rather than `cha…  per…`).
    const note = fits ? null : `columns: domain, ${engines.map((e) => e.name).join(', ')}`;
    blocks.push([sectionTitle('Citations by engine', note, ctx), ...gridLines(named, engineRows, ctx, { header: fits })]);
  }
  return blocks;
};

const GAP = 2;
/** Narrowest the domain column gets. */
const DOMAIN_MIN = 20;
const BAR_MIN = 6;
const BAR_MAX = 20;
