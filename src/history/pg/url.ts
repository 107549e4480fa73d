/**
 * A PostgreSQL history's URL made into what `pg` connects with (src/history/pg/target.ts),
 * read as libpq reads a connection URI, so that the URL psql takes works here too:
 *
 *   postgres[ql]://[user[:password]@][host][:port][/dbname][?param=value&…]
 *
 * pg-connection-string reads it, in its libpq compatibility mode; vis adds the rules of
 * libpq it lacks (docs/history-postgres.md, "The URL"):
 * - vis's refusals, before the library reads anything: a second raw `@` (it would put the
 *   password in the host and the host in the messages), a list of hosts (`pg` connects to
 *   one), a broken or NUL escape, a parameter vis does not take (PG_PARAMS);
 * - libpq's readings the library lacks, written into the URL it reads (libraryUrl): a # or
 *   ? in the user part, no fragment, a + is a +, the host as written, an escape that is not
 *   UTF-8 is that byte, a parameter (an empty one too) in place of the same part; the port
 *   and the database name, read by vis;
 * - sslmode and the root certificate, read by vis alone (sslChoice): the library would read
 *   sslcert/sslkey/sslrootcert files itself as it parses, and vis reads no file a URL names
 *   but the root certificate its sslmode needs;
 * - what the URL leaves out comes from PGHOST, PGPORT, PGUSER, PGDATABASE, PGSSLMODE,
 *   PGSSLROOTCERT, PGCONNECT_TIMEOUT, PGAPPNAME and PGOPTIONS, then libpq's defaults;
 * - the password from the URL, else PGPASSWORD, else the password file (PGPASSFILE or
 *   ~/.pgpass) read with libpq's rules.
 *
 * Every field of the config is set, so `pg` never fills one from the process environment
 * by its own rules (its sslmode and password file differ from libpq's). Messages name the
 * setting and the rule, never the URL: it may hold the password. maskPgUrl is the URL as
 * vis shows it, without the library.
 *
 * The library is loaded with import() (its own file of dist/lib/, scripts/build.mjs) only
 * when a URL is read: the data commands load this module, and their start-up holds none
 * of pg's packages.
 */
import { readFileSync, statSync, existsSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { ConnectionOptions } from 'node:tls';
import type { ClientConfig } from 'pg';
import type { Env } from '../../domain/env.js';
import { UsageError } from '../../errors.js';
import type { PgTarget } from './target.js';

/** The query parameters vis takes: libpq's it passes on to `pg`, and its own `schema` and `statement_timeout`. */
export const PG_PARAMS = [
  'application_name',
  'connect_timeout',
  'dbname',
  'host',
  'options',
  'password',
  'port',
  'schema',
  'sslmode',
  'sslrootcert',
  'statement_timeout',
  'user',
] as const;

/** libpq's sslmode values, weakest first. */
export const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'] as const;
export type SslMode = (typeof SSL_MODES)[number];

/** Seconds: an unreachable host fails a cron job's history in 5 s, not in the minutes a TCP connect can take. */
export const DEFAULT_CONNECT_TIMEOUT_S = 5;
/** Milliseconds: no read or write of the history waits longer on a stuck server. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
export const DEFAULT_SCHEMA = 'vis';
export const DEFAULT_APPLICATION_NAME = 'vis';
const DEFAULT_PORT = 5432;
/**
 * Where a libpq build looks for the server's socket when no host is named: Debian's and
 * Ubuntu's folder, then the upstream default. The first that exists is used.
 */
export const DEFAULT_SOCKET_DIRS = ['/var/run/postgresql', '/tmp'] as const;
/** A timer's limit in Node (2^31 - 1 ms), and PostgreSQL's for statement_timeout. */
const MAX_TIMEOUT_MS = 2_147_483_647;
const MAX_CONNECT_TIMEOUT_S = Math.floor(MAX_TIMEOUT_MS / 1000);
/** The longest name PostgreSQL keeps whole (NAMEDATALEN - 1). */
const MAX_IDENTIFIER = 63;
const MASK = '***';

/** What a URL itself says, percent-decoded and checked, before the environment's defaults. */
export interface PgUrl {
  user?: string;
  password?: string;
  host?: string;
  port?: number;
  dbname?: string;
  sslmode?: SslMode;
  sslrootcert?: string;
  connectTimeoutS?: number;
  statementTimeoutMs?: number;
  applicationName?: string;
  options?: string;
  schema: string;
}

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

/** The URL as vis may show it: the password, in the user part or a `password=` parameter, as `***`. Never throws, for any text. */
export function maskPgUrl(url: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(url);
  const start = scheme ? scheme[0].length : 0;
  let out = url;
  // The last @: a password holding a raw @ or / is masked whole, even where libpq would read it otherwise.
  const at = out.lastIndexOf('@');
  const colon = out.indexOf(':', start);
  if (colon >= 0 && colon < at) out = `${out.slice(0, colon + 1)}${MASK}${out.slice(at)}`;
  const q = out.indexOf('?', start);
  if (q < 0) return out;
  const pieces = out
    .slice(q + 1)
    .split('&')
    .map((piece) => {
      // A piece without `=` (-1) is masked whole.
      return /password/i.test(looseDecode(piece)) ? `${piece.slice(0, piece.indexOf('=') + 1)}${MASK}` : piece;
    });
  return `${out.slice(0, q + 1)}${pieces.join('&')}`;
}

/** Percent escapes decoded where they are whole, the rest left as written: for masking, which must not throw. */
function looseDecode(text: string): string {
  let out = text;
  let before: string;
  do {
    before = out;
    out = out.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } while (out !== before);
  return out;
}

/**
 * The URL's own parts, checked: what `vis config set history` stores. Throws a UsageError
 * naming `source` and the rule, and never quoting the URL.
 *
 * vis refuses what breaks its rules first (pg-connection-string is loaded only for a URL
 * that passes them); the library then reads the URL, with libpq's readings it lacks
 * written in (libraryUrl); vis checks the values it reads.
 */
export async function parsePgUrl(url: string, source: string, o: { argument?: boolean } = {}): Promise<PgUrl> {
  const refuse = (rule: string): never => {
    throw new UsageError(`${source}: ${rule}`);
  };
  const w = refusals(url, refuse);
  const { parse } = await import('pg-connection-string');
  const read = parse(libraryUrl(w), { useLibpqCompat: true });
  const value = (key: string): string | undefined => (typeof read[key] === 'string' ? read[key] : undefined);
  const out: PgUrl = { schema: DEFAULT_SCHEMA };
  const user = value('user');
  const password = value('password');
  const host = value('host');
  // The port and the database name as libpq reads them: a WHATWG reader refuses a port
  // with no host, and keeps the escapes of reserved characters and the dot segments of a
  // path. A lone surrogate (a JSON setting may hold one) is U+FFFD, as in the other parts.
  const port = w.given.has('port') ? value('port') : decode(w.port);
  const dbname = w.given.has('dbname') ? value('dbname') : decode(w.dbname).replace(/\p{Cs}/gu, '\ufffd');
  if (user) out.user = user;
  if (password) out.password = password;
  if (host) {
    if (host.includes(',')) refuse('one host only: vis connects to one server (name the one to write to)');
    out.host = host;
  }
  if (port) out.port = checkPort(port, `${source}: the port`);
  if (dbname) out.dbname = dbname;
  const { sslmode, sslrootcert } = w.ssl;
  if (sslmode !== undefined) out.sslmode = checkSslMode(sslmode, `${source}: sslmode`);
  if (sslrootcert) out.sslrootcert = sslrootcert;
  const connectTimeout = value('connect_timeout');
  if (connectTimeout !== undefined) out.connectTimeoutS = checkConnectTimeout(connectTimeout, `${source}: connect_timeout`);
  const statementTimeout = value('statement_timeout');
  if (statementTimeout !== undefined) out.statementTimeoutMs = checkStatementTimeout(statementTimeout, `${source}: statement_timeout`);
  const applicationName = value('application_name');
  if (applicationName !== undefined) out.applicationName = applicationName;
  const options = value('options');
  if (options) out.options = options;
  const schema = value('schema');
  if (schema !== undefined) out.schema = checkSchema(schema, `${source}: schema`);
  // An empty password= does not hide the one before the @.
  if (o.argument === true && (w.password || password)) throw passwordArgument(source);
  return out;
}

/** A URL's parts as written, where libpq delimits them: what vis checks, and edits for the library. */
interface WrittenUrl {
  user?: string;
  password?: string;
  /** Inside the brackets for an [IPv6] address. */
  host: string;
  port: string;
  dbname: string;
  /** The parameters the library reads, as written; sslmode and sslrootcert are vis's alone. */
  params: string[];
  /** The names of the parameters given, decoded: each takes the place of the same part of the URL. */
  given: Set<string>;
  /** Decoded: the library would read the root certificate's file itself, and apply its own sslmode. */
  ssl: { sslmode?: string; sslrootcert?: string };
}

/**
 * vis's refusals, in the order they are told: the scheme, a space or control character,
 * an @ that is not the one before the host, a list of hosts, a broken [IPv6], a broken or
 * NUL escape in any part, a parameter that is not key=value or not one vis takes (sslcert
 * and sslkey among them: nothing reads their files). Each names the part, so the parts are
 * found where libpq finds them: the user part runs to the @, the host to a / or ?.
 */
function refusals(url: string, refuse: (rule: string) => never): WrittenUrl {
  const scheme = /^postgres(?:ql)?:\/\//i.exec(url);
  if (!scheme) return refuse('a PostgreSQL URL starts with postgres:// or postgresql://');
  if (/[\s\x00-\x1f\x7f-\x9f]/.test(url)) refuse('the URL must not hold spaces or control characters (percent-encode them)');
  let rest = url.slice(scheme[0].length);
  const at = rest.indexOf('@');
  if (at >= 0 && (rest.includes('@', at + 1) || rest.slice(0, at).includes('/'))) {
    refuse('a URL holds one @, before the host: write an @ or / in the user name, password or a value as %40 or %2F');
  }
  const out: WrittenUrl = { host: '', port: '', dbname: '', params: [], given: new Set(), ssl: {} };
  if (at >= 0) {
    const [user, ...password] = rest.slice(0, at).split(':');
    out.user = checked(user!, 'the user name', refuse);
    if (password.length > 0) out.password = checked(password.join(':'), 'the password', refuse);
    rest = rest.slice(at + 1);
  }
  const [, hostPort, path, query] = /^([^/?]*)\/?([^?]*)\??(.*)$/.exec(rest)!;
  if (hostPort!.includes(',')) refuse('one host only: vis connects to one server (name the one to write to)');
  const ipv6 = hostPort!.startsWith('[');
  const [, host, close, colon, port] = (ipv6 ? /^\[([^\]]*)(\]?)(:?)(.*)$/ : /^([^:]*)()(:?)(.*)$/).exec(hostPort!)!;
  if (ipv6 && !close) refuse('an IPv6 address in [ ] lacks its closing ]');
  out.host = checked(host!, 'the host', refuse);
  if (port && !colon) refuse('after an [IPv6] address comes :port, /dbname or ?parameters');
  out.port = checked(port!, 'the port', refuse);
  // An empty name is none.
  out.dbname = checked(path!, 'the database name', refuse);
  for (const piece of query!.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    // The piece is not quoted: a password pasted without its key would be.
    if (eq < 0) refuse('each parameter after ? is key=value');
    let key = decode(checked(piece.slice(0, eq), 'a parameter name', refuse));
    let value = checked(piece.slice(eq + 1), key === 'password' ? 'the password' : `the ${key} parameter`, refuse);
    // As libpq: the JDBC spelling.
    if (key === 'ssl' && decode(value) === 'true') [key, value] = ['sslmode', 'require'];
    if (!(PG_PARAMS as readonly string[]).includes(key)) refuse(`unknown parameter ${JSON.stringify(key)} (vis takes ${PG_PARAMS.join(', ')})`);
    if (key === 'sslmode' || key === 'sslrootcert') out.ssl[key] = decode(value);
    else out.params.push(piece);
    out.given.add(key);
  }
  return out;
}

/**
 * The URL pg-connection-string reads: the user's, with what its WHATWG reader would read
 * otherwise than libpq written so that it reads what libpq reads:
 * - a # or ? in the user part, a # anywhere, a + in a value, are the part's, escaped;
 * - an escape that is not UTF-8 is that byte (asUtf8); the host is kept as written, an
 *   [IPv6] address too: the characters a WHATWG host refuses or reads (: [ ]) escaped;
 * - a parameter, an empty one too, takes the place of the same part: the part is left out;
 * - the port, the database name, sslmode and sslrootcert are read by vis.
 */
function libraryUrl(w: WrittenUrl): string {
  const escape = (text: string, chars: RegExp) => asUtf8(text).replace(chars, (c) => encodeURIComponent(c));
  const user = w.given.has('user') ? '' : escape(w.user ?? '', /[?#]/g);
  const password = w.given.has('password') || w.password === undefined ? '' : `:${escape(w.password, /[?#]/g)}`;
  const host = w.given.has('host') ? '' : escape(w.host, /[#:<>[\\\]^|]/g);
  const params = w.params.map((piece) => escape(piece, /[#+]/g));
  return `postgres://${user}${password}@${host}/?${params.join('&')}`;
}

/** A part as written, its escapes checked: libpq refuses a broken escape and %00, and so does vis. The part is never quoted. */
function checked(text: string, what: string, refuse: (rule: string) => never): string {
  if (/%(?![0-9a-f]{2})/i.test(text)) refuse(`${what} holds a % not followed by two hex digits (write a % as %25)`);
  if (/%00/.test(text)) refuse(`${what} holds %00, which PostgreSQL cannot take`);
  return text;
}

/** A part, its escapes checked, percent-decoded as libpq decodes it: escapes that are not UTF-8 are those bytes, as Latin-1. */
function decode(text: string): string {
  return decodeURIComponent(asUtf8(text));
}

/** Escapes that are not UTF-8 as the UTF-8 escapes of those bytes read as Latin-1: libpq passes the bytes on, where a WHATWG reader throws or reads U+FFFD. */
function asUtf8(text: string): string {
  try {
    decodeURIComponent(text);
    return text;
  } catch {
    return text.replace(/%([89a-f][0-9a-f])/gi, (_, hex: string) => encodeURIComponent(String.fromCharCode(parseInt(hex, 16))));
  }
}

/**
 * A URL typed as an argument (`vis history push URL`, `vis config set history URL`) is
 * shown to every user of the machine by `ps`, and a saved one would keep the password in
 * the config file: vis takes no password there, as it takes no API key on the command line.
 */
function passwordArgument(source: string): UsageError {
  return new UsageError(`${source}: the URL holds a password, and a command line is visible to every user of this machine (ps): vis takes none there`, {
    hint: 'Leave the password out of the URL, and give it in PGPASSWORD or in ~/.pgpass (a line host:port:database:user:password, chmod 600).',
  });
}

function checkPort(value: string, what: string): number {
  const n = /^\d{1,5}$/.test(value) ? Number(value) : 0;
  if (n < 1 || n > 65535) throw new UsageError(`${what} must be a number from 1 to 65535`);
  return n;
}

function checkSslMode(value: string, what: string): SslMode {
  if (!(SSL_MODES as readonly string[]).includes(value)) throw new UsageError(`${what} must be one of ${SSL_MODES.join(', ')} (got ${JSON.stringify(value)})`);
  return value as SslMode;
}

/** Whole seconds, as libpq reads them: 0 or less waits for ever, and 1 is taken as 2 (libpq's least). */
function checkConnectTimeout(value: string, what: string): number {
  const t = value.trim();
  const n = /^[-+]?\d{1,10}$/.test(t) ? Number(t) : Number.NaN;
  if (!(n <= MAX_CONNECT_TIMEOUT_S)) throw new UsageError(`${what} must be a whole number of seconds, at most ${MAX_CONNECT_TIMEOUT_S} (0: no limit)`);
  return n <= 0 ? 0 : Math.max(n, 2);
}

const TIME_UNITS: Record<string, number> = { ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 };

/** As PostgreSQL reads statement_timeout: a whole number with ms, s, min, h or d, or bare milliseconds; 0: no limit. */
function checkStatementTimeout(value: string, what: string): number {
  const m = /^(\d{1,10})\s*(ms|s|min|h|d)?$/.exec(value.trim());
  const ms = m ? Number(m[1]) * TIME_UNITS[m[2] ?? 'ms']! : Number.NaN;
  if (!(ms <= MAX_TIMEOUT_MS)) throw new UsageError(`${what} must be a whole number with a unit (ms, s, min, h, d; none: ms), at most 24 days (0: no limit)`);
  return ms;
}

/** A name PostgreSQL takes unquoted and keeps as written: vis quotes nothing it puts in SQL. */
function checkSchema(value: string, what: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(value) || value.length > MAX_IDENTIFIER || value.startsWith('pg_')) {
    throw new UsageError(
      `${what} must be an SQL identifier: lower-case letters, digits and _, not starting with a digit or pg_, at most ${MAX_IDENTIFIER} characters (got ${JSON.stringify(value)})`,
    );
  }
  return value;
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
