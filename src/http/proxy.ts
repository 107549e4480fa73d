/**
 * Which proxy a request goes through, read from the environment as curl reads it (and gh,
 * through Go's net/http, nearly so). Pure: the proxy agent itself is undici's, loaded by
 * src/http/transport.ts only when this picks a proxy.
 *
 * - The base URL's own scheme first: `https_proxy`, then `HTTPS_PROXY` (for http,
 *   `http_proxy`, then `HTTP_PROXY`); then `all_proxy`, then `ALL_PROXY`. The lowercase
 *   spelling wins, as in curl. An empty variable counts as unset.
 * - `no_proxy` (then `NO_PROXY`): hosts separated by commas or spaces; `*` alone means
 *   every host; `example.com` and `.example.com` both match example.com and every name
 *   under it; `host:port` matches only that port. IP addresses match exactly (no CIDR).
 * - A loopback base URL is never proxied, whatever the variables say.
 * - A proxy URL without a scheme is http (`proxy.corp:3128`); http:// and https:// are
 *   supported; a missing port is the scheme's (80, 443). Anything else is a usage error
 *   naming the variable, with any credentials in it masked.
 */
import { UsageError } from '../errors.js';
import type { Env } from '../domain/env.js';
import { isLoopbackHost } from './url.js';
import { registerSecret } from './redact.js';

export interface ProxyChoice {
  /** The proxy's URL without credentials: what undici connects to. */
  uri: string;
  /** `Basic …` from the URL's user and password, for Proxy-Authorization. */
  token: string | undefined;
  /** The variable it came from. */
  variable: string;
  /** host:port, for messages. */
  hostPort: string;
  /** The URL as vis prints it: credentials as `***`. */
  display: string;
}

/** The outcome, with a line for --debug saying why when no proxy is used. */
export type ProxyDecision = { proxy: ProxyChoice; note?: undefined } | { proxy?: undefined; note: string | undefined };

export function selectProxy(env: Env, baseUrl: string): ProxyDecision {
  const target = new URL(baseUrl);
  const scheme = target.protocol === 'https:' ? 'https' : 'http';
  const found = firstSet(env, [`${scheme}_proxy`, `${scheme.toUpperCase()}_PROXY`, 'all_proxy', 'ALL_PROXY']);
  if (!found) return { note: undefined };
  const host = target.hostname.toLowerCase();
  if (isLoopbackHost(host)) return { note: `not using ${found.name} for ${target.host}: loopback is never proxied` };
  const noProxy = firstSet(env, ['no_proxy', 'NO_PROXY']);
  const port = target.port || (scheme === 'https' ? '443' : '80');
  if (noProxy && noProxyMatches(noProxy.value, host, port)) {
    return { note: `not using ${found.name} for ${target.host}: ${noProxy.name} matches it` };
  }
  return { proxy: parseProxyUrl(found.value, found.name) };
}

function firstSet(env: Env, names: string[]): { name: string; value: string } | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return { name, value };
  }
  return undefined;
}

/** curl's rule for one NO_PROXY list against a host (lowercase, IPv6 in brackets) and port. */
export function noProxyMatches(list: string, host: string, port: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  for (const raw of list.split(/[\s,]+/)) {
    let entry = raw.toLowerCase();
    if (entry === '') continue;
    if (entry === '*') return true;
    let entryPort: string | undefined;
    const withPort = /^(\[[^\]]*\]|[^:]*):(\d+)$/.exec(entry);
    if (withPort) [, entry, entryPort] = withPort as unknown as [string, string, string];
    if (entryPort !== undefined && entryPort !== port) continue;
    entry = entry
      .replace(/^\[(.*)\]$/, '$1')
      .replace(/^\.+/, '')
      .replace(/\.$/, '');
    if (entry === '') continue;
    if (bare === entry || bare.endsWith(`.${entry}`)) return true;
  }
  return false;
}

/** A proxy variable's value, checked; its credentials registered for redaction. */
export function parseProxyUrl(raw: string, variable: string): ProxyChoice {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
  let url: URL | undefined;
  try {
    url = new URL(withScheme);
  } catch {
    url = undefined;
  }
  const shown = maskUserinfo(withScheme);
  if (url && url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${variable}: vis supports http:// and https:// proxies, not ${url.protocol}// (got "${shown}")`);
  }
  if (!url || url.hostname === '' || (url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '') {
    throw new UsageError(`${variable} is not a proxy URL of the form http://[user:password@]host[:port] (got "${shown}")`);
  }
  const user = safeDecode(url.username);
  const password = safeDecode(url.password);
  let token: string | undefined;
  if (url.username !== '' || url.password !== '') {
    token = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    registerSecret(password);
    registerSecret(url.password);
    registerSecret(token.slice('Basic '.length));
  }
  const hostPort = `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
  const uri = `${url.protocol}//${hostPort}`;
  return { uri, token, variable, hostPort, display: `${url.protocol}//${token ? '***@' : ''}${hostPort}` };
}

/** The text with everything between `://` and the last `@` masked: a password may hold `/` or `#`. */
function maskUserinfo(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/).*@/is, '$1***@');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
