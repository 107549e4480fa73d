/**
 * The API client, in layers: one attempt (headers, timeouts, envelope check, error
 * mapping) -> retry policy (decided after reading the error body) -> pacing -> debug log.
 */
import type { Dispatcher } from 'undici';
import { apiError, InterruptedError, LimitError, ServerError, type VisError } from '../errors.js';
import { sanitizeForTerminal } from '../output/sanitize.js';
import { checkEnvelope, checkErrorEnvelope, type Envelope } from './envelope.js';
import type { Clock, Pacer } from './pacer.js';
import { decideRetry, parseRetryAfter } from './retry.js';
import { buildUrl, type QueryPairs } from './url.js';

export interface ApiRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: QueryPairs;
  body?: Record<string, unknown>;
  /** 'json' accepts any JSON document (openapi.json is not wrapped in the envelope). */
  expect?: 'envelope' | 'json';
}

export interface ApiResponse {
  status: number;
  /** The body exactly as received (the json format prints this, re-indented). */
  raw: string;
  envelope: Envelope;
  attempts: number;
}

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  userAgent: string;
  clock: Clock;
  random: () => number;
  signal?: AbortSignal;
  pacer?: Pacer;
  /** Debug lines (--debug); never receives the key. */
  debug?: (line: string) => void;
  /** Told before each wait: a retry after a failure, or pacing. */
  onWait?: (message: string, ms: number) => void;
}

const EXCERPT_CHARS = 200;

export class ApiClient {
  private dispatcher: Dispatcher | undefined;
  private undici: typeof import('undici') | undefined;

  constructor(private readonly opts: ClientOptions) {}

  /** Sends a request with the retry policy of contract section 5. */
  async send(req: ApiRequest): Promise<ApiResponse> {
    let waitedMs = 0;
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await this.attempt(req, attempt + 1);
        return { ...res, attempts: attempt + 1 };
      } catch (err) {
        if (!(err instanceof ServerError || err instanceof LimitError)) throw err;
        const decision = decideRetry({ method: req.method, attempt, error: err, waitedMs, random: this.opts.random });
        if (!decision.retry) {
          if (decision.reason && attempt > 0) err.hint = joinHints(err.hint, `vis ${decision.reason}.`);
          else if (decision.reason && err instanceof LimitError) err.hint = joinHints(err.hint, `vis did not retry: ${decision.reason}.`);
          throw this.unknownOutcome(req, err);
        }
        const secs = Math.max(1, Math.ceil(decision.delayMs / 1000));
        this.opts.debug?.(`retry ${attempt + 1} of ${req.method} ${req.path} in ${decision.delayMs} ms (${decision.reason})`);
        this.opts.onWait?.(`${decision.reason}, retrying in ${secs} s`, decision.delayMs);
        await this.sleep(decision.delayMs);
        waitedMs += decision.delayMs;
      }
    }
  }

  /** GET of a plain JSON document, such as /openapi.json; returns the body as received. */
  async fetchDocument(path: string): Promise<string> {
    const res = await this.send({ method: 'GET', path, expect: 'json' });
    return res.raw;
  }

  async close(): Promise<void> {
    const d = this.dispatcher;
    this.dispatcher = undefined;
    if (d) await d.destroy().catch(() => undefined);
  }

  /** A POST that may have reached the server is never repeated; say so plainly. */
  private unknownOutcome(req: ApiRequest, err: VisError): VisError {
    if (req.method === 'POST' && err instanceof ServerError && err.maybeSent) {
      err.hint = joinHints(
        err.hint,
        'The request may have reached the server, so vis did not repeat it (it spends a pitch report). Check with `vis pitches` before trying again.',
      );
    }
    return err;
  }

  private async sleep(ms: number): Promise<void> {
    try {
      await this.opts.clock.sleep(ms, this.opts.signal);
    } catch {
      throw new InterruptedError();
    }
  }

  private async getDispatcher(): Promise<{ undici: typeof import('undici'); dispatcher: Dispatcher }> {
    if (!this.undici) this.undici = await loadUndici();
    if (!this.dispatcher) {
      const t = this.opts.timeoutMs;
      this.dispatcher = new this.undici.Agent({
        connect: { timeout: t },
        headersTimeout: t,
        bodyTimeout: t,
        keepAliveTimeout: 4_000,
      });
    }
    return { undici: this.undici, dispatcher: this.dispatcher };
  }

  private async attempt(req: ApiRequest, attemptNo: number): Promise<Omit<ApiResponse, 'attempts'>> {
    const { undici, dispatcher } = await this.getDispatcher();
    if (this.opts.pacer) {
      try {
        await this.opts.pacer.acquire(this.opts.signal, (ms) => {
          this.opts.debug?.(`pacing: waiting ${ms} ms to stay under the rate limit`);
          this.opts.onWait?.(`pacing under the rate limit, next request in ${Math.ceil(ms / 1000)} s`, ms);
        });
      } catch {
        throw new InterruptedError();
      }
    }
    const url = buildUrl(this.opts.baseUrl, req.path, req.query ?? []);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.opts.apiKey}`,
      'user-agent': this.opts.userAgent,
      accept: 'application/json',
    };
    let body: string | undefined;
    if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      headers['content-type'] = 'application/json';
    }
    this.opts.debug?.(`→ ${req.method} ${url} (attempt ${attemptNo}; Authorization: Bearer ***)`);
    const started = this.opts.clock.now();
    let status: number;
    let raw: string;
    let retryAfter: string | undefined;
    let location: string | undefined;
    try {
      const res = await undici.request(url, {
        method: req.method,
        headers,
        body,
        dispatcher,
        signal: this.opts.signal,
      });
      status = res.statusCode;
      retryAfter = headerValue(res.headers['retry-after']);
      location = headerValue(res.headers.location);
      raw = await res.body.text();
    } catch (err) {
      throw this.transportError(err, req);
    }
    this.opts.debug?.(`← ${status} ${req.method} ${req.path} in ${this.opts.clock.now() - started} ms`);
    return this.interpret(req, status, raw, retryAfter, location);
  }

  private interpret(
    req: ApiRequest,
    status: number,
    raw: string,
    retryAfter: string | undefined,
    location: string | undefined,
  ): Omit<ApiResponse, 'attempts'> {
    if (status >= 300 && status < 400) {
      throw new ServerError(`the server answered HTTP ${status} (a redirect${location ? ` to ${sanitizeForTerminal(location)}` : ''})`, {
        status,
        code: 'redirect',
        maybeSent: true,
        hint: 'vis does not follow redirects, so the key is never sent to another address. Check --base-url.',
      });
    }
    let parsed: unknown;
    let isJson = true;
    try {
      parsed = JSON.parse(raw);
    } catch {
      isJson = false;
    }
    if (status >= 200 && status < 300) {
      if (req.expect === 'json' && isJson) return { status, raw, envelope: { data: {} } };
      const envelope = isJson ? checkEnvelope(parsed) : undefined;
      if (!envelope) throw malformed(status, raw, isJson);
      return { status, raw, envelope };
    }
    const errorBody = isJson ? checkErrorEnvelope(parsed) : undefined;
    if (!errorBody) throw malformed(status, raw, isJson);
    const retryAfterMs = status === 429 ? parseRetryAfter(retryAfter, this.opts.clock.now()) : undefined;
    const message = sanitizeForTerminal(errorBody.message);
    const code = errorBody.code;
    return thrower(apiError(status, code, message, { retryAfterMs }));
  }

  private transportError(err: unknown, req: ApiRequest): VisError {
    if (this.opts.signal?.aborted) return new InterruptedError();
    const e = err as { code?: string; name?: string; message?: string; cause?: { code?: string } };
    const code = e.code ?? e.cause?.code ?? e.name ?? 'error';
    const host = new URL(this.opts.baseUrl).host;
    const t = Math.round(this.opts.timeoutMs / 1000);
    switch (code) {
      case 'ECONNREFUSED':
        return new ServerError(`could not connect to ${host}: connection refused`, { transport: 'connection refused', maybeSent: false, code: 'connection_refused' });
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return new ServerError(`could not resolve ${host}`, { transport: 'DNS failure', maybeSent: false, code: 'dns_failure' });
      case 'UND_ERR_CONNECT_TIMEOUT':
        return new ServerError(`could not connect to ${host} within ${t} s`, { transport: 'connect timeout', maybeSent: false, code: 'timeout', hint: 'Raise --timeout if the network is slow.' });
      case 'UND_ERR_HEADERS_TIMEOUT':
        return new ServerError(`no answer from ${host} within ${t} s`, { transport: 'timeout', code: 'timeout', hint: 'Raise --timeout if the server is slow.' });
      case 'UND_ERR_BODY_TIMEOUT':
        return new ServerError(`the answer from ${host} stalled for ${t} s`, { transport: 'timeout', code: 'timeout', hint: 'Raise --timeout if the server is slow.' });
      case 'ECONNRESET':
      case 'UND_ERR_SOCKET':
      case 'EPIPE':
        return new ServerError(`the connection to ${host} was reset`, { transport: 'connection reset', code: 'connection_reset' });
      default:
        return new ServerError(`request to ${host} failed: ${sanitizeForTerminal(e.message ?? String(code))} (${req.method} ${req.path})`, {
          transport: String(code),
          code: 'network_error',
        });
    }
  }
}

/**
 * undici is CommonJS: in a split bundle its dynamic import yields only a default export,
 * while under vitest (no bundle) the named exports are there. Accept both.
 */
async function loadUndici(): Promise<typeof import('undici')> {
  const mod = (await import('undici')) as typeof import('undici') & { default?: typeof import('undici') };
  return typeof mod.Agent === 'function' ? mod : mod.default!;
}

function thrower(err: VisError): never {
  throw err;
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function joinHints(a: string | undefined, b: string): string {
  return a ? `${a}\n${b}` : b;
}

/** A body that is not the documented envelope: exit 7 with the status and an excerpt. */
function malformed(status: number, raw: string, isJson: boolean): ServerError {
  const compact = raw.replace(/\s+/g, ' ').trim();
  const excerpt = sanitizeForTerminal(compact.slice(0, EXCERPT_CHARS)) + (compact.length > EXCERPT_CHARS ? '…' : '');
  const what = raw.length === 0 ? 'an empty body' : isJson ? 'JSON that is not the API envelope' : 'a body that is not JSON';
  return new ServerError(`the server answered HTTP ${status} with ${what}${excerpt ? `: ${excerpt}` : ''}`, {
    status,
    code: 'invalid_envelope',
    hint: status >= 500 ? undefined : 'Check --base-url: it should point at the API, ending in /api/v1.',
  });
}
