/**
 * Which endpoint has which view (by `EndpointSpec.id`): every endpoint is named, so a new
 * one does not compile until it is given a view or `'generic'` (the generic renderer,
 * which shows every field of any shape); see src/output/table.ts for when a view is used
 * at all.
 */
import type { EndpointId } from '../../endpoints.js';
import { entryOf } from './by-endpoint.js';
import type { View } from './context.js';
import { activityView } from './activity.js';
import { answersHistoryView, answersView } from './answers.js';
import { brandsView, marketsView } from './account.js';
import { competitorView, competitorsView } from './competitors.js';
import { crawlersView } from './crawlers.js';
import { forumView } from './forum.js';
import { contentGapsView, pagesView } from './pages.js';
import { perceptionView, transcriptView } from './perception.js';
import { pitchesView, pitchView } from './pitches.js';
import { promptsView } from './prompts.js';
import { runsView } from './runs.js';
import { overviewView, visibilityView } from './score.js';
import { searchView } from './search.js';
import { sourcesView } from './sources.js';
import { taskView, tasksView, weeklyPlanView } from './tasks.js';
import { technicalView } from './technical.js';
import { topicView, topicsView } from './topics.js';
import { usageView } from './usage.js';
import { visitorsView } from './visitors.js';

const VIEWS: Readonly<Record<EndpointId, View | 'generic'>> = {
  usage: usageView,
  overview: overviewView,
  visibility: visibilityView,
  topics: topicsView,
  'topics.get': topicView,
  prompts: promptsView,
  'answers.runs': runsView,
  answers: answersView,
  'answers.history': answersHistoryView,
  competitors: competitorsView,
  'competitors.get': competitorView,
  sources: sourcesView,
  pages: pagesView,
  'content-gaps': contentGapsView,
  forum: forumView,
  'brand-perception': perceptionView,
  'brand-perception.transcript': transcriptView,
  'search-performance': searchView,
  technical: technicalView,
  'ai-crawlers': crawlersView,
  tasks: tasksView,
  'tasks.get': taskView,
  'weekly-plan': weeklyPlanView,
  'pitches.get': pitchView,
  brands: brandsView,
  markets: marketsView,
  'ai-visitors': visitorsView,
  activity: activityView,
  pitches: pitchesView,
  'pitches.create': 'generic',
};

/** Takes any id: the table renderer also draws specs that are not endpoints of the table. */
export function viewFor(id: string): View | undefined {
  return entryOf(VIEWS, id, 'generic');
}

/** The endpoint ids that have a view, for tests. */
export const VIEW_IDS = (Object.keys(VIEWS) as EndpointId[]).filter((id) => VIEWS[id] !== 'generic') as readonly EndpointId[];
