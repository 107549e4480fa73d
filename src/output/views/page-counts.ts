/**
 * Pages with a count each under a row (a bot's most read pages with hits, an engine's
 * landing pages with visits): paths when every page of the table is on one site, that
 * site said once in the note above the table.
 */
import type { ViewContext } from './context.js';
import { flowLines } from './flow.js';
import type { GridRow, Part } from './grid.js';
import { formatCount } from './numbers.js';
import type { Obj } from './read.js';
import { commonOrigin, pathOf } from './urls.js';

export interface PageCount {
  url: string;
  count: number | null;
}

/** `owner[key]`, a list of `{url, <countKey>}`, when there is one; [] otherwise. */
export function readPageCounts(owner: Obj, key: string, countKey: string, ctx: ViewContext): PageCount[] {
  const { read } = ctx;
  const pages = read.records(owner, key, 'url', 'optional');
  return (pages ?? []).map((p) => ({ url: read.text(p, 'url'), count: read.number(p, countKey, 'nullable') }));
}

/** The site every page is on, or null. */
export function pagesOrigin(lists: ReadonlyArray<readonly PageCount[]>): string | null {
  return commonOrigin(lists.flatMap((pages) => pages.map((p) => p.url)));
}

/** The detail row under a record: `/ 69 · /features/automation 23 · …`; none for no pages. */
export function pageCountRows(pages: readonly PageCount[], origin: string | null, ctx: ViewContext): GridRow[] {
  if (pages.length === 0) return [];
  const { chalk } = ctx;
  return [
    {
      detail: pages.map((p) => [{ text: pathOf(p.url, origin), style: chalk.dim }, { text: ` ${p.count === null ? '–' : formatCount(p.count)}` }]),
      column: 1,
      sep: { text: ' · ', style: chalk.dim },
    },
  ];
}

/** The note above the table: what the pages under each row are, and on which site. */
export function pageCountsNote(text: string, origin: string | null, ctx: ViewContext): string[] {
  const note: Part[][] = [[{ text, style: ctx.chalk.dim }]];
  if (origin) note.push([{ text: `(paths on ${origin})`, style: ctx.chalk.dim }]);
  return flowLines(note, ctx.width, { sep: { text: ' ' }, wide: ctx.wide });
}
