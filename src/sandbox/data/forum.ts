/**
 * Forum threads buyers write, grouped by topic. Threads are drawn per topic per day, so
 * a thread keeps its title, URL and numbers in every period that includes its day.
 */
import { localize, type ForumSite, type Lang } from './catalog.js';
import { modelOf, periodOf, type DataRequest, type Payload, type ApiPeriod } from './context.js';
import { addDays, daysBetween, eachDay, isoDate, timeOnDay } from './dates.js';
import { ENGINES, type Engine, type MarketModel, type Topic } from './model.js';
import { hash32, rngFor, type Rng } from './prng.js';

/** Generic thread titles; {c1} and {c2} are two different rivals. */
const TEMPLATES: Readonly<Record<Lang, readonly string[]>> = {
  en: [
    '{c1} vs {c2}: which one did you pick and why?',
    'Switched from {c1} to {brand}, here is what happened',
    'Is {c1} still worth it in {year}?',
    'Honest review of {brand} after 6 months',
    'What {category} do you actually recommend? Budget is tight 🙏',
    '{c1} support has been awful lately, alternatives?',
    'Does {brand} work for customers in Japan? 日本語のサポートはありますか',
    'Looking for a {category} recommendation for a small business',
    'Hot take: {c2} is underrated',
    'Anyone else seeing {c1} raise prices this year?',
  ],
  de: [
    '{c1} oder {c2} – was nutzt ihr und warum?',
    'Erfahrungen mit {brand}?',
    'Wechsel von {c1} zu {brand} – lohnt sich das?',
    'Welches {category} empfehlt ihr für ein kleines Team?',
    'Probleme mit {c1} seit dem letzten Update – Alternativen?',
    'Ist {c2} sein Geld wert? Ehrliche Meinungen gesucht 🤔',
    'Kündigung bei {c1}: Wie komme ich an meine Daten?',
    'Günstige Alternative zu {c1} für Selbstständige?',
  ],
};

/** How often each engine cites a forum thread it could use; search-backed engines more. */
const CITES_FORUMS: Readonly<Record<Engine, number>> = { chatgpt: 0.1, perplexity: 0.22, gemini: 0.07, claude: 0.03, copilot: 0.09 };

export interface Thread {
  topicId: string;
  title: string;
  url: string;
  forum: string;
  postedAt: string;
  replies: number;
  score: number;
  citedBy: Engine[];
  mentions: string[];
}

const TRANSLITERATION: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

export function slugify(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[äöüß]/g, (ch) => TRANSLITERATION[ch] ?? ch)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // Long titles are cut at a word boundary, as forums do.
  return slug.length <= 60 ? slug : slug.slice(0, 60).replace(/-[^-]*$/, '');
}

function threadUrl(site: ForumSite, title: string, id: number): string {
  const slug = slugify(title) || 'thread';
  switch (site.style) {
    case 'reddit':
      return `${site.base}/comments/${id.toString(36).slice(0, 7)}/${slug.replace(/-/g, '_')}/`;
    case 'hn':
      return `${site.base}/item?id=${38_000_000 + (id % 4_000_000)}`;
    case 'quora':
      return `${site.base}/${slug
        .split('-')
        .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
        .join('-')}`;
    case 'gutefrage':
      return `${site.base}/frage/${slug}`;
    case 'xenforo':
      return `${site.base}/threads/${slug}.${id % 900_000}/`;
    case 'discourse':
      return `${site.base}/t/${slug}/${id % 90_000}`;
  }
}

function titleFor(model: MarketModel, topic: Topic, rng: Rng, year: string): string {
  const templates = TEMPLATES[model.lang];
  const own = topic.threadTitles;
  // Topic-specific titles are rarer than generic ones, as on a real forum.
  if (own.length > 0 && rng.chance(0.3)) return rng.pick(own);
  const [c1, c2] = rng.sample(model.competitors, 2);
  return rng
    .pick(templates)
    .replaceAll('{c1}', c1?.name ?? model.brand.name)
    .replaceAll('{c2}', c2?.name ?? c1?.name ?? model.brand.name)
    .replaceAll('{brand}', model.brand.name)
    .replaceAll('{category}', localize(model.catalog.category, model.lang))
    .replaceAll('{year}', year);
}

export function topicThreads(model: MarketModel, topic: Topic, period: ApiPeriod, now: Date): Thread[] {
  const sites = model.catalog.forums.filter((site) => site.lang === model.lang);
  if (sites.length === 0) return [];
  const rate = rngFor(model.brand.id, model.market.code, 'forum', topic.id).float(0.25, 1.2);
  const today = isoDate(now);
  const threads: Thread[] = [];
  for (const day of eachDay(period.from, period.to)) {
    if (day > today) break;
    const rng = rngFor(model.brand.id, model.market.code, 'forum', topic.id, day);
    const count = Math.floor(rate + rng.next());
    for (let i = 0; i < count; i++) {
      const title = titleFor(model, topic, rng, day.slice(0, 4));
      const site = rng.pick(sites);
      const replies = Math.round(Math.exp(rng.normal(2.3, 0.9)));
      // Whole days to the sandbox's today, not to the clock's hour: the same answer all day.
      const ageDays = daysBetween(day, today);
      const citedBy = ENGINES.filter((engine) => rng.chance(ageDays < 2 ? 0 : Math.min(0.8, CITES_FORUMS[engine] * (1 + replies / 40))));
      const mentions = model.companies.filter((company) => title.includes(company.name) || rng.chance(company.isBrand ? 0.2 : 0.25)).map((c) => c.name);
      threads.push({
        topicId: topic.id,
        title,
        url: threadUrl(site, title, hash32(`${model.brand.id}|${model.market.code}|${topic.id}|${day}|${i}`)),
        forum: site.name,
        postedAt: timeOnDay(day, rng.int(6, 22), rng.int(0, 59)),
        replies,
        score: Math.round(replies * rng.float(0.8, 3.5)),
        citedBy,
        mentions,
      });
    }
  }
  return threads;
}

function weeklySummary(model: MarketModel, threads: readonly Thread[], period: ApiPeriod): string {
  const weekFrom = addDays(period.to, -6);
  const recent = threads.filter((t) => t.postedAt.slice(0, 10) >= weekFrom);
  if (recent.length === 0) return 'No new threads in the last 7 days.';
  const cited = recent.filter((t) => t.citedBy.length > 0).length;
  const tally = new Map<string, number>();
  for (const t of recent) for (const name of t.mentions) tally.set(name, (tally.get(name) ?? 0) + 1);
  const rivals = [...tally.entries()].filter(([name]) => name !== model.brand.name).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const top = rivals[0];
  const brandCount = tally.get(model.brand.name) ?? 0;
  const parts = [
    `${recent.length} new thread${recent.length === 1 ? '' : 's'} in the last 7 days, ${cited} cited by AI answers.`,
    top ? `${top[0]} came up most (${top[1]}).` : '',
    brandCount > 0 ? `${model.brand.name} was mentioned in ${brandCount}.` : `${model.brand.name} was not mentioned.`,
  ];
  return parts.filter(Boolean).join(' ');
}

export function forumPayload(request: DataRequest): Payload {
  const model = modelOf(request);
  const period = periodOf(request);
  const limit = Number(request.params['limit']);
  const topics = model.topics
    .map((topic) => {
      const threads = topicThreads(model, topic, period, request.now);
      const ordered = threads.slice().sort((a, b) => b.replies - a.replies || b.postedAt.localeCompare(a.postedAt));
      return {
        topic_id: topic.id,
        topic: topic.name,
        threads_total: threads.length,
        cited_total: threads.filter((t) => t.citedBy.length > 0).length,
        brand_mentions: threads.filter((t) => t.mentions.includes(model.brand.name)).length,
        summary: weeklySummary(model, threads, period),
        threads: ordered.slice(0, limit).map((t) => ({
          title: t.title,
          url: t.url,
          forum: t.forum,
          posted_at: t.postedAt,
          replies: t.replies,
          score: t.score,
          cited: t.citedBy.length > 0,
          cited_by: t.citedBy,
          mentions_brand: t.mentions.includes(model.brand.name),
          mentions: t.mentions,
        })),
      };
    })
    .sort((a, b) => b.threads_total - a.threads_total || a.topic_id.localeCompare(b.topic_id));
  return { data: { period, limit, topics } };
}
