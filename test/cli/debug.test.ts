/** --debug on an ordinary API failure: what answered (status, allow-listed headers, request id), no stack. */
import { describe, expect, it } from 'vitest';
import { requestIdOf, usefulHeaders } from '../../src/http/response-headers.js';
import { apiFailure, FakeApi } from '../support/http.js';
import { runInProcess } from '../support/run.js';

const HEADERS = {
  'x-request-id': 'req_7f3a',
  'set-cookie': 'session=s3cr3t-cookie',
  'x-api-key-echo': 'vis_live_echoed',
  'www-authenticate': 'Bearer token=leaked',
  'x-ratelimit-remaining': '41',
  server: 'edge',
};

describe('--debug on an API error', () => {
  it.each([
    [404, 'not_found', ['tasks', '9999'], 5],
    [403, 'feature_not_in_plan', ['forum'], 4],
  ])('%i: status, useful headers and the request id; no stack; nothing secret', async (status, code, argv, exit) => {
    const api = new FakeApi().on({ method: 'GET', path: `/${argv.join('/')}` }, apiFailure(status, code, 'No such thing', HEADERS));
    const r = await runInProcess([...argv, '--debug'], { api });
    expect(r.code).toBe(exit);
    const lines = r.stderr.split('\n');
    expect(lines).toContain(`vis debug: HTTP ${status} ${code}; request id: req_7f3a`);
    const headers = lines.find((l) => l.startsWith('vis debug:   headers: ')) ?? '';
    expect(headers).toContain('x-request-id: req_7f3a');
    expect(headers).toContain('x-ratelimit-remaining: 41');
    expect(headers).toContain('server: edge');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr).not.toContain('Error:');
    for (const secret of ['s3cr3t', 'vis_live_echoed', 'leaked', 'set-cookie', 'www-authenticate']) expect(r.stderr).not.toContain(secret);
    api.verify();
  });

  it('the request id from the headers servers use; none when there is none', () => {
    expect(requestIdOf({ 'cf-ray': '8a1b-AMS' })).toBe('8a1b-AMS');
    expect(requestIdOf({ 'x-request-id': ' a ', 'cf-ray': 'b' })).toBe('a');
    expect(requestIdOf({ 'content-type': 'application/json' })).toBeUndefined();
    expect(usefulHeaders({ cookie: 'x', authorization: 'Bearer y', 'content-type': 'text/html' })).toBe('content-type: text/html');
  });
});

describe('--debug against the sandbox', () => {
  it('names the request id the sandbox sends (its request count), not "none sent"', async () => {
    const { startSandbox } = await import('../../src/sandbox/server.js');
    const sandbox = await startSandbox({ quiet: true });
    try {
      await runInProcess(['topics'], { baseUrl: sandbox.baseUrl, env: { VIS_API_KEY: 'vis_demo_growth' } });
      const r = await runInProcess(['forum', '--debug'], { baseUrl: sandbox.baseUrl, env: { VIS_API_KEY: 'vis_demo_monitor' } });
      expect(r.code).toBe(4);
      expect(r.stderr.split('\n')).toContain('vis debug: HTTP 403 feature_not_in_plan; request id: req_000002');
      expect(r.stderr).not.toContain('none sent');
    } finally {
      await sandbox.close();
    }
  });
});
