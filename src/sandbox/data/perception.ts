/**
 * Brand perception: a weekly scan asks every engine about the brand itself. It is a
 * property of the brand, not of a market (the reference: identical in every market),
 * so nothing here reads the market: same brand, same period, same bytes.
 */
import type { DemoBrand } from '../accounts.js';
import { localize } from './catalog.js';
import { catalogFor } from './catalogs.js';
import { periodOf, brandOf, type DataRequest, type Payload } from './context.js';
import { addDays, isoDate, timeOnDay, weekStart } from './dates.js';
import { ENGINE_LABELS, ENGINES, type Engine } from './model.js';
import { rngFor } from './prng.js';

/** How likely each engine is to know a mid-sized brand at all; search-backed engines know more. */
const KNOWLEDGE: Readonly<Record<Engine, number>> = { chatgpt: 0.9, perplexity: 0.97, gemini: 0.88, claude: 0.7, copilot: 0.9 };
const SCAN_HOUR_UTC = 5;

export type Sentiment = 'positive' | 'neutral' | 'mixed' | 'unknown';

export interface EnginePerception {
  engine: Engine;
  knows: boolean;
  recommends: boolean;
  sentiment: Sentiment;
  right: string[];
  wrong: { claim: string; truth: string }[];
}

/** The Monday of the latest weekly scan on or before `day` that has run by `now`. */
export function latestPerceptionWeek(day: string, now: Date): string {
  const today = isoDate(now);
  let week = weekStart(day < today ? day : today);
  if (timeOnDay(week, SCAN_HOUR_UTC, 0) > now.toISOString()) week = addDays(week, -7);
  return week;
}

/** What one engine said about the brand in the scan of the week starting `week`. Mostly
 * stable from week to week, with an occasional flip, as real perception is. */
export function enginePerception(brand: DemoBrand, engine: Engine, week: string): EnginePerception {
  const stable = rngFor(brand.id, 'perception', engine);
  const weekly = rngFor(brand.id, 'perception', engine, week);
  const knows = stable.chance(KNOWLEDGE[engine]) !== weekly.chance(0.08);
  const recommends = knows && stable.chance(brand.strength + 0.3) !== weekly.chance(0.12);
  const right = knows ? brand.perception.right.filter(() => stable.chance(0.7)) : [];
  const wrong = knows ? brand.perception.wrong.filter(() => stable.chance(0.45) !== weekly.chance(0.1)) : [];
  const sentiment: Sentiment = !knows ? 'unknown' : recommends ? 'positive' : wrong.length > 1 ? 'mixed' : 'neutral';
  return { engine, knows, recommends, sentiment, right, wrong };
}

export function perceptionSummary(brand: DemoBrand, week: string): { engines: number; knows: number; recommends: number } {
  const scans = ENGINES.map((engine) => enginePerception(brand, engine, week));
  return { engines: scans.length, knows: scans.filter((s) => s.knows).length, recommends: scans.filter((s) => s.recommends).length };
}

/** `a coffee roaster`, `an outdoor gear`: the article the category's first sound takes. */
function withArticle(category: string): string {
  return `${/^[aeiou]/i.test(category) ? 'an' : 'a'} ${category}`;
}

function describe(brand: DemoBrand, scan: EnginePerception): string {
  const label = ENGINE_LABELS[scan.engine];
  if (!scan.knows) return `${label} does not recognise ${brand.name} and asks which company is meant.`;
  const category = localize(catalogFor(brand.vertical).category, 'en');
  const verdict = scan.recommends ? 'and recommends it' : 'but does not recommend it over better-known rivals';
  return `${label} describes ${brand.name} as ${withArticle(category)} known for ${localize(brand.knownFor, 'en')}, ${verdict}.`;
}

export function perceptionPayload(request: DataRequest): Payload {
  const brand = brandOf(request);
  const period = periodOf(request);
  const week = latestPerceptionWeek(period.to, request.now);
  const scans = ENGINES.map((engine) => enginePerception(brand, engine, week));
  const historyWeeks = Array.from({ length: 12 }, (_, i) => addDays(week, -7 * (11 - i)));
  return {
    data: {
      period,
      scanned_at: timeOnDay(week, SCAN_HOUR_UTC, 0),
      summary: perceptionSummary(brand, week),
      right: brand.perception.right
        .map((claim) => ({ claim, engines: scans.filter((s) => s.right.includes(claim)).map((s) => s.engine) }))
        .filter((row) => row.engines.length > 0),
      wrong: brand.perception.wrong
        .map(({ claim, truth }) => ({ claim, truth, engines: scans.filter((s) => s.wrong.some((w) => w.claim === claim)).map((s) => s.engine) }))
        .filter((row) => row.engines.length > 0),
      engines: scans.map((scan) => ({
        engine: scan.engine,
        label: ENGINE_LABELS[scan.engine],
        knows: scan.knows,
        recommends: scan.recommends,
        sentiment: scan.sentiment,
        says: describe(brand, scan),
        history: historyWeeks.map((w) => {
          const past = enginePerception(brand, scan.engine, w);
          return { week_start: w, knows: past.knows, recommends: past.recommends };
        }),
      })),
    },
  };
}

/** The brand's best-known rivals everywhere (market-independent, like perception itself). */
function globalRivals(brand: DemoBrand): string[] {
  return catalogFor(brand.vertical)
    .competitors.filter((c) => !c.countries)
    .sort((a, b) => b.strength - a.strength)
    .map((c) => c.name);
}

/** A claim placed after "that": lower case first, unless it starts with the brand's name. */
function midSentence(claim: string, brandName: string): string {
  const first = brandName.split(' ')[0] ?? brandName;
  return claim.startsWith(first) ? claim : `${claim.charAt(0).toLowerCase()}${claim.slice(1)}`;
}

function transcriptAnswers(brand: DemoBrand, scan: EnginePerception): [string, string][] {
  const [rival = 'the market leader', second = 'other established vendors'] = globalRivals(brand);
  const category = localize(catalogFor(brand.vertical).category, 'en');
  const knownFor = localize(brand.knownFor, 'en');
  if (!scan.knows) {
    return [
      [`What is ${brand.name}?`, `I could not find reliable information about "${brand.name}". If you share its website, I can tell you more.`],
      [
        `Would you recommend ${brand.name}?`,
        `I don't know enough about ${brand.name} to recommend it. For ${withArticle(category)}, ${rival} and ${second} are widely used.`,
      ],
      [`What are the downsides of ${brand.name}?`, `I don't have details about ${brand.name}, so I can't list its downsides.`],
    ];
  }
  const facts = [...scan.right, ...scan.wrong.map((w) => w.claim)].map((f) => `${f}.`).join(' ');
  const recommendation = scan.recommends
    ? `Yes. ${brand.name} stands out for ${knownFor}. Compare it with ${rival} before you decide.`
    : `It can work, but ${rival} and ${second} are more established choices. ${brand.name} is worth a look if ${knownFor} matters most to you.`;
  const firstWrong = scan.wrong[0];
  const downsides = firstWrong
    ? `People mention that ${midSentence(firstWrong.claim, brand.name)}, and its ecosystem is smaller than ${rival}'s.`
    : `Its ecosystem of integrations is smaller than ${rival}'s, and it has fewer independent reviews.`;
  return [
    [`What is ${brand.name}?`, `${brand.name} (${brand.domain}) is ${withArticle(category)} known for ${knownFor}. ${facts}`.trim()],
    [`Would you recommend ${brand.name}?`, recommendation],
    [`What are the downsides of ${brand.name}?`, downsides],
  ];
}

export function transcriptPayload(request: DataRequest): Payload {
  const brand = brandOf(request);
  const period = periodOf(request);
  const week = latestPerceptionWeek(period.to, request.now);
  const transcript = ENGINES.flatMap((engine, e) => {
    const scan = enginePerception(brand, engine, week);
    return transcriptAnswers(brand, scan).map(([question, answer], q) => ({
      engine,
      asked_at: timeOnDay(week, SCAN_HOUR_UTC, e * 4 + q),
      question,
      answer,
    }));
  });
  return { data: { period, scanned_at: timeOnDay(week, SCAN_HOUR_UTC, 0), transcript } };
}
