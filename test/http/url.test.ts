import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { buildUrl, checkBaseUrl, checkRequestPath, checkRequestUrl, hasDotSegment, isLoopbackHost, pathSegment, requestTarget } from '../../src/http/url.js';

describe('where the key may go', () => {
  it.each(['localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'LOCALHOST', '::1', '0:0:0:0:0:0:0:1', '[0:0:0:0:0:0:0:1]', '127.0.0.0', '127.255.255.255'])(
    '%s is loopback',
    (h) => expect(isLoopbackHost(h)).toBe(true),
  );
  it.each([
    'localhost.example.com',
    '127.0.0.1.nip.io',
    '128.0.0.1',
    '10.0.0.1',
    '0.0.0.0',
    '127.0.0.256',
    'example.com',
    '[::2]',
    '126.255.255.255',
    '127.0.0',
    '127.0.0.1000',
    '1127.0.0.1',
    '127.256.0.1',
    'localhost.',
    '127.0.0.1.',
    '[::ffff:7f00:1]',
    '::2',
  ])('%s is not', (h) => expect(isLoopbackHost(h)).toBe(false));

  it('accepts https anywhere and http on loopback', () => {
    expect(checkBaseUrl('https://api.example.com/api/v1/', '--base-url')).toBe('https://api.example.com/api/v1');
    expect(checkBaseUrl('http://127.0.0.1:8787/api/v1', '--base-url')).toBe('http://127.0.0.1:8787/api/v1');
    expect(checkBaseUrl('http://[::1]:8787/api/v1', '--base-url')).toBe('http://[::1]:8787/api/v1');
    expect(checkBaseUrl('http://localhost/api/v1//', 'VIS_BASE_URL')).toBe('http://localhost/api/v1');
    expect(checkBaseUrl('https://h.example/x/%2e%2e/proxy/api/v1', 'VIS_BASE_URL')).toBe('https://h.example/proxy/api/v1');
  });

  it.each([
    [
      'http://api.example.com/api/v1',
      '--base-url uses plain http to api.example.com: vis sends the key only over https, or over http to a loopback address (localhost, 127.0.0.0/8, [::1])',
    ],
    [
      'http://localhost.example.com/api/v1',
      '--base-url uses plain http to localhost.example.com: vis sends the key only over https, or over http to a loopback address (localhost, 127.0.0.0/8, [::1])',
    ],
    ['ftp://example.com/api/v1', '--base-url must use https (got "ftp:")'],
    ['api.example.com', '--base-url must be an absolute URL such as https://api.example.com/api/v1 (got "api.example.com")'],
    ['https://api.example.com/v2', '--base-url must end in /api/v1 (got "https://api.example.com/v2")'],
    ['https://u:p@api.example.com/api/v1', '--base-url must not carry a user name or password'],
    ['https://tok@api.example.com/api/v1', '--base-url must not carry a user name or password'],
    ['https://:pw@api.example.com/api/v1', '--base-url must not carry a user name or password'],
    ['https://api.example.com/api/v1#top', '--base-url must not have a query string or fragment'],
    ['https://api.example.com/api/v1x', '--base-url must end in /api/v1 (got "https://api.example.com/api/v1x")'],
    [
      'http://localhost.:8787/api/v1',
      '--base-url uses plain http to localhost.: vis sends the key only over https, or over http to a loopback address (localhost, 127.0.0.0/8, [::1])',
    ],
    ['https://api.example.com/api/v1?x=1', '--base-url must not have a query string or fragment'],
  ])('refuses %s', (url, message) => {
    expect(() => checkBaseUrl(url, '--base-url')).toThrow(message);
  });

  it('builds URLs with encoded query pairs, repeated keys kept', () => {
    expect(
      buildUrl('https://h/api/v1', '/answers/runs', [
        ['prompt', 'best crm & more?'],
        ['x', '1'],
        ['x', '2'],
      ]),
    ).toBe('https://h/api/v1/answers/runs?prompt=best+crm+%26+more%3F&x=1&x=2');
  });
});

const BASE = 'https://h.example/api/v1';

describe("requests stay under the base URL's path", () => {
  it.each([
    '.',
    '..',
    '%2e',
    '%2E',
    '.%2e',
    '%2e.',
    '%2E%2e',
    '%252e%252e',
    '%25252E.',
    'a/..',
    '../a',
    'a\\..\\b',
    'a%2f..',
    '..%5Cx',
    '..%2F',
    '%2e%2e%252fadmin',
  ])('%s has a dot segment', (text) => expect(hasDotSegment(text)).toBe(true));
  it.each(['', '...', '.a', 'a.', '..a', '. .', '.%20.', '%2e%2e%2e', '%2x..', 'a.b/c..d', '\uff0e\uff0e', '%ef%bc%8e', '.\t.'])('%s has none', (text) =>
    expect(hasDotSegment(text)).toBe(false),
  );

  it('encodes an item argument as one segment', () => {
    expect(pathSegment('Globex CRM', '<name>')).toBe('Globex%20CRM');
    expect(pathSegment('A/B Testing', '<name>')).toBe('A%2FB%20Testing');
    expect(pathSegment('a?b#c%d', '<name>')).toBe('a%3Fb%23c%25d');
    expect(pathSegment('Ünïcode…', '<name>')).toBe('%C3%9Cn%C3%AFcode%E2%80%A6');
    expect(pathSegment('...', '<name>')).toBe('...');
  });
  it.each(['', '.', '..', '%2e', '%2E%2e', '%252e', 'a/..', '..\\x'])('refuses the item argument %j', (value) => {
    expect(() => pathSegment(value, 'vis competitors <name>')).toThrow(UsageError);
    expect(() => pathSegment(value, 'vis competitors <name>')).toThrow(
      `vis competitors <name> must not be empty, "." or ".." (in any spelling): it would leave the API's path (got "${value}")`,
    );
  });
  it('refuses an item argument that is not valid Unicode', () => {
    expect(() => pathSegment('a\ud800', '<id>')).toThrow('<id> is not valid Unicode (it has a lone surrogate)');
  });

  it.each(['/x\ty', '/x\ny', '/x\ry', '/x\u0000', '/x\u001f', '/x\u007f', '/x?y', '/x#y'])('refuses the path %j (control character, ? or #)', (path) => {
    expect(() => checkRequestPath(path, '<path>')).toThrow(`<path> must not contain control characters, "?" or "#" (got "${path}")`);
  });
  it.each(['/%2e%2e/%2e%2e/admin', '/topics\\..\\..\\..\\x', '/competitors/..', '/topics/.', '/x/.%2E/y', '/x/%252e%252e/y', '/x/%2f..%2fy'])(
    'refuses the path %s (dot segment)',
    (path) => {
      expect(() => checkRequestPath(path, '<path>')).toThrow(
        `<path> must not contain "." or ".." segments, in any spelling: it would leave the API's path (got "${path}")`,
      );
      expect(() => buildUrl(BASE, path, [])).toThrow(UsageError);
    },
  );
  it.each(['/', '', '/topics', '/competitors/Globex%20CRM', '/x/...', '/x/\u00a0', '/x/\uff0e\uff0e'])('accepts the path %j', (path) => {
    expect(() => checkRequestPath(path, 'p')).not.toThrow();
  });

  it('builds the URL exactly as it will be sent', () => {
    expect(buildUrl(BASE, '/competitors/Globex%20CRM', [['brand_id', '1']])).toBe('https://h.example/api/v1/competitors/Globex%20CRM?brand_id=1');
    expect(buildUrl(BASE, '/x/a b/\uff0e', [])).toBe('https://h.example/api/v1/x/a%20b/%EF%BC%8E');
    expect(buildUrl(BASE, '/t\\x', [])).toBe('https://h.example/api/v1/t/x');
    expect(buildUrl(BASE, '', [])).toBe('https://h.example/api/v1');
    expect(checkRequestUrl('http://127.0.0.1:8787/api/v1/', 'http://127.0.0.1:8787/api/v1?a=1')).toBe('http://127.0.0.1:8787/api/v1?a=1');
  });

  it.each([
    ['https://evil.example/api/v1/x', 'another host'],
    ['http://h.example/api/v1/x', 'another scheme'],
    ['https://h.example:444/api/v1/x', 'another port'],
    ['https://h.example/api/v1x', 'a sibling of the base path'],
    ['https://h.example/api/v2/x', 'another path'],
    ['https://h.example/admin', 'above the base path'],
    ['https://h.example/api/v1/x/%2e%2e%2fadmin', 'a segment that decodes to ../'],
    ['https://h.example/api/v1/x/%252e%252e', 'a segment that decodes twice to ..'],
    ['not a url', 'not a URL'],
  ])('checkRequestUrl refuses %s (%s)', (url) => {
    expect(() => checkRequestUrl(BASE, url)).toThrow(new UsageError(`refused "${url}": vis sends requests only under https://h.example/api/v1/`));
  });
  it('checkRequestUrl returns origin, path and query as sent, without a fragment', () => {
    expect(checkRequestUrl(BASE, 'https://h.example/api/v1')).toBe('https://h.example/api/v1');
    expect(checkRequestUrl(BASE, 'https://h.example/api/v1/')).toBe('https://h.example/api/v1/');
    expect(checkRequestUrl(BASE, 'https://H.EXAMPLE:443/api/v1/a/./b/../c?q=1#f')).toBe('https://h.example/api/v1/a/c?q=1');
    expect(checkRequestUrl('https://h.example', 'https://h.example/x')).toBe('https://h.example/x');
    expect(() => checkRequestUrl('https://h.example', 'https://h.example@evil.example/x')).toThrow(UsageError);
  });

  it('requestTarget sends exactly the checked URL, and refuses one parsing would change', () => {
    expect(requestTarget('https://h.example/api/v1/a%20b?x=1')).toEqual({ origin: 'https://h.example', path: '/api/v1/a%20b?x=1' });
    expect(() => requestTarget('https://h.example/api/v1/../admin')).toThrow('is not a checked request URL');
    expect(() => requestTarget('https://h.example/api/v1/a b')).toThrow('is not a checked request URL');
  });
});
