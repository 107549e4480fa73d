/**
 * The life of an export's `manifest.json` (its fields: manifest.ts):
 *
 * - read back for --resume: opened without following links, checked value by value
 *   (manifest-check.ts) before any of it is used, with the files it lists still in the
 *   folder as written;
 * - before any read: --dir made, and it and every file the plan knows of checked to lie
 *   inside it, past folders vis will write into (exit 2 otherwise);
 * - `running` before the first read (the folder's manifest never describes an earlier run
 *   while this one changes the files), rewritten after every file, `interrupted` from the
 *   abort listener on Ctrl-C or SIGTERM, `failed` on an error, and at the end `complete`,
 *   `incomplete` or `failed`.
 *
 * Every write goes through writeManifest, so through the folder guard
 * (src/fs/inside-folder.ts): atomically, inside --dir, never through a link.
 */
import { join } from 'node:path';
import { exitCodeFor, InterruptedError, UsageError, VisError } from '../errors.js';
import { makeDirs } from '../fs/make-dirs.js';
import { checkPathInside, ownFolderProblem, UnsafePathError } from '../fs/inside-folder.js';
import type { ExportRun, PlannedExport, PreviousExport } from './fresh-or-resumed.js';
import { BRAND_COLUMNS } from './brand-columns.js';
import { checkManifest } from './manifest-check.js';
import {
  exportLikeFiles,
  filesStillThere,
  MANIFEST_FILE,
  MANIFEST_VERSION,
  manifestBrands,
  readPreviousManifest,
  writeManifest,
  type Manifest,
  type ManifestStatus,
} from './manifest.js';
import { exportableEndpoints, type ExportFormat, type ExportOptions } from './options.js';
import { estimate, taskFiles, type Task } from './plan.js';
import { isoTime, type RunResult } from './execute-plan.js';

/**
 * --resume: the export in the folder, its manifest checked value by value (a UsageError
 * naming the field otherwise), and its files still there as written. Undefined without
 * --resume, and when the folder has no manifest.
 */
export function readPrevious(options: Pick<ExportOptions, 'dir' | 'resume'>): PreviousExport | undefined {
  if (!options.resume) return undefined;
  const raw: unknown = readPreviousManifest(options.dir);
  if (raw === undefined) return undefined;
  const manifest = checkManifest(raw, join(options.dir, MANIFEST_FILE));
  return { manifest, written: filesStillThere(options.dir, manifest.files) };
}

/** --dir, or a folder in it, is not one vis writes into (a link, another user's, open to others): exit 2. */
export function refuseUnsafeDir(problem: string | undefined): void {
  if (problem === undefined) return;
  throw new UsageError(`--dir: ${problem}`, {
    hint: 'vis writes only into folders of your own that other users cannot write to, never through links: whoever else can write there could plant links or files for vis to write through. Export into a folder of your own (for example ~/vis-export).',
  });
}

/**
 * Before any read: --dir is made, and (made now, or planted meanwhile) is still the
 * user's own, and every file the plan knows of lies inside it, past folders vis will
 * write into (exit 2 otherwise). The runner checks each file again as it writes it.
 */
export function prepareFolder(dir: string, tasks: readonly Task[], format: ExportFormat): void {
  try {
    makeDirs(dir, 0o775);
  } catch (err) {
    // Before any read is spent: parse's look at --dir (checkExportDir) could not see every way to fail.
    throw new UsageError(`--dir: ${dir} cannot be created: ${(err as Error).message}`);
  }
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

/** What the manifest says of this run that the plan does not. */
export interface JournalFacts {
  /** `vis <version>`. */
  tool: string;
  /** The base URL the export reads from (for --demo, its sandbox's). */
  baseUrl: string;
  /** Reads left before the export (GET /usage); undefined when it did not say. */
  readsLeft: number | undefined;
  now(): number;
}

/** The end of a run: its result and the manifest that records it. */
export interface JournalOutcome {
  result: RunResult;
  manifest: Manifest;
  /** Where the manifest was written. */
  path: string;
  elapsedMs: number;
}

/**
 * Runs `work` (the runner) with the manifest kept true throughout: the folder prepared,
 * a `running` manifest before it starts, one after each file (`checkpoint`), the
 * `interrupted` one when `signal` aborts, the `failed` one when it throws, and the last
 * one when it ends.
 */
export async function keepJournal(
  run: ExportRun,
  planned: PlannedExport,
  facts: JournalFacts,
  signal: AbortSignal,
  work: (checkpoint: (snapshot: RunResult) => void) => Promise<RunResult>,
): Promise<JournalOutcome> {
  prepareFolder(run.dir, planned.allTasks, run.format);
  const journal = new Journal(run, planned, facts);
  journal.save('running', undefined);
  // Ctrl-C and SIGTERM abort the signal and then exit at once (src/main.ts): this
  // listener runs synchronously before the exit, and writes atomically.
  const onAbort = () => journal.saveQuietly('interrupted');
  signal.addEventListener('abort', onAbort, { once: true });
  let result: RunResult;
  try {
    result = await work((snapshot) => journal.checkpoint(snapshot));
  } catch (err) {
    // The error says what went wrong; when even this write fails, the last manifest written stays.
    if (!signal.aborted && !(err instanceof InterruptedError)) journal.saveQuietly('failed', exitCodeFor(err));
    throw err;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  const elapsedMs = facts.now() - journal.startedMs;
  const status: ManifestStatus =
    result.stoppedBy || result.refused ? 'failed' : result.failed.length === 0 && result.notAttempted.length === 0 ? 'complete' : 'incomplete';
  const manifest = journal.manifest(status, result);
  return { result, manifest, path: journal.write(manifest), elapsedMs };
}

class Journal {
  readonly startedMs: number;
  /** Files laid out like export output before the run began. */
  private readonly found: string[];
  /** What the runner has done so far: its last checkpoint. */
  private latest: RunResult | undefined;

  constructor(
    private readonly run: ExportRun,
    private readonly planned: PlannedExport,
    private readonly facts: JournalFacts,
  ) {
    this.startedMs = facts.now();
    this.found = exportLikeFiles(run.dir, new Set(exportableEndpoints().map((e) => e.id)));
  }

  checkpoint(snapshot: RunResult): void {
    this.latest = snapshot;
    this.save('running', snapshot);
  }

  save(status: ManifestStatus, result: RunResult | undefined): string {
    return this.write(this.manifest(status, result));
  }

  /** When the run cannot go on: written if it can be, and otherwise the last manifest written stays. */
  saveQuietly(status: 'interrupted' | 'failed', exitCode?: number): void {
    try {
      writeManifest(this.run.dir, this.manifest(status, this.latest, exitCode));
    } catch {
      // leaving: the manifest written last, with the files up to the last one, stays
    }
  }

  write(m: Manifest): string {
    try {
      return writeManifest(this.run.dir, m);
    } catch (err) {
      throw new VisError('usage', `could not write the manifest in ${this.run.dir}: ${(err as Error).message}`, {
        hint: `${m.files.length} files were written; without the manifest, their list is this run's summary.`,
      });
    }
  }

  manifest(status: ManifestStatus, result: RunResult | undefined, exitCode = result?.exitCode ?? 1): Manifest {
    const { run, planned, facts } = this;
    const files = [...(result?.files ?? [])];
    if (status !== 'complete' && status !== 'incomplete') {
      // Until the run has passed them, the earlier runs' files are still this export's.
      const have = new Set(files.map((f) => f.path));
      for (const f of run.written?.values() ?? []) if (!have.has(f.path)) files.push(f);
    }
    const paths = new Set(files.map((f) => f.path));
    const spent = result?.readsSpent ?? 0;
    return {
      manifest_version: MANIFEST_VERSION,
      tool: facts.tool,
      base_url: facts.baseUrl,
      account: planned.account,
      started_at: isoTime(this.startedMs),
      finished_at: isoTime(facts.now()),
      status,
      exit_code: status === 'running' || status === 'interrupted' ? null : exitCode,
      format: run.format,
      period: Object.values(run.period).some((v) => v !== undefined) ? run.period : null,
      endpoints: run.endpoints.map((e) => e.id),
      plan: planned.plan,
      reads: {
        left_before: facts.readsLeft ?? null,
        planned: result?.readsPlanned ?? estimate(planned.allTasks, run.endpoints).reads,
        spent: run.spentBefore + spent,
        this_run: spent,
      },
      brands: result?.brands ?? manifestBrands(planned.brands),
      files,
      skipped: result?.skipped ?? [],
      failed: result?.failed ?? [],
      not_attempted: result?.notAttempted ?? [],
      stale: this.found.filter((p) => !paths.has(p)).map((path) => ({ path })),
      listed: result?.listed ?? run.listed ?? [],
      ...(run.format === 'csv' ? { csv_columns: [...BRAND_COLUMNS] } : {}),
    };
  }
}
