/**
 * The six kinds vis knows, each read from its endpoint's `data` when both days have the
 * shape the kind expects (else compareKind answers undefined, and the caller compares
 * the two answers generically, generic.ts):
 * - visibility (GET /visibility): `score` moved by at least the threshold;
 * - topic (GET /topics): a topic (by `id`) appeared or went, or its `visibility` moved;
 * - answer_state (GET /prompts): a question's state for an engine changed
 *   (`engines.<engine>.state`), ranked recommended > mentioned > open, no_answer > absent;
 *   a question or an engine of one that appeared or went;
 * - competitor (GET /competitors): a rival (by `name`; the brand's own row, `is_brand`,
 *   aside) appeared or went, or its `share_of_voice` moved;
 * - page (GET /pages): a page (by `url`) gained its first citation or lost its last one
 *   (`citations` from 0, or absent, to more, and back): counts matter by appearing and
 *   vanishing, not by size;
 * - technical (GET /technical): an issue (by `id`) appeared or was resolved, or
 *   `readiness_score` moved.
 * A figure that can no longer be read as a number (`1e999` is Infinity), or that stopped
 * being given, is a change without a size; one that is not a number at all (`"n/a"`) makes
 * the answer a shape the kind does not expect, compared generically.
 */
import type { EndpointId } from '../../endpoints.js';
import type { ChangeNews, ChangeValue, KnownKind } from '../../domain/changes.js';
import { isPlainObject } from '../../output/flatten.js';
import { received, type FieldChange } from './generic.js';
import { isFraction, movedBy, rounded } from './fields.js';

/** The endpoint each kind reads. */
export const KIND_ENDPOINTS: Readonly<Record<KnownKind, EndpointId>> = {
  visibility: 'visibility',
  topic: 'topics',
  answer_state: 'prompts',
  competitor: 'competitors',
  page: 'pages',
  technical: 'technical',
};

export interface KindChange extends FieldChange {
  subject: string;
  label: string | null;
  engine: string | null;
}

type Obj = Record<string, unknown>;

/** An answer state's rank: higher is better news for the brand; undefined for a state vis does not know. */
export const STATE_RANK: ReadonlyMap<string, number> = new Map([
  ['recommended', 3],
  ['mentioned', 2],
  ['open', 1],
  ['no_answer', 1],
  ['absent', 0],
]);

// Any number: one JSON spelled too large for a double (`1e999`) is Infinity, a change numberMove reports.
const isNumberOrNull = (v: unknown): v is number | null => v === null || typeof v === 'number';
const isKey = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

/** The items of `data[field]` keyed by `key(item)`, when every item is an object with a unique key and passes `ok`. */
function keyed(data: unknown, field: string, key: (item: Obj) => unknown, ok: (item: Obj) => boolean): Map<string, Obj> | undefined {
  if (!isPlainObject(data)) return undefined;
  const list = data[field];
  if (!Array.isArray(list)) return undefined;
  const out = new Map<string, Obj>();
  for (const item of list) {
    if (!isPlainObject(item) || !ok(item)) return undefined;
    const k = key(item);
    if (!isKey(k) || out.has(String(k))) return undefined;
    out.set(String(k), item);
  }
  return out;
}

function text(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

function numberMove(
  before: number | null,
  after: number | null,
  threshold: number,
  fraction: boolean,
  base: { subject: string; label: string | null; path: string },
  news: { up: ChangeNews; down: ChangeNews },
): KindChange | undefined {
  if (Object.is(before, after)) return undefined;
  if (before === null || after === null || !Number.isFinite(before) || !Number.isFinite(after)) {
    // A figure that became known, stopped being given, or can no longer be read as a number: no size to hold against the threshold.
    return { ...base, engine: null, move: 'changed', news: 'neutral', before: received(before), after: received(after), delta: null, points: null };
  }
  const m = movedBy(before, after, threshold, fraction);
  if (!m) return undefined;
  return { ...base, engine: null, move: m.delta < 0 ? 'down' : 'up', news: m.delta < 0 ? news.down : news.up, before, after, delta: m.delta, points: m.points };
}

type KindCompare = (a: unknown, b: unknown, threshold: number) => KindChange[] | undefined;

const visibility: KindCompare = (a, b, threshold) => {
  if (!isPlainObject(a) || !isPlainObject(b) || !isNumberOrNull(a.score) || !isNumberOrNull(b.score)) return undefined;
  const c = numberMove(
    a.score,
    b.score,
    threshold,
    isFraction('score', [a.score, b.score]),
    { subject: 'score', label: null, path: 'score' },
    { up: 'gain', down: 'drop' },
  );
  return c ? [c] : [];
};

/** A collection's numeric field across both days: a 0–1 share or not (fields.ts). */
function fractionAcross(field: string, ...maps: ReadonlyArray<Map<string, Obj>>): boolean {
  return isFraction(
    field,
    maps.flatMap((m) => [...m.values()].map((i) => i[field])),
  );
}

/** How a keyed collection is compared by one figure of its items: the words of each move, and an item's label. */
interface KeyedFigure {
  collection: string;
  field: string;
  label: (item: Obj, old: Obj | undefined) => string | null;
  news: { appeared: ChangeNews; went: ChangeNews; up: ChangeNews; down: ChangeNews };
}

/** The items that appeared or went, and each kept item whose figure moved (numberMove). */
function figureMoves(before: Map<string, Obj>, after: Map<string, Obj>, spec: KeyedFigure, threshold: number, fraction: boolean): KindChange[] {
  const { collection, field, news } = spec;
  const out: KindChange[] = [];
  for (const [id, item] of after) {
    const old = before.get(id);
    const base = { subject: id, label: spec.label(item, old), path: `${collection}[${id}].${field}` };
    if (old === undefined) {
      out.push({
        ...base,
        path: `${collection}[${id}]`,
        engine: null,
        move: 'appeared',
        news: news.appeared,
        before: null,
        after: received(item[field]),
        delta: null,
        points: null,
      });
      continue;
    }
    const c = numberMove(old[field] as number | null, item[field] as number | null, threshold, fraction, base, news);
    if (c) out.push(c);
  }
  for (const [id, item] of before) {
    if (after.has(id)) continue;
    out.push({
      subject: id,
      label: spec.label(item, undefined),
      path: `${collection}[${id}]`,
      engine: null,
      move: 'went',
      news: news.went,
      before: received(item[field]),
      after: null,
      delta: null,
      points: null,
    });
  }
  return out;
}

const topic: KindCompare = (a, b, threshold) => {
  const ok = (i: Obj) => isNumberOrNull(i.visibility);
  const before = keyed(a, 'topics', (i) => i.id, ok);
  const after = keyed(b, 'topics', (i) => i.id, ok);
  if (!before || !after) return undefined;
  const spec: KeyedFigure = {
    collection: 'topics',
    field: 'visibility',
    label: (t, old) => text(t.name) ?? text(old?.name),
    news: { appeared: 'gain', went: 'loss', up: 'gain', down: 'drop' },
  };
  return figureMoves(before, after, spec, threshold, fractionAcross('visibility', before, after));
};

/** The state of each engine of a question: `engines.<engine>.state`, or `engines.<engine>` when it is the state itself. */
function statesOf(item: Obj): Map<string, string> | undefined {
  const engines = item.engines;
  if (!isPlainObject(engines)) return undefined;
  const out = new Map<string, string>();
  for (const [engine, v] of Object.entries(engines)) {
    const state = typeof v === 'string' ? v : isPlainObject(v) ? v.state : undefined;
    if (typeof state !== 'string') return undefined;
    out.set(engine, state);
  }
  return out;
}

function stateNews(before: string, after: string): ChangeNews {
  const rb = STATE_RANK.get(before);
  const ra = STATE_RANK.get(after);
  if (rb === undefined || ra === undefined || ra === rb) return 'neutral';
  return ra < rb ? 'loss' : 'gain';
}

const answerState: KindCompare = (a, b) => {
  const questionKey = (i: Obj) => (isKey(i.id) ? i.id : i.prompt);
  const ok = (i: Obj) => statesOf(i) !== undefined;
  const before = keyed(a, 'prompts', questionKey, ok);
  const after = keyed(b, 'prompts', questionKey, ok);
  if (!before || !after) return undefined;
  const out: KindChange[] = [];
  // Every question of either day: one that appeared or went is a change for each of its engines, as is an engine that did.
  for (const id of new Set([...after.keys(), ...before.keys()])) {
    const [old, q] = [before.get(id), after.get(id)];
    // The key is the subject (the question's id, else its text); the text is the label, as a topic's name is.
    const subject = id;
    const label = text(q?.prompt) ?? text(q?.question) ?? text(old?.prompt) ?? text(old?.question);
    const [was, now] = [old === undefined ? new Map<string, string>() : statesOf(old)!, q === undefined ? new Map<string, string>() : statesOf(q)!];
    if (was.size === 0 && now.size === 0 && (old === undefined || q === undefined)) {
      // A question with no engine that appeared or went: still a question that did.
      out.push({ ...questionMove(old === undefined), subject, label, engine: null, path: `prompts[${id}]` });
      continue;
    }
    for (const engine of new Set([...now.keys(), ...was.keys()])) {
      const [prior, state] = [was.get(engine), now.get(engine)];
      if (prior === state) continue;
      const move = prior === undefined ? 'appeared' : state === undefined ? 'went' : 'changed';
      out.push({
        subject,
        label,
        engine,
        path: `prompts[${id}].engines.${engine}.state`,
        move,
        // Whether a question or an engine that came or went is good news is not vis's to judge.
        news: move === 'changed' ? stateNews(prior!, state!) : 'neutral',
        before: prior ?? null,
        after: state ?? null,
        delta: null,
        points: null,
      });
    }
  }
  return out;
};

function questionMove(appeared: boolean): Pick<KindChange, 'move' | 'news' | 'before' | 'after' | 'delta' | 'points'> {
  return { move: appeared ? 'appeared' : 'went', news: 'neutral', before: null, after: null, delta: null, points: null };
}

const competitor: KindCompare = (a, b, threshold) => {
  const ok = (i: Obj) => isNumberOrNull(i.share_of_voice);
  const before = keyed(a, 'competitors', (i) => i.name, ok);
  const after = keyed(b, 'competitors', (i) => i.name, ok);
  if (!before || !after) return undefined;
  const rivals = (m: Map<string, Obj>) => new Map([...m].filter(([, c]) => c.is_brand !== true));
  // A rival that gains is bad news for the brand; one that loses or goes, good news.
  const spec: KeyedFigure = {
    collection: 'competitors',
    field: 'share_of_voice',
    label: () => null,
    news: { appeared: 'rival', went: 'gain', up: 'rival', down: 'gain' },
  };
  // The fraction is judged on every row, the brand's own included.
  return figureMoves(rivals(before), rivals(after), spec, threshold, fractionAcross('share_of_voice', before, after));
};

const page: KindCompare = (a, b) => {
  const ok = (i: Obj) => isNumberOrNull(i.citations);
  const before = keyed(a, 'pages', (i) => i.url, ok);
  const after = keyed(b, 'pages', (i) => i.url, ok);
  if (!before || !after) return undefined;
  const cited = (p: Obj | undefined) => (p !== undefined && typeof p.citations === 'number' ? p.citations : 0);
  const out: KindChange[] = [];
  for (const url of new Set([...after.keys(), ...before.keys()])) {
    const [was, now] = [before.get(url), after.get(url)];
    const [nb, na] = [cited(was), cited(now)];
    if (was !== undefined && now !== undefined && !Object.is(was.citations, now.citations) && !(Number.isFinite(nb) && Number.isFinite(na))) {
      // A count that can no longer be read as a number (or can again) is a change, whatever it was.
      out.push({
        subject: url,
        label: text(now.title) ?? text(was.title),
        engine: null,
        path: `pages[${url}].citations`,
        move: 'changed',
        news: 'neutral',
        before: received(was.citations),
        after: received(now.citations),
        delta: null,
        points: null,
      });
      continue;
    }
    if (nb > 0 === na > 0) continue;
    const gained = na > 0;
    out.push({
      subject: url,
      label: text(now?.title) ?? text(was?.title),
      engine: null,
      path: `pages[${url}].citations`,
      move: gained ? 'first_citation' : 'last_citation_lost',
      news: gained ? 'gain' : 'loss',
      before: received(was?.citations),
      after: received(now?.citations),
      delta: Number.isFinite(na - nb) ? rounded(na - nb) : null,
      points: null,
    });
  }
  return out;
};

const technical: KindCompare = (a, b, threshold) => {
  const scoreOk = (d: unknown) => isPlainObject(d) && (d.readiness_score === undefined || isNumberOrNull(d.readiness_score));
  if (!scoreOk(a) || !scoreOk(b)) return undefined;
  const before = keyed(
    a,
    'issues',
    (i) => i.id,
    () => true,
  );
  const after = keyed(
    b,
    'issues',
    (i) => i.id,
    () => true,
  );
  if (!before || !after) return undefined;
  const out: KindChange[] = [];
  const [da, db] = [a as Obj, b as Obj];
  // A score that is absent reads as one not given: a score that went missing is a change.
  const score = numberMove(
    (da.readiness_score ?? null) as number | null,
    (db.readiness_score ?? null) as number | null,
    threshold,
    isFraction('readiness_score', [da.readiness_score, db.readiness_score]),
    { subject: 'readiness_score', label: null, path: 'readiness_score' },
    { up: 'gain', down: 'drop' },
  );
  if (score) out.push(score);
  const severity = (i: Obj): ChangeValue => text(i.severity) ?? 'open';
  // An issue that appeared is bad news; one resolved, good news: each says its severity.
  const issueMove = (id: string, issue: Obj, appeared: boolean): KindChange => ({
    subject: id,
    label: text(issue.title),
    engine: null,
    path: `issues[${id}]`,
    move: appeared ? 'appeared' : 'resolved',
    news: appeared ? 'loss' : 'gain',
    before: appeared ? null : severity(issue),
    after: appeared ? severity(issue) : null,
    delta: null,
    points: null,
  });
  for (const [id, issue] of after) if (!before.has(id)) out.push(issueMove(id, issue, true));
  for (const [id, issue] of before) if (!after.has(id)) out.push(issueMove(id, issue, false));
  return out;
};

const COMPARE: Readonly<Record<KnownKind, KindCompare>> = {
  visibility,
  topic,
  answer_state: answerState,
  competitor,
  page,
  technical,
};

/** The kind's changes between two `data` values; undefined when either is not the shape the kind expects. */
export function compareKind(kind: KnownKind, before: unknown, after: unknown, threshold: number): KindChange[] | undefined {
  return COMPARE[kind](before, after, threshold);
}
