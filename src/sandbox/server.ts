/**
 * The sandbox: the whole Read API on a loopback port, from built-in data (the demo
 * accounts of accounts.ts). A real node:http server, so clients are tested over real HTTP.
 *
 * Each request passes the reference's checks in this order, and the first failure
 * answers: authentication → rate limit → route → brand and market → parameters → plan
 * (and the pitch allowance) → read budget → the endpoint's payload. A read is spent
 * only when a non-free endpoint answers 2xx.
 *
 * Choices where the reference is silent:
 * - `GET {base}/openapi.json` needs no key (a description of the API is not account
 *   data) and spends nothing; nothing else outside the endpoint table is served.
 * - An unknown path answers 404 not_found, a known path with the wrong method 405
 *   method_not_allowed with an Allow header, both after authentication.
 * - Unknown query parameters are ignored, as `--param` expects; a known parameter given
 *   twice is a 400. So are parameters of a kind the endpoint does not take (`days` on
 *   /prompts).
 * - `{name}` of /competitors/{name} is percent-decoded, then compared after Unicode
 *   normalisation, trimming and lower-casing ("globex%20crm" finds "Globex CRM"); the
 *   brand's own name is a 404. `prompt` of /answers/runs is compared the same way, with
 *   runs of spaces collapsed. Unknown ones are 404 not_found.
 * - `layer` and `status` of /tasks, which the table passes through, are checked against
 *   the sandbox's values (KNOWN_VALUES in data.ts) with the other parameters.
 * - A market is found by id, by code in any case (`gb-EN`), or by country alone when the
 *   brand has one market there; several is a 400 naming them.
 * - Dates are UTC days; `to` may lie in the future (the reference sets no rule), and
 *   days without data count as not measured.
 * - An inactive plan still answers the free endpoints (/brands, /usage), so a user can
 *   see what is wrong; every other endpoint answers 403 plan_inactive.
 * - POST /pitches spends one pitch report and, like every non-free endpoint, one read.
 *   The allowance is checked with the plan, before the budget, so an account with
 *   neither left hears about the pitch reports (402 pitch_allowance_exhausted).
 *   It answers 201 Created.
 *
 * Test-only routes outside the API (no key): GET /__sandbox/requests (the recorded
 * requests), GET /__sandbox/reads (reads spent per key), POST /__sandbox/reset (fresh
 * state: budgets, pitches, rate windows, recorded requests, fault counts) and POST
 * /__sandbox/faults (replace the faults with a JSON array).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ENDPOINTS, type EndpointSpec } from '../endpoints.js';
import { DEMO_KEYS } from '../domain/demo.js';
import { DEMO_ACCOUNTS, accountByKey, type DemoAccount, type DemoBrand, type DemoMarket } from './accounts.js';
import { PAYLOAD_BUILDERS } from './data.js';
import { applyEdits, type DataEdit } from './edits.js';
import { isoTime, nextMonthStart } from './data/dates.js';
import { ApiError, notFound } from './errors.js';
import { FaultPlan, defaultFaultCode, faultDelay, htmlErrorPage, isShortCircuit } from './faults.js';
import { assertLoopbackHost, urlHost } from './loopback.js';
import { parseFaults, type Fault, type FaultKind, type SandboxOptions } from './options.js';
import { RateLimiter } from './rate-limit.js';
import { compileRoutes, matchRoute, type Route } from './routes.js';
import { SandboxState } from './state.js';
import { checkBody, checkDuplicates, checkPathParam, checkQuery, resolveBrand, resolveMarket, resolvePeriod } from './validate.js';

export type { Fault, FaultKind, SandboxOptions } from './options.js';
export { sandboxOptionsFromEnv } from './options.js';

export const BASE_PATH = '/api/v1';
const DEFAULT_RATE_LIMIT = 60;
const MAX_BODY_BYTES = 1 << 20;

export interface RecordedRequest {
  method: string;
  /** The path after /api/v1 as sent (`/topics`, `/competitors/Globex%20CRM`); the full
   * path for requests outside the API. */
  path: string;
  /** The request target as received, with its query string. */
  url: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, the raw text when it is not JSON, undefined when empty. */
  body: unknown;
  /** 0 when the connection was dropped without a response (`reset`, `no-headers`). */
  status: number;
  code?: string;
  /** The injected fault that shaped the response, if any. */
  fault?: FaultKind;
  at: string;
}

export interface Sandbox {
  /** `http://127.0.0.1:PORT/api/v1` */
  baseUrl: string;
  port: number;
  /** Every request to the API, in arrival order (live: it grows as requests arrive). */
  requests: RecordedRequest[];
  /** Reads a key has spent through this sandbox since it started (or was reset). */
  reads(key: string): number;
  close(): Promise<void>;
}

interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  code?: string;
  account?: DemoAccount;
}

function errorResponse(error: ApiError, account?: DemoAccount): ApiResponse {
  return { status: error.status, headers: { ...error.headers }, body: { error: { code: error.code, message: error.message } }, code: error.code, account };
}

function meta(spec: EndpointSpec, brand: DemoBrand | null, market: DemoMarket | null) {
  return {
    api_version: 'v1',
    ...(spec.brand && brand ? { brand: { id: brand.id, name: brand.name } } : {}),
    ...(spec.market && market ? { market: { id: market.id, code: market.code, label: market.label } } : {}),
  };
}

function queryRecord(query: URLSearchParams): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    record[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return record;
}

function parseMaybeJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge());
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The id of the sandbox's `n`th request (1-based, counted since it started or was reset): `req_000042`. */
export function sandboxRequestId(n: number): string {
  return `req_${String(n).padStart(6, '0')}`;
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, text: string): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

let compiledRoutes: Route[] | undefined;

/** The endpoint table's routes, compiled once for every sandbox (the simulated history makes one per day). */
function tableRoutes(): Route[] {
  return (compiledRoutes ??= compileRoutes(ENDPOINTS));
}

/** One sandbox's behaviour, independent of the socket plumbing in startSandbox. */
class SandboxApp {
  readonly requests: RecordedRequest[] = [];
  readonly state: SandboxState;
  readonly faults: FaultPlan;
  baseUrl = '';
  private readonly limiter: RateLimiter;
  private readonly routes = tableRoutes();
  private readonly timers = new Set<NodeJS.Timeout>();
  private openapiText: string | null = null;
  /** What openapi.json names as the server: the port, or null for a placeholder. */
  documentServer: { host: string; port: number | null } = { host: '127.0.0.1', port: null };

  constructor(
    private readonly now: () => Date,
    private readonly rateLimit: number,
    faults: readonly Fault[],
    private readonly log: ((line: string) => void) | null,
    private readonly data: { at?: () => Date; edits: readonly DataEdit[] } = { edits: [] },
  ) {
    this.state = new SandboxState(now);
    this.limiter = new RateLimiter(rateLimit);
    this.faults = new FaultPlan(faults);
  }

  reset(): void {
    this.requests.length = 0;
    this.state.reset();
    this.limiter.reset();
    this.faults.reset();
  }

  /** Waits that close() can cancel, so a slow fault never holds the process open. */
  delay(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  cancelDelays(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private authenticate(header: string | undefined): DemoAccount {
    if (header === undefined || header.trim() === '') {
      throw new ApiError(401, 'invalid_api_key', 'Missing API key: send the header "Authorization: Bearer <API_KEY>"', { 'www-authenticate': 'Bearer' });
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) {
      throw new ApiError(401, 'invalid_api_key', 'Malformed Authorization header: expected "Bearer <API_KEY>"', {
        'www-authenticate': 'Bearer error="invalid_request"',
      });
    }
    const account = accountByKey(match[1] ?? '');
    if (!account) {
      throw new ApiError(401, 'invalid_api_key', `Unknown API key. The sandbox accepts its demo keys only: ${DEMO_KEYS.join(', ')}`, {
        'www-authenticate': 'Bearer error="invalid_token"',
      });
    }
    return account;
  }

  private checkPlan(spec: EndpointSpec, account: DemoAccount, now: Date): void {
    if (!account.active && !spec.free) {
      throw new ApiError(403, 'plan_inactive', `The plan of ${account.name} is not active; reactivate it in the app to read data`);
    }
    if (spec.plan === 'pro' && account.plan === 'monitor') {
      throw new ApiError(403, 'feature_not_in_plan', `${spec.method} ${spec.path} is part of the Pro and Growth plans; this account is on Monitor`);
    }
    if (spec.spends?.what === 'pitch report') {
      const allowance = this.state.allowance(account, now);
      if (allowance.allowance === 0)
        throw new ApiError(403, 'feature_not_in_plan', 'Pitch reports are part of the Pro and Growth plans; this account is on Monitor');
      if (allowance.left === 0) {
        throw new ApiError(
          402,
          'pitch_allowance_exhausted',
          `All ${allowance.allowance} pitch reports of this month are used; the allowance renews on ${isoTime(nextMonthStart(now)).slice(0, 10)}`,
        );
      }
    }
  }

  /** The API's answer to one request, in the reference's order of checks. */
  answer(method: string, path: string, query: URLSearchParams, authorization: string | undefined, bodyText: string): ApiResponse {
    let account: DemoAccount | undefined;
    try {
      account = this.authenticate(authorization);
      const now = this.now();
      const decision = this.limiter.check(account.key, now.getTime());
      if (!decision.allowed) {
        throw new ApiError(429, 'rate_limited', `More than ${this.rateLimit} requests a minute with this key; retry in ${decision.retryAfterSeconds} s`, {
          'retry-after': String(decision.retryAfterSeconds),
        });
      }
      return this.respond(account, method, path, query, bodyText, now, true);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error, account);
      throw error;
    }
  }

  /**
   * What a GET of `path` answers the account at the clock's moment, past the key, the pace
   * and the budget, spending nothing: a day of the demo's simulated history (history.ts).
   */
  simulate(account: DemoAccount, path: string, query: URLSearchParams): ApiResponse {
    try {
      return this.respond(account, 'GET', path, query, '', this.now(), false);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error, account);
      throw error;
    }
  }

  /** Route, brand and market, parameters, plan, budget (when `spend`) and payload, in the reference's order. */
  private respond(account: DemoAccount, method: string, path: string, query: URLSearchParams, bodyText: string, now: Date, spend: boolean): ApiResponse {
    const match = matchRoute(this.routes, method, path);
    if (match.kind === 'none') throw notFound(`No endpoint at ${path}; ${BASE_PATH}/openapi.json lists them`);
    if (match.kind === 'wrong-method') {
      throw new ApiError(405, 'method_not_allowed', `${path} does not accept ${method}; use ${match.allowed.join(' or ')}`, {
        allow: match.allowed.join(', '),
      });
    }
    const { spec } = match;
    const brand = spec.brand ? resolveBrand(account, query) : null;
    const market = brand && spec.market ? resolveMarket(brand, query) : null;
    checkDuplicates(spec, query);
    // The data's own moment: the clock, unless the data is fixed at one (dataAt).
    const dataNow = this.data.at?.() ?? now;
    const period = resolvePeriod(spec, query, dataNow);
    const params = checkQuery(spec, query);
    const pathParam = checkPathParam(spec, match.rawParam);
    const body = checkBody(spec, bodyText);
    this.checkPlan(spec, account, now);
    if (spend && !spec.free) {
      const budget = this.state.budget(account, now);
      if (budget.left <= 0) {
        throw new ApiError(
          429,
          'quota_exceeded',
          `The monthly budget of ${budget.limit} reads is used up; it resets on ${isoTime(nextMonthStart(now)).slice(0, 10)}`,
        );
      }
    }
    const payload = PAYLOAD_BUILDERS[spec.id]({ account, brand, market, period, params, pathParam, body, now: dataNow, state: this.state });
    if (spend && !spec.free) this.state.spendRead(account, now);
    const data = applyEdits(payload.data, this.data.edits, { path, brand: brand?.id, market: market?.code, now });
    return { status: payload.status ?? 200, headers: {}, body: { data, meta: meta(spec, brand, market) }, account };
  }

  /** Built on first request only: it converts every data schema to JSON Schema. */
  private async openapi(): Promise<string> {
    if (this.openapiText === null) {
      const { buildOpenApi } = await import('./openapi.js');
      this.openapiText = JSON.stringify(buildOpenApi(this.documentServer));
    }
    return this.openapiText;
  }

  private introspect(method: string, path: string, bodyText: string, res: ServerResponse): void {
    const route = `${method} ${path}`;
    if (route === 'GET /__sandbox/requests') return send(res, 200, {}, JSON.stringify(this.requests));
    if (route === 'GET /__sandbox/reads') {
      return send(res, 200, {}, JSON.stringify(Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.key, this.state.readsSpent(a.key)]))));
    }
    if (route === 'POST /__sandbox/reset') {
      this.reset();
      res.writeHead(204).end();
      return;
    }
    if (route === 'POST /__sandbox/faults') {
      try {
        this.faults.replace(parseFaults(parseMaybeJson(bodyText) ?? []));
      } catch (error) {
        return send(res, 400, {}, JSON.stringify({ error: { code: 'invalid_parameter', message: (error as Error).message } }));
      }
      res.writeHead(204).end();
      return;
    }
    send(res, 404, {}, JSON.stringify({ error: { code: 'not_found', message: `No sandbox route ${route}` } }));
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const target = req.url ?? '/';
    // Origin-form targets are paths; prefixing keeps `//x/...` from reading as a host.
    const url = new URL(target.startsWith('/') ? `http://sandbox.invalid${target}` : target, 'http://sandbox.invalid');
    let bodyText: string;
    try {
      bodyText = await readBody(req);
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      send(res, 413, { connection: 'close' }, JSON.stringify({ error: { code: 'payload_too_large', message: 'The request body is larger than 1 MiB' } }));
      return;
    }
    if (url.pathname.startsWith('/__sandbox/')) return this.introspect(method, url.pathname, bodyText, res);

    const inApi = url.pathname === BASE_PATH || url.pathname.startsWith(`${BASE_PATH}/`);
    const path = inApi ? url.pathname.slice(BASE_PATH.length) || '/' : url.pathname;
    const record: RecordedRequest = {
      method,
      path,
      url: target,
      query: queryRecord(url.searchParams),
      headers: { ...req.headers },
      body: parseMaybeJson(bodyText),
      status: 0,
      at: this.now().toISOString(),
    };
    this.requests.push(record);
    // Deterministic, so a session against the sandbox reads the same every time.
    res.setHeader('x-request-id', sandboxRequestId(this.requests.length));
    // The sandbox's clock dates its answers, as a server's dates its own: a sandbox set to
    // another day (VIS_SANDBOX_OPTIONS now) answers as of that day.
    res.setHeader('date', this.now().toUTCString());

    const fault = inApi ? this.faults.take(method, path) : null;
    if (fault) record.fault = fault.kind;
    let response: ApiResponse | null = null;
    if (fault && isShortCircuit(fault)) {
      await this.delay(faultDelay(fault));
      this.shortCircuit(fault, req, res, record);
    } else {
      if (!inApi) response = errorResponse(notFound(`Not an API path; the API is under ${BASE_PATH}`));
      else if (path === '/openapi.json') {
        response =
          method === 'GET'
            ? { status: 200, headers: {}, body: null }
            : errorResponse(new ApiError(405, 'method_not_allowed', `/openapi.json does not accept ${method}; use GET`, { allow: 'GET' }));
      } else response = this.answer(method, path, url.searchParams, req.headers.authorization, bodyText);
      record.status = response.status;
      if (response.code !== undefined) record.code = response.code;
      const text = response.body === null ? await this.openapi() : JSON.stringify(response.body);
      if (fault) {
        await this.delay(faultDelay(fault));
        this.damage(fault, response, text, res);
      } else send(res, response.status, response.headers, text);
    }
    this.logLine(record, response?.account, Date.now() - started);
  }

  private shortCircuit(fault: Fault, req: IncomingMessage, res: ServerResponse, record: RecordedRequest): void {
    const socket = req.socket;
    switch (fault.kind) {
      case 'reset':
        socket.resetAndDestroy();
        return;
      case 'no-headers':
        // A clean close with no status line: "empty reply from server".
        socket.end(() => socket.destroy());
        return;
      case 'html': {
        const status = fault.status ?? 502;
        record.status = status;
        res.writeHead(status, { 'content-type': 'text/html' });
        res.end(htmlErrorPage(status));
        return;
      }
      default: {
        const status = fault.status ?? 502;
        const code = fault.code ?? defaultFaultCode(status);
        record.status = status;
        record.code = code;
        const headers: Record<string, string> = fault.retryAfter !== undefined ? { 'retry-after': fault.retryAfter } : {};
        send(res, status, headers, JSON.stringify({ error: { code, message: `Injected fault: ${status} ${code}` } }));
      }
    }
  }

  private damage(fault: Fault, response: ApiResponse, text: string, res: ServerResponse): void {
    switch (fault.kind) {
      case 'non-json':
        // Envoy's answer when the service behind it dropped: a classic non-JSON body.
        send(res, fault.status ?? response.status, {}, 'upstream connect error or disconnect/reset before headers. reset reason: connection termination');
        return;
      case 'truncated': {
        const bytes = Buffer.from(text, 'utf8');
        res.writeHead(response.status, { ...response.headers, 'content-type': 'application/json; charset=utf-8', 'content-length': String(bytes.length) });
        res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.socket?.destroy());
        return;
      }
      case 'no-data': {
        const body = response.body as { meta?: unknown } | null;
        const damaged = response.status < 300 && body !== null ? JSON.stringify({ meta: body.meta }) : text;
        send(res, response.status, response.headers, damaged);
        return;
      }
      default:
        send(res, response.status, response.headers, text);
    }
  }

  private logLine(record: RecordedRequest, account: DemoAccount | undefined, ms: number): void {
    if (!this.log) return;
    const code = record.code ? ` ${record.code}` : '';
    const fault = record.fault ? ` [fault: ${record.fault}]` : '';
    // Only demo keys are named: a real key sent here by mistake must not reach a terminal.
    const who = account ? ` ${account.key}` : '';
    this.log(`${record.at} ${record.method} ${record.url} ${record.status}${code}${fault}${who} ${ms}ms`);
  }
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  assertLoopbackHost(host);
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`port must be an integer from 0 to 65535 (got ${port})`);
  const rateLimit = options.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT;
  if (!Number.isInteger(rateLimit) || rateLimit < 1) throw new Error(`rateLimitPerMinute must be a positive integer (got ${rateLimit})`);

  const app = new SandboxApp(options.now ?? (() => new Date()), rateLimit, options.faults ?? [], options.quiet ? null : (options.log ?? null), {
    ...(options.dataAt ? { at: options.dataAt } : {}),
    edits: options.edits ?? [],
  });
  const server = createServer((req, res) => {
    app.handle(req, res).catch((error: unknown) => {
      // A bug in a payload builder: answer like an API would, keep serving.
      if (!res.headersSent) {
        send(res, 500, {}, JSON.stringify({ error: { code: 'internal_error', message: `Sandbox bug: ${(error as Error).message}` } }));
      } else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    // Keep `code` so callers can tell a busy port (EADDRINUSE) from other failures.
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(Object.assign(new Error(`port ${port} on ${host} is already in use`), { code: error.code }));
      else if (error.code === 'EACCES') reject(Object.assign(new Error(`not allowed to listen on port ${port} of ${host}`), { code: error.code }));
      else reject(error);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });

  const address = server.address() as AddressInfo;
  app.baseUrl = `http://${urlHost(host)}:${address.port}${BASE_PATH}`;
  app.documentServer = { host: urlHost(host), port: options.oneShot ? null : address.port };
  let closing: Promise<void> | null = null;
  return {
    baseUrl: app.baseUrl,
    port: address.port,
    requests: app.requests,
    reads: (key) => app.state.readsSpent(key),
    close() {
      closing ??= new Promise<void>((resolve) => {
        app.cancelDelays();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** What a simulated read answered: its status and the body the server would have sent. */
export interface SimulatedAnswer {
  status: number;
  body: unknown;
}

/**
 * The sandbox's answers without a server: each read at the moment given, spending
 * nothing, with the data options (`dataAt`, `edits`) a started sandbox would take. What
 * the demo's simulated history (history.ts) reads its days from.
 */
export function sandboxSimulator(options: Pick<SandboxOptions, 'dataAt' | 'edits'>, start: Date) {
  let at = start;
  const app = new SandboxApp(() => at, DEFAULT_RATE_LIMIT, [], null, { ...(options.dataAt ? { at: options.dataAt } : {}), edits: options.edits ?? [] });
  return (account: DemoAccount, path: string, query: URLSearchParams, moment: Date): SimulatedAnswer => {
    at = moment;
    const r = app.simulate(account, path, query);
    return { status: r.status, body: r.body };
  };
}
