/**
 * The words and figures of the report's charts: labels as drawn (cleaned, cut, unique, with
 * room reserved for them), numbers and dates in the report's locale (the d3 locale handed to
 * Vega, derived from Intl), the colours of stacked parts and the ink on them.
 */
import { describe, expect, it } from 'vitest';
import { barLabels, cleanText, LABEL_COLUMNS, textWidth, wrapLabel, wrappedBarLabels } from '../../src/report/charts/labels.js';
import { daysBetween, utcDay } from '../../src/domain/dates.js';
import { countFormatter, dateAxisFormat, dayFormatter, numberLocale, valueFormatter } from '../../src/report/charts/locale.js';
import { inkOn, OKABE_ITO, partColours, valueTitle } from '../../src/report/charts/specs.js';

describe('labels as drawn', () => {
  it('are cut to the label column with …, and a repeat is numbered', () => {
    const long = 'x'.repeat(LABEL_COLUMNS + 5);
    expect(barLabels(['Acme', long, 'Acme', long, 'Acme'])).toEqual([
      'Acme',
      `${'x'.repeat(LABEL_COLUMNS - 1)}…`,
      'Acme (2)',
      `${'x'.repeat(LABEL_COLUMNS - 1)}… (2)`,
      'Acme (3)',
    ]);
    expect(barLabels(['x'.repeat(LABEL_COLUMNS)])).toEqual(['x'.repeat(LABEL_COLUMNS)]);
    expect(barLabels(['abcdef'], 4)).toEqual(['abc…']);
  });

  it('never repeat a label that was itself numbered', () => {
    expect(barLabels(['A (2)', 'A', 'A'])).toEqual(['A (2)', 'A', 'A (3)']);
  });

  it('show control characters and bidi overrides as escapes, and count a wide character as two columns', () => {
    expect(cleanText('a\u202eb\u0007c')).toBe('a\\u202eb\\x07c');
    expect(barLabels(['\u001b[31mred\u001b[0m'])).toEqual(['red']);
    expect(barLabels(['漢'.repeat(20)])).toEqual([`${'漢'.repeat(13)}…`]);
  });

  it('of bars wrap at spaces over up to three lines, cutting only a word too long for a line, or what a fourth line would hold', () => {
    expect(wrapLabel('Online payments for small businesses', 28)).toEqual(['Online payments for small', 'businesses']);
    expect(wrapLabel('In-person card readers and terminals', 20)).toEqual(['In-person card', 'readers and', 'terminals']);
    expect(wrapLabel('International payments', 20)).toEqual(['International', 'payments']);
    expect(wrapLabel('Acme', 20)).toEqual(['Acme']);
    expect(wrapLabel('', 20)).toEqual(['']);
    expect(wrapLabel('  two   spaces ', 20)).toEqual(['two spaces']);
    expect(wrapLabel(`${'x'.repeat(25)} y`, 20)).toEqual([`${'x'.repeat(19)}…`, 'y']);
    expect(wrapLabel('aa bb cc dd', 2)).toEqual(['aa', 'bb', 'c…']);
    expect(wrapLabel('aaa bb cc dd ee', 5, 2)).toEqual(['aaa', 'bb c…']);
    expect(wrapLabel('漢漢 漢漢', 4)).toEqual(['漢漢', '漢漢']);
    // A repeat is numbered after its last line; API text's own newline stays an escape, not a break.
    expect(wrappedBarLabels(['Fraud and chargeback protection', 'Fraud and chargeback protection', 'a\nb'], 20)).toEqual([
      'Fraud and chargeback\nprotection',
      'Fraud and chargeback\nprotection (2)',
      'a\\nb',
    ]);
  });

  it('are given room by their widest glyphs', () => {
    expect(textWidth('')).toBe(0);
    expect(textWidth('i')).toBe(Math.ceil(0.66 * 11));
    expect(textWidth('W')).toBe(Math.ceil(1.05 * 11));
    expect(textWidth('m')).toBe(textWidth('W'));
    expect(textWidth('A')).toBe(Math.ceil(0.85 * 11));
    expect(textWidth('É')).toBe(textWidth('A'));
    expect(textWidth('漢')).toBe(Math.ceil(1.1 * 11));
    expect(textWidth('e\u0301')).toBe(textWidth('e'));
    expect(textWidth('Wii', 20)).toBe(Math.ceil((1.05 + 0.66 * 2) * 20));
    // Wider than Vega's own estimate (0.8 em a character) for capitals, as real type draws them.
    expect(textWidth('WWWW')).toBeGreaterThan(0.8 * 11 * 4);
  });
});

describe('the d3 locale handed to Vega', () => {
  it('has the separators, grouping and digits of the locale', () => {
    expect(numberLocale('en-US')).toEqual({ decimal: '.', thousands: ',', grouping: [3, 3], currency: ['', ''], minus: '-', percent: '%' });
    expect(numberLocale('de-DE')).toMatchObject({ decimal: ',', thousands: '.' });
    expect(numberLocale('fr-FR')).toMatchObject({ decimal: ',', thousands: '\u202f' });
    expect(numberLocale('en-IN').grouping).toEqual([3, 2]);
    expect(numberLocale('ar-EG')).toMatchObject({ decimal: '\u066b', thousands: '\u066c' });
    expect(numberLocale('ar-EG').numerals?.join('')).toBe('\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669');
    expect(numberLocale('en-US').numerals).toBeUndefined();
  });

  it('writes an axis date in the order and with the month names of the locale', () => {
    expect(dateAxisFormat('en-US', 84).pattern).toBe('%b %-d');
    expect(dateAxisFormat('de-DE', 84).pattern).toBe('%-d. %b');
    expect(dateAxisFormat('de-DE', 84).time.shortMonths.slice(8, 10)).toEqual(['Sept.', 'Okt.']);
    expect(dateAxisFormat('ja-JP', 84).pattern).toBe('%b\u6708%-d\u65e5');
    expect(dateAxisFormat('en-US', 301).pattern).toBe('%b %Y');
    expect(dateAxisFormat('en-US', 300).pattern).toBe('%b %-d');
    const time = dateAxisFormat('en-GB', 10).time;
    expect(time).toMatchObject({ date: '%d/%m/%Y', dateTime: '%x %X', time: '%H:%M:%S', periods: ['AM', 'PM'] });
    expect(time.days[0]).toBe('Sunday');
    expect(time.shortDays[6]).toBe('Sat');
    expect(time.months[8]).toBe('September');
    expect(time.shortMonths[8]).toBe('Sept');
  });

  it('reads dates as UTC days', () => {
    expect(utcDay('2026-09-03')).toBe(Date.UTC(2026, 8, 3));
    expect(utcDay('soon')).toBeNaN();
    expect(daysBetween('2026-09-03', '2026-11-19')).toBe(77);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });
});

describe('figures', () => {
  it('have one decimal for all when any has one, and % where the locale puts it', () => {
    expect(valueFormatter('en-US', 'score', [1, 2.5])(36)).toBe('36.0');
    expect(valueFormatter('en-US', 'score', [1, 2])(1234)).toBe('1,234');
    expect(valueFormatter('en-US', '%', [41.2])(41.25)).toBe('41.3%');
    expect(valueFormatter('de-DE', '%', [41.2])(41.2)).toBe('41,2\u00a0%');
    expect(valueFormatter('en-US', 'score', [])(7)).toBe('7');
    expect(countFormatter('en-IN')(1234567)).toBe('12,34,567');
    expect(dayFormatter('en-US')('2026-09-03')).toBe('Sep 3, 2026');
    expect(dayFormatter('de-DE')('2026-09-03')).toBe('03.09.2026');
  });

  it('give the value axis its unit unless the title names it', () => {
    expect(valueTitle('Share of voice', '%')).toBe('Share of voice (%)');
    expect(valueTitle('Visibility score', 'score')).toBe('Visibility score');
    expect(valueTitle('Visibility Score', 'score')).toBe('Visibility Score');
    expect(valueTitle('AI visits', '')).toBe('AI visits');
  });
});

describe('colours', () => {
  it('run from green for the best part to vermillion for the worst, Okabe–Ito between', () => {
    expect(partColours(0)).toEqual([]);
    expect(partColours(1)).toEqual([OKABE_ITO.bluishGreen]);
    expect(partColours(2)).toEqual([OKABE_ITO.bluishGreen, OKABE_ITO.vermillion]);
    expect(partColours(4)).toEqual([OKABE_ITO.bluishGreen, OKABE_ITO.skyBlue, OKABE_ITO.orange, OKABE_ITO.vermillion]);
    expect(new Set(partColours(8)).size).toBe(8);
    expect(partColours(12)).toHaveLength(12);
  });

  it('put the ink that contrasts more on each', () => {
    expect(inkOn('#ffffff')).toBe('#000000');
    expect(inkOn('#000000')).toBe('#ffffff');
    expect(inkOn(OKABE_ITO.yellow)).toBe('#000000');
    expect(inkOn(OKABE_ITO.blue)).toBe('#ffffff');
    expect(inkOn(OKABE_ITO.bluishGreen)).toBe('#000000');
  });
});
