/**
 * --verbose (src/services/request-log.ts): one line on stderr per request, less than
 * --debug: method, path and query as sent, status or failure, time, whether the cache
 * answered, and the reads spent where the endpoint table says. Never a header, a body or
 * the key; sanitised like every line vis prints.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointOf, readsSpent } from '../../src/services/request-log.js';
import { fakeClock } from '../support/context.js';
import { apiFailure, FakeApi, ok } from '../support/http.js';
import { runInProcess, TEST_KEY } from '../support/run.js';

/** A fake API whose every answer takes `ms` on the fake clock. */
function slowApi(ms: number, clock = fakeClock()): { api: FakeApi; clock: typeof clock } {
  const api = new FakeApi();
  const send = api.transport.sendRequest.bind(api.transport);
  api.transport.sendRequest = async (...args) => {
    clock.t += ms;
    return send(...args);
  };
  return { api, clock };
}

const verboseLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('vis verbose: '));

describe('--verbose', () => {
  it('one line per request: method, path and query, status, time, reads spent', async () => {
    const { api, clock } = slowApi(84);
    api.on({ method: 'GET', path: '/topics' }, ok({ topics: [] }));
    const r = await runInProcess(['--verbose', 'topics', '--days', '7', '-f', 'json', '--no-cache'], { api, clock });
    expect(r.code, r.stderr).toBe(0);
    expect(verboseLines(r.stderr)).toEqual(['vis verbose: GET /topics?days=7 → 200, 84 ms, 1 read']);
    expect(JSON.parse(r.stdout)).toHaveProperty('data');
  });

  it('is a global: after the command words too; free endpoints say so', async () => {
    const { api, clock } = slowApi(12);
    api.on({ method: 'GET', path: '/usage' }, ok({ reads: { left: 5 } }));
    const r = await runInProcess(['usage', '-f', 'json', '--verbose'], { api, clock });
    expect(r.code, r.stderr).toBe(0);
    expect(verboseLines(r.stderr)).toEqual(['vis verbose: GET /usage → 200, 12 ms, free']);
  });

  it('a refused answer spends no read; each attempt of a retried request has its line', async () => {
    const api = new FakeApi()
      .on({ method: 'GET', path: '/topics' }, apiFailure(502, 'upstream_error', 'try again'))
      .on({ method: 'GET', path: '/topics' }, ok({ topics: [] }));
    const r = await runInProcess(['--verbose', 'topics', '-f', 'json', '--no-cache'], { api });
    expect(r.code, r.stderr).toBe(0);
    expect(verboseLines(r.stderr)).toEqual(['vis verbose: GET /topics → 502, 0 ms, no read', 'vis verbose: GET /topics → 200, 0 ms, 1 read']);
    const denied = await runInProcess(['--verbose', 'topics', '--no-cache'], {
      api: new FakeApi().on({ method: 'GET', path: '/topics' }, apiFailure(401, 'invalid_api_key', 'no')),
    });
    expect(denied.code).toBe(3);
    expect(verboseLines(denied.stderr)).toEqual(['vis verbose: GET /topics → 401, 0 ms, no read']);
  });

  it('says when the cache answered: no request, no read', async () => {
    const home = mkdtempSync(join(tmpdir(), 'vis-verbose-'));
    const env = { HOME: home, VIS_CONFIG_DIR: join(home, 'config') };
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok({ topics: [] }, { brand: { id: 7, name: 'Acme' } }));
    const first = await runInProcess(['topics', '-f', 'json', '--days', '7'], { api, env });
    expect(first.code, first.stderr).toBe(0);
    const again = await runInProcess(['topics', '-f', 'json', '--days', '7', '--verbose'], { api, env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.requests).toEqual([]);
    const lines = verboseLines(again.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^vis verbose: GET \/topics\?days=7 → from the cache \(fetched \d{4}-\d\d-\d\dT[\d:.]+Z\), no read$/);
  });

  it('never the key, no header, nothing that drives the terminal; less than --debug', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok({ topics: [] }));
    const r = await runInProcess(['topics', '--verbose', '-f', 'json', '--no-cache', '--param', `k=${TEST_KEY}`, '--param', 'x=\u001b]0;owned\u0007'], { api });
    expect(r.code, r.stderr).toBe(0);
    const lines = verboseLines(r.stderr);
    expect(lines).toHaveLength(1);
    expect(r.stderr).not.toContain(TEST_KEY);
    expect(r.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    expect(r.stderr).not.toMatch(/authorization|bearer/i);
    expect(lines[0]).toContain('GET /topics?k=');
    const debug = await runInProcess(['topics', '--debug', '-f', 'json', '--no-cache'], {
      api: new FakeApi().on({ method: 'GET', path: '/topics' }, ok({ topics: [] })),
    });
    expect(verboseLines(debug.stderr)).toEqual([]);
    expect(debug.stderr).toContain('vis debug:');
  });

  it('a request that got no answer: how long it tried and why, no read', async () => {
    const r = await runInProcess(['--verbose', 'topics', '--no-cache'], { api: new FakeApi() });
    expect(r.code).not.toBe(0);
    expect(verboseLines(r.stderr)).toEqual(['vis verbose: GET /topics → failed after 0 ms: no stub for GET /topics, no read']);
  });

  it('a path the endpoint table does not know: no word on reads', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/beta/things' }, ok({ things: [] }));
    const r = await runInProcess(['--verbose', 'api', '/beta/things', '--no-cache'], { api });
    expect(r.code, r.stderr).toBe(0);
    expect(verboseLines(r.stderr)).toEqual(['vis verbose: GET /beta/things → 200, 0 ms']);
  });

  it('nothing without it', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok({ topics: [] }));
    const r = await runInProcess(['topics', '-f', 'json', '--no-cache'], { api });
    expect(r.stderr).toBe('');
  });

  it('vis auth login reports its check too', async () => {
    const home = mkdtempSync(join(tmpdir(), 'vis-verbose-login-'));
    const api = new FakeApi().on({ method: 'GET', path: '/usage' }, ok({ reads: { left: 5 } }));
    const r = await runInProcess(['--verbose', 'auth', 'login'], {
      api,
      env: { HOME: home, VIS_CONFIG_DIR: join(home, 'config'), VIS_API_KEY: undefined },
      io: { stdin: `${TEST_KEY}\n` },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(verboseLines(r.stderr)).toEqual(['vis verbose: GET /usage → 200, 0 ms, free']);
  });
});

describe('the reads a request spends, from the endpoint table', () => {
  it.each([
    ['GET', '/topics', 200, '1 read'],
    ['GET', '/topics/crm-for-startups', 200, '1 read'],
    ['GET', '/topics', 404, 'no read'],
    ['GET', '/topics', 199, 'no read'],
    ['GET', '/topics', 300, 'no read'],
    ['GET', '/topics', 299, '1 read'],
    ['GET', '/topics', undefined, 'no read'],
    ['GET', '/brands', 200, 'free'],
    ['GET', '/usage', 500, 'free'],
    ['POST', '/pitches', 201, '1 read, 1 pitch report'],
    ['GET', '/pitches/12', 200, '1 read'],
    ['GET', '/openapi.json', 200, undefined],
    ['GET', '/topics/a/b', 200, undefined],
    ['POST', '/topics', 200, undefined],
  ] as const)('%s %s -> %s: %s', (method, path, status, reads) => {
    expect(readsSpent(method, path, status)).toBe(reads);
  });

  it('matches a path template whole, not a prefix', () => {
    expect(endpointOf('GET', '/topicsx')).toBeUndefined();
    expect(endpointOf('GET', '/topics/')).toBeUndefined();
    expect(endpointOf('GET', 'topics')).toBeUndefined();
    expect(endpointOf('GET', '/topics/7')?.id).toBe('topics.get');
    expect(endpointOf('POST', '/pitches')?.id).toBe('pitches.create');
    expect(endpointOf('GET', '/pitches')?.id).toBe('pitches');
    expect(endpointOf('GET', '/answers/runs')?.id).toBe('answers.runs');
  });
});
