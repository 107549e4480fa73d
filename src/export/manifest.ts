/**
 * `manifest.json` in the export folder (atomically, like every file): what this run wrote,
 * what it skipped and why, what failed, and what it did not attempt. It is the record of
 * the run and never lies about it: replaced by a `running` one before the first read,
 * rewritten after every file (so even a SIGKILL leaves a list of what landed), rewritten
 * as `interrupted` on Ctrl-C or SIGTERM and `failed` when the run stops early, and
 * `complete` (or `incomplete`) only at the end. Files in the folder that look like export
 * output but are not this run's are listed as `stale`, never deleted and never counted.
 *
 * `plan` records what the run was asked (endpoints, brands, markets, period resolved to
 * dates, format, --param), so `--resume` can finish it with the same plan.
 *
 * Paths are relative to the export folder and always use `/`. Entries are sorted by path.
 */
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { renderJsonValue } from '../output/json.js';
import { pathInside, writeFileInside } from '../fs/inside-folder.js';
import { NotRegularFileError, readRegularFile } from '../fs/safe-file.js';
import type { PeriodFlags, ReportedPeriod } from '../domain/period.js';
import { UsageError } from '../errors.js';
import type { ExportFormat } from './options.js';
import { slotLabel, type MarketsFrom, type PlannedBrand } from './plan.js';

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_VERSION = 1;

export interface BrandRef {
  id: string | number | null;
  name: string;
}

interface EntryBase {
  /** Where the file is (files) or would have been (the others). */
  path: string;
  endpoint: string;
  brand: BrandRef;
  /** The market code; null for endpoints that take no market. */
  market: string | null;
  /** The item (topic id, task id, competitor name, pitch id, question) for item endpoints. */
  item: string | null;
}

export interface FileEntry extends EntryBase {
  /** The period the data covers (data.period), else the one asked for; null when the endpoint has none. */
  period: ReportedPeriod | null;
  /** Records of the endpoint's main collection (the csv's rows, without the header). */
  rows: number;
  bytes: number;
  fetched_at: string;
  /** For data that is the same in every market: the market it was read in (one read, several files). */
  fetched_in_market?: string;
}

export interface SkippedEntry extends EntryBase {
  /** feature_not_in_plan or integration_not_connected, as the API said. */
  code: string;
  message: string;
}

export interface FailedEntry extends EntryBase {
  code: string | null;
  message: string;
  exit_code: number;
}

export interface NotAttemptedEntry extends EntryBase {
  /** Why: quota_exceeded, read_budget (--force: no reads left for it), plan_inactive, ... */
  reason: string;
  message: string;
}

export interface StaleEntry {
  path: string;
}

/** What the run was asked, for `--resume` to compare and re-use. */
export interface ManifestPlan {
  endpoints: string[];
  /** The ids of the brands exported. */
  brands: Array<string | number | null>;
  all_markets: boolean;
  /** --market, or null: each brand's primary market (or every market with all_markets). */
  market: string | null;
  format: ExportFormat;
  /** The period flags as given (an empty object: each endpoint's default). */
  period: PeriodFlags;
  /** The day a relative period (--days, the defaults, --from without --to) counts back from. */
  period_date: string;
  /** The period as dates: from the flags and period_date; null for each endpoint's default. */
  period_resolved: { from: string; to: string } | null;
  params: Array<[string, string]>;
}

/**
 * The items one list read gave an item endpoint: `request` is the list's request
 * (`GET /topics?brand_id=101&market=US-en`), `date` the API day it was read. A --resume on
 * the same API day takes the items from here instead of reading the list again.
 */
export interface ListedEntry {
  request: string;
  endpoint: string;
  date: string;
  items: string[];
}

export type ManifestStatus = 'running' | 'interrupted' | 'failed' | 'incomplete' | 'complete';

export interface ManifestBrand {
  id: string | number | null;
  name: string;
  slug: string;
  markets: string[] | null;
  markets_from: MarketsFrom;
}

/**
 * Whose export this is, so that --resume refuses to finish it with another account's data.
 * Nothing of the key: the API as a normalised base URL, what the free GET /usage calls
 * the account, and the brand ids the free GET /brands lists (see accountDifference).
 */
export interface ManifestAccount {
  /** The base URL, normalised (scheme, host, port, path, no trailing slash); `demo` for --demo's sandbox. */
  api: string;
  /** The account as GET /usage names it (an id, else a name); null when it does not say. */
  name: string | null;
  /** The ids of the account's brands, as GET /brands lists them, as text, sorted. */
  brands: string[];
}

export interface Manifest {
  manifest_version: number;
  tool: string;
  base_url: string;
  /** Absent in manifests of older vis versions, which --resume therefore refuses. */
  account?: ManifestAccount;
  started_at: string;
  /** When the manifest was last written, while running. */
  finished_at: string;
  /**
   * running; interrupted (Ctrl-C, SIGTERM); failed (stopped early: a failure after which
   * nothing more could be read, the exact cost over the budget, or an error in vis);
   * incomplete (ran to the end, but something failed or was not attempted); complete
   * (every file written or skipped).
   */
  status: ManifestStatus;
  /** null while running or when interrupted. */
  exit_code: number | null;
  format: ExportFormat;
  /** The period asked for (--days, --from/--to); null: each endpoint's default. */
  period: PeriodFlags | null;
  endpoints: string[];
  plan: ManifestPlan;
  /** spent: by this export, over every run of it (--resume); this_run: by the last run. */
  reads: { left_before: number | null; planned: number; spent: number; this_run: number };
  brands: ManifestBrand[];
  files: FileEntry[];
  skipped: SkippedEntry[];
  failed: FailedEntry[];
  not_attempted: NotAttemptedEntry[];
  stale: StaleEntry[];
  /** The items each list read gave (absent in manifests of older vis versions). */
  listed?: ListedEntry[];
  /**
   * A csv export: the columns every row of its files begins with (brand-columns.ts).
   * Absent in a json export, and in a csv export of an older vis, whose files lack them.
   */
  csv_columns?: string[];
}

/** The brands as planned: their markets, and where the markets came from. */
export function manifestBrands(planned: readonly PlannedBrand[]): ManifestBrand[] {
  return planned.map((pb) => ({
    id: pb.brand.id ?? null,
    name: pb.brand.name,
    slug: pb.brand.slug,
    markets: pb.slots ? pb.slots.map(slotLabel) : null,
    markets_from: pb.marketsFrom,
  }));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byPath = <T extends { path: string }>(a: T, b: T) => compare(a.path, b.path);

/** The manifest with its lists in a stable order. */
export function sortManifest(m: Manifest): Manifest {
  return {
    ...m,
    files: [...m.files].sort(byPath),
    skipped: [...m.skipped].sort(byPath),
    failed: [...m.failed].sort(byPath),
    not_attempted: [...m.not_attempted].sort(byPath),
    stale: [...m.stale].sort(byPath),
    ...(m.listed ? { listed: [...m.listed].sort((a, b) => compare(a.request, b.request) || compare(a.endpoint, b.endpoint)) } : {}),
  };
}

export function writeManifest(dir: string, manifest: Manifest): string {
  return writeFileInside(dir, MANIFEST_FILE, renderJsonValue(sortManifest(manifest)));
}

/**
 * The manifest already in the folder, for --resume: undefined when there is none; a
 * UsageError when it cannot be read, is not a regular file (a link, a FIFO), or predates
 * --resume (no plan).
 */
export function readPreviousManifest(dir: string): Manifest | undefined {
  let text: string;
  try {
    text = readRegularFile(join(dir, MANIFEST_FILE)).toString('utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (err instanceof NotRegularFileError) {
      throw new UsageError(`--resume: ${err.message}, so the export cannot be resumed`, {
        hint: 'vis reads back only the regular files it wrote. Remove it and start the export again without --resume.',
      });
    }
    throw new UsageError(`--resume: cannot read ${join(dir, MANIFEST_FILE)}: ${(err as Error).message}`);
  }
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    throw new UsageError(`--resume: ${join(dir, MANIFEST_FILE)} is not valid JSON, so the export cannot be resumed`);
  }
  const ok = (v: unknown): v is Manifest =>
    typeof v === 'object' && v !== null && typeof (v as Manifest).plan === 'object' && (v as Manifest).plan !== null && Array.isArray((v as Manifest).files);
  if (!ok(m)) throw new UsageError(`--resume: ${join(dir, MANIFEST_FILE)} has no plan (it was written by an older vis), so the export cannot be resumed`);
  return m;
}

/**
 * The files of a manifest still in the folder as written (a regular file inside it, of
 * the same size): what a resume need not read again. A link is not a file vis wrote.
 */
export function filesStillThere(dir: string, files: readonly FileEntry[]): Map<string, FileEntry> {
  const out = new Map<string, FileEntry>();
  for (const f of files) {
    try {
      const st = lstatSync(pathInside(dir, f.path));
      if (st.isFile() && st.size === f.bytes) out.set(f.path, f);
    } catch {
      // gone, or a path outside the folder: read it again
    }
  }
  return out;
}

/**
 * Files in the folder laid out like export output (<brand>/<endpoint>.<ext>,
 * <brand>/<market>/<endpoint>.<ext>, <brand>/<market>/<endpoint>/<item>.<ext>, for an
 * endpoint id vis exports), relative with `/`. Anything else in the folder is left alone.
 * An entry's type is its own (as lstat says): a link is neither a file nor a folder here.
 */
export function exportLikeFiles(dir: string, endpointIds: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const walk = (abs: string, rel: string[]) => {
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const parts = [...rel, e.name];
      if (e.isDirectory()) {
        if (parts.length < 4) walk(join(abs, e.name), parts);
      } else if (e.isFile() && looksExported(parts, endpointIds)) out.push(parts.join('/'));
    }
  };
  walk(dir, []);
  return out.sort();
}

function looksExported(parts: readonly string[], ids: ReadonlySet<string>): boolean {
  const m = /^(.+)\.(csv|json)$/.exec(parts[parts.length - 1]!);
  if (!m || parts.length < 2) return false;
  if (parts.length === 4) return ids.has(parts[2]!);
  return ids.has(m[1]!);
}
