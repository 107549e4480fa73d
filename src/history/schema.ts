/**
 * The history store's SQL schema and its migrations (docs/history-sql.md describes the
 * tables and views for people who open the file in the `sqlite3` shell or a BI tool).
 *
 * Everything here runs on SQLite 3.40 (Debian's `sqlite3` shell): no jsonb, no STRICT
 * tables, no `->>`. Bodies are stored once per content, deflated in the format of the
 * shell's `sqlar_uncompress(data, size)` (zlib; a body that does not shrink is stored as
 * it is, which `sqlar_uncompress` recognises by `length(data) = size`).
 *
 * A migration moves the file from `version - 1` to `version`. They run in order, all in
 * one transaction with the new `user_version`, so a failed one leaves the file as it was.
 */
import type { SqlDatabase } from './sqlite.js';
import { SCHEMA_RELEASES } from './types.js';

export interface Migration {
  version: number;
  up(db: SqlDatabase): void;
}

/** One row of `sqlite_master`: a table, index, view or trigger, with the SQL SQLite keeps for it. */
export interface SchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** Every object of a database, as `sqlite_master` lists them. A read that runs nothing the file holds. */
export function schemaObjects(db: SqlDatabase): SchemaObject[] {
  return db.all('SELECT type, name, tbl_name, sql FROM sqlite_master').map((r) => ({
    type: String(r.type),
    name: String(r.name),
    tbl_name: String(r.tbl_name),
    sql: r.sql === null ? null : String(r.sql),
  }));
}

const made = new WeakMap<readonly Migration[], Map<number, SchemaObject[]>>();

/**
 * The objects vis's migrations make up to `version`, SQL text included: the migrations run
 * on an empty database in memory (`memory()`), so an object a new migration adds is known
 * the moment the migration is written, and a store at an older version is held to what
 * that version made. Computed once per version.
 */
export function visObjects(memory: () => SqlDatabase, migrations: readonly Migration[], version: number): SchemaObject[] {
  const known = made.get(migrations) ?? made.set(migrations, new Map()).get(migrations)!;
  let objects = known.get(version);
  if (!objects) {
    const db = memory();
    try {
      for (const m of migrations) if (m.version <= version) m.up(db);
      objects = schemaObjects(db);
    } finally {
      db.close();
    }
    known.set(version, objects);
  }
  return objects;
}

const SCOPE_NAMES = `LEFT JOIN brand_names bn ON bn.api = a.api AND bn.brand_id = a.brand_id
  LEFT JOIN market_labels ml ON ml.api = a.api AND ml.market = a.market`;
const SCOPE_COLUMNS = 'a.api, a.brand_id, bn.name AS brand, a.market, ml.label AS market_label, a.day, a.query, a.fetched_at';

const V1 = `
CREATE TABLE bodies (
  id INTEGER PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  size INTEGER NOT NULL,
  body BLOB NOT NULL,
  first_day TEXT NOT NULL
);
CREATE TABLE answers (
  id INTEGER PRIMARY KEY,
  api TEXT NOT NULL,
  brand_id TEXT NOT NULL,
  market TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  item TEXT NOT NULL,
  query TEXT NOT NULL,
  day TEXT NOT NULL,
  fetched_at INTEGER NOT NULL,
  body_id INTEGER NOT NULL REFERENCES bodies(id),
  UNIQUE (api, brand_id, market, endpoint, item, query, day)
);
CREATE INDEX answers_by_day ON answers (api, day);
CREATE INDEX answers_by_body ON answers (body_id);
CREATE TABLE brand_names (
  api TEXT NOT NULL,
  brand_id TEXT NOT NULL,
  name TEXT NOT NULL,
  seen_at INTEGER NOT NULL,
  PRIMARY KEY (api, brand_id)
);
CREATE TABLE market_labels (
  api TEXT NOT NULL,
  market TEXT NOT NULL,
  label TEXT NOT NULL,
  seen_at INTEGER NOT NULL,
  PRIMARY KEY (api, market)
);
CREATE TABLE topic_facts (
  answer_id INTEGER NOT NULL REFERENCES answers(id),
  topic_id TEXT,
  name TEXT,
  visibility REAL,
  change REAL,
  rank INTEGER,
  share_of_voice REAL
);
CREATE INDEX topic_facts_by_answer ON topic_facts (answer_id);
CREATE TABLE texts (
  id INTEGER PRIMARY KEY,
  text TEXT NOT NULL UNIQUE
);
CREATE TABLE prompt_facts (
  answer_id INTEGER NOT NULL REFERENCES answers(id),
  prompt_id TEXT,
  prompt_text_id INTEGER REFERENCES texts(id),
  topic_id TEXT,
  engine TEXT,
  state TEXT,
  rate REAL,
  position REAL
);
CREATE INDEX prompt_facts_by_answer ON prompt_facts (answer_id);
CREATE TABLE competitor_facts (
  answer_id INTEGER NOT NULL REFERENCES answers(id),
  name TEXT,
  domain TEXT,
  is_brand INTEGER,
  share_of_voice REAL,
  visibility REAL,
  mentions INTEGER
);
CREATE INDEX competitor_facts_by_answer ON competitor_facts (answer_id);
CREATE VIEW topic_days AS
  SELECT ${SCOPE_COLUMNS}, t.topic_id, t.name, t.visibility, t.change, t.rank, t.share_of_voice
  FROM topic_facts t JOIN answers a ON a.id = t.answer_id ${SCOPE_NAMES};
CREATE VIEW prompt_days AS
  SELECT ${SCOPE_COLUMNS}, p.prompt_id, pt.text AS prompt, p.topic_id, p.engine, p.state, p.rate, p.position
  FROM prompt_facts p JOIN answers a ON a.id = p.answer_id LEFT JOIN texts pt ON pt.id = p.prompt_text_id ${SCOPE_NAMES};
CREATE VIEW competitor_days AS
  SELECT ${SCOPE_COLUMNS}, c.name, c.domain, c.is_brand, c.share_of_voice, c.visibility, c.mentions
  FROM competitor_facts c JOIN answers a ON a.id = c.answer_id ${SCOPE_NAMES};
CREATE VIEW answer_bodies AS
  SELECT ${SCOPE_COLUMNS}, a.endpoint, a.item, b.hash AS body_hash, b.size,
    CAST(sqlar_uncompress(b.body, b.size) AS TEXT) AS body
  FROM answers a JOIN bodies b ON b.id = a.body_id ${SCOPE_NAMES};
`;

/**
 * Schema 2's `meta` table, as an older vis reads it from a newer file to name the vis it
 * needs: later schemas keep it exactly so (same SQL text), and keep `needs_vis` in it.
 */
export const META_TABLE = 'CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)';
/** The row of `meta` naming the first vis release that writes the file's schema. */
export const NEEDS_VIS_KEY = 'needs_vis';

/** The vis a schema needs, in `meta`: each migration to a new schema sets its own release. */
function needsVis(db: SqlDatabase, version: number): void {
  db.run(`INSERT INTO meta (key, value) VALUES ('${NEEDS_VIS_KEY}', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, [
    SCHEMA_RELEASES.get(version)!,
  ]);
}

/** Every migration, in order: the last one's version is the schema this vis writes. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, up: (db) => db.exec(V1) },
  {
    version: 2,
    up: (db) => {
      db.exec(META_TABLE);
      needsVis(db, 2);
    },
  },
];

/**
 * What visObjects gives for MIGRATIONS at their last version (each schema's CREATE statements, listed below), less SQLite's own indexes of
 * a UNIQUE or PRIMARY KEY (no SQL, never compared): read off the migrations' SQL instead of
 * run in memory, since every open of a store compares its file with these, and running
 * them costs SQLite's code for creating tables, compiled on each run. SQLite keeps each
 * statement's text as written, from `CREATE` on; a migration that changes an object's
 * text (ALTER TABLE) needs its own entry here, and the store's tests say when it is missing.
 */
export function shippedObjects(): SchemaObject[] {
  return [V1, META_TABLE]
    .join(';')
    .split(';')
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '')
    .map((sql) => {
      const m = /^CREATE (TABLE|INDEX|VIEW) (\w+)(?: ON (\w+))?/.exec(sql);
      if (!m) throw new Error(`not a statement vis's schema check knows: ${sql.slice(0, 40)}`);
      const [, type, name, table] = m;
      return { type: type!.toLowerCase(), name: name!, tbl_name: table ?? name!, sql };
    });
}
