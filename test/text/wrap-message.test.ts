/** wrapAtSpaces: messages on stderr break between words, never inside one (a URL or a path stays copyable). */
import { describe, expect, it } from 'vitest';
import wrapAnsi from 'wrap-ansi';
import { displayWidth } from '../../src/text/width.js';
import { wrapAtSpaces } from '../../src/text/wrap-message.js';

const words = (s: string) => s.split(/\s+/).filter(Boolean);

describe('wrapAtSpaces', () => {
  it('breaks at the last space that fits, each line within the width, no word cut', () => {
    const text = 'vis: Market "XX" is not a live market of Northwind CRM; its markets: US-en (1011), GB-en (1012), DE-de (1013) [market_not_found]';
    const out = wrapAtSpaces(text, 50);
    expect(out).toBe(
      ['vis: Market "XX" is not a live market of Northwind', 'CRM; its markets: US-en (1011), GB-en (1012),', 'DE-de (1013) [market_not_found]'].join('\n'),
    );
    for (const line of out.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(50);
    expect(words(out)).toEqual(words(text));
  });

  it('leaves a word wider than the line whole, on a line of its own: a URL or a path is never split', () => {
    const url = 'https://api.example.com/api/v1/topics/a-very-long-topic-id-that-goes-on';
    const out = wrapAtSpaces(`vis: sends requests only under ${url} (refused)`, 30);
    expect(out.split('\n')).toEqual(['vis: sends requests only under', url, '(refused)']);
  });

  it('keeps the line breaks of the text, a line that fits unchanged, and the first line’s indentation', () => {
    expect(wrapAtSpaces('short\n  indented line that is long', 12)).toBe('short\n  indented\nline that is\nlong');
    expect(wrapAtSpaces('exactly ten', 11)).toBe('exactly ten');
    expect(wrapAtSpaces('', 10)).toBe('');
  });

  it('measures display width: wide characters take two columns', () => {
    expect(wrapAtSpaces('名前 名前 名前', 10)).toBe('名前 名前\n名前');
  });
});

/**
 * Why wrapAtSpaces is not wrap-ansi with `hard: false`, which does keep a long word (a URL)
 * whole on its own line: it measures with string-width, which counts an Indic syllable as
 * fewer cells than a terminal draws, and it cannot keep a message's first-line indentation.
 * Each case states what wrap-ansi answers, so this test fails once it meets the rules.
 */
describe('wrapAtSpaces where wrap-ansi breaks its rules', () => {
  const hindi = '\u0939\u093f\u0928\u094d\u0926\u0940'; // 'Hindi' in Devanagari: 5 cells in a terminal

  it('every line fits the width in a terminal: Devanagari counted per code point', () => {
    const text = `vis: ${hindi} ${hindi} ${hindi}`;
    const ours = wrapAtSpaces(text, 10).split('\n');
    expect(ours).toEqual([`vis: ${hindi}`, hindi, hindi]);
    for (const line of ours) expect(displayWidth(line)).toBeLessThanOrEqual(10);
    // wrap-ansi puts two words (11 cells) on a 10-cell line: the terminal folds it mid-word.
    const theirs = wrapAnsi(text, 10, { hard: false }).split('\n');
    expect(theirs).toEqual([`vis: ${hindi}`, `${hindi} ${hindi}`]);
    expect(displayWidth(theirs[1] as string)).toBe(11);
  });

  it('the first line keeps its indentation: wrap-ansi trims it, or else keeps spaces at every break', () => {
    const text = 'short\n  indented line that is long';
    expect(wrapAtSpaces(text, 12)).toBe('short\n  indented\nline that is\nlong');
    expect(wrapAnsi(text, 12, { hard: false })).toBe('short\nindented\nline that is\nlong');
    expect(wrapAnsi(text, 12, { hard: false, trim: false })).toBe('short\n  indented \nline that is\n long');
  });

  it('where the rules hold, both give the same lines, a URL kept whole', () => {
    const text = 'vis: sends requests only under https://api.example.com/api/v1/topics/a-very-long-topic-id-that-goes-on (refused)';
    expect(wrapAtSpaces(text, 30)).toBe(wrapAnsi(text, 30, { hard: false }));
  });
});
