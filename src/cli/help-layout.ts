/**
 * A command's help page as text: what the page lists (HelpPage), laid out at the help's
 * width. The program lays out every page with it (formatHelp in src/cli/program.ts), and
 * so do the pages the build writes for `vis [command...] --help` (src/boot/help.ts), so
 * both print the same bytes. Uses commander's Help for the wrapping only: nothing here
 * may import commander's Command, or anything of vis.
 */
import type { Help } from 'commander';

/** One help page, with everything that does not depend on the width already worked out. */
export interface HelpPage {
  /** The usage line, after `Usage: `. */
  usage: string;
  /** The command's description, plain (no Markdown). */
  description: string;
  /** Each titled list in order (arguments, commands, options, sections): [term, plain description] rows. */
  lists: Array<[heading: string, rows: Array<[term: string, description: string]>]>;
  /** The width of the terms' column: the longest term of any list. */
  termWidth: number;
  /** Closing paragraphs, plain. */
  paragraphs: string[];
}

/** Commander leaves text unwrapped when it has fewer columns than this for it: always wrap (see program.ts). */
export const MIN_WIDTH_TO_WRAP = 1;

/** Below this many columns for descriptions, each goes under its term (a 50-column terminal). */
const MIN_DESCRIPTION_WIDTH = 30;
const NARROW_INDENT = '      ';

/** The page at `helper.helpWidth` columns (80 when unset), laid out as gh lays out its help. */
export function layoutHelp(page: HelpPage, helper: Help): string {
  const width = helper.helpWidth ?? 80;
  const { termWidth } = page;
  const item = ([term, description]: [string, string]) => {
    if (width - termWidth - 4 >= MIN_DESCRIPTION_WIDTH) return helper.formatItem(term, termWidth, description, helper);
    // Too narrow for two columns: each description under its term, wrapped.
    return `  ${term}\n${NARROW_INDENT}${helper.boxWrap(description, width - NARROW_INDENT.length).replace(/\n/g, `\n${NARROW_INDENT}`)}`;
  };
  const out: string[] = [helper.boxWrap(`Usage: ${page.usage}`, width), ''];
  if (page.description.length > 0) out.push(helper.boxWrap(page.description, width), '');
  for (const [heading, rows] of page.lists) out.push(...helper.formatItemList(heading, rows.map(item), helper));
  for (const paragraph of page.paragraphs) out.push(helper.boxWrap(paragraph, width), '');
  return out.join('\n');
}
