/** The day flags' one rule: YYYY-MM-DD, a real calendar date, or Nd, the day N days before today. */
import { describe, expect, it } from 'vitest';
import { dayFlag, DAYS_BACK_HELP } from '../../src/flags/days-back.js';
import { refusal } from '../support/refusal.js';

describe('dayFlag', () => {
  it.each(['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '0050-01-01'])('%s is no calendar date', (v) => {
    expect(refusal(() => dayFlag('--since', v, '2026-11-22', true))).toBe(`--since must be a real calendar date (got "${v}")`);
  });

  it.each(['2024-02-29', '2026-12-31', '2026-01-01'])('%s is taken as written', (v) => {
    expect(dayFlag('--until', v, '2026-11-22', false)).toBe(v);
  });

  it('counts back as far as the calendar goes, and no further', () => {
    expect(dayFlag('--since', '999999d', '9999-12-31', true)).toBe('7262-02-03');
    expect(refusal(() => dayFlag('--since', '1000000d', '9999-12-31', true))).toContain('within the calendar');
    expect(refusal(() => dayFlag('--since', '999999d', '2026-11-22', true))).toContain('within the calendar');
  });

  it('the help says what Nd is', () => {
    expect(DAYS_BACK_HELP).toBe('YYYY-MM-DD, or Nd for the day N days before today (UTC): 7d is a week ago');
  });
});
