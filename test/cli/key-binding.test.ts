/**
 * A key saved in a profile goes only to that profile's base URL. Another base URL, from
 * --base-url or VIS_BASE_URL, needs its own key (VIS_API_KEY, or a profile of its own):
 * exit 2 before any request, naming both addresses and the fix. TAB completion with such
 * a base URL completes nothing and sends nothing. Whole command lines in-process, with
 * two fake servers that record the Authorization header of every request they get.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { clearSecrets } from '../../src/http/redact.js';
import type { Transport } from '../../src/http/transport.js';
import { fakeClock, testIO } from '../support/context.js';
import { FakeApi, ok } from '../support/http.js';

const A = 'https://a.vis.test/api/v1';
const B = 'https://b.vis.test/api/v1';
const KEY_A = 'vis_live_AAAA_saved_for_host_a_1234';
const KEY_B = 'vis_live_BBBB_for_host_b_only_5678';
const USAGE = ok({ reads_used: 1, reads_limit: 100, resets_at: '2026-12-01' });
const BRANDS = ok({ brands: [{ id: '1', name: 'Acme' }] });

interface Hosts {
  a: FakeApi;
  b: FakeApi;
  /** Every Authorization header each host received. */
  sent(): { a: string[]; b: string[] };
}

function hosts(): Hosts {
  const a = new FakeApi(A).on({ method: 'GET', path: '/usage' }, USAGE, 'always').on({ method: 'GET', path: '/brands' }, BRANDS, 'always');
  const b = new FakeApi(B).on({ method: 'GET', path: '/usage' }, USAGE, 'always').on({ method: 'GET', path: '/brands' }, BRANDS, 'always');
  const auth = (api: FakeApi) => api.requests.map((r) => r.headers.authorization ?? '');
  return { a, b, sent: () => ({ a: auth(a), b: auth(b) }) };
}

/** A config folder with profile `default` logged in at `baseUrl` (or with no base URL saved). */
function config(profile: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'vis-binding-'));
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ profile: 'default', profiles: { default: profile } }), { mode: 0o600 });
  return dir;
}

async function vis(argv: string[], h: Hosts, env: Record<string, string>, o: { realTransport?: boolean } = {}) {
  clearSecrets();
  const io = testIO();
  // One transport for both hosts: each request goes to the fake server its URL names.
  const transport: Transport = {
    createAgent: h.a.transport.createAgent,
    sendRequest: (dispatcher, url, o) => {
      const api = [h.a, h.b].find((x) => url.startsWith(`${x.baseUrl}/`));
      if (!api) throw new Error(`a request to neither host: ${url}`);
      return api.transport.sendRequest(dispatcher, url, o);
    },
  };
  const home = mkdtempSync(join(tmpdir(), 'vis-binding-home-'));
  const code = await run(argv, io, { HOME: home, NO_COLOR: '1', ...env }, new AbortController().signal, {
    clock: fakeClock(),
    random: () => 0.5,
    ...(o.realTransport ? {} : { transport }),
  });
  return { code, stdout: io.out(), stderr: io.err() };
}

describe('a saved key never follows another base URL', () => {
  const refusals: ReadonlyArray<readonly [string, string[], Record<string, string>, string]> = [
    ['VIS_BASE_URL', ['usage'], { VIS_BASE_URL: B }, 'VIS_BASE_URL'],
    ['--base-url', ['usage', '--base-url', B], {}, '--base-url'],
    ['--base-url before the command', ['--base-url', `${B}/`, 'usage'], {}, '--base-url'],
    ['a flag over an environment that agrees with the profile', ['usage', '--base-url', B], { VIS_BASE_URL: A }, '--base-url'],
    ['vis auth status', ['auth', 'status'], { VIS_BASE_URL: B }, 'VIS_BASE_URL'],
    ['vis api', ['api', '/usage'], { VIS_BASE_URL: B }, 'VIS_BASE_URL'],
  ];

  it.each(refusals)('%s: exit 2, no request, both addresses and the fix named', async (_name, argv, env, source) => {
    const h = hosts();
    const r = await vis(argv, h, { VIS_CONFIG_DIR: config({ base_url: A, api_key: KEY_A }), ...env });
    expect(r.code, r.stderr).toBe(2);
    expect(h.sent()).toEqual({ a: [], b: [] });
    expect(r.stdout).toBe('');
    const [message, hint] = r.stderr.split('\n');
    expect(message).toBe(
      `vis: the API key saved in profile "default" is for ${A}; vis does not send it to ${B} (from ${source}): a saved key goes only to its profile's base URL`,
    );
    expect(hint).toBe(`For ${B}, set VIS_API_KEY to its key, or save it in a profile of its own: vis auth login --profile NAME --base-url ${B}`);
    expect(r.stderr).not.toContain(KEY_A);
  });

  it('TAB completion of brand names with another base URL completes nothing and sends nothing', async () => {
    for (const [argv, env] of [
      [['__complete', 'brands', '--base-url', B], {}],
      [['__complete', 'brands'], { VIS_BASE_URL: B }],
    ] as const) {
      const h = hosts();
      const r = await vis([...argv], h, { VIS_CONFIG_DIR: config({ base_url: A, api_key: KEY_A }), ...env });
      expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
      expect(h.sent()).toEqual({ a: [], b: [] });
    }
  });

  it('TAB completion at the profile’s own base URL still completes, with its key', async () => {
    const h = hosts();
    const r = await vis(['__complete', 'brands'], h, { VIS_CONFIG_DIR: config({ base_url: A, api_key: KEY_A }) });
    expect(r).toEqual({ code: 0, stdout: 'Acme\n', stderr: '' });
    expect(h.sent()).toEqual({ a: [`Bearer ${KEY_A}`], b: [] });
  });

  it('VIS_API_KEY with another base URL is that base URL’s key: it is sent there, the saved key is not', async () => {
    const h = hosts();
    const dir = config({ base_url: A, api_key: KEY_A });
    for (const [argv, env] of [
      [['usage'], { VIS_BASE_URL: B }],
      [['usage', '--base-url', B], {}],
      [['__complete', 'brands', '--base-url', B], {}],
    ] as const) {
      const r = await vis([...argv], h, { VIS_CONFIG_DIR: dir, VIS_API_KEY: KEY_B, ...env });
      expect(r.code, r.stderr).toBe(0);
    }
    expect(h.sent()).toEqual({ a: [], b: [`Bearer ${KEY_B}`, `Bearer ${KEY_B}`, `Bearer ${KEY_B}`] });
  });

  it('a profile of its own for the other base URL works: --profile picks its key', async () => {
    const h = hosts();
    const dir = mkdtempSync(join(tmpdir(), 'vis-binding-'));
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ profile: 'default', profiles: { default: { base_url: A, api_key: KEY_A }, b: { base_url: B, api_key: KEY_B } } }),
    );
    expect((await vis(['usage', '--profile', 'b'], h, { VIS_CONFIG_DIR: dir })).code).toBe(0);
    expect(h.sent()).toEqual({ a: [], b: [`Bearer ${KEY_B}`] });
  });

  it.each([
    ['as saved', A],
    ['with a trailing slash', `${A}/`],
    ['with two trailing slashes', `${A}//`],
    ['with the default port spelled out', 'https://a.vis.test:443/api/v1'],
    ['with the scheme and host in capitals', 'HTTPS://A.VIS.TEST/api/v1'],
    ['all of these at once', 'HTTPS://A.Vis.Test:443/api/v1/'],
  ])('the profile’s own base URL %s, from the flag or the environment, still gets the saved key', async (_name, spelled) => {
    const h = hosts();
    const dir = config({ base_url: A, api_key: KEY_A });
    expect((await vis(['usage', '--base-url', spelled], h, { VIS_CONFIG_DIR: dir })).code).toBe(0);
    expect((await vis(['usage'], h, { VIS_CONFIG_DIR: dir, VIS_BASE_URL: spelled })).code).toBe(0);
    expect(h.sent()).toEqual({ a: [`Bearer ${KEY_A}`, `Bearer ${KEY_A}`], b: [] });
  });

  it('a profile saved with a trailing slash and the default port matches the plain spelling', async () => {
    const h = hosts();
    const dir = config({ base_url: 'https://A.vis.test:443/api/v1/', api_key: KEY_A });
    expect((await vis(['usage'], h, { VIS_CONFIG_DIR: dir })).code).toBe(0);
    expect((await vis(['usage', '--base-url', A], h, { VIS_CONFIG_DIR: dir })).code).toBe(0);
    expect(h.sent()).toEqual({ a: [`Bearer ${KEY_A}`, `Bearer ${KEY_A}`], b: [] });
  });

  it.each([
    ['another port', 'https://a.vis.test:8443/api/v1'],
    ['another path', 'https://a.vis.test/v2/api/v1'],
    ['a sub-domain', 'https://eu.a.vis.test/api/v1'],
  ])('%s is another base URL', async (_name, other) => {
    const h = hosts();
    const r = await vis(['usage', '--base-url', other], h, { VIS_CONFIG_DIR: config({ base_url: A, api_key: KEY_A }) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`vis does not send it to ${other} (from --base-url)`);
    expect(h.sent()).toEqual({ a: [], b: [] });
  });

  it('a saved key with no base URL saved with it goes nowhere else: the message says how to tie it to one', async () => {
    const h = hosts();
    const r = await vis(['usage'], h, { VIS_CONFIG_DIR: config({ api_key: KEY_A }), VIS_BASE_URL: B });
    expect(r.code).toBe(2);
    expect(h.sent()).toEqual({ a: [], b: [] });
    expect(r.stderr).toBe(
      [
        `vis: the API key saved in profile "default" has no base URL saved with it; vis does not send it to ${B} (from VIS_BASE_URL): a saved key goes only to its profile's base URL`,
        `If the key is for ${B}, save that with it: vis config set base_url ${B} --profile default; otherwise set VIS_API_KEY to the key for ${B}.`,
        '',
      ].join('\n'),
    );
  });

  it('the saved base URL is shown without the user name and password a hand-edited file gave it', async () => {
    const h = hosts();
    const r = await vis(['usage'], h, {
      VIS_CONFIG_DIR: config({ base_url: 'https://someone:hunter2pass@a.vis.test/api/v1', api_key: KEY_A }),
      VIS_BASE_URL: B,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`is for ${A}; vis does not send it to ${B}`);
    expect(r.stderr).not.toContain('hunter2pass');
    expect(r.stderr).not.toContain('someone');
    expect(h.sent()).toEqual({ a: [], b: [] });
  });

  it('vis auth status says which base URL a saved key is for, and that a VIS_API_KEY is tied to none', async () => {
    const h = hosts();
    const dir = config({ base_url: A, api_key: KEY_A });
    const saved = await vis(['auth', 'status'], h, { VIS_CONFIG_DIR: dir });
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stdout).toContain(`Key for:  ${A} only (a saved key goes only to its profile's base URL)\n`);
    const env = await vis(['auth', 'status'], h, { VIS_CONFIG_DIR: dir, VIS_API_KEY: KEY_B, VIS_BASE_URL: B });
    expect(env.code, env.stderr).toBe(0);
    expect(env.stdout).toContain('Key for:  any base URL (VIS_API_KEY goes wherever the base URL points)\n');
  });
});

describe('--demo and a saved key', () => {
  it('--demo with a saved key and another base URL runs against its sandbox, and says whose key it uses', async () => {
    const h = hosts();
    const dir = config({ base_url: A, api_key: KEY_A });
    const ways: Array<[string[], Record<string, string>]> = [
      [['--demo', 'auth', 'status'], { VIS_BASE_URL: B }],
      [['auth', 'status'], { VIS_DEMO: '1', VIS_BASE_URL: B }],
    ];
    for (const [argv, env] of ways) {
      const r = await vis(argv, h, { VIS_CONFIG_DIR: dir, ...env }, { realTransport: true });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('Key:      ****owth (from --demo)\n');
      expect(r.stdout).toContain('Key for:  the built-in sandbox of this run (--demo)\n');
    }
    expect(h.sent()).toEqual({ a: [], b: [] });
  });
});
