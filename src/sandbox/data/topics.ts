/** Topics: the list with scores for a period, and one topic in full. */
import { notFound } from '../errors.js';
import { modelOf, periodOf, previousPeriod, trailingWindow, type DataRequest, type Payload, type ApiPeriod } from './context.js';
import { addDays } from './dates.js';
import { byEngine, change, round1, statsOf, tallyOver, visibilityOf, visibilityOver, type Tally } from './metrics.js';
import { ENGINES, type MarketModel, type Run, type Topic } from './model.js';
import { rngFor } from './prng.js';
import { answerText } from './text.js';

/** What the pages AI cites have in common; the share of cited pages that have each. */
const CITED_PAGE_TRAITS = [
  'a comparison table',
  'prices on the page',
  'a last-updated date in the past 90 days',
  'an FAQ section',
  'customer quotes or review scores',
  'a one-paragraph summary at the top',
];

/** The twelve weekly blocks of 7 scans ending with the latest scan, oldest first. */
export function weeklyBlocks(model: MarketModel, weeks = 12): ApiPeriod[] {
  return Array.from({ length: weeks }, (_, i) => {
    const to = addDays(model.scanDate, -7 * (weeks - 1 - i));
    return { from: addDays(to, -6), to, days: 7 };
  });
}

/** Rivals AI named in the answers that left the brand out, most frequent first. */
export function rivalsNamedInstead(tally: Tally, count = 3): string[] {
  return [...tally.namedInstead.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([name]) => name);
}

export interface TopicScore {
  id: string;
  name: string;
  visibility: number | null;
  change: number | null;
  rank: number | null;
  share_of_voice: number | null;
  rivals: string[];
  questions: number;
}

export function topicScore(model: MarketModel, topic: Topic, period: ApiPeriod): TopicScore {
  const tally = tallyOver(model, period.from, period.to, topic.questions);
  const before = previousPeriod(period);
  const stats = statsOf(model, tally);
  const brand = stats.find((s) => s.isBrand);
  const visibility = brand?.visibility ?? null;
  return {
    id: topic.id,
    name: topic.name,
    visibility,
    change: change(visibility, visibilityOver(model, before.from, before.to, topic.questions)),
    rank: visibility === null ? null : 1 + stats.filter((s) => !s.isBrand && (s.visibility ?? 0) > visibility).length,
    share_of_voice: brand?.shareOfVoice ?? null,
    rivals: rivalsNamedInstead(tally),
    questions: topic.questions.length,
  };
}

/** Best first; topics with nothing measured last. */
export function byVisibility(a: { visibility: number | null; name: string }, b: { visibility: number | null; name: string }): number {
  return (b.visibility ?? -1) - (a.visibility ?? -1) || a.name.localeCompare(b.name);
}

export function topicsPayload(request: DataRequest): Payload {
  const model = modelOf(request);
  const period = periodOf(request);
  return { data: { period, topics: model.topics.map((topic) => topicScore(model, topic, period)).sort(byVisibility) } };
}

function headToHeads(model: MarketModel, runs: readonly Run[]) {
  const brand = model.brand.name;
  return model.competitors
    .map((rival) => {
      let brandAhead = 0;
      let rivalAhead = 0;
      let both = 0;
      for (const run of runs) {
        const b = run.named.indexOf(brand);
        const r = run.named.indexOf(rival.name);
        if (b < 0 && r < 0) continue;
        if (b >= 0 && r >= 0) both++;
        if (b >= 0 && (r < 0 || b < r)) brandAhead++;
        else rivalAhead++;
      }
      return { competitor: rival.name, brand_ahead: brandAhead, competitor_ahead: rivalAhead, both_named: both };
    })
    .sort((a, b) => b.competitor_ahead - b.brand_ahead - (a.competitor_ahead - a.brand_ahead) || a.competitor.localeCompare(b.competitor));
}

function topSources(runs: readonly Run[], count: number) {
  const tally = new Map<string, { url: string; domain: string; owner: string; title: string | null; citations: number }>();
  for (const run of runs) {
    for (const c of run.citations) {
      const row = tally.get(c.url) ?? { url: c.url, domain: c.domain, owner: c.owner, title: c.title, citations: 0 };
      row.citations++;
      tally.set(c.url, row);
    }
  }
  return [...tally.values()].sort((a, b) => b.citations - a.citations || a.url.localeCompare(b.url)).slice(0, count);
}

function contentAnalysis(model: MarketModel, topic: Topic) {
  const rng = rngFor(model.brand.id, model.market.code, 'analysis', topic.id);
  return {
    facts_compared: rng.sample(model.catalog.facts, 4).map((fact) => ({
      fact,
      brand_page_states_it: topic.pages.length > 0 && rng.chance(0.55),
    })),
    cited_pages_share: rng
      .sample(CITED_PAGE_TRAITS, 4)
      .map((trait) => ({ trait, share: round1(rng.float(25, 90)) }))
      .sort((a, b) => b.share - a.share),
  };
}

export function topicPayload(request: DataRequest): Payload {
  const model = modelOf(request);
  const topic = model.topic(request.pathParam ?? '');
  if (!topic) throw notFound(`No topic "${request.pathParam}" in ${model.market.code}; GET /topics lists them`);
  const window = trailingWindow(model, 7);
  const runs = model.runs(window.from, window.to, topic.questions);
  const questions = topic.questions.map((question) => {
    const own = runs.filter((run) => run.question === question);
    return {
      id: question.key,
      prompt: question.text,
      rate: visibilityOf(own),
      engines: byEngine((engine) => {
        const latest = own.filter((run) => run.engine === engine).sort((a, b) => b.date.localeCompare(a.date))[0];
        return {
          state: latest?.state ?? 'no_answer',
          position: latest?.position ?? null,
          answered_at: latest?.at ?? null,
          answer: latest ? answerText(model, latest) : null,
        };
      }, ENGINES),
    };
  });
  return {
    data: {
      topic: topicScore(model, topic, window),
      window,
      questions,
      head_to_heads: headToHeads(model, runs),
      sources: topSources(runs, 8),
      history: weeklyBlocks(model).map((block) => ({
        week_start: block.from,
        week_end: block.to,
        visibility: visibilityOver(model, block.from, block.to, topic.questions),
      })),
      content_analysis: contentAnalysis(model, topic),
      pages: topic.pages.map((page) => ({ url: page.url, title: page.title })),
    },
  };
}
