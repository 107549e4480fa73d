/**
 * The report's one way from API text to HTML (docs/report.md, Safety). Every string the
 * server sent (names, questions, answers, titles, URLs, error messages) goes through
 * `html` or `link` before it reaches the page; nothing is ever interpolated raw.
 *
 * - Text: first cleaned as for the terminal (src/text/sanitize.ts with newlines kept): C0
 *   and C1 controls, the bidi embedding, override and isolate controls U+202A-U+202E and
 *   U+2066-U+2069, and invisible format characters become visible escapes (`\u202e`).
 *   So a right-to-left override cannot reorder the page around it, and no text hides in
 *   a cell; the same name reads the same in the report as in `vis`. Then `& < > " '` are
 *   all escaped, so the result is safe as element text and inside a double-quoted
 *   attribute alike.
 * - Links: only `http:` and `https:` URLs become an `href`, and only when the text is a
 *   URL as it stands (no whitespace, no control or invisible character, no user name or
 *   password, which would show one host and open another); anything else is plain text.
 *   The report's own anchors are `#` and a slug of [a-z0-9-] made here, never API text.
 * - CSS: API text never enters the style sheet. The accent colour (the user's `--accent`)
 *   is taken only as `#rrggbb`, and the style sheet as a whole is refused if it holds `<`.
 * - Charts: the labels handed to a ChartKit are cleaned as text is (`plainText`), and the
 *   SVG it drew is put in the page only when it is inert: known SVG elements, no event
 *   attribute, no link or `url()` leaving the drawing, no control or bidi character.
 */
import { sanitizeForTerminal } from '../text/sanitize.js';

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** API text as HTML element text or a double-quoted attribute value. */
export function html(s: string): string {
  return escapeMarkup(sanitizeForTerminal(s, { allowNewlines: true }));
}

/**
 * API text for a chart's labels: cleaned as `html` cleans it, not escaped (the ChartKit
 * escapes for SVG), so no override reorders a drawing either.
 */
export function plainText(s: string): string {
  return sanitizeForTerminal(s);
}

/** Text of the report's own (numbers, dates, fixed words) escaped, without the terminal's cleaning. */
export function escapeMarkup(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

/** An attribute value, double-quoted, from any text. */
export function attr(s: string): string {
  return `"${html(s)}"`;
}

/** The URL an API string names, when it is one the report links to; else null. */
export function linkTarget(raw: string): string | null {
  if (/[\s\x00-\x1f\x7f-\x9f]/.test(raw) || sanitizeForTerminal(raw) !== raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return url.href;
}

/** A link to an API URL, or its text alone when it is not one the report links to. */
export function link(raw: string, text: string = raw): string {
  const target = linkTarget(raw);
  if (target === null) return `<span class="url">${html(text)}</span>`;
  return `<a href=${attr(target)} rel="noopener noreferrer">${html(text)}</a>`;
}

/** A slug of [a-z0-9-]: letters without their accents, every other run of characters one hyphen. */
export function slug(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Anchor ids for the report's scopes, in order: `brand-market` slugs, unique (a second
 * `acme-us-en` is `acme-us-en-2`), never empty (a name of no letter or digit is `scope-N`).
 */
export function anchorIds(parts: ReadonlyArray<readonly string[]>): string[] {
  const seen = new Set<string>();
  return parts.map((p, i) => {
    const base = slug(p.join(' ')) || `scope-${i + 1}`;
    let id = base;
    for (let n = 2; seen.has(id); n++) id = `${base}-${n}`;
    seen.add(id);
    return id;
  });
}

/** `#rrggbb`, the only colour form the style sheet takes from outside it. */
export function cssHexColor(value: string): string {
  if (!/^#[0-9a-fA-F]{6}$/.test(value)) throw new Error(`not a #rrggbb colour: ${JSON.stringify(value)}`);
  return value.toLowerCase();
}

/** The style sheet, refused if anything in it could close the <style> element. */
export function styleSheet(css: string): string {
  if (css.includes('<')) throw new Error('the style sheet holds "<"');
  return css;
}

const LOGO_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg']);

/** The logo as a data: URL; only PNG and JPEG (an SVG can carry script). */
export function logoDataUrl(logo: { mime: string; bytes: Uint8Array }): string {
  if (!LOGO_TYPES.has(logo.mime)) throw new Error(`logo type not allowed: ${JSON.stringify(logo.mime)}`);
  return `data:${logo.mime};base64,${Buffer.from(logo.bytes).toString('base64')}`;
}

/** The SVG elements a chart may use: shapes, text, grouping and paint definitions. */
const SVG_ELEMENTS: ReadonlySet<string> = new Set([
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'title',
  'desc',
  'defs',
  'clippath',
  'lineargradient',
  'radialgradient',
  'stop',
  'pattern',
  'mask',
]);

const TAG = /<(\/?)([^\s/>]*)([^>]*)>/g;
const ATTRIBUTE = /([^\s=/]+)\s*(?:=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g;

/**
 * True when a chart's SVG may go into the page as it is: one `<svg>` element of known
 * elements, no comment, CDATA or processing instruction, no event attribute, no `href`
 * but to `#`, no `url()` but `url(#…)`, no `javascript:`, and no `<` outside a tag.
 */
export function inertSvg(svg: string): boolean {
  const s = svg.trim();
  if (!/^<svg[\s>]/.test(s) || !s.endsWith('</svg>')) return false;
  if (/javascript:|<!|<\?/i.test(s) || sanitizeForTerminal(s, { allowNewlines: true }) !== s) return false;
  if (/url\(\s*(?!['"]?#)/i.test(s)) return false;
  for (const m of s.matchAll(TAG)) {
    const [, , name, attrs] = m as unknown as [string, string, string, string];
    if (!SVG_ELEMENTS.has(name.toLowerCase())) return false;
    for (const a of attrs.matchAll(ATTRIBUTE)) {
      const key = (a[1] as string).toLowerCase();
      if (key.startsWith('on')) return false;
      const value = (a[2] ?? '').replace(/^["']|["']$/g, '');
      if ((key === 'href' || key.endsWith(':href') || key === 'src') && !value.startsWith('#')) return false;
    }
  }
  return !/[<>]/.test(s.replace(TAG, ''));
}
