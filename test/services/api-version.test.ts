/**
 * The reference knows one API version, v1, and every answer may say which it is
 * (meta.api_version, optional). Another version is worth one warning per command, on
 * stderr after the answer, so a user learns why a view looks wrong before trusting it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FakeApi, ok } from '../support/http.js';
import { runInProcess } from '../support/run.js';

const TOPICS = { topics: [{ id: 'a', name: 'A', score: 1 }] };

describe('meta.api_version other than v1', () => {
  it('one warning after the answer, exit 0, the answer unchanged', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS, { api_version: 'v2' }));
    const r = await runInProcess(['topics', '-f', 'json'], { api });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).meta.api_version).toBe('v2');
    expect(r.stderr).toBe('vis: warning: the API answered as version "v2"; vis knows v1, so what it shows may be incomplete or wrong: look for a newer vis\n');
  });

  it('said once per command, however many answers carry it', async () => {
    const api = new FakeApi()
      .on({ method: 'GET', path: '/answers' }, ok({ prompts: [{ id: 'q1', prompt: 'Best CRM?' }] }, { api_version: 'v3' }))
      .on({ method: 'GET', path: '/answers/runs' }, ok({ runs: [] }, { api_version: 'v3' }));
    const r = await runInProcess(['answers', 'runs', '--prompt', 'q1', '-f', 'json'], { api });
    expect(r.code, r.stderr).toBe(0);
    expect(r.requests.map((q) => q.path)).toEqual(['/answers', '/answers/runs']);
    expect(r.stderr.match(/warning/g)).toHaveLength(1);
  });

  it.each([
    ['v1', { api_version: 'v1' }],
    ['absent (the field is optional)', {}],
  ])('nothing when it is %s', async (_name, meta) => {
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS, meta));
    const r = await runInProcess(['topics', '-f', 'json'], { api });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('silent with -q', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS, { api_version: 'v2' }));
    const r = await runInProcess(['topics', '-f', 'json', '-q'], { api });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('a version of another shape is named safely: control characters cleaned, long values cut', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS, { api_version: `\u001b[31mv9${'x'.repeat(200)}` }));
    const r = await runInProcess(['topics', '-f', 'json'], { api });
    expect(r.code).toBe(0);
    expect(r.stderr).not.toContain('\u001b');
    expect(r.stderr).toContain('vis: warning: the API answered as version "');
    expect(r.stderr.length).toBeLessThan(200);
    const numeric = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS, { api_version: 2 }));
    expect((await runInProcess(['topics', '-f', 'json'], { api: numeric })).stderr).toContain('version 2;');
  });

  it('through vis api as well', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/overview' }, ok({}, { api_version: 'v2' }));
    const r = await runInProcess(['api', '/overview'], { api });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('vis: warning: the API answered as version "v2"');
  });

  it('an answer served from the cache says it again: the view is drawn from it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'vis-apiv-'));
    const env = { HOME: home, VIS_CONFIG_DIR: join(home, 'config') };
    const api = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS, { api_version: 'v2' }));
    expect((await runInProcess(['topics', '-f', 'json'], { api, env })).stderr).toContain('"v2"');
    const again = await runInProcess(['topics', '-f', 'json'], { api: new FakeApi(), env });
    expect(again.requests).toEqual([]);
    expect(again.stderr).toContain('vis: warning: the API answered as version "v2"');
  });
});
