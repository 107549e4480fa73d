/**
 * Where the key may go: https anywhere, plain http only to a loopback address. The
 * check is on the parsed host, so `localhost.example.com` or `127.0.0.1.nip.io` do not
 * pass as loopback.
 */
import { UsageError } from '../errors.js';

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost') return true;
  if (host === '[::1]' || host === '::1' || host === '0:0:0:0:0:0:0:1' || host === '[0:0:0:0:0:0:0:1]') return true;
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return false;
  const octets = m.slice(1).map(Number);
  return octets[0] === 127 && octets.every((o) => o >= 0 && o <= 255);
}

/** Validates a base URL and returns it normalised without a trailing slash. */
export function checkBaseUrl(raw: string, source: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${source} must be an absolute URL such as https://api.example.com/api/v1 (got "${raw}")`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`${source} must use https (got "${url.protocol}")`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new UsageError(
      `${source} uses plain http to ${url.hostname}: vis sends the key only over https, or over http to a loopback address (localhost, 127.0.0.0/8, [::1])`,
    );
  }
  if (url.username || url.password) {
    throw new UsageError(`${source} must not carry a user name or password`);
  }
  if (url.search || url.hash) {
    throw new UsageError(`${source} must not have a query string or fragment`);
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith('/api/v1')) {
    throw new UsageError(`${source} must end in /api/v1 (got "${raw}")`);
  }
  return `${url.protocol}//${url.host}${path}`;
}

export type QueryPairs = ReadonlyArray<readonly [string, string]>;

/*
 * Requests never leave the base URL's path (docs/guide.md, Design notes). The WHATWG URL parser
 * (what `new URL` and so undici use) resolves `.` and `..` segments, and also reads
 * `%2e` (either case) as a dot, `\` as `/`, and drops tabs and newlines, so a check of
 * the text as typed is not enough. Three rules, one place:
 * - an item argument is one segment: `hasDotSegment` refuses it, then it is encoded;
 * - `buildUrl` refuses a path with control characters, `?`, `#` or a dot segment in any
 *   spelling, before parsing it;
 * - `checkRequestUrl` parses the result as undici will and refuses it unless it has the
 *   base URL's origin and lies under its path; what it returns is exactly what is sent.
 * "Any spelling": percent escapes are decoded until nothing changes (so `%252e`, which a
 * server that decodes twice reads as a dot, counts too), and `/`, `\` and their escapes
 * separate segments (a server may decode `%2F` before it routes).
 */

/** Percent escapes decoded byte by byte, again and again until nothing changes. */
function decodeFully(text: string): string {
  let prev: string;
  let s = text;
  do {
    prev = s;
    s = s.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } while (s !== prev);
  return s;
}

/** Does the text hold a `.` or `..` segment in any spelling? */
export function hasDotSegment(text: string): boolean {
  return decodeFully(text)
    .split(/[/\\]/)
    .some((seg) => seg === '.' || seg === '..');
}

/** One path segment from a value: percent-encoded, never empty, `.` or `..` in any spelling. */
export function pathSegment(value: string, what: string): string {
  if (value === '' || hasDotSegment(value)) {
    throw new UsageError(`${what} must not be empty, "." or ".." (in any spelling): it would leave the API's path (got "${value}")`);
  }
  try {
    return encodeURIComponent(value);
  } catch {
    throw new UsageError(`${what} is not valid Unicode (it has a lone surrogate)`);
  }
}

/**
 * Refuses a request path (what follows the base URL) that has control characters (the
 * URL parser drops tabs and newlines), `?`, `#`, or a dot segment in any spelling.
 * `what` names it in the message.
 */
export function checkRequestPath(path: string, what: string): void {
  if (/[\u0000-\u001f\u007f?#]/.test(path)) {
    throw new UsageError(`${what} must not contain control characters, "?" or "#" (got "${path}")`);
  }
  if (hasDotSegment(path)) {
    throw new UsageError(`${what} must not contain "." or ".." segments, in any spelling: it would leave the API's path (got "${path}")`);
  }
}

/** The URL of a request: base URL + path + query, checked by checkRequestUrl. */
export function buildUrl(baseUrl: string, path: string, query: QueryPairs): string {
  checkRequestPath(path, 'the request path');
  const qs = new URLSearchParams();
  for (const [k, v] of query) qs.append(k, v);
  const s = qs.toString();
  return checkRequestUrl(baseUrl, `${baseUrl}${path}${s ? `?${s}` : ''}`);
}

/**
 * Parses `url` as undici will and returns it as sent (origin + path + query), or throws
 * a UsageError unless it has the origin of `baseUrl`, lies under its path, and has no
 * dot segment in any spelling below it.
 */
export function checkRequestUrl(baseUrl: string, url: string): string {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const refused = () => new UsageError(`refused "${url}": vis sends requests only under ${base.origin}${basePath}/`);
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw refused();
  }
  const rest = u.pathname.slice(basePath.length);
  const under = u.origin === base.origin && u.pathname.startsWith(basePath) && (rest === '' || rest.startsWith('/'));
  if (!under || hasDotSegment(rest)) throw refused();
  return `${u.origin}${u.pathname}${u.search}`;
}

/** Where transport sends a checked URL; throws if parsing it again would change it. */
export function requestTarget(url: string): { origin: string; path: string } {
  const u = new URL(url);
  const target = { origin: u.origin, path: `${u.pathname}${u.search}` };
  if (`${target.origin}${target.path}` !== url) throw new Error(`internal error: ${url} is not a checked request URL`);
  return target;
}
