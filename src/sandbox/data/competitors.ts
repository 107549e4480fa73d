/** Competitors: share of voice over the last 30 days, and one rival in detail. */
import { notFound } from '../errors.js';
import { modelOf, previousPeriod, trailingWindow, type DataRequest, type Payload } from './context.js';
import { answered, change, companyStats, percent, round1, statsOf, tallyOver } from './metrics.js';
import { ENGINES, type Company, type MarketModel } from './model.js';
import { excerptAbout } from './text.js';

const WINDOW_DAYS = 30;

export function competitorsPayload(request: DataRequest): Payload {
  const model = modelOf(request);
  const window = trailingWindow(model, WINDOW_DAYS);
  const before = previousPeriod(window);
  const tally = tallyOver(model, window.from, window.to, model.questions, true);
  const previous = statsOf(model, tallyOver(model, before.from, before.to));
  const stats = statsOf(model, tally);
  return {
    data: {
      window,
      competitors: stats
        .map((s) => ({
          name: s.name,
          domain: s.domain,
          is_brand: s.isBrand,
          share_of_voice: s.shareOfVoice,
          change: change(s.shareOfVoice, previous.find((p) => p.name === s.name)?.shareOfVoice ?? null),
          visibility: s.visibility,
          mentions: s.mentions,
          position: s.position,
          questions: model.questions.filter((q) => tally.companies.get(s.name)?.questions.has(q.key) === true).length,
          citations: s.citations,
        }))
        .sort((a, b) => (b.share_of_voice ?? -1) - (a.share_of_voice ?? -1) || a.name.localeCompare(b.name)),
    },
  };
}

/** How `{name}` is matched: percent-decoded by the server, then compared after Unicode
 * normalisation, trimming and lower-casing, so "globex crm" finds "Globex CRM". */
export function findCompany(model: MarketModel, name: string): Company | undefined {
  const fold = (text: string) => text.normalize('NFC').trim().toLowerCase();
  return model.companies.find((company) => fold(company.name) === fold(name));
}

export function competitorPayload(request: DataRequest): Payload {
  const model = modelOf(request);
  const name = request.pathParam ?? '';
  const rival = findCompany(model, name);
  if (!rival) throw notFound(`No competitor "${name}" in ${model.market.code}; GET /competitors lists them`);
  if (rival.isBrand) throw notFound(`"${rival.name}" is the brand itself, not a competitor; GET /topics shows how it does`);
  const window = trailingWindow(model, WINDOW_DAYS);
  const before = previousPeriod(window);
  const runs = answered(model.runs(window.from, window.to));
  const stats = companyStats(model, runs).find((s) => s.name === rival.name);
  const previous = companyStats(model, model.runs(before.from, before.to)).find((s) => s.name === rival.name);
  const brand = model.brand.name;

  const topics = model.topics
    .map((topic) => {
      const own = runs.filter((run) => run.question.topicId === topic.id);
      const rivalVisibility = percent(own.filter((run) => run.named.includes(rival.name)).length, own.length);
      const brandVisibility = percent(own.filter((run) => run.named.includes(brand)).length, own.length);
      return {
        id: topic.id,
        name: topic.name,
        competitor_visibility: rivalVisibility,
        brand_visibility: brandVisibility,
        lead: rivalVisibility === null || brandVisibility === null ? null : round1(rivalVisibility - brandVisibility),
      };
    })
    .filter((row) => row.lead !== null && row.lead > 0)
    .sort((a, b) => (b.lead ?? 0) - (a.lead ?? 0) || a.id.localeCompare(b.id));

  const questionsWon = model.questions
    .map((question) => {
      const latest = ENGINES.flatMap((engine) => {
        const run = runs.filter((r) => r.question === question && r.engine === engine).sort((a, b) => b.date.localeCompare(a.date))[0];
        return run && run.named.includes(rival.name) && !run.named.includes(brand) ? [engine] : [];
      });
      return { prompt_id: question.key, prompt: question.text, engines: latest };
    })
    .filter((row) => row.engines.length > 0);

  const said = runs
    .filter((run) => run.named.includes(rival.name))
    .sort((a, b) => b.at.localeCompare(a.at) || a.question.key.localeCompare(b.question.key))
    .slice(0, 5)
    .map((run) => ({ engine: run.engine, prompt: run.question.text, run_at: run.at, excerpt: excerptAbout(model, run, rival.name) }));

  const pages = rival.pages
    .map((page) => ({ url: page.url, title: page.title, citations: runs.filter((run) => run.citations.some((c) => c.url === page.url)).length }))
    .sort((a, b) => b.citations - a.citations || a.url.localeCompare(b.url));

  return {
    data: {
      competitor: {
        name: rival.name,
        domain: rival.domain,
        share_of_voice: stats?.shareOfVoice ?? null,
        change: change(stats?.shareOfVoice ?? null, previous?.shareOfVoice ?? null),
        visibility: stats?.visibility ?? null,
        position: stats?.position ?? null,
        mentions: stats?.mentions ?? 0,
      },
      window,
      topics,
      questions_won: questionsWon,
      said,
      pages,
    },
  };
}
