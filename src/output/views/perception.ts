/**
 * `vis brand-perception`: how many engines know and recommend the brand, then one row per
 * engine: knows and recommends (✓ green, ✗ red), the sentiment, and the weeks of history
 * as two strips (█ yes, ▁ no, a space when not measured), with what the engine says about
 * the brand wrapped under it; then what AI gets right and what it gets wrong (the claim,
 * the truth, and which engines say it).
 *
 * `vis brand-perception transcript`: the questions put to each engine and its answers in
 * full, grouped by engine, the brand highlighted; times in UTC, said once.
 */
import type { Block, View, ViewContext } from './context.js';
import { wrappedText } from './answer.js';
import { flowLines } from './flow.js';
import { cell, gridLines, type Cell, type Column, type GridRow, type Part } from './grid.js';
import { formatCount } from './numbers.js';
import { labelOf, safeText, type Obj } from './read.js';
import { noneMatch, sectionTitle } from './section.js';
import { formatTime, isUtcTime } from './time.js';
import { engineName } from '../../text/engine-name.js';

const SEP = (ctx: ViewContext): Part => ({ text: ' · ', style: ctx.chalk.dim });

function yesNo(v: boolean | null | undefined, ctx: ViewContext): Cell {
  if (v === undefined) return [];
  if (v === null) return null;
  return v ? cell('✓ yes', ctx.chalk.green) : cell('✗ no', ctx.chalk.red);
}

function sentimentStyle(raw: string | undefined, ctx: ViewContext): ((s: string) => string) | undefined {
  if (raw === 'positive') return ctx.chalk.green;
  if (raw === 'negative') return ctx.chalk.red;
  if (raw === 'mixed') return ctx.chalk.yellow;
  return undefined;
}

/** One character per week: █ yes, ▁ no, a space when not measured. */
function strip(values: ReadonlyArray<boolean | null | undefined>, ctx: ViewContext): Cell {
  return values.map((v) => (v === true ? { text: '█', style: ctx.chalk.green } : v === false ? { text: '▁', style: ctx.chalk.red } : { text: ' ' }));
}

/** `scanned 2026-11-16 05:00 UTC` (without the zone where the view says it once elsewhere). */
function scannedPart(data: Obj, ctx: ViewContext, zone = true): Part[] | null {
  const scanned = ctx.read.text(data, 'scanned_at', 'optional');
  if (scanned === undefined) return null;
  return [{ text: 'scanned ', style: ctx.chalk.dim }, { text: scanned === null ? '–' : `${formatTime(scanned)}${zone && isUtcTime(scanned) ? ' UTC' : ''}` }];
}

/** Engine names as the API sends them, comma-separated, dimmed. */
function enginesPart(names: readonly string[] | null | undefined, ctx: ViewContext): Part[] {
  if (names === undefined) return [];
  return [{ text: names === null || names.length === 0 ? 'no engine' : names.map((n) => engineName(n)).join(', '), style: ctx.chalk.dim }];
}

export const perceptionView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const brand = ctx.brand ?? 'the brand';
  const head: Part[][] = [];
  const summary = read.object(data, 'summary', 'optional');
  if (summary) {
    const total = read.number(summary, 'engines', 'optional');
    const of = total === undefined || total === null ? '' : ` of ${formatCount(total)}`;
    const knows = read.number(summary, 'knows', 'optional');
    const recommends = read.number(summary, 'recommends', 'optional');
    if (knows !== undefined) head.push([{ text: `${knows === null ? '–' : formatCount(knows)}${of}`, style: chalk.bold }, { text: ` engines know ${brand}` }]);
    if (recommends !== undefined)
      head.push([{ text: `${recommends === null ? '–' : formatCount(recommends)}${of}`, style: chalk.bold }, { text: ' recommend it' }]);
    if (knows === undefined && recommends === undefined && total !== undefined)
      head.push([{ text: total === null ? '–' : formatCount(total), style: chalk.bold }, { text: ' engines' }]);
  }
  const scanned = scannedPart(data, ctx);
  if (scanned) head.push(scanned);
  const blocks: Block[] = [];
  if (head.length > 0) blocks.push(flowLines(head, ctx.width, { sep: SEP(ctx), wide: ctx.wide }));

  const engines = read.records(data, 'engines', 'engine');
  if (engines.length === 0) blocks.push([noneMatch(ctx)]);
  else {
    // The weeks every engine's history covers, oldest first.
    const weeks = new Set<string>();
    for (const e of engines)
      for (const w of Array.isArray(e.history) ? (e.history as unknown[]) : [])
        if (w !== null && typeof w === 'object' && typeof (w as Obj).week_start === 'string') weeks.add((w as Obj).week_start as string);
    const weekList = [...weeks].sort();
    const anyHistory = engines.some((e) => read.has(e, 'history'));
    const rows: GridRow[] = [];
    for (const e of engines) {
      // The engine by the label the API gives beside its id (csv and json keep the id).
      const raw = engineName(read.text(e, 'engine'), labelOf(e, read));
      const knows = read.bool(e, 'knows', 'nullable');
      const recommends = read.bool(e, 'recommends', 'nullable');
      const sentimentRaw = read.rawText(e, 'sentiment');
      const sentiment = read.text(e, 'sentiment', 'optional');
      const cells: Cell[] = [
        cell(raw, chalk.bold),
        yesNo(knows, ctx),
        yesNo(recommends, ctx),
        sentiment === undefined ? [] : sentiment === null ? null : cell(sentiment, sentimentStyle(sentimentRaw, ctx)),
      ];
      if (anyHistory) {
        const history = read.records(e, 'history', 'week_start', 'optional');
        const byWeek = new Map<string, { knows: boolean | null | undefined; recommends: boolean | null | undefined }>();
        for (const w of history ?? []) {
          const start = read.rawText(w, 'week_start');
          read.text(w, 'week_start');
          byWeek.set(start as string, { knows: read.bool(w, 'knows', 'optional'), recommends: read.bool(w, 'recommends', 'optional') });
        }
        cells.push(
          history
            ? strip(
                weekList.map((d) => byWeek.get(d)?.knows),
                ctx,
              )
            : [],
          history
            ? strip(
                weekList.map((d) => byWeek.get(d)?.recommends),
                ctx,
              )
            : [],
        );
      }
      rows.push({ cells });
      const detail: Part[][] = [];
      const says = read.prose(e, 'says', 'optional');
      if (says) detail.push([{ text: says }]);
      else if (says === null) detail.push([{ text: 'says nothing measured', style: chalk.dim }]);
      if (detail.length > 0) rows.push({ detail, column: 0, indent: 2, sep: { text: '  ' } });
    }
    const columns: Column[] = [
      { header: 'engine', shrink: true, min: 8 },
      { header: 'knows' },
      { header: 'recommends' },
      { header: 'sentiment', shrink: true, min: 5 },
    ];
    if (anyHistory) columns.push({ header: 'knows by week' }, { header: 'recommends by week' });
    const weeksNote = weekList.length === 0 ? null : `by week: █ yes ▁ no, ${weekList.length} weeks from ${safeText(weekList[0] ?? '')} (oldest first)`;
    blocks.push([sectionTitle(`What AI engines think of ${brand}`, weeksNote, ctx), ...gridLines(columns, rows, ctx)]);
  }

  for (const [key, title] of [
    ['right', 'What AI gets right'],
    ['wrong', 'What AI gets wrong'],
  ] as const) {
    const claims = read.records(data, key, 'claim', 'optional');
    if (!claims) continue;
    const lines = [sectionTitle(title, null, ctx)];
    if (claims.length === 0) lines.push(chalk.dim('Nothing.'));
    for (const c of claims) {
      const mark = key === 'right' ? chalk.green('✓') : chalk.red('✗');
      const claim = wrappedText(read.prose(c, 'claim'), ctx, { indent: '  ', highlight: [] });
      lines.push(`${mark}${claim[0]?.slice(1) ?? ''}`, ...claim.slice(1));
      const truth = read.prose(c, 'truth', 'optional');
      if (truth) lines.push(...wrappedText(`in fact: ${truth}`, ctx, { indent: '    ', highlight: [], style: chalk.green }));
      else if (truth === null) lines.push(`    ${chalk.dim('in fact: not known')}`);
      const named = enginesPart(read.texts(c, 'engines', 'optional'), ctx);
      if (named.length > 0) lines.push(...flowLines([named], ctx.width, { lead: [{ text: '    ' }, { text: 'said by ', style: chalk.dim }], wide: ctx.wide }));
    }
    blocks.push(lines);
  }
  return blocks;
};

// ---------------------------------------------------------------------------------------
// transcript

export const transcriptView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const entries = read.records(data, 'transcript', 'question');
  const head: Part[][] = [];
  // All asked the same day (in UTC): the day said once above, each question with its time.
  const times = entries.map((t) => (typeof t.asked_at === 'string' && isUtcTime(t.asked_at) ? formatTime(t.asked_at) : null));
  const day = times[0]?.slice(0, 10);
  const oneDay = times.length > 0 && times.every((t) => t !== null && t.slice(0, 10) === day);
  const anyTime = times.some((t) => t !== null);
  const scanned = scannedPart(data, ctx, !anyTime);
  head.push([{ text: formatCount(entries.length), style: chalk.bold }, { text: entries.length === 1 ? ' question asked' : ' questions asked' }]);
  if (scanned) head.push(scanned);
  if (oneDay) head.push([{ text: `asked on ${day} · times in UTC`, style: chalk.dim }]);
  else if (anyTime) head.push([{ text: 'times in UTC', style: chalk.dim }]);
  const blocks: Block[] = [flowLines(head, ctx.width, { sep: SEP(ctx), wide: ctx.wide })];
  if (entries.length === 0) {
    blocks.push([noneMatch(ctx)]);
    return blocks;
  }
  // Grouped by engine, in the order engines first appear; each engine a block.
  const order: string[] = [];
  const byEngine = new Map<string, Obj[]>();
  for (const t of entries) {
    const key = read.rawText(t, 'engine') ?? '';
    if (!byEngine.has(key)) {
      byEngine.set(key, []);
      order.push(key);
    }
    byEngine.get(key)?.push(t);
  }
  for (const key of order) {
    const lines: string[] = [];
    (byEngine.get(key) ?? []).forEach((t, i) => {
      const engine = read.text(t, 'engine');
      if (i === 0) lines.push(sectionTitle(engine === null ? engine : engineName(engine), null, ctx));
      else lines.push('');
      const asked = read.text(t, 'asked_at', 'optional');
      const q: Part[][] = [];
      if (asked) q.push([{ text: oneDay ? formatTime(asked).slice(11) : formatTime(asked), style: chalk.dim }]);
      else if (asked === null) q.push([{ text: '–', style: chalk.dim }]);
      q.push([{ text: `“${read.text(t, 'question')}”`, style: chalk.bold }]);
      lines.push(...flowLines(q, ctx.width, { sep: { text: '  ' }, wide: ctx.wide }));
      const answer = read.prose(t, 'answer', 'nullable');
      lines.push(...(answer === null ? [`  ${chalk.dim('no answer text')}`] : wrappedText(answer, ctx)));
    });
    blocks.push(lines);
  }
  return blocks;
};
