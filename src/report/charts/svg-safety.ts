/**
 * The last check of every chart before it goes into the report: the SVG must be static.
 * The report is a file a client opens from a mail, so a chart that could run script, load
 * anything or reach outside itself is refused here, whatever Vega or a spec drew.
 *
 * Read as a list of allowed things, not of known attacks: the SVG is one `<svg>` element
 * of plain tags with double-quoted attributes and text, and
 * - only elements that draw (ELEMENTS): no `script`, `style`, `foreignObject`, `image`,
 *   `use`, `a`, animation or anything else; no comment, CDATA, doctype or processing
 *   instruction (`<!`, `<?`: where entities and scripts hide);
 * - every tag closed in order, nothing after the closing `</svg>`;
 * - no event attribute (`on…`) and no `style` attribute (CSS can load a URL);
 * - a link (`href`, `xlink:href`) only to the SVG's own `#id`, and `url(…)` in any
 *   attribute only to `#id` (clip paths);
 * - no URL in any attribute (`scheme://`, `javascript:`, `data:`…) but the two namespace
 *   declarations every SVG carries, exactly;
 * - text escaped: `&` only as an entity, no control character (XML allows none).
 * Text may say anything else: drawn as text, a `<script>` in a label is only characters.
 */

/** The elements Vega's SVG renderer draws the report's charts with. */
const ELEMENTS = new Set([
  'svg',
  'g',
  'path',
  'rect',
  'line',
  'circle',
  'ellipse',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'defs',
  'clipPath',
  'title',
  'desc',
]);

const NAMESPACES: Readonly<Record<string, string>> = {
  xmlns: 'http://www.w3.org/2000/svg',
  'xmlns:xlink': 'http://www.w3.org/1999/xlink',
};

// A start or end tag: a name, double-quoted attributes with no `<` in them, optionally self-closed.
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9:-]*)((?:\s+[A-Za-z_:][A-Za-z0-9_:.-]*="[^"<]*")*)\s*(\/?)>/y;
const ATTRIBUTE = /([A-Za-z_:][A-Za-z0-9_:.-]*)="([^"]*)"/g;
const BARE_AMPERSAND = /&(?!(?:amp|lt|gt|quot|apos|#[0-9]{1,7}|#x[0-9A-Fa-f]{1,6});)/;
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const OUTSIDE_URL = /url\((?!\s*#)/i;
const ANY_URL = /[A-Za-z][A-Za-z0-9+.-]*:\/\/|(?:javascript|vbscript|data)\s*:/i;

function attributeProblem(element: string, name: string, value: string): string | null {
  const lower = name.toLowerCase();
  if (lower.startsWith('on')) return `an event attribute ${name} on <${element}>`;
  if (lower === 'style') return `a style attribute on <${element}>`;
  if (lower in NAMESPACES || lower.startsWith('xmlns:')) {
    return NAMESPACES[lower] === value ? null : `a namespace ${name}="${value}" on <${element}>`;
  }
  if (lower === 'href' || lower.endsWith(':href')) {
    return value.startsWith('#') ? null : `a link ${name}="${value}" on <${element}> to something other than the chart itself`;
  }
  if (OUTSIDE_URL.test(value)) return `url(…) to something other than the chart itself in ${name} on <${element}>`;
  if (ANY_URL.test(value)) return `a URL in ${name} on <${element}>`;
  return null;
}

function textProblem(text: string): string | null {
  if (BARE_AMPERSAND.test(text)) return 'an & that is not an entity';
  if (CONTROL.test(text)) return 'a control character';
  return null;
}

/** Why `svg` is not a static, self-contained chart, or null when it is. */
export function svgProblem(svg: string): string | null {
  if (!svg.startsWith('<svg')) return 'it does not start with <svg';
  const open: string[] = [];
  let closed = false;
  let at = 0;
  while (at < svg.length) {
    if (closed) return `${JSON.stringify(svg.slice(at, at + 40))} after the closing </svg>`;
    const lt = svg.indexOf('<', at);
    const inText = textProblem(svg.slice(at, lt < 0 ? svg.length : lt));
    if (inText !== null) return `${inText} in the text`;
    if (lt < 0) break;
    TAG.lastIndex = lt;
    const m = TAG.exec(svg);
    if (m === null) return `markup that is not a plain tag: ${JSON.stringify(svg.slice(lt, lt + 40))}`;
    const [whole, closing, name, attributes, selfClosing] = m as unknown as [string, string, string, string, string];
    if (!ELEMENTS.has(name)) return `a <${name}> element`;
    if (closing === '/') {
      if (attributes !== '' || selfClosing === '/') return `a malformed closing tag ${JSON.stringify(whole)}`;
      if (open.pop() !== name) return `a closing </${name}> that closes nothing open`;
    } else {
      for (const [, attribute, value] of attributes.matchAll(ATTRIBUTE) as IterableIterator<[string, string, string]>) {
        const problem = attributeProblem(name, attribute, value) ?? textProblem(value);
        if (problem !== null) return problem;
      }
      if (selfClosing !== '/') open.push(name);
    }
    closed = open.length === 0;
    at = lt + whole.length;
  }
  if (open.length > 0) return `<${open[open.length - 1]}> is never closed`;
  return null;
}

/** `svg` as it is when it is a static, self-contained chart; throws saying why otherwise. */
export function assertSafeSvg(svg: string): string {
  const problem = svgProblem(svg);
  if (problem !== null) throw new Error(`a chart's SVG was refused: ${problem}`);
  return svg;
}
