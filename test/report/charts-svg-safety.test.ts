/**
 * src/report/charts/svg-safety.ts: the check every chart passes before it enters the
 * report. A static SVG of drawing elements is let through as it is; anything that could run
 * script, load a resource or leave the chart is refused, saying what it found.
 */
import { describe, expect, it } from 'vitest';
import { assertSafeSvg, svgProblem } from '../../src/report/charts/svg-safety.js';

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const wrap = (inner: string) => `<svg ${NS} width="10">${inner}</svg>`;

describe('a static chart', () => {
  it.each([
    ['the namespaces and drawing elements', wrap('<g transform="translate(1,2)"><path d="M0,0h1Z" fill="#0072B2"/><rect width="1" height="2"/></g>')],
    ['escaped text, quotes included', wrap('<text x="1">a &lt;script&gt; &amp; "b" &#39; &#x27; &quot;&apos;&gt;</text>')],
    [
      'a clip path and a link to the chart itself',
      wrap('<defs><clipPath id="c1"><rect width="1"/></clipPath></defs><g clip-path="url(#c1)" href="#c1" xlink:href="#c1"></g>'),
    ],
    ['url() with a space before the #', wrap('<g clip-path="url( #c1)"></g>')],
    ['every element it allows', wrap('<g><line/><circle/><ellipse/><polyline/><polygon/><text><tspan>t</tspan></text><title>t</title><desc>d</desc></g>')],
    ['a colon that is no URL, and text that names one', wrap('<text font-family="a:b">see https://example.com or javascript:alert(1)</text>')],
    ['no namespaces at all, tabs and new lines', '<svg>\n\t<g>\r\n</g></svg>'],
    ['a self-closed root', '<svg/>'],
    ['spaces before the end of a tag', '<svg ><g a="1" ></g ></svg>'],
    ['attributes apart by more than one space', '<svg><g  a="1"\n\t b="2"></g></svg>'],
  ])('%s', (_what, svg) => {
    expect(svgProblem(svg)).toBeNull();
    expect(assertSafeSvg(svg)).toBe(svg);
  });
});

describe('refused', () => {
  it.each([
    ['not an SVG', '<html></html>', 'it does not start with <svg'],
    ['an XML declaration first', '<?xml version="1.0"?><svg></svg>', 'it does not start with <svg'],
    ['space first', ' <svg></svg>', 'it does not start with <svg'],
    ['a script', wrap('<script>alert(1)</script>'), 'a <script> element'],
    ['a script in capitals', wrap('<SCRIPT>alert(1)</SCRIPT>'), 'a <SCRIPT> element'],
    ['a style sheet', wrap('<style>@import url(https://x)</style>'), 'a <style> element'],
    ['foreign HTML', wrap('<foreignObject><div/></foreignObject>'), 'a <foreignObject> element'],
    ['an image', wrap('<image href="#a"/>'), 'a <image> element'],
    ['a link', wrap('<a href="#a"></a>'), 'a <a> element'],
    ['a use of another element', wrap('<use href="#a"/>'), 'a <use> element'],
    ['an animation', wrap('<set attributeName="x" to="1"/>'), 'a <set> element'],
    ['a root that is not svg', '<svgx></svgx>', 'a <svgx> element'],
    ['a comment', wrap('<!-- x -->'), 'markup that is not a plain tag: "<!-- x --></svg>"'],
    ['CDATA', wrap('<text><![CDATA[<script>]]></text>'), 'markup that is not a plain tag: "<![CDATA[<script>]]></text></svg>"'],
    ['a doctype', '<svg><!DOCTYPE svg [<!ENTITY x "y">]></svg>', 'markup that is not a plain tag: "<!DOCTYPE svg [<!ENTITY x \\"y\\">]></svg>"'],
    ['a processing instruction', wrap('<?xml-stylesheet href="x"?>'), 'markup that is not a plain tag: "<?xml-stylesheet href=\\"x\\"?></svg>"'],
    ['a single-quoted attribute', wrap("<g a='1'></g>"), 'markup that is not a plain tag: "<g a=\'1\'></g></svg>"'],
    ['an unquoted attribute', wrap('<g a=1></g>'), 'markup that is not a plain tag: "<g a=1></g></svg>"'],
    ['an attribute with no value', wrap('<g hidden></g>'), 'markup that is not a plain tag: "<g hidden></g></svg>"'],
    ['a < in an attribute', wrap('<g a="<"></g>'), 'markup that is not a plain tag: "<g a=\\"<\\"></g></svg>"'],
    ['a bare <', wrap('<text>1 < 2</text>'), 'markup that is not a plain tag: "< 2</text></svg>"'],
    ['an event attribute', wrap('<g onload="alert(1)"></g>'), 'an event attribute onload on <g>'],
    ['an event attribute in capitals', wrap('<rect ONCLICK="x"/>'), 'an event attribute ONCLICK on <rect>'],
    ['a style attribute', wrap('<g style="fill:red"></g>'), 'a style attribute on <g>'],
    ['a style attribute in capitals', wrap('<g STYLE="fill:red"></g>'), 'a style attribute on <g>'],
    ['a link out', wrap('<g href="https://x.example/"></g>'), 'a link href="https://x.example/" on <g> to something other than the chart itself'],
    [
      'an xlink out',
      wrap('<g xlink:href="javascript:alert(1)"></g>'),
      'a link xlink:href="javascript:alert(1)" on <g> to something other than the chart itself',
    ],
    ['a relative link', wrap('<g HREF="x#a"></g>'), 'a link HREF="x#a" on <g> to something other than the chart itself'],
    ['url() out', wrap('<rect fill="url(https://x.example/p.svg#a)"/>'), 'url(…) to something other than the chart itself in fill on <rect>'],
    ['url() in capitals', wrap('<rect fill="URL(x)"/>'), 'url(…) to something other than the chart itself in fill on <rect>'],
    ['a URL in an attribute', wrap('<g data-x="http://x.example"></g>'), 'a URL in data-x on <g>'],
    ['a scheme with a plus', wrap('<g data-x="ftp+x://x"></g>'), 'a URL in data-x on <g>'],
    ['a scheme ending in a digit', wrap('<g data-x="s3://bucket"></g>'), 'a URL in data-x on <g>'],
    ['javascript:', wrap('<g data-x="javascript:alert(1)"></g>'), 'a URL in data-x on <g>'],
    ['JavaScript : with a space', wrap('<g data-x="JavaScript :x"></g>'), 'a URL in data-x on <g>'],
    ['vbscript:', wrap('<g data-x="vbscript:x"></g>'), 'a URL in data-x on <g>'],
    ['data:', wrap('<g data-x="data:text/html,x"></g>'), 'a URL in data-x on <g>'],
    ['another SVG namespace', '<svg xmlns="http://x.example/"></svg>', 'a namespace xmlns="http://x.example/" on <svg>'],
    ['another xlink namespace', '<svg xmlns:xlink="http://x.example/"></svg>', 'a namespace xmlns:xlink="http://x.example/" on <svg>'],
    ['a namespace of its own', '<svg xmlns:ev="http://www.w3.org/2001/xml-events"></svg>', 'a namespace xmlns:ev="http://www.w3.org/2001/xml-events" on <svg>'],
    ['a namespace in capitals', '<svg XMLNS="http://x.example/"></svg>', 'a namespace XMLNS="http://x.example/" on <svg>'],
    ['a bare & in the text', wrap('<text>a & b</text>'), 'an & that is not an entity in the text'],
    ['an unknown entity', wrap('<text>&nbsp;</text>'), 'an & that is not an entity in the text'],
    ['an entity too long to be a character', wrap('<text>&#12345678;</text>'), 'an & that is not an entity in the text'],
    ['a hex entity too long', wrap('<text>&#x1234567;</text>'), 'an & that is not an entity in the text'],
    ['a bare & in an attribute', wrap('<g a="&"></g>'), 'an & that is not an entity'],
    ['a control character in the text', wrap('<text>a\u001bb</text>'), 'a control character in the text'],
    ['NUL', wrap('<text>\u0000</text>'), 'a control character in the text'],
    ['DEL', wrap('<text>\u007f</text>'), 'a control character in the text'],
    ['a form feed', wrap('<text>\u000c</text>'), 'a control character in the text'],
    ['a vertical tab', wrap('<text>\u000b</text>'), 'a control character in the text'],
    ['a control character in an attribute', wrap('<g a="\u0007"></g>'), 'a control character'],
    ['a control character before the end', '<svg>\u0001', 'a control character in the text'],
    ['a tag closed out of order', wrap('<g><text></g></text>'), 'a closing </g> that closes nothing open'],
    ['a closing tag with attributes', wrap('<g></g a="1">'), 'a malformed closing tag "</g a=\\"1\\">"'],
    ['a closing tag closed twice', wrap('<g></g/>'), 'a malformed closing tag "</g/>"'],
    ['a tag never closed', '<svg><g></svg>', 'a closing </svg> that closes nothing open'],
    ['a root never closed', `<svg ${NS}><g></g>`, '<svg> is never closed'],
    ['an element never closed', '<svg><g>', '<g> is never closed'],
    ['an element never closed, text after it', '<svg><g>text', '<g> is never closed'],
    ['text after the SVG', `${wrap('')}<script>alert(1)</script>`, '"<script>alert(1)</script>" after the closing </svg>'],
    ['a second SVG', '<svg></svg><svg></svg>', '"<svg></svg>" after the closing </svg>'],
    ['text after a self-closed root', '<svg/>x', '"x" after the closing </svg>'],
    ['a long tail, quoted in part', `<svg/>${'x'.repeat(100)}`, `"${'x'.repeat(40)}" after the closing </svg>`],
  ])('%s', (_what, svg, problem) => {
    expect(svgProblem(svg)).toBe(problem);
    expect(() => assertSafeSvg(svg)).toThrow(new Error(`a chart's SVG was refused: ${problem}`));
  });

  it('names the first problem of several', () => {
    expect(svgProblem(wrap('<g onload="x" style="y"></g><script></script>'))).toBe('an event attribute onload on <g>');
    expect(svgProblem(wrap('<g a="1" b="&"></g>'))).toBe('an & that is not an entity');
  });

  it('checks every attribute of a tag and every tag, not the first only', () => {
    expect(svgProblem(wrap('<g a="1" b="2" onclick="x"></g>'))).toBe('an event attribute onclick on <g>');
    expect(svgProblem(wrap('<g></g><g></g><rect onclick="x"/>'))).toBe('an event attribute onclick on <rect>');
    expect(svgProblem(wrap('<text>a</text><text>b &</text>'))).toBe('an & that is not an entity in the text');
  });

  it('quotes a long piece of markup in part only', () => {
    const long = `<!--${'y'.repeat(80)}-->`;
    expect(svgProblem(wrap(long))).toBe(`markup that is not a plain tag: ${JSON.stringify(long.slice(0, 40))}`);
  });
});
