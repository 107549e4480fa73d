/**
 * Which proxy a request goes through (docs/guide.md, Proxies): the variables curl reads, in
 * curl's order; NO_PROXY by curl's rules; loopback never; a bad value refused naming the
 * variable, its credentials masked and registered for redaction.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { noProxyMatches, parseProxyUrl, selectProxy } from '../../src/http/proxy.js';
import { clearSecrets, redactSecrets } from '../../src/http/redact.js';

const HTTPS_BASE = 'https://api.made-up.example/api/v1';

function chosen(env: Record<string, string>, baseUrl = HTTPS_BASE): string | undefined {
  const p = selectProxy(env, baseUrl).proxy;
  return p && `${p.variable} ${p.uri}`;
}

afterEach(() => clearSecrets());

describe('which variable', () => {
  it.each([
    [{}, undefined],
    [{ HTTPS_PROXY: 'http://a:1' }, 'HTTPS_PROXY http://a:1'],
    [{ https_proxy: 'http://a:1', HTTPS_PROXY: 'http://b:2' }, 'https_proxy http://a:1'],
    [{ ALL_PROXY: 'http://c:3' }, 'ALL_PROXY http://c:3'],
    [{ all_proxy: 'http://c:3', ALL_PROXY: 'http://d:4' }, 'all_proxy http://c:3'],
    [{ ALL_PROXY: 'http://c:3', HTTPS_PROXY: 'http://a:1' }, 'HTTPS_PROXY http://a:1'],
    [{ all_proxy: 'http://c:3', HTTPS_PROXY: 'http://a:1' }, 'HTTPS_PROXY http://a:1'],
    // The other scheme's variable is not this scheme's proxy.
    [{ HTTP_PROXY: 'http://a:1', http_proxy: 'http://a:1' }, undefined],
    // Empty counts as unset.
    [{ https_proxy: '', HTTPS_PROXY: 'http://b:2' }, 'HTTPS_PROXY http://b:2'],
    [{ HTTPS_PROXY: '  ', ALL_PROXY: 'http://c:3' }, 'ALL_PROXY http://c:3'],
  ])('https base URL, %j -> %s', (env, expected) => {
    expect(chosen(env as Record<string, string>)).toBe(expected);
  });

  it('an http base URL reads http_proxy before HTTP_PROXY (only loopback http is allowed, and never proxied: the rule alone)', () => {
    const base = 'http://api.made-up.example/api/v1';
    expect(chosen({ http_proxy: 'http://a:1', HTTP_PROXY: 'http://b:2', HTTPS_PROXY: 'http://c:3' }, base)).toBe('http_proxy http://a:1');
    expect(chosen({ HTTP_PROXY: 'http://b:2' }, base)).toBe('HTTP_PROXY http://b:2');
  });
});

describe('loopback is never proxied', () => {
  it.each(['http://127.0.0.1:8080/api/v1', 'http://localhost:1/api/v1', 'http://[::1]:1/api/v1', 'https://127.0.0.9/api/v1'])('%s', (base) => {
    const d = selectProxy({ HTTP_PROXY: 'http://p:1', http_proxy: 'http://p:1', HTTPS_PROXY: 'http://p:1', ALL_PROXY: 'http://p:1' }, base);
    expect(d.proxy).toBeUndefined();
    expect(d.note).toMatch(/loopback is never proxied/);
  });

  it('even when the proxy variable is malformed: it is not used, so not checked', () => {
    expect(selectProxy({ HTTP_PROXY: 'socks5://p:1' }, 'http://127.0.0.1:1/api/v1').proxy).toBeUndefined();
  });

  it('a name that only looks like loopback is proxied', () => {
    expect(chosen({ HTTPS_PROXY: 'http://p:1' }, 'https://localhost.example.com/api/v1')).toBe('HTTPS_PROXY http://p:1');
  });
});

describe('NO_PROXY, by curl’s rules', () => {
  it.each([
    ['made-up.example', 'api.made-up.example', '443', true],
    ['.made-up.example', 'api.made-up.example', '443', true],
    ['.made-up.example', 'made-up.example', '443', true],
    ['api.made-up.example', 'api.made-up.example', '443', true],
    ['API.Made-Up.Example', 'api.made-up.example', '443', true],
    ['up.example', 'api.made-up.example', '443', false],
    ['e-up.example', 'api.made-up.example', '443', false],
    ['other.example, made-up.example', 'api.made-up.example', '443', true],
    ['other.example made-up.example', 'api.made-up.example', '443', true],
    ['*', 'anything.example', '443', true],
    ['*.made-up.example', 'api.made-up.example', '443', false],
    ['made-up.example:443', 'api.made-up.example', '443', true],
    ['made-up.example:8443', 'api.made-up.example', '443', false],
    ['10.1.2.3', '10.1.2.3', '443', true],
    ['10.1.2.3', '10.1.2.30', '443', false],
    ['[2001:db8::1]', '[2001:db8::1]', '443', true],
    ['2001:db8::1', '[2001:db8::1]', '443', true],
    ['[2001:db8::1]:443', '[2001:db8::1]', '443', true],
    ['', 'api.made-up.example', '443', false],
    [',,', 'api.made-up.example', '443', false],
    ['.', 'api.made-up.example', '443', false],
  ])('%j against %s:%s -> %s', (list, host, port, expected) => {
    expect(noProxyMatches(list, host, port)).toBe(expected);
  });

  it('no_proxy wins over NO_PROXY; a match means no proxy, with a note for --debug', () => {
    const d = selectProxy({ HTTPS_PROXY: 'http://p:1', no_proxy: 'made-up.example', NO_PROXY: 'other.example' }, HTTPS_BASE);
    expect(d.proxy).toBeUndefined();
    expect(d.note).toBe('not using HTTPS_PROXY for api.made-up.example: no_proxy matches it');
    expect(chosen({ HTTPS_PROXY: 'http://p:1', no_proxy: 'other.example', NO_PROXY: 'made-up.example' })).toBe('HTTPS_PROXY http://p:1');
  });

  it('matches the base URL’s port, the scheme’s default when it names none', () => {
    expect(chosen({ HTTPS_PROXY: 'http://p:1', NO_PROXY: 'api.made-up.example:8443' }, 'https://api.made-up.example:8443/api/v1')).toBeUndefined();
    expect(chosen({ HTTPS_PROXY: 'http://p:1', NO_PROXY: 'api.made-up.example:443' }, 'https://api.made-up.example:8443/api/v1')).toBe(
      'HTTPS_PROXY http://p:1',
    );
  });
});

describe('the proxy URL', () => {
  it('without a scheme is http; without a port, the scheme’s', () => {
    expect(parseProxyUrl('proxy.corp:3128', 'HTTPS_PROXY')).toMatchObject({ uri: 'http://proxy.corp:3128', hostPort: 'proxy.corp:3128', token: undefined });
    expect(parseProxyUrl('http://proxy.corp', 'HTTPS_PROXY').uri).toBe('http://proxy.corp:80');
    expect(parseProxyUrl('https://proxy.corp', 'HTTPS_PROXY').uri).toBe('https://proxy.corp:443');
    expect(parseProxyUrl('http://proxy.corp:3128/', 'HTTPS_PROXY').uri).toBe('http://proxy.corp:3128');
  });

  it('credentials become a Basic token (decoded first), leave the URI, are masked in display and registered as secrets', () => {
    const p = parseProxyUrl('http://us%40er:s3cret%2Fpw@proxy.corp:3128', 'HTTPS_PROXY');
    expect(p.uri).toBe('http://proxy.corp:3128');
    expect(p.display).toBe('http://***@proxy.corp:3128');
    expect(p.token).toBe(`Basic ${Buffer.from('us@er:s3cret/pw').toString('base64')}`);
    expect(redactSecrets('pw s3cret/pw, encoded s3cret%2Fpw, token ' + p.token!.slice(6))).toBe('pw ***, encoded ***, token ***');
  });

  it('a user without a password still sends Proxy-Authorization, as curl does', () => {
    expect(parseProxyUrl('http://user@proxy.corp:3128', 'HTTPS_PROXY').token).toBe(`Basic ${Buffer.from('user:').toString('base64')}`);
  });

  it.each([
    ['socks5://user:hunter22@p:1080', /^HTTPS_PROXY: vis supports http:\/\/ and https:\/\/ proxies, not socks5:\/\/ \(got "socks5:\/\/\*\*\*@p:1080"\)$/],
    ['socks5h://p:1080', /not socks5h:\/\//],
    ['ftp://p', /not ftp:\/\//],
    ['http://user:pa/ss#x@p:1', /^HTTPS_PROXY is not a proxy URL of the form http:\/\/\[user:password@\]host\[:port\] \(got "http:\/\/\*\*\*@p:1"\)$/],
    ['http://p:99999', /is not a proxy URL/],
    ['http://p:1/path', /is not a proxy URL/],
    ['http://p:1?x=1', /is not a proxy URL/],
    ['http://', /is not a proxy URL/],
    ['http://:1', /is not a proxy URL/],
  ])('%s: a usage error naming the variable, credentials masked', (raw, message) => {
    let err: unknown;
    try {
      selectProxy({ HTTPS_PROXY: raw }, HTTPS_BASE);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toMatch(message);
    expect((err as Error).message).not.toMatch(/hunter22|pa\/ss/);
  });
});
