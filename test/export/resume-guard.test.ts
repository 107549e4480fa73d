/**
 * `vis export --resume` trusts nothing the export folder says: a manifest that breaks a
 * rule is refused before any request, another API or account is refused before any read,
 * and a resume reads only what is missing. In-process,
 * against FakeApi (test/support/http.ts).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountDifference, accountNameFromUsage, exportAccount, normaliseBaseUrl } from '../../src/export/resume.js';
import { FAKE_BASE_URL, FakeApi, apiFailure, ok, type Matcher } from '../support/http.js';
import { listFiles, tempDir } from '../support/files.js';
import { runInProcess } from '../support/run.js';

const ACME = { id: 7, name: 'Acme CRM' };
const usage = (account: unknown = 'Acme Inc') => ok({ account, reads: { used: 10, limit: 1000, left: 990 } });
const get = (path: string, query?: Matcher['query']): Matcher => ({ method: 'GET', path, ...(query ? { query } : {}) });
const readManifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, any>;

/** An account with one brand that GET /brands lists without its markets. */
function account(api = new FakeApi(), o: { usage?: Record<string, unknown>; brands?: unknown[] } = {}): FakeApi {
  return api.on(get('/usage'), o.usage ? ok(o.usage) : usage(), 'always').on(get('/brands'), ok({ brands: o.brands ?? [ACME] }), 'always');
}

/** The first run: topics written, the five endpoints after it failed (404), so the export is incomplete. */
async function halfDone(dir: string, api = account()) {
  api.on(get('/topics'), ok({ topics: [{ id: 't1', name: 'CRM', visibility: 40 }] }, { market: { code: 'US-en' } }));
  for (const p of ['/prompts', '/answers', '/sources', '/pages', '/content-gaps']) api.on(get(p), apiFailure(404, 'not_found', 'gone for now'));
  const r = await runInProcess(['export', '--dir', dir, '--only', 'topics,prompts,answers,sources,pages,content-gaps'], { api });
  expect(r.code, r.stderr).toBe(5);
  api.verify();
  return readManifest(dir);
}

/** The five missing endpoints, answered this time. */
function rest(api: FakeApi): FakeApi {
  for (const p of ['/prompts', '/answers', '/sources', '/pages', '/content-gaps']) api.on(get(p), ok({ rows: [{ a: 1 }] }, { market: { code: 'US-en' } }));
  return api;
}

describe('a manifest that breaks a rule is refused before any request (exit 2)', () => {
  it('plan.format that climbs out of the folder: refused, nothing sent, nothing written outside', async () => {
    const root = tempDir();
    const dir = join(root, 'a', 'b', 'c', 'd', 'export');
    mkdirSync(dir, { recursive: true });
    const first = await halfDone(dir);
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...first, plan: { ...first.plan, format: 'csv/../../../../fmt-pwn' } }));
    const api = rest(account());
    const r = await runInProcess(['export', '--dir', dir, '--resume'], { api });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `vis: --resume: ${join(dir, 'manifest.json')}: plan.format breaks the command line's rule: --format must be one of table, json, csv (got "csv/../../../../fmt-pwn")`,
    );
    expect(r.stderr).toContain('Start anew without --resume');
    expect(r.requests).toEqual([]);
    expect(listFiles(root).filter((f) => f.includes('fmt-pwn'))).toEqual([]);
  });

  it('a brand slug that climbs out, used when GET /brands lists no brands: never used, nothing written outside', async () => {
    const root = tempDir();
    const dir = join(root, 'a', 'b', 'export');
    mkdirSync(dir, { recursive: true });
    const first = await halfDone(dir, account(new FakeApi(), { brands: [] }));
    expect(first.plan.brands).toEqual([null]);
    writeFileSync(
      join(dir, 'manifest.json'),
      JSON.stringify({ ...first, brands: first.brands.map((b: object) => ({ ...b, slug: '../../../pwned-outside' })) }),
    );
    const api = rest(account(new FakeApi(), { brands: [] }));
    const r = await runInProcess(['export', '--dir', dir, '--resume'], { api });
    expect(listFiles(root).filter((f) => f.includes('pwned'))).toEqual([]);
    expect(r.code, r.stderr).toBe(0);
    expect(listFiles(dir)).toContain('brand/US-en/pages.csv');
  });

  it('a file path that climbs out: refused, nothing sent', async () => {
    const dir = tempDir();
    const first = await halfDone(dir);
    first.files[0].path = '../../outside/US-en/topics.csv';
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(first));
    const r = await runInProcess(['export', '--dir', dir, '--resume'], { api: new FakeApi() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('manifest.json: files[0].path must be laid out as the export writes topics files, <brand>/<market>/topics.csv');
    expect(r.requests).toEqual([]);
  });

  it('an item that would leave the API path: refused, nothing sent', async () => {
    const dir = tempDir();
    const first = await halfDone(dir);
    writeFileSync(
      join(dir, 'manifest.json'),
      JSON.stringify({
        ...first,
        plan: { ...first.plan, endpoints: [...first.plan.endpoints, 'topics.get'] },
        listed: [{ request: 'GET /topics?brand_id=7', endpoint: 'topics.get', date: '2026-11-22', items: ['..'] }],
      }),
    );
    const r = await runInProcess(['export', '--dir', dir, '--resume'], { api: new FakeApi() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('manifest.json: listed[0].items[0] breaks the rule for item arguments');
    expect(r.requests).toEqual([]);
  });
});

describe('another API or another account is refused (exit 2, no read)', () => {
  it('another base URL: refused before any request, naming both', async () => {
    const dir = tempDir();
    await halfDone(dir);
    const other = rest(account(new FakeApi('https://other.vis.test/api/v1')));
    const r = await runInProcess(['export', '--dir', dir, '--resume'], { api: other, env: { VIS_BASE_URL: 'https://other.vis.test/api/v1' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`the export was read from ${FAKE_BASE_URL}, and this run would read from https://other.vis.test/api/v1`);
    expect(r.stderr).toContain('Start anew without --resume');
    expect(r.requests).toEqual([]);
    expect(readManifest(dir).status).toBe('incomplete');
  });

  it('the same base URL written otherwise (case, default port, trailing slash) is the same API', async () => {
    const dir = tempDir();
    await halfDone(dir);
    const api = rest(account());
    const r = await runInProcess(['export', '--dir', dir, '--resume'], { api, env: { VIS_BASE_URL: 'HTTPS://API.VIS.TEST:443/api/v1/' } });
    expect(r.code, r.stderr).toBe(0);
    expect(readManifest(dir).status).toBe('complete');
  });

  it('another account on the same API (same brand ids, another name): refused after the free reads only, naming both', async () => {
    const dir = tempDir();
    await halfDone(dir);
    const api = rest(account(new FakeApi(), { usage: { account: 'Other Co', reads: { left: 900 } } }));
    const r = await runInProcess(['export', '--dir', dir, '--resume'], { api });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the export belongs to account "Acme Inc" with brands 7, and this key to account "Other Co" with brands 7');
    expect(r.requests.map((q) => q.path)).toEqual(['/usage', '/brands']);
    expect(readManifest(dir).status).toBe('incomplete');
  });

  it('an account that lists other brands is another account', async () => {
    const dir = tempDir();
    await halfDone(dir);
    const api = rest(account(new FakeApi(), { brands: [ACME, { id: 9, name: 'Beta' }] }));
    const r = await runInProcess(['export', '--dir', dir, '--resume', '--brand', '7'], { api });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('with brands 7, and this key to account "Acme Inc" with brands 7, 9');
    expect(r.requests.map((q) => q.path)).toEqual(['/usage', '/brands']);
  });

  it('an account GET /usage does not name is told by its brands', async () => {
    const dir = tempDir();
    await halfDone(dir, account(new FakeApi(), { usage: { reads: { left: 900 } } }));
    const m = readManifest(dir);
    expect(m.account).toEqual({ api: FAKE_BASE_URL, name: null, brands: ['7'] });
    const api = rest(account(new FakeApi(), { usage: { reads: { left: 800 } } }));
    expect((await runInProcess(['export', '--dir', dir, '--resume'], { api })).code).toBe(0);
  });

  it('a manifest that records no account cannot be resumed: start anew', async () => {
    const dir = tempDir();
    const first = await halfDone(dir);
    delete first.account;
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(first));
    const r = await runInProcess(['export', '--dir', dir, '--resume'], { api: new FakeApi() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('manifest.json: account is missing (it was written by an older vis), so the export cannot be resumed');
    expect(r.stderr).toContain('Start anew without --resume');
    expect(r.requests).toEqual([]);
  });
});

describe('a resume spends reads only on the files still missing', () => {
  it('a primary market learned from the answers keeps its folder: topics is not read again (5 reads, not 6)', async () => {
    const dir = tempDir();
    const first = await halfDone(dir);
    expect(first.files.map((f: { path: string }) => f.path)).toEqual(['acme-crm/US-en/topics.csv']);

    const dry = await runInProcess(['export', '--dir', dir, '--resume', '--dry-run'], { api: account() });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('Cost: 5 reads.');

    const api = rest(account());
    const r = await runInProcess(['export', '--dir', dir, '--resume'], { api });
    expect(r.code, r.stderr).toBe(0);
    expect(r.requests.map((q) => q.path)).toEqual(['/usage', '/brands', '/prompts', '/answers', '/sources', '/pages', '/content-gaps']);
    api.verify();
    const m = readManifest(dir);
    expect(m).toMatchObject({ status: 'complete', reads: { this_run: 5, spent: 6 } });
    expect(existsSync(join(dir, 'acme-crm/primary'))).toBe(false);
  });
});

describe('what identifies the account', () => {
  it('GET /usage names the account by account_id, account.id, account.name or account itself; else null', () => {
    expect(accountNameFromUsage({ account_id: 42, account: 'Acme' })).toBe('42');
    expect(accountNameFromUsage({ account: { id: 'acc_1', name: 'Acme' } })).toBe('acc_1');
    expect(accountNameFromUsage({ account: { name: 'Acme' } })).toBe('Acme');
    expect(accountNameFromUsage({ account: 'Acme Inc' })).toBe('Acme Inc');
    expect(accountNameFromUsage({ account: 7 })).toBe('7');
    for (const data of [null, [], 'x', {}, { account: '  ' }, { account: {} }, { account: Infinity }, { account_id: '' }, { account: true }]) {
      expect(accountNameFromUsage(data)).toBeNull();
    }
  });

  it('the base URL is compared normalised: scheme, host, port, path, trailing slash', () => {
    expect(normaliseBaseUrl('HTTPS://API.Example.COM:443/api/v1/')).toBe('https://api.example.com/api/v1');
    expect(normaliseBaseUrl('http://127.0.0.1:8080/api/v1//')).toBe('http://127.0.0.1:8080/api/v1');
    expect(normaliseBaseUrl('https://api.example.com:8443/api/v1')).toBe('https://api.example.com:8443/api/v1');
    expect(normaliseBaseUrl('not a url')).toBeUndefined();
  });

  it('brand ids are kept as sorted text, once each; nothing of the key', () => {
    expect(exportAccount('demo', { account: 'A' }, [12, '3', 12])).toEqual({ api: 'demo', name: 'A', brands: ['12', '3'] });
  });

  it('another API, name or set of brands is another account', () => {
    const a = { api: 'https://x/api/v1', name: 'A', brands: ['1'] };
    expect(accountDifference(a, { ...a })).toBeUndefined();
    expect(accountDifference(a, { ...a, api: 'https://y/api/v1' })).toBe(
      'the export was read from https://x/api/v1, and this run would read from https://y/api/v1',
    );
    expect(accountDifference(a, { ...a, name: null })).toBe('the export belongs to account "A" with brands 1, and this key to an account with brands 1');
    expect(accountDifference(a, { ...a, brands: [] })).toBe('the export belongs to account "A" with brands 1, and this key to account "A" with no brands');
    expect(accountDifference(a, { ...a, brands: ['1', '2'] })).toContain('with brands 1, 2');
  });
});
