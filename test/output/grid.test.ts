/**
 * The views' grid (src/output/views/grid.ts): a `wrap` column (text a user copies) goes
 * over several lines at spaces and is never shortened nor broken inside a word, taking its
 * room from the shortening columns first; the record blocks it falls back to keep such a
 * value whole too; and `wide` wraps every text column instead of running past the width.
 */
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { cell, gridLines, wrapLine, wrapParts, type Column, type GridRow, type Layout } from '../../src/output/views/grid.js';
import { displayWidth } from '../../src/text/width.js';

const plain = new Chalk({ level: 0 });
const at = (width: number, wide = false): Layout => ({ width, wide, chalk: plain });

const URL = 'https://example.com/guides/choosing-a-crm';
const QUESTION = 'Which CRM is easiest to set up for a small sales team?';

const columns: Column[] = [
  { header: 'n', align: 'right' },
  { header: 'title', shrink: true, min: 6 },
  { header: 'question', wrap: true },
];
const rows: GridRow[] = [
  { cells: [cell('12'), cell('A rather long page title for a guide'), cell(QUESTION)] },
  { cells: [cell('3'), cell('Short'), cell('How much?')] },
];

function widest(lines: readonly string[]): number {
  return Math.max(...lines.map((l) => displayWidth(l)));
}

describe('a wrap column', () => {
  it('goes over several lines at spaces, the other cells on the first line, nothing shortened', () => {
    const lines = gridLines(columns, rows, at(50));
    expect(lines).toEqual([
      ' n  title   question',
      '──  ──────  ──────────────────────────────────────',
      '12  A       Which CRM is easiest to set up for a',
      '    rather  small sales team?',
      '    long',
      '    page',
      '    title',
      '    for a',
      '    guide',
      ' 3  Short   How much?',
    ]);
    expect(widest(lines)).toBeLessThanOrEqual(50);
  });

  it('takes its room from the shortening columns first: they are at their narrowest before it wraps', () => {
    const lines = gridLines(columns, rows, at(50));
    // The title is at its minimum (6) while the question still wraps.
    expect(lines[1]?.split('  ').map((r) => displayWidth(r))).toEqual([2, 6, 38]);
  });

  it('stays on one line when it fits whole, the names beside it wrapping at spaces to give way, not cut', () => {
    const lines = gridLines(columns, rows, at(80));
    expect(lines.some((l) => l.includes(QUESTION))).toBe(true);
    expect(lines.join('\n')).not.toContain('…');
    expect(lines.slice(2, -1).map((l) => l.slice(4, 4 + 19).trim())).toEqual(['A rather long page', 'title for a guide']);
  });

  it('is at least as wide as its longest word: a word is never broken', () => {
    const urlRows: GridRow[] = [{ cells: [cell('1'), cell('Guide'), cell(`see ${URL} first`)] }];
    const lines = gridLines(columns, urlRows, at(URL.length + 12));
    expect(lines.some((l) => l.trimEnd().endsWith(URL))).toBe(true);
    expect(widest(lines)).toBeLessThanOrEqual(URL.length + 12);
  });

  it('keeps the indentation of its text on later lines', () => {
    const lines = gridLines([{ header: 'question', wrap: true }], [{ cells: [cell(`  ${QUESTION}`)] }], at(30));
    expect(lines.slice(2)).toEqual(['  Which CRM is easiest to set', '  up for a small sales team?']);
  });

  it('a column of names that does not ask for it wraps at spaces too, never cut while its words fit', () => {
    const lines = gridLines([columns[0] as Column, columns[1] as Column, { header: 'question', shrink: true, min: 6 }], rows, at(50));
    expect(lines.join('\n')).not.toContain('…');
    expect(widest(lines)).toBeLessThanOrEqual(50);
    expect(lines.join(' ').split(/\s+/)).toEqual(expect.arrayContaining(QUESTION.split(' ')));
  });
});

describe('a column of names', () => {
  const cols: Column[] = [{ header: 'id' }, { header: 'topic', shrink: true }, { header: 'visibility', align: 'right' }];
  const named: GridRow[] = [{ cells: [cell('sleeping-bags'), cell('Sleeping bags'), cell('4.4%')] }, { cells: [cell('tents'), cell('Tents'), cell('16.2%')] }];

  it('shown whole when the row has room, exactly to the width', () => {
    const lines = gridLines(cols, named, at(13 + 2 + 13 + 2 + 10));
    expect(lines[2]).toBe('sleeping-bags  Sleeping bags        4.4%');
  });

  it('one column short: the name wraps at its space onto a second line of its row, not cut', () => {
    const lines = gridLines(cols, named, at(13 + 2 + 13 + 2 + 10 - 1));
    expect(lines.slice(2)).toEqual(['sleeping-bags  Sleeping            4.4%', '               bags', 'tents          Tents              16.2%']);
  });

  it('a single word wider than the column is the only thing cut, with …', () => {
    const lines = gridLines(cols, [{ cells: [cell('x'), cell('Internationalisation of payments'), cell('1%')] }], at(30));
    expect(lines.join('\n')).toContain('…');
    expect(lines.slice(2)).toEqual(['x   International…          1%', '    of payments']);
    expect(widest(lines)).toBeLessThanOrEqual(30);
  });

  it('in record blocks, a name too long for the line wraps beside its key', () => {
    const lines = gridLines(
      [
        { header: 'rivals named instead', shrink: true },
        { header: 'n', align: 'right' },
        { header: 'id', wrap: true },
      ],
      [{ cells: [cell('Summit & Co, Ridgeway Outfitters, Cedar Creek Supply'), cell('3'), cell(URL)] }],
      at(40),
    );
    // The key too goes on at spaces rather than be cut.
    expect(lines.slice(1, 4)).toEqual(['rivals named      Summit & Co, Ridgeway', 'instead           Outfitters, Cedar', '                  Creek Supply']);
  });
});

describe('when even the longest word does not fit: record blocks', () => {
  const urlColumns: Column[] = [
    { header: 'citations', align: 'right' },
    { header: 'domain', shrink: true },
    { header: 'url', wrap: true },
  ];
  const urlRows: GridRow[] = [{ cells: [cell('14'), cell('example.com'), cell(URL)] }];

  it('a value that fits beside its key is there, whole', () => {
    const lines = gridLines(urlColumns, [...urlRows, { cells: [cell('3'), cell('example.com'), cell(QUESTION)] }], at(40));
    expect(lines.slice(-5)).toEqual([
      '── 2/2 ─────────────────────────────────',
      'citations  3',
      'domain     example.com',
      'url        Which CRM is easiest to set',
      '           up for a small sales team?',
    ]);
  });

  it('a word wider than the room beside the key goes on a line of its own under it, whole, past the width if it must', () => {
    const lines = gridLines(urlColumns, urlRows, at(40));
    // No indent in front of a URL it would push past the edge.
    expect(lines.slice(-2)).toEqual(['url', URL]);
    expect(lines.join('\n')).not.toContain('…');
    const narrow = gridLines(urlColumns, urlRows, at(30));
    expect(narrow.slice(-1)).toEqual([URL]);
    // Only that line is past the width.
    expect(narrow.filter((l) => displayWidth(l) > 30)).toEqual([URL]);
  });

  it('a value indented in its column (a question under its topic) starts right after its key', () => {
    const lines = gridLines(urlColumns, [...urlRows, { cells: [cell('3'), cell('example.com'), cell(`  ${QUESTION}`)] }], at(40));
    expect(lines.slice(-2)).toEqual(['url        Which CRM is easiest to set', '           up for a small sales team?']);
  });

  it('a column that does not ask for it is still shortened there', () => {
    const lines = gridLines(
      [{ header: 'n' }, { header: 'url', shrink: true, min: 40 }],
      urlRows.map((r) => ('cells' in r ? { cells: [r.cells[0] ?? null, r.cells[2] ?? null] } : r)),
      at(30),
    );
    expect(lines.at(-1)).toMatch(/^url +https:\/\/example\.com\/gu.*…$/);
  });
});

describe('wide', () => {
  it('wraps the shortening columns instead of shortening them: every line within the width, header and rule too', () => {
    const lines = gridLines(columns, rows, at(50, true));
    expect(lines.join('\n')).not.toContain('…');
    expect(widest(lines)).toBeLessThanOrEqual(50);
    expect(lines.join(' ').split(/\s+/).join(' ')).toContain('A rather long page title for a guide'.split(' ')[0] ?? '');
    for (const word of 'A rather long page title for a guide'.split(' ')) expect(lines.join(' ').split(/\s+/)).toContain(word);
  });

  it('a group line wraps at spaces rather than run past the width', () => {
    const group: GridRow = { group: [{ text: 'A topic name long enough to need two lines here' }] };
    expect(gridLines(columns, [group, ...rows], at(30, true), { header: false }).slice(0, 2)).toEqual(['A topic name long enough to', 'need two lines here']);
    expect(gridLines(columns, [group], at(30), { header: false })[0]).toBe('A topic name long enough to n…');
  });
});

describe('a shortening column (a name)', () => {
  const named: Column[] = [{ header: 'vs rivals', shrink: true, min: 8 }, { header: 'share of voice', align: 'right' }, { header: 'daily visibility' }];
  const namedRows: GridRow[] = [{ cells: [cell('Ridgeway Outfitters'), cell('19.3%'), cell('▁▂▅▁█▂▄')] }];

  it.each([50, 80])('at %i columns takes the room a header leaves by going over more lines, before it is cut', (width) => {
    const lines = gridLines(named, namedRows, at(width === 50 ? 42 : 44));
    expect(lines.some((l) => l.startsWith('Ridgeway Outfitters  '))).toBe(true);
    expect(lines.join('\n')).not.toContain('…');
    expect(widest(lines)).toBeLessThanOrEqual(width === 50 ? 42 : 44);
  });

  it('keeps headers whole when the names fit beside them', () => {
    const lines = gridLines(named, namedRows, at(80));
    expect(lines[0]).toMatch(/^vs rivals +share of voice +daily visibility$/);
  });

  it('cuts no header’s word while the record blocks show it whole: a block per row instead', () => {
    const figures: Column[] = ['day', 'visibility', 'share of voice', 'position', 'citations', 'Paystream', 'Tillpoint', 'Globepay'].map((header, j) => ({
      header,
      align: j === 0 ? 'left' : 'right',
    }));
    const row = { cells: ['2026-11-16', '30.0%', '16.4%', '2.0', '13', '48.8%', '37.5%', '27.5%'].map((t) => cell(t)) };
    const lines = gridLines(figures, [row], at(80));
    expect(lines.join('\n')).not.toContain('…');
    expect(lines).toContain('visibility      30.0%');
    expect(widest(lines)).toBeLessThanOrEqual(80);
    // With two columns less room for each header than its word, the one-word headers are cut
    // only when even the blocks cannot hold them.
    const tiny = gridLines(figures, [row], at(12));
    expect(widest(tiny)).toBeLessThanOrEqual(12);
  });
});

describe('wrapParts', () => {
  it('breaks at spaces only, keeping each part’s style', () => {
    const bold = (s: string) => `<${s}>`;
    const lines = wrapParts([{ text: 'see ' }, { text: URL, style: bold }, { text: ' now' }], 20);
    expect(lines.map((l) => l.map((p) => (p.style ? p.style(p.text) : p.text)).join(''))).toEqual(['see', `<${URL}>`, 'now']);
  });

  it('leaves text that fits as it is', () => {
    const parts = [{ text: 'a b' }];
    expect(wrapParts(parts, 3)).toEqual([parts]);
  });

  it('wrapLine: a URL on a line of its own rather than broken', () => {
    expect(wrapLine([{ text: 'Pages are paths on ' }, { text: 'https://example.com' }], { width: 25 })).toEqual(['Pages are paths on', 'https://example.com']);
  });
});

describe('group rows', () => {
  it('a group line that is one URL is kept whole past the width; other group lines are shortened', () => {
    const url = 'https://pipewell.example/integrations/gmail';
    const layout = { width: 30, wide: false, chalk: new Chalk({ level: 0 }) };
    const lines = gridLines(
      [{ header: 'n', align: 'right' }],
      [{ cells: [cell('1')] }, { group: [{ text: url }] }, { group: [{ text: 'a topic name far too long for thirty' }] }],
      layout,
    );
    expect(lines).toContain(url);
    expect(lines.at(-1)).toBe('a topic name far too long for…');
  });
});
