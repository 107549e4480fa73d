/**
 * `vis export`: the account's data to files, for cron jobs (README, Export).
 *
 * 1. Parse and check everything on the command line, and that --dir can be written
 *    (exit 2, nothing sent): parse.ts.
 * 2. Ask the free GET /usage (reads left) and GET /brands (which brands, and their
 *    markets when it lists them), and plan: endpoints x brands x markets, and the cost.
 * 3. --dry-run: print the plan (stdout) and stop; exit 6 when the export would be refused.
 * 4. Refuse (exit 6) when even the known part of the plan needs more reads than are left,
 *    unless --force; then write a `running` manifest.json, run the plan
 *    (src/export/runner.ts) rewriting it after every file (`interrupted` from the abort
 *    listener on Ctrl-C/SIGTERM, `failed` on an error), write the final one, print the
 *    summary on stderr, and exit with the worst failure's code.
 *
 * --resume (src/export/resume.ts): the plan comes from the folder's manifest, checked
 * value by value (src/export/manifest-check.ts) and against the command line first
 * (exit 2 on a difference, nothing sent), and refused for another API or account (exit
 * 2, before any read); files it lists
 * as written and still there are not read again, nor, on the same API day, the lists
 * whose items it recorded (`listed`).
 */
import { endpointById } from '../../../endpoints.js';
import { join } from 'node:path';
import { exitCodeFor, InterruptedError, LimitError, NotFoundError, UsageError, VisError, type ErrorKind } from '../../../errors.js';
import { budgetFromUsage, brandsFromPayload, type BrandRecord, type BudgetInfo } from '../../../api/account.js';
import {
  exportLikeFiles,
  filesStillThere,
  MANIFEST_FILE,
  MANIFEST_VERSION,
  readPreviousManifest,
  writeManifest,
  type Manifest,
  type ManifestAccount,
  type ManifestBrand,
  type ManifestPlan,
  type ManifestStatus,
} from '../../../export/manifest.js';
import { exportableEndpoints, type ExportFormat, type ExportOptions, type RawExportOptions } from '../../../export/options.js';
import { checkManifest, recordedAccount, START_ANEW } from '../../../export/manifest-check.js';
import {
  accountDifference,
  brandsDiffer,
  exportAccount,
  normaliseBaseUrl,
  periodDayProblem,
  planDifferences,
  planEndpoints,
  resolvePeriod,
  resumePlannedBrand,
} from '../../../export/resume.js';
import {
  brandTasks,
  estimate,
  itemTasks,
  leftToRead,
  planBrand,
  slotLabel,
  taskFiles,
  type CostEstimate,
  type ExportBrand,
  type MarketMode,
  type PlannedBrand,
  type Task,
} from '../../../export/plan.js';
import { ProgressBar } from '../../../export/progress.js';
import { costSentence, planDocument, renderPlanText, renderSummary, verdict, type PlanView } from '../../../export/report.js';
import { isoTime, recordedItems, runExport, taskRequest, type RunResult } from '../../../export/runner.js';
import { uniqueSlugs } from '../../../export/slug.js';
import { renderJsonValue } from '../../../output/json.js';
import { sanitizeForTerminal } from '../../../text/sanitize.js';
import type { Context } from '../../../services/context.js';
import { writeMessage } from '../../../terminal/io.js';
import { openSession, type Session } from '../../../services/session.js';
import { emit } from '../../../terminal/render.js';
import { sendWithHints } from '../../../services/hints.js';
import { cachedNow, sendCached } from '../../../services/cached.js';
import { makeDirs } from '../../../fs/make-dirs.js';
import { checkPathInside, ownFolderProblem, UnsafePathError } from '../../../fs/inside-folder.js';
import { parseExportCommand, refuseUnsafeDir, type ExportCommandOptions } from './parse.js';

/** Parse, then run: what the declaration does, for a caller that has the raw options. */
export async function exportCommand(ctx: Context, raw: RawExportOptions): Promise<void> {
  await runExportCommand(parseExportCommand(ctx, raw), ctx);
}

export async function runExportCommand(options: ExportCommandOptions, ctx: Context): Promise<void> {
  const { export: opts } = options;
  const today = ctx.today().api; // the API's date (UTC): a plan is resumable on the API's same day
  // --resume: the earlier run's plan, checked against the command line before any request.
  const prev = opts.resume ? previousRun(opts, today) : undefined;
  if (prev?.status === 'complete') {
    if (!opts.flags.quiet) ctx.io.stderr.write(`vis export: the export in ${sanitizeForTerminal(opts.dir)} is complete; nothing to resume.\n`);
    return;
  }
  const format = prev ? prev.plan.format : options.format;
  const endpoints = prev ? planEndpoints(prev.plan) : opts.endpoints;
  const period = prev ? prev.plan.period : opts.flags.period;
  const params = prev ? prev.plan.params : opts.flags.params;
  // --demo's sandbox listens on another port each run and serves the same data: one API.
  const api = options.session.demo ? 'demo' : (normaliseBaseUrl(options.session.settings.baseUrl?.value ?? '') ?? '');
  // Another API is refused before any request; another account once the free /usage and
  // /brands have said whose key this is.
  const prevAccount = prev ? recordedAccount(prev, join(opts.dir, MANIFEST_FILE)) : undefined;
  if (prevAccount) refuseAnotherAccount(opts.dir, prevAccount, { ...prevAccount, api });
  const session = await openSession(ctx, options.session);
  try {
    const warn = (line: string) => {
      if (!opts.flags.quiet) writeMessage(ctx.io, `vis: warning: ${line}`);
    };

    const usage = await sendWithHints(session, { method: 'GET', path: endpointById('usage').path });
    const budget = budgetFromUsage(usage.envelope.data);
    if (budget.left === undefined) warn('GET /usage did not say how many reads are left, so the export is not checked against the budget');
    const brandsRes = await sendWithHints(session, { method: 'GET', path: endpointById('brands').path });
    const records = brandsFromPayload(brandsRes.envelope.data);
    // One brand: its answers are filed under the requests without brand_id too (src/services/cached.ts).
    if (records.length === 1) session.oneBrand = String(records[0]!.id);
    const account = exportAccount(api, usage.envelope.data, records.map((r) => r.id));
    if (prevAccount) refuseAnotherAccount(opts.dir, prevAccount, account);
    if (prev && opts.allBrands && brandsDiffer(prev.plan, records.map((r) => r.id))) {
      throw new UsageError(`--resume: the plan differs from the export in ${opts.dir}: brands (--all-brands; the export has ${prev.plan.brands.join(', ')})`);
    }
    const brands = prev ? resumeBrands(records, prev) : chooseBrands(records, opts, session);

    const allMarkets = prev ? prev.plan.all_markets : opts.allMarkets;
    const market = prev ? (prev.plan.market ?? undefined) : session.settings.market?.value;
    const mode: MarketMode = allMarkets ? { kind: 'all' } : { kind: 'one', market };
    const written = prev ? filesStillThere(opts.dir, prev.files) : undefined;
    const planned = brands.map((b) => (prev ? resumePlannedBrand(b, mode, prev.brands, written!) : planBrand(b, mode)));
    const allTasks = planned.flatMap((pb) => brandTasks(pb, endpoints));
    // --resume: a list read today that the manifest recorded is not read again; its items are planned now.
    const recorded = { listed: prev?.listed, written, format, period, params, today };
    const tasks = allTasks.flatMap((t) => {
      const items = recordedItems(t, recorded);
      if (!items) return leftToRead(t, written, format) ? [t] : [];
      return itemTasks({ ...t, expanded: true }, items).filter((i) => leftToRead(i, written, format));
    });
    const view: PlanView = {
      dir: opts.dir,
      format,
      period,
      brands: planned,
      tasks,
      cost: estimate(tasks, endpoints),
      readsLeft: budget.left,
      resetsAt: budget.resetsAt,
      force: opts.force,
      ...(written ? { alreadyWritten: written.size } : {}),
      ...(session.cacheMode === 'use' ? { cachedReads: tasks.filter((t) => !t.placeholder && cachedNow(ctx, session, t.endpoint, taskRequest(t, period, params))).length } : {}),
    };

    if (opts.dryRun) {
      const text = format === 'json' ? renderJsonValue(planDocument(view, manifestBrands(planned))) : renderPlanText(view);
      await emit(ctx, undefined, text);
      if (verdict(view) === 'refused') throw budgetError(view.cost, budget, 'would need');
      return;
    }
    if (verdict(view) === 'refused') throw budgetError(view.cost, budget, 'needs');

    try {
      makeDirs(opts.dir, 0o775);
    } catch (err) {
      // Before any read is spent: parse's look at --dir (checkExportDir) could not see every way to fail.
      throw new UsageError(`--dir: ${opts.dir} cannot be created: ${(err as Error).message}`);
    }
    checkFolderBeforeReads(opts.dir, allTasks, format);
    const startedMs = ctx.clock.now();
    const plan: ManifestPlan = prev
      ? prev.plan
      : {
          endpoints: endpoints.map((e) => e.id),
          brands: brands.map((b) => b.id ?? null),
          all_markets: allMarkets,
          market: market ?? null,
          format,
          period,
          period_date: today,
          period_resolved: resolvePeriod(period, today),
          params,
        };
    const stale = exportLikeFiles(opts.dir, new Set(exportableEndpoints().map((e) => e.id)));
    const manifestOf = (status: ManifestStatus, result: RunResult | undefined, exitCode = result?.exitCode ?? 1): Manifest => {
      const files = [...(result?.files ?? [])];
      if (status !== 'complete' && status !== 'incomplete') {
        // Until the run has passed them, the earlier run's files are still this export's.
        const have = new Set(files.map((f) => f.path));
        for (const f of written?.values() ?? []) if (!have.has(f.path)) files.push(f);
      }
      const paths = new Set(files.map((f) => f.path));
      const spent = result?.readsSpent ?? 0;
      return {
        manifest_version: MANIFEST_VERSION,
        tool: `vis ${ctx.version}`,
        base_url: session.settings.baseUrl?.value ?? '',
        account,
        started_at: isoTime(startedMs),
        finished_at: isoTime(ctx.clock.now()),
        status,
        exit_code: status === 'running' || status === 'interrupted' ? null : exitCode,
        format,
        period: Object.values(period).some((v) => v !== undefined) ? period : null,
        endpoints: endpoints.map((e) => e.id),
        plan,
        reads: {
          left_before: budget.left ?? null,
          planned: result?.readsPlanned ?? estimate(allTasks, endpoints).reads,
          spent: (prev?.reads.spent ?? 0) + spent,
          this_run: spent,
        },
        brands: result?.brands ?? manifestBrands(planned),
        files,
        skipped: result?.skipped ?? [],
        failed: result?.failed ?? [],
        not_attempted: result?.notAttempted ?? [],
        stale: stale.filter((p) => !paths.has(p)).map((path) => ({ path })),
        listed: result?.listed ?? prev?.listed ?? [],
      };
    };
    const save = (m: Manifest): string => {
      try {
        return writeManifest(opts.dir, m);
      } catch (err) {
        throw new VisError('usage', `could not write the manifest in ${opts.dir}: ${(err as Error).message}`, {
          hint: `${m.files.length} files were written; without the manifest, their list is this run's summary.`,
        });
      }
    };
    // The folder's manifest never describes an earlier run while this one changes the files.
    save(manifestOf('running', undefined));
    let latest: RunResult | undefined;
    // Ctrl-C and SIGTERM abort the context's signal and then exit at once (src/main.ts):
    // this listener runs synchronously before the exit, and writes atomically.
    const onAbort = () => {
      try {
        writeManifest(opts.dir, manifestOf('interrupted', latest));
      } catch {
        // leaving at once: the 'running' manifest, with the files up to the last one, stays
      }
    };
    ctx.signal.addEventListener('abort', onAbort, { once: true });

    const bar =
      ctx.io.stderrIsTTY && !opts.flags.quiet && !ctx.debug ? new ProgressBar(ctx.io.stderr, stderrColumns(ctx), () => ctx.clock.now()) : undefined;
    bar?.start();
    let result: RunResult;
    try {
      result = await runExport(
        {
          dir: opts.dir,
          format,
          endpoints,
          brands: planned,
          period,
          params,
          readsLeft: budget.left,
          force: opts.force,
          ...(written ? { written } : {}),
          ...(prev?.listed ? { listed: prev.listed } : {}),
        },
        {
          send: (req, endpoint) => sendCached(ctx, session, endpoint, req, { send: (r) => session.client.send(r) }),
          now: () => ctx.clock.now(),
          observer: bar,
          checkpoint: (snapshot) => {
            latest = snapshot;
            save(manifestOf('running', snapshot));
          },
        },
      );
    } catch (err) {
      if (!ctx.signal.aborted && !(err instanceof InterruptedError)) {
        try {
          writeManifest(opts.dir, manifestOf('failed', latest, exitCodeFor(err)));
        } catch {
          // the error below says what went wrong; the last manifest written stays
        }
      }
      throw err;
    } finally {
      ctx.signal.removeEventListener('abort', onAbort);
      bar?.stop();
    }
    const finishedMs = ctx.clock.now();

    const status: ManifestStatus =
      result.stoppedBy || result.refused ? 'failed' : result.failed.length === 0 && result.notAttempted.length === 0 ? 'complete' : 'incomplete';
    const manifest = manifestOf(status, result);
    const manifestPath = save(manifest);
    if (!opts.flags.quiet) {
      ctx.io.stderr.write(renderSummary(result, { dir: opts.dir, manifestPath, elapsedMs: finishedMs - startedMs, readsLeft: budget.left }));
    }
    if (manifest.stale.length > 0) {
      warn(`${manifest.stale.length} file${manifest.stale.length === 1 ? '' : 's'} in ${opts.dir} are not from this export (listed as "stale" in the manifest, left in place)`);
    }
    const failure = exportFailure(result, budget, manifestPath);
    if (failure) throw failure;
  } finally {
    await session.close();
  }
}

/**
 * Before any read: --dir (made now, or planted meanwhile) is still the user's own, and
 * every file the plan knows of lies inside it, past folders vis will write into (exit 2
 * otherwise). The runner checks each file again as it writes it.
 */
function checkFolderBeforeReads(dir: string, tasks: readonly Task[], format: ExportFormat): void {
  refuseUnsafeDir(ownFolderProblem(dir));
  for (const rel of [MANIFEST_FILE, ...tasks.flatMap((t) => taskFiles(t, format))]) {
    try {
      checkPathInside(dir, rel);
    } catch (err) {
      if (err instanceof UnsafePathError && err.outside) {
        throw new UsageError(`--dir: the plan names a file outside the folder: ${err.message}`, {
          hint: 'A resumed export takes its paths from manifest.json: one that leads outside the folder was not written by vis. Start the export again without --resume.',
        });
      }
      if (err instanceof UnsafePathError) refuseUnsafeDir(err.message);
      throw new UsageError(`--dir: cannot check ${dir}: ${(err as Error).message}`);
    }
  }
}

/** The manifest of the export --resume finishes, checked value by value and against the command line (exit 2). */
function previousRun(opts: ExportOptions, today: string): Manifest {
  const raw: unknown = readPreviousManifest(opts.dir);
  const prev = raw === undefined ? undefined : checkManifest(raw, join(opts.dir, MANIFEST_FILE));
  if (!prev) {
    throw new UsageError(`--resume: ${opts.dir} has no manifest.json, so there is no export to resume`, { hint: 'Run the export without --resume to start one.' });
  }
  const differences = planDifferences(prev.plan, prev.brands ?? [], opts);
  if (differences.length > 0) {
    throw new UsageError(`--resume: the plan differs from the export in ${opts.dir}: ${differences.join('; ')}`, {
      hint: 'Leave those flags out to resume the export as it was begun, or start a new export without --resume (the files it does not write are listed as stale).',
    });
  }
  if (prev.status === 'complete') return prev;
  recordedAccount(prev, join(opts.dir, MANIFEST_FILE));
  const dayProblem = periodDayProblem(prev.plan, today);
  if (dayProblem) {
    throw new UsageError(dayProblem, { hint: 'Start the export again without --resume (it reads every file again); an export with --from and --to can be resumed on any day.' });
  }
  return prev;
}

/** A resume with another API or account would leave one manifest over two accounts' files: refused, nothing read. */
function refuseAnotherAccount(dir: string, recorded: ManifestAccount, current: ManifestAccount): void {
  const difference = accountDifference(recorded, current);
  if (difference) throw new UsageError(`--resume: the export in ${dir} is another account's: ${difference}`, { hint: START_ANEW });
}

/** The brands of the export being resumed, as GET /brands describes them now. */
function resumeBrands(records: BrandRecord[], prev: Manifest): ExportBrand[] {
  const all = brandsOf(records);
  return prev.plan.brands.map((id) => {
    const found = all.find((b) => String(b.id) === String(id));
    if (found) return found;
    const recorded = prev.brands.find((b) => String(b.id) === String(id));
    if (records.length === 0 && recorded) return { id: id ?? undefined, name: recorded.name, slug: recorded.slug };
    throw new NotFoundError(`--resume: brand ${id} of the export is not on this account any more`, { code: 'brand_not_found' });
  });
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
function brandsOf(records: BrandRecord[]): ExportBrand[] {
  const slugs = uniqueSlugs(records.map((r) => ({ key: String(r.id), name: r.name, tag: String(r.id), fallback: 'brand' })));
  return records.map((r) => ({
    id: r.id,
    name: r.name,
    slug: slugs.get(String(r.id))!,
    ...(r.primaryMarket !== undefined ? { primaryMarket: r.primaryMarket } : {}),
    ...(r.markets !== undefined ? { listedMarkets: r.markets } : {}),
  }));
}

function chooseBrands(records: BrandRecord[], opts: ExportOptions, session: Session): ExportBrand[] {
  const all = brandsOf(records);
  const toBrand = (r: BrandRecord): ExportBrand => all[records.indexOf(r)]!;
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
