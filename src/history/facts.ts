/**
 * The rows of the BI tables (topic_facts, prompt_facts, competitor_facts), read from a
 * recorded body at ingest. Best effort: the body is the truth, and a field an answer lacks
 * (or holds in another type) is left NULL; a shape vis has not seen gives fewer rows,
 * never an error.
 */
import type { EndpointId } from '../endpoints.js';

export interface TopicFact {
  topicId: string | null;
  name: string | null;
  visibility: number | null;
  change: number | null;
  rank: number | null;
  shareOfVoice: number | null;
}

export interface PromptFact {
  promptId: string | null;
  prompt: string | null;
  topicId: string | null;
  engine: string | null;
  state: string | null;
  rate: number | null;
  position: number | null;
}

export interface CompetitorFact {
  name: string | null;
  domain: string | null;
  isBrand: boolean | null;
  shareOfVoice: number | null;
  visibility: number | null;
  mentions: number | null;
}

export interface Facts {
  topics: TopicFact[];
  prompts: PromptFact[];
  competitors: CompetitorFact[];
}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function text(v: unknown): string | null {
  return typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;
}

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function bool(v: unknown): boolean | null {
  return typeof v === 'boolean' ? v : null;
}

/** The objects of `data[key]`, when the body has such a list. */
function listOf(body: unknown, key: string): Obj[] {
  if (!isObj(body) || !isObj(body.data)) return [];
  const list = body.data[key];
  return Array.isArray(list) ? list.filter(isObj) : [];
}

/**
 * What each endpoint's answers give the BI tables; `'none'`: no rows. Every endpoint is
 * named, so a new one does not compile until it is decided.
 */
const FACT_READERS: Readonly<Record<EndpointId, ((body: unknown) => Partial<Facts>) | 'none'>> = {
  topics: (body) => ({
    topics: listOf(body, 'topics').map((t) => ({
      topicId: text(t.id),
      name: text(t.name),
      visibility: num(t.visibility),
      change: num(t.change),
      rank: num(t.rank),
      shareOfVoice: num(t.share_of_voice),
    })),
  }),
  prompts: (body) => ({
    prompts: listOf(body, 'prompts').flatMap((p): PromptFact[] => {
      const question = { promptId: text(p.id), prompt: text(p.prompt), topicId: text(p.topic_id) };
      const engines = isObj(p.engines) ? Object.entries(p.engines) : [];
      if (engines.length === 0) return [{ ...question, engine: null, state: null, rate: null, position: null }];
      return engines.map(([engine, e]) => {
        const o = isObj(e) ? e : {};
        return { ...question, engine, state: text(o.state), rate: num(o.rate), position: num(o.position) };
      });
    }),
  }),
  competitors: (body) => ({
    competitors: listOf(body, 'competitors').map((c) => ({
      name: text(c.name),
      domain: text(c.domain),
      isBrand: bool(c.is_brand),
      shareOfVoice: num(c.share_of_voice),
      visibility: num(c.visibility),
      mentions: num(c.mentions),
    })),
  }),
  brands: 'none',
  markets: 'none',
  usage: 'none',
  overview: 'none',
  visibility: 'none',
  'topics.get': 'none',
  answers: 'none',
  'answers.runs': 'none',
  'answers.history': 'none',
  'competitors.get': 'none',
  sources: 'none',
  pages: 'none',
  'content-gaps': 'none',
  'brand-perception': 'none',
  'brand-perception.transcript': 'none',
  forum: 'none',
  'search-performance': 'none',
  technical: 'none',
  'ai-crawlers': 'none',
  'ai-visitors': 'none',
  tasks: 'none',
  'tasks.get': 'none',
  'weekly-plan': 'none',
  activity: 'none',
  pitches: 'none',
  'pitches.get': 'none',
  'pitches.create': 'none',
};

/** The facts of one recorded answer: rows for the endpoints the BI tables cover, none for the others. */
export function factsOf(endpoint: EndpointId, raw: string): Facts {
  const facts: Facts = { topics: [], prompts: [], competitors: [] };
  const read = Object.hasOwn(FACT_READERS, endpoint) ? FACT_READERS[endpoint] : 'none';
  if (read === 'none') return facts;
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return facts;
  }
  return { ...facts, ...read(body) };
}
