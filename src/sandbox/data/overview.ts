/** The home summary and the brand-wide visibility score. */
import { modelOf, periodOf, previousPeriod, trailingWindow, type DataRequest, type Payload } from './context.js';
import { eachDay } from './dates.js';
import { change, round1, statsOf, tallyOver, visibilityOver, type CompanyStats } from './metrics.js';
import { latestPerceptionWeek, perceptionSummary } from './perception.js';
import { allTasks, openCounts } from './tasks.js';
import { technicalScan } from './technical.js';
import { topicScore, weeklyBlocks } from './topics.js';
import { crawlerTraffic, visitorTraffic } from './traffic.js';

function brandStats(stats: readonly CompanyStats[]): CompanyStats | undefined {
  return stats.find((s) => s.isBrand);
}

function difference(now: number | null, before: number | null): number | null {
  return now === null || before === null ? null : round1(now - before);
}

export function overviewPayload(request: DataRequest): Payload {
  const model = modelOf(request);
  const period = periodOf(request);
  const before = previousPeriod(period);
  const stats = statsOf(model, tallyOver(model, period.from, period.to));
  const previous = statsOf(model, tallyOver(model, before.from, before.to));
  const brand = brandStats(stats);
  const brandBefore = brandStats(previous);
  const rivals = stats
    .filter((s) => !s.isBrand)
    .sort((a, b) => (b.shareOfVoice ?? -1) - (a.shareOfVoice ?? -1) || a.name.localeCompare(b.name))
    .slice(0, 3);
  const days = eachDay(period.from, period.to);
  const daily = days.map((day) => {
    const dayStats = model.scanned(day) ? statsOf(model, tallyOver(model, day, day)) : null;
    const own = dayStats ? brandStats(dayStats) : undefined;
    return {
      date: day,
      visibility: own?.visibility ?? null,
      share_of_voice: own?.shareOfVoice ?? null,
      position: own?.position ?? null,
      citations: dayStats ? (own?.citations ?? 0) : null,
      rivals: rivals.map((rival) => ({ name: rival.name, visibility: dayStats?.find((s) => s.name === rival.name)?.visibility ?? null })),
    };
  });
  const ownPagesCited = (from: string, to: string) =>
    new Set(model.runs(from, to).flatMap((run) => run.citations.filter((c) => c.owner === 'brand').map((c) => c.url))).size;
  const pagesNow = ownPagesCited(period.from, period.to);
  const pro = request.account.plan !== 'monitor';
  const crawlers = pro ? crawlerTraffic(model.brand, model.market, period, request.now) : null;
  const visitors = pro ? visitorTraffic(model.brand, model.market, period, request.now) : null;

  return {
    data: {
      period,
      visibility: { score: brand?.visibility ?? null, change: change(brand?.visibility ?? null, brandBefore?.visibility ?? null) },
      share_of_voice: { value: brand?.shareOfVoice ?? null, change: change(brand?.shareOfVoice ?? null, brandBefore?.shareOfVoice ?? null) },
      // A lower position is better, so a negative change is an improvement.
      position: { value: brand?.position ?? null, change: difference(brand?.position ?? null, brandBefore?.position ?? null) },
      citations: { value: brand?.citations ?? 0, change: (brand?.citations ?? 0) - (brandBefore?.citations ?? 0) },
      rivals: rivals.map((r) => ({ name: r.name, visibility: r.visibility, share_of_voice: r.shareOfVoice, position: r.position, citations: r.citations })),
      daily,
      // Pro and Growth features are null on Monitor rather than leaked through the summary.
      perception: pro ? perceptionSummary(model.brand, latestPerceptionWeek(period.to, request.now)) : null,
      cited_pages: { value: pagesNow, change: pagesNow - ownPagesCited(before.from, before.to) },
      weakest_topics: model.topics
        .map((topic) => topicScore(model, topic, period))
        .sort((a, b) => (a.visibility ?? 101) - (b.visibility ?? 101) || a.name.localeCompare(b.name))
        .slice(0, 5)
        .map((t) => ({ id: t.id, name: t.name, visibility: t.visibility, change: t.change })),
      ai_traffic: crawlers && visitors ? { crawler_hits: crawlers.total, ai_visits: visitors.total, ai_visits_change_pct: visitors.changePct } : null,
      readiness_score: technicalScan(model.brand, request.now).readiness,
      open_tasks: pro ? openCounts(allTasks(model)) : null,
    },
  };
}

export function visibilityPayload(request: DataRequest): Payload {
  const model = modelOf(request);
  const window = trailingWindow(model, 7);
  const before = previousPeriod(window);
  const score = visibilityOver(model, window.from, window.to);
  return {
    data: {
      score,
      change: change(score, visibilityOver(model, before.from, before.to)),
      window,
      history: weeklyBlocks(model).map((block) => ({
        week_start: block.from,
        week_end: block.to,
        score: visibilityOver(model, block.from, block.to),
      })),
    },
  };
}
