import xterm from '@xterm/headless';
import { eastAsianWidth } from 'get-east-asian-width';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { codePointWidth, displayWidth, fitWidths, padToWidth, truncateToWidth } from '../../src/text/width.js';

describe('displayWidth', () => {
  it.each([
    ['ASCII', 'hello', 5],
    ['empty', '', 0],
    ['CJK ideographs', '漢字', 4],
    ['kana and hangul', 'かな한글', 8],
    ['fullwidth Latin', 'Ｆｕｌｌ', 8],
    ['ideographic space', '\u3000', 2],
    ['emoji with emoji presentation', '🚀🎉', 4],
    ['text-default symbol', '☺', 1],
    ['precomposed accent', 'é', 1],
    ['combining accent', 'e\u0301', 1],
    ['zero-width joiner sequence (one glyph)', '👩\u200d💻', 2],
    ['skin-tone modifier joins its emoji', '👍🏽', 2],
    ['a flag: two regional indicators', '🇺🇸', 2],
    ['variation selector adds nothing', '❤\ufe0f', 1],
    ['ZWSP and bidi marks add nothing', 'a\u200b\u200e\u200fb', 2],
    ['hangul medial jamo add nothing', '\u1100\u1161', 2],
    ['soft hyphen shows as one', 'a\u00adb', 3],
    ['ellipsis', '…', 1],
    ['a joiner after narrow text still counts the next character', 'a\u200db', 2],
    ['a combining mark with nothing to join takes a cell', '\u0301a', 2],
    ['so does a leading zero-width space, once', '\u200b\u0301a', 2],
    // string-width says 2 (one emoji); a terminal that ignores VS16 draws the flag 1 wide and the
    // rainbow 2: counting 3 pads the cell one short there, never makes a row wrap elsewhere.
    ['a ZWJ sequence on a text-style base (rainbow flag) errs wide', '\u{1f3f3}\ufe0f\u200d\u{1f308}', 3],
  ])('%s', (_name, s, width) => {
    expect(displayWidth(s)).toBe(width);
  });

  it('stops counting past the limit', () => {
    const huge = '漢'.repeat(1_000_000);
    const w = displayWidth(huge, 80);
    expect(w).toBeGreaterThan(80);
    expect(w).toBeLessThanOrEqual(82);
  });
});

describe('codePointWidth and the edges of its ranges', () => {
  it.each([
    [0x1f, 0, 'the last C0 control'],
    [0x20, 1, 'space'],
    [0x7e, 1, 'tilde'],
    [0x7f, 0, 'DEL'],
    [0x9f, 0, 'the last C1 control'],
    [0xa0, 1, 'no-break space'],
    [0x2ff, 1, 'the last spacing modifier letter'],
    [0x300, 0, 'the first combining mark'],
  ])('code point %i is %i wide (%s)', (cp, width) => {
    expect(codePointWidth(cp)).toBe(width);
  });

  it('a skin-tone modifier joins the wide emoji before it, from the lightest to the darkest', () => {
    expect(displayWidth('\u{1f44d}\u{1f3fb}')).toBe(2);
    expect(displayWidth('\u{1f44d}\u{1f3ff}')).toBe(2);
    // On its own, or after a narrow letter, it is a wide character of its own.
    expect(displayWidth('\u{1f3fb}')).toBe(2);
    expect(displayWidth('a\u{1f3fb}')).toBe(3);
  });

  it('ASCII is measured whole, limit or not', () => {
    expect(displayWidth('a'.repeat(100), 10)).toBe(100);
  });
});

describe('truncateToWidth', () => {
  it.each([
    ['fits: unchanged', 'hello', 5, 'hello'],
    ['cut with an ellipsis', 'hello world', 8, 'hello w…'],
    ['width 1 is just the ellipsis', 'hello', 1, '…'],
    ['width 0 is nothing', 'hello', 0, ''],
    ['never splits a wide character', '漢字漢字', 4, '漢…'],
    ['wide characters fill exactly', '漢字漢字', 5, '漢字…'],
    ['keeps combining marks with their letter', 'e\u0301e\u0301e\u0301', 3, 'e\u0301e\u0301e\u0301'],
    ['cuts after a combining mark, not before', 'e\u0301e\u0301e\u0301x', 3, 'e\u0301e\u0301…'],
    ['never splits a surrogate pair', '🚀🚀🚀', 4, '🚀…'],
    ['keeps a joined emoji sequence whole', '👩\u200d💻👩\u200d💻', 3, '👩\u200d💻…'],
    ['drops a dangling joiner before the ellipsis', 'a\u200d漢字', 2, 'a…'],
    ['drops only the joiner', 'ab\u200d漢字', 4, 'ab…'],
    ['a leading mark takes its cell', '\u0301abc', 3, '\u0301a…'],
    ['a leading skin-tone modifier is wide', '\u{1f3fb}abc', 3, '\u{1f3fb}…'],
    ['a skin-tone modifier after a letter is wide', 'a\u{1f3fb}bcd', 4, 'a\u{1f3fb}…'],
  ])('%s', (_name, s, max, expected) => {
    const out = truncateToWidth(s, max);
    expect(out).toBe(expected);
    expect(displayWidth(out)).toBeLessThanOrEqual(Math.max(0, max));
  });
});

describe('padToWidth', () => {
  it('pads by display width, left or right', () => {
    expect(padToWidth('漢', 4)).toBe('漢  ');
    expect(padToWidth('7', 3, 'right')).toBe('  7');
    expect(padToWidth('toolong', 3)).toBe('toolong');
  });
});

describe('fitWidths', () => {
  it('natural widths when they fit, exactly or with room', () => {
    expect(fitWidths([10, 5], [4, 4], 15)).toEqual([10, 5]);
    expect(fitWidths([10, 5], [4, 4], 40)).toEqual([10, 5]);
  });

  it('minimums when only they fit, null when not even they do', () => {
    expect(fitWidths([10, 10], [4, 4], 8)).toEqual([4, 4]);
    expect(fitWidths([10, 10], [4, 4], 7)).toBeNull();
  });

  it('the room left goes to the smallest wish (natural minus minimum) first, the rest shared evenly', () => {
    // Wishes 26, 3, 16: the middle column is whole, the other two share what is left.
    expect(fitWidths([30, 25, 20], [4, 22, 4], 50)).toEqual([13, 25, 12]);
  });

  it('equal wishes: the earlier column gets the smaller share', () => {
    expect(fitWidths([20, 20], [4, 4], 25)).toEqual([12, 13]);
    expect(fitWidths([20, 20, 20], [4, 4, 4], 35)).toEqual([11, 12, 12]);
  });
});

describe('a ZWJ after a wide letter joins nothing but an emoji', () => {
  it('`字` ZWJ then a space or a letter: each takes its cells, as a terminal draws them', () => {
    expect(displayWidth('漢字\u200d ')).toBe(5);
    expect(displayWidth('漢字\u200dx')).toBe(5);
    expect(displayWidth('字\u200d漢')).toBe(4);
  });
  it('an emoji ZWJ sequence still counts as one wide emoji', () => {
    expect(displayWidth('\u{1f468}\u200d\u{1f469}\u200d\u{1f467}')).toBe(2);
  });
});

/**
 * Where string-width (which counts grapheme clusters) and vis (which counts code points,
 * as wcwidth does) disagree, a terminal emulator decides: xterm.js, like xterm and VTE,
 * advances the cursor code point by code point. These are the reasons width.ts takes its
 * East Asian Width table from get-east-asian-width but does not measure with string-width.
 * None of the cases involves an emoji that is wide only since Unicode 9: the emulator's
 * default tables are older there, and says nothing about them.
 */
describe('vis measures as a terminal draws, where string-width counts otherwise', () => {
  async function terminalCells(s: string): Promise<number> {
    const term = new xterm.Terminal({ cols: 40, rows: 2, allowProposedApi: true });
    await new Promise<void>((resolve) => term.write(s, resolve));
    const column = term.buffer.active.cursorX;
    term.dispose();
    return column;
  }

  it.each([
    ['❤ with VS16: the heart keeps one cell', '❤\ufe0f', 1, 2],
    ['© with VS16', '©\ufe0f', 1, 2],
    ['a keycap: digit, VS16, combining enclosing keycap', '1\ufe0f\u20e3', 1, 2],
    ['a soft hyphen is drawn', 'a\u00adb', 3, 2],
    ['a combining mark with nothing before it takes a cell', '\u0301a', 2, 1],
    ['Devanagari: each letter and spacing vowel sign takes a cell', '\u0939\u093f\u0928\u094d\u0926\u0940', 5, 4],
    ['Devanagari conjunct spelled with a ZWJ', '\u0915\u094d\u200d\u0937', 2, 1],
  ])('%s', async (_name, s, cells, byCluster) => {
    expect(await terminalCells(s)).toBe(cells);
    expect(displayWidth(s)).toBe(cells);
    // What string-width answers, so this test says when the two come to agree.
    expect(stringWidth(s)).toBe(byCluster);
  });

  it('the wide table is the library’s: every code point wide for get-east-asian-width is 2 cells, and no other', () => {
    for (let cp = 0x300; cp <= 0x3ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if ((eastAsianWidth(cp) === 2) !== (codePointWidth(cp) === 2)) expect.fail(`U+${cp.toString(16)}`);
    }
    expect(codePointWidth(0x1f680)).toBe(2);
    expect(codePointWidth(0x3fffd)).toBe(2);
    expect(codePointWidth(0xa4d0)).toBe(1);
  });
});
