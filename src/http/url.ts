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

export function buildUrl(baseUrl: string, path: string, query: QueryPairs): string {
  const qs = new URLSearchParams();
  for (const [k, v] of query) qs.append(k, v);
  const s = qs.toString();
  return `${baseUrl}${path}${s ? `?${s}` : ''}`;
}
