/** What AI cites: sources by domain, the brand's own pages, and content gaps per question. */
import { modelOf, periodOf, previousPeriod, trailingWindow, type DataRequest, type Payload, type ApiPeriod } from './context.js';
import { byEngine, percent } from './metrics.js';
import { ENGINES, type Engine, type MarketModel, type OwnPage, type Question, type Run } from './model.js';

export type GapAction = 'write' | 'improve' | 'leave';

/** A page cited by fewer than this share of the question's answers still needs work. */
const RARELY_CITED = 0.1;

export interface ContentGap {
  question: Question;
  page: OwnPage | null;
  answers: number;
  citations: number;
  citedBy: Engine[];
  citedInstead: string[];
  action: GapAction;
  reason: string;
}

/** Domains cited most in `runs`, other than the brand's own. */
function citedInstead(model: MarketModel, runs: readonly Run[], count: number): string[] {
  const tally = new Map<string, number>();
  for (const run of runs) for (const c of run.citations) if (c.owner !== 'brand') tally.set(c.domain, (tally.get(c.domain) ?? 0) + 1);
  return [...tally.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([domain]) => model.companies.find((c) => c.domain === domain)?.name ?? domain);
}

/** Per question: is there a page, does AI cite it, and so what to do. */
export function contentGaps(model: MarketModel, window: ApiPeriod): ContentGap[] {
  const runs = model.runs(window.from, window.to);
  return model.questions.map((question) => {
    const own = runs.filter((run) => run.question === question && run.answered);
    const citing = own.filter((run) => run.citations.some((c) => c.owner === 'brand'));
    const citedBy = ENGINES.filter((engine) => citing.some((run) => run.engine === engine));
    const instead = citedInstead(model, own, 3);
    const insteadText = instead.length > 0 ? `AI cites ${instead.join(', ')} instead` : 'AI cites no page for it';
    let action: GapAction;
    let reason: string;
    if (!question.page) {
      action = 'write';
      reason = `No page of ours answers this question; ${insteadText}.`;
    } else if (citing.length < own.length * RARELY_CITED) {
      action = 'improve';
      reason =
        citing.length === 0
          ? `“${question.page.title}” covers it, but no answer to this question in the last ${window.days} days cited it; ${insteadText}.`
          : `“${question.page.title}” covers it, but only ${citing.length} of the ${own.length} answers to this question cited it; ${insteadText}.`;
    } else {
      action = 'leave';
      reason = `Cited in ${citing.length} of the ${own.length} answers to this question, by ${citedBy.join(', ')}.`;
    }
    return { question, page: question.page, answers: own.length, citations: citing.length, citedBy, citedInstead: instead, action, reason };
  });
}

export function contentGapsPayload(request: DataRequest): Payload {
  const model = modelOf(request);
  const window = trailingWindow(model, 30);
  const gaps = contentGaps(model, window);
  return {
    data: {
      window,
      summary: {
        write: gaps.filter((g) => g.action === 'write').length,
        improve: gaps.filter((g) => g.action === 'improve').length,
        leave: gaps.filter((g) => g.action === 'leave').length,
      },
      gaps: gaps.map((gap) => ({
        prompt_id: gap.question.key,
        prompt: gap.question.text,
        topic_id: gap.question.topicId,
        topic: model.topicOf(gap.question).name,
        has_page: gap.page !== null,
        page_url: gap.page?.url ?? null,
        cited: gap.citations > 0,
        citations: gap.citations,
        cited_by: gap.citedBy,
        action: gap.action,
        reason: gap.reason,
      })),
    },
  };
}

export function sourcesPayload(request: DataRequest): Payload {
  const model = modelOf(request);
  const period = periodOf(request);
  const runs = model.runs(period.from, period.to).filter((run) => run.answered);
  interface Row {
    domain: string;
    kind: string;
    owner: string;
    citations: number;
    engines: Record<string, number>;
    topics: Set<string>;
    urls: Map<string, number>;
  }
  const rows = new Map<string, Row>();
  let total = 0;
  for (const run of runs) {
    for (const c of run.citations) {
      total++;
      const row = rows.get(c.domain) ?? {
        domain: c.domain,
        kind: c.kind,
        owner: c.owner,
        citations: 0,
        engines: byEngine(() => 0, ENGINES),
        topics: new Set<string>(),
        urls: new Map<string, number>(),
      };
      row.citations++;
      row.engines[run.engine] = (row.engines[run.engine] ?? 0) + 1;
      row.topics.add(run.question.topicId);
      row.urls.set(c.url, (row.urls.get(c.url) ?? 0) + 1);
      rows.set(c.domain, row);
    }
  }
  const sources = [...rows.values()]
    .sort((a, b) => b.citations - a.citations || a.domain.localeCompare(b.domain))
    .map((row) => ({
      domain: row.domain,
      kind: row.kind,
      owner: row.owner,
      citations: row.citations,
      share: percent(row.citations, total),
      engines: row.engines,
      topics: [...row.topics].sort(),
      top_url: [...row.urls.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null,
    }));
  return { data: { period, totals: { answers: runs.length, citations: total }, sources } };
}

function ownCitations(runs: readonly Run[]): Map<string, { count: number; engines: Record<string, number> }> {
  const counts = new Map<string, { count: number; engines: Record<string, number> }>();
  for (const run of runs) {
    for (const c of run.citations) {
      if (c.owner !== 'brand') continue;
      const row = counts.get(c.url) ?? { count: 0, engines: byEngine(() => 0, ENGINES) };
      row.count++;
      row.engines[run.engine] = (row.engines[run.engine] ?? 0) + 1;
      counts.set(c.url, row);
    }
  }
  return counts;
}

export function pagesPayload(request: DataRequest): Payload {
  const model = modelOf(request);
  const period = periodOf(request);
  const before = previousPeriod(period);
  const runs = model.runs(period.from, period.to);
  const now = ownCitations(runs);
  const then = ownCitations(model.runs(before.from, before.to));
  const topicOfPage = (url: string) => model.topics.find((t) => t.pages.some((p) => p.url === url))?.id ?? null;
  const pages = model.pages
    .filter((page) => now.has(page.url) || then.has(page.url))
    .map((page) => {
      const current = now.get(page.url)?.count ?? 0;
      const previous = then.get(page.url)?.count ?? 0;
      return {
        url: page.url,
        title: page.title,
        topic_id: topicOfPage(page.url),
        citations: current,
        previous_citations: previous,
        change: current - previous,
        engines: now.get(page.url)?.engines ?? byEngine(() => 0, ENGINES),
      };
    })
    .sort((a, b) => b.citations - a.citations || a.url.localeCompare(b.url));
  const uncited = model.topics.flatMap((topic) =>
    topic.pages
      .filter((page) => !now.has(page.url))
      .map((page) => {
        const topicRuns = runs.filter((run) => run.question.topicId === topic.id);
        const tally = new Map<string, { url: string; domain: string; citations: number }>();
        for (const run of topicRuns) {
          for (const c of run.citations) {
            const row = tally.get(c.url) ?? { url: c.url, domain: c.domain, citations: 0 };
            row.citations++;
            tally.set(c.url, row);
          }
        }
        return {
          url: page.url,
          title: page.title,
          topic_id: topic.id,
          cited_instead: [...tally.values()].sort((a, b) => b.citations - a.citations || a.url.localeCompare(b.url)).slice(0, 3),
        };
      }),
  );
  return { data: { period, previous_period: before, pages, uncited } };
}
