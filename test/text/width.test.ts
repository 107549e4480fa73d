import { describe, expect, it } from 'vitest';
import { displayWidth, padToWidth, truncateToWidth } from '../../src/text/width.js';

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
