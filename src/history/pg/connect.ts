/**
 * What vis connects to a PostgreSQL history with: the URL (./url.ts reads it) completed as
 * libpq completes it:
 * - sslmode and the root certificate, read by vis alone (sslChoice): the library would read
 *   sslcert/sslkey/sslrootcert files itself as it parses, and vis reads no file a URL names
 *   but the root certificate its sslmode needs;
 * - what the URL leaves out comes from PGHOST, PGPORT, PGUSER, PGDATABASE, PGSSLMODE,
 *   PGSSLROOTCERT, PGCONNECT_TIMEOUT, PGAPPNAME and PGOPTIONS, then libpq's defaults;
 * - the password from the URL, else PGPASSWORD, else the password file (PGPASSFILE or
 *   ~/.pgpass) read with libpq's rules.
 * Every field of the config is set, so `pg` never fills one from the process environment
 * by its own rules (its sslmode and password file differ from libpq's). Loaded with import()
 * when a store connects: reading or showing a URL needs none of it.
 */
import { readFileSync, statSync, existsSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { ConnectionOptions } from 'node:tls';
import type { ClientConfig } from 'pg';
import type { Env } from '../../domain/env.js';
import { UsageError } from '../../errors.js';
import type { PgTarget } from './target.js';
import {
  checkConnectTimeout,
  checkPort,
  checkSslMode,
  DEFAULT_APPLICATION_NAME,
  DEFAULT_CONNECT_TIMEOUT_S,
  DEFAULT_PORT,
  DEFAULT_SOCKET_DIRS,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  maskPgUrl,
  parsePgUrl,
  type PgUrl,
  type SslMode,
} from './url.js';

/** A file as the password file and root certificate are read: its text, mode bits and whether it is a plain file. */
export interface ReadFile {
  text: string;
  mode: number;
  plain: boolean;
}

export interface PgTargetOptions {
  /** Names the setting in messages: `VIS_HISTORY`, `profile "work" (…)`, `history`. */
  source?: string;
  /** Reads a file, following links as libpq does; undefined when it cannot be read. */
  readFile?: (path: string) => ReadFile | undefined;
  exists?: (path: string) => boolean;
  /** For ~/.pgpass and ~/.postgresql/root.crt: HOME, else the account's home. */
  home?: string;
  /** libpq's default user name: the operating system's. */
  osUser?: string;
  /** Told why the password file was passed over (libpq's warnings), once each. */
  warn?: (line: string) => void;
}

/** The URL with the environment's and libpq's defaults: what the store connects with. Throws a UsageError naming the setting and the rule. */
export async function pgTarget(url: string, env: Env, o: PgTargetOptions = {}): Promise<PgTarget> {
  const source = o.source ?? 'the history URL';
  const u = await parsePgUrl(url, source);
  const set = (name: string): string | undefined => env[name] || undefined;
  const readFile = o.readFile ?? readFileFollowing;
  const home = o.home ?? (set('HOME') || homedir());

  const user = u.user ?? set('PGUSER') ?? o.osUser ?? osUserName();
  const hostFromEnv = u.host === undefined ? set('PGHOST') : undefined;
  if (hostFromEnv?.includes(',')) throw new UsageError('PGHOST: one host only: vis connects to one server');
  const exists = o.exists ?? existsSync;
  const host = u.host ?? hostFromEnv ?? DEFAULT_SOCKET_DIRS.find((dir) => exists(dir)) ?? DEFAULT_SOCKET_DIRS[1];
  const portFromEnv = set('PGPORT');
  const port = u.port ?? (portFromEnv === undefined ? DEFAULT_PORT : checkPort(portFromEnv, 'PGPORT'));
  const database = u.dbname ?? set('PGDATABASE') ?? user;
  const envTimeout = set('PGCONNECT_TIMEOUT');
  const connectS = u.connectTimeoutS ?? (envTimeout === undefined ? DEFAULT_CONNECT_TIMEOUT_S : checkConnectTimeout(envTimeout, 'PGCONNECT_TIMEOUT'));
  const statementMs = u.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const options = u.options ?? set('PGOPTIONS');

  const password =
    u.password ??
    set('PGPASSWORD') ??
    passwordFromFile(set('PGPASSFILE') ?? join(home, '.pgpass'), { host: passfileHost(host), port: String(port), database, user }, readFile, o.warn);
  const ssl = sslChoice(host, u, env, home, readFile, source);

  const config: ClientConfig = {
    host,
    port,
    user,
    database,
    // No password anywhere: `pg` would otherwise look in the process's PGPASSWORD and
    // ~/.pgpass by its own rules; this says what libpq says, if the server asks for one.
    password: password ?? noPassword,
    ssl: ssl.first,
    connectionTimeoutMillis: connectS * 1000,
    statement_timeout: statementMs,
    // The client's own limit too: statement_timeout ends nothing when the server or the network is gone.
    ...(statementMs > 0 ? { query_timeout: statementMs + Math.max(connectS, DEFAULT_CONNECT_TIMEOUT_S) * 1000 } : {}),
    application_name: u.applicationName ?? set('PGAPPNAME') ?? DEFAULT_APPLICATION_NAME,
    ...(options !== undefined ? { options } : {}),
  };
  return {
    config,
    schema: u.schema,
    display: maskPgUrl(url),
    ...(ssl.then !== undefined ? { fallback: { ...config, ssl: ssl.then } } : {}),
  };
}

function noPassword(): never {
  throw new Error('the server asks for a password, and none is given (in the URL, PGPASSWORD or the password file)');
}

function osUserName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'postgres';
  }
}

function readFileFollowing(path: string): ReadFile | undefined {
  try {
    const st = statSync(path);
    return { text: st.isFile() ? readFileSync(path, 'utf8') : '', mode: st.mode & 0o777, plain: st.isFile() };
  } catch {
    return undefined;
  }
}

/** A socket folder of the default kind matches `localhost` in the password file, as in libpq. */
function passfileHost(host: string): string {
  return (DEFAULT_SOCKET_DIRS as readonly string[]).includes(host) ? 'localhost' : host;
}

/**
 * The password of the first line of the password file matching host:port:database:user
 * (`*` matches anything, `\` escapes `:` and `\`), as libpq reads it. A file others may
 * read or write, or one that is not a plain file, is passed over with libpq's warning.
 */
export function passwordFromFile(
  file: string,
  want: { host: string; port: string; database: string; user: string },
  readFile: (path: string) => ReadFile | undefined,
  warn?: (line: string) => void,
): string | undefined {
  const read = readFile(file);
  if (read === undefined) return undefined;
  if (!read.plain) {
    warn?.(`password file ${JSON.stringify(file)} is not a plain file`);
    return undefined;
  }
  if ((read.mode & 0o077) !== 0) {
    warn?.(`password file ${JSON.stringify(file)} has group or world access; permissions should be u=rw (0600) or less`);
    return undefined;
  }
  for (const raw of read.text.split('\n')) {
    const line = raw.replace(/\r+$/, '');
    // An empty line matches nothing.
    if (line.startsWith('#')) continue;
    let rest: string | undefined = line;
    for (const field of [want.host, want.port, want.database, want.user]) {
      rest = fieldMatches(rest, field);
      if (rest === undefined) break;
    }
    if (rest === undefined) continue;
    let password = '';
    for (let i = 0; i < rest.length && rest[i] !== ':'; i++) {
      if (rest[i] === '\\' && i + 1 < rest.length) i++;
      password += rest[i];
    }
    return password;
  }
  return undefined;
}

/** What follows a field of a password-file line that is `*` or `value` (with `\` escapes); undefined when it is not. */
function fieldMatches(line: string, value: string): string | undefined {
  if (line.startsWith('*:')) return line.slice(2);
  let i = 0;
  let j = 0;
  while (i < line.length) {
    let escaped = false;
    if (line[i] === '\\') {
      i++;
      escaped = true;
    }
    if (line[i] === ':' && !escaped && j === value.length) return line.slice(i + 1);
    // Past the value's end, value[j] is undefined: no character matches it.
    if (line[i] !== value[j]) return undefined;
    i++;
    j++;
  }
  return undefined;
}

/**
 * `ssl` as libpq's sslmode means it, with `then`, what to try when the server refuses the
 * first (prefer: SSL, then plain; allow: plain, then SSL), for `pg`, which tries one.
 * A socket never uses SSL: libpq ignores sslmode there.
 */
function sslChoice(
  host: string,
  u: PgUrl,
  env: Env,
  home: string,
  readFile: (path: string) => ReadFile | undefined,
  source: string,
): { first: false | ConnectionOptions; then?: false | ConnectionOptions } {
  if (host.startsWith('/')) return { first: false };
  const rootcert = u.sslrootcert ?? (env.PGSSLROOTCERT || undefined);
  const envMode = u.sslmode === undefined && env.PGSSLMODE ? checkSslMode(env.PGSSLMODE, 'PGSSLMODE') : undefined;
  const mode: SslMode = u.sslmode ?? envMode ?? (rootcert === 'system' ? 'verify-full' : 'prefer');
  const unverified: ConnectionOptions = { rejectUnauthorized: false };
  if (mode === 'disable') return { first: false };
  if (mode === 'allow') return { first: false, then: unverified };
  if (mode === 'prefer') return { first: unverified, then: false };
  if (rootcert === 'system') {
    if (mode !== 'verify-full') throw new UsageError(`${source}: sslrootcert=system needs sslmode=verify-full (got ${mode}), as in libpq`);
    return { first: { rejectUnauthorized: true } };
  }
  const file = rootcert ?? join(home, '.postgresql', 'root.crt');
  const ca = readFile(file);
  const trusted = ca?.plain ? ca.text : undefined;
  // As libpq: with a root certificate at hand, require checks the chain as verify-ca does.
  if (mode === 'require' && trusted === undefined) return { first: unverified };
  if (trusted === undefined) {
    throw new UsageError(
      `${source}: sslmode=${mode} needs the server's root certificate: ${JSON.stringify(file)} does not exist (give sslrootcert=FILE, or sslrootcert=system for the system's roots)`,
    );
  }
  const verified: ConnectionOptions = { ca: trusted, rejectUnauthorized: true };
  // verify-ca: the chain, not the name.
  return { first: mode === 'verify-full' ? verified : { ...verified, checkServerIdentity: () => undefined } };
}
