/**
 * Item arguments and `vis api` paths never leave the base URL's path (docs/guide.md, Design
 * notes), for any text: generated strings mixing every spelling of a dot and a separator go
 * through the functions the commands use (prepareRequest for `vis competitors <name>`,
 * normaliseApiPath for `vis api`, then the client's buildUrl). Either vis refuses with a
 * UsageError before any request, or the URL it would send, read the way a server that
 * decodes (even twice) reads it, lies under the base path. fc.assert prints the seed and
 * the shrunk counterexample when this fails.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseApiPath } from '../../src/cli/commands/api/parse.js';
import type { Context } from '../../src/services/context.js';
import { prepareRequest } from '../../src/services/endpoint-request.js';
import { endpointById } from '../../src/endpoints.js';
import { UsageError } from '../../src/errors.js';
import { buildUrl, requestTarget } from '../../src/http/url.js';

const BASE = 'http://127.0.0.1:8787/api/v1';
const ctx = { today: () => '2026-11-22' } as unknown as Context;

const PIECES = [
  '.',
  '..',
  '%2e',
  '%2E',
  '%2e%2E',
  '.%2e',
  '%252e',
  '%25252e',
  '/',
  '\\',
  '%5c',
  '%5C',
  '%2f',
  '%2F',
  '%252f',
  '\uff0e',
  '\u2024',
  '\u3002',
  '\uff0f',
  '\uff3c',
  '\u2215',
  ' ',
  '\t',
  '?',
  '#',
  '%',
  '%%',
  '@',
  ':',
  'a',
  'admin',
  'é',
  '\u0000',
  '\ud800',
];
const arg = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 10 }).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

/** Independent of src: what a server that decodes percent escapes (once or more) sees. */
function serverSegments(pathname: string): string[] {
  let s = pathname;
  for (let i = 0; i < 5; i++) s = s.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return s.split(/[/\\]/);
}

/** The URL vis would send, or undefined when it refuses (any other error fails the test). */
function sentOrRefused(build: () => string): URL | undefined {
  let url: string;
  try {
    url = build();
  } catch (err) {
    if (err instanceof UsageError) return undefined;
    throw err;
  }
  const { origin, path } = requestTarget(url);
  return new URL(origin + path);
}

function expectUnderBase(u: URL): void {
  expect(u.origin).toBe('http://127.0.0.1:8787');
  expect(u.pathname === '/api/v1' || u.pathname.startsWith('/api/v1/')).toBe(true);
  const below = serverSegments(u.pathname.slice('/api/v1'.length));
  expect(below.filter((s) => s === '.' || s === '..')).toEqual([]);
}

describe('paths never leave the base URL', () => {
  const competitor = endpointById('competitors.get');

  it('an item argument is one segment under the base path, or refused', () => {
    fc.assert(
      fc.property(arg, (value) => {
        const u = sentOrRefused(() => {
          const req = prepareRequest(ctx, competitor, { pathArg: value, local: {}, globals: {}, marketFromFlag: false });
          return buildUrl(BASE, req.path, req.query);
        });
        if (u === undefined) return;
        expectUnderBase(u);
        // Exactly one segment below /competitors/, whatever the name holds.
        expect(u.pathname).toMatch(/^\/api\/v1\/competitors\/[^/]+$/);
        expect(decodeURIComponent(u.pathname.slice('/api/v1/competitors/'.length))).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('an ordinary item argument is never refused', () => {
    const safe = fc.string({ unit: fc.constantFrom('a', 'Z', '7', ' ', '/', '\\', '?', '#', '&', '%', '\uff0e', 'é', '-'), minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(
        safe.filter((s) => s.trim() !== ''),
        (value) => {
          const req = prepareRequest(ctx, competitor, { pathArg: value, local: {}, globals: {}, marketFromFlag: false });
          expect(buildUrl(BASE, req.path, req.query)).toBe(`${BASE}/competitors/${encodeURIComponent(value)}`);
        },
      ),
    );
  });

  it('a vis api path lies under the base path, or is refused', () => {
    fc.assert(
      fc.property(arg, (raw) => {
        const u = sentOrRefused(() => {
          const { path, query } = normaliseApiPath(raw);
          return buildUrl(BASE, path, query);
        });
        if (u !== undefined) expectUnderBase(u);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('vis api paths', () => {
  it.each(['https://evil.example/x', '//evil.example/x', 'HTTP://127.0.0.1:1/x', 'javascript:alert(1)'])('refuses the full URL %s', (raw) => {
    expect(() => normaliseApiPath(raw)).toThrow(
      `<path> must be a path under the base URL (e.g. /topics), not a full URL: the key is only sent to --base-url (got "${raw}")`,
    );
  });
  it.each(['/%2e%2e/%2e%2e/admin', '/topics\\..\\..\\..\\x', '..', '/api/v1/../admin', 'topics/%252E%252E', '/x/.%2F..'])('refuses %s', (raw) => {
    expect(() => normaliseApiPath(raw)).toThrow(/^<path> must not contain "\." or "\.\." segments, in any spelling/);
  });
  it('refuses a fragment, which would swallow the query', () => {
    expect(() => normaliseApiPath('/topics#x')).toThrow('<path> must not contain control characters, "?" or "#" (got "/topics#x")');
  });
  it('keeps ordinary paths and their query', () => {
    expect(normaliseApiPath(' topics?days=30&x=a#b ')).toEqual({
      path: '/topics',
      query: [
        ['days', '30'],
        ['x', 'a#b'],
      ],
    });
    expect(normaliseApiPath('/api/v1/competitors/Globex%20CRM')).toEqual({ path: '/competitors/Globex%20CRM', query: [] });
    expect(normaliseApiPath('/x/...')).toEqual({ path: '/x/...', query: [] });
  });
});
