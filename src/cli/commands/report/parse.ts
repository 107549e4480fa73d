/**
 * `vis report`: everything on the command line checked into ReportOptions before a session
 * is opened (exit 2, nothing read, nothing written): the scope and period flags (30 days
 * unless told), where the HTML goes, and the look (title, logo, accent, locale, paper).
 * What needs the account (the default file name, which takes the brand) or the machine's
 * Chromium (--pdf) is checked in run.ts, still before any read.
 */
import { accessSync, constants, statSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { addDays, daysBetween } from '../../../domain/dates.js';
import type { ReportLook } from '../../../domain/report.js';
import type { PeriodFlags } from '../../../domain/period.js';
import { UsageError } from '../../../errors.js';
import { optionValues } from '../../../flags/argv.js';
import { parseFlags, type FlagOptions, type RawGlobalOptions } from '../../../flags/rules.js';
import { NotRegularFileError, readRegularFileHead } from '../../../fs/safe-file.js';
import { refuseOneFile } from './files.js';
import { namesFolder, outputTarget, targetKey, writtenPath, type OutputTarget } from '../../../output/write.js';
import type { Context } from '../../../services/context.js';
import { parseSessionOptions, type SessionOptions } from '../../../services/session.js';
import { writesToTerminal } from '../../../terminal/render.js';
import type { ParsedOptions } from '../../declare.js';

/** A month: what an agency sends its client. */
export const DEFAULT_DAYS = 30;
export const DEFAULT_TITLE = 'AI visibility report';
/** The house colour, when --accent does not name the agency's own. */
export const DEFAULT_ACCENT = '#1f5fbf';
/** A logo is embedded in the file: large ones make a report too heavy to mail. */
export const MAX_LOGO_BYTES = 1024 * 1024;

/** What commander hands over for `vis report`. */
export interface RawReportOptions extends RawGlobalOptions {
  allBrands?: boolean;
  allMarkets?: boolean;
  /** `--pdf FILE`, or `--pdf` alone (true): beside each HTML file. */
  pdf?: string | boolean;
  dir?: string;
  combined?: boolean;
  title?: string;
  logo?: string;
  accent?: string;
  locale?: string;
  paper?: string;
  dryRun?: boolean;
}

export interface ReportOptions extends ParsedOptions {
  command: 'report';
  flags: FlagOptions;
  session: SessionOptions;
  /** --brand values as typed (a value may name several, A,B); 'all' for --all-brands; undefined: the default. */
  brands: string[] | 'all' | undefined;
  markets: string[] | 'all' | undefined;
  /** What the period endpoints are sent: --days (30 unless told), or --from and --to. */
  period: PeriodFlags;
  /** The period as dates (the API's: --days counts back from its today, which is the last day). */
  span: { from: string; to: string; days: number };
  /** `-` for stdout; an absolute path; undefined: `report-<brand>-<to>.html` in `dir`. */
  output: string | undefined;
  cwd: string;
  /** --dir (absolute; `cwd` unless told): where the files vis names go. */
  dir: string;
  /** --combined: several brands in one file, an internal overview, rather than one report per brand. */
  combined: boolean;
  /** `-` for stdout, the absolute path of --pdf, or `beside` (--pdf alone): beside each HTML file. */
  pdf: string | 'beside' | undefined;
  look: ReportLook;
  dryRun: boolean;
  /** The history's name for the API (as `vis changes` names it): the base URL without a trailing slash, or `demo`. */
  api: string;
}

/** The period's dates, as the API resolves them: `days` ends on `to` (default today) and counts it. */
export function periodSpan(period: PeriodFlags, today: string): { from: string; to: string; days: number } {
  if (period.from !== undefined) {
    const to = period.to ?? today;
    return { from: period.from, to, days: daysBetween(period.from, to) + 1 };
  }
  const days = period.days ?? DEFAULT_DAYS;
  return { from: addDays(today, -(days - 1)), to: today, days };
}

/** --accent: `#rgb` or `#rrggbb`, as `#rrggbb` in lower case. */
export function parseAccent(value: string | undefined): string {
  if (value === undefined) return DEFAULT_ACCENT;
  const v = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(v)) return v;
  if (/^#[0-9a-f]{3}$/.test(v)) return `#${[...v.slice(1)].map((c) => c + c).join('')}`;
  throw new UsageError(`--accent must be a colour written #rgb or #rrggbb, such as #0a7 or #00aa77 (got "${value}")`);
}

/** The system's locale as the environment names it (`de_DE.UTF-8` is `de-DE`); undefined for C, POSIX or none. */
export function systemLocale(env: Record<string, string | undefined>): string | undefined {
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANG'] as const) {
    const value = env[name]?.trim();
    if (!value) continue;
    // C and POSIX are no language: Intl takes neither, so the first variable set decides alone.
    return supportedLocale(value.split(/[.@]/)[0]!.replace(/_/g, '-'));
  }
  return undefined;
}

/** The tag in canonical form when it is BCP 47 and Intl formats with it as asked, else undefined. */
function supportedLocale(tag: string): string | undefined {
  let canonical: string[];
  try {
    canonical = Intl.getCanonicalLocales(tag);
  } catch {
    return undefined;
  }
  return Intl.NumberFormat.supportedLocalesOf(canonical)[0];
}

/** --locale, else the system's, else Intl's default: what dates and numbers are formatted for. */
export function parseLocale(value: string | undefined, env: Record<string, string | undefined>): string {
  if (value === undefined) return systemLocale(env) ?? new Intl.NumberFormat().resolvedOptions().locale;
  const tag = supportedLocale(value.trim());
  if (tag === undefined) {
    throw new UsageError(`--locale must be a BCP 47 language tag this Node.js formats dates and numbers for, such as en-GB or de-DE (got "${value}")`);
  }
  return tag;
}

export function parsePaper(value: string | undefined): 'a4' | 'letter' {
  if (value === undefined) return 'a4';
  const v = value.trim().toLowerCase();
  if (v === 'a4' || v === 'letter') return v;
  throw new UsageError(`--paper must be a4 or letter (got "${value}")`);
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

/**
 * --logo: a regular file (a link is not followed), PNG or JPEG by its first bytes (an SVG
 * can carry script, and a name says nothing), at most MAX_LOGO_BYTES.
 */
export function readLogo(path: string | undefined, cwd: string): ReportLook['logo'] {
  if (path === undefined) return null;
  let bytes: Buffer;
  try {
    bytes = readRegularFileHead(resolve(cwd, path), MAX_LOGO_BYTES + 1);
  } catch (err) {
    if (err instanceof NotRegularFileError) {
      throw new UsageError(`--logo must be a regular file: ${path} is ${err.link ? 'a symbolic link' : 'not a regular file'}`);
    }
    throw new UsageError(`--logo: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  if (bytes.length > MAX_LOGO_BYTES) throw new UsageError(`--logo must be at most 1 MiB: ${path} is larger`);
  if (startsWith(bytes, PNG)) return { mime: 'image/png', bytes: new Uint8Array(bytes) };
  if (startsWith(bytes, JPEG)) return { mime: 'image/jpeg', bytes: new Uint8Array(bytes) };
  throw new UsageError(`--logo must be a PNG or JPEG image: ${path} is neither (SVG and other formats are refused)`);
}

/**
 * A file the report writes (-o, --pdf), by -o's rules (src/output/write.ts): not a folder,
 * and the folder of the file it replaces writable (through a link, the folder of the
 * link's target; a device or FIFO is written where it is, so its own permission counts).
 * `flag` names it; `written` is the path as typed, whose trailing `/` names a folder.
 */
export function checkWritable(flag: string, path: string, written = path): void {
  const target: OutputTarget = namesFolder(written) ? { kind: 'folder' } : outputTarget(path);
  if (target.kind === 'folder') {
    throw new UsageError(`${flag} must name a file, not a folder (got "${written}")`, {
      hint: 'vis report --dir FOLDER writes the reports it names into FOLDER.',
    });
  }
  if (target.kind === 'fd') return;
  let where = path;
  if (target.kind === 'replace') {
    try {
      where = dirname(writtenPath(path));
    } catch (err) {
      throw new UsageError(`${flag}: cannot write ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  }
  try {
    accessSync(where, constants.W_OK);
  } catch {
    throw new UsageError(target.kind === 'in-place' ? `${flag}: ${path} is not writable` : `${flag}: the folder ${where} does not exist or is not writable`);
  }
}

/**
 * -o and --pdf naming one file (one path, a hard link, a link to it, one descriptor, `-`
 * twice): the PDF would replace the HTML, or the two would mix. `output` and `pdf` are
 * `-` or absolute.
 */
export function checkDistinct(output: string, pdf: string): void {
  if (targetKey(output) !== targetKey(pdf)) return;
  if (output === '-' && pdf === '-') throw new UsageError('--output and --pdf cannot both be - (stdout): give one of them a file');
  throw new UsageError(`--output and --pdf name the same file (${output === pdf ? output : `${output} and ${pdf}`}): give each its own`);
}

/**
 * --pdf: `-` (stdout) or a file, written by -o's rules; never a terminal, which would take
 * the PDF's bytes as text and escape sequences.
 */
export function parsePdf(ctx: Pick<Context, 'io'>, value: string | boolean | undefined, cwd: string): string | 'beside' | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return 'beside';
  if (value.trim() === '') throw new UsageError('--pdf must name a file, or - for stdout');
  const pdf = value === '-' ? '-' : resolve(cwd, value);
  if (pdf !== '-') checkWritable('--pdf', pdf, value);
  if (writesToTerminal(ctx, pdf)) {
    throw new UsageError(`--pdf: ${value === '-' ? 'stdout' : value} is a terminal, and a PDF is not text: name a file, or redirect stdout`);
  }
  return pdf;
}

/**
 * --dir, where the files vis names go (`cwd` unless told): a folder that can be written,
 * or one vis can make as `vis export` makes its --dir (the nearest part that exists is a
 * writable folder; the folder itself is made before any read, makeReportDir). What is
 * found under a report's name there is checked when the brand gives the name (files.ts),
 * still before any read.
 */
export function parseDir(value: string | undefined, cwd: string): string {
  if (value !== undefined && value.trim() === '') throw new UsageError('--dir must name a folder');
  const dir = resolve(cwd, value ?? '.');
  let existing = dir;
  for (;;) {
    let st: Stats;
    try {
      st = statSync(existing);
    } catch {
      const parent = dirname(existing);
      if (parent === existing) throw new UsageError(`--dir: no part of ${dir} exists`);
      existing = parent;
      continue;
    }
    if (!st.isDirectory()) {
      throw new UsageError(
        existing === dir ? `--dir must be a folder, not a file (got "${value ?? dir}")` : `--dir: ${existing} is a file, so ${dir} cannot be made`,
      );
    }
    break;
  }
  try {
    accessSync(existing, constants.W_OK | constants.X_OK);
  } catch {
    throw new UsageError(existing === dir ? `--dir: the folder ${dir} is not writable` : `--dir: ${dir} cannot be made: ${existing} is not writable`);
  }
  return dir;
}

export function parseReportCommand(ctx: Context, raw: RawReportOptions, cwd: string = process.cwd()): ReportOptions {
  const brands = optionValues(raw.brand, false);
  const markets = optionValues(raw.market, true);
  if (raw.allBrands === true && brands !== undefined)
    throw new UsageError('--brand and --all-brands cannot be used together: --all-brands reports every brand');
  if (raw.allMarkets === true && markets !== undefined) {
    throw new UsageError('--market and --all-markets cannot be used together: --all-markets reports each brand’s markets');
  }
  const rest: RawGlobalOptions = { ...raw, brand: brands?.[0], market: markets?.[0] };
  for (const k of ['allBrands', 'allMarkets', 'pdf', 'dir', 'combined', 'title', 'logo', 'accent', 'locale', 'paper', 'dryRun'] as const)
    delete (rest as Record<string, unknown>)[k];
  const flags = parseFlags(rest, ctx.today());
  const given = flags.period;
  const period: PeriodFlags = given.days === undefined && given.from === undefined ? { days: DEFAULT_DAYS } : given;
  const span = periodSpan(period, ctx.today().api);

  const look: ReportLook = {
    title: raw.title === undefined || raw.title.trim() === '' ? DEFAULT_TITLE : raw.title,
    logo: null,
    accent: parseAccent(raw.accent),
    locale: parseLocale(raw.locale, ctx.env),
    paper: parsePaper(raw.paper),
  };
  look.logo = readLogo(raw.logo, cwd);

  const combined = raw.combined === true;
  // Several brands are one report each, unless --combined: a file named for all of them would go to every client.
  if (!combined && (raw.allBrands === true || (brands?.length ?? 0) > 1)) refuseOneFile(flags.output !== undefined, typeof raw.pdf === 'string');
  if (raw.dir !== undefined && flags.output !== undefined) {
    throw new UsageError('--dir and --output cannot be used together: --dir is the folder of the files vis names, --output names the file itself');
  }
  const dir = parseDir(raw.dir, cwd);
  let output: string | undefined;
  if (flags.output === '-') output = '-';
  else if (flags.output !== undefined) {
    output = resolve(cwd, flags.output);
    checkWritable('--output', output, flags.output);
  }
  const pdf = parsePdf(ctx, raw.pdf, cwd);
  if (pdf !== undefined && pdf !== 'beside' && output !== undefined) checkDistinct(output, pdf);

  // The scope flags pick the brands and markets: resolveSettings reads the configured ones.
  const session = parseSessionOptions(ctx, { ...flags, brand: undefined, market: undefined });
  // Without --demo, the session's options hold a base URL (parseSessionOptions requires one).
  const api = session.demo ? 'demo' : session.settings.baseUrl!.value.replace(/\/+$/, '');
  return {
    command: 'report',
    flags,
    session,
    brands: raw.allBrands === true ? 'all' : brands,
    markets: raw.allMarkets === true ? 'all' : markets,
    period,
    span,
    output,
    cwd,
    dir,
    combined,
    pdf,
    look,
    dryRun: raw.dryRun === true,
    api,
  };
}
