/**
 * What the export tells a person: the plan of a dry run (stdout: a text table, or a JSON
 * document with --format json for scripts), the summary of a real run (stderr), and the
 * error an export ends with when it did not get everything. Pure functions; text from
 * the API passes through the terminal sanitiser.
 */
import type { BudgetInfo } from '../api/account.js';
import type { PeriodFlags } from '../domain/period.js';
import type { EndpointSpec } from '../endpoints.js';
import { LimitError, VisError, type ErrorKind } from '../errors.js';
import { formatCount } from '../output/views/numbers.js';
import { formatUtcTime } from '../output/views/time.js';
import { sanitizeForTerminal } from '../text/sanitize.js';
import { displayWidth, padToWidth } from '../text/width.js';
import { hanging, wrapAtSpaces } from '../text/wrap-message.js';
import type { ManifestBrand } from './manifest.js';
import type { ExportFormat } from './options.js';
import { filePath, slotFolder, slotLabel, type CostEstimate, type PlannedBrand, type Task } from './plan.js';
import type { RunResult } from './execute-plan.js';

export interface PlanView {
  dir: string;
  format: ExportFormat;
  period: PeriodFlags;
  brands: PlannedBrand[];
  tasks: Task[];
  cost: CostEstimate;
  /** Reads of the plan the local cache answers now (src/services/cached.ts); undefined when the cache is off. */
  cachedReads?: number;
  readsLeft: number | undefined;
  resetsAt: string | undefined;
  force: boolean;
  /** --resume: files an earlier run wrote, which the plan (only what is left) does not read again. */
  alreadyWritten?: number;
  /** Requests a minute the export is paced to (the API's rate limit, or VIS_RATE_LIMIT). */
  perMinute?: number;
}

export interface PlanRow {
  endpoint: string;
  brand: { id: string | number | null; name: string };
  /** A market code; `*` for each market of a brand whose markets are not known yet; null without one. */
  market: string | null;
  /** Reads: a number, or `per item`. */
  reads: number | 'per item';
  /** Files the row writes: paths, or a pattern (`<topic>`) for items. */
  files: string[];
  note?: string;
}

const TASK_NOTES = {
  copies: 'read once: the same in every market',
  markets: 'lists the brand’s markets; not written',
  marketsWritten: 'lists the brand’s markets',
} as const;

/** The rows of a plan, one per request, plus one per item endpoint (its items are unknown until the list is read). */
export function planRows(view: PlanView): PlanRow[] {
  const rows: PlanRow[] = [];
  for (const t of view.tasks) {
    const market = !t.endpoint.market ? null : t.placeholder ? '*' : t.slot ? slotLabel(t.slot) : null;
    const folderFor = (slot: Task['slot']) =>
      t.placeholder && t.endpoint.market ? `${t.brand.slug}/*` : slotFolder(t.brand, t.endpoint.market ? slot : undefined);
    const brand = { id: t.brand.id ?? null, name: t.brand.name };
    const files = !t.write
      ? []
      : t.placeholder
        ? [`${folderFor(t.slot)}/${t.endpoint.id}.${view.format}`]
        : [t.slot, ...t.copies].map((s) => filePath(t, s, view.format));
    const row: PlanRow = { endpoint: t.endpoint.id, brand, market, reads: 1, files };
    if (t.copies.length > 0) row.note = TASK_NOTES.copies;
    if (t.discoversMarkets) row.note = t.write ? TASK_NOTES.marketsWritten : TASK_NOTES.markets;
    if (!t.write && t.feeds.length > 0) row.note = `lists the items of ${t.feeds.map((f) => f.id).join(', ')}; not written`;
    rows.push(row);
    for (const fed of t.feeds) {
      rows.push({
        endpoint: fed.id,
        brand,
        market,
        reads: 'per item',
        files: [`${folderFor(t.slot)}/${fed.id}/<${itemNoun(fed)}>.${view.format}`],
        note: `one read and one file per item of ${t.endpoint.id}`,
      });
    }
  }
  return rows;
}

function itemNoun(endpoint: EndpointSpec): string {
  return endpoint.itemsFrom?.item ?? 'item';
}

export type Verdict = 'fits' | 'refused' | 'force' | 'unknown';

/** Whether the export would run: known reads against the reads left. */
export function verdict(view: Pick<PlanView, 'cost' | 'readsLeft' | 'force'>): Verdict {
  if (view.readsLeft === undefined) return 'unknown';
  if (view.cost.reads <= view.readsLeft) return 'fits';
  return view.force ? 'force' : 'refused';
}

/** "24 reads" or "at least 24 reads, plus ..." */
export function costSentence(cost: CostEstimate): string {
  const n = plural(cost.reads, 'read');
  if (cost.exact) return n;
  const plus: string[] = [];
  for (const p of cost.pendingItems) plus.push(`1 per item of ${p.list.id} for ${p.endpoint.id}`);
  if (cost.unknownMarkets.length > 0) {
    const names = cost.unknownMarkets.map((b) => sanitizeForTerminal(b.name)).join(', ');
    plus.push(`${formatCount(cost.readsPerExtraMarket)} per market beyond the first of ${names} (GET /markets tells how many)`);
  }
  return `at least ${n}, plus ${plus.join('; ')}`;
}

function unknownParts(cost: CostEstimate): string {
  const parts = [...(cost.unknownMarkets.length > 0 ? ['markets'] : []), ...(cost.pendingItems.length > 0 ? ['items'] : [])];
  return parts.join(' and ');
}

function periodText(period: PeriodFlags): string {
  if (period.from !== undefined) return `${period.from} to ${period.to ?? 'today'}`;
  if (period.days !== undefined) return `the last ${period.days} days`;
  return 'each endpoint’s default (7 days; search-performance 28)';
}

/** The rate limit the API documents, a minute; VIS_RATE_LIMIT may set a lower one. */
const API_PER_MINUTE = 60;
/** Below this many columns for the FILE column, each row's files go under it instead. */
const MIN_FILE_WIDTH = 24;
const FILE_INDENT = '    ';
/** Where the values of the plan's `Folder:  `, `Period:  ` lines start. */
const KEY_INDENT = 'Folder:  '.length;

/**
 * The plan's table, `width` columns wide at most: the FILE column (the last) wraps at
 * spaces within its column; too narrow for that, each row is followed by its files on
 * lines of their own. A path longer than the line stays whole (the terminal folds it).
 */
function table(header: readonly string[], rows: readonly (readonly string[])[], width: number): string[] {
  const widths = header.map((h, i) => Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : padToWidth(c, widths[i]!)))
      .join('  ')
      .trimEnd();
  const whole = [line(header), ...rows.map(line)];
  if (whole.every((l) => displayWidth(l) <= width)) return whole;
  const last = header.length - 1;
  const before = widths.slice(0, last).reduce((a, b) => a + b + 2, 0);
  if (width - before >= MIN_FILE_WIDTH) {
    const indent = ' '.repeat(before);
    const row = (r: readonly string[]): string[] => {
      const files = hanging(r[last] ?? '', width - before, 0);
      // A path wider than its column goes on a line of its own, at the line's start.
      if (displayWidth(files[0] ?? '') > width - before)
        return [line(r.slice(0, last)), ...files.map((f) => (displayWidth(f) > width - before ? f : indent + f))];
      return files.map((f, i) => (i === 0 ? line([...r.slice(0, last), f]) : displayWidth(f) > width - before ? f : indent + f));
    };
    return [line(header), ...rows.flatMap(row)];
  }
  const padded = [header, ...rows].every((r) => displayWidth(line(r.slice(0, last))) <= width);
  const lead = (cells: readonly string[]) => (padded ? [line(cells.slice(0, last))] : hanging(cells.slice(0, last).join(' · '), width, FILE_INDENT.length));
  const under = (text: string) => hanging(FILE_INDENT + text, width, FILE_INDENT.length);
  return [...lead(header), ...under(header[last]!), ...rows.flatMap((r) => [...lead(r), ...under(r[last] ?? '')])];
}

/** How long `reads` requests take at `perMinute` a minute: the rate limit's share of the time. */
export function paceSentence(reads: number, exact: boolean, perMinute: number): string {
  const limit =
    perMinute === API_PER_MINUTE ? `${perMinute} reads a minute, the API’s rate limit` : `${formatCount(perMinute)} reads a minute (VIS_RATE_LIMIT)`;
  if (reads <= perMinute && exact) return `Time: ${plural(reads, 'read')} at ${limit}: under a minute of waiting, plus the answers’ own time.`;
  // The first perMinute go at once; each further perMinute waits for the window to move on by a minute.
  const minutes = Math.max(0, Math.ceil(reads / perMinute) - 1);
  return `Time: ${exact ? '' : 'at least '}${plural(reads, 'read')} at ${limit}: ${exact ? 'about' : 'at least'} ${minutes} min of waiting, plus the answers’ own time.`;
}

/** The dry run's plan for people (stdout). */
export function renderPlanText(view: PlanView, width = Infinity): string {
  const rows = planRows(view);
  const out: string[] = [];
  out.push('vis export: dry run (no read spent, nothing written)');
  out.push('');
  out.push(`Folder:  ${sanitizeForTerminal(view.dir)}`);
  out.push(`Format:  ${view.format}`);
  out.push(`Period:  ${periodText(view.period)}`);
  if (view.alreadyWritten !== undefined) out.push(`Resume:  ${plural(view.alreadyWritten, 'file')} already written; below is what is left`);
  out.push('');
  out.push(
    ...table(
      ['READS', 'ENDPOINT', 'BRAND', 'MARKET', 'FILE'],
      rows.map((r) => [
        r.reads === 'per item' ? r.reads : formatCount(r.reads),
        r.endpoint,
        sanitizeForTerminal(r.brand.name),
        r.market === '*' ? 'each' : (r.market ?? '-'),
        [r.files.map((f) => sanitizeForTerminal(f)).join(', '), r.note ? `(${r.note})` : ''].filter(Boolean).join(' '),
      ]),
      width,
    ),
  );
  out.push('');
  out.push(`Cost: ${costSentence(view.cost)}. vis usage and vis brands, which the export asks first, are free.`);
  if (view.perMinute !== undefined) out.push(paceSentence(Math.max(0, view.cost.reads - (view.cachedReads ?? 0)), view.cost.exact, view.perMinute));
  if (view.cachedReads !== undefined) {
    out.push(
      `Cache: ${plural(view.cachedReads, 'answer')} of the plan cached now, so ${plural(view.cachedReads, 'read')} saved (--refresh reads them all again).`,
    );
  }
  const v = verdict(view);
  const left = view.readsLeft === undefined ? '' : formatCount(view.readsLeft);
  const reset = view.resetsAt ? ` (the budget resets ${sanitizeForTerminal(formatUtcTime(view.resetsAt))})` : '';
  if (v === 'unknown') out.push('Reads left: unknown (vis usage did not say); the export would not be checked against the budget.');
  else if (v === 'fits')
    out.push(
      `Reads left: ${left}${reset}. The export fits${view.cost.exact ? '' : `, so far: the cost is checked again once the ${unknownParts(view.cost)} are known`}.`,
    );
  else if (v === 'force') out.push(`Reads left: ${left}${reset}. Not enough: with --force the export writes what fits, in the order above.`);
  else out.push(`Reads left: ${left}${reset}. Not enough: the export would be refused (exit 6). --only exports less; --force exports what fits.`);
  // The table is fitted above; the sentences wrap at spaces, a `Key:  value` line under its value.
  const fitted = (l: string) =>
    displayWidth(l) <= width ? l : /^[A-Z][a-z]+: {2}/.test(l) ? hanging(l, width, KEY_INDENT).join('\n') : wrapAtSpaces(l, width);
  return `${out.map(fitted).join('\n')}\n`;
}

/** The dry run's plan for scripts (stdout, --format json). */
export function planDocument(view: PlanView, brands: ManifestBrand[]): Record<string, unknown> {
  return {
    dry_run: true,
    dir: view.dir,
    format: view.format,
    period: Object.values(view.period).some((v) => v !== undefined) ? view.period : null,
    ...(view.alreadyWritten !== undefined ? { already_written: view.alreadyWritten } : {}),
    brands,
    requests: planRows(view),
    reads: {
      at_least: view.cost.reads,
      exact: view.cost.exact,
      per_item: view.cost.pendingItems.map((p) => ({ endpoint: p.endpoint.id, list: p.list.id })),
      per_extra_market: view.cost.unknownMarkets.map((b) => ({ brand: { id: b.id ?? null, name: b.name }, reads: view.cost.readsPerExtraMarket })),
      cached: view.cachedReads ?? null,
    },
    budget: { left: view.readsLeft ?? null, resets_at: view.resetsAt ?? null, verdict: verdict(view) },
  };
}

/** `1 read`, `1,234 reads`: counts read as `vis usage` prints them. */
function plural(n: number, word: string): string {
  return `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;
}

/** The summary of a real run (stderr). */
export function renderSummary(
  result: RunResult,
  opts: { dir: string; manifestPath: string | undefined; elapsedMs: number; readsLeft: number | undefined; width?: number },
): string {
  const out: string[] = [];
  // An entry under its heading, wrapped at spaces with its lines under its first word.
  const entry = (text: string) => hanging(`  ${text}`, opts.width ?? Infinity, 4);
  const counts = [
    plural(result.files.length, 'file'),
    plural(result.rows, 'row'),
    `${plural(result.readsSpent, 'read')} spent`,
    `${formatCount(result.skipped.length)} skipped`,
    `${formatCount(result.failed.length)} failed`,
  ];
  if (result.notAttempted.length > 0) counts.push(`${formatCount(result.notAttempted.length)} not attempted`);
  out.push(`vis export: ${counts.join(', ')}, in ${formatSeconds(opts.elapsedMs)}.`);
  const where = (e: { endpoint: string; brand: { name: string }; market: string | null; item: string | null }) =>
    [
      e.endpoint + (e.item !== null ? ` ${sanitizeForTerminal(e.item)}` : ''),
      sanitizeForTerminal(e.brand.name),
      ...(e.market !== null ? [sanitizeForTerminal(e.market)] : []),
    ].join(', ');
  if (result.skipped.length > 0) {
    // The API's own words say why (a plan without it, an integration not connected), its code after them.
    out.push('Skipped (the API said why):');
    for (const s of result.skipped)
      out.push(...entry(`${where(s)}: ${s.message ? `${sanitizeForTerminal(s.message)} [${sanitizeForTerminal(s.code)}]` : sanitizeForTerminal(s.code)}`));
  }
  if (result.failed.length > 0) {
    out.push('Failed:');
    for (const f of result.failed) out.push(...entry(`${where(f)}: ${sanitizeForTerminal(f.message)}${f.code ? ` [${sanitizeForTerminal(f.code)}]` : ''}`));
  }
  if (result.notAttempted.length > 0) {
    const reasons = new Map<string, number>();
    for (const n of result.notAttempted) reasons.set(n.reason, (reasons.get(n.reason) ?? 0) + 1);
    out.push(`Not attempted: ${[...reasons].map(([r, n]) => `${formatCount(n)} (${r})`).join(', ')}.`);
  }
  if (opts.readsLeft !== undefined) out.push(`Reads left this month: about ${formatCount(Math.max(0, opts.readsLeft - result.readsSpent))}.`);
  out.push(opts.manifestPath ? `Files in ${sanitizeForTerminal(opts.dir)}; manifest: ${sanitizeForTerminal(opts.manifestPath)}` : `Nothing written.`);
  return `${out.join('\n')}\n`;
}

export function formatSeconds(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

function resetHint(budget: BudgetInfo): string {
  return budget.resetsAt ? `The budget resets ${sanitizeForTerminal(formatUtcTime(budget.resetsAt))}. ` : 'The budget resets on the first of the month. ';
}

/** The refusal of a plan that needs more reads than are left (exit 6, nothing read); `verb`: "needs", or "would need" for a dry run. */
export function budgetError(cost: CostEstimate, budget: BudgetInfo, verb: string): LimitError {
  // Only a known budget refuses (verdict), so `left` is set here.
  return new LimitError(`the export ${verb} ${costSentence(cost)}, and ${formatCount(budget.left ?? 0)} are left this month: nothing was read`, {
    hint: `${resetHint(budget)}--only exports fewer endpoints; --force exports what fits; --dry-run shows the plan.`,
  });
}

const KIND_BY_EXIT: Readonly<Record<number, ErrorKind>> = { 2: 'usage', 3: 'auth', 4: 'plan', 5: 'not_found', 6: 'limit', 7: 'server' };

/** The error that ends an export that did not get everything, carrying the exit code. */
export function exportFailure(result: RunResult, budget: BudgetInfo, manifestPath: string): Error | undefined {
  if (result.exitCode === 0) return undefined;
  const details = `${formatCount(result.files.length)} files written; ${manifestPath} lists what is missing and why.`;
  if (result.stoppedBy) {
    const e = result.stoppedBy;
    const reset = e.code === 'quota_exceeded' ? resetHint(budget) : '';
    return new VisError(e.kind, `export stopped: ${e.message}; the rest was not attempted`, { code: e.code, hint: `${reset}${details}` });
  }
  if (result.refused) {
    return new LimitError(
      `export stopped: with the markets and items known it needs ${formatCount(result.refused.needed)} more reads, and ${formatCount(result.refused.left)} are left`,
      { hint: `${resetHint(budget)}--only exports fewer endpoints; --force exports what fits. ${details}` },
    );
  }
  const kind = KIND_BY_EXIT[result.exitCode];
  const first = result.failed[0];
  const what = first
    ? `${formatCount(result.failed.length)} failed (${first.endpoint}${first.market ? ` ${first.market}` : ''}: ${first.message}${result.failed.length > 1 ? '; …' : ''})`
    : `${formatCount(result.notAttempted.length)} not exported for lack of reads`;
  const message = `export incomplete: ${what}`;
  if (!kind) return new Error(message);
  const code = result.failed.find((f) => f.exit_code === result.exitCode)?.code ?? undefined;
  return new VisError(kind, message, { code, hint: details });
}
