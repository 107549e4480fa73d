/**
 * The API's error.code reaches the terminal (`[code]`), export summaries and the manifest
 * as the client hands it on: sanitised and with the key masked, like the message. A code
 * of the documented kind passes unchanged, so exit codes, retries and hints still see it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { VisError } from '../../src/errors.js';
import { ApiClient } from '../../src/http/client.js';
import { clearSecrets } from '../../src/http/redact.js';
import { fakeClock } from '../support/context.js';
import { apiFailure, FakeApi } from '../support/http.js';

const KEY = 'vis_live_Code_Echo_Key_987654';

afterEach(() => clearSecrets());

async function codeOf(code: string, status = 400): Promise<VisError> {
  const api = new FakeApi().on({ method: 'GET', path: '/topics' }, apiFailure(status, code, 'no'));
  const client = new ApiClient({
    baseUrl: api.baseUrl,
    apiKey: KEY,
    timeoutMs: 5_000,
    userAgent: 't',
    clock: fakeClock(0),
    random: () => 0.5,
    transport: async () => api.transport,
  });
  try {
    await client.send({ method: 'GET', path: '/topics' });
  } catch (err) {
    if (!(err instanceof VisError)) throw err;
    return err;
  } finally {
    await client.close();
  }
  throw new Error('expected a failure');
}

describe('error.code from the server', () => {
  it.each([
    ['an escape sequence in the middle of the key', `${KEY.slice(0, 12)}\x1b[m${KEY.slice(12)}`, '***'],
    ['a C1 control in the middle of the key', `${KEY.slice(0, 12)}\x85${KEY.slice(12)}`, '***'],
    ['the key percent-encoded', KEY.replaceAll('_', '%5F'), '***'],
    ['a terminal title', 'oops\x1b]0;pwned\x07', 'oops'],
    ['a bare control', 'bad\x07code', 'bad\\x07code'],
  ])('%s: sanitised, then masked', async (_name, code, shown) => {
    const err = await codeOf(code);
    expect(err.code).toBe(shown);
  });

  it('a documented code is unchanged and still decides the exit code', async () => {
    const err = await codeOf('brand_not_found', 404);
    expect(err.code).toBe('brand_not_found');
    expect(err.kind).toBe('not_found');
  });
});
