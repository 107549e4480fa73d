/**
 * The PostgreSQL history's schema: the SQLite store's tables with the same meaning
 * (src/history/schema.ts), in a schema of their own (`vis` by default), and the same BI
 * views read straight from the stored JSON.
 *
 * What differs from SQLite, and why:
 * - `day` is a `date` and bodies are `jsonb`, so BI tools chart and query them as they are.
 *   jsonb keeps a body's meaning, not its text: keys come back sorted (by length, then
 *   bytes), a duplicate key keeps its last value, whitespace is normalised, and numbers keep
 *   their digits (`1.0` stays `1.0`). A body is kept once per jsonb value, so bodies that
 *   differ only in those ways are one body. `answers()` gives back jsonb's text.
 * - There are no fact tables: the views read the jsonb, with the meaning of
 *   src/history/facts.ts (a field an answer lacks, or holds in another type, is NULL; a
 *   number where text is expected is its text). Nothing has to be kept in step when a
 *   later read replaces an answer, and several hosts may write at once.
 * - `is_brand` is a boolean.
 * - `meta` holds the schema version (SQLite keeps it in `PRAGMA user_version`), and from
 *   schema 2 on, as SQLite's `meta`, the vis the schema needs (`needs_vis`).
 */
import { SCHEMA_RELEASES } from '../types.js';

/** One step from `version - 1` to `version`: SQL run in the schema, inside the migration's transaction. */
export interface PgMigration {
  version: number;
  sql(schema: string): string;
}

/** A schema name as SQL: quoted, so any name the user gave is taken as it is. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `text` of facts.ts: a string, or a number as its text. */
const text = (v: string) => `CASE jsonb_typeof(${v}) WHEN 'string' THEN ${v} #>> '{}' WHEN 'number' THEN ${v} #>> '{}' END`;
/** `num` of facts.ts: a number, else NULL; one a double cannot hold (1e400, 1e-400) is NULL rather than an error in the view. */
const num = (v: string, type = 'double precision') =>
  type === 'numeric'
    ? `CASE jsonb_typeof(${v}) WHEN 'number' THEN (${v} #>> '{}')::numeric END`
    : `CASE WHEN jsonb_typeof(${v}) = 'number' AND abs((${v} #>> '{}')::numeric) < 1e308 AND (abs((${v} #>> '{}')::numeric) > 1e-307 OR (${v} #>> '{}')::numeric = 0) THEN (${v} #>> '{}')::double precision END`;
/** `bool` of facts.ts. */
const bool = (v: string) => `CASE jsonb_typeof(${v}) WHEN 'boolean' THEN (${v} #>> '{}')::boolean END`;

function v1(schema: string): string {
  const s = ident(schema);
  const scopeNames = `LEFT JOIN ${s}.brand_names bn ON bn.api = a.api AND bn.brand_id = a.brand_id
  LEFT JOIN ${s}.market_labels ml ON ml.api = a.api AND ml.market = a.market`;
  const scopeColumns = 'a.api, a.brand_id, bn.name AS brand, a.market, ml.label AS market_label, a.day, a.query, a.fetched_at';
  // The objects of data.<key>, when the body has such a list (listOf in facts.ts).
  const listOf = (key: string, alias: string) =>
    `CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(b.body -> 'data' -> '${key}') = 'array' THEN b.body -> 'data' -> '${key}' ELSE '[]'::jsonb END) AS ${alias}(o)`;
  return `
CREATE TABLE ${s}.bodies (
  id bigserial PRIMARY KEY,
  hash text NOT NULL UNIQUE,
  size integer NOT NULL,
  body jsonb NOT NULL,
  first_day date NOT NULL
);
CREATE TABLE ${s}.answers (
  id bigserial PRIMARY KEY,
  api text NOT NULL,
  brand_id text NOT NULL,
  market text NOT NULL,
  endpoint text NOT NULL,
  item text NOT NULL,
  query text NOT NULL,
  day date NOT NULL,
  fetched_at bigint NOT NULL,
  body_id bigint NOT NULL REFERENCES ${s}.bodies(id),
  UNIQUE (api, brand_id, market, endpoint, item, query, day)
);
CREATE INDEX answers_by_day ON ${s}.answers (api, day);
CREATE INDEX answers_by_body ON ${s}.answers (body_id);
CREATE TABLE ${s}.brand_names (
  api text NOT NULL,
  brand_id text NOT NULL,
  name text NOT NULL,
  seen_at bigint NOT NULL,
  PRIMARY KEY (api, brand_id)
);
CREATE TABLE ${s}.market_labels (
  api text NOT NULL,
  market text NOT NULL,
  label text NOT NULL,
  seen_at bigint NOT NULL,
  PRIMARY KEY (api, market)
);
CREATE VIEW ${s}.topic_days AS
  SELECT ${scopeColumns}, ${text("t.o -> 'id'")} AS topic_id, ${text("t.o -> 'name'")} AS name,
    ${num("t.o -> 'visibility'")} AS visibility, ${num("t.o -> 'change'")} AS change,
    ${num("t.o -> 'rank'", 'numeric')} AS rank, ${num("t.o -> 'share_of_voice'")} AS share_of_voice
  FROM ${s}.answers a JOIN ${s}.bodies b ON b.id = a.body_id ${listOf('topics', 't')} ${scopeNames}
  WHERE a.endpoint = 'topics' AND jsonb_typeof(t.o) = 'object';
CREATE VIEW ${s}.prompt_days AS
  SELECT ${scopeColumns}, ${text("p.o -> 'id'")} AS prompt_id, ${text("p.o -> 'prompt'")} AS prompt,
    ${text("p.o -> 'topic_id'")} AS topic_id, e.engine,
    ${text("e.v -> 'state'")} AS state, ${num("e.v -> 'rate'")} AS rate, ${num("e.v -> 'position'")} AS position
  FROM ${s}.answers a JOIN ${s}.bodies b ON b.id = a.body_id ${listOf('prompts', 'p')}
  -- One row per engine; a question with no engines still has its row, engine NULL.
  CROSS JOIN LATERAL (
    SELECT x.key, CASE WHEN jsonb_typeof(x.value) = 'object' THEN x.value ELSE '{}'::jsonb END
    FROM jsonb_each(CASE WHEN jsonb_typeof(p.o -> 'engines') = 'object' THEN p.o -> 'engines' ELSE '{}'::jsonb END) AS x
    UNION ALL
    SELECT NULL, '{}'::jsonb
    WHERE jsonb_typeof(p.o -> 'engines') IS DISTINCT FROM 'object' OR p.o -> 'engines' = '{}'::jsonb
  ) AS e(engine, v)
  ${scopeNames}
  WHERE a.endpoint = 'prompts' AND jsonb_typeof(p.o) = 'object';
CREATE VIEW ${s}.competitor_days AS
  SELECT ${scopeColumns}, ${text("c.o -> 'name'")} AS name, ${text("c.o -> 'domain'")} AS domain, ${bool("c.o -> 'is_brand'")} AS is_brand,
    ${num("c.o -> 'share_of_voice'")} AS share_of_voice, ${num("c.o -> 'visibility'")} AS visibility,
    ${num("c.o -> 'mentions'", 'numeric')} AS mentions
  FROM ${s}.answers a JOIN ${s}.bodies b ON b.id = a.body_id ${listOf('competitors', 'c')} ${scopeNames}
  WHERE a.endpoint = 'competitors' AND jsonb_typeof(c.o) = 'object';
CREATE VIEW ${s}.answer_bodies AS
  SELECT ${scopeColumns}, a.endpoint, a.item, b.hash AS body_hash, b.size, b.body::text AS body
  FROM ${s}.answers a JOIN ${s}.bodies b ON b.id = a.body_id ${scopeNames};
`;
}

/** The row of `meta` naming the first vis release that writes the schema, for an older vis to name in its refusal. */
export const NEEDS_VIS_KEY = 'needs_vis';

/** The vis a schema needs, in `meta`: each migration to a new schema sets its own release. */
function needsVis(schema: string, version: number): string {
  return `INSERT INTO ${ident(schema)}.meta (key, value) VALUES ('${NEEDS_VIS_KEY}', '${SCHEMA_RELEASES.get(version)!}')
  ON CONFLICT (key) DO UPDATE SET value = excluded.value;`;
}

/** Every migration, in order: the last one's version is the schema this vis writes (SCHEMA_VERSION). */
export const PG_MIGRATIONS: readonly PgMigration[] = [
  { version: 1, sql: v1 },
  { version: 2, sql: (schema) => needsVis(schema, 2) },
];

/** The tables a schema of version 1 or later has; a schema that lacks one is not vis's. */
export const PG_TABLES = ['meta', 'answers', 'bodies', 'brand_names', 'market_labels'] as const;
