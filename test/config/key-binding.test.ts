/** The rule that ties a saved key to its profile's base URL, alone (whole command lines: test/cli/key-binding.test.ts). */
import { describe, expect, it } from 'vitest';
import { checkBaseUrlChange, checkSavedKeyTarget, comparableBaseUrl, sameBaseUrl } from '../../src/config/key-binding.js';
import { exitCodeFor, UsageError } from '../../src/errors.js';

const A = 'https://a.example/api/v1';

describe('comparableBaseUrl', () => {
  it.each([
    [A, A],
    [`${A}/`, A],
    [`${A}///`, A],
    ['HTTPS://A.EXAMPLE/api/v1', A],
    ['https://a.example:443/api/v1', A],
    ['http://127.0.0.1:80/api/v1', 'http://127.0.0.1/api/v1'],
    ['http://localhost:8787/api/v1/', 'http://localhost:8787/api/v1'],
    ['https://a.example:8443/api/v1', 'https://a.example:8443/api/v1'],
    ['https://user:pass@a.example/api/v1?x=1#f', A],
    ['https://a.example/API/v1', 'https://a.example/API/v1'],
    ['https://a.example', 'https://a.example'],
  ])('%s -> %s', (raw, want) => {
    expect(comparableBaseUrl(raw)).toBe(want);
  });

  it('is undefined for text that is not a URL', () => {
    expect(comparableBaseUrl('a.example/api/v1')).toBeUndefined();
    expect(comparableBaseUrl('')).toBeUndefined();
    expect(comparableBaseUrl(undefined)).toBeUndefined();
  });
});

describe('sameBaseUrl', () => {
  it('two spellings of one address are the same; another scheme, host, port or path is not', () => {
    expect(sameBaseUrl(A, 'HTTPS://a.example:443/api/v1/')).toBe(true);
    expect(sameBaseUrl(A, 'http://a.example/api/v1')).toBe(false);
    expect(sameBaseUrl(A, 'https://b.example/api/v1')).toBe(false);
    expect(sameBaseUrl(A, 'https://a.example:444/api/v1')).toBe(false);
    expect(sameBaseUrl(A, 'https://a.example/x/api/v1')).toBe(false);
  });

  it('text that is not a URL is the same as nothing, not even itself', () => {
    expect(sameBaseUrl('not a url', 'not a url')).toBe(false);
    expect(sameBaseUrl('not a url', A)).toBe(false);
    expect(sameBaseUrl(A, 'not a url')).toBe(false);
    expect(sameBaseUrl(undefined, A)).toBe(false);
  });
});

function refusal(fn: () => void): UsageError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    expect(exitCodeFor(err)).toBe(2);
    return err as UsageError;
  }
  throw new Error('expected a refusal');
}

describe('checkSavedKeyTarget', () => {
  it('lets the saved key go to its own base URL, however it is spelled', () => {
    expect(() => checkSavedKeyTarget({ profile: 'work', baseUrl: A }, { value: `${A}/`, source: '--base-url' })).not.toThrow();
    expect(() => checkSavedKeyTarget({ profile: 'work', baseUrl: 'https://A.example:443/api/v1/' }, { value: A, source: 'VIS_BASE_URL' })).not.toThrow();
  });

  it('refuses another base URL, naming both and the fix', () => {
    const err = refusal(() => checkSavedKeyTarget({ profile: 'work', baseUrl: A }, { value: 'https://b.example/api/v1/', source: 'VIS_BASE_URL' }));
    expect(err.message).toBe(
      'the API key saved in profile "work" is for https://a.example/api/v1; vis does not send it to https://b.example/api/v1 (from VIS_BASE_URL): a saved key goes only to its profile\'s base URL',
    );
    expect(err.hint).toBe(
      'For https://b.example/api/v1, set VIS_API_KEY to its key, or save it in a profile of its own: vis auth login --profile NAME --base-url https://b.example/api/v1',
    );
  });

  it('shows the saved base URL without credentials, and says so when it is not a URL', () => {
    const err = refusal(() =>
      checkSavedKeyTarget({ profile: 'p', baseUrl: 'https://me:s3cr3t@a.example/api/v1' }, { value: 'https://b.example/api/v1', source: '--base-url' }),
    );
    expect(err.message).toContain('is for https://a.example/api/v1;');
    expect(err.message).not.toContain('s3cr3t');
    const bad = refusal(() => checkSavedKeyTarget({ profile: 'p', baseUrl: 'a.example' }, { value: 'https://b.example/api/v1', source: '--base-url' }));
    expect(bad.message).toContain('is for an address that is not a URL;');
  });

  it('a target that is not a URL is named as given', () => {
    const err = refusal(() => checkSavedKeyTarget({ profile: 'p', baseUrl: A }, { value: 'nowhere', source: '--base-url' }));
    expect(err.message).toContain('vis does not send it to nowhere (from --base-url)');
  });

  it.each([undefined, ''])('a key saved without a base URL (%j) goes nowhere: the hint ties it to one', (saved) => {
    const err = refusal(() => checkSavedKeyTarget({ profile: 'work', baseUrl: saved }, { value: A, source: '--base-url' }));
    expect(err.message).toBe(
      `the API key saved in profile "work" has no base URL saved with it; vis does not send it to ${A} (from --base-url): a saved key goes only to its profile's base URL`,
    );
    expect(err.hint).toBe(
      `If the key is for ${A}, save that with it: vis config set base_url ${A} --profile work; otherwise set VIS_API_KEY to the key for ${A}.`,
    );
  });
});

describe('checkBaseUrlChange: config set base_url never carries a saved key elsewhere', () => {
  const saved = 'https://api.example.com/api/v1';
  it.each([
    ['the same address', saved],
    ['another spelling of it', 'HTTPS://API.Example.com:443/api/v1//'],
  ])('%s is no move', (_what, value) => {
    expect(() => checkBaseUrlChange('default', saved, value)).not.toThrow();
  });

  it.each([undefined, ''])('a key saved without a base URL (%j) gets its first one', (none) => {
    expect(() => checkBaseUrlChange('default', none, 'https://other.example/api/v1')).not.toThrow();
  });

  it.each([
    ['another host', 'https://evil.example/api/v1', 'https://evil.example/api/v1'],
    ['another path', 'https://api.example.com/API/v1', 'https://api.example.com/API/v1'],
    ['another port', 'https://api.example.com:8443/api/v1', 'https://api.example.com:8443/api/v1'],
    ['not a URL', 'not a url', 'not a url'],
  ])('%s is refused, naming the profile, both addresses and both ways out', (_what, value, shown) => {
    let err: unknown;
    try {
      checkBaseUrlChange('agency', saved, value);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(UsageError);
    const e = err as UsageError;
    expect(e.message).toBe(`base_url of profile "agency" stays ${saved}: its saved API key was checked there, and vis does not move a key to ${shown}`);
    expect(e.hint).toBe(
      `For the other server, use a profile of its own: vis auth login --profile NAME --base-url ${shown}. To move this profile, log out first: vis auth logout --profile agency.`,
    );
  });

  it('a saved address that is not a URL is named as such, never echoed', () => {
    expect(() => checkBaseUrlChange('p', 'no url at all', 'https://x.example/api/v1')).toThrow(/stays another base URL:/);
  });
});
