/**
 * One schema per endpoint for the `data` of its success envelope, written from the API's
 * documented entities (enumerations, 0-100-or-null scores, the period object, the
 * 12-week history) and the sandbox's shapes where the reference says "not
 * shown". A map over EndpointId, so an endpoint without a schema does not compile.
 *
 * What the schemas are for: checking the sandbox's answers (test/schemas/) and the CLI's
 * known row columns (columns.ts). They never gate what the CLI shows: data that does not
 * match is still printed in full. So every object is open (`looseObject`): fields beyond
 * these are allowed, since the payload's full shape is not shown by the reference.
 *
 * Enumerations are closed only where the reference lists the values (answer states,
 * content-gap actions, weekly plan columns, search-performance grouping); the sandbox's
 * other words (task layers, severities, sentiments) are plain strings here.
 *
 * zod/mini like the flag rules (smaller bundle); this module is only imported lazily,
 * where a command needs it, so `--help` and plain requests never build it.
 */
import * as z from 'zod/mini';
import type { EndpointId } from '../endpoints.js';

/** The dominant state of one engine for one question over 7 days. */
export const ANSWER_STATES = ['open', 'absent', 'mentioned', 'recommended', 'no_answer'] as const;
/** What to do about a question's page. */
export const GAP_ACTIONS = ['write', 'improve', 'leave'] as const;
/** The columns of the weekly plan board. */
export const PLAN_COLUMNS = ['To do', 'In progress', 'Done'] as const;
/** `query` (keywords, default) or `page` (URLs). */
export const SEARCH_GROUPINGS = ['query', 'page'] as const;
/** The engines the sandbox asks; the reference does not name them. */
export const ENGINE_NAMES = ['chatgpt', 'perplexity', 'gemini', 'claude', 'copilot'] as const;

const text = z.string();
const int = z.int();
const num = z.number();
const bool = z.boolean();
const date = z.iso.date();
const datetime = z.iso.datetime();
/** A percentage: share of voice, a rate, a share. */
const percent = z.number().check(z.minimum(0), z.maximum(100));
/** Reference: a score is 0-100, null when nothing was measured (0 means named nowhere). */
const score = z.nullable(percent);
/** A change between two periods, in points: may be negative. */
const change = z.number();
const state = z.enum(ANSWER_STATES);

/** `data.period` of period-based endpoints. */
const period = z.looseObject({ from: date, to: date, days: z.int().check(z.minimum(1)) });
/** The rolling window an endpoint without period parameters reports on (same shape). */
const window = period;

/** An object with one field per engine, all of the same kind. */
function byEngine<T extends z.core.SomeType>(value: T) {
  return z.looseObject({ chatgpt: value, perplexity: value, gemini: value, claude: value, copilot: value });
}

const valueChange = z.looseObject({ value: num, change });
/** How many engines were asked about the brand, know it, would recommend it. */
const perceptionSummary = z.looseObject({ engines: int, knows: int, recommends: int });
/** Open tasks per layer. */
const layerCounts = z.looseObject({ content: int, technical: int, authority: int, community: int });

const brand = z.looseObject({
  id: int,
  name: text,
  domain: text,
  primary_market: text,
  markets: z.array(text),
  integrations: z.looseObject({ search_console: bool }),
});

const market = z.looseObject({ id: int, code: text, country: text, language: text, label: text, primary: bool });

const usage = z.looseObject({
  account: text,
  plan: text,
  plan_label: text,
  plan_active: bool,
  reads: z.looseObject({ limit: int, used: int, left: int }),
  resets_at: datetime,
  pitch_reports: z.looseObject({ allowance: int, used: int, left: int }),
});

const overview = z.looseObject({
  period,
  visibility: z.looseObject({ score, change: z.nullable(change) }),
  /** Null, like every figure of a day, when nothing was measured in the period. */
  share_of_voice: z.looseObject({ value: z.nullable(percent), change: z.nullable(change) }),
  position: z.looseObject({ value: z.nullable(num), change: z.nullable(change) }),
  citations: valueChange,
  rivals: z.array(z.looseObject({ name: text, visibility: score, share_of_voice: z.nullable(percent), position: z.nullable(num), citations: int })),
  daily: z.array(
    z.looseObject({
      date,
      visibility: score,
      share_of_voice: z.nullable(percent),
      position: z.nullable(num),
      citations: z.nullable(int),
      rivals: z.array(z.looseObject({ name: text, visibility: score })),
    }),
  ),
  /** Null where the plan has no perception, AI traffic or tasks (Monitor). */
  perception: z.nullable(perceptionSummary),
  cited_pages: valueChange,
  weakest_topics: z.array(z.looseObject({ id: text, name: text, visibility: score, change: z.nullable(change) })),
  ai_traffic: z.nullable(z.looseObject({ crawler_hits: int, ai_visits: int, ai_visits_change_pct: z.nullable(num) })),
  readiness_score: score,
  open_tasks: z.nullable(layerCounts),
});

/** Reference: brand-wide score over the trailing 7 days with 12 weeks of history. */
const visibility = z.looseObject({
  score,
  change: z.nullable(change),
  window,
  history: z.array(z.looseObject({ week_start: date, week_end: date, score })).check(z.length(12)),
});

const topic = z.looseObject({
  id: text,
  name: text,
  visibility: score,
  change: z.nullable(change),
  /** Null, like the share of voice, for a period with nothing measured. */
  rank: z.nullable(int),
  share_of_voice: z.nullable(percent),
  rivals: z.array(text),
  questions: int,
});

const topics = z.looseObject({ period, topics: z.array(topic) });

const latestAnswer = z.looseObject({ state, position: z.nullable(num), answered_at: z.nullable(datetime), answer: z.nullable(text) });

const topicInFull = z.looseObject({
  topic,
  window,
  questions: z.array(z.looseObject({ id: text, prompt: text, rate: percent, engines: byEngine(latestAnswer) })),
  head_to_heads: z.array(z.looseObject({ competitor: text, brand_ahead: int, competitor_ahead: int, both_named: int })),
  sources: z.array(z.looseObject({ url: text, domain: text, owner: text, title: z.nullable(text), citations: int })),
  history: z.array(z.looseObject({ week_start: date, week_end: date, visibility: score })).check(z.length(12)),
  content_analysis: z.looseObject({
    facts_compared: z.array(z.looseObject({ fact: text, brand_page_states_it: bool })),
    cited_pages_share: z.array(z.looseObject({ trait: text, share: percent })),
  }),
  pages: z.array(z.looseObject({ url: text, title: text })),
});

const prompts = z.looseObject({
  window,
  prompts: z.array(
    z.looseObject({ id: text, prompt: text, topic_id: text, engines: byEngine(z.looseObject({ state, rate: percent, position: z.nullable(num) })) }),
  ),
});

const answers = z.looseObject({
  window,
  answers: z.array(
    z.looseObject({ id: text, prompt: text, topic_id: text, topic: text, rate: percent, runs_counted: int, named: int, engines: byEngine(state) }),
  ),
});

const answerRuns = z.looseObject({
  prompt: text,
  prompt_id: text,
  topic_id: text,
  window,
  rate: percent,
  runs: z.array(
    z.looseObject({
      engine: text,
      run_at: datetime,
      state,
      named_brand: bool,
      position: z.nullable(num),
      brands_named: z.array(text),
      /** Null when the engine gave no answer (`no_answer`). */
      answer: z.nullable(text),
      citations: z.array(text),
    }),
  ),
});

const answerHistory = z.looseObject({
  period,
  history: z.array(z.looseObject({ date, prompt_id: text, prompt: text, topic_id: text, rate: percent, engines: byEngine(z.nullable(state)) })),
});

const competitors = z.looseObject({
  window,
  competitors: z.array(
    z.looseObject({
      name: text,
      domain: text,
      is_brand: bool,
      share_of_voice: percent,
      change: z.nullable(change),
      visibility: score,
      mentions: int,
      position: z.nullable(num),
      questions: int,
      citations: int,
    }),
  ),
});

const competitor = z.looseObject({
  competitor: z.looseObject({
    name: text,
    domain: text,
    share_of_voice: percent,
    change: z.nullable(change),
    visibility: score,
    position: z.nullable(num),
    mentions: int,
  }),
  window,
  topics: z.array(z.looseObject({ id: text, name: text, competitor_visibility: score, brand_visibility: score, lead: num })),
  questions_won: z.array(z.looseObject({ prompt_id: text, prompt: text, engines: z.array(text) })),
  said: z.array(z.looseObject({ engine: text, prompt: text, run_at: datetime, excerpt: text })),
  pages: z.array(z.looseObject({ url: text, title: text, citations: int })),
});

const sources = z.looseObject({
  period,
  totals: z.looseObject({ answers: int, citations: int }),
  sources: z.array(
    z.looseObject({
      domain: text,
      kind: text,
      owner: text,
      citations: int,
      share: percent,
      engines: byEngine(int),
      topics: z.array(text),
      top_url: text,
    }),
  ),
});

const pages = z.looseObject({
  period,
  previous_period: period,
  pages: z.array(
    z.looseObject({
      url: text,
      title: text,
      topic_id: text,
      citations: int,
      previous_citations: int,
      change: int,
      engines: byEngine(int),
    }),
  ),
  uncited: z.array(
    z.looseObject({
      url: text,
      title: text,
      topic_id: text,
      cited_instead: z.array(z.looseObject({ url: text, domain: text, citations: int })),
    }),
  ),
});

const contentGaps = z.looseObject({
  window,
  summary: z.looseObject({ write: int, improve: int, leave: int }),
  gaps: z.array(
    z.looseObject({
      prompt_id: text,
      prompt: text,
      topic_id: text,
      topic: text,
      has_page: bool,
      page_url: z.nullable(text),
      cited: bool,
      citations: int,
      cited_by: z.array(text),
      action: z.enum(GAP_ACTIONS),
      reason: text,
    }),
  ),
});

const brandPerception = z.looseObject({
  period,
  scanned_at: datetime,
  summary: perceptionSummary,
  right: z.array(z.looseObject({ claim: text, engines: z.array(text) })),
  wrong: z.array(z.looseObject({ claim: text, truth: text, engines: z.array(text) })),
  engines: z.array(
    z.looseObject({
      engine: text,
      label: text,
      knows: bool,
      recommends: bool,
      sentiment: text,
      says: text,
      history: z.array(z.looseObject({ week_start: date, knows: bool, recommends: bool })),
    }),
  ),
});

const transcript = z.looseObject({
  period,
  scanned_at: datetime,
  transcript: z.array(z.looseObject({ engine: text, asked_at: datetime, question: text, answer: text })),
});

const forum = z.looseObject({
  period,
  limit: z.int().check(z.minimum(1), z.maximum(50)),
  topics: z.array(
    z.looseObject({
      topic_id: text,
      topic: text,
      threads_total: int,
      cited_total: int,
      brand_mentions: int,
      summary: text,
      threads: z.array(
        z.looseObject({
          title: text,
          url: text,
          forum: text,
          posted_at: datetime,
          replies: int,
          score: int,
          cited: bool,
          cited_by: z.array(text),
          mentions_brand: bool,
          mentions: z.array(text),
        }),
      ),
    }),
  ),
});

/** A click-through rate in percent; null without impressions. */
const ctr = z.nullable(percent);

/** A row of `group_by=query` (the default): one search query. */
const queryRow = z.looseObject({
  query: text,
  clicks: int,
  impressions: int,
  ctr,
  position: z.nullable(num),
  topic_id: z.nullable(text),
  page: text,
  ai_citations: z.nullable(int),
  ai_cited: z.nullable(bool),
});

/** A row of `group_by=page`: one page of the brand's site. */
const pageRow = z.looseObject({
  page: text,
  title: z.nullable(text),
  clicks: int,
  impressions: int,
  ctr,
  position: z.nullable(num),
  top_query: z.nullable(text),
  ai_citations: z.nullable(int),
  ai_cited: z.nullable(bool),
});

const searchPerformance = z.looseObject({
  period,
  group_by: z.enum(SEARCH_GROUPINGS),
  limit: int,
  totals: z.looseObject({ clicks: int, impressions: int, ctr, position: z.nullable(num) }),
  rows_total: int,
  rows: z.array(z.union([queryRow, pageRow])),
});

const technical = z.looseObject({
  scanned_at: datetime,
  readiness_score: score,
  engines: z.array(z.looseObject({ engine: text, label: text, score })),
  summary: z.looseObject({ critical: int, high: int, medium: int, low: int }),
  issues: z.array(
    z.looseObject({
      id: text,
      title: text,
      severity: text,
      category: text,
      engines: z.array(text),
      affected_pages: int,
      pages: z.array(text),
      description: text,
      fix: text,
    }),
  ),
});

const aiCrawlers = z.looseObject({
  period,
  source: text,
  totals: z.looseObject({ hits: int, bots: int, pages: int }),
  crawlers: z.array(
    z.looseObject({
      bot: text,
      operator: text,
      purpose: text,
      hits: int,
      pages: int,
      last_seen: z.nullable(datetime),
      top_pages: z.array(z.looseObject({ url: text, hits: int })),
    }),
  ),
  daily: z.array(z.looseObject({ date, hits: int })),
});

const aiVisitors = z.looseObject({
  period,
  totals: z.looseObject({ visits: int, change_pct: z.nullable(num) }),
  visitors: z.array(
    z.looseObject({
      engine: text,
      label: text,
      visits: int,
      change_pct: z.nullable(num),
      /** Null when the period had no AI visits at all. */
      share: z.nullable(percent),
      landing_pages: z.array(z.looseObject({ url: text, visits: int })),
    }),
  ),
  daily: z.array(z.looseObject({ date, visits: int })),
});

const task = z.looseObject({
  id: int,
  title: text,
  layer: text,
  status: text,
  priority: text,
  impact: num,
  topics: z.array(text),
  created_at: datetime,
  updated_at: datetime,
});

const tasks = z.looseObject({
  filters: z.looseObject({ layer: z.nullable(text), status: text, limit: int }),
  open_counts: layerCounts,
  total: int,
  tasks: z.array(task),
});

const taskBrief = z.looseObject({
  task,
  why: text,
  steps: z.array(z.looseObject({ step: int, text })),
  evidence: z.array(z.looseObject({ kind: text, text, url: z.optional(z.nullable(text)) })),
  topics: z.array(z.looseObject({ id: text, name: text, visibility: score, expected_lift: num })),
});

const weeklyPlan = z.looseObject({
  week: z.looseObject({ start: date, end: date }),
  columns: z.array(
    z.looseObject({
      name: z.enum(PLAN_COLUMNS),
      status: text,
      count: int,
      tasks: z.array(z.looseObject({ id: int, title: text, layer: text, priority: text })),
    }),
  ),
});

const activity = z.looseObject({
  period,
  events: z.array(
    z.looseObject({
      at: datetime,
      type: text,
      title: text,
      ref: z.nullable(z.looseObject({ kind: text, id: z.union([int, text]) })),
    }),
  ),
});

const pitchSummary = {
  id: int,
  prospect: text,
  domain: text,
  market: text,
  /** Null when the pitch was made without one (the body field is optional). */
  business_type: z.nullable(text),
  status: text,
  created_at: datetime,
  share_url: text,
};

const pitches = z.looseObject({
  allowance: z.looseObject({ allowance: int, used: int, left: int, resets_at: datetime }),
  pitches: z.array(z.looseObject(pitchSummary)),
});

const pitchReport = {
  ...pitchSummary,
  url: text,
  report: z.looseObject({
    questions_tracked: int,
    visibility: score,
    share_of_voice: percent,
    rank: int,
    engines: z.array(z.looseObject({ engine: text, visibility: score })),
    rivals: z.array(z.looseObject({ name: text, share_of_voice: percent })),
    highlights: z.array(text),
    opportunities: z.array(text),
  }),
};

export type DataSchema = z.ZodMiniType;

/** The `data` of each endpoint's success envelope. */
export const DATA_SCHEMAS: Readonly<Record<EndpointId, DataSchema>> = {
  brands: z.looseObject({ brands: z.array(brand) }),
  markets: z.looseObject({ markets: z.array(market) }),
  usage,
  overview,
  visibility,
  topics,
  'topics.get': topicInFull,
  prompts,
  answers,
  'answers.runs': answerRuns,
  'answers.history': answerHistory,
  competitors,
  'competitors.get': competitor,
  sources,
  pages,
  'content-gaps': contentGaps,
  'brand-perception': brandPerception,
  'brand-perception.transcript': transcript,
  forum,
  'search-performance': searchPerformance,
  technical,
  'ai-crawlers': aiCrawlers,
  'ai-visitors': aiVisitors,
  tasks,
  'tasks.get': taskBrief,
  'weekly-plan': weeklyPlan,
  activity,
  pitches,
  'pitches.get': z.looseObject(pitchReport),
  'pitches.create': z.looseObject({ ...pitchReport, allowance: z.looseObject({ allowance: int, used: int, left: int }) }),
};
