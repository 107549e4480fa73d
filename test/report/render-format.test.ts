/** Numbers, dates and changes as the report writes them (src/report/format.ts), for the report's locale. */
import { describe, expect, it } from 'vitest';
import { formatsFor, usableLocale } from '../../src/report/format.js';

describe('formats for a locale', () => {
  const en = formatsFor('en-US');
  const de = formatsFor('de-DE');

  it('numbers: grouped, at most one decimal', () => {
    expect(en.number(1234.56)).toBe('1,234.6');
    expect(de.number(1234.56)).toBe('1.234,6');
    expect(en.number(77)).toBe('77');
  });

  it('a measure sent with decimals in some rows (a position, an impact): one decimal always', () => {
    expect([en.decimal(2), en.decimal(1.5), en.decimal(8.25)]).toEqual(['2.0', '1.5', '8.3']);
    expect(de.decimal(2)).toBe('2,0');
  });

  it('percentages: the API’s 0-100 numbers with one decimal', () => {
    expect(en.percent(41.8)).toBe('41.8%');
    expect(en.percent(13)).toBe('13.0%');
    expect(de.percent(41.8)).toBe('41,8\u00a0%');
  });

  it('days: the locale’s date; a day that does not exist, or other text, as sent and cleaned', () => {
    expect(en.date('2025-03-14')).toBe('Mar 14, 2025');
    expect(de.date('2025-03-14')).toBe('14.03.2025');
    expect(en.date('2025-02-30')).toBe('2025-02-30');
    expect(en.date('2025-13-01')).toBe('2025-13-01');
    expect(en.date('14/03/2025')).toBe('14/03/2025');
    expect(en.date('2025-03-14x')).toBe('2025-03-14x');
    expect(en.date('2025-03-14\u202e')).toBe('2025-03-14\\u202e');
  });

  it('times: UTC, said so', () => {
    expect(en.time(Date.parse('2025-03-14T12:05:00Z'))).toBe('Mar 14, 2025, 12:05 PM UTC');
    expect(en.isoTime('2025-03-10T02:00:00Z')).toBe('Mar 10, 2025, 2:00 AM UTC');
    expect(en.isoTime('yesterday\x1b[2J')).toBe('yesterday');
    expect(en.isoTime('2025-03-10')).toBe('2025-03-10');
    expect(en.isoTime('2025-03-99T00:00:00Z')).toBe('2025-03-99T00:00:00Z');
  });

  it.each([
    [1.8, 'points', 'higher', '<span class="change good">▲ 1.8</span>'],
    [-3.44, 'points', 'higher', '<span class="change bad">▼ 3.4</span>'],
    [-0.3, 'places', 'lower', '<span class="change good">▼ 0.3</span>'],
    [0.3, 'places', 'lower', '<span class="change bad">▲ 0.3</span>'],
    [1100, 'count', 'neither', '<span class="change plain">▲ 1,100</span>'],
    [17.3, 'percent', 'higher', '<span class="change good">▲ 17.3%</span>'],
    [0, 'points', 'higher', '<span class="muted">0.0</span>'],
    [0, 'percent', 'higher', '<span class="muted">0.0%</span>'],
    [null, 'points', 'higher', '<span class="muted">–</span>'],
  ] as const)('change %s (%s, %s better) is %s', (v, unit, better, out) => {
    expect(en.change(v, unit, better)).toBe(out);
  });

  it('a locale Intl does not know is en-US', () => {
    expect(usableLocale('de-DE')).toBe('de-DE');
    expect(usableLocale('en-gb')).toBe('en-GB');
    expect(usableLocale('not a locale!')).toBe('en-US');
    expect(usableLocale('')).toBe('en-US');
    expect(formatsFor('???').locale).toBe('en-US');
  });
});
