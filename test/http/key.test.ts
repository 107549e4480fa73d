/**
 * The one rule for an API key (visible ASCII, 0x21-0x7E), wherever the key comes from,
 * and the size limit's variable. The key itself never appears in a message.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigStore } from '../../src/config/store.js';
import { exitCodeFor, UsageError } from '../../src/errors.js';
import { parseFlags } from '../../src/flags/rules.js';
import { maxBodyBytes } from '../../src/services/session.js';
import { resolveSettings } from '../../src/services/settings.js';
import { ApiClient } from '../../src/http/client.js';
import { apiKeyProblem, checkApiKey } from '../../src/http/key.js';

const GOOD = 'vis_live_Abc123-._~!#$%&*+/=?^`{|}\'"()<>,;:@[]\\';

function thrown(fn: () => unknown): UsageError {
  try {
    fn();
  } catch (err) {
    return err as UsageError;
  }
  throw new Error('did not throw');
}

describe('apiKeyProblem: visible ASCII only', () => {
  it('accepts every visible ASCII character, 0x21 to 0x7E', () => {
    expect(apiKeyProblem(GOOD)).toBeUndefined();
    let all = '';
    for (let c = 0x21; c <= 0x7e; c++) all += String.fromCharCode(c);
    expect(apiKeyProblem(all)).toBeUndefined();
  });

  it('refuses the characters just outside the range, and says which', () => {
    expect(apiKeyProblem('ab\u0020cd')).toBe('has a character an HTTP header cannot carry: character 3 is U+0020 (space)');
    expect(apiKeyProblem('abcd\u007f')).toBe('has a character an HTTP header cannot carry: character 5 is U+007F (a control character)');
    expect(apiKeyProblem('\u0000')).toContain('character 1 is U+0000 (a control character)');
    expect(apiKeyProblem('a\u0085')).toContain('character 2 is U+0085 (a control character)');
    expect(apiKeyProblem('a\u00e9')).toContain('character 2 is U+00E9 (not ASCII)');
  });

  it.each([
    ['vis_live_abc\u20ac12', 'character 13 is U+20AC (not ASCII)'],
    ['vis_live_ab\u200bc', 'character 12 is U+200B (zero-width space)'],
    ['\u201cvis_live_abc\u201d', 'character 1 is U+201C (left double quotation mark, a smart quote)'],
    ['vis_live\u2019abc', 'character 9 is U+2019 (right single quotation mark, a smart quote)'],
    ['vis_live_\u00a0abc', 'character 10 is U+00A0 (non-breaking space)'],
    ['vis_live_abc\n', 'character 13 is U+000A (line feed, a line end)'],
    ['vis_live_abc\r', 'character 13 is U+000D (carriage return, a line end)'],
    ['\ufeffvis_live_abc', 'character 1 is U+FEFF (byte order mark, a zero-width no-break space)'],
    ['vis_\u{1f511}_x\u200b', 'character 5 is U+1F511 (not ASCII)'], // counted by character, not UTF-16 unit
  ])('%j: %s', (key, what) => {
    const problem = apiKeyProblem(key)!;
    expect(problem).toContain(what);
    expect(problem).not.toContain('vis_live');
  });

  it('refuses an empty key', () => {
    expect(apiKeyProblem('')).toBe('is empty');
  });

  it('checkApiKey: a usage error (exit 2) naming the source, with the copy-paste hint, never the key', () => {
    const err = thrown(() => checkApiKey('vis_live_SECRET\u200b', 'the API key from VIS_API_KEY'));
    expect(err).toBeInstanceOf(UsageError);
    expect(exitCodeFor(err)).toBe(2);
    expect(err.message).toBe('the API key from VIS_API_KEY has a character an HTTP header cannot carry: character 16 is U+200B (zero-width space)');
    expect(err.hint).toMatch(/smart quotes, zero-width or non-breaking spaces, or a line end from a file/);
    expect(`${err.message}\n${err.hint}`).not.toContain('SECRET');
    expect(() => checkApiKey(GOOD, 'x')).not.toThrow();
  });
});

describe('every way in follows the rule', () => {
  const flags = parseFlags({}, '2026-11-22');
  function settingsWith(env: Record<string, string>, profileKey?: string) {
    const dir = mkdtempSync(join(tmpdir(), 'vis-key-'));
    if (profileKey !== undefined) writeFileSync(join(dir, 'config.json'), JSON.stringify({ profile: 'p', profiles: { p: { api_key: profileKey } } }));
    const e = { VIS_CONFIG_DIR: dir, ...env };
    return () => resolveSettings(flags, e, new ConfigStore(e));
  }

  it('VIS_API_KEY', () => {
    const err = thrown(settingsWith({ VIS_API_KEY: 'vis_live_SECRET\u2018' }));
    expect(err.message).toMatch(/^the API key from VIS_API_KEY has a character an HTTP header cannot carry: character 16 is U\+2018/);
    expect(err.message).not.toContain('SECRET');
  });

  it('the saved profile key', () => {
    const err = thrown(settingsWith({}, 'vis_live_SECRET\u20ac'));
    expect(err.message).toMatch(/^the API key from profile "p" \(.*\) has a character an HTTP header cannot carry: character 16 is U\+20AC \(not ASCII\)$/);
    expect(err.message).not.toContain('SECRET');
  });

  it('a line end or spaces around the key are trimmed, as before', () => {
    expect(settingsWith({ VIS_API_KEY: ' vis_live_ok\n' })().apiKey?.value).toBe('vis_live_ok');
  });

  it('ApiClient refuses such a key before anything is sent (the backstop for other callers)', () => {
    const make = (apiKey: string) => () =>
      new ApiClient({
        baseUrl: 'http://127.0.0.1:9/api/v1',
        apiKey,
        timeoutMs: 1000,
        userAgent: 't',
        clock: { now: () => 0, sleep: async () => undefined },
        random: () => 0,
      });
    const err = thrown(make('vis_live_SECRET\u200b'));
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toBe('the API key has a character an HTTP header cannot carry: character 16 is U+200B (zero-width space)');
    expect(thrown(make('')).message).toBe('the API key is empty');
    expect(make('vis_live_ok')).not.toThrow();
  });
});

describe('VIS_MAX_BODY_MB', () => {
  it('defaults to 256 MiB, takes a whole number of MiB from 1 to 500', () => {
    expect(maxBodyBytes({})).toBe(256 * 1024 * 1024);
    expect(maxBodyBytes({ VIS_MAX_BODY_MB: '' })).toBe(256 * 1024 * 1024);
    expect(maxBodyBytes({ VIS_MAX_BODY_MB: '1' })).toBe(1024 * 1024);
    expect(maxBodyBytes({ VIS_MAX_BODY_MB: ' 64 ' })).toBe(64 * 1024 * 1024);
    expect(maxBodyBytes({ VIS_MAX_BODY_MB: '500' })).toBe(500 * 1024 * 1024);
  });

  it.each(['0', '-1', '1.5', '501', 'lots', '1e3', '64MB'])('%j is a usage error naming the variable', (v) => {
    const err = thrown(() => maxBodyBytes({ VIS_MAX_BODY_MB: v }));
    expect(exitCodeFor(err)).toBe(2);
    expect(err.message).toBe(`VIS_MAX_BODY_MB must be a whole number of MiB, from 1 to 500 (got "${v}")`);
  });
});
