/**
 * Every failure vis knows about is a VisError with a class. The entry point maps the
 * class to an exit code in one place (exitCodeFor); commands only throw.
 */

export type ErrorKind =
  | 'usage' // 2
  | 'auth' // 3
  | 'plan' // 4
  | 'not_found' // 5
  | 'limit' // 6
  | 'server' // 7
  | 'changed' // 8
  | 'interrupted'; // 130

const EXIT_CODES: Record<ErrorKind, number> = {
  usage: 2,
  auth: 3,
  plan: 4,
  not_found: 5,
  limit: 6,
  server: 7,
  changed: 8,
  interrupted: 130,
};

export interface VisErrorDetails {
  /** The API's error.code, when the error came from the API. */
  code?: string;
  /** HTTP status, when there was a response. */
  status?: number;
  /** A second line that tells the user what to do next. */
  hint?: string;
  cause?: unknown;
}

export class VisError extends Error {
  readonly kind: ErrorKind;
  readonly code: string | undefined;
  readonly status: number | undefined;
  hint: string | undefined;
  /** How many times the request was sent, when vis retried it before giving up. */
  attempts: number | undefined;
  /** The server's id for the request (X-Request-Id and the like), for --debug and support. */
  requestId: string | undefined;

  constructor(kind: ErrorKind, message: string, details: VisErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'VisError';
    this.kind = kind;
    this.code = details.code;
    this.status = details.status;
    this.hint = details.hint;
  }
}

/**
 * The base of an error class that only names a kind: the subclasses below stay classes of
 * their own (instanceof, their name), and say nothing beyond the message and details.
 * Each call is marked pure so that a bundle using none of these classes leaves them out
 * (the transport's lib file must not hold a second copy of this module).
 */
function errorOfKind(kind: ErrorKind, name: string) {
  return class extends VisError {
    constructor(message: string, details: VisErrorDetails = {}) {
      super(kind, message, details);
      this.name = name;
    }
  };
}

export class UsageError extends /* @__PURE__ */ errorOfKind('usage', 'UsageError') {}

export class AuthError extends /* @__PURE__ */ errorOfKind('auth', 'AuthError') {}

export class PlanError extends /* @__PURE__ */ errorOfKind('plan', 'PlanError') {}

export class NotFoundError extends /* @__PURE__ */ errorOfKind('not_found', 'NotFoundError') {}

export class LimitError extends VisError {
  /** Seconds the server asked us to wait, for rate_limited. */
  retryAfterMs: number | undefined;
  constructor(message: string, details: VisErrorDetails & { retryAfterMs?: number } = {}) {
    super('limit', message, details);
    this.name = 'LimitError';
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** 5xx, upstream_error, timeouts, refused connections, bodies that are not the envelope. */
export class ServerError extends VisError {
  /** True when the request may have reached the server (matters for POST /pitches). */
  readonly maybeSent: boolean;
  /** A transport failure (reset, refused, timeout) rather than an HTTP answer. */
  readonly transport: string | undefined;
  /** What a 503's Retry-After asked for, in ms. */
  readonly retryAfterMs: number | undefined;
  /** Repeating cannot help (an answer over the size limit, headers too large, a compressed body). */
  readonly permanent: boolean;
  constructor(message: string, details: VisErrorDetails & { maybeSent?: boolean; transport?: string; retryAfterMs?: number; permanent?: boolean } = {}) {
    super('server', message, details);
    this.name = 'ServerError';
    this.maybeSent = details.maybeSent ?? true;
    this.transport = details.transport;
    this.retryAfterMs = details.retryAfterMs;
    this.permanent = details.permanent ?? false;
  }
}

/**
 * `vis changes --exit-code` found at least one change: no failure, a signal for scripts
 * (like `git diff --exit-code`), so a cron line can be `vis changes --exit-code || notify`.
 */
export class ChangesFoundError extends VisError {
  constructor(message: string) {
    super('changed', message);
    this.name = 'ChangesFoundError';
  }
}

export class InterruptedError extends VisError {
  constructor() {
    super('interrupted', 'interrupted');
    this.name = 'InterruptedError';
  }
}

export function exitCodeFor(err: unknown): number {
  if (err instanceof VisError) return EXIT_CODES[err.kind];
  return 1;
}

/**
 * The API's documented error codes and where each lands. Unknown codes fall back on the
 * HTTP status, so a new code from the server still gets a sensible exit code. A Map, so
 * a code such as `toString` or `__proto__` is unknown rather than an Object property.
 */
const KIND_BY_CODE: ReadonlyMap<string, ErrorKind> = new Map([
  ['invalid_parameter', 'usage'],
  ['brand_required', 'usage'],
  ['invalid_api_key', 'auth'],
  ['feature_not_in_plan', 'plan'],
  ['plan_inactive', 'plan'],
  ['brand_not_found', 'not_found'],
  ['market_not_found', 'not_found'],
  ['not_found', 'not_found'],
  ['integration_not_connected', 'plan'],
  ['quota_exceeded', 'limit'],
  ['rate_limited', 'limit'],
  ['upstream_error', 'server'],
]);

export function kindForApiError(status: number, code: string | undefined): ErrorKind {
  const known = code === undefined ? undefined : KIND_BY_CODE.get(code);
  if (known !== undefined) return known;
  if (status === 400 || status === 405 || status === 422) return 'usage';
  if (status === 401) return 'auth';
  if (status === 402 || status === 403 || status === 409) return 'plan';
  if (status === 404 || status === 410) return 'not_found';
  if (status === 429) return 'limit';
  return 'server';
}

export function apiError(status: number, code: string | undefined, message: string, extra: { hint?: string; retryAfterMs?: number } = {}): VisError {
  const kind = kindForApiError(status, code);
  const details = { code, status, hint: extra.hint };
  switch (kind) {
    case 'usage':
      return new UsageError(message, details);
    case 'auth':
      return new AuthError(message, details);
    case 'plan':
      return new PlanError(message, details);
    case 'not_found':
      return new NotFoundError(message, details);
    case 'limit':
      return new LimitError(message, { ...details, retryAfterMs: extra.retryAfterMs });
    default:
      return new ServerError(message, { ...details, retryAfterMs: extra.retryAfterMs });
  }
}
