import { describe, expect, it } from 'vitest';
import {
  apiError,
  AuthError,
  ChangesFoundError,
  exitCodeFor,
  kindForApiError,
  InterruptedError,
  LimitError,
  NotFoundError,
  PlanError,
  ServerError,
  UsageError,
  VisError,
} from '../src/errors.js';
import { FINAL_API_CODES } from './support/api-codes.js';

describe('API error -> exit code (docs/guide.md, Exit codes)', () => {
  it.each<readonly [number, string, number]>([
    ...FINAL_API_CODES,
    [402, 'payment_required', 4],
    [429, 'rate_limited', 6],
    [502, 'upstream_error', 7],
    [500, 'internal_error', 7],
    [503, 'unavailable', 7],
    // Codes the reference does not list fall back on the status.
    [400, 'something_new', 2],
    [401, 'token_expired', 3],
    [403, 'forbidden', 4],
    [404, 'gone_missing', 5],
    [429, 'slow_down', 6],
  ])('%i %s -> %i', (status, code, exit) => {
    expect(exitCodeFor(apiError(status, code, 'm'))).toBe(exit);
  });

  it('keeps the code and status on the error', () => {
    const e = apiError(404, 'market_not_found', 'no such market');
    expect(e.code).toBe('market_not_found');
    expect(e.status).toBe(404);
    expect(e.message).toBe('no such market');
  });

  it('local failures', () => {
    expect(exitCodeFor(new UsageError('x'))).toBe(2);
    expect(exitCodeFor(new ServerError('timeout'))).toBe(7);
    expect(exitCodeFor(new InterruptedError())).toBe(130);
    expect(exitCodeFor(new Error('bug'))).toBe(1);
    expect(exitCodeFor('string thrown')).toBe(1);
  });
});

describe('the API code decides over the status (docs/guide.md, Exit codes)', () => {
  // Each documented code with a status that alone would give another exit code: the
  // table, not the status, must be what decides.
  it.each([
    [418, 'invalid_parameter', 2],
    [500, 'brand_required', 2],
    [403, 'invalid_api_key', 3],
    [400, 'feature_not_in_plan', 4],
    [500, 'plan_inactive', 4],
    [400, 'brand_not_found', 5],
    [500, 'market_not_found', 5],
    [400, 'not_found', 5],
    [500, 'integration_not_connected', 4],
    [400, 'quota_exceeded', 6],
    [500, 'rate_limited', 6],
    [429, 'upstream_error', 7],
  ])('%i %s -> %i', (status, code, exit) => {
    expect(exitCodeFor(apiError(status, code, 'm'))).toBe(exit);
  });

  it('an unknown code, or none, falls back on the status', () => {
    for (const [status, exit] of [
      [400, 2],
      [405, 2],
      [422, 2],
      [401, 3],
      [402, 4],
      [403, 4],
      [409, 4],
      [404, 5],
      [410, 5],
      [429, 6],
      [500, 7],
      [418, 7],
      [200, 7],
    ] as const) {
      expect(exitCodeFor(apiError(status, undefined, 'm')), `${status}`).toBe(exit);
      // Names of Object.prototype properties are not codes of the table.
      for (const code of ['toString', '__proto__', 'constructor']) {
        expect(exitCodeFor(apiError(status, code, 'm')), `${status} ${code}`).toBe(exit);
      }
    }
  });
});

describe('kindForApiError', () => {
  it('names the kind of each documented code, and of a status alone', () => {
    expect(kindForApiError(429, 'upstream_error')).toBe('server');
    expect(kindForApiError(500, 'invalid_api_key')).toBe('auth');
    expect(kindForApiError(500, undefined)).toBe('server');
    expect(kindForApiError(418, 'new_code')).toBe('server');
    expect(kindForApiError(401, undefined)).toBe('auth');
  });
});

describe('apiError builds the typed error of its class', () => {
  it.each([
    [400, 'invalid_parameter', UsageError, 'UsageError', 'usage'],
    [401, 'invalid_api_key', AuthError, 'AuthError', 'auth'],
    [403, 'plan_inactive', PlanError, 'PlanError', 'plan'],
    [404, 'not_found', NotFoundError, 'NotFoundError', 'not_found'],
    [429, 'rate_limited', LimitError, 'LimitError', 'limit'],
    [503, 'unavailable', ServerError, 'ServerError', 'server'],
  ] as const)('%i %s', (status, code, cls, name, kind) => {
    const e = apiError(status, code, 'message', { hint: 'do this' });
    expect(e).toBeInstanceOf(cls);
    expect(e).toBeInstanceOf(VisError);
    expect(e.name).toBe(name);
    expect(e.kind).toBe(kind);
    expect(e.hint).toBe('do this');
    expect(e.status).toBe(status);
    expect(e.code).toBe(code);
  });

  it('a rate limit carries the wait the server asked for; a server error may have been sent', () => {
    const limit = apiError(429, 'rate_limited', 'slow', { retryAfterMs: 1500 });
    expect(limit).toBeInstanceOf(LimitError);
    expect((limit as LimitError).retryAfterMs).toBe(1500);
    const server = apiError(502, 'upstream_error', 'down') as ServerError;
    expect(server.maybeSent).toBe(true);
    expect(server.transport).toBeUndefined();
  });
});

describe('local errors', () => {
  it('each class has its name, kind and exit code', () => {
    const cases: [VisError, string, string, number][] = [
      [new UsageError('u'), 'UsageError', 'usage', 2],
      [new AuthError('a'), 'AuthError', 'auth', 3],
      [new PlanError('p'), 'PlanError', 'plan', 4],
      [new NotFoundError('n'), 'NotFoundError', 'not_found', 5],
      [new LimitError('l'), 'LimitError', 'limit', 6],
      [new ServerError('s'), 'ServerError', 'server', 7],
      [new ChangesFoundError('c'), 'ChangesFoundError', 'changed', 8],
      [new InterruptedError(), 'InterruptedError', 'interrupted', 130],
      [new VisError('server', 'v'), 'VisError', 'server', 7],
    ];
    for (const [e, name, kind, exit] of cases) {
      expect(e.name).toBe(name);
      expect(e.kind).toBe(kind);
      expect(exitCodeFor(e)).toBe(exit);
    }
    expect(new InterruptedError().message).toBe('interrupted');
  });

  it('keeps the details it is given, and a cause only when there is one', () => {
    const cause = new Error('socket hang up');
    const e = new ServerError('no answer', { cause, maybeSent: false, transport: 'reset', status: 0, code: 'x', hint: 'h' });
    expect(e.cause).toBe(cause);
    expect(e.maybeSent).toBe(false);
    expect(e.transport).toBe('reset');
    expect(e.status).toBe(0);
    expect(e.code).toBe('x');
    expect(e.hint).toBe('h');
    expect(e.message).toBe('no answer');
    expect('cause' in new UsageError('plain')).toBe(false);
    expect(new LimitError('l', { retryAfterMs: 20 }).retryAfterMs).toBe(20);
    expect(new LimitError('l').retryAfterMs).toBeUndefined();
  });
});
