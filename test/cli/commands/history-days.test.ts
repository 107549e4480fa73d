/** --since, --until and --before: a date or the day N days before today, refused by name with the rule. */
import { describe, expect, it } from 'vitest';
import { dayFlag, daysBefore, parseBefore, parseDayRange } from '../../../src/cli/commands/history/days.js';
import { parseSince } from '../../../src/cli/commands/changes/parse.js';
import { buildProgram } from '../../../src/cli/program.js';
import { DAYS_BACK_HELP } from '../../../src/flags/days-back.js';
import { testContext } from '../../support/context.js';
import { refusal } from '../../support/refusal.js';

const TODAY = '2026-11-22';
const RULE = 'a date written YYYY-MM-DD, or a number of days such as 7d (the day that many days before today)';

describe('history days', () => {
  it.each([
    ['0d', '2026-11-22'],
    ['1d', '2026-11-21'],
    ['7d', '2026-11-15'],
    ['30d', '2026-10-23'],
    ['2026-03-01', '2026-03-01'],
    [' 2026-03-01 ', '2026-03-01'],
    ['2024-02-29', '2024-02-29'],
    ['365d', '2025-11-22'],
    [' 3d ', '2026-11-19'],
    ['007d', '2026-11-15'],
    ['7D', '2026-11-15'],
  ])('--since %s is %s', (value, day) => {
    expect(parseDayRange({ since: value }, TODAY)).toStrictEqual({ since: day });
  });

  it('counts back across a month and a year', () => {
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2026-01-01', 1)).toBe('2025-12-31');
    expect(daysBefore('2026-01-01', 0)).toBe('2026-01-01');
  });

  it('leaves out what was not given', () => {
    expect(parseDayRange({}, TODAY)).toStrictEqual({});
    expect(parseDayRange({ until: '2026-11-01' }, TODAY)).toStrictEqual({ until: '2026-11-01' });
    expect(parseDayRange({ since: '2026-11-01', until: '2026-11-01' }, TODAY)).toStrictEqual({ since: '2026-11-01', until: '2026-11-01' });
    expect(parseDayRange({ since: '2026-11-01', until: '2026-11-02' }, TODAY)).toStrictEqual({ since: '2026-11-01', until: '2026-11-02' });
  });

  it.each([
    ['--since', { since: 'yesterday' }, `--since must be ${RULE} (got "yesterday")`],
    ['--since', { since: '99999999999999999999d' }, `--since must be ${RULE}, within the calendar's years (got "99999999999999999999d")`],
    ['--since', { since: '1000000d' }, `--since must be ${RULE}, within the calendar's years (got "1000000d")`],
    ['--since', { since: '800000d' }, `--since must be ${RULE}, within the calendar's years (got "800000d")`],
    ['--since', { since: '7' }, `--since must be ${RULE} (got "7")`],
    ['--since', { since: '2026-02-30' }, '--since must be a real calendar date (got "2026-02-30")'],
    ['--since', { since: '2026-1-01' }, `--since must be ${RULE} (got "2026-1-01")`],
    ['--since', { since: 'x7d' }, `--since must be ${RULE} (got "x7d")`],
    ['--since', { since: '7dd' }, `--since must be ${RULE} (got "7dd")`],
    ['--since', { since: '7 d' }, `--since must be ${RULE} (got "7 d")`],
    ['--since', { since: 'd' }, `--since must be ${RULE} (got "d")`],
    ['--since', { since: '26-11-01' }, `--since must be ${RULE} (got "26-11-01")`],
    ['--since', { since: '2026-11-1' }, `--since must be ${RULE} (got "2026-11-1")`],
    ['--since', { since: '12026-11-01' }, `--since must be ${RULE} (got "12026-11-01")`],
    ['--since', { since: '2026-11-01x' }, `--since must be ${RULE} (got "2026-11-01x")`],
    ['--until', { until: '7d' }, '--until must be a date written YYYY-MM-DD (got "7d")'],
    ['--until', { until: 'x2026-11-01' }, '--until must be a date written YYYY-MM-DD (got "x2026-11-01")'],
    ['--until', { until: '2026-11-01x' }, '--until must be a date written YYYY-MM-DD (got "2026-11-01x")'],
    ['--until', { until: '2026-13-01' }, '--until must be a real calendar date (got "2026-13-01")'],
    ['both', { since: '2026-11-02', until: '2026-11-01' }, '--since must not be after --until (got 2026-11-02 > 2026-11-01)'],
  ])('refuses %s: %j', (_flag, raw, message) => {
    expect(refusal(() => parseDayRange(raw, TODAY))).toBe(message);
  });

  it('--before is required, a date or the days kept', () => {
    expect(refusal(() => parseBefore(undefined, TODAY))).toBe(
      '--before is required: the recorded scan days before it are removed (YYYY-MM-DD, or a number of days such as 90d)',
    );
    expect(parseBefore('90d', TODAY)).toBe('2026-08-24');
    expect(parseBefore('2026-01-01', TODAY)).toBe('2026-01-01');
    expect(refusal(() => parseBefore('soon', TODAY))).toBe(`--before must be ${RULE} (got "soon")`);
  });

  it('a flag that takes no count of days refuses one by its own rule', () => {
    expect(refusal(() => dayFlag('--x', '3d', TODAY, false))).toBe('--x must be a date written YYYY-MM-DD (got "3d")');
    expect(dayFlag('--x', '3d', TODAY, true)).toBe('2026-11-19');
  });

  it('Nd is the day N days before today for every day flag: vis history starts on it, vis changes compares with it, prune keeps it', () => {
    for (const n of ['0d', '1d', '4d', '7d', '90d']) {
      const day = parseDayRange({ since: n }, TODAY).since;
      expect(parseSince(n, TODAY)).toBe(day);
      expect(parseBefore(n, TODAY)).toBe(day);
    }
    expect(parseDayRange({ since: '4d' }, '2026-11-28').since).toBe('2026-11-24');
  });

  it('every help says what Nd is in the same sentence', () => {
    const program = buildProgram(testContext());
    const sub = (...words: string[]) => words.reduce((c, w) => c.commands.find((x) => x.name() === w)!, program);
    const described = (words: string[], flag: string) => sub(...words).options.find((o) => o.long === flag)!.description;
    for (const [words, flag] of [
      [['changes'], '--since'],
      [['history', 'topics'], '--since'],
      [['history', 'answers', 'runs'], '--since'],
      [['history', 'prune'], '--before'],
    ] as const) {
      expect(described([...words], flag), `${words.join(' ')} ${flag}`).toContain(DAYS_BACK_HELP);
    }
  });
});
