/**
 * What a report reads, planned before anything is read (and printed by --dry-run, as the
 * export prints its plan): per brand × market, one read per section the API answers, with
 * the period on the endpoints that take one. Data the reference calls identical in every
 * market (brand perception, the technical scan) is read once per brand, in its first
 * market, as the export reads it, so each shares the other's cached answer. Pure: the
 * cache and the budget are asked by the reads of many scopes (src/services/scopes.ts).
 */
import { REPORT_SECTIONS, type SectionId } from '../../../domain/report.js';
import type { PeriodFlags } from '../../../domain/period.js';
import { endpointById, type EndpointId, type EndpointSpec } from '../../../endpoints.js';
import type { ApiRequest } from '../../../http/client.js';
import type { ChosenBrand } from '../../../services/brand-choice.js';
import { scopeRequest } from '../../../services/scope-request.js';
import { readKey, type PlannedScope } from '../../../services/scopes.js';
import { formatCount } from '../../../output/views/numbers.js';
import { sanitizeForTerminal } from '../../../text/sanitize.js';

/** A section read from the API; `changes` is the history's. */
export type ReadSection = Exclude<SectionId, 'changes'>;

/**
 * The section each endpoint is read for, or `'none'`: every endpoint is named, so a new one
 * does not compile until it is given a section or none, and a section no endpoint reads
 * does not compile either (SECTION_ENDPOINTS).
 */
const SECTION_OF = {
  overview: 'headline',
  visibility: 'trend',
  competitors: 'share-of-voice',
  topics: 'topics',
  prompts: 'questions',
  'brand-perception': 'perception',
  pages: 'pages',
  'content-gaps': 'content-gaps',
  technical: 'technical',
  tasks: 'tasks',
  brands: 'none',
  markets: 'none',
  usage: 'none',
  'topics.get': 'none',
  answers: 'none',
  'answers.runs': 'none',
  'answers.history': 'none',
  'competitors.get': 'none',
  sources: 'none',
  'brand-perception.transcript': 'none',
  forum: 'none',
  'search-performance': 'none',
  'ai-crawlers': 'none',
  'ai-visitors': 'none',
  'tasks.get': 'none',
  'weekly-plan': 'none',
  activity: 'none',
  pitches: 'none',
  'pitches.get': 'none',
  'pitches.create': 'none',
} as const satisfies Record<EndpointId, ReadSection | 'none'>;

export const READ_SECTIONS: readonly ReadSection[] = REPORT_SECTIONS.filter((s): s is ReadSection => s !== 'changes');

/** The endpoint of each section some endpoint names: the sections no endpoint names are missing from its type. */
function endpointsBySection(): Record<Exclude<(typeof SECTION_OF)[EndpointId], 'none'>, EndpointId> {
  const ids = Object.keys(SECTION_OF) as EndpointId[];
  return Object.fromEntries(
    READ_SECTIONS.map((section) => {
      const read = ids.filter((id) => SECTION_OF[id] === section);
      if (read.length !== 1) throw new Error(`report section ${section} is read from ${read.length} endpoints: ${read.join(', ')}`);
      return [section, read[0]];
    }),
  ) as Record<Exclude<(typeof SECTION_OF)[EndpointId], 'none'>, EndpointId>;
}

/** The endpoint each section reads, in section order. */
export const SECTION_ENDPOINTS: Readonly<Record<ReadSection, EndpointId>> = endpointsBySection();

/** One request of the plan, and the sections of the scopes it serves. */
export interface PlannedRead {
  section: ReadSection;
  spec: EndpointSpec;
  request: ApiRequest;
}

/**
 * One brand × market of the report: `market` undefined is the brand's primary market. Every
 * section's read, in section order; a read of data the same in every market is the brand's
 * first scope's.
 */
export type ScopePlan = PlannedScope<PlannedRead>;

/**
 * The scopes of one brand: one per market (`markets` undefined or empty: the primary one),
 * each with every section's read; the reads of data the same in every market are the
 * first market's request in every scope, so they are made once.
 */
export function brandPlan(brand: ChosenBrand, markets: readonly string[] | undefined, period: PeriodFlags): ScopePlan[] {
  const list: Array<string | undefined> = markets === undefined || markets.length === 0 ? [undefined] : [...markets];
  const first = list[0];
  return list.map((market) => ({
    brand,
    market,
    reads: READ_SECTIONS.map((section) => {
      const spec = endpointById(SECTION_ENDPOINTS[section]);
      return { section, spec, request: scopeRequest(spec, brand, spec.sameInEveryMarket ? first : market, period) };
    }),
  }));
}

export interface PlanCount {
  /** Distinct reads the plan makes (GET /markets included, at least one market per unknown brand). */
  reads: number;
  /** Of those, how many the cache answers now: free. */
  cached: number;
  /** Brands whose markets GET /markets must tell first (--all-markets): the count is then at least. */
  discover: number;
  /** Reads left this month (GET /usage), when it said. */
  left: number | undefined;
}

/** Reads the plan spends: the uncached ones. */
export const spends = (c: PlanCount): number => c.reads - c.cached;

/** Would the plan be refused (more uncached reads than are left)? An unknown budget is not checked. */
export const refused = (c: PlanCount): boolean => c.left !== undefined && spends(c) > c.left;

/** The plan as --dry-run prints it: each brand × market and its sections, then the cost. */
export function renderPlan(
  scopes: readonly ScopePlan[],
  count: PlanCount,
  o: { span: { from: string; to: string; days: number }; cachedNow: (r: PlannedRead) => boolean; demo?: boolean },
): string {
  const lines: string[] = [`vis report: ${o.span.from} to ${o.span.to} (${o.span.days} day${o.span.days === 1 ? '' : 's'})`, ''];
  const made = new Set<string>();
  for (const s of scopes) {
    lines.push(sanitizeForTerminal(`${s.brand.name}${s.brand.id === undefined ? '' : ` (${s.brand.id})`}, ${s.market ?? 'its primary market'}`));
    for (const r of s.reads) {
      const key = readKey(r);
      const how = made.has(key) ? 'read above' : o.cachedNow(r) ? 'cached, free' : '1 read';
      made.add(key);
      lines.push(`  ${r.section.padEnd(15)} ${sanitizeForTerminal(commandOf(r))}  ${how}`);
    }
    lines.push(`  ${'changes'.padEnd(15)} ${o.demo === true ? 'the demo’s simulated days' : 'the recorded history'}  free`);
  }
  lines.push('');
  lines.push(readsSentence(count));
  if (count.discover > 0)
    lines.push(`vis markets tells the markets of ${count.discover} brand${count.discover === 1 ? '' : 's'} first: each further market adds reads.`);
  // Counts grouped as every other count vis prints (18,123), as export's plan prints them.
  lines.push(`Reads left this month: ${count.left === undefined ? 'unknown (vis usage did not say)' : formatCount(count.left)}`);
  if (refused(count)) lines.push(`Refused: the report needs ${formatCount(spends(count))} reads and ${formatCount(count.left ?? 0)} are left.`);
  return `${lines.join('\n')}\n`;
}

const PERIOD_KEYS: ReadonlySet<string> = new Set(['days', 'from', 'to']);

/** The read as the data command that makes it: `vis overview --days 30` (the brand and market are the scope's line). */
function commandOf(r: PlannedRead): string {
  const flags = (r.request.query ?? [])
    .filter(([k]) => k !== 'brand_id' && k !== 'market')
    .map(([k, v]) => {
      const param = r.spec.query.find((p) => p.name === k);
      // The period's days, from and to are every data command's own flags.
      return param ? `--${param.flag} ${v}` : PERIOD_KEYS.has(k) ? `--${k} ${v}` : `--param ${k}=${v}`;
    });
  return ['vis', ...r.spec.words, ...flags].join(' ');
}

/** What the plan reads and spends: `Reads: 10, 6 cached (free): 4 to spend`. */
function readsSentence(count: PlanCount): string {
  const atLeast = count.discover > 0 ? 'at least ' : '';
  const cached =
    count.cached === 0
      ? 'none cached'
      : count.cached === count.reads && atLeast === ''
        ? `all ${formatCount(count.cached)} cached (free)`
        : `${formatCount(count.cached)} cached (free)`;
  const toSpend = spends(count) === 0 && atLeast === '' ? 'nothing to spend' : `${atLeast}${formatCount(spends(count))} to spend`;
  return `Reads: ${atLeast}${formatCount(count.reads)}, ${cached}: ${toSpend}`;
}
