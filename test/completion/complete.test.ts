/**
 * `vis completion <shell>` and the hidden `vis __complete <source>` the scripts call,
 * whole command lines in-process (runInProcess with vis's own transport, to the sandbox
 * or small servers on loopback). __complete prints candidates and nothing else: never an
 * error, never a read, quickly when offline. The scripts in real shells:
 * test/e2e/completion-shells.e2e.test.ts.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CACHE_FILE, FETCH_TIMEOUT_MS } from '../../src/cli/commands/completion/candidates.js';
import { COMPLETION_FILES, SHELLS } from '../../src/completion/shells.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { cleanEnv, sendJson, startTestServer } from '../e2e/helpers.js';
import { runWithEnv } from '../support/run.js';

const ROOT = resolve(__dirname, '../..');

const vis = (argv: string[], o: { env?: Record<string, string> } = {}) => runWithEnv(argv, { env: o.env ?? cleanEnv() });
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

function configWith(profiles: Record<string, Record<string, string>>, active?: string) {
  const env = cleanEnv();
  writeFileSync(join(env.VIS_CONFIG_DIR!, 'config.json'), JSON.stringify({ ...(active ? { profile: active } : {}), profiles }));
  return env;
}

/** A loopback port that accepts connections and never answers: a request there can only time out. */
async function silentPort(): Promise<{ port: number; server: Server }> {
  const server = createServer(() => undefined);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as { port: number }).port, server };
}

describe('vis completion <shell>', () => {
  it.each(SHELLS)('prints the checked-in completions/ script for %s', async (shell) => {
    const r = await vis(['completion', shell]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(ROOT, 'completions', COMPLETION_FILES[shell]), 'utf8'));
  });

  it('refuses another shell with exit 2 and the choices', async () => {
    const r = await vis(['completion', 'powershell']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('bash, zsh, fish');
  });
});

describe('vis __complete profiles', () => {
  it('prints the profile names of the config file, one a line', async () => {
    const env = configWith({ work: {}, home: {}, 'bad name!': {} }, 'work');
    const r = await vis(['__complete', 'profiles'], { env });
    expect(r).toMatchObject({ code: 0, stdout: 'work\nhome\n', stderr: '' });
  });

  it('prints nothing, and no error, without a config file or with a broken one', async () => {
    const env = cleanEnv();
    expect(await vis(['__complete', 'profiles'], { env })).toMatchObject({ code: 0, stdout: '', stderr: '' });
    writeFileSync(join(env.VIS_CONFIG_DIR!, 'config.json'), '{ not json');
    expect(await vis(['__complete', 'profiles'], { env })).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('prints nothing for a source it does not know', async () => {
    expect(await vis(['__complete', 'markets'])).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(await vis(['__complete'])).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('is not listed in the help', async () => {
    expect((await vis(['--help'])).stdout).not.toContain('__complete');
  });
});

describe('vis __complete brands', () => {
  it('prints the brand names from GET /brands and caches them for the next TAB', async () => {
    const env = configWith({ agency: { base_url: sandbox.baseUrl, api_key: 'vis_demo_agency' } }, 'agency');
    const before = sandbox.requests.length;
    const first = await vis(['__complete', 'brands'], { env });
    expect(first).toMatchObject({ code: 0, stdout: 'Bluepeak Outdoor\nLarkspur Dental\nCopperline Payments\n', stderr: '' });
    const sent = sandbox.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /brands']);
    expect(sent[0]!.headers['user-agent']).toMatch(/completion/);
    expect(sandbox.reads('vis_demo_agency')).toBe(0);

    const cache = join(env.VIS_CONFIG_DIR!, CACHE_FILE);
    expect(statSync(cache).mode & 0o777).toBe(0o600);
    expect(statSync(env.VIS_CONFIG_DIR!).mode & 0o777).toBe(0o700);
    const text = readFileSync(cache, 'utf8');
    expect(text).not.toContain('vis_demo_agency');
    expect(text).not.toContain(sandbox.baseUrl);
    expect(readdirSync(env.VIS_CONFIG_DIR!).sort()).toEqual([CACHE_FILE, 'config.json']);

    const second = await vis(['__complete', 'brands'], { env });
    expect(second.stdout).toBe(first.stdout);
    expect(sandbox.requests.length).toBe(before + 1);
  });

  it('uses the account of --profile, or of the environment', async () => {
    const env = configWith(
      { agency: { base_url: sandbox.baseUrl, api_key: 'vis_demo_agency' }, growth: { base_url: sandbox.baseUrl, api_key: 'vis_demo_growth' } },
      'agency',
    );
    expect((await vis(['__complete', 'brands', '--profile', 'growth'], { env })).stdout).toBe('Northwind CRM\n');
    const viaEnv = cleanEnv({ VIS_BASE_URL: sandbox.baseUrl, VIS_API_KEY: 'vis_demo_growth' });
    expect((await vis(['__complete', 'brands'], { env: viaEnv })).stdout).toBe('Northwind CRM\n');
  });

  it('prints nothing, and sends nothing, without a key or a base URL, or under --demo', async () => {
    const before = sandbox.requests.length;
    for (const env of [cleanEnv(), cleanEnv({ VIS_BASE_URL: sandbox.baseUrl }), cleanEnv({ VIS_API_KEY: 'vis_demo_growth' })]) {
      expect(await vis(['__complete', 'brands'], { env })).toMatchObject({ code: 0, stdout: '', stderr: '' });
    }
    const demo = cleanEnv({ VIS_BASE_URL: sandbox.baseUrl, VIS_API_KEY: 'vis_demo_growth', VIS_DEMO: '1' });
    expect(await vis(['__complete', 'brands'], { env: demo })).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(sandbox.requests.length).toBe(before);
  });

  it('prints nothing, and no error, when the key is refused or the base URL is not allowed', async () => {
    const refused = cleanEnv({ VIS_BASE_URL: sandbox.baseUrl, VIS_API_KEY: 'vis_not_a_key_1234' });
    expect(await vis(['__complete', 'brands'], { env: refused })).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const plainHttp = cleanEnv({ VIS_BASE_URL: 'http://api.example.com/api/v1', VIS_API_KEY: 'vis_demo_growth' });
    expect(await vis(['__complete', 'brands'], { env: plainHttp })).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('gives up on a server that does not answer, then answers from the cache without trying again', async () => {
    const { port, server } = await silentPort();
    try {
      const env = cleanEnv({ VIS_BASE_URL: `http://127.0.0.1:${port}/api/v1`, VIS_API_KEY: 'vis_demo_growth' });
      let connections = 0;
      server.on('connection', () => connections++);
      // Timers are fake once the request is on its way, so the test moves past the lookup's
      // 2 s limit (FETCH_TIMEOUT_MS) instead of waiting it out.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let first: Awaited<ReturnType<typeof vis>>;
      try {
        const running = vis(['__complete', 'brands'], { env });
        let settled = false;
        void running.finally(() => (settled = true));
        // Polled on real timers (vi.waitFor would move the fake ones on while it polls); a run that ended early fails below.
        while (connections !== 1) {
          if (settled) break;
          await sleep(10);
        }
        await vi.advanceTimersByTimeAsync(FETCH_TIMEOUT_MS);
        first = await running;
      } finally {
        vi.useRealTimers();
      }
      expect(first).toMatchObject({ code: 0, stdout: '', stderr: '' });
      expect(connections).toBe(1);
      const cached = JSON.parse(readFileSync(join(env.VIS_CONFIG_DIR!, CACHE_FILE), 'utf8'));
      expect(Object.values(cached.brands)).toEqual([{ names: [], failed_at: expect.any(Number) }]);
      const second = await vis(['__complete', 'brands'], { env });
      expect(second).toMatchObject({ code: 0, stdout: '', stderr: '' });
      expect(connections).toBe(1);
    } finally {
      server.close();
    }
  });

  it('looks the names up again once they are a day old', async () => {
    const env = configWith({ p: { base_url: sandbox.baseUrl, api_key: 'vis_demo_growth' } }, 'p');
    expect((await vis(['__complete', 'brands'], { env })).stdout).toBe('Northwind CRM\n');
    ageCache(env.VIS_CONFIG_DIR!, 24 * 60 * 60 * 1000);
    const before = sandbox.requests.length;
    expect((await vis(['__complete', 'brands'], { env })).stdout).toBe('Northwind CRM\n');
    expect(sandbox.requests.length).toBe(before + 1);
  });

  it('keeps offering the names it had when a later lookup fails', async () => {
    const server = await startTestServer((_req, res) => sendJson(res, 200, { data: { brands: [{ id: 1, name: 'Acme Rockets' }] }, meta: {} }));
    const env = cleanEnv({ VIS_BASE_URL: server.baseUrl, VIS_API_KEY: 'vis_live_key_123456' });
    expect((await vis(['__complete', 'brands'], { env })).stdout).toBe('Acme Rockets\n');
    await server.close();
    ageCache(env.VIS_CONFIG_DIR!, 2 * 24 * 60 * 60 * 1000);
    expect(await vis(['__complete', 'brands'], { env })).toMatchObject({ code: 0, stdout: 'Acme Rockets\n', stderr: '' });
    const entry = Object.values(JSON.parse(readFileSync(join(env.VIS_CONFIG_DIR!, CACHE_FILE), 'utf8')).brands)[0] as Record<string, unknown>;
    expect(entry).toMatchObject({ names: ['Acme Rockets'], failed_at: expect.any(Number) });
  });

  it('drops names that could drive the terminal or break the list', async () => {
    const names = ['Plain Co', 'Evil\u001b]0;pwned\u0007Co', 'Two\nLines', 'Bidi\u202eoc', 'Fine Too'];
    const server = await startTestServer((_req, res) => sendJson(res, 200, { data: { brands: names.map((name, id) => ({ id, name })) }, meta: {} }));
    try {
      const env = cleanEnv({ VIS_BASE_URL: server.baseUrl, VIS_API_KEY: 'vis_live_key_123456' });
      expect((await vis(['__complete', 'brands'], { env })).stdout).toBe('Plain Co\nFine Too\n');
    } finally {
      await server.close();
    }
  });
});

/** Moves every cached lookup `ms` into the past. */
function ageCache(configDir: string, ms: number): void {
  const path = join(configDir, CACHE_FILE);
  const data = JSON.parse(readFileSync(path, 'utf8')) as { brands: Record<string, { fetched_at?: number; failed_at?: number }> };
  for (const entry of Object.values(data.brands)) {
    if (entry.fetched_at !== undefined) entry.fetched_at -= ms;
    if (entry.failed_at !== undefined) entry.failed_at -= ms;
  }
  writeFileSync(path, JSON.stringify(data));
}
