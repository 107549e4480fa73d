/** wrapAtSpaces: messages on stderr break between words, never inside one (a URL or a path stays copyable). */
import { describe, expect, it } from 'vitest';
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
