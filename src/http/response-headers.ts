/**
 * The response headers worth showing under --debug when a request fails: what the
 * server is, how to cite the request to the API's support (its request id), and the
 * limits. An allow-list, so nothing that can carry a credential (cookies, auth
 * challenges with tokens, custom key headers) reaches the terminal; the values are
 * cut short, and the debug writer redacts them again.
 */
type Headers = Record<string, string | string[] | undefined>;

/** Request-id headers, most common first: the first one present names the request. */
const REQUEST_ID = ['x-request-id', 'request-id', 'x-correlation-id', 'x-amzn-requestid', 'cf-ray', 'x-vercel-id'];
const USEFUL = new Set(['content-type', 'content-length', 'date', 'server', 'via', 'retry-after', 'cache-control', ...REQUEST_ID]);
const RATE_LIMIT = /^(x-)?ratelimit-[a-z-]+$/;
const MAX_VALUE = 120;

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/** The request id the server gave, if any. */
export function requestIdOf(headers: Headers): string | undefined {
  for (const name of REQUEST_ID) {
    const v = first(headers[name])?.trim();
    if (v) return v.slice(0, MAX_VALUE);
  }
  return undefined;
}

/** `content-type: application/json; x-request-id: abc` from the allow-listed headers, in the order received. */
export function usefulHeaders(headers: Headers): string {
  const parts: string[] = [];
  for (const [raw, value] of Object.entries(headers)) {
    const name = raw.toLowerCase();
    const v = first(value);
    if (v === undefined || !(USEFUL.has(name) || RATE_LIMIT.test(name))) continue;
    parts.push(`${name}: ${v.length > MAX_VALUE ? `${v.slice(0, MAX_VALUE)}…` : v}`);
  }
  return parts.join('; ');
}
