/**
 * `vis export`: the account's data to files, for cron jobs (contract section 9).
 *
 * 1. Parse and check everything on the command line, and that --dir can be written
 *    (exit 2, nothing sent): parse.ts.
 * 2. Ask the free GET /usage (reads left) and GET /brands (which brands, and their
 *    markets when it lists them), and plan: endpoints x brands x markets, and the cost.
 * 3. --dry-run: print the plan (stdout) and stop; exit 6 when the export would be refused.
 * 4. Refuse (exit 6) when even the known part of the plan needs more reads than are left,
 *    unless --force; then run it (src/export/runner.ts), write manifest.json last, print
 *    the summary on stderr, and exit with the worst failure's code.
 */
import { LimitError, NotFoundError, UsageError, VisError, type ErrorKind } from '../../../errors.js';
import { budgetFromUsage, brandsFromPayload, type BrandRecord, type BudgetInfo } from '../../../api/account.js';
import { MANIFEST_VERSION, writeManifest, type Manifest, type ManifestBrand } from '../../../export/manifest.js';
import type { ExportOptions, RawExportOptions } from '../../../export/options.js';
import { brandTasks, estimate, planBrand, slotLabel, type CostEstimate, type ExportBrand, type MarketMode, type PlannedBrand } from '../../../export/plan.js';
import { ProgressBar } from '../../../export/progress.js';
import { costSentence, planDocument, renderPlanText, renderSummary, verdict, type PlanView } from '../../../export/report.js';
import { isoTime, runExport, type RunResult } from '../../../export/runner.js';
import { uniqueSlugs } from '../../../export/slug.js';
import { renderJsonValue } from '../../../output/json.js';
import { sanitizeForTerminal } from '../../../output/sanitize.js';
import type { Context } from '../../context.js';
import { openSession, type Session } from '../../session.js';
import { emit } from '../../render.js';
import { sendWithHints } from '../../hints.js';
import { makeDirs } from '../../../fs/make-dirs.js';
import { parseExportCommand, type ExportCommandOptions } from './parse.js';

/** Parse, then run: what the declaration does, for a caller that has the raw options. */
export async function exportCommand(ctx: Context, raw: RawExportOptions): Promise<void> {
  await runExportCommand(parseExportCommand(ctx, raw), ctx);
}

export async function runExportCommand(options: ExportCommandOptions, ctx: Context): Promise<void> {
  const { export: opts, format } = options;
  const session = await openSession(ctx, options.session);
  try {
    const warn = (line: string) => {
      if (!opts.flags.quiet) ctx.io.stderr.write(`vis: warning: ${line}\n`);
    };

    const usage = await sendWithHints(session, { method: 'GET', path: '/usage' });
    const budget = budgetFromUsage(usage.envelope.data);
    if (budget.left === undefined) warn('GET /usage did not say how many reads are left, so the export is not checked against the budget');
    const brandsRes = await sendWithHints(session, { method: 'GET', path: '/brands' });
    const brands = chooseBrands(brandsFromPayload(brandsRes.envelope.data), opts, session);

    const mode: MarketMode = opts.allMarkets ? { kind: 'all' } : { kind: 'one', market: session.settings.market?.value };
    const planned = brands.map((b) => planBrand(b, mode));
    const tasks = planned.flatMap((pb) => brandTasks(pb, opts.endpoints));
    const view: PlanView = {
      dir: opts.dir,
      format,
      period: opts.flags.period,
      brands: planned,
      tasks,
      cost: estimate(tasks, opts.endpoints),
      readsLeft: budget.left,
      resetsAt: budget.resetsAt,
      force: opts.force,
    };

    if (opts.dryRun) {
      const text = format === 'json' ? renderJsonValue(planDocument(view, manifestBrands(planned))) : renderPlanText(view);
      await emit(ctx, undefined, text);
      if (verdict(view) === 'refused') throw budgetError(view.cost, budget, 'would need');
      return;
    }
    if (verdict(view) === 'refused') throw budgetError(view.cost, budget, 'needs');

    try {
      makeDirs(opts.dir);
    } catch (err) {
      // Before any read is spent: parse's look at --dir (checkExportDir) could not see every way to fail.
      throw new UsageError(`--dir: ${opts.dir} cannot be created: ${(err as Error).message}`);
    }
    const startedMs = ctx.clock.now();
    const bar =
      ctx.io.stderrIsTTY && !opts.flags.quiet && !ctx.debug ? new ProgressBar(ctx.io.stderr, stderrColumns(ctx), () => ctx.clock.now()) : undefined;
    bar?.start();
    let result: RunResult;
    try {
      result = await runExport(
        {
          dir: opts.dir,
          format,
          endpoints: opts.endpoints,
          brands: planned,
          period: opts.flags.period,
          params: opts.flags.params,
          readsLeft: budget.left,
          force: opts.force,
        },
        { send: (req) => session.client.send(req), now: () => ctx.clock.now(), observer: bar },
      );
    } finally {
      bar?.stop();
    }
    const finishedMs = ctx.clock.now();

    const manifest: Manifest = {
      manifest_version: MANIFEST_VERSION,
      tool: `vis ${ctx.version}`,
      base_url: session.settings.baseUrl?.value ?? '',
      started_at: isoTime(startedMs),
      finished_at: isoTime(finishedMs),
      status: result.failed.length === 0 && result.notAttempted.length === 0 ? 'complete' : 'incomplete',
      exit_code: result.exitCode,
      format,
      period: Object.values(opts.flags.period).some((v) => v !== undefined) ? opts.flags.period : null,
      endpoints: opts.endpoints.map((e) => e.id),
      reads: { left_before: budget.left ?? null, planned: result.readsPlanned, spent: result.readsSpent },
      brands: result.brands,
      files: result.files,
      skipped: result.skipped,
      failed: result.failed,
      not_attempted: result.notAttempted,
    };
    let manifestPath: string;
    try {
      manifestPath = writeManifest(opts.dir, manifest);
    } catch (err) {
      throw new VisError('usage', `could not write the manifest in ${opts.dir}: ${(err as Error).message}`, {
        hint: `${result.files.length} files were written; without the manifest, their list is this run's summary.`,
      });
    }
    if (!opts.flags.quiet) {
      ctx.io.stderr.write(renderSummary(result, { dir: opts.dir, manifestPath, elapsedMs: finishedMs - startedMs, readsLeft: budget.left }));
    }
    const failure = exportFailure(result, budget, manifestPath);
    if (failure) throw failure;
  } finally {
    await session.close();
  }
}

/** The bar is drawn on stderr: its width, else the one vis fits tables to. */
function stderrColumns(ctx: Context): number {
  const columns = (ctx.io.stderr as { columns?: number }).columns;
  return typeof columns === 'number' && columns > 0 ? columns : ctx.io.columns;
}

/**
 * The brands to export: all (--all-brands), the one named by --brand / VIS_BRAND / the
 * profile (an id, or a name matched case-insensitively), or the account's only brand.
 * Slugs are made from every brand of the account, so a brand's folder is the same whether
 * it is exported alone or with the others.
 */
function chooseBrands(records: BrandRecord[], opts: ExportOptions, session: Session): ExportBrand[] {
  const slugs = uniqueSlugs(records.map((r) => ({ key: String(r.id), name: r.name, tag: String(r.id), fallback: 'brand' })));
  const toBrand = (r: BrandRecord): ExportBrand => ({
    id: r.id,
    name: r.name,
    slug: slugs.get(String(r.id))!,
    ...(r.primaryMarket !== undefined ? { primaryMarket: r.primaryMarket } : {}),
    ...(r.markets !== undefined ? { listedMarkets: r.markets } : {}),
  });
  const list = records.map((r) => `${r.id} ${sanitizeForTerminal(r.name)}`).join(', ');

  if (opts.allBrands) {
    if (records.length === 0) throw new NotFoundError('GET /brands listed no brands, so there is nothing to export', { code: 'brand_not_found' });
    return records.map(toBrand);
  }
  const setting = session.settings.brand;
  if (setting) {
    const wanted = setting.value.trim();
    const byId = records.filter((r) => String(r.id) === wanted);
    if (byId.length === 1) return [toBrand(byId[0]!)];
    const byName = records.filter((r) => r.name.trim().toLowerCase() === wanted.toLowerCase());
    if (byName.length === 1) return [toBrand(byName[0]!)];
    if (byName.length > 1) throw new UsageError(`${setting.source}: several brands are named "${setting.value}"`, { hint: `Use the id instead: ${list}` });
    if (records.length === 0 && /^\d+$/.test(wanted)) return [{ id: wanted, name: `brand ${wanted}`, slug: `brand-${wanted}` }];
    throw new NotFoundError(`${setting.source}: no brand "${setting.value}" on this account`, {
      code: 'brand_not_found',
      hint: list ? `Brands: ${list}` : 'GET /brands listed no brands.',
    });
  }
  if (records.length === 1) return [toBrand(records[0]!)];
  if (records.length === 0) return [{ id: undefined, name: 'brand', slug: 'brand' }];
  throw new UsageError(`this account has ${records.length} brands: choose one with --brand <id|name>, or export them all with --all-brands`, {
    code: 'brand_required',
    hint: `Brands: ${list}`,
  });
}

function manifestBrands(planned: PlannedBrand[]): ManifestBrand[] {
  return planned.map((pb) => ({
    id: pb.brand.id ?? null,
    name: pb.brand.name,
    slug: pb.brand.slug,
    markets: pb.slots ? pb.slots.map(slotLabel) : null,
    markets_from: pb.marketsFrom,
  }));
}

function resetHint(budget: BudgetInfo): string {
  return budget.resetsAt ? `The budget resets at ${sanitizeForTerminal(budget.resetsAt)}. ` : 'The budget resets on the first of the month. ';
}

function budgetError(cost: CostEstimate, budget: BudgetInfo, verb: string): LimitError {
  return new LimitError(`the export ${verb} ${costSentence(cost)}, and ${budget.left} are left this month: nothing was read`, {
    hint: `${resetHint(budget)}--only exports fewer endpoints; --force exports what fits; --dry-run shows the plan.`,
  });
}

const KIND_BY_EXIT: Readonly<Record<number, ErrorKind>> = { 2: 'usage', 3: 'auth', 4: 'plan', 5: 'not_found', 6: 'limit', 7: 'server' };

/** The error that ends an export that did not get everything, carrying the exit code. */
function exportFailure(result: RunResult, budget: BudgetInfo, manifestPath: string): Error | undefined {
  if (result.exitCode === 0) return undefined;
  const details = `${result.files.length} files written; ${manifestPath} lists what is missing and why.`;
  if (result.stoppedBy) {
    const e = result.stoppedBy;
    const reset = e.code === 'quota_exceeded' ? resetHint(budget) : '';
    return new VisError(e.kind, `export stopped: ${e.message}; the rest was not attempted`, { code: e.code, hint: `${reset}${details}` });
  }
  if (result.refused) {
    return new LimitError(
      `export stopped: with the markets and items known it needs ${result.refused.needed} more reads, and ${result.refused.left} are left`,
      { hint: `${resetHint(budget)}--only exports fewer endpoints; --force exports what fits. ${details}` },
    );
  }
  const kind = KIND_BY_EXIT[result.exitCode];
  const first = result.failed[0];
  const what = first
    ? `${result.failed.length} failed (${first.endpoint}${first.market ? ` ${first.market}` : ''}: ${first.message}${result.failed.length > 1 ? '; …' : ''})`
    : `${result.notAttempted.length} not exported for lack of reads`;
  const message = `export incomplete: ${what}`;
  if (!kind) return new Error(message);
  const code = result.failed.find((f) => f.exit_code === result.exitCode)?.code ?? undefined;
  return new VisError(kind, message, { code, hint: details });
}
