/**
 * The check that what users copy is never cut on a terminal (docs/output.md, "On a
 * terminal"): ids, URLs and question texts whole, and no line over the width but one
 * ending in a token that cannot be broken.
 */
import { displayWidth } from '../../src/text/width.js';

export type Copyable = { key: string; value: string; kind: 'token' | 'text' };

/** The values a user copies: ids, URLs (by key or by scheme) and question texts, wherever they sit. */
export function copyables(v: unknown, key = '', out: Copyable[] = []): Copyable[] {
  if (Array.isArray(v)) for (const x of v) copyables(x, key, out);
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) copyables(x, k, out);
  else if (typeof v === 'string' && v.length >= 6) {
    if (key === 'prompt' || key === 'question') out.push({ key, value: v, kind: 'text' });
    else if (/(^|_)id$/.test(key) || /url$/.test(key) || /^https?:\/\//.test(v)) out.push({ key, value: v, kind: /\s/.test(v) ? 'text' : 'token' });
  }
  return out;
}

/** Where a copyable is cut (a prefix then `…`) or, for a token, split at a line's end. */
export function damage(out: string, lines: readonly string[], c: Copyable): string | undefined {
  if (c.kind === 'token' && lines.some((l) => l.includes(c.value))) return undefined;
  for (let n = c.value.length - 1; n >= 6; n--) {
    const head = c.value.slice(0, n);
    if (out.includes(`${head}…`)) return `cut after "${head}"`;
    if (c.kind !== 'token') continue;
    const i = lines.findIndex((l) => l.trimEnd().endsWith(head));
    if (i >= 0 && lines[i + 1]?.trimStart().startsWith(c.value.slice(n, n + 4))) return `split after "${head}"`;
  }
  return undefined;
}

/** A line over the width is allowed only when what overflows is one last token that could not be broken. */
export function overflow(line: string, width: number, tokens: ReadonlySet<string>): boolean {
  if (displayWidth(line) <= width) return false;
  const m = /^(.*?)(\S+)$/.exec(line.trimEnd());
  if (!m) return true;
  const [, before = '', last = ''] = m;
  // A URL, a copyable token, or a sparkline that --wide keeps whole (a run of marks has no place to break).
  const unbreakable = last.includes('://') || tokens.has(last) || /^[▁-█]+$/.test(last);
  return !(unbreakable && displayWidth(before.trimEnd()) <= width);
}
