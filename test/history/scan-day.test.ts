import { describe, expect, it } from 'vitest';
import { parseHttpDate, scanDay } from '../../src/history/scan-day.js';

const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('scanDay', () => {
  it.each([
    ['Sun, 22 Nov 2026 03:29:59 GMT', '2026-11-21'],
    ['Sun, 22 Nov 2026 03:30:00 GMT', '2026-11-22'],
    ['Sun, 22 Nov 2026 00:00:00 GMT', '2026-11-21'],
    ['Sun, 22 Nov 2026 23:59:59 GMT', '2026-11-22'],
    ['Thu, 01 Jan 2026 03:29:59 GMT', '2025-12-31'],
    ['Sunday, 22-Nov-26 03:30:00 GMT', '2026-11-22'],
    ['Sunday, 22-Nov-26 03:29:59 GMT', '2026-11-21'],
    ['Sun Nov 22 03:30:00 2026', '2026-11-22'],
    ['Sun Nov  1 03:29:59 2026', '2026-10-31'],
    ['  Sun, 22 Nov 2026 03:30:00 GMT  ', '2026-11-22'],
  ])('the server says %j: scan day %s (not vis’s clock)', (header, day) => {
    expect(scanDay(header, NOW)).toBe(day);
  });

  it('takes the server’s day over vis’s clock', () => {
    // vis's clock says the 25th; the server says the 22nd after the scan.
    expect(scanDay('Sun, 22 Nov 2026 04:00:00 GMT', Date.parse('2026-11-25T12:00:00Z'))).toBe('2026-11-22');
  });

  it.each([
    ['no header', undefined],
    ['empty', ''],
    ['a number Date.parse takes', '1'],
    ['a month and a year', 'Nov 2026'],
    ['an ISO time', '2026-11-22T03:30:00Z'],
    ['another zone', 'Sun, 22 Nov 2026 03:30:00 PST'],
    ['30 February', 'Mon, 30 Feb 2026 10:00:00 GMT'],
    ['hour 25', 'Sun, 22 Nov 2026 25:00:00 GMT'],
    ['minute 60', 'Sun, 22 Nov 2026 03:60:00 GMT'],
    ['second 60', 'Sun, 22 Nov 2026 03:30:60 GMT'],
    ['a lower-case month', 'Sun, 22 nov 2026 03:30:00 GMT'],
    ['garbage', 'yesterday-ish'],
  ])('%s: vis’s clock', (_what, header) => {
    expect(scanDay(header, Date.parse('2026-11-22T03:29:59Z'))).toBe('2026-11-21');
    expect(scanDay(header, Date.parse('2026-11-22T03:30:00Z'))).toBe('2026-11-22');
  });
});

describe('parseHttpDate', () => {
  it('reads the three forms to the same moment', () => {
    const t = Date.parse('1994-11-06T08:49:37Z');
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(t);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT')).toBe(t);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(t);
  });

  it('a two-digit year under 70 is this century’s', () => {
    expect(parseHttpDate('Sunday, 22-Nov-26 08:49:37 GMT')).toBe(Date.parse('2026-11-22T08:49:37Z'));
    expect(parseHttpDate('Sunday, 22-Nov-69 08:49:37 GMT')).toBe(Date.parse('2069-11-22T08:49:37Z'));
    expect(parseHttpDate('Sunday, 22-Nov-70 08:49:37 GMT')).toBe(Date.parse('1970-11-22T08:49:37Z'));
  });

  it('refuses a year Date.UTC would move into the 1900s', () => {
    expect(parseHttpDate('Sun, 06 Nov 0094 08:49:37 GMT')).toBeUndefined();
  });

  it('refuses what only looks like a date', () => {
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT trailing')).toBeUndefined();
    expect(parseHttpDate('Xyz, 06 Nov 1994 08:49:37 GMT')).toBeUndefined();
    expect(parseHttpDate('Sun, 6 Nov 1994 08:49:37 GMT')).toBeUndefined();
  });
});
