/**
 * Counting runs into the figures the API reports. Percentages are numbers 0-100 with
 * one decimal (see data.ts); positions are averages with one decimal.
 */
import { eachDay } from './dates.js';
import type { Engine, EngineState, MarketModel, Question, Run } from './model.js';

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

/** What a company's answers count to, in a tally. */
interface CompanyCount {
  /** Answered runs naming it. */
  mentions: number;
  /** The sum of its places in them (1-based). */
  positionSum: number;
  /** Answered runs citing one of its pages. */
  citations: number;
  /** The keys of the questions whose answers name it. */
  questions: Set<string>;
}

/**
 * What a set of runs counts to: every figure companyStats, visibilityOf and the rivals
 * named instead read, as whole numbers. A period's tally is the sum of its days' (tallyOver),
 * each day's counted once (MarketModel.countedOn): whole numbers sum alike in any order, so
 * the figures are those of counting the period's runs.
 */
export interface Tally {
  answered: number;
  /** Answered runs naming the brand. */
  brandNamed: number;
  /** Names in answered runs, all companies together. */
  mentions: number;
  companies: Map<string, CompanyCount>;
  /** How often each company is named in an answer that leaves the brand out. */
  namedInstead: Map<string, number>;
}

function emptyTally(): Tally {
  return { answered: 0, brandNamed: 0, mentions: 0, companies: new Map(), namedInstead: new Map() };
}

function countOf(tally: Tally, name: string): CompanyCount {
  let count = tally.companies.get(name);
  if (!count) tally.companies.set(name, (count = { mentions: 0, positionSum: 0, citations: 0, questions: new Set() }));
  return count;
}

export function tallyOf(runs: readonly Run[]): Tally {
  const tally = emptyTally();
  const cited = new Set<string>();
  for (const run of runs) {
    // An answer that was not given names and cites nobody.
    if (!run.answered) continue;
    tally.answered++;
    if (run.position !== null) tally.brandNamed++;
    tally.mentions += run.named.length;
    run.named.forEach((name, index) => {
      // Counted at the name's first place, as indexOf finds it.
      if (run.named.indexOf(name) !== index) return;
      const count = countOf(tally, name);
      count.mentions++;
      count.positionSum += index + 1;
      count.questions.add(run.question.key);
      if (run.state === 'absent') tally.namedInstead.set(name, (tally.namedInstead.get(name) ?? 0) + 1);
    });
    cited.clear();
    for (const c of run.citations) if (c.company !== null) cited.add(c.company);
    for (const name of cited) countOf(tally, name).citations++;
  }
  return tally;
}

/**
 * The tally of the runs of `questions` (default all) from `from` to `to`: the sum of each
 * scanned day's. The questions naming each company are gathered only when `withQuestions`
 * (what GET /competitors shows): the rest leave them empty.
 */
export function tallyOver(model: MarketModel, from: string, to: string, questions: readonly Question[] = model.questions, withQuestions = false): Tally {
  const sum = emptyTally();
  for (const day of eachDay(from, to)) {
    const tally = model.countedOn(day, questions, 'tally', tallyOf);
    if (!tally) continue;
    sum.answered += tally.answered;
    sum.brandNamed += tally.brandNamed;
    sum.mentions += tally.mentions;
    for (const [name, count] of tally.companies) {
      const total = countOf(sum, name);
      total.mentions += count.mentions;
      total.positionSum += count.positionSum;
      total.citations += count.citations;
      if (withQuestions) for (const key of count.questions) total.questions.add(key);
    }
    for (const [name, n] of tally.namedInstead) sum.namedInstead.set(name, (sum.namedInstead.get(name) ?? 0) + n);
  }
  return sum;
}

/** visibilityOf the runs of `questions` (default all) from `from` to `to`. */
export function visibilityOver(model: MarketModel, from: string, to: string, questions?: readonly Question[]): number | null {
  const tally = tallyOver(model, from, to, questions);
  return percent(tally.brandNamed, tally.answered);
}

export function companyStats(model: MarketModel, runs: readonly Run[]): CompanyStats[] {
  return statsOf(model, tallyOf(runs));
}

/** Each company's figures (the brand first, then the competitors) from a tally. */
export function statsOf(model: MarketModel, tally: Tally): CompanyStats[] {
  return model.companies.map((company) => {
    const count = tally.companies.get(company.name);
    const mentions = count?.mentions ?? 0;
    return {
      name: company.name,
      domain: company.domain,
      isBrand: company.isBrand,
      mentions,
      visibility: percent(mentions, tally.answered),
      shareOfVoice: percent(mentions, tally.mentions),
      position: mentions > 0 ? round1((count?.positionSum ?? 0) / mentions) : null,
      citations: count?.citations ?? 0,
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
