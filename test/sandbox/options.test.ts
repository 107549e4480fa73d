/** VIS_SANDBOX_OPTIONS: how end-to-end tests configure the sandbox `vis --demo` starts. */
import { describe, expect, it } from 'vitest';
import { sandboxOptionsFromEnv } from '../../src/sandbox/server.js';
import { isLoopbackHost } from '../../src/sandbox/loopback.js';
import { call } from './helpers.js';
import { startSandbox } from '../../src/sandbox/server.js';

describe('sandboxOptionsFromEnv', () => {
  it('is empty without the variable', () => {
    expect(sandboxOptionsFromEnv({})).toEqual({});
    expect(sandboxOptionsFromEnv({ VIS_SANDBOX_OPTIONS: '  ' })).toEqual({});
  });

  it('reads the options, with `now` as a fixed clock', () => {
    const options = sandboxOptionsFromEnv({
      VIS_SANDBOX_OPTIONS: JSON.stringify({
        now: '2025-03-14T12:00:00Z',
        rateLimitPerMinute: 5,
        quiet: true,
        faults: [{ path: '/topics', kind: 'status', status: 502, times: 1 }],
      }),
    });
    expect(options.rateLimitPerMinute).toBe(5);
    expect(options.quiet).toBe(true);
    expect(options.faults).toEqual([{ path: '/topics', kind: 'status', status: 502, times: 1 }]);
    expect(options.now?.().toISOString()).toBe('2025-03-14T12:00:00.000Z');
    expect(options.now?.().toISOString()).toBe('2025-03-14T12:00:00.000Z');
  });

  it('drives a real sandbox', async () => {
    const options = sandboxOptionsFromEnv({
      VIS_SANDBOX_OPTIONS: JSON.stringify({ now: '2025-06-02T09:00:00+02:00', faults: [{ path: '/brands', kind: 'status', status: 503, times: 1 }] }),
    });
    const sandbox = await startSandbox(options);
    try {
      expect((await call(sandbox, '/brands')).status).toBe(503);
      expect((await call(sandbox, '/topics')).json.data.period.to).toBe('2025-06-02');
    } finally {
      await sandbox.close();
    }
  });

  it('names what is wrong', () => {
    expect(() => sandboxOptionsFromEnv({ VIS_SANDBOX_OPTIONS: '{now:' })).toThrow(/VIS_SANDBOX_OPTIONS is not valid JSON/);
    expect(() => sandboxOptionsFromEnv({ VIS_SANDBOX_OPTIONS: '{"now":"yesterday"}' })).toThrow(/now/);
    expect(() => sandboxOptionsFromEnv({ VIS_SANDBOX_OPTIONS: '{"rateLimit":5}' })).toThrow(/rateLimit/);
    expect(() => sandboxOptionsFromEnv({ VIS_SANDBOX_OPTIONS: '{"faults":[{"path":"/topics","kind":"explode"}]}' })).toThrow(/kind/);
    expect(() => sandboxOptionsFromEnv({ VIS_SANDBOX_OPTIONS: '{"faults":[{"path":"topics","kind":"reset"}]}' })).toThrow(/path/);
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['localhost', true],
    ['LOCALHOST', true],
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['::1', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.1', false],
    ['128.0.0.1', false],
    ['localhost.example.com', false],
    ['127.0.0.1.nip.io', false],
  ])('%s → %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});
