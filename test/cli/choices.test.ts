/**
 * What a run picks when the command line does not say, in-process: `vis api`
 * prints JSON whatever VIS_FORMAT or the profile say; a profile named by --profile,
 * VIS_PROFILE or the saved pointer must exist; --demo takes only a demo key from
 * VIS_API_KEY; "today" is the API's (UTC) date, and the local one only explains a refusal.
 * Each refusal is checked to send nothing.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/domain/demo.js';
import { fakeClock } from '../support/context.js';
import { FakeApi, ok } from '../support/http.js';
import { runInProcess, TEST_KEY } from '../support/run.js';

/** A config folder holding `data` as config.json; its path for VIS_CONFIG_DIR. */
function configDir(data: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'vis-choices-'));
  writeFileSync(join(dir, 'config.json'), JSON.stringify(data), { mode: 0o600 });
  return dir;
}

const ENVELOPE = { data: { topics: [{ name: 'crm', visibility: 0.4 }] }, meta: { brand: { id: 7 } } };

describe('vis api prints the JSON envelope unless --format says otherwise', () => {
  const answering = () => new FakeApi().on({ method: 'GET', path: '/topics' }, ok(ENVELOPE.data, ENVELOPE.meta));

  it.each([
    ['no setting at all, on a terminal', {}, true],
    ['VIS_FORMAT=table', { VIS_FORMAT: 'table' }, false],
    ['VIS_FORMAT=csv', { VIS_FORMAT: 'csv' }, false],
    ['the profile’s format table', { VIS_CONFIG_DIR: configDir({ profiles: { default: { format: 'table' } } }) }, false],
  ])('%s: json', async (_name, env: Record<string, string>, tty) => {
    const r = await runInProcess(['api', '/topics'], { api: answering(), env, io: { stdoutIsTTY: tty } });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(r.stdout)).toEqual(ENVELOPE);
  });

  it('an explicit --format wins, over VIS_FORMAT too', async () => {
    const r = await runInProcess(['api', '/topics', '--format', 'csv', '--rows', 'topics'], { api: answering(), env: { VIS_FORMAT: 'json' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('name,visibility\r\ncrm,0.4\r\n');
  });

  it('the data commands still follow VIS_FORMAT', async () => {
    const r = await runInProcess(['usage'], { api: new FakeApi().on({ method: 'GET', path: '/usage' }, ok({ plan: 'growth' })), env: { VIS_FORMAT: 'csv' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('key,value\r\nplan,growth\r\n');
  });
});

describe('a profile that does not exist is exit 2, naming the profiles', () => {
  const saved = () => configDir({ profiles: { work: { base_url: 'https://api.vis.test/api/v1' }, home: { brand: '7' } } });

  it.each([
    ['--profile', ['--profile', 'nope', 'topics'], {}, '--profile: no profile "nope" (profiles: default, work, home)'],
    ['VIS_PROFILE', ['topics'], { VIS_PROFILE: 'nope' }, 'VIS_PROFILE: no profile "nope" (profiles: default, work, home)'],
    ['--profile on config get', ['config', 'get', 'market', '--profile', 'nope'], {}, '--profile: no profile "nope"'],
    ['--profile on auth logout', ['auth', 'logout', '--profile', 'nope'], {}, '--profile: no profile "nope"'],
    ['--profile with --demo', ['--demo', 'topics', '--profile', 'nope'], { VIS_API_KEY: undefined }, '--profile: no profile "nope"'],
  ])('%s', async (_name, argv, env: Record<string, string | undefined>, message) => {
    const dir = saved();
    const r = await runInProcess(argv, { env: { VIS_CONFIG_DIR: dir, ...env } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`vis: ${message}`);
    expect(r.stderr).toContain('vis auth login --profile nope --base-url URL');
    expect(r.stderr).not.toContain('no API base URL');
    expect(r.requests).toEqual([]);
  });

  it('`config set profile` refuses an unknown name and leaves the file as it was', async () => {
    const dir = saved();
    const before = readFileSync(join(dir, 'config.json'), 'utf8');
    const r = await runInProcess(['config', 'set', 'profile', 'nope2'], { env: { VIS_CONFIG_DIR: dir } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('config set profile: no profile "nope2" (profiles: default, work, home)');
    expect(r.stderr).not.toContain('is now');
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe(before);
    expect((await runInProcess(['config', 'set', 'profile', 'work'], { env: { VIS_CONFIG_DIR: dir } })).stderr).toBe('Active profile is now "work".\n');
  });

  it('a saved active profile that is gone: exit 2 with the way back, and `config unset profile` is that way', async () => {
    const dir = configDir({ profile: 'gone', profiles: { work: {} } });
    const r = await runInProcess(['topics'], { env: { VIS_CONFIG_DIR: dir } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`the active profile (saved in ${join(dir, 'config.json')}): no profile "gone" (profiles: default, work)`);
    expect(r.stderr).toContain('vis config unset profile');
    expect((await runInProcess(['config', 'unset', 'profile'], { env: { VIS_CONFIG_DIR: dir } })).code).toBe(0);
    const api = new FakeApi().on({ method: 'GET', path: '/usage' }, ok({}));
    expect((await runInProcess(['usage'], { api, env: { VIS_CONFIG_DIR: dir } })).code).toBe(0);
  });

  it('default always exists: no config file, VIS_BASE_URL and VIS_API_KEY work, with or without --profile default', async () => {
    for (const argv of [['usage'], ['usage', '--profile', 'default'], ['usage', '--format', 'json']]) {
      const api = new FakeApi().on({ method: 'GET', path: '/usage' }, ok({ plan: 'growth' }));
      const r = await runInProcess(argv, { api, env: { VIS_PROFILE: argv.includes('--profile') ? undefined : 'default' } });
      expect([r.code, r.stderr]).toEqual([0, '']);
      expect(r.requests).toHaveLength(1);
    }
  });

  it('`auth login --profile NEW` and `config set <setting> --profile NEW` create the profile', async () => {
    const dir = saved();
    const api = new FakeApi().on({ method: 'GET', path: '/usage' }, ok({ plan: 'growth' }));
    const login = await runInProcess(['auth', 'login', '--profile', 'fresh'], {
      api,
      env: { VIS_CONFIG_DIR: dir, VIS_API_KEY: undefined },
      io: { stdin: `${TEST_KEY}\n` },
    });
    expect(login.code).toBe(0);
    const set = await runInProcess(['config', 'set', 'market', 'GB-en', '--profile', 'other'], { env: { VIS_CONFIG_DIR: dir } });
    expect(set.code).toBe(0);
    const profiles = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles;
    expect(profiles.fresh.api_key).toBe(TEST_KEY);
    expect(profiles.other).toEqual({ market: 'GB-en' });
    expect((await runInProcess(['config', 'set', 'profile', 'other'], { env: { VIS_CONFIG_DIR: dir } })).code).toBe(0);
  });
});

describe('--demo takes only a demo key from VIS_API_KEY', () => {
  it.each([
    ['a mistyped demo key', 'vis_demo_agncy'],
    ['a real-looking key', TEST_KEY],
  ])('%s: exit 3, the demo keys listed, the key not shown, no sandbox request', async (_name, key) => {
    const r = await runInProcess(['--demo', 'usage'], { env: { VIS_API_KEY: key } });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`--demo: VIS_API_KEY is not a demo key; the demo keys are ${DEMO_KEYS.join(', ')}`);
    expect(r.stderr).toContain('VIS_API_KEY= vis --demo');
    expect(r.stderr).not.toContain(key);
    expect(r.stdout).toBe('');
    expect(r.requests).toEqual([]);
  });

  it('a usage error of the command line still comes first (exit 2)', async () => {
    const r = await runInProcess(['--demo', 'usage', '--days', '7'], { env: { VIS_API_KEY: 'vis_demo_agncy' } });
    expect(r.code).toBe(2);
  });

  it('a demo key picks that account; none (or an empty one) is vis_demo_growth', async () => {
    const agency = await runInProcess(['--demo', 'brands', '--format', 'json'], { env: { VIS_API_KEY: ' vis_demo_agency ' }, realTransport: true });
    expect(agency.code).toBe(0);
    expect(JSON.parse(agency.stdout).data.brands).toHaveLength(3);
    for (const key of [undefined, '']) {
      const growth = await runInProcess(['--demo', 'brands', '--format', 'json'], { env: { VIS_API_KEY: key }, realTransport: true });
      expect(growth.code).toBe(0);
      expect(JSON.parse(growth.stdout).data.brands).toHaveLength(1);
    }
  });
});

describe("today is the API's date (UTC), not the local one", () => {
  // 23:30 UTC on 22 November: already 23 November in Sydney (UTC+11) and Kiritimati (UTC+14).
  const nearMidnight = () => fakeClock(Date.parse('2026-11-22T23:30:00Z'));
  const topics = () => new FakeApi().on({ method: 'GET', path: '/topics' }, ok({ topics: [] }));

  it.each(['Australia/Sydney', 'Pacific/Kiritimati'])('TZ=%s: --from the local today is refused before any request, naming both dates', async (tz) => {
    const r = await runInProcess(['topics', '--from', '2026-11-23'], { clock: nearMidnight(), env: { TZ: tz } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "vis: --from 2026-11-23 is after the API's today, 2026-11-22 (UTC); your local date is 2026-11-23, but the API's day starts at 00:00 UTC",
    );
    expect(r.stderr).toContain('Use --from 2026-11-22 or earlier');
    expect(r.requests).toEqual([]);
  });

  it('--from the API’s today is sent as it is, with no --to', async () => {
    const r = await runInProcess(['topics', '--from', '2026-11-22'], { api: topics(), clock: nearMidnight(), env: { TZ: 'Australia/Sydney' } });
    expect(r.code).toBe(0);
    expect(r.requests.map((q) => q.query)).toEqual([[['from', '2026-11-22']]]);
  });

  it('west of UTC just after midnight UTC: the API’s today is accepted though it is the local tomorrow', async () => {
    const clock = fakeClock(Date.parse('2026-11-22T00:30:00Z'));
    const r = await runInProcess(['topics', '--from', '2026-11-22'], { api: topics(), clock, env: { TZ: 'America/Los_Angeles' } });
    expect(r.code).toBe(0);
    expect(r.requests).toHaveLength(1);
  });

  it('the 90-day span of --from alone counts to the API’s today', async () => {
    const ok90 = await runInProcess(['topics', '--from', '2026-08-24'], { api: topics(), clock: nearMidnight(), env: { TZ: 'Pacific/Kiritimati' } });
    expect(ok90.code).toBe(0);
    const over = await runInProcess(['topics', '--from', '2026-08-23'], { clock: nearMidnight(), env: { TZ: 'Pacific/Kiritimati' } });
    expect([over.code, over.requests]).toEqual([2, []]);
    expect(over.stderr).toContain('today, 2026-11-22 UTC');
  });

  it('vis export and vis api check --from the same way', async () => {
    for (const argv of [
      ['export', '--dir', mkdtempSync(join(tmpdir(), 'vis-choices-out-')), '--from', '2026-11-23'],
      ['api', '/topics', '--from', '2026-11-23'],
    ]) {
      const r = await runInProcess(argv, { clock: nearMidnight(), env: { TZ: 'Australia/Sydney' } });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("--from 2026-11-23 is after the API's today, 2026-11-22 (UTC)");
      expect(r.requests).toEqual([]);
    }
  });
});
