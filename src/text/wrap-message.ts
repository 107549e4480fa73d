/**
 * Messages for people on stderr (errors, hints, warnings) wrapped to the terminal's width
 * at spaces, so the terminal does not cut a word in two at its edge. A word wider than
 * the line (a URL, a path, a long flag) is left whole on a line of its own, for the
 * terminal to fold: a newline inserted inside it would break copying it. The table
 * views' wrap (views/wrap.ts) breaks such words instead; it lives in the table bundle,
 * and a message must stay copyable.
 *
 * Not wrap-ansi (`hard: false` keeps a long word whole too): it measures with string-width,
 * by grapheme cluster, so a line of Devanagari it wraps is wider in a terminal than the
 * width asked for; it trims the first line's indentation (or, with `trim: false`, keeps
 * the spaces at every break); and this module is in vis.cjs, run by every command, where
 * wrap-ansi and string-width would add some 25 KB. test/text/wrap-message.test.ts shows
 * each difference.
 */
import { displayWidth } from './width.js';

/** `text` with each of its lines wrapped to `width` columns at spaces; words are never split. */
export function wrapAtSpaces(text: string, width: number): string {
  return text
    .split('\n')
    .map((line) => wrapLine(line, width))
    .join('\n');
}

function wrapLine(line: string, width: number): string {
  if (displayWidth(line) <= width) return line;
  const lines: string[] = [];
  let current = '';
  // Each word with the spaces before it; the first keeps its indentation.
  for (const [token] of line.matchAll(/ *[^ ]+| +$/g)) {
    if (current === '') current = lines.length === 0 ? token : token.trimStart();
    else if (displayWidth(current + token) <= width) current += token;
    else {
      lines.push(current);
      current = token.trimStart();
    }
  }
  if (current !== '') lines.push(current);
  return lines.join('\n');
}

/**
 * `text` over lines of `width` columns at spaces, later lines `indent` columns in; a word
 * too wide for a line with its indent (a path) starts at the line's start instead, whole,
 * for the terminal to fold: an indent would only push it further past the edge.
 */
export function hanging(text: string, width: number, indent: number): string[] {
  const pad = ' '.repeat(indent);
  const out: string[] = [];
  let current = '';
  const start = (token: string) => (displayWidth(token) <= width ? token : token.trimStart());
  for (const [token] of text.matchAll(/ *[^ ]+/g)) {
    if (current === '') current = start(out.length === 0 ? token : pad + token.trimStart());
    else if (displayWidth(current + token) <= width) current += token;
    else {
      out.push(current);
      current = start(pad + token.trimStart());
    }
  }
  if (current !== '' || out.length === 0) out.push(current);
  return out;
}
