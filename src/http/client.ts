/**
 * The API client, in layers: one attempt (headers, deadline, envelope check, error
 * mapping) -> retry policy (decided after reading the error body) -> pacing -> debug log.
 *
 * Time limits. Every attempt must finish, from connecting to the last byte of the answer,
 * within `timeoutMs` (--timeout): one deadline per attempt, so a server that never
 * answers, or one that trickles a byte now and then, cannot hold vis past it. undici's
 * own timeouts replace its 300 s defaults as a backstop: the connect timeout equals the
 * deadline (when it wins, the request provably never left this machine, so even a POST
 * may be repeated; when the deadline wins, vis assumes the request may have been sent),
 * and the headers and body timeouts trail the deadline, so the message naming the phase
 * that stalled is always the deadline's. A whole request is bounded too: at most 4
 * attempts, each within the deadline, and at most 120 s of waiting between them, so a
 * cron job always ends (docs/guide.md, Retries, timeouts and pacing).
 */
import type { Dispatcher } from 'undici';
import { apiError, InterruptedError, LimitError, ServerError, VisError } from '../errors.js';
import { BodyCollector, decodeUtf8, DEFAULT_MAX_BODY_BYTES, HEAD_BYTES, MAX_HEADER_BYTES } from './body.js';
import { checkNesting } from './depth.js';
import { checkEnvelope, checkErrorEnvelope, type Envelope } from './envelope.js';
import type { Clock, Pacer } from './pacer.js';
import { checkApiKey } from './key.js';
import type { Env } from '../domain/env.js';
import { selectProxy, type ProxyChoice } from './proxy.js';
import { printable, registeredSecrets, registerSecret } from './redact.js';
import { maskKeysInJson } from './redact-json.js';
import { decideRetry, MAX_RETRIES, parseRetryAfter } from './retry.js';
import { requestIdOf, usefulHeaders } from './response-headers.js';
import { buildUrl, type QueryPairs } from './url.js';
import type { Transport } from './transport.js';

export interface ApiRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: QueryPairs;
  body?: Record<string, unknown>;
  /** 'json' accepts any JSON document (openapi.json is not wrapped in the envelope). */
  expect?: 'envelope' | 'json';
  /**
   * What to tell the user when this request is not repeated because it may have reached
   * the server: a request that spends something says how to check; otherwise a generic
   * line naming the method and path.
   */
  unknownOutcome?: string;
}

export interface ApiResponse {
  status: number;
  /** The body exactly as received (the json format prints this, re-indented). */
  raw: string;
  envelope: Envelope;
  attempts: number;
  /** The answer's `Date` header as received (the history's scan day); absent when the server sent none, and on a cache hit. */
  date?: string;
}

export interface ClientOptions {
  baseUrl: string;
  /** Absent only for a public document (`vis openapi` without a key): no Authorization header. */
  apiKey?: string;
  /** The deadline of one attempt: connect, send, headers and the whole body. */
  timeoutMs: number;
  /** The largest body accepted (VIS_MAX_BODY_MB); default 256 MiB. */
  maxBodyBytes?: number;
  userAgent: string;
  clock: Clock;
  random: () => number;
  signal?: AbortSignal;
  pacer?: Pacer;
  /** Debug lines (--debug); never receives the key. */
  debug?: (line: string) => void;
  /** Told once per attempt, when it ends (--verbose); never receives a header. */
  log?: (entry: RequestLogEntry) => void;
  /**
   * Told before each wait: a retry after a failure, or pacing. `text` renders the same
   * message for the seconds still to wait, so a spinner can count down.
   */
  onWait?: (message: string, ms: number, text?: (secondsLeft: number) => string) => void;
  /** Where requests go: undici, loaded by the first request, unless a test gives a fake. */
  transport?: () => Promise<Transport>;
  /** Where the proxy variables are read (src/http/proxy.ts); none when left out. */
  proxyEnv?: Env;
}

/** One attempt as --verbose reports it: what was asked and how it ended. */
export interface RequestLogEntry {
  method: ApiRequest['method'];
  path: string;
  query: QueryPairs;
  /** The answer's status; undefined when none came (see failure). */
  status?: number;
  ms: number;
  /** Why no answer came: a timeout, a refused connection. */
  failure?: string;
}

const EXCERPT_CHARS = 200;
/** undici's phase timeouts trail the attempt deadline by this much (see the top). */
const BACKSTOP_MS = 1_000;

/** Why an attempt's controller was aborted by the client itself. */
class DeadlineExceeded extends Error {}

/** Where an attempt was when it failed, for the message and for maybeSent. */
interface AttemptState {
  status?: number;
  contentLength?: number;
  body?: BodyCollector;
  deadlineHit: boolean;
}

export class ApiClient {
  private connection: Promise<{ transport: Transport; dispatcher: Dispatcher }> | undefined;
  private readonly proxy: ProxyChoice | undefined;

  constructor(private readonly opts: ClientOptions) {
    // Backstop for callers that did not check: a key an HTTP header cannot carry would fail
    // as a network error (and be retried), or be sent as a different key than intended.
    if (opts.apiKey !== undefined) {
      checkApiKey(opts.apiKey, 'the API key');
      registerSecret(opts.apiKey);
    }
    // A bad proxy variable is a usage error now, before any request.
    const decision = opts.proxyEnv ? selectProxy(opts.proxyEnv, opts.baseUrl) : { note: undefined };
    this.proxy = decision.proxy;
    if (decision.proxy) opts.debug?.(`proxy ${decision.proxy.display} (${decision.proxy.variable})`);
    else if (decision.note) opts.debug?.(decision.note);
  }

  /** Sends a request with the retry policy of retry.ts. */
  async send(req: ApiRequest): Promise<ApiResponse> {
    let waitedMs = 0;
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await this.attempt(req, attempt + 1);
        return { ...res, attempts: attempt + 1 };
      } catch (err) {
        if (!(err instanceof ServerError || err instanceof LimitError)) throw err;
        const decision = decideRetry({ method: req.method, attempt, error: err, waitedMs, random: this.opts.random });
        if (!decision.retry) throw this.finalError(req, err, attempt + 1, decision.reason);
        if (err instanceof LimitError) await this.opts.pacer?.holdUntil(this.opts.clock.now() + decision.delayMs);
        const reason = decision.reason;
        const text = (secondsLeft: number) => (secondsLeft > 0 ? `${reason}, retrying in ${secondsLeft} s` : `${reason}, retrying now`);
        this.opts.debug?.(`retry ${attempt + 1} of ${MAX_RETRIES} for ${req.method} ${req.path} in ${decision.delayMs} ms (${reason})`);
        this.opts.onWait?.(text(Math.ceil(decision.delayMs / 1000)), decision.delayMs, text);
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
    const c = this.connection;
    this.connection = undefined;
    if (c) await c.then(({ dispatcher }) => dispatcher.destroy()).catch(() => undefined);
  }

  /** The error the user sees when vis stops retrying, with what it tried and why it stopped. */
  private finalError(req: ApiRequest, err: ServerError | LimitError, attempts: number, reason: string | undefined): VisError {
    if (attempts > 1) err.attempts = attempts;
    if (req.method !== 'GET' && err instanceof ServerError && err.maybeSent) {
      // First, since nothing matters more than not paying twice; then any other advice
      // (raise --timeout, check --base-url).
      const outcome =
        req.unknownOutcome ??
        `The outcome is unknown: the request may have reached the server, so vis did not send it again. Check before repeating ${req.method} ${req.path}.`;
      err.hint = err.hint ? joinHints(outcome, err.hint) : outcome;
      this.opts.debug?.(`not repeating ${req.method} ${req.path}: it may have reached the server`);
      return err;
    }
    const askedToWait = err instanceof LimitError ? err.code === 'rate_limited' : err.retryAfterMs !== undefined;
    if (reason && askedToWait && attempts <= MAX_RETRIES) {
      // Stopped because of the cap on waiting, not the number of retries: say why.
      const advice = err instanceof LimitError ? 'Try again later, or run fewer commands at once with this key.' : 'Try again later.';
      err.hint = joinHints(err.hint, `vis did not wait: ${reason}. ${advice}`);
    }
    if (reason) this.opts.debug?.(`giving up on ${req.method} ${req.path}: ${reason}`);
    return err;
  }

  private async sleep(ms: number): Promise<void> {
    try {
      await this.opts.clock.sleep(ms, this.opts.signal);
    } catch {
      throw new InterruptedError();
    }
  }

  /** The transport and one dispatcher, made by the first request; requests in parallel share them. */
  private getDispatcher(): Promise<{ transport: Transport; dispatcher: Dispatcher }> {
    this.connection ??= this.connect().catch((err: unknown) => {
      this.connection = undefined; // the next attempt tries again
      throw err;
    });
    return this.connection;
  }

  private async connect(): Promise<{ transport: Transport; dispatcher: Dispatcher }> {
    const transport = await (this.opts.transport ?? loadTransport)();
    const t = this.opts.timeoutMs;
    const dispatcher = await transport.createAgent({
      connectTimeoutMs: t,
      headersTimeoutMs: t + BACKSTOP_MS,
      bodyTimeoutMs: t + BACKSTOP_MS,
      keepAliveTimeoutMs: 4_000,
      ...(this.proxy ? { proxy: { uri: this.proxy.uri, token: this.proxy.token } } : {}),
    });
    return { transport, dispatcher };
  }

  private async attempt(req: ApiRequest, attemptNo: number): Promise<Omit<ApiResponse, 'attempts'>> {
    // First: a path that would leave the base URL's path is refused before any wait.
    const url = buildUrl(this.opts.baseUrl, req.path, req.query ?? []);
    const { transport, dispatcher } = await this.getDispatcher();
    if (this.opts.pacer) {
      try {
        await this.opts.pacer.acquire(this.opts.signal, (ms) => {
          this.opts.debug?.(`pacing: waiting ${ms} ms to stay under ${this.opts.pacer!.limit} requests a minute`);
          const text = (s: number) => (s > 0 ? `pacing under the rate limit, next request in ${s} s` : 'pacing under the rate limit');
          this.opts.onWait?.(text(Math.ceil(ms / 1000)), ms, text);
        });
      } catch {
        throw new InterruptedError();
      }
    }
    const headers: Record<string, string> = {
      ...(this.opts.apiKey === undefined ? {} : { authorization: `Bearer ${this.opts.apiKey}` }),
      'user-agent': this.opts.userAgent,
      accept: 'application/json',
      // Said outright: without the header any coding is acceptable (RFC 9110, 12.5.3), and
      // vis decodes none (see readBody).
      'accept-encoding': 'identity',
    };
    let body: string | undefined;
    if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      headers['content-type'] = 'application/json';
    }
    this.opts.debug?.(
      `→ ${req.method} ${url} (attempt ${attemptNo} of ${MAX_RETRIES + 1}; Authorization: Bearer ***${this.proxy ? `; via proxy ${this.proxy.hostPort}` : ''})`,
    );
    const started = this.opts.clock.now();

    // One controller per attempt: Ctrl-C (the caller's signal) or the deadline aborts it.
    const controller = new AbortController();
    const state: AttemptState = { deadlineHit: false };
    const onInterrupt = () => controller.abort(new InterruptedError());
    if (this.opts.signal?.aborted) throw new InterruptedError();
    this.opts.signal?.addEventListener('abort', onInterrupt, { once: true });
    const deadline = setTimeout(() => {
      state.deadlineHit = true;
      controller.abort(new DeadlineExceeded());
    }, this.opts.timeoutMs);

    let retryAfter: string | undefined;
    let location: string | undefined;
    let responseHeaders: Dispatcher.ResponseData['headers'] = {};
    let bytes: Buffer | undefined;
    try {
      const res = await transport.sendRequest(dispatcher, url, { method: req.method, headers, body, signal: controller.signal });
      state.status = res.statusCode;
      const cl = Number(headerValue(res.headers['content-length']));
      if (Number.isFinite(cl)) state.contentLength = cl;
      responseHeaders = res.headers;
      retryAfter = headerValue(res.headers['retry-after']);
      location = headerValue(res.headers.location);
      bytes = await this.readBody(res, state);
    } catch (err) {
      const failure = this.transportError(err, state);
      this.opts.debug?.(`✗ ${req.method} ${req.path} failed in ${this.opts.clock.now() - started} ms: ${failure.message}`);
      this.opts.log?.({
        method: req.method,
        path: req.path,
        query: req.query ?? [],
        status: state.status,
        ms: this.opts.clock.now() - started,
        failure: failure.message,
      });
      throw failure;
    } finally {
      clearTimeout(deadline);
      this.opts.signal?.removeEventListener('abort', onInterrupt);
    }
    const status = state.status;
    this.opts.debug?.(`← ${status} ${req.method} ${req.path} in ${this.opts.clock.now() - started} ms (${bytes.length} bytes)`);
    this.opts.log?.({ method: req.method, path: req.path, query: req.query ?? [], status, ms: this.opts.clock.now() - started });
    // A failure's headers say what answered and how to cite the request (allow-listed: no credential).
    if (status >= 300 && this.opts.debug) this.opts.debug(`  headers: ${clean(usefulHeaders(responseHeaders)) || 'none worth showing'}`);
    const raw = decodeBody(status, bytes);
    bytes = undefined; // the text replaces the bytes: never hold both longer than needed
    try {
      const answer = this.interpret(req, status, raw, retryAfter, location);
      const date = headerValue(responseHeaders.date);
      return date === undefined ? answer : { ...answer, date };
    } catch (err) {
      if (err instanceof VisError) err.requestId ??= requestIdOf(responseHeaders);
      throw err;
    }
  }

  /**
   * The body, counted as it arrives: past the size limit (or announced past it by
   * Content-Length) the request is abandoned at once. A compressed body, which vis never
   * asks for, is refused unread.
   */
  private async readBody(res: Dispatcher.ResponseData, state: AttemptState): Promise<Buffer> {
    const max = this.opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    const host = new URL(this.opts.baseUrl).host;
    const encoding = headerValue(res.headers['content-encoding'])?.trim() ?? '';
    if (encoding !== '' && encoding.toLowerCase() !== 'identity') {
      abandon(res.body);
      throw new ServerError(
        `the answer from ${host} (HTTP ${res.statusCode}) is compressed (Content-Encoding: ${clean(encoding.slice(0, 60))}), which vis did not ask for and does not decode`,
        {
          status: res.statusCode,
          code: 'unsupported_encoding',
          permanent: true,
          hint: 'A proxy between vis and the API may be compressing answers. Check --base-url.',
        },
      );
    }
    const tooLarge = () =>
      new ServerError(`the answer from ${host} is larger than the ${formatBytes(max)} limit (VIS_MAX_BODY_MB)`, {
        status: res.statusCode,
        code: 'response_too_large',
        permanent: true,
        hint: 'Raise VIS_MAX_BODY_MB if an answer this large is expected; otherwise check --base-url.',
      });
    if (state.contentLength !== undefined && state.contentLength > max) {
      abandon(res.body);
      throw tooLarge();
    }
    const body = (state.body = new BodyCollector(max, state.contentLength));
    for await (const chunk of res.body) {
      if (!body.add(chunk as Buffer)) throw tooLarge(); // leaving the loop destroys the body
    }
    return body.take();
  }

  private interpret(req: ApiRequest, status: number, raw: string, retryAfter: string | undefined, location: string | undefined): Omit<ApiResponse, 'attempts'> {
    if (status >= 300 && status < 400) {
      throw new ServerError(`the server answered HTTP ${status} (a redirect${location ? ` to ${clean(location)}` : ''})`, {
        status,
        code: 'redirect',
        maybeSent: true,
        hint: 'vis does not follow redirects, so the key is never sent to another address. Check --base-url.',
      });
    }
    checkNesting(raw, this.opts.baseUrl, status);
    let parsed: unknown;
    let isJson = true;
    try {
      parsed = JSON.parse(raw);
    } catch {
      isJson = false;
    }
    if (status >= 200 && status < 300) {
      // The one place a successful body enters vis: a key echoed in it is masked before
      // the cache, the history, an export or a terminal sees it (src/http/redact-json.ts).
      const masked = isJson ? maskKeysInJson(raw, registeredSecrets()) : raw;
      if (masked !== raw) {
        raw = masked;
        parsed = JSON.parse(masked);
      }
      if (req.expect === 'json' && isJson) return { status, raw, envelope: { data: {} } };
      const envelope = isJson ? checkEnvelope(parsed) : undefined;
      if (!envelope) throw malformed(status, raw, isJson);
      return { status, raw, envelope };
    }
    // 429 and 503 may say when to come back (RFC 9110, 10.2.3).
    const retryAfterMs = status === 429 || status === 503 ? parseRetryAfter(retryAfter, this.opts.clock.now()) : undefined;
    const errorBody = isJson ? checkErrorEnvelope(parsed) : undefined;
    if (!errorBody) throw malformed(status, raw, isJson, retryAfterMs);
    // The code is printed too (`[code]`, export summaries, the manifest): as safe as the message.
    return thrower(apiError(status, clean(errorBody.code), clean(errorBody.message), { retryAfterMs }));
  }

  /** A failure without a complete HTTP answer, as a typed error that says which phase failed. */
  private transportError(err: unknown, state: AttemptState): VisError {
    if (err instanceof InterruptedError || this.opts.signal?.aborted) return new InterruptedError();
    if (err instanceof ServerError) return err; // already said (readBody)
    const e = err as { code?: string; name?: string; message?: string; cause?: { code?: string } };
    const code = e.code ?? e.cause?.code ?? e.name ?? 'error';
    const host = new URL(this.opts.baseUrl).host;
    const t = formatMs(this.opts.timeoutMs);
    const slowHint = 'Raise --timeout if the server is slow.';
    const proxyFailure = this.proxy && proxyError(code, e.message ?? '', host, this.proxy);
    if (proxyFailure) return proxyFailure;

    if (code === 'UND_ERR_CONNECT_TIMEOUT') {
      return new ServerError(`could not connect to ${host} within ${t}`, {
        transport: 'connect timeout',
        maybeSent: false,
        code: 'timeout',
        hint: 'Raise --timeout if the network is slow.',
      });
    }
    const unreached = notReached(code, host, '');
    if (unreached) return unreached;
    if (code === 'UND_ERR_HEADERS_OVERFLOW') {
      return new ServerError(`the answer from ${host} has headers larger than ${MAX_HEADER_BYTES / 1024} KiB, more than vis accepts`, {
        code: 'headers_too_large',
        permanent: true,
        hint: 'Check --base-url: the API sends small headers.',
      });
    }

    const timedOut = state.deadlineHit || err instanceof DeadlineExceeded || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
    if (state.status === undefined) {
      if (timedOut) return new ServerError(`no answer from ${host} within ${t}`, { transport: 'timeout', code: 'timeout', hint: slowHint });
      if (code === 'ECONNRESET' || code === 'EPIPE') {
        return new ServerError(`the connection to ${host} was reset before an answer`, { transport: 'connection reset', code: 'connection_reset' });
      }
      if (code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED') {
        return new ServerError(`${host} closed the connection without answering`, { transport: 'connection closed', code: 'connection_closed' });
      }
      return new ServerError(`request to ${host} failed: ${clean(e.message ?? String(code))}`, { transport: String(code), code: 'network_error' });
    }

    // The status line arrived; the body did not, or not all of it.
    const got = `${state.body?.bytes ?? 0}${state.contentLength !== undefined ? ` of ${state.contentLength}` : ''} bytes`;
    const partial = excerpt(state.body?.headText() ?? '');
    const tail = partial ? `: ${partial}` : '';
    if (timedOut) {
      return new ServerError(`the answer from ${host} (HTTP ${state.status}) did not finish within ${t}, after ${got}${tail}`, {
        status: state.status,
        transport: 'timeout',
        code: 'timeout',
        hint: slowHint,
      });
    }
    return new ServerError(`the answer from ${host} (HTTP ${state.status}) broke off after ${got}${tail}`, {
      status: state.status,
      transport: 'truncated answer',
      code: 'truncated_response',
    });
  }
}

/**
 * A connection refused or a name that did not resolve: nothing was sent. `who` is the
 * server's host or the proxy; `via` marks the proxy's failures in the transport.
 */
function notReached(code: string, who: string, via: '' | 'proxy '): ServerError | undefined {
  if (code === 'ECONNREFUSED') {
    return new ServerError(`could not connect to ${who}: connection refused`, {
      transport: `${via}connection refused`,
      maybeSent: false,
      code: 'connection_refused',
    });
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new ServerError(`could not resolve ${who}`, { transport: `${via}DNS failure`, maybeSent: false, code: 'dns_failure' });
  }
  return undefined;
}

/**
 * What only a proxy can cause: a refused or unresolvable proxy (the only connection vis
 * makes when one is set) and a tunnel the proxy would not open. A refusal with a 4xx
 * status (forbidden, credentials wanted) is not repeated; 5xx ones are, as from a server.
 */
function proxyError(code: string, message: string, host: string, proxy: ProxyChoice): ServerError | undefined {
  const which = `the proxy ${proxy.hostPort} (${proxy.variable})`;
  const unreached = notReached(code, which, 'proxy ');
  if (unreached) return unreached;
  const refused = /^Proxy response \((\d{3})\) !== 200/.exec(message);
  if (refused) {
    const status = Number(refused[1]);
    const target = /:\d+$/.test(host) ? host : `${host}:443`; // URL.host leaves out the default port
    return new ServerError(`${which} refused the tunnel to ${target} (HTTP ${status})`, {
      transport: `proxy answered HTTP ${status}`,
      maybeSent: false,
      permanent: status < 500,
      code: 'proxy_refused',
      hint:
        status === 407
          ? `The proxy wants credentials: put them in ${proxy.variable} as http://user:password@host:port (URL-encoded), or set NO_PROXY to bypass it.`
          : `Check ${proxy.variable}, or set NO_PROXY to bypass the proxy for this host.`,
    });
  }
  return undefined;
}

/** undici, loaded by the first request (not for --help, not for a usage error). */
export async function loadTransport(): Promise<Transport> {
  limitWasmToBaseline();
  return import('./transport.js');
}

/**
 * undici parses HTTP with llhttp compiled to WebAssembly. V8 compiles it twice: at once
 * with its baseline compiler (Liftoff), then again optimised on a background thread, and
 * Node waits for that background work before the process may exit: about 170 ms on a
 * 2-core machine, for every command, longer than the request itself. The baseline code
 * parses a 5 MB answer in a few milliseconds, so vis keeps to it. The flag concerns only
 * WebAssembly (vis runs none of its own) and must be set before undici compiles llhttp.
 * bin/vis.js sets it at start-up for commands that may send a request (src/boot); this
 * is the fallback for any other way in (tests, a command it guessed wrong).
 */
function limitWasmToBaseline(): void {
  const flags = globalThis as Record<symbol, unknown>;
  if (flags[LIFTOFF_ONLY]) return; // set at start-up by src/boot (bin/vis.js)
  try {
    process.getBuiltinModule('node:v8').setFlagsFromString('--liftoff-only');
    flags[LIFTOFF_ONLY] = true;
  } catch {
    // Not fatal: the request works the same, the exit is just slower.
  }
}

/** The same symbol as src/boot (a separate bundle): Symbol.for makes them one. */
const LIFTOFF_ONLY = Symbol.for('vis.liftoffOnly');

function thrower(err: VisError): never {
  throw err;
}

/** Drops a body unread; the error its destruction raises has no one left to tell. */
function abandon(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function joinHints(a: string | undefined, b: string): string {
  return a ? `${a}\n${b}` : b;
}

/** Text from outside (a server, a proxy, a library) made safe to print: sanitised, then keys masked. */
function clean(text: string): string {
  return printable(text);
}

/** One line, at most EXCERPT_CHARS characters, sanitised, with `…` when cut. */
function excerpt(raw: string): string {
  // Cut first: a body may be hundreds of MB, and the excerpt needs its first few lines.
  const compact = raw.slice(0, HEAD_BYTES).replace(/\s+/g, ' ').trim();
  const cut = compact.length > EXCERPT_CHARS;
  return clean(compact.slice(0, EXCERPT_CHARS)) + (cut ? '…' : '');
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** A body that is not the documented envelope: exit 7 with the status and an excerpt. */
function malformed(status: number, raw: string, isJson: boolean, retryAfterMs?: number): ServerError {
  const text = excerpt(raw);
  const what = !/\S/.test(raw)
    ? 'an empty body'
    : isJson
      ? 'JSON that is not the API envelope'
      : /^\s*[[{]/.test(raw)
        ? 'JSON that is cut short or malformed'
        : 'a body that is not JSON';
  return new ServerError(`the server answered HTTP ${status} with ${what}${text ? `: ${text}` : ''}`, {
    status,
    retryAfterMs,
    code: 'invalid_envelope',
    hint: status >= 500 ? undefined : 'Check --base-url: it should point at the API, ending in /api/v1.',
  });
}

/**
 * The body as text. A successful answer must be UTF-8, as sent: vis refuses it rather
 * than print it altered (json promises the envelope as received; table and csv are made
 * from it). An error answer is only quoted, so bad bytes there become U+FFFD. A leading
 * byte order mark is dropped either way.
 */
function decodeBody(status: number, bytes: Buffer): string {
  if (status < 200 || status >= 300) return new TextDecoder('utf-8').decode(bytes);
  const decoded = decodeUtf8(bytes);
  if ('text' in decoded) return decoded.text;
  return thrower(
    new ServerError(`the server answered HTTP ${status} with a body that is not valid UTF-8 (at byte ${decoded.invalidAt} of ${bytes.length})`, {
      status,
      code: 'invalid_utf8',
      hint: 'vis shows answers as the server sent them, so it refuses one it cannot read as UTF-8. Check --base-url.',
    }),
  );
}

function formatBytes(n: number): string {
  return n % MIB === 0 ? `${n / MIB} MiB` : `${n} bytes`;
}

const MIB = 1024 * 1024;
