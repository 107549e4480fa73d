/**
 * `vis export`'s options, parsed and checked before any request (exit 2, nothing spent),
 * and the choice of endpoints.
 *
 * Which endpoints:
 * - exportable: every GET endpoint of the table that reads a brand's data, which is all
 *   of them but the free account endpoints /brands and /usage. POST /pitches is never
 *   exported: it spends a pitch report.
 * - by default: the exportable `data` endpoints that need no argument (`needsArgument`),
 *   in table order. /markets (an account endpoint) and the item endpoints (topics.get,
 *   tasks.get, competitors.get, pitches.get, answers.runs) only when `--only` names them.
 */
import { isAbsolute, resolve } from 'node:path';
import { endpointById, ENDPOINTS, isEndpointId, needsArgument, type EndpointSpec } from '../endpoints.js';
import { UsageError } from '../errors.js';
import { parseFlags, type FlagOptions, type RawGlobalOptions, type Today } from '../flags/rules.js';
import { itemSource } from './items.js';

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What commander hands over for `vis export` (its own options and the global ones). */
export interface RawExportOptions extends RawGlobalOptions {
  dir?: string;
  only?: string;
  allBrands?: boolean;
  allMarkets?: boolean;
  dryRun?: boolean;
  force?: boolean;
  resume?: boolean;
}

export interface ExportOptions {
  /** Absolute path of the export folder. */
  dir: string;
  /** From --format only; the profile and VIS_FORMAT are applied in resolveExportFormat. */
  format: ExportFormat | undefined;
  /** The endpoints to export, in table order. */
  endpoints: EndpointSpec[];
  /** True when --only chose the endpoints. */
  only: boolean;
  allBrands: boolean;
  allMarkets: boolean;
  dryRun: boolean;
  force: boolean;
  /** --resume: finish the export whose manifest.json is in --dir, with its plan. */
  resume: boolean;
  flags: FlagOptions;
}

/** Every endpoint `--only` accepts, in table order. */
export function exportableEndpoints(): EndpointSpec[] {
  return ENDPOINTS.filter((e) => e.method === 'GET' && !e.free && e.brand);
}

/** What `vis export` writes without --only. */
export function defaultEndpoints(): EndpointSpec[] {
  return exportableEndpoints().filter((e) => e.group === 'data' && !needsArgument(e));
}

/** `--only a,b,c` -> the endpoints, in table order. Unknown ids are refused, all named at once. */
export function parseOnly(value: string): EndpointSpec[] {
  const ids = [
    ...new Set(
      value
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
  const valid = exportableEndpoints();
  if (ids.length === 0) {
    throw new UsageError('--only must list at least one endpoint id, comma-separated (e.g. --only topics,competitors)', {
      hint: `Valid ids: ${valid.map((e) => e.id).join(', ')}`,
    });
  }
  for (const id of ids) {
    const reason = isEndpointId(id) ? endpointById(id).neverExported : undefined;
    if (reason) throw new UsageError(`--only: ${reason}`);
  }
  const unknown = ids.filter((id) => !valid.some((e) => e.id === id));
  if (unknown.length > 0) {
    throw new UsageError(`--only: unknown endpoint id${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u}"`).join(', ')}`, {
      hint: `Valid ids: ${valid.map((e) => e.id).join(', ')}`,
    });
  }
  return valid.filter((e) => ids.includes(e.id));
}

/** Checks and types everything on the command line; throws UsageError. Sends nothing. */
export function parseExportOptions(raw: RawExportOptions, today: string | Today, cwd: string = process.cwd()): ExportOptions {
  const flags = parseFlags(raw, today);
  if (raw.dir === undefined || raw.dir.trim() === '') {
    throw new UsageError('--dir <folder> is required by vis export: where to write the files', { hint: 'For example: vis export --dir ./export' });
  }
  const dir = isAbsolute(raw.dir) ? resolve(raw.dir) : resolve(cwd, raw.dir);

  let format: ExportFormat | undefined;
  if (flags.format !== undefined) {
    if (!(EXPORT_FORMATS as readonly string[]).includes(flags.format)) {
      throw new UsageError(`--format of vis export must be csv (the default) or json (got "${flags.format}"): table is for reading, not a file format`);
    }
    format = flags.format as ExportFormat;
  }

  if (raw.allBrands && flags.brand !== undefined) {
    throw new UsageError('--all-brands and --brand cannot be used together: --all-brands exports every brand of the account');
  }
  if (raw.allMarkets && flags.market !== undefined) {
    throw new UsageError('--all-markets and --market cannot be used together: --all-markets exports every market of each brand');
  }

  const endpoints = raw.only !== undefined ? parseOnly(raw.only) : defaultEndpoints();
  for (const e of endpoints) {
    if (needsArgument(e) && !itemSource(e)) {
      // A table entry this module has not learned to enumerate: say so rather than guess.
      throw new UsageError(`--only: vis export does not know where the items of ${e.id} come from`);
    }
  }

  return {
    dir,
    format,
    endpoints,
    only: raw.only !== undefined,
    allBrands: raw.allBrands === true,
    allMarkets: raw.allMarkets === true,
    dryRun: raw.dryRun === true,
    force: raw.force === true,
    resume: raw.resume === true,
    flags,
  };
}

/**
 * The file format: --format, else VIS_FORMAT or the profile's format when that is csv or
 * json, else csv. A saved `table` (a display preference) does not stop an export.
 */
export function resolveExportFormat(opts: ExportOptions, setting: { value: string; source: string }): ExportFormat {
  if (opts.format) return opts.format;
  return (EXPORT_FORMATS as readonly string[]).includes(setting.value) ? (setting.value as ExportFormat) : 'csv';
}
