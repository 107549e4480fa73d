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

/** The facts of one recorded answer: rows for the endpoints the BI tables cover, none for the others. */
export function factsOf(endpoint: EndpointId, raw: string): Facts {
  const facts: Facts = { topics: [], prompts: [], competitors: [] };
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return facts;
  }
  if (endpoint === 'topics') {
    facts.topics = listOf(body, 'topics').map((t) => ({
      topicId: text(t.id),
      name: text(t.name),
      visibility: num(t.visibility),
      change: num(t.change),
      rank: num(t.rank),
      shareOfVoice: num(t.share_of_voice),
    }));
  } else if (endpoint === 'prompts') {
    for (const p of listOf(body, 'prompts')) {
      const question = { promptId: text(p.id), prompt: text(p.prompt), topicId: text(p.topic_id) };
      const engines = isObj(p.engines) ? Object.entries(p.engines) : [];
      if (engines.length === 0) facts.prompts.push({ ...question, engine: null, state: null, rate: null, position: null });
      for (const [engine, e] of engines) {
        const o = isObj(e) ? e : {};
        facts.prompts.push({ ...question, engine, state: text(o.state), rate: num(o.rate), position: num(o.position) });
      }
    }
  } else if (endpoint === 'competitors') {
    facts.competitors = listOf(body, 'competitors').map((c) => ({
      name: text(c.name),
      domain: text(c.domain),
      isBrand: bool(c.is_brand),
      shareOfVoice: num(c.share_of_voice),
      visibility: num(c.visibility),
      mentions: num(c.mentions),
    }));
  }
  return facts;
}
