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
  /** Example command lines, shown last under "Examples:". */
  examples: string[];
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
  const examples = page.examples.map((e) => `${layoutExample(e, width)}\n`).join('');
  return out.join('\n') + (examples.length > 0 ? `\nExamples:\n${examples}` : '');
}

const EXAMPLE_PROMPT = '  $ ';
const EXAMPLE_INDENT = '      ';
const CONTINUATION = ' \\';

/**
 * An example command at `width` columns: `  $ ` then its words, broken between words where
 * the line would run past the width, each broken line ending in a shell continuation (` \`)
 * and the next indented, so the lines still paste as one command. Words are what the shell
 * sees as words: a quoted string or a `$(…)` stays whole, an option stays with its value,
 * and a word too long for the indented line is indented less (or runs past the width, whole).
 */
export function layoutExample(example: string, width: number): string {
  const units = optionsWithValues(shellWords(example));
  // An option and its value too long together for a line of their own go apart.
  const words = units.flatMap((unit) =>
    unit.length > 1 && EXAMPLE_INDENT.length + unit.join(' ').length > width - CONTINUATION.length ? unit : [unit.join(' ')],
  );
  const lines: string[] = [];
  let line = EXAMPLE_PROMPT + (words[0] ?? '');
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as string;
    const room = i < words.length - 1 ? width - CONTINUATION.length : width;
    if (line.length + 1 + word.length <= room) line = `${line} ${word}`;
    else {
      lines.push(line + CONTINUATION);
      // A word too long for the indented line takes less indent rather than run past the width.
      line = EXAMPLE_INDENT.slice(0, Math.max(0, room - word.length)) + word;
    }
  }
  return [...lines, line].join('\n');
}

const SHELL_OPERATOR = /^(?:\|\|?|&&|;|[<>]|>>|2>|2>&1)$/;

/** `--only topics` kept together: an option followed by a word that is neither an option nor a shell operator. */
function optionsWithValues(words: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const next = words[i + 1];
    if (word.startsWith('-') && next !== undefined && !next.startsWith('-') && !SHELL_OPERATOR.test(next)) {
      out.push([word, next]);
      i++;
    } else out.push([word]);
  }
  return out;
}

/** `text` split at the spaces the shell splits at: not inside quotes, `$(…)` or after a backslash. */
function shellWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let quote: string | undefined;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < text.length) {
        word += c + text[++i];
        continue;
      }
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\' && i + 1 < text.length) {
      word += c + text[++i];
      continue;
    } else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ' ' && depth === 0) {
      if (word.length > 0) words.push(word);
      word = '';
      continue;
    }
    word += c;
  }
  if (word.length > 0) words.push(word);
  return words;
}
