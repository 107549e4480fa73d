/**
 * The visibility trend: the weeks of GET /visibility and, before them, the scan days the
 * history holds (the model's `trend`), drawn as a line; the score now and its change beside it,
 * and, when the history adds weeks, how many came from each.
 */
import type { DatedValue } from '../../domain/report.js';
import { escapeMarkup } from '../escape.js';
import { figure, isObj, note, num, records, spanText, text, windowOf, type Obj, type SectionView, typed } from './kit.js';

/** The weeks of the answer itself, for a model whose trend is empty. */
function weeks(data: Obj): DatedValue[] {
  return records(data, 'history').flatMap((w) => {
    const date = text(w, 'week_start');
    return date === null ? [] : [{ date, value: num(w, 'score') }];
  });
}

/**
 * Where the weeks drawn come from, when the history adds any before the API's: said, so a
 * line longer than `vis visibility`'s twelve weeks is not read as disagreeing with it.
 */
function sources(points: readonly DatedValue[], api: readonly DatedValue[], count: (n: number) => string): string {
  const first = api[0]?.date;
  const earlier = first === undefined ? 0 : points.filter((p) => p.date < first).length;
  if (earlier === 0) return '';
  const weeksOf = (n: number) => `${count(n)} ${n === 1 ? 'week' : 'weeks'}`;
  return `<p class="small muted">${escapeMarkup(
    `${weeksOf(points.length)}: the ${weeksOf(api.length)} the API gives (as vis visibility shows them), and before them ${weeksOf(earlier)} from the history vis records, each its last recorded day’s score.`,
  )}</p>`;
}

export const trend: SectionView = {
  title: 'Visibility trend',
  lead: 'The visibility score week by week (out of 100).',
  known: (data): data is Obj =>
    isObj(data) &&
    (data.score === null || typeof data.score === 'number') &&
    typed(data, { change: 'number' }) &&
    Array.isArray(data.history) &&
    data.history.every((w) => typed(w, { week_start: 'string', score: 'number' })),
  fields: ['score', 'change', 'window', 'history'],
  // week_end: a week is named by its first day.
  records: { history: { name: 'week_start', known: ['week_start', 'week_end', 'score'] } },
  async render(data, ctx) {
    const points = ctx.scope.trend.length > 0 ? ctx.scope.trend : weeks(data);
    const score = num(data, 'score');
    // The score and change of the answer's window (the latest week), not the report's period
    // the headline covers: said, so the two figures are not read as one that disagrees.
    const window = windowOf(data.window);
    const days = window?.days ?? null;
    const count = days === null ? null : `${ctx.fmt.number(days)} ${days === 1 ? 'day' : 'days'}`;
    const latest = window === null ? 'Latest week' : `Latest${count === null ? '' : ` ${count}`}, ${spanText(window, ctx.fmt, false)}`;
    const before = window === null ? 'the week before' : count === null ? 'the same length of time before' : `the ${count} before`;
    const now = `<p class="lede">${escapeMarkup(latest)}: <strong>${score === null ? '–' : escapeMarkup(ctx.fmt.score(score))}</strong> ${ctx.fmt.change(num(data, 'change'), 'points', 'higher')} <span class="muted small">against ${escapeMarkup(before)}</span></p>`;
    if (points.length === 0) return `${now}${note('No week measured yet.')}`;
    return `${now}${sources(points, weeks(data), ctx.fmt.number)}${await figure((size) => ctx.charts.trend(points, { title: 'Visibility score', unit: 'score', locale: ctx.fmt.locale, ...size }))}`;
  },
};
