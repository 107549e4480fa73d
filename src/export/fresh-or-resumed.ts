/**
 * One export, planned before any request: a fresh one from the command line, a resumed
 * one (--resume) from the folder's manifest (checked value by value by manifest-check.ts)
 * and the command line it must agree with. Either way the planning ends in one ExportRun,
 * and nothing after it asks which of the two it was: a fresh export is one with nothing
 * written, nothing listed, nothing spent and no account to match yet. Pure: no I/O.
 *
 * Two steps, because the brands are known only once the free GET /usage and GET /brands
 * have answered:
 * - planRun: before any request. A resume is refused here (exit 2, nothing sent) when the
 *   folder has no manifest, the command line asks another plan, a relative period began
 *   on another API day, or the API is another one.
 * - planExport: with GET /usage and GET /brands. A resume is refused for another account
 *   or, with --all-brands, another set of brands; then the brands are chosen, planned
 *   with their markets, and the tasks left to read are counted.
 */
import { join } from 'node:path';
import type { BrandRecord, BudgetInfo } from '../api/account.js';
import type { PeriodFlags } from '../domain/period.js';
import type { EndpointSpec } from '../endpoints.js';
import { NotFoundError, UsageError } from '../errors.js';
import { brandsWithSlugs, chooseBrands as chooseAccountBrands, type BrandAsk } from '../services/brand-choice.js';
import { BRAND_COLUMNS } from './brand-columns.js';
import { recordedAccount, START_ANEW } from './manifest-check.js';
import { MANIFEST_FILE, type FileEntry, type ListedEntry, type Manifest, type ManifestAccount, type ManifestBrand, type ManifestPlan } from './manifest.js';
import type { ExportFormat, ExportOptions } from './options.js';
import { brandTasks, estimate, itemTasks, leftToRead, type ExportBrand, type MarketMode, type PlannedBrand, type Task } from './plan.js';
import type { PlanView } from './summary.js';
import { accountDifference, brandsDiffer, periodDayProblem, planDifferences, planEndpoints, resolvePeriod, resumePlannedBrand } from './resume.js';
import { recordedItems, type RunInput } from './execute-plan.js';

/** An earlier run of the export, read back from its folder for --resume. */
export interface PreviousExport {
  /** The manifest, checked value by value (manifest-check.ts). */
  manifest: Manifest;
  /** Its files still in the folder as written (manifest.ts, filesStillThere). */
  written: ReadonlyMap<string, FileEntry>;
}

/** What the command line says, checked, with the settings that apply to it. */
export interface ExportRunInput {
  options: ExportOptions;
  /** --format, else VIS_FORMAT or the profile's when csv or json, else csv. */
  format: ExportFormat;
  /** --brand, VIS_BRAND or the profile's brand: an id, or a name. */
  brand: { value: string; source: string } | undefined;
  /** --market, VIS_MARKET or the profile's market. */
  market: string | undefined;
  /** The API read from: the base URL normalised, or `demo` (see exportApi). */
  api: string;
  /** The API's date (UTC): a relative period is resumable on the API's same day. */
  today: string;
}

/** How the brands are chosen once GET /brands has answered. */
export type BrandChoice =
  /** The export's own brands (--resume), in its order; with --all-brands the account's must be the same. */
  { kind: 'recorded'; ids: Array<string | number | null>; allBrands: boolean } | BrandAsk;

export interface ExportRun {
  /** Absolute path of the export folder. */
  dir: string;
  /** The API's date (UTC) this run reads on. */
  today: string;
  /** The API read from (ManifestAccount.api). */
  api: string;
  format: ExportFormat;
  endpoints: EndpointSpec[];
  period: PeriodFlags;
  /** The day a relative period counts back from: the day the export began. */
  periodDate: string;
  params: Array<[string, string]>;
  markets: MarketMode;
  brands: BrandChoice;
  force: boolean;
  /** Files an earlier run wrote and still there: not read again. Undefined when nothing was written before. */
  written: ReadonlyMap<string, FileEntry> | undefined;
  /** The items earlier runs' list reads gave (a list read on this API day is not read again). */
  listed: ListedEntry[] | undefined;
  /** The brands as the earlier runs planned them (markets learned from GET /markets, a primary market's folder). */
  recordedBrands: readonly ManifestBrand[];
  /** Reads the earlier runs of the export spent. */
  spentBefore: number;
  /** Whose export it is, when an earlier run recorded it: this run's account must be the same. */
  account: ManifestAccount | undefined;
  /** The export is complete: nothing to read, nothing to write. */
  complete: boolean;
}

/**
 * The run the command line asks for: with --resume, the export whose manifest was read
 * back from the folder (`previous`), refused with a UsageError (exit 2) before any
 * request when it cannot be resumed as asked.
 */
export function planRun(input: ExportRunInput, previous: PreviousExport | undefined): ExportRun {
  const { options: opts } = input;
  if (!opts.resume) return freshRun(input);
  if (!previous) {
    throw new UsageError(`--resume: ${opts.dir} has no manifest.json, so there is no export to resume`, {
      hint: 'Run the export without --resume to start one.',
    });
  }
  const prev = previous.manifest;
  const differences = planDifferences(prev.plan, prev.brands, opts);
  if (differences.length > 0) {
    throw new UsageError(`--resume: the plan differs from the export in ${opts.dir}: ${differences.join('; ')}`, {
      hint: 'Leave those flags out to resume the export as it was begun, or start a new export without --resume (the files it does not write are listed as stale).',
    });
  }
  const complete = prev.status === 'complete';
  if (!complete) refuseToResume(prev, input);
  return {
    dir: opts.dir,
    today: input.today,
    api: input.api,
    format: prev.plan.format,
    endpoints: planEndpoints(prev.plan),
    period: prev.plan.period,
    periodDate: prev.plan.period_date,
    params: prev.plan.params,
    markets: prev.plan.all_markets ? { kind: 'all' } : { kind: 'one', market: prev.plan.market ?? undefined },
    brands: { kind: 'recorded', ids: prev.plan.brands, allBrands: opts.allBrands },
    force: opts.force,
    written: previous.written,
    listed: prev.listed,
    recordedBrands: prev.brands,
    spentBefore: prev.reads.spent,
    account: prev.account,
    complete,
  };
}

function freshRun(input: ExportRunInput): ExportRun {
  const { options: opts } = input;
  return {
    dir: opts.dir,
    today: input.today,
    api: input.api,
    format: input.format,
    endpoints: opts.endpoints,
    period: opts.flags.period,
    periodDate: input.today,
    params: opts.flags.params,
    markets: opts.allMarkets ? { kind: 'all' } : { kind: 'one', market: input.market },
    brands: opts.allBrands ? { kind: 'all' } : input.brand ? { kind: 'named', setting: input.brand } : { kind: 'only' },
    force: opts.force,
    written: undefined,
    listed: undefined,
    recordedBrands: [],
    spentBefore: 0,
    account: undefined,
    complete: false,
  };
}

/**
 * Why an unfinished export cannot be resumed now, before any request: a manifest of an
 * older vis records no account; a relative period began on another API day; another API
 * is not the export's. Another account is found once GET /usage and GET /brands answer.
 */
function refuseToResume(prev: Manifest, input: ExportRunInput): void {
  const dir = input.options.dir;
  const account = recordedAccount(prev, join(dir, MANIFEST_FILE));
  if (prev.plan.format === 'csv' && prev.csv_columns === undefined) {
    // Finishing it would leave files with and without the brand and market columns, which
    // no longer load into one table.
    throw new UsageError(
      `--resume: the csv files in ${dir} were written by an older vis, without the ${BRAND_COLUMNS.join(', ')} columns every file now begins with, so the export cannot be resumed`,
      { hint: START_ANEW },
    );
  }
  const dayProblem = periodDayProblem(prev.plan, input.today);
  if (dayProblem) {
    throw new UsageError(dayProblem, {
      hint: 'Start the export again without --resume (it reads every file again); an export with --from and --to can be resumed on any day.',
    });
  }
  refuseAnotherAccount(dir, account, { ...account, api: input.api });
}

/** A resume with another API or account would leave one manifest over two accounts' files: refused, nothing read. */
function refuseAnotherAccount(dir: string, recorded: ManifestAccount, current: ManifestAccount): void {
  const difference = accountDifference(recorded, current);
  if (difference) throw new UsageError(`--resume: the export in ${dir} is another account's: ${difference}`, { hint: START_ANEW });
}

/** The run with its brands: what the manifest records as the plan, and the tasks. */
export interface PlannedExport {
  /** This run's account (exportAccount): the one the export's manifest records. */
  account: ManifestAccount;
  brands: PlannedBrand[];
  plan: ManifestPlan;
  /** Every task of the plan, written before or not: the files the folder check looks at. */
  allTasks: Task[];
  /** What is left to read: the dry run, the cost and the budget check count these. */
  tasks: Task[];
}

/**
 * The run planned with the account's brands (GET /brands) once `account` is known: the
 * export's account must be this one, and its brands are chosen and planned with their
 * markets. A list read on this API day that the manifest recorded is not read again: its
 * items are planned now.
 */
export function planExport(run: ExportRun, records: BrandRecord[], account: ManifestAccount): PlannedExport {
  if (run.account) refuseAnotherAccount(run.dir, run.account, account);
  const chosen = chooseBrands(run, records);
  const written = run.written ?? new Map<string, FileEntry>();
  const brands = chosen.map((b) => resumePlannedBrand(b, run.markets, run.recordedBrands, written));
  const allTasks = brands.flatMap((pb) => brandTasks(pb, run.endpoints));
  const { format, period, params, today } = run;
  const recorded = { listed: run.listed, written: run.written, format, period, params, today };
  const tasks = allTasks.flatMap((t) => {
    const items = recordedItems(t, recorded);
    if (!items) return leftToRead(t, run.written, format) ? [t] : [];
    return itemTasks({ ...t, expanded: true }, items).filter((i) => leftToRead(i, run.written, format));
  });
  const ids = run.brands.kind === 'recorded' ? run.brands.ids : chosen.map((b) => b.id ?? null);
  return { account, brands, plan: manifestPlan(run, ids), allTasks, tasks };
}

/** `plan` of the manifest: what the export was asked, for --resume to compare and re-use. */
function manifestPlan(run: ExportRun, brands: Array<string | number | null>): ManifestPlan {
  return {
    endpoints: run.endpoints.map((e) => e.id),
    brands,
    all_markets: run.markets.kind === 'all',
    market: run.markets.kind === 'one' ? (run.markets.market ?? null) : null,
    format: run.format,
    period: run.period,
    period_date: run.periodDate,
    period_resolved: resolvePeriod(run.period, run.periodDate),
    params: run.params,
  };
}

/** The plan as the dry run and the budget check see it: what is left, what it costs, what is left to spend. */
export function planView(run: ExportRun, planned: PlannedExport, budget: BudgetInfo, cachedReads: number | undefined): PlanView {
  return {
    dir: run.dir,
    format: run.format,
    period: run.period,
    brands: planned.brands,
    tasks: planned.tasks,
    cost: estimate(planned.tasks, run.endpoints),
    readsLeft: budget.left,
    resetsAt: budget.resetsAt,
    force: run.force,
    ...(run.written ? { alreadyWritten: run.written.size } : {}),
    ...(cachedReads !== undefined ? { cachedReads } : {}),
  };
}

/** What the runner is handed: the plan, and what earlier runs wrote and listed. */
export function runInput(run: ExportRun, planned: PlannedExport, readsLeft: number | undefined): RunInput {
  return {
    dir: run.dir,
    format: run.format,
    endpoints: run.endpoints,
    brands: planned.brands,
    period: run.period,
    params: run.params,
    readsLeft,
    force: run.force,
    ...(run.written ? { written: run.written } : {}),
    ...(run.listed ? { listed: run.listed } : {}),
  };
}

/**
 * The brands to export: the export's own (--resume), in its order; otherwise as every
 * command chooses them (src/services/brand-choice.ts): all (--all-brands), the one named by
 * --brand / VIS_BRAND / the profile, or the account's only brand. Slugs are made from
 * every brand of the account, so a brand's folder is the same whether it is exported
 * alone or with the others.
 */
export function chooseBrands(run: Pick<ExportRun, 'dir' | 'brands' | 'recordedBrands'>, records: BrandRecord[]): ExportBrand[] {
  const choice = run.brands;
  if (choice.kind !== 'recorded') return chooseAccountBrands(choice, records);
  if (
    choice.allBrands &&
    brandsDiffer(
      choice.ids,
      records.map((r) => r.id),
    )
  ) {
    throw new UsageError(`--resume: the plan differs from the export in ${run.dir}: brands (--all-brands; the export has ${choice.ids.join(', ')})`);
  }
  const all = brandsWithSlugs(records);
  return choice.ids.map((id) => {
    const found = all.find((b) => String(b.id) === String(id));
    if (found) return found;
    const recorded = run.recordedBrands.find((b) => String(b.id) === String(id));
    if (records.length === 0 && recorded) return { id: id ?? undefined, name: recorded.name, slug: recorded.slug };
    throw new NotFoundError(`--resume: brand ${id} of the export is not on this account any more`, { code: 'brand_not_found' });
  });
}
