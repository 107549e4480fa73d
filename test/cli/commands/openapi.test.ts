/**
 * `vis openapi`: the document is public, so no key is needed; with --demo the
 * sandbox lives for this one command, so the document names a placeholder port, not the
 * one that closes when vis exits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server.js';
import { openSandbox } from '../../sandbox/helpers.js';
import { runInProcess } from '../../support/run.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await openSandbox();
});
afterAll(() => sandbox.close());

describe('vis openapi', () => {
  it('works without a key and sends none', async () => {
    const r = await runInProcess(['openapi'], { baseUrl: sandbox.baseUrl, env: { VIS_API_KEY: undefined } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.servers[0].variables.port.default).toBe(String(sandbox.port));
    const last = sandbox.requests.at(-1);
    expect(last?.path).toBe('/openapi.json');
    expect(last?.headers['authorization']).toBeUndefined();
  });

  it('with --demo prints a placeholder server, not the port of a sandbox that is gone', async () => {
    const r = await runInProcess(['--demo', 'openapi'], { realTransport: true, env: { VIS_API_KEY: undefined } });
    expect(r.code).toBe(0);
    const [server] = JSON.parse(r.stdout).servers;
    expect(server.url).toBe('http://127.0.0.1:{port}/api/v1');
    expect(server.variables.port).toMatchObject({ default: '4010' });
    expect(server.variables.port.description).toContain('vis sandbox --port 4010');
  });
});
