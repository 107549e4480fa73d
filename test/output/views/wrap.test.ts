/**
 * Word wrap (src/output/views/wrap.ts): a URL is never broken inside, whatever the width;
 * other words longer than the line still break (test/output/views.test.ts, the pieces).
 */
import { describe, expect, it } from 'vitest';
import { isUrlWord, wrapRanges, wrapText } from '../../../src/output/views/wrap.js';

const URL = 'https://forbes.com/advisor/business/software/best-crm-small-business/';

describe('wrapRanges keeps a URL whole', () => {
  it('a URL wider than the line goes on a line of its own, whole, past the width', () => {
    expect(wrapText(`Cited by ${URL} last week`, 40)).toEqual(['Cited by', URL, 'last week']);
  });

  it('a URL wider than the line at the start of the text keeps its indentation', () => {
    expect(wrapText(`  ${URL} again`, 30)).toEqual([`  ${URL}`, 'again']);
  });

  it('a word starting with www. is a URL too, and so is any scheme', () => {
    expect(wrapText('www.northwindcrm.example/startups/pricing/compare', 20)).toEqual(['www.northwindcrm.example/startups/pricing/compare']);
    expect(wrapText('ftp://files.example/pub/releases/latest.tar.gz', 20)).toEqual(['ftp://files.example/pub/releases/latest.tar.gz']);
  });

  it('a URL that fits the width but not what is left of the line moves to the next line', () => {
    expect(wrapText('see https://g2.com/categories/crm', 30)).toEqual(['see', 'https://g2.com/categories/crm']);
  });

  it('under a hanging list item, the URL is whole at the hang', () => {
    const text = `1. Read ${URL}`;
    const lines = wrapRanges(text, 30, { hang: true });
    expect(lines.map((l) => ' '.repeat(l.indent) + text.slice(l.start, l.end))).toEqual(['1. Read', `   ${URL}`]);
  });

  it('other words longer than the line still break after a / or -', () => {
    expect(wrapText('/advisor/business/software/best-crm-small-business/', 30)).toEqual(['/advisor/business/software/', 'best-crm-small-business/']);
    expect(wrapText('forbes.com/advisor/business/software', 20)).toEqual(['forbes.com/advisor/', 'business/software']);
  });

  it('isUrlWord: a word starting with a scheme and :// or with www., nothing else', () => {
    expect(isUrlWord('https://a.example')).toBe(true);
    expect(isUrlWord('(https://a.example)')).toBe(true);
    expect(isUrlWord('WWW.a.example')).toBe(true);
    expect(isUrlWord('a.example/www.b')).toBe(false);
    expect(isUrlWord('/pricing')).toBe(false);
    expect(isUrlWord('http:/a')).toBe(false);
    expect(isUrlWord('<ftp://a.example>')).toBe(true);
    // A control sequence shown escaped is text, not a link: it breaks like any long word.
    expect(isUrlWord('\\e]8;;https://evil.example\\e\\')).toBe(false);
    expect(isUrlWord('1://a')).toBe(false);
    expect(wrapText('\\e]8;;https://evil.example/path', 12).every((l) => l.length <= 12)).toBe(true);
  });
});
