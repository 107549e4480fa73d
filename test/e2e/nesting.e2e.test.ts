/**
 * An answer 100,000 levels deep, through the built CLI: refused with exit 7 and a message
 * naming the host and the limit, the process neither killed nor out of memory (no
 * quadratic indentation). The other depths run in-process: test/cli/nesting.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NESTING } from '../../src/text/nesting.js';
import { envelopeText, sendRaw } from '../support/deep-json.js';
import { cleanEnv, runVis, startTestServer, type TestServer } from './helpers.js';

let server: TestServer;
let host: string;

beforeAll(async () => {
  server = await startTestServer((_req, res) => sendRaw(res, 200, envelopeText(100_000)));
  host = new URL(server.baseUrl).host;
});
afterAll(() => server.close());

const env = () => cleanEnv({ VIS_BASE_URL: server.baseUrl, VIS_API_KEY: 'vis_test_key_abcd', VIS_RATE_LIMIT: '1000000' });
const refusal = () => `vis: the answer from ${host} is nested deeper than ${MAX_NESTING} levels [too_deep]`;

describe(`answers nested deeper than ${MAX_NESTING} levels`, () => {
  it('100,000 levels with --format json: exit 7 (no quadratic indentation, no running out of memory)', async () => {
    const r = await runVis(['api', '/deep-100000', '--format', 'json'], { env: env() });
    expect(r.signal).toBeNull();
    expect(r.stderr).toContain(refusal());
    expect(r.code).toBe(7);
  });
});
