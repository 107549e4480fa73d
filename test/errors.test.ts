import { describe, expect, it } from 'vitest';
import { apiError, exitCodeFor, InterruptedError, ServerError, UsageError } from '../src/errors.js';

describe('API error -> exit code (contract section 4)', () => {
  it.each([
    [400, 'invalid_parameter', 2],
    [400, 'brand_required', 2],
    [401, 'invalid_api_key', 3],
    [403, 'feature_not_in_plan', 4],
    [403, 'plan_inactive', 4],
    [402, 'pitch_allowance_exhausted', 4],
    [402, 'payment_required', 4],
    [409, 'integration_not_connected', 4],
    [404, 'brand_not_found', 5],
    [404, 'market_not_found', 5],
    [404, 'not_found', 5],
    [429, 'quota_exceeded', 6],
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
