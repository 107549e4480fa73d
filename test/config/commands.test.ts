/** `vis auth` and `vis config` (docs/guide.md, Configuration), against a small loopback server. */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, sendJson, startTestServer, type TestServer } from '../e2e/helpers.js';
import { runInProcess, runWithEnv } from '../support/run.js';

const GOOD_KEY = 'vis_live_0123456789abcdef';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${GOOD_KEY}`) {
      return sendJson(res, 401, { error: { code: 'invalid_api_key', message: 'The API key is not valid.' } });
    }
    if (req.path === '/usage') return sendJson(res, 200, { data: { used: 12, limit: 200000, resets_at: '2026-12-01' }, meta: {} });
    if (req.path === '/brands') return sendJson(res, 200, { data: { brands: [{ id: 7, name: 'Acme Corp' }] }, meta: {} });
    return sendJson(res, 200, { data: { topics: [{ id: 't1', name: 'CRM' }] }, meta: {} });
  });
});
afterAll(() => server.close());

describe('vis auth', () => {
  it('login reads the key from stdin, checks it with /usage, saves it 0600, and never prints it', async () => {
    const env = cleanEnv();
    const r = await runWithEnv(['auth', 'login', '--base-url', server.baseUrl], { env, input: `${GOOD_KEY}\n` });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('key ****cdef saved to profile "default"');
    expect(r.stderr).not.toContain(GOOD_KEY);
    const path = join(env.VIS_CONFIG_DIR!, 'config.json');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(env.VIS_CONFIG_DIR!).mode & 0o777).toBe(0o700);
    const saved = JSON.parse(readFileSync(path, 'utf8'));
    expect(saved.profiles.default).toEqual({ base_url: server.baseUrl, api_key: GOOD_KEY });
    expect(server.requests.at(-1)?.path).toBe('/usage');

    // The saved profile now works without any environment.
    const topics = await runWithEnv(['topics', '--format', 'json'], { env });
    expect(topics.code).toBe(0);
    expect(JSON.parse(topics.stdout).data.topics[0].id).toBe('t1');

    const status = await runWithEnv(['auth', 'status'], { env });
    expect(status.code).toBe(0);
    expect(status.stdout).toBe(
      [
        'Brands:   1: Acme Corp (7)',
        'Reads:    199,988 left this month, until 2026-12-01',
        'Profile:  default (chosen in the config file)',
        `Config:   ${path}`,
        `Base URL: ${server.baseUrl} (from the profile)`,
        'Key:      ****cdef (from the profile)',
        `Key for:  ${server.baseUrl} only (a saved key goes only to its profile's base URL)`,
        '',
      ].join('\n'),
    );
    // The config file's path once, not in every source.
    expect(status.stdout.split(path)).toHaveLength(2);
    expect(status.stdout + status.stderr).not.toContain(GOOD_KEY);

    const out = await runWithEnv(['auth', 'logout'], { env });
    expect(out.code).toBe(0);
    expect(JSON.parse(readFileSync(path, 'utf8')).profiles.default).toEqual({ base_url: server.baseUrl });
    const after = await runWithEnv(['topics'], { env });
    expect(after.code).toBe(2);
    expect(after.stderr).toContain('no API key');
  });

  it('a rejected key is not saved and exits 3', async () => {
    const env = cleanEnv();
    const r = await runWithEnv(['auth', 'login', '--base-url', server.baseUrl, '--profile', 'work'], { env, input: 'vis_wrong_key_0000' });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('vis: The API key is not valid. [invalid_api_key]');
    expect(r.stderr).toContain('The key was not saved.');
    expect(() => statSync(join(env.VIS_CONFIG_DIR!, 'config.json'))).toThrow();
  });

  it('status with a rejected key exits 3 and says so', async () => {
    const r = await runWithEnv(['auth', 'status'], { env: cleanEnv({ VIS_BASE_URL: server.baseUrl, VIS_API_KEY: 'vis_wrong_key_0000' }) });
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('Key:      ****0000 (from VIS_API_KEY)');
    expect(r.stdout).toContain('Check:    key REJECTED');
    expect(r.stdout).not.toContain('Brands:');
  });

  it('status from the environment alone names no profile; a chosen profile is named once, with what chose it', async () => {
    const env = cleanEnv({ VIS_BASE_URL: server.baseUrl, VIS_API_KEY: GOOD_KEY });
    const r = await runWithEnv(['auth', 'status'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('Profile');
    expect(r.stdout).toContain(`Base URL: ${server.baseUrl} (from VIS_BASE_URL)`);
    expect(r.stdout).toContain('Key:      ****cdef (from VIS_API_KEY)');
    const chosen = await runWithEnv(['auth', 'status'], { env: { ...env, VIS_PROFILE: 'default' } });
    expect(chosen.stdout).toMatch(/^Profile: {2}default \(from VIS_PROFILE\)$/m);
  });

  it('login without a base URL exits 2', async () => {
    const r = await runWithEnv(['auth', 'login'], { env: cleanEnv(), input: GOOD_KEY });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the API base URL is required by');
  });

  it('there is no flag that takes a key', async () => {
    for (const flag of ['--api-key', '--key', '--token']) {
      const r = await runWithEnv(['topics', flag, GOOD_KEY], { env: cleanEnv({ VIS_BASE_URL: server.baseUrl }) });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`unknown option ${flag} for vis topics`);
    }
  });
});

describe('vis config', () => {
  it('set, get, unset, list and path; profiles switch', async () => {
    const env = cleanEnv();
    const path = join(env.VIS_CONFIG_DIR!, 'config.json');
    expect((await runWithEnv(['config', 'path'], { env })).stdout).toBe(`${path}\n`);
    expect((await runWithEnv(['config', 'set', 'market', 'GB-en'], { env })).code).toBe(0);
    expect((await runWithEnv(['config', 'set', 'format', 'json'], { env })).code).toBe(0);
    expect((await runWithEnv(['config', 'get', 'market'], { env })).stdout).toBe('GB-en\n');
    expect((await runWithEnv(['config', 'set', 'base-url', 'https://api.example.com/api/v1/'], { env })).code).toBe(0);
    expect((await runWithEnv(['config', 'get', 'base_url'], { env })).stdout).toBe('https://api.example.com/api/v1\n');
    // Switching needs the profile to exist; setting one of its values creates it.
    const unknown = await runWithEnv(['config', 'set', 'profile', 'agency'], { env });
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringContaining('config set profile: no profile "agency" (profiles: default)')]);
    expect((await runWithEnv(['config', 'get', 'profile'], { env })).stdout).toBe('default\n');
    expect((await runWithEnv(['config', 'set', 'brand', '12', '--profile', 'agency'], { env })).code).toBe(0);
    expect((await runWithEnv(['config', 'set', 'profile', 'agency'], { env })).code).toBe(0);
    expect((await runWithEnv(['config', 'get', 'profile'], { env })).stdout).toBe('agency\n');
    expect((await runWithEnv(['config', 'get', 'market'], { env })).stdout).toBe('');
    expect((await runWithEnv(['config', 'get', 'market', '--profile', 'default'], { env })).stdout).toBe('GB-en\n');
    expect((await runWithEnv(['config', 'unset', 'market', '--profile', 'default'], { env })).code).toBe(0);
    expect((await runWithEnv(['config', 'get', 'market', '--profile', 'default'], { env })).stdout).toBe('');
    const list = await runWithEnv(['config', 'list'], { env });
    expect(list.stdout).toBe('[default]\n  format = json\n  base_url = https://api.example.com/api/v1\n[agency] (active)\n  brand = 12\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('refuses bad values, unknown settings, and keys on the command line', async () => {
    const env = cleanEnv();
    const cases: Array<[string[], string]> = [
      [['config', 'set', 'format', 'xml'], 'format must be one of table, json, csv (got "xml")'],
      [['config', 'set', 'base_url', 'http://api.example.com/api/v1'], 'uses plain http'],
      [['config', 'set', 'colour', 'red'], 'unknown setting "colour"'],
      [['config', 'set', 'api_key', GOOD_KEY], 'keys do not belong on the command line'],
      [['config', 'set', 'profile', '../etc'], 'profile must be 1-64 letters'],
    ];
    for (const [argv, message] of cases) {
      const r = await runWithEnv(argv, { env });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(message);
    }
  });

  it('base_url of a profile with a saved key does not move to another server; the same address in another spelling does', async () => {
    const env = cleanEnv();
    const path = join(env.VIS_CONFIG_DIR!, 'config.json');
    const text = JSON.stringify({ profiles: { default: { base_url: 'https://api.example.com/api/v1', api_key: GOOD_KEY } } });
    writeFileSync(path, text, { mode: 0o600 });
    const moved = await runWithEnv(['config', 'set', 'base_url', 'https://evil.example/api/v1'], { env });
    expect(moved.code).toBe(2);
    expect(moved.stderr).toContain('its saved API key was checked there, and vis does not move a key to https://evil.example/api/v1');
    expect(moved.stderr).toContain('vis auth logout --profile default');
    expect(moved.stdout + moved.stderr).not.toContain(GOOD_KEY);
    expect(readFileSync(path, 'utf8')).toBe(text);
    // The same address, spelled otherwise, is no move.
    expect((await runWithEnv(['config', 'set', 'base_url', 'HTTPS://API.example.com:443/api/v1/'], { env })).code).toBe(0);
    // A key saved without a base URL gets its first one this way, as the key-binding hint says.
    writeFileSync(path, JSON.stringify({ profiles: { default: { api_key: GOOD_KEY } } }), { mode: 0o600 });
    expect((await runWithEnv(['config', 'set', 'base_url', 'https://api.example.com/api/v1'], { env })).code).toBe(0);
    // Without a saved key there is nothing to carry.
    writeFileSync(path, JSON.stringify({ profiles: { default: { base_url: 'https://api.example.com/api/v1' } } }), { mode: 0o600 });
    expect((await runWithEnv(['config', 'set', 'base_url', 'https://other.example/api/v1'], { env })).code).toBe(0);
  });

  it('a corrupt config file is reported and left exactly as it was', async () => {
    const env = cleanEnv();
    const path = join(env.VIS_CONFIG_DIR!, 'config.json');
    writeFileSync(path, '{"profiles": {"default": ', { mode: 0o600 });
    const r = await runWithEnv(['config', 'set', 'market', 'US-en'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is not valid JSON');
    expect(readFileSync(path, 'utf8')).toBe('{"profiles": {"default": ');
  });

  it('a config file of another shape: exit 2 naming the file and the field, for a change and for a read, never a key or a stack', async () => {
    const env = cleanEnv();
    const path = join(env.VIS_CONFIG_DIR!, 'config.json');
    const text = `{"profiles": {"default": {"api_key": "${GOOD_KEY}", "brand": ["Acme"]}}}`;
    writeFileSync(path, text, { mode: 0o600 });
    for (const argv of [['config', 'set', 'market', 'US-en'], ['auth', 'login', '--base-url', server.baseUrl], ['topics'], ['config', 'list']]) {
      const r = await runWithEnv(argv, { env, input: `${GOOD_KEY}\n` });
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toContain(`the config file ${path} is not a vis config: profile "default": "brand" is not text`);
      expect(r.stderr).toContain('vis will not overwrite it');
      expect(r.stderr).not.toMatch(/schema violation|must be string| {4}at /);
      expect(r.stdout + r.stderr).not.toContain(GOOD_KEY);
    }
    expect(readFileSync(path, 'utf8')).toBe(text);
  });
});

describe('vis auth status names the account, as the free GET /usage and GET /brands say', () => {
  const usage = {
    account: 'Fieldstone Digital (agency)',
    plan: 'pro',
    plan_label: 'Pro',
    reads: { limit: 50000, used: 31877, left: 18123 },
    resets_at: '2026-12-01T00:00:00Z',
  };
  const brands = Array.from({ length: 7 }, (_, i) => ({ id: 201 + i, name: i === 0 ? 'Bluepeak \u001b[2JOutdoor' : `Brand ${i}` }));
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer((req, res) => {
      if (req.path === '/usage') return sendJson(res, 200, { data: usage, meta: {} });
      if (req.path === '/brands') return sendJson(res, 200, { data: { brands }, meta: {} });
      return sendJson(res, 404, { error: { code: 'not_found', message: 'no' } });
    });
  });
  afterAll(() => api.close());

  it('account and plan, the brands (a long list cut, with the command that lists them all), the reads left and when they reset', async () => {
    const r = await runWithEnv(['auth', 'status'], { env: cleanEnv({ VIS_BASE_URL: api.baseUrl, VIS_API_KEY: GOOD_KEY }) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n').slice(0, 3)).toEqual([
      'Account:  Fieldstone Digital (agency), Pro plan',
      'Brands:   7: Bluepeak Outdoor (201), Brand 1 (202), Brand 2 (203), Brand 3 (204), Brand 4 (205), and 2 more (vis brands)',
      'Reads:    18,123 left this month, until 2026-12-01 00:00 UTC',
    ]);
    expect(r.stdout).not.toContain('\u001b');
    expect(api.requests.map((q) => q.path).sort()).toEqual(['/brands', '/usage']);
  });

  it('on a 50-column terminal each value wraps under its column; the base URL stays whole', async () => {
    const r = await runInProcess(['auth', 'status'], {
      realTransport: true,
      env: { VIS_BASE_URL: api.baseUrl, VIS_API_KEY: GOOD_KEY },
      io: { stdoutIsTTY: true, columns: 50 },
    });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 6)).toEqual([
      'Account:  Fieldstone Digital (agency), Pro plan',
      'Brands:   7: Bluepeak Outdoor (201), Brand 1',
      '          (202), Brand 2 (203), Brand 3 (204),',
      '          Brand 4 (205), and 2 more (vis brands)',
      'Reads:    18,123 left this month, until 2026-12-01',
      '          00:00 UTC',
    ]);
    expect(lines.some((l) => l.startsWith(`Base URL: ${api.baseUrl}`))).toBe(true);
    for (const line of lines) if (!line.includes(api.baseUrl)) expect(line.length, line).toBeLessThanOrEqual(50);
    // Into a file or a pipe: one line per field, as before.
    const piped = await runInProcess(['auth', 'status'], {
      realTransport: true,
      env: { VIS_BASE_URL: api.baseUrl, VIS_API_KEY: GOOD_KEY },
      io: { columns: 50 },
    });
    expect(piped.stdout).toContain('Reads:    18,123 left this month, until 2026-12-01 00:00 UTC\n');
  });

  it('a /brands that fails still leaves the status, with why', async () => {
    const down = await startTestServer((req, res) =>
      req.path === '/usage'
        ? sendJson(res, 200, { data: { plan: 'growth' }, meta: {} })
        : sendJson(res, 500, { error: { code: 'upstream_error', message: 'down' } }),
    );
    try {
      const r = await runWithEnv(['auth', 'status', '--timeout', '2'], {
        env: cleanEnv({ VIS_BASE_URL: down.baseUrl, VIS_API_KEY: GOOD_KEY, VIS_MAX_RETRIES: '0' }),
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('Account:  growth plan\n');
      expect(r.stdout).toMatch(/^Brands: {3}could not list them: /m);
    } finally {
      await down.close();
    }
  });
});
