/**
 * Runs an export plan: one request at a time through one client (so one pacer keeps the
 * whole export under the rate limit), each answer written atomically to its file.
 *
 * Order: first the reads that decide the rest of the plan (GET /markets for brands whose
 * markets /brands does not list, then the lists that item endpoints take their items
 * from), then the budget check with the exact cost, then everything else in plan order.
 *
 * What happens when a request fails:
 * - 403 feature_not_in_plan and 409 integration_not_connected: skipped (the account does
 *   not have it; not a failure).
 * - 429 quota_exceeded, 403 plan_inactive, 401 (the key), or a file that cannot be
 *   written: every later request would fail the same way (or spend a read on data that
 *   cannot be saved), so the export stops there and the rest is "not attempted".
 * - 404 brand_not_found / market_not_found: the rest of that brand / market is "not
 *   attempted"; the other brands and markets go on.
 * - anything else: recorded as failed, and the export goes on.
 *
 * The exit code is the worst failure's: the failure that stopped the export, if one did
 * (it is why the export is incomplete), otherwise the highest exit code among the
 * failures, and 6 when reads ran out (--force) before everything was exported.
 */
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import type { EndpointSpec } from '../endpoints.js';
import { exitCodeFor, InterruptedError, ServerError, VisError } from '../errors.js';
import type { ApiRequest, ApiResponse } from '../http/client.js';
import { renderCsv } from '../output/csv.js';
import { flattenFigures, isPlainObject, selectRows, showsFigures } from '../output/flatten.js';
import { knownColumns } from '../schemas/columns.js';
import { parseKeepingNumbers } from '../output/exact-json.js';
import { renderJson } from '../output/json.js';
import { isNestingError } from '../text/nesting.js';
import type { PeriodFlags, ReportedPeriod } from '../domain/period.js';
import { marketsFromPayload } from '../api/account.js';
import { utcDate } from '../domain/dates.js';
import { scopeRequest } from '../services/scope-request.js';
import { itemsFromList, itemsOfKeys, ItemFieldError, type Item } from './items.js';
import {
  manifestBrands,
  type BrandRef,
  type FailedEntry,
  type FileEntry,
  type ListedEntry,
  type ManifestBrand,
  type NotAttemptedEntry,
  type SkippedEntry,
} from './manifest.js';
import type { ExportFormat } from './options.js';
import {
  brandTasks,
  estimate,
  filePath,
  itemTasks,
  marketSlots,
  slotFolder,
  slotLabel,
  type ExportBrand,
  type MarketSlot,
  type PlannedBrand,
  type Task,
  leftToRead,
  writtenBefore,
} from './plan.js';
import { writeFileInside } from '../fs/inside-folder.js';
import { writeFailure } from '../text/write-failure.js';
import { brandColumns } from './brand-columns.js';

/** Answers that mean "this account does not have it": reported, not failures. */
export const SKIP_CODES: ReadonlySet<string> = new Set(['feature_not_in_plan', 'integration_not_connected']);
/** Answers after which every later request would fail too. */
const STOP_CODES: ReadonlySet<string> = new Set(['quota_exceeded', 'plan_inactive', 'invalid_api_key']);

export interface RunInput {
  /** Absolute path of the export folder. */
  dir: string;
  format: ExportFormat;
  endpoints: readonly EndpointSpec[];
  brands: PlannedBrand[];
  period: PeriodFlags;
  /** --param pairs, added to every request of the export. */
  params: ReadonlyArray<readonly [string, string]>;
  /** Reads left before the export (from the free /usage); undefined when unknown. */
  readsLeft: number | undefined;
  /** Export what fits instead of refusing when the exact cost exceeds the reads left. */
  force: boolean;
  /** --resume: files an earlier run of the same plan wrote (by path); their reads are not spent again. */
  written?: ReadonlyMap<string, FileEntry>;
  /**
   * --resume: the items an earlier run's list reads gave. A list read on this API day is
   * not read again unless its own file is still to be written; other days' are read again.
   */
  listed?: readonly ListedEntry[];
}

export type TaskOutcome = 'written' | 'skipped' | 'failed' | 'not_attempted';

/** Told what happens, for the progress bar. */
export interface RunObserver {
  /** The number of requests the plan now holds (it grows as markets and items are learned). */
  planned(requests: number): void;
  begin(task: Task): void;
  end(task: Task, outcome: TaskOutcome, files: number, readSpent: boolean): void;
}

export interface RunnerDeps {
  /** Sends a task's request; `fromCache` set when the local cache answered (no read spent). */
  send(req: ApiRequest, endpoint: EndpointSpec): Promise<ApiResponse & { fromCache?: unknown }>;
  now(): number;
  observer?: RunObserver;
  /** Told what the run has done so far, after every task (the manifest is rewritten from it). */
  checkpoint?(snapshot: RunResult): void;
}

export interface RunResult {
  files: FileEntry[];
  skipped: SkippedEntry[];
  failed: FailedEntry[];
  notAttempted: NotAttemptedEntry[];
  readsSpent: number;
  /** Reads the final plan held (exact once markets and items are known). */
  readsPlanned: number;
  rows: number;
  brands: ManifestBrand[];
  /** The items each list read gave, this run's and the earlier runs' (for the manifest). */
  listed: ListedEntry[];
  /** The failure that stopped the export early. */
  stoppedBy: VisError | undefined;
  /** Set when the exact cost, known after the discovery reads, exceeded the reads left. */
  refused: { needed: number; left: number } | undefined;
  exitCode: number;
}

interface Target {
  task: Task;
  slot: MarketSlot | undefined;
  /** For item endpoints not yet expanded: the endpoint the entry is about. */
  endpoint?: EndpointSpec;
}

type Deferred =
  | { kind: 'skipped'; target: Target; code: string; message: string }
  | { kind: 'failed'; target: Target; code: string | null; message: string; exitCode: number }
  | { kind: 'not_attempted'; target: Target; reason: string; message: string };

/** A local file could not be written: stop spending reads on data that cannot be saved. */
class WriteError extends VisError {
  constructor(path: string, cause: unknown) {
    // A file-system error is said in words, without the temp file Node's message names.
    const code = (cause as NodeJS.ErrnoException).code;
    const failure = typeof code === 'string' ? writeFailure(code) : undefined;
    super('usage', `could not write ${path}: ${failure?.why ?? (cause as Error).message}`, {
      code,
      cause,
      ...(failure ? { hint: failure.check } : {}),
    });
    this.name = 'WriteError';
  }
}

export async function runExport(input: RunInput, deps: RunnerDeps): Promise<RunResult> {
  return new ExportRun(input, deps).run();
}

class ExportRun {
  private readonly perBrand = new Map<PlannedBrand, Task[]>();
  private readonly done = new Set<Task>();
  private readonly files: FileEntry[] = [];
  private readonly deferred: Deferred[] = [];
  private readonly failedSlots = new Map<MarketSlot, VisError>();
  private readonly failedBrands = new Map<ExportBrand, VisError>();
  private readonly listed: ListedEntry[];
  private spent = 0;
  private rows = 0;
  private stoppedBy: VisError | undefined;
  private refused: { needed: number; left: number } | undefined;

  constructor(
    private readonly input: RunInput,
    private readonly deps: RunnerDeps,
  ) {
    for (const pb of input.brands) this.perBrand.set(pb, brandTasks(pb, input.endpoints));
    this.listed = [...(input.listed ?? [])];
  }

  private tasks(): Task[] {
    return [...this.perBrand.values()].flat();
  }

  private announce(): void {
    this.deps.observer?.planned(this.tasks().length);
  }

  async run(): Promise<RunResult> {
    this.announce();
    // 1. Markets of brands /brands did not list them for (--all-markets).
    for (const [pb, tasks] of this.perBrand) {
      const discovery = tasks.find((t) => t.discoversMarkets);
      if (discovery) await this.discoverMarkets(pb, discovery);
    }
    // 2. The lists item endpoints take their items from.
    for (const t of this.tasks()) {
      if (t.feeds.length > 0 && !t.expanded && !this.done.has(t) && !this.fromRecord(t)) await this.execute(t);
    }
    // 3. The exact cost is known now (files an earlier run wrote cost nothing).
    const remaining = this.tasks().filter((t) => !this.done.has(t) && !this.carried(t));
    const left = this.readsLeft();
    if (!this.stoppedBy && left !== undefined && remaining.length > left && !this.input.force) {
      this.refused = { needed: remaining.length, left };
      for (const t of remaining) this.notAttempted(t, 'read_budget', `the export needs ${remaining.length} more reads and ${left} are left`);
      for (const t of this.tasks()) if (!this.done.has(t)) this.carry(t);
    } else {
      // 4. Everything else, in plan order (item tasks sit right after their list).
      for (const t of this.tasks()) if (!this.done.has(t)) await this.execute(t);
    }
    return this.result();
  }

  /** Every file of the task was written by an earlier run (--resume), and it feeds no item endpoint. */
  private carried(task: Task): boolean {
    return !leftToRead(task, this.input.written, this.input.format);
  }

  private allWritten(task: Task): boolean {
    return writtenBefore(task, this.input.written, this.input.format);
  }

  /** Records the earlier run's files of a task as this export's, without a read. */
  private carry(task: Task): boolean {
    if (!this.allWritten(task)) return false;
    for (const t of this.targets(task)) {
      const entry = this.input.written!.get(filePath(task, t.slot, this.input.format))!;
      this.files.push(entry);
      this.rows += entry.rows;
    }
    return true;
  }

  /**
   * --resume on the API day the list was read: its items as the manifest recorded them,
   * without a read. A list whose own file is still to be written is read (for the file).
   */
  private fromRecord(list: Task): boolean {
    const { listed, written, format, period, params } = this.input;
    const items = recordedItems(list, { listed, written, format, period, params, today: utcDate(this.deps.now()) });
    if (!items) return false;
    this.done.add(list);
    if (list.write) this.carry(list);
    this.insertItems(list, items);
    this.deps.observer?.end(list, 'written', list.write ? this.targets(list).length : 0, false);
    this.deps.checkpoint?.(this.result());
    return true;
  }

  private readsLeft(): number | undefined {
    return this.input.readsLeft === undefined ? undefined : Math.max(0, this.input.readsLeft - this.spent);
  }

  private async discoverMarkets(pb: PlannedBrand, discovery: Task): Promise<void> {
    const res = await this.execute(discovery);
    const tasks = this.perBrand.get(pb)!;
    const placeholders = tasks.filter((t) => t.placeholder);
    let codes: string[] | undefined;
    if (res) {
      codes = marketsFromPayload(res.envelope.data);
      if (codes === undefined) {
        const err = new ServerError('GET /markets answered with no list of markets vis can read', { code: 'unexpected_shape' });
        this.fail({ task: discovery, slot: undefined }, err);
      }
    }
    if (codes === undefined) {
      for (const t of placeholders) this.notAttempted(t, 'markets_unknown', `the markets of ${pb.brand.name} could not be read`);
      return;
    }
    pb.slots = marketSlots(codes);
    // Nothing else of the brand has run yet: plan it again for the markets now known
    // (without GET /markets, which is done).
    this.perBrand.set(pb, [discovery, ...brandTasks(pb, this.input.endpoints)]);
    this.announce();
  }

  /** Sends one task and writes its files. Returns the response when it succeeded. */
  private async execute(task: Task): Promise<ApiResponse | undefined> {
    const res = await this.send(task);
    this.deps.checkpoint?.(this.result());
    return res;
  }

  private async send(task: Task): Promise<ApiResponse | undefined> {
    this.done.add(task);
    if (task.feeds.length === 0 && this.carry(task)) {
      this.deps.observer?.end(task, 'written', this.targets(task).length, false);
      return undefined;
    }
    const blocked = this.blocked(task);
    if (blocked) {
      this.notAttempted(task, blocked.reason, blocked.message);
      return undefined;
    }
    this.deps.observer?.begin(task);
    let res: ApiResponse & { fromCache?: unknown };
    try {
      res = await this.deps.send(this.request(task), task.endpoint);
    } catch (err) {
      if (err instanceof InterruptedError) throw err;
      this.onError(task, err);
      return undefined;
    }
    if (!res.fromCache) this.spent++;
    let written = 0;
    try {
      if (task.write) this.write(task, res, () => written++);
      if (task.feeds.length > 0) this.expand(task, res);
    } catch (err) {
      if (err instanceof WriteError) this.stoppedBy = err;
      // The files not written fail; item endpoints this list was read for are not attempted.
      for (const target of this.targets(task).slice(written)) this.fail(target, err);
      if (!task.expanded) {
        task.expanded = true;
        for (const endpoint of task.feeds) {
          this.deferred.push({ kind: 'not_attempted', target: { task, slot: task.slot, endpoint }, reason: 'list_failed', message: messageOf(err) });
        }
      }
      this.deps.observer?.end(task, 'failed', written, true);
      return res;
    }
    this.deps.observer?.end(task, 'written', written, true);
    return res;
  }

  /** Why a task is not sent, if it is not. */
  private blocked(task: Task): { reason: string; message: string } | undefined {
    if (this.stoppedBy) return { reason: this.stoppedBy.code ?? this.stoppedBy.kind, message: `not attempted: ${this.stoppedBy.message}` };
    const brandErr = this.failedBrands.get(task.brand);
    if (brandErr) return { reason: brandErr.code ?? 'brand_not_found', message: brandErr.message };
    const slotErr = task.slot ? this.failedSlots.get(task.slot) : undefined;
    if (slotErr) return { reason: slotErr.code ?? 'market_not_found', message: slotErr.message };
    const left = this.readsLeft();
    if (left !== undefined && left <= 0) return { reason: 'read_budget', message: 'no reads were left for it (--force exports what fits)' };
    return undefined;
  }

  private request(task: Task): ApiRequest {
    return taskRequest(task, this.input.period, this.input.params);
  }

  private targets(task: Task): Target[] {
    if (!task.endpoint.market) return [{ task, slot: undefined }];
    return [task.slot, ...task.copies].map((slot) => ({ task, slot }));
  }

  /**
   * Entries for a failed or skipped task: its own files, and the item endpoints it lists
   * for. A read that writes nothing and feeds nothing (GET /markets read only to learn the
   * markets) answers for itself.
   */
  private entryTargets(task: Task): { own: Target[]; fed: Target[] } {
    const own = task.write || (task.discoversMarkets && task.feeds.length === 0) ? this.targets(task) : [];
    const fed = task.expanded ? [] : task.feeds.map((endpoint) => ({ task, slot: task.slot, endpoint }));
    return { own, fed };
  }

  private onError(task: Task, err: unknown): void {
    const e = err instanceof VisError ? err : undefined;
    const code = e?.code;
    const { own, fed } = this.entryTargets(task);
    task.expanded = true;
    if (e && code !== undefined && SKIP_CODES.has(code)) {
      for (const target of [...own, ...fed]) this.deferred.push({ kind: 'skipped', target, code, message: e.message });
      this.deps.observer?.end(task, 'skipped', 0, false);
      return;
    }
    if (e && ((code !== undefined && STOP_CODES.has(code)) || e.kind === 'auth')) this.stoppedBy = e;
    if (e && code === 'brand_not_found') this.failedBrands.set(task.brand, e);
    if (e && code === 'market_not_found' && task.slot) this.failedSlots.set(task.slot, e);
    if (own.length > 0) {
      for (const target of own) this.fail(target, err);
      for (const target of fed)
        this.deferred.push({ kind: 'not_attempted', target, reason: 'list_failed', message: `reading the ${task.endpoint.id} list failed: ${messageOf(err)}` });
    } else {
      for (const target of fed) this.fail(target, err, `reading the ${task.endpoint.id} list failed: `);
    }
    this.deps.observer?.end(task, 'failed', 0, false);
  }

  private fail(target: Target, err: unknown, prefix = ''): void {
    const e = err instanceof VisError ? err : undefined;
    const code = e?.code ?? (err instanceof ItemFieldError ? 'unexpected_shape' : isNestingError(err) ? 'too_deep' : null);
    const exitCode = err instanceof ItemFieldError || isNestingError(err) ? 7 : exitCodeFor(err);
    this.deferred.push({ kind: 'failed', target, code, message: prefix + messageOf(err), exitCode });
  }

  private notAttempted(task: Task, reason: string, message: string): void {
    this.done.add(task);
    const { own, fed } = this.entryTargets(task);
    task.expanded = true;
    // A GET /markets not attempted shows up as its brand's markets being unknown.
    const targets = task.discoversMarkets && !task.write ? fed : [...own, ...fed];
    for (const target of targets) this.deferred.push({ kind: 'not_attempted', target, reason, message });
    this.deps.observer?.end(task, 'not_attempted', 0, false);
  }

  /** Adds the item tasks a list yields, right after the list, and records its items for --resume. */
  private expand(list: Task, res: ApiResponse): void {
    list.expanded = true;
    const items = new Map<string, Item[]>();
    const request = requestText(this.request(list));
    const date = utcDate(this.deps.now());
    for (const e of list.feeds) {
      try {
        const found = itemsFromList(e, res.envelope.data, list.brand.name);
        items.set(e.id, found);
        const at = this.listed.findIndex((r) => r.request === request && r.endpoint === e.id);
        const entry = { request, endpoint: e.id, date, items: found.map((i) => i.key) };
        if (at >= 0) this.listed[at] = entry;
        else this.listed.push(entry);
      } catch (err) {
        if (!(err instanceof ItemFieldError)) throw err;
        this.fail({ task: list, slot: list.slot, endpoint: e }, err);
      }
    }
    this.insertItems(list, items);
  }

  /** Adds the item tasks of `items`, right after their list. */
  private insertItems(list: Task, items: ReadonlyMap<string, Item[]>): void {
    list.expanded = true;
    const added = itemTasks(list, items);
    for (const [pb, tasks] of this.perBrand) {
      const at = tasks.indexOf(list);
      if (at < 0) continue;
      this.perBrand.set(pb, [...tasks.slice(0, at + 1), ...added, ...tasks.slice(at + 1)]);
    }
    this.announce();
  }

  /** Writes the task's files; `onWritten` counts each as it lands, so a failure knows which did. */
  private write(task: Task, res: ApiResponse, onWritten: () => void): void {
    const { endpoint } = task;
    // A list read again only for its items (--resume): its file stays as the earlier run wrote it.
    if (this.carry(task)) return;
    const data = res.envelope.data;
    if (task.slot && task.slot.label === undefined) task.slot.label = marketCodeOf(res.envelope.meta) ?? 'primary';
    // csv keeps numbers as sent (`1.50`, 2^53+1), which the client's JSON.parse may not.
    const selection = { collection: endpoint.collection, oneRecord: endpoint.collection === undefined };
    const csvData = this.input.format === 'json' ? undefined : parseKeepingNumbers(res.raw, res.envelope).data;
    // The csv `--format csv` prints (the period columns, a dashboard's key/value rows), each
    // row led by the brand and market and a dashboard's figures closed by the period, so
    // every file loads into one table with the others.
    const hasPeriod = endpoint.period !== 'none';
    const csv = { ...selection, period: hasPeriod, figurePeriod: hasPeriod, knownColumns: knownColumns(endpoint.id, csvData) };
    const json = csvData === undefined ? renderJson(res.raw) : undefined;
    // A dashboard's csv holds one row per figure; json and every other csv one per record.
    const rows = csvData !== undefined && showsFigures(csvData, selection) ? flattenFigures(csvData).size : selectRows(data, selection).rows.length;
    const fetchedAt = isoTime(this.deps.now());
    const period = periodOf(endpoint, data, this.input.period);
    for (const target of this.targets(task)) {
      const rel = filePath(task, target.slot, this.input.format);
      const base = this.entryBase(target);
      const text = json ?? renderCsv(csvData, { ...csv, leading: brandColumns(base.brand, base.market) });
      let abs: string;
      try {
        abs = writeFileInside(this.input.dir, rel, text);
      } catch (err) {
        throw new WriteError(join(this.input.dir, rel), err);
      }
      const entry: FileEntry = {
        ...base,
        path: rel,
        period,
        rows,
        bytes: lstatSync(abs).size,
        fetched_at: fetchedAt,
      };
      if (task.copies.length > 0 && task.slot) entry.fetched_in_market = slotLabel(task.slot);
      this.files.push(entry);
      this.rows += rows;
      onWritten();
    }
  }

  private entryBase(target: Target): { path: string; endpoint: string; brand: BrandRef; market: string | null; item: string | null } {
    const { task } = target;
    const endpoint = target.endpoint ?? task.endpoint;
    // A placeholder stands for "each market" of a brand whose markets were never learned.
    const unknownMarket = task.placeholder && endpoint.market;
    const market = endpoint.market && target.slot && !unknownMarket ? slotLabel(target.slot) : null;
    const folder = unknownMarket ? `${task.brand.slug}/*` : slotFolder(task.brand, endpoint.market ? target.slot : undefined);
    const path = target.endpoint
      ? `${folder}/${endpoint.id}/`
      : unknownMarket
        ? `${folder}/${endpoint.id}.${this.input.format}`
        : filePath(task, target.slot, this.input.format);
    return {
      path,
      endpoint: endpoint.id,
      brand: { id: task.brand.id ?? null, name: task.brand.name },
      market,
      item: target.endpoint ? null : (task.item?.key ?? null),
    };
  }

  private result(): RunResult {
    const skipped: SkippedEntry[] = [];
    const failed: FailedEntry[] = [];
    const notAttempted: NotAttemptedEntry[] = [];
    for (const d of this.deferred) {
      const base = this.entryBase(d.target);
      if (d.kind === 'skipped') skipped.push({ ...base, code: d.code, message: d.message });
      else if (d.kind === 'failed') failed.push({ ...base, code: d.code, message: d.message, exit_code: d.exitCode });
      else notAttempted.push({ ...base, reason: d.reason, message: d.message });
    }
    return {
      files: this.files,
      skipped,
      failed,
      notAttempted,
      readsSpent: this.spent,
      readsPlanned: estimate(this.tasks(), this.input.endpoints).reads,
      rows: this.rows,
      brands: manifestBrands(this.input.brands),
      listed: [...this.listed],
      stoppedBy: this.stoppedBy,
      refused: this.refused,
      exitCode: worstExitCode(this.stoppedBy, failed, notAttempted, this.refused !== undefined),
    };
  }
}

/**
 * The exit code of an export: the failure that stopped it, if one did; otherwise the
 * highest exit code among the failures; and at least 6 when reads ran out (a refusal, or
 * --force leaving things out). 0 when everything was written or skipped.
 */
export function worstExitCode(
  stoppedBy: VisError | undefined,
  failed: readonly Pick<FailedEntry, 'exit_code'>[],
  notAttempted: readonly Pick<NotAttemptedEntry, 'reason'>[],
  refused: boolean,
): number {
  if (stoppedBy) return exitCodeFor(stoppedBy);
  let worst = failed.reduce((max, f) => Math.max(max, f.exit_code), 0);
  if (refused || notAttempted.some((n) => n.reason === 'read_budget')) worst = Math.max(worst, 6);
  return worst;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function marketCodeOf(meta: unknown): string | undefined {
  if (!isPlainObject(meta) || !isPlainObject(meta.market)) return undefined;
  const code = meta.market.code;
  return typeof code === 'string' && code.trim() !== '' ? code.trim() : undefined;
}

/** The period a file covers: data.period as the API said, else what was asked; null without one. */
function periodOf(endpoint: EndpointSpec, data: unknown, asked: PeriodFlags): ReportedPeriod | null {
  if (isPlainObject(data) && isPlainObject(data.period)) return data.period;
  if (endpoint.period === 'none') return null;
  const given = Object.fromEntries(Object.entries(endpoint.period === 'days' ? { days: asked.days } : asked).filter(([, v]) => v !== undefined));
  return Object.keys(given).length > 0 ? given : null;
}

export function isoTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * --resume: the items of a list task as the manifest recorded them on `today`, for each
 * item endpoint it feeds; undefined when the list must be read (a feed not recorded, a
 * record of another day, or the list's own file still to be written).
 */
export function recordedItems(
  list: Task,
  o: {
    listed: readonly ListedEntry[] | undefined;
    written: RunInput['written'];
    format: ExportFormat;
    period: PeriodFlags;
    params: RunInput['params'];
    today: string;
  },
): Map<string, Item[]> | undefined {
  if (!o.listed || list.feeds.length === 0 || list.placeholder || (list.write && !writtenBefore(list, o.written, o.format))) return undefined;
  const request = requestText(taskRequest(list, o.period, o.params));
  const items = new Map<string, Item[]>();
  for (const e of list.feeds) {
    const recorded = o.listed.find((r) => r.request === request && r.endpoint === e.id && r.date === o.today);
    if (!recorded) return undefined;
    items.set(e.id, itemsOfKeys(recorded.items));
  }
  return items;
}

/** A request as one line, `GET /topics?brand_id=101&market=US-en`: how the manifest names a list read. */
export function requestText(req: ApiRequest): string {
  const query = new URLSearchParams((req.query ?? []).map(([k, v]) => [k, v])).toString();
  return `${req.method} ${req.path}${query ? `?${query}` : ''}`;
}

/** The request of one task (src/services/scope-request.ts): what the runner sends, and what the dry run looks up in the cache. */
export function taskRequest(task: Task, period: PeriodFlags, params: ReadonlyArray<readonly [string, string]>): ApiRequest {
  return scopeRequest(task.endpoint, task.brand, task.slot?.param, { ...period, item: task.item?.key, query: params });
}
