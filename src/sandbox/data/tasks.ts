/**
 * Tasks: what to do next, derived from what the other endpoints show (content gaps,
 * the technical scan, the sources AI trusts, forum threads AI cites), so every task can
 * point at its evidence. Each task belongs to one layer and has a brief.
 */
import { notFound } from '../errors.js';
import { localize } from './catalog.js';
import { contentGaps, type ContentGap } from './citations.js';
import { modelOf, trailingWindow, type DataRequest, type Payload, type ApiPeriod } from './context.js';
import { endpointById } from '../../endpoints.js';
import { addDays, daysBetween, isoDate, timeOnDay, weekStart } from './dates.js';
import { round1, visibilityOf, visibilityOver } from './metrics.js';
import { ENGINE_LABELS, type MarketModel, type Run } from './model.js';
import { hash32, rngFor, type Rng } from './prng.js';
import { technicalScan, type ScanIssue } from './technical.js';
import { topicThreads, type Thread } from './forum.js';

/** The layers `--layer` knows, from the endpoint table (the sandbox refuses any other). */
export const TASK_LAYERS: readonly string[] = knownValues('layer');
export type Layer = string;
export type TaskStatus = 'todo' | 'in_progress' | 'done' | 'dismissed';
/** Values `status` accepts, from the table: a task status, `open` (to do or in progress, the default) or `all`. */
export const TASK_STATUS_FILTERS: readonly string[] = knownValues('status');

function knownValues(name: string): readonly string[] {
  const known = endpointById('tasks').query.find((q) => q.name === name)?.known;
  if (!known) throw new Error(`the endpoint table gives /tasks no known values for ${name}`);
  return known;
}
export type Priority = 'high' | 'medium' | 'low';

const PRIORITY_ORDER: readonly Priority[] = ['high', 'medium', 'low'];
const WINDOW_DAYS = 30;

interface Evidence {
  kind: 'answer' | 'citation' | 'scan' | 'thread' | 'page';
  text: string;
  url: string | null;
}

export interface Task {
  id: number;
  key: string;
  title: string;
  layer: Layer;
  status: TaskStatus;
  priority: Priority;
  /** Expected visibility gain in percentage points across the task's topics. */
  impact: number;
  topics: string[];
  createdAt: string;
  updatedAt: string;
  why: string;
  steps: string[];
  evidence: Evidence[];
}

type Draft = Omit<Task, 'id' | 'status' | 'createdAt' | 'updatedAt'>;

function priorityFor(impact: number): Priority {
  return impact >= 6 ? 'high' : impact >= 3.5 ? 'medium' : 'low';
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function answerEvidence(model: MarketModel, runs: readonly Run[]): Evidence[] {
  return runs
    .filter((run) => run.state === 'absent')
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, 2)
    .map((run) => ({
      kind: 'answer' as const,
      text: `${ENGINE_LABELS[run.engine]} on ${run.date} named ${list(run.named)} but not ${model.brand.name}`,
      url: run.citations[0]?.url ?? null,
    }));
}

function contentDraft(model: MarketModel, gap: ContentGap, runs: readonly Run[]): Draft | null {
  if (gap.action === 'leave') return null;
  const q = gap.question;
  const own = runs.filter((run) => run.question === q);
  const rate = visibilityOf(own) ?? 0;
  const impact = round1(Math.max(1, (100 - rate) / 12));
  const instead = gap.citedInstead.length > 0 ? list(gap.citedInstead) : 'other sources';
  const rivals = list(model.competitors.slice(0, 2).map((c) => c.name));
  const facts = list(model.catalog.facts.slice(0, 3));
  const topicName = model.topicOf(q).name;
  if (gap.action === 'write') {
    return {
      key: `content:write:${q.key}`,
      title: `Write a page that answers “${q.text}”`,
      layer: 'content',
      priority: priorityFor(impact),
      impact,
      topics: [q.topicId],
      why: `AI answered this question ${gap.answers} times in the last ${WINDOW_DAYS} days and named ${model.brand.name} in ${rate}% of them. No page of ours answers it, so the engines cite ${instead} instead.`,
      steps: [
        `Answer “${q.text}” in the first paragraph, in plain words.`,
        `Compare ${model.brand.name} with ${rivals} on ${facts} in a table.`,
        'Add an FAQ section with the follow-up questions buyers ask.',
        `Link the page from the ${topicName} section and add it to sitemap.xml.`,
        'Two weeks after publishing, check whether engines cite it.',
      ],
      evidence: answerEvidence(model, own),
    };
  }
  const page = gap.page;
  if (!page) return null;
  return {
    key: `content:improve:${q.key}`,
    title: `Rework “${page.title}” so AI cites it for “${q.text}”`,
    layer: 'content',
    priority: priorityFor(impact * 0.8),
    impact: round1(impact * 0.8),
    topics: [q.topicId],
    why: `“${page.title}” covers this question, but none of the ${gap.answers} AI answers to it in the last ${WINDOW_DAYS} days cited it; they cited ${instead}.`,
    steps: [
      `Put a direct answer to “${q.text}” at the top of the page.`,
      `State the facts AI compares on: ${facts}.`,
      'Add a last-updated date and refresh any outdated figures.',
      'Check the page renders without JavaScript (`vis technical`).',
    ],
    evidence: [{ kind: 'page', text: `Our page: ${page.title}`, url: page.url }, ...answerEvidence(model, own)],
  };
}

function technicalDraft(model: MarketModel, issue: ScanIssue, scannedAt: string): Draft {
  const impact = { critical: 9, high: 6, medium: 3.5, low: 1.5 }[issue.severity];
  const topics = model.topics.filter((t) => issue.sitewide || t.pages.some((p) => issue.pages.some((url) => url.endsWith(p.path)))).map((t) => t.id);
  return {
    key: `technical:${issue.id}`,
    title: `Fix: ${issue.title}`,
    layer: 'technical',
    priority: priorityFor(impact),
    impact,
    topics,
    why: `${issue.description} It affects ${issue.pages.length} page${issue.pages.length === 1 ? '' : 's'}${issue.engines.length > 0 ? ` and hurts ${list(issue.engines.map((e) => ENGINE_LABELS[e]))}` : ''}.`,
    steps: [issue.fix, 'Deploy, then confirm the issue is gone in the next weekly scan (`vis technical`).'],
    evidence: [
      { kind: 'scan', text: `Found by the technical scan of ${scannedAt.slice(0, 10)}`, url: null },
      ...issue.pages.slice(0, 3).map((url) => ({ kind: 'page' as const, text: 'Affected page', url })),
    ],
  };
}

function authorityDrafts(model: MarketModel, runs: readonly Run[]): Draft[] {
  const tally = new Map<string, { domain: string; kind: string; count: number; urls: Set<string>; topics: Map<string, number> }>();
  for (const run of runs) {
    if (run.position !== null) continue;
    for (const c of run.citations) {
      if (c.kind !== 'review_site' && c.kind !== 'media') continue;
      const row = tally.get(c.domain) ?? { domain: c.domain, kind: c.kind, count: 0, urls: new Set<string>(), topics: new Map<string, number>() };
      row.count++;
      row.urls.add(c.url);
      row.topics.set(run.question.topicId, (row.topics.get(run.question.topicId) ?? 0) + 1);
      tally.set(c.domain, row);
    }
  }
  const category = localize(model.catalog.category, 'en');
  return [...tally.values()]
    .sort((a, b) => b.count - a.count || a.domain.localeCompare(b.domain))
    .slice(0, 3)
    .map((row) => {
      const topics = [...row.topics.entries()]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, 3)
        .map(([id]) => id);
      const impact = round1(Math.min(8, 1.5 + row.count / 15));
      const review = row.kind === 'review_site';
      return {
        key: `authority:${row.domain}`,
        title: review ? `Get ${model.brand.name} reviewed on ${row.domain}` : `Pitch ${row.domain} to include ${model.brand.name} in its ${category} roundup`,
        layer: 'authority' as const,
        priority: priorityFor(impact),
        impact,
        topics,
        why: `${row.domain} was cited in ${row.count} AI answers in the last ${WINDOW_DAYS} days that left ${model.brand.name} out.`,
        steps: review
          ? [
              `Claim or update the ${model.brand.name} profile on ${row.domain}.`,
              'Ask ten recent customers for a review there.',
              'Add current pricing, screenshots and the features buyers compare.',
            ]
          : [
              `Find the author of the ${row.domain} roundup.`,
              `Send a short note on what ${model.brand.name} does better, with a customer quote.`,
              'Offer a demo account for the next update of the article.',
            ],
        evidence: [...row.urls]
          .sort()
          .slice(0, 3)
          .map((url) => ({ kind: 'citation' as const, text: `Cited by AI instead of ${model.brand.name}`, url })),
      };
    });
}

function communityDrafts(model: MarketModel, threads: readonly Thread[]): Draft[] {
  return threads
    .filter((t) => t.citedBy.length > 0 && !t.mentions.includes(model.brand.name))
    .sort((a, b) => b.citedBy.length - a.citedBy.length || b.replies - a.replies || a.url.localeCompare(b.url))
    .slice(0, 3)
    .map((thread) => {
      const impact = round1(Math.min(6, 1 + thread.citedBy.length * 1.5));
      const named = thread.mentions.filter((name) => name !== model.brand.name);
      return {
        key: `community:${thread.url}`,
        title: `Answer “${thread.title}” on ${thread.forum}`,
        layer: 'community' as const,
        priority: priorityFor(impact),
        impact,
        topics: [thread.topicId],
        why: `The thread has ${thread.replies} replies and ${list(thread.citedBy.map((e) => ENGINE_LABELS[e]))} cite${thread.citedBy.length === 1 ? 's' : ''} it${named.length > 0 ? `; it names ${list(named)}` : ''} but not ${model.brand.name}.`,
        steps: [
          'Read the thread and the parts of it AI answers quote.',
          'Reply as a named employee, say so, and answer the question before mentioning the product.',
          'Link to one of our pages only where it answers the question.',
        ],
        evidence: [{ kind: 'thread', text: `${thread.forum}, posted ${thread.postedAt.slice(0, 10)}`, url: thread.url }],
      };
    });
}

/** Stable ids: a hash of the task's key, probed past collisions in key order. */
function assignIds(model: MarketModel, drafts: readonly Draft[]): Map<string, number> {
  const ids = new Map<string, number>();
  const used = new Set<number>();
  for (const key of drafts.map((d) => d.key).sort()) {
    let id = 1000 + (hash32(`${model.brand.id}|${model.market.code}|${key}`) % 9000);
    while (used.has(id)) id = id === 9999 ? 1000 : id + 1;
    used.add(id);
    ids.set(key, id);
  }
  return ids;
}

/**
 * Tasks already done. Tasks drawn from current findings are still open (or dismissed):
 * had they been done, the finding would be gone. These are the work that removed
 * earlier findings, completed in the past ten days.
 */
function doneDrafts(model: MarketModel): Draft[] {
  const rng = rngFor(model.brand.id, model.market.code, 'done-tasks');
  const brand = model.brand.name;
  const [rival] = model.competitors;
  const topic = rng.pick(model.topics);
  const page = topic.pages[0] ?? model.pages[0];
  const review = model.catalog.sources.find((s) => s.kind === 'review_site' && s.lang === model.lang) ?? model.catalog.sources[0];
  const drafts: Draft[] = [
    {
      key: 'done:comparison-page',
      title: `Publish a “${brand} vs ${rival?.name ?? 'the market leader'}” comparison page`,
      layer: 'content',
      priority: 'high',
      impact: 6.5,
      topics: model.topics.slice(0, 2).map((t) => t.id),
      why: `Answers comparing the two named ${rival?.name ?? 'the rival'} first and cited its pages, because we had no comparison of our own.`,
      steps: ['List the facts buyers compare, with sources.', 'Write the comparison with a table at the top.', 'Link it from the pricing page.'],
      evidence: [],
    },
    {
      key: 'done:faq',
      title: `Add an FAQ section to “${page?.title ?? 'the home page'}”`,
      layer: 'content',
      priority: 'medium',
      impact: 3.5,
      topics: [topic.id],
      why: `Engines quote FAQ answers almost verbatim; the page had none for ${topic.name}.`,
      steps: ['Collect the questions sales hears most.', 'Answer each in two sentences.', 'Mark the section up as FAQPage.'],
      evidence: page ? [{ kind: 'page', text: 'Updated page', url: page.url }] : [],
    },
    {
      key: 'done:sitemap',
      title: 'Submit the sitemap to Bing Webmaster Tools',
      layer: 'technical',
      priority: 'medium',
      impact: 3,
      topics: [],
      why: 'Copilot answers come from the Bing index, which had not seen half of the site.',
      steps: ['Verify the domain in Bing Webmaster Tools.', 'Submit sitemap.xml.', 'Check coverage a week later.'],
      evidence: [],
    },
    {
      key: 'done:review-profile',
      title: `Update the ${brand} profile on ${review?.domain ?? 'review sites'}`,
      layer: 'authority',
      priority: 'medium',
      impact: 4,
      topics: model.topics.slice(0, 3).map((t) => t.id),
      why: `${review?.domain ?? 'The review site'} is among the sources AI cites most; our profile showed last year’s pricing.`,
      steps: ['Claim the profile.', 'Update pricing, screenshots and the feature list.', 'Invite recent customers to review.'],
      evidence: review ? [{ kind: 'citation', text: 'Cited by AI in answers about us', url: `https://${review.domain}${review.paths[0] ?? '/'}` }] : [],
    },
  ];
  return drafts.filter(() => rng.chance(0.75));
}

/** Every task of the brand in the market, best first (shared by the requests at the model's moment: left unchanged). */
export function allTasks(model: MarketModel): readonly Task[] {
  return model.atThisMoment('tasks', () => tasksOf(model));
}

function tasksOf(model: MarketModel): Task[] {
  const window: ApiPeriod = trailingWindow(model, WINDOW_DAYS);
  const runs = model.runs(window.from, window.to);
  const scan = technicalScan(model.brand, model.now);
  const threads = model.topics.flatMap((topic) => topicThreads(model, topic, window, model.now));
  const open: Draft[] = [
    ...contentGaps(model, window).flatMap((gap) => contentDraft(model, gap, runs) ?? []),
    ...scan.issues.map((issue) => technicalDraft(model, issue, scan.scannedAt)),
    ...authorityDrafts(model, runs),
    ...communityDrafts(model, threads),
  ];
  const done = doneDrafts(model);
  const ids = assignIds(model, [...open, ...done]);
  const today = isoDate(model.now);
  const stamp = (draft: Draft, status: TaskStatus, created: string, updated: string, rng: Rng): Task => ({
    ...draft,
    id: ids.get(draft.key) ?? 0,
    status,
    createdAt: timeOnDay(created, rng.int(7, 11), rng.int(0, 59)),
    updatedAt: timeOnDay(updated, rng.int(12, 18), rng.int(0, 59)),
  });
  const tasks = [
    ...open.map((draft) => {
      const rng = rngFor(model.brand.id, model.market.code, 'task', draft.key);
      const roll = rng.next();
      const status: TaskStatus = roll < 0.65 ? 'todo' : roll < 0.9 ? 'in_progress' : 'dismissed';
      const created = addDays(today, -rng.int(2, 40));
      const updated = status === 'todo' ? created : addDays(created, rng.int(0, daysBetween(created, today)));
      return stamp(draft, status, created, updated, rng);
    }),
    ...done.map((draft) => {
      const rng = rngFor(model.brand.id, model.market.code, 'task', draft.key);
      const completed = addDays(today, -rng.int(0, 10));
      return stamp(draft, 'done', addDays(completed, -rng.int(3, 25)), completed, rng);
    }),
  ];
  return tasks.sort((a, b) => PRIORITY_ORDER.indexOf(a.priority) - PRIORITY_ORDER.indexOf(b.priority) || b.impact - a.impact || a.id - b.id);
}

function isOpen(task: Task): boolean {
  return task.status === 'todo' || task.status === 'in_progress';
}

export function openCounts(tasks: readonly Task[]): Record<Layer, number> {
  return Object.fromEntries(TASK_LAYERS.map((layer) => [layer, tasks.filter((t) => t.layer === layer && isOpen(t)).length])) as Record<Layer, number>;
}

function row(task: Task) {
  return {
    id: task.id,
    title: task.title,
    layer: task.layer,
    status: task.status,
    priority: task.priority,
    impact: task.impact,
    topics: task.topics,
    created_at: task.createdAt,
    updated_at: task.updatedAt,
  };
}

export function tasksPayload(request: DataRequest): Payload {
  const layer = request.params['layer'] === undefined ? undefined : String(request.params['layer']);
  // The server has checked both against TASK_LAYERS and TASK_STATUS_FILTERS.
  const status = String(request.params['status']);
  const limit = Number(request.params['limit']);
  const tasks = allTasks(modelOf(request));
  const matching = tasks.filter(
    (t) => (layer === undefined || t.layer === layer) && (status === 'all' || (status === 'open' ? isOpen(t) : t.status === status)),
  );
  return {
    data: {
      filters: { layer: layer ?? null, status, limit },
      open_counts: openCounts(tasks),
      total: matching.length,
      tasks: matching.slice(0, limit).map(row),
    },
  };
}

export function taskPayload(request: DataRequest): Payload {
  const model = modelOf(request);
  const tasks = allTasks(model);
  const task = tasks.find((t) => String(t.id) === request.pathParam);
  if (!task) throw notFound(`No task ${request.pathParam} in ${model.market.code}; GET /tasks?status=all lists them`);
  const window = trailingWindow(model, 7);
  return {
    data: {
      task: row(task),
      why: task.why,
      steps: task.steps.map((text, i) => ({ step: i + 1, text })),
      evidence: task.evidence,
      topics: task.topics.flatMap((id) => {
        const topic = model.topic(id);
        if (!topic) return [];
        const visibility = visibilityOver(model, window.from, window.to, topic.questions);
        return [{ id, name: topic.name, visibility, expected_lift: round1(task.impact / task.topics.length) }];
      }),
    },
  };
}

export function weeklyPlanPayload(request: DataRequest): Payload {
  const model = modelOf(request);
  const tasks = allTasks(model);
  const start = weekStart(isoDate(request.now));
  const week = { start, end: addDays(start, 6) };
  const card = (t: Task) => ({ id: t.id, title: t.title, layer: t.layer, priority: t.priority });
  const columns = [
    { name: 'To do', status: 'todo', tasks: tasks.filter((t) => t.status === 'todo').slice(0, 6) },
    { name: 'In progress', status: 'in_progress', tasks: tasks.filter((t) => t.status === 'in_progress') },
    { name: 'Done', status: 'done', tasks: tasks.filter((t) => t.status === 'done' && t.updatedAt.slice(0, 10) >= start) },
  ];
  return { data: { week, columns: columns.map((c) => ({ name: c.name, status: c.status, count: c.tasks.length, tasks: c.tasks.map(card) })) } };
}
