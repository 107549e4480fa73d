import { describe, expect, it } from 'vitest';
import { buildUrl, checkBaseUrl, isLoopbackHost } from '../../src/http/url.js';

describe('where the key may go', () => {
  it.each(['localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'LOCALHOST'])('%s is loopback', (h) => expect(isLoopbackHost(h)).toBe(true));
  it.each(['localhost.example.com', '127.0.0.1.nip.io', '128.0.0.1', '10.0.0.1', '0.0.0.0', '127.0.0.256', 'example.com', '[::2]'])('%s is not', (h) =>
    expect(isLoopbackHost(h)).toBe(false),
  );

  it('accepts https anywhere and http on loopback', () => {
    expect(checkBaseUrl('https://api.example.com/api/v1/', '--base-url')).toBe('https://api.example.com/api/v1');
    expect(checkBaseUrl('http://127.0.0.1:8787/api/v1', '--base-url')).toBe('http://127.0.0.1:8787/api/v1');
    expect(checkBaseUrl('http://[::1]:8787/api/v1', '--base-url')).toBe('http://[::1]:8787/api/v1');
  });

  it.each([
    ['http://api.example.com/api/v1', '--base-url uses plain http to api.example.com: vis sends the key only over https, or over http to a loopback address (localhost, 127.0.0.0/8, [::1])'],
    ['http://localhost.example.com/api/v1', '--base-url uses plain http to localhost.example.com: vis sends the key only over https, or over http to a loopback address (localhost, 127.0.0.0/8, [::1])'],
    ['ftp://example.com/api/v1', '--base-url must use https (got "ftp:")'],
    ['api.example.com', '--base-url must be an absolute URL such as https://api.example.com/api/v1 (got "api.example.com")'],
    ['https://api.example.com/v2', '--base-url must end in /api/v1 (got "https://api.example.com/v2")'],
    ['https://u:p@api.example.com/api/v1', '--base-url must not carry a user name or password'],
    ['https://api.example.com/api/v1?x=1', '--base-url must not have a query string or fragment'],
  ])('refuses %s', (url, message) => {
    expect(() => checkBaseUrl(url, '--base-url')).toThrow(message);
  });

  it('builds URLs with encoded query pairs, repeated keys kept', () => {
    expect(buildUrl('https://h/api/v1', '/answers/runs', [['prompt', 'best crm & more?'], ['x', '1'], ['x', '2']])).toBe(
      'https://h/api/v1/answers/runs?prompt=best+crm+%26+more%3F&x=1&x=2',
    );
  });
});
