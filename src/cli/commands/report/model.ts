/**
 * The report's model from what was read: each section's result (the answer, the plan it
 * needs, why it failed, or why there is nothing), and the visibility trend, the weeks of
 * GET /visibility with, before them, the weeks of the scan days the history store holds.
 */
import type { DatedValue, SectionResult } from '../../../domain/report.js';
import type { EndpointSpec, Plan } from '../../../endpoints.js';
import { exitCodeFor, VisError } from '../../../errors.js';
import type { RecordedAnswer } from '../../../history/types.js';
import { isPlainObject } from '../../../output/flatten.js';

/** An answer read: its `data` and `meta` as received. */
export function dataSection(envelope: { data: unknown; meta?: Record<string, unknown> }): SectionResult {
  return { kind: 'data', data: envelope.data, meta: envelope.meta ?? null };
}

/**
 * What a section the plan does not include needs, as its note says it (`Needs Pro or
 * Growth`): a sentence for the client, where the command reference's table lists plans.
 */
const PLAN_NEEDS: Readonly<Record<Plan, string>> = { any: 'any plan', pro: 'Pro or Growth', 'pitch-reports': 'a plan with pitch reports' };

/**
 * A read that failed, as its section shows it: the plan does not include it (403
 * feature_not_in_plan, said in place, not a failure), an integration not connected (409:
 * nothing to show, and why), or a failure with its code and exit code.
 */
export function failedSection(spec: Pick<EndpointSpec, 'plan'>, err: unknown): SectionResult {
  if (err instanceof VisError && err.code === 'feature_not_in_plan') return { kind: 'plan', needs: PLAN_NEEDS[spec.plan] };
  if (err instanceof VisError && err.code === 'integration_not_connected') return { kind: 'none', why: err.message };
  const e = err instanceof VisError ? err : undefined;
  return {
    kind: 'failed',
    code: e ? (e.code ?? e.kind) : 'error',
    message: err instanceof Error ? err.message : String(err),
    exitCode: exitCodeFor(err),
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}/;

/** A point's date: `week_start`, else `date`, `week`, `day` or `from`, as `YYYY-MM-DD`. */
function dateOf(row: Record<string, unknown>): string | undefined {
  for (const k of ['week_start', 'date', 'week', 'day', 'from']) {
    const v = row[k];
    if (typeof v === 'string' && DATE.test(v)) return v.slice(0, 10);
  }
  return undefined;
}

/** A score: a finite number, or null (nothing measured). */
function scoreOf(v: unknown): number | null | undefined {
  if (v === null) return null;
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** The weeks of a GET /visibility answer (`data.history`: each week's date and `score`), oldest first. */
export function apiWeeks(data: unknown): DatedValue[] {
  if (!isPlainObject(data) || !Array.isArray(data.history)) return [];
  const points: DatedValue[] = [];
  for (const row of data.history) {
    if (!isPlainObject(row)) continue;
    const date = dateOf(row);
    // A null score is a week with nothing measured: kept, so the chart shows the gap.
    const value = scoreOf(Object.hasOwn(row, 'score') ? row.score : row.value);
    if (date !== undefined && value !== undefined) points.push({ date, value });
  }
  return points.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The score of each recorded GET /visibility answer (`data.score`), by scan day, oldest first. */
export function historyDays(answers: readonly RecordedAnswer[]): DatedValue[] {
  const byDay = new Map<string, number | null>();
  for (const a of answers) {
    let body: unknown;
    try {
      body = JSON.parse(a.raw);
    } catch {
      continue;
    }
    const data = isPlainObject(body) && Object.hasOwn(body, 'data') ? body.data : body;
    const value = isPlainObject(data) ? scoreOf(data.score) : undefined;
    if (value !== undefined) byDay.set(a.day, value);
  }
  return [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, value]) => ({ date, value }));
}

const DAY_MS = 86_400_000;

/**
 * The trend drawn, week by week as its heading says: the history's scan days before the
 * API's first week, each week (counted back from that first week) its last day's score,
 * dated by the week's first day; then the API's weeks. A history of daily scans would
 * otherwise put a jagged run of days before the weeks. With no week from the API, the
 * weeks are counted back from the day after the last scan day.
 */
export function joinTrend(history: readonly DatedValue[], weeks: readonly DatedValue[]): DatedValue[] {
  const last = history.at(-1)?.date;
  const anchorDate = weeks[0]?.date ?? (last === undefined ? undefined : new Date(Date.parse(`${last}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10));
  if (anchorDate === undefined) return [...weeks];
  const anchor = Date.parse(`${anchorDate}T00:00:00Z`);
  const byWeek = new Map<string, number | null>();
  for (const p of history) {
    const at = Date.parse(`${p.date}T00:00:00Z`);
    if (!(at < anchor)) continue;
    const back = Math.floor((anchor - at - 1) / (7 * DAY_MS)) + 1;
    // Days come oldest first: a later day of the same week replaces an earlier one.
    byWeek.set(new Date(anchor - back * 7 * DAY_MS).toISOString().slice(0, 10), p.value);
  }
  const earlier = [...byWeek.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, value]) => ({ date, value }));
  return [...earlier, ...weeks];
}
