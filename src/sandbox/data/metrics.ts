/**
 * Counting runs into the figures the API reports. Percentages are numbers 0-100 with
 * one decimal (see data.ts); positions are averages with one decimal.
 */
import type { Engine, EngineState, MarketModel, Run } from './model.js';

export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** `part` of `whole` as a percentage with one decimal; null when nothing was measured. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? round1((part / whole) * 100) : null;
}

/** Difference in percentage points; null when either side was not measured. */
export function change(now: number | null, before: number | null): number | null {
  return now === null || before === null ? null : round1(now - before);
}

export function average(values: readonly number[]): number | null {
  return values.length > 0 ? round1(values.reduce((sum, v) => sum + v, 0) / values.length) : null;
}

export function answered(runs: readonly Run[]): Run[] {
  return runs.filter((run) => run.answered);
}

/** Share of answered runs that name the brand: the reference's "visibility". */
export function visibilityOf(runs: readonly Run[]): number | null {
  const counted = answered(runs);
  return percent(counted.filter((run) => run.position !== null).length, counted.length);
}

export interface CompanyStats {
  name: string;
  domain: string;
  isBrand: boolean;
  /** Answers naming the company. */
  mentions: number;
  /** Share of answered runs naming it. */
  visibility: number | null;
  /** Its mentions over all companies' mentions. */
  shareOfVoice: number | null;
  position: number | null;
  /** Answers citing one of its pages. */
  citations: number;
}

export function companyStats(model: MarketModel, runs: readonly Run[]): CompanyStats[] {
  const counted = answered(runs);
  const totalMentions = counted.reduce((sum, run) => sum + run.named.length, 0);
  return model.companies.map((company) => {
    const positions: number[] = [];
    let citations = 0;
    for (const run of counted) {
      const index = run.named.indexOf(company.name);
      if (index >= 0) positions.push(index + 1);
      if (run.citations.some((c) => c.company === company.name)) citations++;
    }
    return {
      name: company.name,
      domain: company.domain,
      isBrand: company.isBrand,
      mentions: positions.length,
      visibility: percent(positions.length, counted.length),
      shareOfVoice: percent(positions.length, totalMentions),
      position: average(positions),
      citations,
    };
  });
}

export interface EngineCell {
  state: EngineState;
  /** How often the dominant state occurred among the runs, as a percentage. */
  rate: number | null;
  /** The brand's average position when named. */
  position: number | null;
  runs: number;
}

/** The dominant state of one engine for one question over some runs; ties go to the latest. */
export function dominantState(runs: readonly Run[]): EngineCell {
  if (runs.length === 0) return { state: 'no_answer', rate: null, position: null, runs: 0 };
  const counts = new Map<EngineState, number>();
  for (const run of runs) counts.set(run.state, (counts.get(run.state) ?? 0) + 1);
  const top = Math.max(...counts.values());
  const latest = [...runs].sort((a, b) => b.date.localeCompare(a.date)).find((run) => counts.get(run.state) === top);
  const state = latest?.state ?? 'no_answer';
  const positions = runs.flatMap((run) => (run.position === null ? [] : [run.position]));
  return { state, rate: percent(top, runs.length), position: average(positions), runs: runs.length };
}

export function byEngine<T>(make: (engine: Engine) => T, engines: readonly Engine[]): Record<string, T> {
  const result: Record<string, T> = {};
  for (const engine of engines) result[engine] = make(engine);
  return result;
}
