/**
 * What `vis changes` finds between two recorded scan days (src/history/changes/), as the
 * renderers draw it: a list of changes, worst news first, and what could not be compared.
 */

/** What a change is about; `other` for a field of a shape vis does not know (the generic compare). */
export type ChangeKind = 'visibility' | 'topic' | 'answer_state' | 'competitor' | 'page' | 'technical' | 'other';

/** The kinds with an endpoint of their own, in the order the docs and the tables list them. */
export const CHANGE_KINDS = ['visibility', 'topic', 'answer_state', 'competitor', 'page', 'technical'] as const;
export type KnownKind = (typeof CHANGE_KINDS)[number];

/**
 * What happened: a value went up or down, a state or text changed, an item appeared or
 * went, a page gained its first or lost its last citation, an issue appeared or was resolved.
 */
export type ChangeMove = 'up' | 'down' | 'changed' | 'appeared' | 'went' | 'first_citation' | 'last_citation_lost' | 'resolved';

/**
 * How the news ranks, worst first: a loss of presence, a drop (by size), a rival gaining,
 * a change whose direction vis cannot judge (a text, a state it does not know), a gain.
 */
export type ChangeNews = 'loss' | 'drop' | 'rival' | 'neutral' | 'gain';

export const NEWS_ORDER: readonly ChangeNews[] = ['loss', 'drop', 'rival', 'neutral', 'gain'];

export interface ChangeBrand {
  id: string;
  name: string;
}

export interface ChangeMarket {
  code: string;
  label: string | null;
}

export type ChangeValue = number | string | boolean | null;

export interface Change {
  kind: ChangeKind;
  move: ChangeMove;
  news: ChangeNews;
  brand: ChangeBrand;
  /** null for data the API gives identically in every market (the technical scan). */
  market: ChangeMarket | null;
  /** What changed, as a user would copy it: a topic id, a question's text, a competitor's name, a URL, an issue id, a path. */
  subject: string;
  /** A readable name beside the subject when the answer gives one (a topic's name, an issue's title). */
  label: string | null;
  /** The engine, for what is per engine (an answer state); else null. */
  engine: string | null;
  /** The field compared, as a path in the answer's `data` (`topics[crm-pricing].visibility`). */
  path: string;
  before: ChangeValue;
  after: ChangeValue;
  /** after − before, in the field's own unit; null for states, texts, items that appeared or went. */
  delta: number | null;
  /** The move the threshold was held against, in points (a 0–1 share's delta × 100); null where no threshold applies. */
  points: number | null;
  /** Where it came from: the endpoint id, the item of an item endpoint, the normalised query. */
  endpoint: string;
  item: string;
  query: string;
}

/** A kind that could not be compared for a brand (and market), and why: never a "no change". */
export interface NotCompared {
  kind: KnownKind;
  brand: ChangeBrand;
  market: ChangeMarket | null;
  endpoint: string;
  reason: string;
}

/** A kind compared for a brand (and market): what a "no change" may be said of. */
export interface Compared {
  kind: KnownKind;
  brand: ChangeBrand;
  market: ChangeMarket | null;
  endpoint: string;
}

export interface ChangesResult {
  /** The earlier day compared; null when nothing was recorded before `to`. */
  from: string | null;
  /** The newest recorded day of the scopes asked; null when nothing is recorded at all. */
  to: string | null;
  /** --since named a day before every recorded one: `from` is the oldest after it. */
  sinceFallback: boolean;
  changes: Change[];
  notCompared: NotCompared[];
  /** What was compared (at least one answer of each day), once per kind, brand and market. */
  compared: Compared[];
}
