import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigStore, configDir } from '../../src/config/store.js';
import { parseFlags } from '../../src/flags/rules.js';
import { maskKey, resolveSettings } from '../../src/services/settings.js';

function store(initial?: unknown) {
  const dir = mkdtempSync(join(tmpdir(), 'vis-cfg-'));
  if (initial !== undefined) writeFileSync(join(dir, 'config.json'), typeof initial === 'string' ? initial : JSON.stringify(initial));
  return { dir, env: { VIS_CONFIG_DIR: dir } as Record<string, string | undefined> };
}
const flags = (raw: Record<string, unknown> = {}) => parseFlags(raw, '2026-11-22');

describe('precedence: flag > environment > active profile > default', () => {
  const saved = {
    profile: 'work',
    profiles: {
      work: { base_url: 'https://work.example/api/v1', api_key: 'vis_work_key_1234', market: 'GB-en', brand: '7', format: 'csv' },
      home: { base_url: 'https://home.example/api/v1', api_key: 'vis_home_key_9999' },
    },
  };

  it('uses the active profile when nothing else says', () => {
    const { env } = store(saved);
    const s = resolveSettings(flags(), env, new ConfigStore(env));
    expect(s.profile.value).toBe('work');
    expect(s.baseUrl?.value).toBe('https://work.example/api/v1');
    expect(s.apiKey?.value).toBe('vis_work_key_1234');
    expect(s.market).toMatchObject({ value: 'GB-en' });
    expect(s.format).toMatchObject({ value: 'csv' });
  });

  it('--demo (or VIS_DEMO) leaves the profile’s brand and market to the account they belong to', () => {
    // The demo account has its own brands and markets: the profile's would be refused there.
    for (const demo of [
      { f: flags({ demo: true }), e: {} },
      { f: flags(), e: { VIS_DEMO: '1' } },
    ]) {
      const { env } = store(saved);
      Object.assign(env, demo.e);
      const s = resolveSettings(demo.f, env, new ConfigStore(env));
      expect(s.brand).toBeUndefined();
      expect(s.market).toBeUndefined();
      // Explicit choices of this run still count; a preference such as the format too.
      expect(s.format).toMatchObject({ value: 'csv' });
      Object.assign(env, { VIS_BRAND: '102', VIS_MARKET: 'US-en' });
      const t = resolveSettings(flags({ demo: true, market: 'GB-en' }), env, new ConfigStore(env));
      expect(t.brand).toEqual({ value: '102', source: 'VIS_BRAND' });
      expect(t.market).toEqual({ value: 'GB-en', source: '--market' });
    }
  });

  it('environment beats the profile, flags beat the environment', () => {
    const { env } = store(saved);
    Object.assign(env, { VIS_MARKET: 'DE-de', VIS_FORMAT: 'json', VIS_API_KEY: 'vis_env_key_0000', VIS_BASE_URL: 'https://env.example/api/v1' });
    const s = resolveSettings(flags({ market: 'US-en' }), env, new ConfigStore(env));
    expect(s.market).toEqual({ value: 'US-en', source: '--market' });
    expect(s.format).toEqual({ value: 'json', source: 'VIS_FORMAT' });
    expect(s.apiKey).toEqual({ value: 'vis_env_key_0000', source: 'VIS_API_KEY' });
    expect(s.baseUrl).toEqual({ value: 'https://env.example/api/v1', source: 'VIS_BASE_URL' });
  });

  it('--profile beats VIS_PROFILE beats the saved active profile', () => {
    const { env } = store(saved);
    env.VIS_PROFILE = 'home';
    expect(resolveSettings(flags(), env, new ConfigStore(env)).apiKey?.value).toBe('vis_home_key_9999');
    expect(resolveSettings(flags({ profile: 'work' }), env, new ConfigStore(env)).apiKey?.value).toBe('vis_work_key_1234');
  });

  it('defaults: table, no base URL, no key', () => {
    const { env } = store();
    const s = resolveSettings(flags(), env, new ConfigStore(env));
    expect(s.format).toEqual({ value: 'table', source: 'default' });
    expect(s.baseUrl).toBeUndefined();
    expect(s.apiKey).toBeUndefined();
    expect(s.profile.value).toBe('default');
  });

  it('a bad VIS_FORMAT names the variable', () => {
    const { env } = store();
    env.VIS_FORMAT = 'yaml';
    expect(() => resolveSettings(flags(), env, new ConfigStore(env))).toThrow('VIS_FORMAT must be one of table, json, csv (got "yaml")');
  });

  it('a plain-http base URL from the profile is refused naming where it came from', () => {
    const { env } = store({ profiles: { default: { base_url: 'http://api.example.com/api/v1' } } });
    expect(() => resolveSettings(flags(), env, new ConfigStore(env))).toThrow(/^profile "default" \(.*config\.json\) uses plain http/);
  });
});

describe('config file', () => {
  it('lives in VIS_CONFIG_DIR, else XDG_CONFIG_HOME/vis, else ~/.config/vis', () => {
    expect(configDir({ VIS_CONFIG_DIR: '/a' })).toBe('/a');
    expect(configDir({ XDG_CONFIG_HOME: '/x' })).toBe('/x/vis');
    expect(configDir({ HOME: '/home/u' })).toBe('/home/u/.config/vis');
  });

  it('is written 0600 in a 0700 folder, and tightened when looser', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vis-cfg-'));
    const dir = join(root, 'vis');
    mkdirSync(dir, { mode: 0o755 });
    writeFileSync(join(dir, 'config.json'), '{}', { mode: 0o644 });
    chmodSync(dir, 0o755);
    chmodSync(join(dir, 'config.json'), 0o644);
    const s = new ConfigStore({ VIS_CONFIG_DIR: dir });
    await s.update((d) => void (d.profiles = { default: { market: 'US-en' } }));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({ profiles: { default: { market: 'US-en' } } });
  });

  it('a corrupt file is reported, never replaced', async () => {
    const { dir, env } = store('{"profiles": {');
    const s = new ConfigStore(env);
    await expect(s.update((d) => void (d.profile = 'x'))).rejects.toThrow(/is not valid JSON/);
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe('{"profiles": {');
  });

  it('masks keys to their last 4 characters', () => {
    expect(maskKey('vis_live_abcdefgh1234')).toBe('****1234');
    expect(maskKey('short')).toBe('****');
  });
});
