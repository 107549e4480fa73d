import { describe, expect, it } from 'vitest';
import { ENDPOINTS, endpointById } from '../../src/endpoints.js';
import { VisError } from '../../src/errors.js';
import { localDate, utcDate } from '../../src/domain/dates.js';
import { parseEndpointOptions, parseFlags, periodPairs } from '../../src/flags/rules.js';

const TODAY = '2026-11-22';
const parse = (raw: Record<string, unknown>) => parseFlags(raw, TODAY);
const refuse = (raw: Record<string, unknown>) => {
  try {
    parseFlags(raw, TODAY);
  } catch (err) {
    return { kind: (err as { kind: string }).kind, message: (err as Error).message };
  }
  throw new Error('expected a refusal');
};

describe('global flags -> options', () => {
  it('parses a full, valid set', () => {
    const o = parse({ brand: 'acme', market: 'US-en', days: '30', format: 'csv', timeout: '5', param: ['x=1', 'y=a=b'], columns: 'a, b,c', wide: true });
    expect(o).toMatchObject({
      brand: 'acme',
      market: 'US-en',
      period: { days: 30 },
      format: 'csv',
      timeoutMs: 5000,
      params: [
        ['x', '1'],
        ['y', 'a=b'],
      ],
      columns: ['a', 'b', 'c'],
      wide: true,
      demo: false,
      quiet: false,
      debug: false,
    });
  });

  it('defaults: 30 s timeout, no period, colour on unless --no-color', () => {
    const o = parse({});
    expect(o.timeoutMs).toBe(30_000);
    expect(o.period).toEqual({ days: undefined, from: undefined, to: undefined });
    expect(o.noColor).toBe(false);
    expect(parse({ color: false }).noColor).toBe(true);
  });

  it.each([
    [{ days: '0' }, '--days must be a whole number from 1 to 90 (got 0)'],
    [{ days: '91' }, '--days must be a whole number from 1 to 90 (got 91)'],
    [{ days: '7.5' }, '--days must be a whole number from 1 to 90 (got "7.5")'],
    [{ days: 'week' }, '--days must be a whole number from 1 to 90 (got "week")'],
    [{ days: '-3' }, '--days must be a whole number from 1 to 90 (got "-3")'],
    [{ from: '2026-02-30' }, '--from must be a real calendar date (got "2026-02-30")'],
    [{ from: '2026-13-01' }, '--from must be a real calendar date (got "2026-13-01")'],
    [{ from: '22/11/2026' }, '--from must be a date written YYYY-MM-DD (got "22/11/2026")'],
    [{ from: '2026-11-10', to: '2026-11-01' }, '--from must not be after --to (got 2026-11-10 > 2026-11-01)'],
    [{ from: '2026-01-01', to: '2026-06-01' }, '--from must be at most 90 days before --to (got 151 days)'],
    [{ to: '2026-11-01' }, '--to needs --from (or use --days to count back from today)'],
    [{ days: '7', from: '2026-11-01' }, '--days and --from cannot be used together: --days counts back from today, --from/--to give the range'],
    [{ format: 'xml' }, '--format must be one of table, json, csv (got "xml")'],
    [{ timeout: '0' }, '--timeout must be a whole number from 1 to 3600 (got 0)'],
    [{ param: ['novalue'] }, '--param must be key=value with a non-empty key (got "novalue")'],
    [{ param: ['=x'] }, '--param must be key=value with a non-empty key (got "=x")'],
    [{ columns: ' , ' }, '--columns must list at least one column, comma-separated (e.g. --columns name,visibility)'],
    [{ brand: '  ' }, '--brand must not be empty'],
    [{ from: '2026-12-01' }, "--from must not be after today (2026-11-22, the API's date in UTC); got 2026-12-01"],
    [{ from: '2026-08-01' }, '--from must be at most 90 days before --to (today, 2026-11-22 UTC); got 113 days'],
  ])('refuses %j with exit 2: %s', (raw, message) => {
    expect(refuse(raw)).toEqual({ kind: 'usage', message });
  });

  it("--from alone is checked against the API's today (UTC); the local date only explains a refusal", () => {
    // East of UTC, just after local midnight: the user's today is the API's tomorrow.
    const sydney = { api: '2026-11-22', local: () => '2026-11-23' };
    expect(() => parseFlags({ from: '2026-11-23' }, sydney)).toThrow(
      "--from 2026-11-23 is after the API's today, 2026-11-22 (UTC); your local date is 2026-11-23, but the API's day starts at 00:00 UTC",
    );
    expect(parseFlags({ from: '2026-11-22' }, sydney).period.from).toBe('2026-11-22');
    // Past the local date too: the plain rule.
    expect(() => parseFlags({ from: '2026-11-24' }, sydney)).toThrow("--from must not be after today (2026-11-22, the API's date in UTC); got 2026-11-24");
    // West of UTC the local date lags: the API's today is accepted, though it is the user's tomorrow.
    expect(parseFlags({ from: '2026-11-22' }, { api: '2026-11-22', local: () => '2026-11-21' }).period.from).toBe('2026-11-22');
    // The local date is asked for only when a refusal needs it.
    let asked = 0;
    parseFlags({ from: '2026-11-20' }, { api: '2026-11-22', local: () => String(++asked) });
    expect(asked).toBe(0);
  });

  it('the API date is UTC; the local date follows TZ when Intl knows the zone', () => {
    const nearMidnight = Date.parse('2026-11-22T23:30:00Z');
    expect(utcDate(nearMidnight)).toBe('2026-11-22');
    expect(localDate(nearMidnight, 'Australia/Sydney')).toBe('2026-11-23');
    expect(localDate(nearMidnight, ':Pacific/Kiritimati')).toBe('2026-11-23');
    expect(localDate(Date.parse('2026-11-22T00:30:00Z'), 'America/Los_Angeles')).toBe('2026-11-21');
    expect(localDate(nearMidnight, 'UTC')).toBe('2026-11-22');
    // A POSIX rule Intl does not read falls back to the process's zone, without an error.
    expect(localDate(nearMidnight, 'XYZ-3')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('accepts the 90-day edge and a leap day', () => {
    expect(parse({ from: '2026-08-24', to: '2026-11-22' }).period).toEqual({ days: undefined, from: '2026-08-24', to: '2026-11-22' });
    expect(parse({ from: '2024-02-29', to: '2024-03-01' }).period.from).toBe('2024-02-29');
  });
});

describe('endpoint options', () => {
  it('forum --limit is 1-50', () => {
    const forum = endpointById('forum');
    expect(parseEndpointOptions(forum, forum.query, { limit: '50' })).toEqual([['limit', '50']]);
    expect(() => parseEndpointOptions(forum, forum.query, { limit: '51' })).toThrow('--limit must be a whole number from 1 to 50 (got 51)');
  });

  it('search-performance --group-by and --limit use the API reference’s names', () => {
    const sp = endpointById('search-performance');
    expect(parseEndpointOptions(sp, sp.query, { groupBy: 'page', limit: '1000' })).toEqual([
      ['group_by', 'page'],
      ['limit', '1000'],
    ]);
    expect(() => parseEndpointOptions(sp, sp.query, { groupBy: 'url' })).toThrow('--group-by must be one of query, page (got "url")');
    expect(() => parseEndpointOptions(sp, sp.query, { limit: '1001' })).toThrow('--limit must be a whole number from 1 to 1000 (got 1001)');
  });

  it('tasks pass layer and status through; limit is 1-1000', () => {
    const tasks = endpointById('tasks');
    expect(parseEndpointOptions(tasks, tasks.query, { layer: 'content', status: 'done', limit: '5' })).toEqual([
      ['layer', 'content'],
      ['status', 'done'],
      ['limit', '5'],
    ]);
    expect(() => parseEndpointOptions(tasks, tasks.query, { limit: '0' })).toThrow('--limit must be a whole number from 1 to 1000 (got 0)');
    expect(() => parseEndpointOptions(tasks, tasks.query, { limit: '1001' })).toThrow('--limit must be a whole number from 1 to 1000 (got 1001)');
  });

  it('answers runs needs --prompt', () => {
    const runs = endpointById('answers.runs');
    expect(() => parseEndpointOptions(runs, runs.query, {})).toThrow('--prompt <id|question> is required by vis answers runs');
    expect(() => parseEndpointOptions(runs, runs.query, { prompt: '  ' })).toThrow('--prompt must not be empty');
  });
});

describe('period flags per endpoint', () => {
  it('refuses a period on an endpoint without one', () => {
    expect(() => periodPairs(endpointById('prompts'), { days: 7 }, 'vis prompts')).toThrow('--days does not apply to vis prompts: it has no period');
  });
  it('the refusal names every command with a period, from the table', () => {
    let hint: string | undefined;
    try {
      periodPairs(endpointById('prompts'), { days: 7 }, 'vis prompts');
    } catch (err) {
      hint = (err as VisError).hint;
    }
    expect(hint).toBe(
      'Period flags apply to overview, topics, answers history, sources, pages, brand-perception, brand-perception transcript, forum, ' +
        'search-performance (--days only), ai-crawlers, ai-visitors and activity.',
    );
    for (const spec of ENDPOINTS.filter((e) => e.period !== 'none')) expect(hint).toContain(spec.words.join(' '));
  });
  it('search-performance takes --days only', () => {
    expect(periodPairs(endpointById('search-performance'), { days: 90 }, 'x')).toEqual([['days', '90']]);
    expect(() => periodPairs(endpointById('search-performance'), { from: '2026-11-01' }, 'vis search-performance')).toThrow(
      '--from/--to do not apply to vis search-performance: it takes a trailing window only, --days (1-90, default 28)',
    );
  });
  it('range endpoints send what was given and nothing else', () => {
    expect(periodPairs(endpointById('topics'), {}, 'x')).toEqual([]);
    expect(periodPairs(endpointById('topics'), { from: '2026-11-01', to: '2026-11-10' }, 'x')).toEqual([
      ['from', '2026-11-01'],
      ['to', '2026-11-10'],
    ]);
  });
});
