/**
 * `manifest.json`, written last into the export folder (atomically, like every file): what
 * this run wrote, what it skipped and why, what failed, and what it did not attempt. It is
 * the record of the run: a file in the folder that the manifest does not list is from an
 * earlier run.
 *
 * Paths are relative to the export folder and always use `/`. Entries are sorted by path.
 */
import { join } from 'node:path';
import { renderJsonValue } from '../output/json.js';
import { writeFileAtomic } from '../output/write.js';
import type { PeriodFlags, ReportedPeriod } from '../domain/period.js';
import type { ExportFormat } from './options.js';
import type { MarketsFrom } from './plan.js';

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

export interface ManifestBrand {
  id: string | number | null;
  name: string;
  slug: string;
  markets: string[] | null;
  markets_from: MarketsFrom;
}

export interface Manifest {
  manifest_version: number;
  tool: string;
  base_url: string;
  started_at: string;
  finished_at: string;
  /** complete: every task wrote or was skipped; incomplete: something failed or was not attempted. */
  status: 'complete' | 'incomplete';
  exit_code: number;
  format: ExportFormat;
  /** The period asked for (--days, --from/--to); null: each endpoint's default. */
  period: PeriodFlags | null;
  endpoints: string[];
  reads: { left_before: number | null; planned: number; spent: number };
  brands: ManifestBrand[];
  files: FileEntry[];
  skipped: SkippedEntry[];
  failed: FailedEntry[];
  not_attempted: NotAttemptedEntry[];
}

const byPath = <T extends { path: string }>(a: T, b: T) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** The manifest with its lists in a stable order. */
export function sortManifest(m: Manifest): Manifest {
  return {
    ...m,
    files: [...m.files].sort(byPath),
    skipped: [...m.skipped].sort(byPath),
    failed: [...m.failed].sort(byPath),
    not_attempted: [...m.not_attempted].sort(byPath),
  };
}

export function writeManifest(dir: string, manifest: Manifest): string {
  const path = join(dir, MANIFEST_FILE);
  writeFileAtomic(path, renderJsonValue(sortManifest(manifest)));
  return path;
}
