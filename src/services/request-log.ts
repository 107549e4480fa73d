/**
 * --verbose: one line on stderr per request, less than --debug (no headers, no bodies, no
 * retries explained): the method, the path and query as sent, the status or the failure,
 * the time it took, whether the cache answered, and the reads it spent where the endpoint
 * table says (a free endpoint spends none; any other one read per answer 2xx). Every line
 * passes through printable(): sanitised for the terminal, then masked, so neither a key
 * nor an escape sequence typed into a query reaches the screen.
 */
import { ENDPOINTS, type EndpointSpec } from '../endpoints.js';
import type { ApiRequest, RequestLogEntry } from '../http/client.js';
import { printable } from '../http/redact.js';
import type { QueryPairs } from '../http/url.js';
import type { Context } from './context.js';

/** The endpoint a request goes to, by method and path template (`/topics/{id}`: one segment, not empty). */
export function endpointOf(method: string, path: string): EndpointSpec | undefined {
  const got = path.split('/');
  return ENDPOINTS.find((e) => {
    const want = e.path.split('/');
    return e.method === method && want.length === got.length && want.every((w, i) => (w.startsWith('{') ? got[i] !== '' : w === got[i]));
  });
}

/** What the request cost: `free`, `1 read`, `no read`; undefined for a path the table does not know. */
export function readsSpent(method: string, path: string, status: number | undefined): string | undefined {
  const spec = endpointOf(method, path);
  if (!spec) return undefined;
  if (spec.free) return 'free';
  if (status === undefined || status < 200 || status >= 300) return 'no read';
  return spec.spends ? `1 read, 1 ${spec.spends.what}` : '1 read';
}

function target(path: string, query: QueryPairs): string {
  return query.length === 0 ? path : `${path}?${new URLSearchParams(query.map(([k, v]) => [k, v])).toString()}`;
}

function write(ctx: Context, line: string): void {
  ctx.io.stderr.write(`vis verbose: ${printable(line)}\n`);
}

/** The ApiClient's `log`: one line per attempt. */
export function requestLogger(ctx: Context): (entry: RequestLogEntry) => void {
  return (e) => {
    const outcome = e.failure !== undefined ? `failed after ${e.ms} ms: ${e.failure}` : `${e.status}, ${e.ms} ms`;
    const reads = readsSpent(e.method, e.path, e.failure === undefined ? e.status : undefined);
    write(ctx, `${e.method} ${target(e.path, e.query)} → ${outcome}${reads === undefined ? '' : `, ${reads}`}`);
  };
}

/** A request the response cache answered: no request sent, no read spent. */
export function logCacheHit(ctx: Context, req: ApiRequest, fetchedAt: number): void {
  write(ctx, `${req.method} ${target(req.path, req.query ?? [])} → from the cache (fetched ${new Date(fetchedAt).toISOString()}), no read`);
}
