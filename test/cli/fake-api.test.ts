/** The HTTP seam itself: what FakeApi does with a request it expects, one it does not, and a stub never used. */
import { describe, expect, it } from 'vitest';
import { apiFailure, FakeApi, ok } from '../support/http.js';
import { runInProcess } from '../support/run.js';

describe('FakeApi behind run()', () => {
  it('an unexpected request: answered once with a permanent error (no retry), kept, and verify() names it', async () => {
    const api = new FakeApi();
    const r = await runInProcess(['usage'], { api });
    expect(r.code).toBe(7);
    expect(r.requests.map((q) => q.path)).toEqual(['/usage']);
    expect(r.clock.waits).toEqual([]);
    expect(() => api.verify()).toThrow('unexpected request: GET /usage');
  });

  it('a stub never used fails verify()', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/usage' }, ok({})).on({ method: 'GET', path: '/brands' }, ok({ brands: [] }));
    expect((await runInProcess(['usage'], { api })).code).toBe(0);
    expect(() => api.verify()).toThrow('stub never used: GET /brands');
  });

  it('query and body matchers: exact pairs in order', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/topics', query: [['days', '7']] }, ok({ topics: [] }));
    expect((await runInProcess(['topics', '--days', '8', '--format', 'json'], { api })).code).toBe(7);
    expect(() => api.verify()).toThrow(/unexpected request: GET \/topics\?days=8\nstub never used: GET \/topics/);
  });

  it('canned errors go through the client as from a server: a 404 is exit 5, a 503 retried with the fake clock', async () => {
    const api = new FakeApi()
      .on({ method: 'GET', path: '/tasks/9' }, apiFailure(404, 'not_found', 'No task 9'))
      .on({ method: 'GET', path: '/usage' }, apiFailure(503, 'unavailable', 'Down', { 'retry-after': '2' }))
      .on({ method: 'GET', path: '/usage' }, ok({ reads_left: 5 }));
    const notFound = await runInProcess(['tasks', '9'], { api });
    expect(notFound.code).toBe(5);
    expect(notFound.stderr.split('\n')[0]).toMatch(/^vis: No task 9\b.*: vis tasks lists task ids.* \[not_found\]$/);
    const retried = await runInProcess(['usage', '--format', 'json'], { api });
    expect(retried.code).toBe(0);
    expect(retried.clock.waits).toEqual([2_000]);
    expect(JSON.parse(retried.stdout).data).toEqual({ reads_left: 5 });
    api.verify();
  });
});
