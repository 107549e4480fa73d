/**
 * A fake API behind the client's transport seam (like gh's httpmock): a test registers the
 * requests it expects, each with a canned answer; every request is recorded; a request no
 * stub matches is answered with a permanent error (so the client does not retry it) and
 * kept; verify() fails on those and on stubs never used. No socket, no undici: the fake
 * has the shape of src/http/transport.ts and is handed to the CLI through the Context.
 */
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import type { Dispatcher } from 'undici';
import { ServerError } from '../../src/errors.js';
import type { SendOptions, Transport } from '../../src/http/transport.js';

export const FAKE_BASE_URL = 'https://api.vis.test/api/v1';

export interface RecordedRequest {
  method: string;
  /** The path below the base URL as sent, percent-encoding and all: `/competitors/a%2Fb`. */
  path: string;
  /** The query pairs in the order sent, decoded. */
  query: Array<[string, string]>;
  headers: Record<string, string>;
  /** The JSON body, parsed (undefined when there is none). */
  body: unknown;
}

export interface Matcher {
  method: 'GET' | 'POST';
  path: string;
  /** Exact pairs in order, or a test of them; any query when left out. */
  query?: Array<[string, string]> | ((pairs: Array<[string, string]>) => boolean);
  /** The exact body (deep equality), or a test of it; any body when left out. */
  body?: unknown;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

interface Stub {
  matcher: Matcher;
  reply: Reply;
  /** How many more requests this stub answers; Infinity for `times: 'always'`. */
  left: number;
  used: number;
}

/** A 200 answer carrying the API envelope. */
export function ok(data: unknown = {}, meta: Record<string, unknown> = {}): Reply {
  return json(200, { data, meta });
}

/** The API's error envelope with this status. */
export function apiFailure(status: number, code: string, message: string, headers?: Record<string, string>): Reply {
  return json(status, { error: { code, message } }, headers);
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

export class FakeApi {
  readonly baseUrl: string;
  /** Every request, in order, matched or not. */
  readonly requests: RecordedRequest[] = [];
  /** Requests no stub matched. */
  readonly unexpected: RecordedRequest[] = [];
  private readonly stubs: Stub[] = [];
  readonly transport: Transport;

  constructor(baseUrl = FAKE_BASE_URL) {
    this.baseUrl = baseUrl;
    this.transport = {
      createAgent: async () => ({ destroy: async () => undefined, close: async () => undefined }) as unknown as Dispatcher,
      sendRequest: async (_dispatcher, url, o) => this.answer(url, o),
    };
  }

  /** Expects a request like `matcher`, answered with `reply` (once, `times` times, or always). */
  on(matcher: Matcher, reply: Reply, times: number | 'always' = 1): this {
    this.stubs.push({ matcher, reply, left: times === 'always' ? Infinity : times, used: 0 });
    return this;
  }

  /** Throws when a request matched no stub, or a stub that should have answered did not. */
  verify(): void {
    const problems: string[] = [];
    for (const r of this.unexpected) problems.push(`unexpected request: ${describe(r)}`);
    for (const s of this.stubs) {
      if (s.used === 0) problems.push(`stub never used: ${s.matcher.method} ${s.matcher.path}`);
    }
    if (problems.length > 0) throw new Error(problems.join('\n'));
  }

  private async answer(url: string, o: SendOptions): Promise<Dispatcher.ResponseData> {
    const request = this.record(url, o);
    const stub = this.stubs.find((s) => s.left > 0 && matches(s.matcher, request));
    if (!stub) {
      this.unexpected.push(request);
      throw new ServerError(`no stub for ${describe(request)}`, { code: 'unexpected_request', permanent: true });
    }
    stub.left--;
    stub.used++;
    const { status, headers = {}, body } = stub.reply;
    return {
      statusCode: status,
      headers: { 'content-length': String(Buffer.byteLength(body)), ...headers },
      body: Readable.from([Buffer.from(body)]),
      trailers: {},
      opaque: null,
      context: {},
    } as unknown as Dispatcher.ResponseData;
  }

  private record(url: string, o: SendOptions): RecordedRequest {
    const u = new URL(url);
    const base = new URL(this.baseUrl);
    if (u.origin !== base.origin || !u.pathname.startsWith(`${base.pathname}/`)) {
      throw new Error(`request outside the base URL ${this.baseUrl}: ${url}`);
    }
    const request: RecordedRequest = {
      method: o.method,
      path: u.pathname.slice(base.pathname.length),
      query: [...u.searchParams],
      headers: o.headers,
      body: o.body === undefined ? undefined : JSON.parse(o.body),
    };
    this.requests.push(request);
    return request;
  }
}

function matches(m: Matcher, r: RecordedRequest): boolean {
  if (m.method !== r.method || m.path !== r.path) return false;
  if (typeof m.query === 'function' ? !m.query(r.query) : m.query !== undefined && !isDeepStrictEqual(m.query, r.query)) return false;
  if (typeof m.body === 'function') return (m.body as (b: unknown) => boolean)(r.body);
  return m.body === undefined || isDeepStrictEqual(m.body, r.body);
}

function describe(r: RecordedRequest): string {
  const q = r.query.length > 0 ? `?${new URLSearchParams(r.query).toString()}` : '';
  return `${r.method} ${r.path}${q}${r.body === undefined ? '' : ` ${JSON.stringify(r.body)}`}`;
}

/**
 * POSTs to a control path of a loopback sandbox (`/__sandbox/reset`, `/__sandbox/faults`)
 * on a connection of its own, closed after the answer; resolves to the status. The global
 * fetch reuses idle keep-alive connections, and a POST sent on one the server is closing
 * as idle fails with ECONNRESET (a POST is not retried): seen under load.
 */
export function sandboxControl(sandboxBaseUrl: string, path: `/__sandbox/${string}`, body?: unknown): Promise<number> {
  const url = new URL(`${sandboxBaseUrl.replace(/\/api\/v1$/, '')}${path}`);
  const payload = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', agent: false, headers: { 'content-length': Buffer.byteLength(payload) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(payload);
  });
}
