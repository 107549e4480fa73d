/**
 * The error codes of the reference (section 7) that vis never retries, each with its
 * usual status and its exit code (docs/guide.md, Exit codes). One table for the unit
 * test of the mapping (test/errors.test.ts) and the command-line test through a server
 * (test/http/api-errors.test.ts); each adds the cases of its own.
 */
export const FINAL_API_CODES: ReadonlyArray<readonly [status: number, code: string, exit: number]> = [
  [400, 'invalid_parameter', 2],
  [400, 'brand_required', 2],
  [401, 'invalid_api_key', 3],
  [403, 'feature_not_in_plan', 4],
  [403, 'plan_inactive', 4],
  [402, 'pitch_allowance_exhausted', 4],
  [409, 'integration_not_connected', 4],
  [404, 'brand_not_found', 5],
  [404, 'market_not_found', 5],
  [404, 'not_found', 5],
  [429, 'quota_exceeded', 6],
];
