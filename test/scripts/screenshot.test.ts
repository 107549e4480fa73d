/**
 * scripts/screenshot.mjs: a terminal's output as an SVG for the documents. Colours,
 * bold and dim become attributes of runs placed by terminal column; other escape
 * sequences are dropped; text from the output cannot break the XML.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ansiToSvg, parseAnsi } from '../../scripts/screenshot.mjs';

const ESC = '\u001b';

describe('parseAnsi', () => {
  it('splits a line into runs of one style, each at its column', () => {
    const [line] = parseAnsi(`${ESC}[1mid${ESC}[22m  ${ESC}[32m▲ 6.3${ESC}[39m x\n`);
    expect(line!.map((r) => [r.text, r.column, r.style.bold, r.style.fg ?? null])).toEqual([
      ['id', 0, true, null],
      ['  ', 2, false, null],
      ['▲ 6.3', 4, false, '#98c379'],
      [' x', 9, false, null],
    ]);
  });

  it('keeps a style across lines until it is reset, and reads bright, 256 and true colours', () => {
    const lines = parseAnsi(`${ESC}[2ma\nb${ESC}[0m c\n${ESC}[91md${ESC}[38;5;196me${ESC}[38;2;1;2;3mf`);
    expect(lines[1]!.map((r) => [r.text, r.style.dim])).toEqual([
      ['b', true],
      [' c', false],
    ]);
    expect(lines[2]!.map((r) => r.style.fg)).toEqual(['#ff7b86', '#ff0000', '#010203']);
  });

  it('drops other escape sequences and counts wide characters as two columns', () => {
    const [line] = parseAnsi(`${ESC}]0;title${ESC}\\${ESC}[2K表x`);
    expect(line!.map((r) => [r.text, r.column, r.width])).toEqual([['表x', 0, 3]]);
  });
});

describe('ansiToSvg', () => {
  it('escapes text and title, places each run by column, and draws one line per row', () => {
    const svg = ansiToSvg(`a <b> & c\n\n${ESC}[1mz${ESC}[22m`, { columns: 10, title: 'vis & <co>' });
    expect(svg).toContain('<title>vis &amp; &lt;co&gt;</title>');
    expect(svg).toContain('<tspan x="16.0">a &lt;b&gt; &amp; c</tspan>');
    expect(svg).toMatch(/<text y="(\d+)"><tspan x="16.0" font-weight="bold">z<\/tspan><\/text>/);
    expect(svg.match(/<text y=/g)).toHaveLength(2);
    expect(svg).not.toContain(ESC);
  });

  it('the picture in docs/ is the script’s output of a vis view', () => {
    const svg = readFileSync(join(__dirname, '../../docs/topics.svg'), 'utf8');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('<title>vis --demo topics</title>');
    expect(svg).toContain('crm-for-startups');
    expect(svg).not.toContain(ESC);
  });
});
