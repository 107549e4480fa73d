/**
 * A PostgreSQL history as vis connects to it (`VIS_HISTORY=postgres://…`, or the profile's
 * `history` setting): what `pg` connects with, the schema vis's tables live in, and the
 * URL as vis may show it. Made from the URL, PGPASSWORD and ~/.pgpass by the connection
 * settings' parser; the store, the recorder and `vis history check`/`push` take it as it is.
 */
import type { ClientConfig } from 'pg';

export interface PgTarget {
  /**
   * What `pg` connects with: host, port, database, user, the password (from the URL,
   * PGPASSWORD or ~/.pgpass), ssl as libpq's sslmode means it, the connect timeout and the
   * statement timeout. Never printed: it holds the password.
   */
  config: ClientConfig;
  /** The schema vis's tables and views live in: `vis`, or the URL's `?schema=`. */
  schema: string;
  /** The URL as vis shows it (messages, --debug, `vis history check`): the password masked. */
  display: string;
  /**
   * What to connect with when the server refuses the SSL choice of `config`: libpq's
   * sslmode=prefer tries SSL, then a plain connection; allow the other way round. `pg`
   * tries one, so the store tries this second. Absent for every other sslmode.
   */
  fallback?: ClientConfig;
}
