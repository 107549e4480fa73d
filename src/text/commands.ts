/**
 * vis's own texts quote a command as Markdown does (`vis auth login`): the docs and the
 * OpenAPI description made from the same texts show it as code. A terminal shows no
 * Markdown, so there the backticks would be printed as they are: the command stands on
 * its own words instead. Only a quoted `vis` command is unquoted: other backticks (a
 * server's text, `Disallow: /`) are the sender's to keep.
 */
const QUOTED_COMMAND = /`(vis(?: [^`\n]+)?)`/g;

/** `text` with each Markdown-quoted vis command as its bare words. */
export function plainCommands(text: string): string {
  return text.replace(QUOTED_COMMAND, '$1');
}
