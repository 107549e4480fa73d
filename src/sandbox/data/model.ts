/**
 * The simulation every payload is read from. One brand in one market is a set of
 * buyer questions; each day's scan asks every engine every question, and each answer
 * (a "run") names some companies in some order and cites some pages. A run is drawn
 * from a generator seeded by (brand, market, question, engine, day), so it is the same
 * in every endpoint and for every clock that includes that day. Topic scores, share of
 * voice, states, cited pages and content gaps are then counted from runs, which keeps
 * them consistent with each other the way the real product's numbers are.
 */
import type { DemoBrand, DemoMarket } from '../accounts.js';
import { localize, type Catalog, type Lang, type SourceDef, type SourceKind } from './catalog.js';
import { catalogFor } from './catalogs.js';
import { dayNumber, eachDay, isoDate, lastScanDay } from './dates.js';
import { rngFor } from './prng.js';
import { DEMO_HISTORY_DAYS } from '../../domain/demo.js';

export const ENGINES = ['chatgpt', 'perplexity', 'gemini', 'claude', 'copilot'] as const;
export type Engine = (typeof ENGINES)[number];

export const ENGINE_LABELS: Readonly<Record<Engine, string>> = {
  chatgpt: 'ChatGPT',
  perplexity: 'Perplexity',
  gemini: 'Gemini',
  claude: 'Claude',
  copilot: 'Copilot',
};

export type EngineState = 'open' | 'absent' | 'mentioned' | 'recommended' | 'no_answer';

/** How many days an engine names the same companies for a question (see `simulate`). */
const STINT_DAYS = 35;

const ENGINE_MINUTE: Readonly<Record<Engine, number>> = { chatgpt: 32, perplexity: 36, gemini: 39, claude: 43, copilot: 47 };
const NO_ANSWER_RATE: Readonly<Record<Engine, number>> = { chatgpt: 0.02, perplexity: 0.03, gemini: 0.05, claude: 0.03, copilot: 0.06 };
/** How many pages each engine cites per answer (min, max): answer engines with search cite more. */
const CITATIONS_PER_ANSWER: Readonly<Record<Engine, readonly [number, number]>> = {
  chatgpt: [0, 3],
  perplexity: [3, 6],
  gemini: [1, 3],
  claude: [0, 2],
  copilot: [2, 4],
};

export interface OwnPage {
  path: string;
  url: string;
  title: string;
}

export interface Question {
  key: string;
  text: string;
  topicId: string;
  openness: number;
  /** The brand page that answers the question, if any. */
  page: OwnPage | null;
  /** Base probability that AI names the brand for this question. */
  strength: number;
  /** How citable our page is for it (0-1): a thin page is rarely cited even when it exists. */
  pageQuality: number;
}

export interface Topic {
  id: string;
  name: string;
  questions: Question[];
  pages: OwnPage[];
  queries: readonly string[];
  threadTitles: readonly string[];
}

export interface Company {
  name: string;
  domain: string;
  isBrand: boolean;
  knownFor: string;
  pages: { url: string; title: string }[];
}

export type CitationOwner = 'brand' | 'competitor' | 'third_party';

export interface Citation {
  url: string;
  domain: string;
  title: string | null;
  owner: CitationOwner;
  kind: SourceKind | 'brand' | 'competitor';
  /** The company whose page it is, for brand and competitor pages. */
  company: string | null;
}

export interface Run {
  question: Question;
  engine: Engine;
  date: string;
  at: string;
  answered: boolean;
  /** Company names in the order the answer lists them. */
  named: string[];
  state: EngineState;
  /** The brand's place in `named` (1-based), null when not named. */
  position: number | null;
  citations: Citation[];
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * What a market's simulation is made of that does not depend on the clock: the topics,
 * questions, companies and sources, and the memo of every simulated answer. A model is
 * built per request (its `now` is the request's), but the models of one brand and market
 * share one of these: an answer is simulated once per process, not once per request, and
 * a question is the same object in every request's runs. An answer depends on its day,
 * never on the clock (only whether that day was scanned does), so a clock that moves on
 * (a long-running sandbox crossing midnight, a test stepping through a month) reuses
 * every day it has simulated.
 */
interface Shared {
  pages: OwnPage[];
  topics: Topic[];
  questions: Question[];
  brandCompany: Company;
  competitors: Company[];
  companies: Company[];
  sources: { list: SourceDef[]; weight: number };
  runsByDay: Map<string, DayRuns>;
  moments: Moments;
  competitorOdds: Map<string, number[][]>;
  stintPhases: Map<string, number[]>;
  engineBias: Map<Engine, number>;
  driftShapes: Map<string, readonly [number, number, number, number]>;
}

/** One day's simulated answers: each question's, by its key, in ENGINES order; and every question's, in `questions` order. */
interface DayRuns {
  byQuestion: Map<string, Run[]>;
  all?: Run[];
  /** What was counted from the day's answers to a list of questions (the model's, or a topic's), by list, then by name. */
  counted?: WeakMap<readonly Question[], Map<string, unknown>>;
}

/** What was read from the whole model at each moment of the clock (the tasks), by moment, then by name. */
type Moments = Map<number, Map<string, unknown>>;

const SHARED = new WeakMap<DemoBrand, WeakMap<DemoMarket, Shared>>();
/** Days of answers kept per brand and market, the oldest made dropped first: more than any request reads (a 90-day period and the one before it, the weekly history). */
const DAYS_KEPT = 400;
/**
 * Moments whose tasks are kept per brand and market, the oldest made dropped first: one per
 * day of the demo's history, so the history's reads in one process (`vis mcp`'s tools,
 * each reading every day at its noon) make each day's tasks once, not once per read
 * (about 0.2 MB a moment).
 */
const MOMENTS_KEPT = DEMO_HISTORY_DAYS;

function sharedFor(brand: DemoBrand, market: DemoMarket): Shared {
  let perBrand = SHARED.get(brand);
  if (!perBrand) SHARED.set(brand, (perBrand = new WeakMap()));
  let shared = perBrand.get(market);
  if (!shared) perBrand.set(market, (shared = buildShared(brand, market)));
  return shared;
}

function buildShared(brand: DemoBrand, market: DemoMarket): Shared {
  const lang = market.language;
  const catalog = catalogFor(brand.vertical);
  const origin = `https://${brand.domain}`;
  const ownPages: OwnPage[] = catalog.pages.map((page) => ({
    path: page.path,
    url: `${origin}${market.sitePrefix}${page.path}`,
    title: localize(page.title, lang).replaceAll('{brand}', brand.name),
  }));

  // Brands are strongest in the market they started in.
  const marketBias = market.id === brand.markets[0].id ? 0.04 : rngFor(brand.id, market.code, 'market').float(-0.1, 0);
  const topics = catalog.topics.map((def) => {
    const pages = def.pages.map((path) => {
      const page = ownPages.find((p) => p.path === path);
      if (!page) throw new Error(`catalog ${catalog.vertical} has no page ${path}`);
      return page;
    });
    const questions = def.questions.map((q): Question => {
      const rng = rngFor(brand.id, market.code, 'question', q.key);
      return {
        key: q.key,
        text: localize(q.text, lang),
        topicId: def.id,
        openness: q.openness ?? 0.1,
        page: q.uncovered ? null : (pages[0] ?? null),
        strength: clamp(brand.strength + def.bias + marketBias + rng.float(-0.12, 0.12), 0.03, 0.85),
        pageQuality: rng.next() ** 2,
      };
    });
    return {
      id: def.id,
      name: localize(def.name, lang),
      questions,
      pages,
      queries: def.queries[lang] ?? def.queries.en,
      threadTitles: def.threads?.[lang] ?? [],
    };
  });
  const questions = topics.flatMap((topic) => topic.questions);

  const brandCompany: Company = {
    name: brand.name,
    domain: brand.domain,
    isBrand: true,
    knownFor: localize(brand.knownFor, lang),
    pages: ownPages.map(({ url, title }) => ({ url, title })),
  };
  const competitors = catalog.competitors
    .filter((c) => !c.countries || c.countries.includes(market.country))
    .map((c): Company => ({
      name: c.name,
      domain: c.domain,
      isBrand: false,
      knownFor: localize(c.knownFor, lang),
      pages: c.pages.map((page) => ({ url: `https://${c.domain}${page.path}`, title: localize(page.title, lang) })),
    }));
  const companies = [brandCompany, ...competitors];
  const langSources = catalog.sources.filter((source) => source.lang === lang);
  const sources = { list: langSources, weight: langSources.reduce((sum, source) => sum + source.weight, 0) };
  return {
    pages: ownPages,
    topics,
    questions,
    brandCompany,
    competitors,
    companies,
    sources,
    runsByDay: new Map(),
    moments: new Map(),
    competitorOdds: new Map(),
    stintPhases: new Map(),
    engineBias: new Map(),
    driftShapes: new Map(),
  };
}

export class MarketModel {
  readonly lang: Lang;
  readonly catalog: Catalog;
  readonly topics: Topic[];
  readonly questions: Question[];
  /** The brand first, then the competitors present in this market. */
  readonly companies: Company[];
  readonly brandCompany: Company;
  readonly competitors: Company[];
  readonly pages: OwnPage[];
  /** Today's date (UTC). */
  readonly today: string;
  /** The latest day whose scan is complete. */
  readonly scanDate: string;
  private readonly runsByDay: Map<string, DayRuns>;
  private readonly moments: Moments;
  /** Per topic, then engine (in ENGINES order), each competitor's chance to be named, in `competitors` order. */
  private readonly competitorOdds: Map<string, number[][]>;
  /** Per question key, then engine (in ENGINES order), where its stints start (stintRng). */
  private readonly stintPhases: Map<string, number[]>;
  private readonly sources: { list: SourceDef[]; weight: number };
  private readonly engineBias: Map<Engine, number>;
  private readonly driftShapes: Map<string, readonly [number, number, number, number]>;

  constructor(
    readonly brand: DemoBrand,
    readonly market: DemoMarket,
    readonly now: Date,
  ) {
    this.lang = market.language;
    this.catalog = catalogFor(brand.vertical);
    this.today = isoDate(now);
    this.scanDate = lastScanDay(now);

    const shared = sharedFor(brand, market);
    this.pages = shared.pages;
    this.topics = shared.topics;
    this.questions = shared.questions;
    this.brandCompany = shared.brandCompany;
    this.competitors = shared.competitors;
    this.companies = shared.companies;
    this.sources = shared.sources;
    this.runsByDay = shared.runsByDay;
    this.moments = shared.moments;
    this.competitorOdds = shared.competitorOdds;
    this.stintPhases = shared.stintPhases;
    this.engineBias = shared.engineBias;
    this.driftShapes = shared.driftShapes;
  }

  topic(id: string): Topic | undefined {
    return this.topics.find((topic) => topic.id === id);
  }

  topicOf(question: Question): Topic {
    const topic = this.topic(question.topicId);
    if (!topic) throw new Error(`question ${question.key} has no topic`);
    return topic;
  }

  company(name: string): Company | undefined {
    return this.companies.find((company) => company.name === name);
  }

  /**
   * Whether the daily scan produced answers on `day`: every day up to the latest scan. No
   * pause of the tracker placed from today: a past day reads the same whichever day is today.
   */
  scanned(day: string): boolean {
    return day <= this.scanDate;
  }

  /** Every run of the given questions (default all) and engines from `from` to `to`. */
  runs(from: string, to: string, questions: readonly Question[] = this.questions, engines: readonly Engine[] = ENGINES): Run[] {
    const every = questions === this.questions && engines === ENGINES;
    const picked = engines.map((engine) => ENGINES.indexOf(engine));
    const runs: Run[] = [];
    for (const day of eachDay(from, to)) {
      if (!this.scanned(day)) continue;
      const memo = this.runsOn(day);
      if (every) {
        memo.all ??= this.questions.flatMap((question) => this.answersOn(memo, question, day));
        for (const run of memo.all) runs.push(run);
        continue;
      }
      for (const question of questions) {
        const answers = this.answersOn(memo, question, day);
        for (const i of picked) runs.push(answers[i]!);
      }
    }
    return runs;
  }

  /**
   * A value counted from one day's answers to `questions` (every engine's), made once per
   * day, list and name: a period's figures are then the sum of its days', instead of a
   * count of every answer of the period for each day a history reads. Undefined when the day
   * was not scanned. Whoever gets it leaves it unchanged.
   */
  countedOn<T>(day: string, questions: readonly Question[], name: string, count: (runs: Run[]) => T): T | undefined {
    if (!this.scanned(day)) return undefined;
    const memo = this.runsOn(day);
    memo.counted ??= new WeakMap();
    let values = memo.counted.get(questions);
    if (!values) memo.counted.set(questions, (values = new Map()));
    if (!values.has(name)) values.set(name, count(this.runs(day, day, questions)));
    return values.get(name) as T;
  }

  /** One engine's answer to one question on one day, or null when there was no scan. */
  run(question: Question, engine: Engine, day: string): Run | null {
    return this.scanned(day) ? this.answersOn(this.runsOn(day), question, day)[ENGINES.indexOf(engine)]! : null;
  }

  /** The day's memo of simulated answers. */
  private runsOn(day: string): DayRuns {
    let memo = this.runsByDay.get(day);
    if (!memo) {
      this.runsByDay.set(day, (memo = { byQuestion: new Map() }));
      if (this.runsByDay.size > DAYS_KEPT) this.runsByDay.delete(this.runsByDay.keys().next().value as string);
    }
    return memo;
  }

  /** Every engine's answer to the question on the day, in ENGINES order. */
  private answersOn(memo: DayRuns, question: Question, day: string): Run[] {
    let answers = memo.byQuestion.get(question.key);
    if (!answers) memo.byQuestion.set(question.key, (answers = ENGINES.map((engine) => this.simulate(question, engine, day))));
    return answers;
  }

  /**
   * A value read from the whole model at its clock, made once for all the requests at that
   * moment (the tasks, which four endpoints read); whoever gets it leaves it unchanged.
   */
  atThisMoment<T>(name: string, make: () => T): T {
    const at = this.now.getTime();
    let values = this.moments.get(at);
    if (!values) {
      this.moments.set(at, (values = new Map()));
      if (this.moments.size > MOMENTS_KEPT) this.moments.delete(this.moments.keys().next().value as number);
    }
    if (!values.has(name)) values.set(name, make());
    return values.get(name) as T;
  }

  /** The probability that an engine names the brand for a question on a day. */
  brandOdds(question: Question, engine: Engine, day: string): number {
    let bias = this.engineBias.get(engine);
    if (bias === undefined) {
      bias = rngFor(this.brand.id, this.market.code, 'engine', engine).float(-0.12, 0.1);
      this.engineBias.set(engine, bias);
    }
    return clamp(question.strength + bias + this.drift(question.topicId, day), 0.02, 0.92);
  }

  /** Slow seasonal movement plus a faster wobble, calendar-fixed so overlapping periods agree. */
  private drift(topicId: string, day: string): number {
    let shape = this.driftShapes.get(topicId);
    if (!shape) {
      const rng = rngFor(this.brand.id, this.market.code, 'drift', topicId);
      shape = [rng.int(120, 240), rng.float(0, 2 * Math.PI), rng.int(17, 33), rng.float(0, 2 * Math.PI)];
      this.driftShapes.set(topicId, shape);
    }
    const [slowPeriod, slowPhase, fastPeriod, fastPhase] = shape;
    const d = dayNumber(day);
    return 0.11 * Math.sin((2 * Math.PI * d) / slowPeriod + slowPhase) + 0.035 * Math.sin((2 * Math.PI * d) / fastPeriod + fastPhase);
  }

  /** Each competitor's chance to be named in an answer about the topic by the engine. */
  private competitorChances(topicId: string, engine: Engine): number[] {
    let byEngine = this.competitorOdds.get(topicId);
    if (!byEngine) {
      byEngine = ENGINES.map((e) =>
        this.competitors.map((company) => {
          const def = this.catalog.competitors.find((c) => c.name === company.name);
          const affinity = rngFor(this.market.code, company.name, topicId).float(-0.2, 0.2);
          const taste = rngFor(company.name, e).float(-0.08, 0.08);
          return clamp((def?.strength ?? 0.3) + affinity + taste, 0.02, 0.9);
        }),
      );
      this.competitorOdds.set(topicId, byEngine);
    }
    return byEngine[ENGINES.indexOf(engine)]!;
  }

  private simulate(question: Question, engine: Engine, day: string): Run {
    const rng = rngFor(this.brand.id, this.market.code, question.key, engine, day);
    // The scan runs at 03:30 UTC; each engine's answer lands a few minutes later.
    const at = `${day}T03:${ENGINE_MINUTE[engine]}:00Z`;
    if (rng.chance(NO_ANSWER_RATE[engine])) {
      return { question, engine, date: day, at, answered: false, named: [], state: 'no_answer', position: null, citations: [] };
    }
    // A generic answer ("it depends on your needs") names nobody: the `open` state.
    const generic = rng.chance(question.openness);
    const scored: { name: string; score: number }[] = [];
    if (!generic) {
      // Who is named, and in what order, holds for the engine's stint (an engine answers a question
      // alike for days on end): a day's answer changes its names only when a stint ends or the
      // brand's odds drift past its draw, so states move a few at a time, never by the dozen.
      const stint = this.stintRng(question, engine, day);
      const brandOdds = this.brandOdds(question, engine, day);
      if (stint.next() < brandOdds) scored.push({ name: this.brand.name, score: brandOdds + stint.next() * 0.6 });
      const chances = this.competitorChances(question.topicId, engine);
      this.competitors.forEach((company, i) => {
        const odds = chances[i] ?? 0;
        if (stint.chance(odds)) scored.push({ name: company.name, score: odds + stint.next() * 0.6 });
      });
    }
    scored.sort((a, b) => b.score - a.score);
    const named = scored.map((s) => s.name);
    const index = named.indexOf(this.brand.name);
    const position = index >= 0 ? index + 1 : null;
    const state: EngineState = position === 1 ? 'recommended' : position !== null ? 'mentioned' : named.length > 0 ? 'absent' : 'open';
    return { question, engine, date: day, at, answered: true, named, state, position, citations: this.cite(rng, question, engine, named) };
  }

  /** The generator of the question's and engine's stint holding `day`: STINT_DAYS long, each cell's stints staggered. */
  private stintRng(question: Question, engine: Engine, day: string) {
    let phases = this.stintPhases.get(question.key);
    if (!phases) {
      phases = ENGINES.map((e) => rngFor(this.brand.id, this.market.code, question.key, e, 'phase').int(0, STINT_DAYS - 1));
      this.stintPhases.set(question.key, phases);
    }
    const phase = phases[ENGINES.indexOf(engine)]!;
    return rngFor(this.brand.id, this.market.code, question.key, engine, 'stint', String(Math.floor((dayNumber(day) + phase) / STINT_DAYS)));
  }

  private cite(rng: ReturnType<typeof rngFor>, question: Question, engine: Engine, named: string[]): Citation[] {
    const [min, max] = CITATIONS_PER_ANSWER[engine];
    const count = rng.int(min, max);
    const { list: sources, weight: totalWeight } = this.sources;
    const citations: Citation[] = [];
    const brandNamed = named.includes(this.brand.name);
    const ownOdds = question.page ? question.pageQuality * clamp(0.05 + question.strength * 0.4 + (brandNamed ? 0.15 : 0), 0, 0.7) : 0;
    const rivals = named.filter((name) => name !== this.brand.name);
    for (let i = 0; i < count; i++) {
      const roll = rng.next();
      let citation: Citation | null = null;
      if (question.page && roll < ownOdds) {
        citation = { url: question.page.url, domain: this.brand.domain, title: question.page.title, owner: 'brand', kind: 'brand', company: this.brand.name };
      } else if (rivals.length > 0 && roll < ownOdds + 0.25) {
        const rival = this.company(rng.pick(rivals));
        if (rival && rival.pages.length > 0) {
          const page = rng.pick(rival.pages);
          citation = { url: page.url, domain: rival.domain, title: page.title, owner: 'competitor', kind: 'competitor', company: rival.name };
        }
      }
      if (!citation && totalWeight > 0) {
        let ticket = rng.next() * totalWeight;
        const source = sources.find((s) => (ticket -= s.weight) < 0) ?? sources[sources.length - 1];
        if (source) {
          citation = {
            url: `https://${source.domain}${rng.pick(source.paths)}`,
            domain: source.domain,
            title: null,
            owner: 'third_party',
            kind: source.kind,
            company: null,
          };
        }
      }
      if (citation && !citations.some((c) => c.url === citation.url)) citations.push(citation);
    }
    return citations;
  }
}
