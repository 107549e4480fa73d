/**
 * The report's escaping (src/report/escape.ts): API text as HTML text and attributes, links
 * only to http(s) URLs that are URLs as they stand, the report's own anchors as slugs,
 * nothing from outside into the style sheet but a #rrggbb colour, and chart SVG taken
 * only when inert.
 */
import { describe, expect, it } from 'vitest';
import {
  anchorIds,
  attr,
  cssHexColor,
  escapeMarkup,
  html,
  inertSvg,
  link,
  linkTarget,
  logoDataUrl,
  plainText,
  slug,
  styleSheet,
} from '../../src/report/escape.js';

describe('html: API text as element text or attribute value', () => {
  it.each([
    ['&', '&amp;'],
    ['<', '&lt;'],
    ['>', '&gt;'],
    ['"', '&quot;'],
    ["'", '&#39;'],
    ['<script>alert("x")</script>', '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'],
    ['"><svg onload=alert(1)>', '&quot;&gt;&lt;svg onload=alert(1)&gt;'],
    ['</style>', '&lt;/style&gt;'],
    ['a &amp; b', 'a &amp;amp; b'],
    ['plain text, café', 'plain text, café'],
  ])('%j -> %j', (input, out) => {
    expect(html(input)).toBe(out);
  });

  it('shows controls and bidi overrides as visible escapes, so none reorders or hides text', () => {
    expect(html('abc\u202Edef')).toBe('abc\\u202edef');
    expect(html('\u2066x\u2069')).toBe('\\u2066x\\u2069');
    expect(html('a\x00b\x07c\x1b[31md\x7f\x9b')).toBe('a\\x00b\\x07cd\\x7f\\x9b');
    expect(html('zero\u200bwidth')).toBe('zero\\u200bwidth');
  });

  it('keeps line breaks and tabs (HTML lays them out as spaces) and right-to-left letters', () => {
    expect(html('one\ntwo\tthree')).toBe('one\ntwo\tthree');
    expect(html('שלום عربي')).toBe('שלום عربي');
  });

  it('escapeMarkup escapes the five characters and touches nothing else', () => {
    expect(escapeMarkup(`&<>"'\u202e`)).toBe('&amp;&lt;&gt;&quot;&#39;\u202e');
  });

  it('plainText (a chart label) is cleaned the same way, and not escaped: the chart escapes for SVG', () => {
    expect(plainText('A & B <x>\u202e\n')).toBe('A & B <x>\\u202e\\n');
  });

  it('attr quotes the escaped value', () => {
    expect(attr('a"b<')).toBe('"a&quot;b&lt;"');
  });
});

describe('links: only http(s) URLs as they stand', () => {
  it.each([
    ['https://example.com/a?b=c#d', 'https://example.com/a?b=c#d'],
    ['http://example.com', 'http://example.com/'],
    ['HTTPS://EXAMPLE.COM/X', 'https://example.com/X'],
    ['https://example.com/"><svg/onload=alert(1)>', 'https://example.com/%22%3E%3Csvg/onload=alert(1)%3E'],
  ])('%j links to %j', (raw, href) => {
    expect(linkTarget(raw)).toBe(href);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'mailto:a@example.com',
    '//evil.example/x',
    '/relative/path',
    'example.com',
    '',
    'https://example.com/a b',
    ' https://example.com/',
    'https://example.com/\u202e',
    'https://example.com/\x07',
    'https://example.com\t/',
    'https://user:pw@evil.example/',
    'https://user@evil.example/',
    'https://:pw@evil.example/',
    'https://exa mple.com/',
    'https://[::1/',
  ])('%j is not a link', (raw) => {
    expect(linkTarget(raw)).toBeNull();
  });

  it('link: an anchor with the parsed URL, text escaped; anything else plain text, never an href', () => {
    expect(link('https://example.com/a?x=1&y=<2>', 'Title <b>')).toBe(
      '<a href="https://example.com/a?x=1&amp;y=%3C2%3E" rel="noopener noreferrer">Title &lt;b&gt;</a>',
    );
    expect(link('https://example.com/')).toBe('<a href="https://example.com/" rel="noopener noreferrer">https://example.com/</a>');
    expect(link('javascript:alert(1)', 'click')).toBe('<span class="url">click</span>');
    expect(link('javascript:alert("<x>")')).toBe('<span class="url">javascript:alert(&quot;&lt;x&gt;&quot;)</span>');
  });
});

describe('the report’s own anchors', () => {
  it.each([
    ['Northwind CRM US-en', 'northwind-crm-us-en'],
    ['Café Élan', 'cafe-elan'],
    ['  --Acme, Inc.--  ', 'acme-inc'],
    ['"><script>alert(1)</script>', 'script-alert-1-script'],
    ['ＡＢＣ', 'abc'],
    ['日本', ''],
    ['a\u202eb', 'a-b'],
  ])('slug(%j) = %j', (input, out) => {
    expect(slug(input)).toBe(out);
    expect(out).toMatch(/^[a-z0-9-]*$/);
  });

  it('ids are unique, in order, and never empty', () => {
    expect(
      anchorIds([
        ['Acme', 'US-en'],
        ['Acme', 'US-en'],
        ['acme', 'us en'],
        ['日本', ''],
        ['Beta', ''],
        ['日本', ''],
      ]),
    ).toEqual(['acme-us-en', 'acme-us-en-2', 'acme-us-en-3', 'scope-4', 'beta', 'scope-6']);
  });

  it('a generated suffix does not collide with a name that already has it', () => {
    expect(anchorIds([['a-2'], ['a'], ['a']])).toEqual(['a-2', 'a', 'a-3']);
  });
});

describe('the style sheet takes nothing from outside but #rrggbb', () => {
  it.each(['#3355cc', '#ABCDEF', '#000000'])('%j is a colour', (c) => {
    expect(cssHexColor(c)).toBe(c.toLowerCase());
  });

  it.each(['red', '#abc', '#aabbccdd', '#aabbc g', '#aabbcc;}</style><script>', ' #aabbcc', '#aabbcc ', 'url(x)', '#gggggg', '', '\n#aabbcc'])(
    '%j is refused',
    (c) => {
      expect(() => cssHexColor(c)).toThrow(/#rrggbb/);
    },
  );

  it('a style sheet holding "<" is refused, any other is kept as it is', () => {
    expect(() => styleSheet('a{}</style><script>')).toThrow(/</);
    expect(styleSheet('a { color: red; }')).toBe('a { color: red; }');
  });
});

describe('the logo', () => {
  it('PNG and JPEG become data URLs', () => {
    expect(logoDataUrl({ mime: 'image/png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) })).toBe('data:image/png;base64,iVBORw==');
    expect(logoDataUrl({ mime: 'image/jpeg', bytes: new Uint8Array([0xff, 0xd8, 0xff]) })).toBe('data:image/jpeg;base64,/9j/');
  });

  it.each(['image/svg+xml', 'text/html', 'image/png;x', ''])('%j is refused', (mime) => {
    expect(() => logoDataUrl({ mime, bytes: new Uint8Array([1]) })).toThrow(/logo type not allowed/);
  });
});

describe('inertSvg: a chart goes into the page only when it can run and fetch nothing', () => {
  const ok = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${inner}</svg>`;

  it.each([
    ok('<g><rect x="1" y="1" width="2" height="2" fill="#123456"/><text x="1">a &lt; b &amp; c</text></g>'),
    ok('<defs><clipPath id="c"><rect/></clipPath><linearGradient id="l"><stop offset="0"/></linearGradient></defs><path clip-path="url(#c)" d="M0,0L1,1"/>'),
    ok('<use href="#c"/>').replace('<use href="#c"/>', '<g><title>t</title><desc>d</desc></g>'),
    ok(`<path fill="url('#l')"/><rect fill='url("#l")' data-flag/>`),
    ok('<path style="fill: url(#l)" d="M0 0"/><circle r="1"/><ellipse/><line/><polyline/><polygon/><tspan/><pattern/><mask/><radialGradient/>'),
    `  ${ok('')}\n`,
    ok('<text>\n  multi\n  line\n</text>'),
    '<svg>\n</svg>',
  ])('inert: %s', (svg) => {
    expect(inertSvg(svg)).toBe(true);
  });

  it.each([
    ['a script', ok('<script>alert(1)</script>')],
    ['an event attribute', ok('<rect onload="alert(1)"/>')],
    ['an event attribute, upper case', ok('<rect ONCLICK=alert(1) />')],
    ['an event attribute on the root', '<svg onload="alert(1)"></svg>'],
    ['a link out', ok('<a href="https://evil.example"><text>x</text></a>')],
    ['an image', ok('<image href="https://evil.example/x.png"/>')],
    ['an xlink out on a known element', ok('<g xlink:href="https://evil.example"/>')],
    ['an href out on a known element', ok('<g href="javascript:alert(1)"/>')],
    ['a src', ok('<g src="x"/>')],
    ['an href out ending in #', ok('<g href="https://evil.example/#"/>')],
    ['an href with a space before #', ok('<g href=" #c"/>')],
    ['an href with no value', ok('<g href/>')],
    ['a foreignObject', ok('<foreignObject><div>x</div></foreignObject>')],
    ['a style element', ok('<style>@import "https://evil.example/x.css";</style>')],
    ['a url() out', ok('<rect style="fill: url(https://evil.example/x)"/>')],
    ['a url() out, quoted', ok(`<rect fill="url('https://evil.example/x')"/>`)],
    ['javascript: anywhere', ok('<text>javascript:alert(1)</text>')],
    ['a comment', ok('<!-- x -->')],
    ['CDATA', ok('<![CDATA[x]]>')],
    ['a processing instruction', `<?xml version="1.0"?>${ok('')}`],
    ['a stray <', ok('<text>a < b</text>')],
    ['a bidi override', ok('<text>a\u202eb</text>')],
    ['a control character', ok('<text>a\x1bb</text>')],
    ['a stray >', ok('<text>a > b</text>')],
    ['not svg', '<div></div>'],
    ['svg not closed', '<svg>'],
    ['text before svg', `x${ok('')}`],
    ['text after svg', `${ok('')}<script>alert(1)</script>`],
    ['svgx', '<svgx></svgx>'],
  ])('not inert: %s', (_, svg) => {
    expect(inertSvg(svg)).toBe(false);
  });
});
