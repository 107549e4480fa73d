/**
 * `vis report`, run after parse.ts:
 * 1. What would make the command fail anyway is found before any read: a Chromium for
 *    --pdf, and the files (their names take the brand, from the free GET /brands).
 * 2. The plan: per brand × market, one read per section (plan.ts); the cache answers what it
 *    holds for free, GET /usage (free) says what is left. --dry-run prints it and stops;
 *    a plan the month's reads cannot pay is refused (exit 6) before anything is read.
 * 3. The reads, each through the cache and the session's pace. A section the plan does not
 *    include says so in place (not a failure); a section whose read fails says so in place
 *    and the report is still written; the command then ends with the first failure's code.
 * 4. The history (after the session has recorded this run's answers): the trend's days
 *    before the API's weeks, and what changed over the period. It never fails the report.
 * 5. The model drawn to HTML, one file per brand when there are several (files.ts; one file
 *    holding them all, an internal overview, only with --combined), each written atomically
 *    (or to stdout with -o -), then printed to PDF when asked, the PDF written beside it.
 *
 * The renderer, the charts and the PDF printer are handed in (ReportDeps): they load only
 * when a report is made, and tests hand in their own.
 */
import { basename, isAbsolute, relative, sep } from 'node:path';
import type { ChartKit, DatedValue, ReportModel, ScopeReport, SectionId, SectionResult } from '../../../domain/report.js';
import type { Env } from '../../../domain/env.js';
import { accountFromUsage, budgetFromUsage } from '../../../api/account.js';
import { endpointById } from '../../../endpoints.js';
import { LimitError, UsageError, VisError } from '../../../errors.js';
import { changesFrom, DEFAULT_THRESHOLD } from '../../../history/changes/compare.js';
import { isPlainObject } from '../../../output/flatten.js';
import type { Context } from '../../../services/context.js';
import type { BrandRecord } from '../../../api/account.js';
import { selectBrands, type ChosenBrand } from '../../../services/brand-choice.js';
import { cachedNow } from '../../../services/cached.js';
import { historyWhere, openHistory, type OpenedHistory } from '../../../services/history.js';
import { DEMO_API, openDemoHistory } from '../../../services/demo-history.js';
import { sendWithHints } from '../../../services/hints.js';
import { accountBrands, planScopes, readScopes, type ScopesJob } from '../../../services/scopes.js';
import { openSession } from '../../../services/session.js';
import { writeMessage } from '../../../terminal/io.js';
import { emit } from '../../../terminal/render.js';
import { printable } from '../../../http/redact.js';
import { sanitizeForTerminal } from '../../../text/sanitize.js';
import { apiWeeks, dataSection, failedSection, historyDays, joinTrend } from './model.js';
import { makeReportDir, planFiles, writeNamed, type ReportFile, type Target } from './files.js';
import { checkDistinct, type ReportOptions } from './parse.js';
import { brandPlan, READ_SECTIONS, refused, renderPlan, SECTION_ENDPOINTS, spends, type PlanCount, type PlannedRead, type ScopePlan } from './plan.js';

/** What draws and prints the report (src/report/), loaded only by `vis report`. */
export interface ReportDeps {
  render(model: ReportModel, charts: ChartKit): Promise<string>;
  /** The chart kit, keeping what it draws in the cache folder `env` names. */
  charts(env: Env): Promise<ChartKit>;
  /** The PDF, printed with `chromium`, the browser requireChromium found in the command's environment before any read, which the browser inherits. */
  pdf(html: string, o: { paper: 'a4' | 'letter'; chromium: string; env: Env }): Promise<Buffer>;
  findChromium(env: Env): string | undefined;
}

/** How the run opens the history: undefined when there is none to read (off, or nowhere to keep one). */
export type ReportHistoryOpener = () => Promise<OpenedHistory | undefined>;

/** The history as `vis changes` opens it (a file, PostgreSQL, or the demo's); off or nowhere is no history, not a failure. */
export function defaultHistory(ctx: Context, options: ReportOptions): ReportHistoryOpener {
  return async () => {
    // The demo's history is simulated by the sandbox, whatever VIS_HISTORY says: no store is opened.
    if (options.api === DEMO_API) return openDemoHistory(ctx);
    const kind = historyWhere(ctx, options.flags.profile).kind;
    if (kind === 'off' || kind === 'none') return undefined;
    return openHistory(ctx, options.flags.profile);
  };
}

/** What --pdf needs, found before any read: the browser to print with. */
export function requireChromium(deps: Pick<ReportDeps, 'findChromium'>, env: Env): string {
  const chromium = deps.findChromium(env);
  if (chromium !== undefined) return chromium;
  throw new UsageError('--pdf needs Chromium or Google Chrome, and none was found: nothing was read', {
    hint: 'Install one (apt-get install chromium), or set CHROME_PATH to its program; or open the HTML in a browser and print it to PDF.',
  });
}

/**
 * A Chromium that would not print (it did not start, crashed or took too long) is the
 * machine's trouble, not a bug of vis: one line, exit 2 as for a file that cannot be
 * written, and the HTML, already written, is there to print from a browser.
 */
export function printFailure(err: unknown, chromium: string, output: string): VisError {
  if (err instanceof VisError) return err;
  const why = (err instanceof Error ? err.message : String(err)).split('\n')[0]!.trim();
  const html = output === '-' ? 'The HTML went to stdout' : `The HTML is written (${output})`;
  return new UsageError(`--pdf: ${chromium} could not print the report (${why})`, {
    hint: `${html}: open it in a browser and print it to PDF, or set CHROME_PATH to another Chromium or Google Chrome.`,
    cause: err,
  });
}

/**
 * `loadDeps` is called before anything is sent, and not for --dry-run, which draws nothing:
 * a report that could not be drawn or printed is refused before any read.
 */
export async function runReport(
  options: ReportOptions,
  ctx: Context,
  loadDeps: () => Promise<ReportDeps>,
  history: ReportHistoryOpener = defaultHistory(ctx, options),
): Promise<void> {
  const deps = options.dryRun ? undefined : await loadDeps();
  // --pdf: the browser to print with, found before any read.
  const chromium = deps !== undefined && options.pdf !== undefined ? requireChromium(deps, ctx.env) : undefined;
  const quiet = options.flags.quiet;
  const session = await openSession(ctx, options.session);
  let model: ReportModel;
  let firstFailure: VisError | undefined;
  let spent = 0;
  let files: ReportFile[];
  // Each scope's brand, in the model's order: what splits the report per brand.
  let chosen: ChosenBrand[];
  try {
    const usage = await sendWithHints(session, { method: 'GET', path: endpointById('usage').path });
    const budget = budgetFromUsage(usage.envelope.data);
    const plan = accountFromUsage(usage.envelope.data).plan ?? null;
    const records = await accountBrands(ctx, session);
    const brands = reportBrands(options, session.settings.brand, records);
    // The files, and what is at their names, known before any read.
    files = planFiles(
      { output: options.output, pdf: options.pdf, dir: options.dir, to: options.span.to, combined: options.combined, allBrands: options.brands === 'all' },
      brands,
    );
    // --pdf FILE naming the HTML file vis named: the PDF would replace it.
    for (const f of files) if (f.pdf !== undefined && f.html.named !== f.pdf.named) checkDistinct(f.html.path, f.pdf.path);

    const configuredMarket = options.markets === undefined ? session.settings.market?.value : undefined;
    const what = `vis report for ${brands.length} brand${brands.length === 1 ? '' : 's'}`;
    const job: ScopesJob<PlannedRead> = {
      what,
      brands,
      markets: options.markets ?? (configuredMarket === undefined ? undefined : [configuredMarket]),
      specs: READ_SECTIONS.map((section) => endpointById(SECTION_ENDPOINTS[section])),
      plan: (list) => list.flatMap(({ brand, markets }) => brandPlan(brand, markets, options.period)),
      unknownMarkets: 'primary market',
      unlisted: 'command',
      progress: {
        markets: (brand) => `vis report: the markets of ${sanitizeForTerminal(brand.name)}…`,
        read: (_scope, _read, i, n) => `vis report: ${i + 1}/${n}…`,
      },
    };
    const planned = planScopes(ctx, session, job);
    if (options.dryRun) {
      const cost: PlanCount = { ...planned.count, left: budget.left };
      const cached = (r: PlannedRead) => cachedNow(ctx, session, r.spec, r.request);
      await emit(
        ctx,
        undefined,
        renderPlan(planned.scopes, cost, { span: options.span, cachedNow: cached, demo: options.api === DEMO_API }) + renderFiles(files, options.cwd),
      );
      if (refused(cost)) {
        throw new LimitError(`${what} would need ${spends(cost)} reads, and ${cost.left} are left this month: nothing was read`, {
          hint: 'Name fewer brands or markets with --brand and --market, or wait for the budget to reset.',
        });
      }
      return;
    }
    // A --dir not there yet is made now: after the dry run, which writes nothing, before any read.
    makeReportDir(options.dir);
    const read = await readScopes(ctx, session, job, planned);
    spent = read.spent;

    const brandOf = new Map<ScopeReport, ChosenBrand>();
    const scopes: ScopeReport[] = read.scopes.map((s) => {
      const sections = {} as Record<SectionId, SectionResult>;
      let readAt = 0;
      for (const r of s.reads) {
        const { answer, error, at } = read.outcomeOf(r);
        if (answer !== undefined) {
          sections[r.section] = dataSection(answer.envelope);
          readAt = Math.max(readAt, answer.fromCache?.fetchedAt ?? at);
        } else {
          const result = failedSection(r.spec, error);
          sections[r.section] = result;
          if (result.kind === 'failed') firstFailure ??= error;
        }
      }
      sections.changes = { kind: 'none', why: 'the history store holds nothing for this brand yet' };
      const trend = sections.trend.kind === 'data' ? apiWeeks(sections.trend.data) : [];
      const scope: ScopeReport = {
        brand: { id: String(s.brand.id ?? ''), name: s.brand.name },
        market: marketOf(s, sections.headline),
        plan,
        readAt: readAt || ctx.clock.now(),
        sections,
        trend,
      };
      brandOf.set(scope, s.brand);
      return scope;
    });
    model = { look: options.look, period: answeredPeriod(scopes, options.span), madeAt: ctx.clock.now(), scopes };
    chosen = scopes.map((s) => brandOf.get(s)!);
  } finally {
    await session.close();
  }

  // After the session is closed: its answers are in the journal the history takes in.
  if (deps === undefined) return;
  const withHistory = await fromHistory(ctx, options, model, history);
  // Drawn charts hold the client's figures: kept in the cache folder only while the cache is on (--no-cache, VIS_CACHE=off, the profile's cache off: none kept).
  const kit = await deps.charts(options.session.settings.cache.value === 'off' ? {} : ctx.env);
  const written: string[] = [];
  const onStdout: string[] = [];
  for (const file of files) {
    const scopes = withHistory.scopes.filter((_s, i) => file.brands === 'all' || chosen[i]!.slug === file.brands.slug);
    const internal = file.brands === 'all' && new Set(chosen.map((b) => b.slug)).size > 1;
    const html = await deps.render({ ...withHistory, scopes, ...(internal ? { internal } : {}) }, kit);
    await writeTarget(ctx, file.html, html);
    (file.html.path === '-' ? onStdout : written).push(file.html.path === '-' ? 'the report' : file.html.path);
    if (file.pdf === undefined || chromium === undefined) continue;
    // Chromium's first start on a cold machine can take a minute: said, so it does not look hung.
    if (ctx.io.stderrIsTTY && !quiet) {
      const name = file.pdf.path === '-' ? 'the PDF' : basename(file.pdf.path);
      writeMessage(ctx.io, `vis report: printing ${sanitizeForTerminal(name)} with Chromium…`);
    }
    let pdf: Buffer;
    try {
      pdf = await deps.pdf(html, { paper: options.look.paper, chromium, env: ctx.env });
    } catch (err) {
      throw printFailure(err, chromium, file.html.path);
    }
    await writeTarget(ctx, file.pdf, pdf);
    (file.pdf.path === '-' ? onStdout : written).push(file.pdf.path === '-' ? 'the PDF' : file.pdf.path);
  }
  if (ctx.io.stderrIsTTY && !quiet) {
    const names = written.map((f) => sanitizeForTerminal(shownPath(f, options.cwd)));
    const wrote = [names.length > 0 ? `wrote ${listed(names)}` : undefined, onStdout.length > 0 ? `${listed(onStdout)} is on stdout` : undefined]
      .filter((w) => w)
      .join(', ');
    writeMessage(ctx.io, `vis report: ${wrote}; ${spent} read${spent === 1 ? '' : 's'} spent`);
  }
  if (firstFailure) {
    throw new VisError(firstFailure.kind, `a section could not be read (${firstFailure.message}); the report was written with it noted in place`, {
      code: firstFailure.code,
    });
  }
}

/**
 * The brands of the report: as selectBrands picks them, except that --combined, which is
 * for several brands, takes every brand of the account when no --brand names some. Several
 * brands and none named is refused in the report's own flags, not an API code.
 */
export function reportBrands(
  options: Pick<ReportOptions, 'brands' | 'combined'>,
  configured: { value: string; source: string } | undefined,
  records: BrandRecord[],
): ChosenBrand[] {
  if (options.combined && options.brands === undefined) return selectBrands('all', undefined, records);
  if (options.brands === undefined && configured === undefined && records.length > 1) {
    const list = records.map((r) => `${r.id} ${sanitizeForTerminal(r.name)}`).join(', ');
    throw new UsageError(
      `this account has ${records.length} brands: name them with --brand A,B, or report them all with --all-brands (one file each) or --combined (one file)`,
      { hint: `Brands: ${list}` },
    );
  }
  return selectBrands(options.brands, configured, records);
}

/** A file vis named, as a new file; one the user named, as -o is written (a file whole or not at all, a device or FIFO in place, - to stdout). */
async function writeTarget(ctx: Context, target: Target, content: string | Buffer): Promise<void> {
  if (target.named) writeNamed(target.path, content);
  else await emit(ctx, target.path, content);
}

/** `a`, `a and b`, `a, b and c`. */
/**
 * A file as the user named its place: relative to the current folder when inside it
 * (`rep/report-acme-2026-11-28.html`), so it fits a narrow terminal; else absolute.
 */
export function shownPath(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  return rel !== '' && !isAbsolute(rel) && rel.split(sep)[0] !== '..' ? rel : file;
}

function listed(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
}

/** What --dry-run adds after the reads: the files the report would write. */
export function renderFiles(files: readonly ReportFile[], cwd?: string): string {
  const shown = (path: string) => sanitizeForTerminal(cwd === undefined ? path : shownPath(path, cwd));
  const lines = files.flatMap((f) => [f.html, f.pdf].filter((t) => t !== undefined).map((t) => `  ${t.path === '-' ? 'stdout' : shown(t.path)}`));
  return `\nFiles:\n${lines.join('\n')}\n`;
}

/** The market as the overview's answer names it (`meta.market`), else the code asked, else the brand's primary. */
/**
 * The report's period: the window the API answered the headline's read for, whose `to` is
 * the API's today (the day of its latest scan, which need not be vis's date), so the
 * cover, the trend and "What changed" cover the days the figures do; the period vis asked
 * for when no headline says.
 */
export function answeredPeriod(scopes: readonly ScopeReport[], asked: ReportModel['period']): ReportModel['period'] {
  for (const s of scopes) {
    const headline = s.sections.headline;
    const period = headline?.kind === 'data' && isPlainObject(headline.data) ? headline.data.period : undefined;
    if (!isPlainObject(period)) continue;
    const { from, to, days } = period;
    const date = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
    if (date(from) && date(to) && from <= to && Number.isInteger(days) && (days as number) > 0) return { from, to, days: days as number };
  }
  return asked;
}

function marketOf(s: ScopePlan, headline: SectionResult | undefined): ScopeReport['market'] {
  const code = s.market ?? s.brand.primaryMarket;
  const m = headline?.kind === 'data' ? headline.meta?.market : undefined;
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  if (typeof m === 'string') return { code: code ?? m, label: null };
  if (isPlainObject(m)) {
    const named = code ?? text(m.code);
    return named === undefined ? null : { code: named, label: text(m.label) ?? null };
  }
  return code === undefined ? null : { code, label: null };
}

/**
 * The trend's earlier days and what changed, from the history. A history that is off,
 * empty or cannot be opened leaves the API's weeks and a `changes` section saying why:
 * never a failure of the report.
 */
async function fromHistory(ctx: Context, options: ReportOptions, model: ReportModel, open: ReportHistoryOpener): Promise<ReportModel> {
  const without = (why: string): ReportModel => ({
    ...model,
    scopes: model.scopes.map((s) => ({ ...s, sections: { ...s.sections, changes: { kind: 'none', why } } })),
  });
  // The client sees no database URL nor a server's words: those go to the terminal.
  const unavailable = (err: unknown): ReportModel => {
    if (!options.flags.quiet)
      writeMessage(ctx.io, `vis: warning: the history could not be read, so the report has no longer trend: ${printable((err as Error).message)}`);
    return without(HISTORY_UNAVAILABLE);
  };
  let reader: OpenedHistory | undefined;
  try {
    reader = await open();
  } catch (err) {
    return unavailable(err);
  }
  if (reader === undefined) return without('the history is off: nothing has been recorded to compare');
  try {
    const scopes: ScopeReport[] = [];
    for (const s of model.scopes) scopes.push(await scopeFromHistory(reader, options, model.period, s));
    return { ...model, scopes };
  } catch (err) {
    return unavailable(err);
  } finally {
    await reader.close().catch(() => undefined);
  }
}

/** What "What changed" says when the history could not be opened or read. */
export const HISTORY_UNAVAILABLE = 'History unavailable.';

async function scopeFromHistory(reader: OpenedHistory, options: ReportOptions, period: ReportModel['period'], s: ScopeReport): Promise<ScopeReport> {
  const brandIds = [s.brand.id];
  const markets = s.market === null || s.market.code === '' ? undefined : [s.market.code];
  const days: DatedValue[] = historyDays(
    await reader.answers({ api: options.api, brandIds, ...(markets === undefined ? {} : { markets }), endpoints: ['visibility'], until: period.to }),
  );
  const weeks = s.sections.trend.kind === 'data' ? apiWeeks(s.sections.trend.data) : [];
  const result = await changesFrom(reader, { api: options.api, brandIds, markets, since: period.from, threshold: DEFAULT_THRESHOLD });
  const changes: SectionResult =
    result.to === null
      ? { kind: 'none', why: 'the history store holds nothing for this brand yet' }
      : result.from === null
        ? { kind: 'none', why: `nothing to compare yet: only ${result.to} is recorded` }
        : { kind: 'data', data: result, meta: null };
  return { ...s, trend: joinTrend(days, weeks), sections: { ...s.sections, changes } };
}
