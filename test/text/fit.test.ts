import { describe, expect, it } from 'vitest';
import {
  NULL_MARK,
  clampLine,
  fitLines,
  fitted,
  headingLines,
  keyValueLines,
  measured,
  padded,
  recordLines,
  wholeLines,
  widestWord,
  wrapRanges,
  wrapWords,
  type HeadingForms,
  type Room,
} from '../../src/text/fit.js';

const narrow = (width: number): Room => ({ width, wide: false });
const wide = (width: number): Room => ({ width, wide: true });
const m = (text: string) => measured(text, wide(1000));
// Keys and the null mark are drawn with `dim`: brackets show where it applies.
const dim = (s: string) => `[${s}]`;

describe('measured', () => {
  it('counts every column with wide', () => {
    expect(measured('漢字漢字', wide(3))).toEqual({ text: '漢字漢字', width: 8 });
  });

  it('without wide, stops counting once the text is wider than the room', () => {
    const t = measured('漢'.repeat(100_000), narrow(80));
    expect(t.width).toBeGreaterThan(80);
    expect(t.width).toBeLessThan(1000);
  });

  it('measures text that fits in full', () => {
    expect(measured('漢字', narrow(80)).width).toBe(4);
  });
});

describe('fitted', () => {
  it('keeps text that fits exactly as it is', () => {
    const t = m('abc');
    expect(fitted(t, 3)).toBe(t);
  });

  it('shortens wider text with … and measures the result', () => {
    expect(fitted(m('abcdef'), 4)).toEqual({ text: 'abc…', width: 4 });
    expect(fitted(m('漢字漢字'), 5)).toEqual({ text: '漢字…', width: 5 });
  });
});

describe('padded', () => {
  it('pads on the right by default, on the left for right alignment', () => {
    expect(padded(m('ab'), 5)).toBe('ab   ');
    expect(padded(m('ab'), 5, 'right')).toBe('   ab');
    expect(padded(m('漢'), 4, 'right')).toBe('  漢');
  });

  it('leaves text as wide as the width, or wider, as it is', () => {
    expect(padded(m('abc'), 3)).toBe('abc');
    expect(padded(m('abcdef'), 3, 'right')).toBe('abcdef');
  });
});

describe('fitLines', () => {
  it('wraps text at spaces without wide too, cutting only a word wider than the room; a URL stays whole', () => {
    expect(fitLines(m('aaa bbb ccc'), narrow(7))).toEqual(['aaa bbb', 'ccc']);
    expect(fitLines(m('aaa bbbbbbbbb'), narrow(7))).toEqual(['aaa', 'bbbbbb…']);
    expect(fitLines(m('see https://example.com/a'), narrow(7))).toEqual(['see', 'https://example.com/a']);
  });

  it('wraps it at spaces with wide', () => {
    expect(fitLines(m('aaa bbb ccc'), wide(7))).toEqual(['aaa bbb', 'ccc']);
  });
});

describe('widestWord', () => {
  it('measures the widest word, the lead of spaces counted with the first word only', () => {
    expect(widestWord('ab cdef g')).toBe(4);
    expect(widestWord('   a bb')).toBe(4);
    expect(widestWord('a    bb')).toBe(2);
    expect(widestWord('ab   ')).toBe(2);
    expect(widestWord('')).toBe(0);
  });
});

describe('wrapWords', () => {
  it('keeps text that fits on one line', () => {
    expect(wrapRanges('aaa bbb', 7)).toBeNull();
    expect(wrapWords('aaa bbb', 7)).toEqual(['aaa bbb']);
  });

  it('breaks at spaces, as many words on a line as fit', () => {
    expect(wrapWords('aaa bbb ccc', 7)).toEqual(['aaa bbb', 'ccc']);
    expect(wrapWords('aa bb cc dd ee', 5)).toEqual(['aa bb', 'cc dd', 'ee']);
  });

  it('measures lines in columns, not characters', () => {
    expect(wrapWords('漢字 漢字', 4)).toEqual(['漢字', '漢字']);
    expect(wrapWords('ab 漢字 cd', 7)).toEqual(['ab 漢字', 'cd']);
  });

  it('never breaks a word: one wider than the line gets a line of its own, whole', () => {
    expect(wrapWords('a verylongword b', 5)).toEqual(['a', 'verylongword', 'b']);
  });

  it('repeats the first line’s indentation on later lines, and counts it', () => {
    expect(wrapWords('  aaa bbb ccc', 9)).toEqual(['  aaa bbb', '  ccc']);
    expect(wrapWords('  aa bb cc dd', 7)).toEqual(['  aa bb', '  cc dd']);
    expect(wrapWords('  aa bb cc dd', 6)).toEqual(['  aa', '  bb', '  cc', '  dd']);
  });

  it('gives the ranges of each line in the text', () => {
    expect(wrapRanges('  aa bb cc', 7)).toEqual({
      lead: 2,
      ranges: [
        { start: 0, end: 7 },
        { start: 8, end: 10 },
      ],
    });
  });

  it('leaves text with no word as it is', () => {
    expect(wrapRanges('      ', 3)).toBeNull();
    expect(wrapWords('      ', 3)).toEqual(['      ']);
  });
});

describe('clampLine', () => {
  const red = (s: string) => `\u001b[31m${s}\u001b[39m`;

  it('leaves a line that fits, its colours not counted', () => {
    expect(clampLine(red('aaa bbb'), 7)).toBe(red('aaa bbb'));
    expect(clampLine('漢字 漢字', 9)).toBe('漢字 漢字');
  });

  it('shortens a wider line with …, dropping its colours', () => {
    expect(clampLine(red('aaa bbb ccc'), 6)).toBe('aaa b…');
    expect(clampLine(`${red('aaa')} ${red('bbb')}`, 5)).toBe('aaa …');
    expect(clampLine('漢字 漢字', 8)).toBe('漢字 漢…');
  });

  it('leaves a line of one word whole, even with spaces around it', () => {
    const url = 'https://example.com/a/long/path';
    expect(clampLine(url, 10)).toBe(url);
    expect(clampLine(`  ${url}  `, 10)).toBe(`  ${url}  `);
    expect(clampLine(`\t${red(url)}`, 10)).toBe(`\t${red(url)}`);
  });
});

describe('headingLines', () => {
  const heading: HeadingForms = {
    full: 'Acme Corporation · France (FR) · 2026-11-28',
    compact: 'Acme Corporation · FR · 2026-11-28',
    parts: ['Acme Corporation', 'FR', '2026-11-28'],
    fullParts: ['Acme Corporation', 'France (FR)', '2026-11-28'],
  };

  it('gives the full heading when it fits', () => {
    expect(headingLines(heading, narrow(43))).toEqual([heading.full]);
    expect(headingLines(heading, wide(43))).toEqual([heading.full]);
  });

  it('gives the compact form when only it fits', () => {
    expect(headingLines(heading, narrow(42))).toEqual([heading.compact]);
    expect(headingLines(heading, narrow(34))).toEqual([heading.compact]);
  });

  it('puts the parts on as few lines as hold them when the compact form is too wide', () => {
    expect(headingLines(heading, narrow(33))).toEqual(['Acme Corporation · FR', '2026-11-28']);
    expect(headingLines(heading, narrow(21))).toEqual(['Acme Corporation · FR', '2026-11-28']);
    expect(headingLines(heading, narrow(20))).toEqual(['Acme Corporation', 'FR · 2026-11-28']);
  });

  it('gives the parts on one line when they fit there and the compact form does not', () => {
    const h: HeadingForms = { full: 'Alpha Beta Gamma Delta', compact: 'Alpha Beta Gamma', parts: ['AB', 'GD'], fullParts: ['Alpha Beta', 'Gamma Delta'] };
    expect(headingLines(h, narrow(10))).toEqual(['AB · GD']);
  });

  it('wraps a part wider than the room at spaces, and shortens with … only a word wider than the room', () => {
    expect(headingLines(heading, narrow(10))).toEqual(['Acme', 'Corporati…', 'FR', '2026-11-28']);
    expect(headingLines(heading, narrow(16))).toEqual(['Acme Corporation', 'FR · 2026-11-28']);
  });

  it('with wide, never gives the compact form: the full parts over several lines', () => {
    expect(headingLines(heading, wide(42))).toEqual(['Acme Corporation · France (FR)', '2026-11-28']);
    expect(headingLines(heading, wide(50))).toEqual([heading.full]);
  });

  it('with wide, a full part wider than the room wraps at spaces', () => {
    expect(headingLines(heading, wide(10))).toEqual(['Acme', 'Corporation', 'France', '(FR)', '2026-11-28']);
  });

  it('with wide, gives the full parts on one line when they fit', () => {
    const h: HeadingForms = { full: 'Alpha Beta · Gamma Delta!', compact: 'AB', parts: ['AB'], fullParts: ['Alpha Beta', 'Gamma Delta'] };
    expect(headingLines(h, wide(24))).toEqual(['Alpha Beta · Gamma Delta']);
  });
});

describe('keyValueLines', () => {
  it('aligns values after the widest key, two spaces apart; keys and the null mark dim', () => {
    const lines = keyValueLines(
      [
        [m('name'), m('Acme')],
        [m('country'), null],
      ],
      narrow(40),
      dim,
    );
    expect(lines).toEqual(['[name   ]  Acme', `[country]  [${NULL_MARK}]`]);
  });

  it('leaves no trailing spaces after an empty value', () => {
    expect(keyValueLines([[m('key'), m('')]], narrow(40), (s) => s)).toEqual(['key']);
  });

  it('cuts neither keys nor values while the line has room: a key too wide for its column goes on a line of its own', () => {
    // Values keep 12 columns (40 % of 30): keys get 16, and this one goes above its value.
    const lines = keyValueLines([[m('a very long key name'), m('a value longer than its room')]], narrow(30), dim);
    expect(lines).toEqual(['[a very long key name]', '  a value longer than its room']);
    // A short value leaves the keys the rest of the line.
    expect(keyValueLines([[m('a very long key name'), m('v')]], narrow(30), dim)).toEqual(['[a very long key name]  v']);
    // A value wraps beside its key.
    expect(keyValueLines([[m('key'), m('aaaa bbbb cccc dddd eeee ffff gggg')]], narrow(20), dim)).toEqual([
      '[key]  aaaa bbbb cccc',
      '     dddd eeee ffff',
      '     gggg',
    ]);
  });

  it('gives keys at least 8 columns, however narrow the width, and cuts only a word wider than the line', () => {
    expect(keyValueLines([[m('abcdefghij'), m('v')]], narrow(12), dim)).toEqual(['[abcdefghij]', '  v']);
    expect(keyValueLines([[m('abcdefghijkl'), m('value')]], narrow(10), dim)).toEqual(['[abcdefghi…]', '  value']);
    expect(keyValueLines([[m('abcdefgh'), m('value')]], narrow(10), dim)).toEqual(['[abcdefgh]', '  value']);
  });

  it('with wide, wraps a value beside its key', () => {
    const lines = keyValueLines(
      [
        [m('k'), m('aaaa bbbb cccc dddd')],
        [m('kk'), null],
      ],
      wide(20),
      dim,
    );
    // Keys are 2 wide: values get the 16 columns left after the gap.
    expect(lines).toEqual(['[k ]  aaaa bbbb cccc', '    dddd', `[kk]  [${NULL_MARK}]`]);
  });

  it('with wide, puts the value under a key wider than its share, indented and wrapped to the width', () => {
    const lines = keyValueLines(
      [
        [m('a long key name'), m('aaaa bbbb cccc dddd eeee')],
        [m('another long key'), null],
      ],
      wide(20),
      dim,
    );
    expect(lines).toEqual(['[a long key name]', '  aaaa bbbb cccc', '  dddd eeee', '[another long key]', `  [${NULL_MARK}]`]);
  });

  it('with wide, puts the value under its key when one of its words is wider than the room beside it', () => {
    // The key is 1 wide: 17 columns are left beside it.
    const word = 'x'.repeat(18);
    expect(keyValueLines([[m('k'), m(`a ${word}`)]], wide(20), dim)).toEqual(['[k]', '  a', `  ${word}`]);
    const fits = 'x'.repeat(17);
    expect(keyValueLines([[m('k'), m(`a ${fits}`)]], wide(20), dim)).toEqual(['[k]  a', `   ${fits}`]);
  });
});

describe('keyValueLines, a value under its key', () => {
  const key = m('k'.repeat(29));
  const url = (width: number) => m(`https://example.com/${'a'.repeat(width - 20)}`);

  it('indents a URL that fits under the key, and starts one wider than that at the edge', () => {
    expect(keyValueLines([[key, url(28)]], narrow(30), dim)).toEqual([`[${key.text}]`, `  ${url(28).text}`]);
    expect(keyValueLines([[key, url(29)]], narrow(30), dim)).toEqual([`[${key.text}]`, url(29).text]);
    // Its own indentation kept, none added.
    expect(keyValueLines([[key, m(`  ${url(29).text}`)]], narrow(30), dim)).toEqual([`[${key.text}]`, `  ${url(29).text}`]);
  });

  it('puts no line under a key whose value is empty', () => {
    expect(keyValueLines([[key, m('')]], narrow(30), dim)).toEqual([`[${key.text}]`]);
  });
});

describe('wholeLines', () => {
  it('keeps a URL whole on an indented line of its own', () => {
    const link = `https://example.com/${'a'.repeat(20)}`;
    expect(wholeLines(`  word ${link}`, 12, false)).toEqual(['  word', `  ${link}`]);
  });
});

describe('recordLines', () => {
  const headers = [m('name'), m('score')];

  it('gives each record a numbered rule and its fields as aligned key/value lines', () => {
    const lines = recordLines(headers, [[m('Acme'), null], [m('Beta')]], narrow(30), dim);
    expect(lines).toEqual([`[── 1/2 ${'─'.repeat(23)}]`, '[name ]  Acme', `[score]  [${NULL_MARK}]`, `[── 2/2 ${'─'.repeat(23)}]`, '[name ]  Beta', '[score]']);
  });

  it('draws the rule at most 40 columns wide, and no wider than the room', () => {
    expect(recordLines(headers, [[m('Acme'), m('1')]], narrow(80), dim)[0]).toBe(`[── 1/1 ${'─'.repeat(33)}]`);
    expect(recordLines(headers, [[m('Acme'), m('1')]], narrow(5), dim)[0]).toBe('[── 1/1 ]');
  });
});
