/**
 * The sandbox's payloads, one builder per endpoint id of src/endpoints.ts.
 *
 * Conventions every builder keeps (renderers rely on them):
 * - `data` is an object; an endpoint's main collection is the array at `data[spec.collection]`.
 * - Shares, rates and visibility are percentages: numbers 0-100 with one decimal
 *   (42.5 means 42.5%). Positions are averages with one decimal; 1 is best.
 * - `change` is the difference from the previous period of the same length, in the
 *   figure's own unit: percentage points for a percentage, places for a position (so
 *   negative is better), a count for a count. `change_pct` is a count's relative change
 *   in percent.
 * - null means "not measured" (no scan that day, nothing to divide by), never 0.
 * - Dates are UTC `YYYY-MM-DD`; times are UTC ISO 8601 without milliseconds.
 * - Period endpoints carry `data.period = {from, to, days}`; endpoints counted over a
 *   fixed trailing window (7 days for answers, 30 for competitors and content gaps)
 *   carry `data.window` in the same shape.
 * - Text measured in a market (questions, answers, queries, threads) is in the market's
 *   language; text the vendor writes (summaries, briefs, events) is English.
 * - Brand perception and the technical scan read only the brand, never the market, so
 *   they are byte-identical across markets.
 *
 * Everything is deterministic: the same request with the same clock and the same
 * sandbox state (pitches created) gives the same bytes.
 */
import type { EndpointId } from '../endpoints.js';
import { brandsPayload, marketsPayload, usagePayload } from './data/account.js';
import { activityPayload } from './data/activity.js';
import { answersPayload, historyPayload, promptsPayload, runsPayload } from './data/answers.js';
import { contentGapsPayload, pagesPayload, sourcesPayload } from './data/citations.js';
import { competitorPayload, competitorsPayload } from './data/competitors.js';
import type { PayloadBuilder } from './data/context.js';
import { forumPayload } from './data/forum.js';
import { overviewPayload, visibilityPayload } from './data/overview.js';
import { perceptionPayload, transcriptPayload } from './data/perception.js';
import { createPitchPayload, pitchPayload, pitchesPayload } from './data/pitches.js';
import { searchPayload } from './data/search.js';
import { taskPayload, tasksPayload, weeklyPlanPayload } from './data/tasks.js';
import { technicalPayload } from './data/technical.js';
import { topicPayload, topicsPayload } from './data/topics.js';
import { crawlersPayload, visitorsPayload } from './data/traffic.js';

export type { DataRequest, Payload, PayloadBuilder } from './data/context.js';

/** Keyed by endpoint id: an endpoint of the table without a builder does not compile. */
export const PAYLOAD_BUILDERS: Readonly<Record<EndpointId, PayloadBuilder>> = {
  brands: brandsPayload,
  markets: marketsPayload,
  usage: usagePayload,
  overview: overviewPayload,
  visibility: visibilityPayload,
  topics: topicsPayload,
  'topics.get': topicPayload,
  prompts: promptsPayload,
  answers: answersPayload,
  'answers.runs': runsPayload,
  'answers.history': historyPayload,
  competitors: competitorsPayload,
  'competitors.get': competitorPayload,
  sources: sourcesPayload,
  pages: pagesPayload,
  'content-gaps': contentGapsPayload,
  'brand-perception': perceptionPayload,
  'brand-perception.transcript': transcriptPayload,
  forum: forumPayload,
  'search-performance': searchPayload,
  technical: technicalPayload,
  'ai-crawlers': crawlersPayload,
  'ai-visitors': visitorsPayload,
  tasks: tasksPayload,
  'tasks.get': taskPayload,
  'weekly-plan': weeklyPlanPayload,
  activity: activityPayload,
  pitches: pitchesPayload,
  'pitches.get': pitchPayload,
  'pitches.create': createPitchPayload,
};
