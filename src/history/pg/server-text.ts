/**
 * What a PostgreSQL server (or the driver, for it) says, made fit to print: every error
 * that leaves a query or a connection passes through fromServer before anything else in
 * vis sees it, so its message, detail and hint never hold the password vis logged in
 * with, whoever prints them (a data command's warning, `vis history check`, the error
 * line). A server may echo what it was sent, and vis cannot tell a server that does.
 *
 * It also says what the failure means for the exit code: a statement the server cancelled
 * (statement_timeout), a server that stopped answering (the client's read timeout) and a
 * lost connection are server errors (exit 7), never a bug.
 */
import { ServerError } from '../../errors.js';
import type { PgTarget } from './target.js';
import { maskPgUrl } from './url.js';

const MASK = '***';
/** A URL of the kind the history takes, up to what ends it in a sentence. */
const PG_URL = /postgres(?:ql)?:\/\/[^\s"'`<>]*/gi;
/** pg's own words when query_timeout ran out. */
const READ_TIMEOUT = 'Query read timeout';
/** SQLSTATE query_canceled: statement_timeout, or a cancel request. */
const CANCELED = '57014';
/**
 * SQLSTATE classes that say the server or the connection failed, not the statement:
 * connection exception, insufficient resources, operator intervention, system error.
 */
const SERVER_CLASSES = /^(08|53|57|58)/;
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** Who vis logs in as: what a server text must not show. */
export interface Login {
  user?: string | undefined;
  password?: string | undefined;
}

/** The login of a target; a password that is not a string (none given) is no secret. */
export function loginOf(target: PgTarget): Login {
  const { user, password } = target.config;
  return { user, password: typeof password === 'string' ? password : undefined };
}

/**
 * `text` with the password masked: every PostgreSQL URL in it as vis shows URLs (the
 * password in `user:password@` and `password=`), then the password itself wherever it
 * stands, as sent or with any of its characters percent-encoded (once or more: `%2540`),
 * so a text that decodes to it is masked too. Never throws.
 */
export function maskServerText(text: string, login: Login): string {
  let out = text.replace(PG_URL, (url) => maskPgUrl(url));
  const { password } = login;
  if (password) out = out.replace(passwordPattern(password), MASK);
  return out;
}

/** The password with each character either as itself or percent-encoded (UTF-8 bytes, or the one Latin-1 byte). */
function passwordPattern(password: string): RegExp {
  const parts = [...password].map((ch) => {
    const forms = [ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), [...Buffer.from(ch, 'utf8')].map(escaped).join('')];
    const code = ch.codePointAt(0)!;
    if (code >= 0x80 && code <= 0xff) forms.push(escaped(code));
    return `(?:${forms.join('|')})`;
  });
  return new RegExp(parts.join(''), 'gu');
}

/** One byte percent-encoded, the hex digits in either case, the `%` itself encoded any number of times. */
function escaped(byte: number): string {
  const hex = byte.toString(16).padStart(2, '0');
  return `%(?:25)*${[...hex].map((d) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d)).join('')}`;
}

/** What a DatabaseError carries that vis may print: masked as its message. */
const TEXT_FIELDS = ['detail', 'hint', 'where', 'internalQuery'] as const;

/** An error of the server or the driver, its texts masked; `code` is the SQLSTATE (or Node's code), as the store reads it. */
export class PgServerError extends Error {
  readonly code: string | undefined;
  detail: string | undefined;
  hint: string | undefined;
  where: string | undefined;
  internalQuery: string | undefined;
  constructor(message: string, code: string | undefined) {
    super(message);
    this.name = 'PgServerError';
    this.code = code;
  }
}

/**
 * The error vis goes on with, from what a query or a connection threw: its texts masked;
 * a timeout or a lost connection a ServerError (exit 7) saying so in one line; any other a
 * PgServerError keeping the SQLSTATE, for the store to map (a refused privilege...).
 */
export function fromServer(err: unknown, target: PgTarget): Error {
  if (err instanceof ServerError || err instanceof PgServerError) return err;
  const login = loginOf(target);
  const e = (err ?? {}) as Partial<Record<(typeof TEXT_FIELDS)[number] | 'message' | 'code', unknown>>;
  const text = (v: unknown) => (typeof v === 'string' ? maskServerText(v, login) : undefined);
  const message = maskServerText(typeof e.message === 'string' ? e.message : String(err), login);
  const code = typeof e.code === 'string' ? e.code : undefined;
  const where = `the PostgreSQL history ${target.display}`;
  if (message === READ_TIMEOUT) {
    const ms = Number(target.config.query_timeout);
    return new ServerError(`${where} stopped answering: no answer within ${seconds(ms)} (its statement timeout plus the connect timeout)`, {
      transport: 'read timeout',
      hint: 'The server, or the network to it, is stuck or overloaded; vis history check tells more.',
    });
  }
  if (code === CANCELED) {
    const ms = Number(target.config.statement_timeout);
    const timeout = /statement timeout/i.test(message);
    return new ServerError(
      timeout
        ? `${where}: a statement ran past the statement timeout (${seconds(ms)}) and the server cancelled it`
        : `${where}: the server cancelled a statement (${message})`,
      {
        hint: "Another session may hold a lock on vis's tables, or the server is overloaded; a slow server can be given longer with ?statement_timeout= in the URL.",
      },
    );
  }
  if (code === undefined || !SQLSTATE.test(code) || SERVER_CLASSES.test(code)) {
    return new ServerError(`${where}: the connection failed: ${message}`, { transport: 'connection' });
  }
  const out = new PgServerError(message, code);
  for (const f of TEXT_FIELDS) out[f] = text(e[f]);
  return out;
}

/** `30 s`, `250 ms`. */
function seconds(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
