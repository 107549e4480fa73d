/**
 * The files `vis report` writes: with several brands, one report per brand (each client
 * sees only its own figures), `<dir>/report-<brand-slug>-<last day>.html` and its PDF
 * beside it; else one file, -o's or the one vis names. Decided, and what is found at each
 * name checked, once the brands are known and before any read.
 *
 * A file vis names is written as a new file renamed into place (src/fs/atomic-write.ts):
 * never through a link, never into a device or a FIFO found under its name (refused, exit
 * 2), an earlier report of that name whole until the new one is complete. A file the user
 * names (-o, --pdf FILE) is written by -o's rules (src/output/write.ts).
 */
import { existsSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../../../errors.js';
import { writeFileAtomically, type Content } from '../../../fs/atomic-write.js';
import { ownFolderProblem } from '../../../fs/inside-folder.js';
import { makeDirs } from '../../../fs/make-dirs.js';
import type { ChosenBrand } from '../../../services/brand-choice.js';

/** Where one file goes: `named` when vis chose its name (written only as a new regular file), else as -o is. */
export interface Target {
  path: string;
  named: boolean;
}

/** One report: the brands it holds (`all`: every brand of the run), its HTML and its PDF. */
export interface ReportFile {
  brands: 'all' | ChosenBrand;
  html: Target;
  pdf: Target | undefined;
}

/** `report-<slug>-<last day>.html` (or `.pdf`). */
export function reportName(slug: string, to: string, ext: 'html' | 'pdf'): string {
  return `report-${slug}-${to}.${ext}`;
}

/** The PDF beside an HTML file the user named: its name with `.pdf` for `.html` (or added). */
export function besidePdf(html: string): string {
  const stem = html.replace(/\.html?$/i, '');
  return stem === html && /\.pdf$/i.test(html) ? `${html}.pdf` : `${stem}.pdf`;
}

export interface FilesAsked {
  /** -o: `-`, an absolute path, or undefined. */
  output: string | undefined;
  /** --pdf: `-`, an absolute path, `beside`, or undefined. */
  pdf: string | 'beside' | undefined;
  dir: string;
  /** The period's last day, in every name. */
  to: string;
  combined: boolean;
  /** --all-brands: one report per brand even when the account has one. */
  allBrands: boolean;
}

/** One report per brand: several brands (or --all-brands), and not --combined. */
export function perBrand(asked: Pick<FilesAsked, 'combined' | 'allBrands'>, brands: readonly ChosenBrand[]): boolean {
  return !asked.combined && (asked.allBrands || brands.length > 1);
}

/**
 * With several brands each client gets a file of its own brand: -o, or a file after --pdf,
 * would name one file holding every client, so either is refused unless --combined asks
 * for that file.
 */
export function refuseOneFile(output: boolean, pdfFile: boolean): void {
  if (!output && !pdfFile) return;
  const flag = output ? '--output' : '--pdf';
  throw new UsageError(
    `${flag} names one file, and with several brands vis writes one report per brand (report-<brand>-<last day>.html in --dir, each PDF beside its HTML with --pdf alone): drop the file name, or add --combined for one file holding every brand, an internal overview not to send to a client`,
  );
}

/**
 * The files of this run, in the brands' order. Refuses (exit 2) -o or a file after --pdf
 * when there is one report per brand, and any name vis chose that holds something it will
 * not replace.
 */
export function planFiles(asked: FilesAsked, brands: readonly ChosenBrand[]): ReportFile[] {
  const named = (slug: string, ext: 'html' | 'pdf'): Target => ({ path: join(asked.dir, reportName(slug, asked.to, ext)), named: true });
  let files: ReportFile[];
  if (perBrand(asked, brands)) {
    refuseOneFile(asked.output !== undefined, asked.pdf !== undefined && asked.pdf !== 'beside');
    files = brands.map((b) => ({ brands: b, html: named(b.slug, 'html'), pdf: asked.pdf === undefined ? undefined : named(b.slug, 'pdf') }));
  } else {
    const slug = brands.length === 1 ? brands[0]!.slug : 'agency';
    const html: Target = asked.output === undefined ? named(slug, 'html') : { path: asked.output, named: false };
    const pdf: Target | undefined =
      asked.pdf === undefined
        ? undefined
        : asked.pdf !== 'beside'
          ? { path: asked.pdf, named: false }
          : html.named || html.path === '-'
            ? named(slug, 'pdf')
            : { path: besidePdf(html.path), named: true };
    files = [{ brands: brands.length === 1 && !asked.combined ? brands[0]! : 'all', html, pdf }];
  }
  for (const f of files) for (const t of [f.html, f.pdf]) if (t?.named) checkNamed(t.path);
  return files;
}

/** Folders vis makes for the reports: the user's alone (the reports hold a client's figures). */
const REPORT_DIR_MODE = 0o700;

/**
 * --dir that does not exist yet, made before any read as `vis export` makes its folder:
 * one level at a time, each folder made 0700, then checked to be the user's own and
 * closed to others (made now, or planted meanwhile); exit 2 otherwise. A folder that
 * exists is left as it is.
 */
export function makeReportDir(dir: string): void {
  if (existsSync(dir)) return;
  try {
    makeDirs(dir, REPORT_DIR_MODE);
  } catch (err) {
    throw new UsageError(`--dir: ${dir} cannot be made: ${(err as Error).message}`);
  }
  const problem = ownFolderProblem(dir);
  if (problem !== undefined)
    throw new UsageError(`--dir: ${problem}`, { hint: 'vis writes reports only into folders of your own that other users cannot write to.' });
}

/**
 * What is at a name vis chose may be replaced only when it is a regular file (an earlier
 * report): a link would be replaced rather than written through, and a device or FIFO is
 * no report, so either is refused, naming it.
 */
export function checkNamed(path: string): void {
  let what: string | undefined;
  try {
    const st = lstatSync(path);
    what = st.isSymbolicLink() ? 'a symbolic link' : st.isDirectory() ? 'a folder' : st.isFile() ? undefined : 'not a regular file (a device, FIFO or socket)';
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new UsageError(`cannot write ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  if (what !== undefined) {
    throw new UsageError(
      `${path} is ${what}, and vis report would write a report there: it writes the reports it names as new files only; remove it, or name another folder with --dir`,
    );
  }
}

/** A file vis named, written whole as a new file renamed into place, after its name is checked again. */
export function writeNamed(path: string, content: Content): void {
  checkNamed(path);
  writeFileAtomically(path, content, { mode: 0o666, keepMode: true, syncFolder: true, namedTemp: true });
}
