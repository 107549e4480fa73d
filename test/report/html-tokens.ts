/**
 * A small HTML tokenizer for the report's tests: tags with their attributes, and the text
 * between them, as a browser's tokenizer would split the page. `<style>` and `<title>`
 * hold raw text up to their end tag. Whatever is not a well-formed tag where a `<` stands
 * is reported as a stray, so a test can say no API text opened a tag.
 */
export interface Tag {
  kind: 'tag';
  name: string;
  end: boolean;
  attrs: Array<{ name: string; value: string | null }>;
  raw: string;
}

export interface Text {
  kind: 'text';
  text: string;
  /** The element whose raw text it is (`style`, `title`), or null for ordinary text. */
  rawIn: string | null;
}

export type Token = Tag | Text | { kind: 'doctype' } | { kind: 'stray'; at: number; near: string };

const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export function tokenize(html: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  if (/^<!doctype html>/i.test(html)) {
    out.push({ kind: 'doctype' });
    i = '<!doctype html>'.length;
  }
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out.push({ kind: 'text', text: html.slice(i), rawIn: null });
      break;
    }
    if (lt > i) out.push({ kind: 'text', text: html.slice(i, lt), rawIn: null });
    const m = TAG.exec(html.slice(lt));
    if (m === null) {
      out.push({ kind: 'stray', at: lt, near: html.slice(lt, lt + 40) });
      i = lt + 1;
      continue;
    }
    const attrs = [...(m[3] ?? '').matchAll(ATTR)].map((a) => ({ name: a[1]!.toLowerCase(), value: a[2] ?? a[3] ?? a[4] ?? null }));
    const name = m[2]!.toLowerCase();
    const end = m[1] === '/';
    out.push({ kind: 'tag', name, end, attrs, raw: m[0] });
    i = lt + m[0].length;
    if (!end && (name === 'style' || name === 'title')) {
      const close = html.toLowerCase().indexOf(`</${name}`, i);
      const stop = close < 0 ? html.length : close;
      out.push({ kind: 'text', text: html.slice(i, stop), rawIn: name });
      i = stop;
    }
  }
  return out;
}

export const tags = (tokens: readonly Token[]): Tag[] => tokens.filter((t): t is Tag => t.kind === 'tag');
export const texts = (tokens: readonly Token[]): Text[] => tokens.filter((t): t is Text => t.kind === 'text');

/** An attribute value as the browser reads it (character references decoded). */
export function decode(value: string): string {
  return value.replace(/&(#x?[0-9a-f]+|amp|lt|gt|quot|apos|nbsp);/gi, (_, ref: string) => {
    const r = ref.toLowerCase();
    if (r === 'amp') return '&';
    if (r === 'lt') return '<';
    if (r === 'gt') return '>';
    if (r === 'quot') return '"';
    if (r === 'apos') return "'";
    if (r === 'nbsp') return '\u00a0';
    return String.fromCodePoint(r.startsWith('#x') ? parseInt(r.slice(2), 16) : parseInt(r.slice(1), 10));
  });
}
