/**
 * The nesting limit where answers arrive (src/http/depth.ts): the raw-text scan, the
 * error it makes, and the client refusing a deep body once, before parsing it, over real
 * loopback HTTP.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor, ServerError } from '../../src/errors.js';
import { ApiClient } from '../../src/http/client.js';
import { checkNesting, jsonNestedDeeperThan } from '../../src/http/depth.js';
import { decideRetry } from '../../src/http/retry.js';
import { MAX_NESTING } from '../../src/text/nesting.js';
import { fakeClock } from '../support/context.js';

const open = (n: number, s = '[') => s.repeat(n);
const nested = (n: number) => `${open(n)}${']'.repeat(n)}`;

/** What `fn` throws (the test fails if it does not throw). */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('did not throw');
}

describe('jsonNestedDeeperThan', () => {
  it('exactly N levels pass, N + 1 do not', () => {
    expect(jsonNestedDeeperThan(nested(MAX_NESTING), MAX_NESTING)).toBe(false);
    expect(jsonNestedDeeperThan(nested(MAX_NESTING + 1), MAX_NESTING)).toBe(true);
    expect(jsonNestedDeeperThan('{"a":{"b":[1,{"c":[]}]}}', 5)).toBe(false);
    expect(jsonNestedDeeperThan('{"a":{"b":[1,{"c":[]}]}}', 4)).toBe(true);
    expect(jsonNestedDeeperThan('[] [] [] {}', 1)).toBe(false);
    expect(jsonNestedDeeperThan('', 0)).toBe(false);
    expect(jsonNestedDeeperThan('42', 0)).toBe(false);
    expect(jsonNestedDeeperThan('[]', 0)).toBe(true);
  });

  it('brackets inside strings do not count, whatever the escapes', () => {
    expect(jsonNestedDeeperThan('["[[[[{{{{"]', 1)).toBe(false);
    // An escaped quote does not end the string ...
    expect(jsonNestedDeeperThan('["\\"[[[[", "x"]', 1)).toBe(false);
    // ... an escaped backslash before a quote does: the brackets after it count.
    expect(jsonNestedDeeperThan('["\\\\", [[1]]]', 2)).toBe(true);
    expect(jsonNestedDeeperThan('["\\\\", [[1]]]', 3)).toBe(false);
    // Three backslashes: an escaped backslash, then an escaped quote.
    expect(jsonNestedDeeperThan('["\\\\\\"[[[", 1]', 1)).toBe(false);
    // \u escapes and keys with brackets.
    expect(jsonNestedDeeperThan('{"[{\\u005b": "]]]]\\u0022", "b": {"c": "{"}}', 2)).toBe(false);
    expect(jsonNestedDeeperThan(`[${JSON.stringify('[{'.repeat(1_000) + '"\\')}]`, 1)).toBe(false);
  });

  it('closing brackets in strings do not lower the count either', () => {
    expect(jsonNestedDeeperThan('[[ "]]]]]]", [[1]] ]]', 3)).toBe(true);
  });

  it('text that is not JSON is scanned the same way and ends at an unterminated string', () => {
    expect(jsonNestedDeeperThan(open(MAX_NESTING + 1), MAX_NESTING)).toBe(true); // never closed
    expect(jsonNestedDeeperThan(`[[["${open(1_000)}`, 3)).toBe(false);
    expect(jsonNestedDeeperThan(']]]]]][[', 2)).toBe(false); // stray closers do not go below 0
    expect(jsonNestedDeeperThan('<html>[[[</html>', 2)).toBe(true);
  });

  it('100,000 levels: refused, by a scan that does not recurse', () => {
    expect(jsonNestedDeeperThan(nested(100_000), MAX_NESTING)).toBe(true);
    expect(jsonNestedDeeperThan(open(100_000, '{"a":'), MAX_NESTING)).toBe(true);
    // 100,000 levels hidden in a string, and a string of 200,000 backslashes.
    expect(jsonNestedDeeperThan(JSON.stringify([open(100_000)]), MAX_NESTING)).toBe(false);
    expect(jsonNestedDeeperThan(JSON.stringify(['\\'.repeat(100_000), '"'.repeat(100_000)]), MAX_NESTING)).toBe(false);
  });
});

describe('checkNesting', () => {
  it('a 200 too deep: ServerError, exit 7, the host and the limit, code too_deep; not retried', () => {
    expect(() => checkNesting(nested(MAX_NESTING), 'http://api.example.com:8080/api/v1', 200)).not.toThrow();
    const err = thrown(() => checkNesting(nested(MAX_NESTING + 1), 'http://api.example.com:8080/api/v1', 200)) as ServerError;
    expect(err).toBeInstanceOf(ServerError);
    expect(exitCodeFor(err)).toBe(7);
    expect(err.message).toBe(`the answer from api.example.com:8080 is nested deeper than ${MAX_NESTING} levels`);
    expect(err.code).toBe('too_deep');
    expect(err.status).toBe(200);
    expect(err.transport).toBeUndefined();
    expect(decideRetry({ method: 'GET', attempt: 0, error: err, waitedMs: 0, random: () => 0.5 })).toEqual({ retry: false });
  });

  it('a body that is not a JSON object or array is left to JSON.parse', () => {
    const html = `<html><script>${open(100, '{')}</script></html>`;
    expect(jsonNestedDeeperThan(html, MAX_NESTING)).toBe(true);
    expect(() => checkNesting(html, 'https://api.example.com/api/v1', 502)).not.toThrow();
    expect(() => checkNesting(` \r\n\t${open(100, '{')}`, 'https://api.example.com/api/v1', 200)).toThrow(ServerError);
  });

  it('another status is named, and a 4xx is not retried either', () => {
    const err = thrown(() => checkNesting(nested(100_000), 'https://api.example.com/api/v1', 404)) as ServerError;
    expect(err.message).toBe(`the answer from api.example.com is nested deeper than ${MAX_NESTING} levels (HTTP 404)`);
    expect(decideRetry({ method: 'GET', attempt: 0, error: err, waitedMs: 0, random: () => 0.5 }).retry).toBe(false);
  });
});

describe('the client refuses a deep answer once, before parsing it', () => {
  let server: Server;
  let baseUrl: string;
  const hits = new Map<string, number>();
  const clients: ApiClient[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = (req.url ?? '').replace(/^\/api\/v1/, '').replace(/\?.*/, '');
      hits.set(path, (hits.get(path) ?? 0) + 1);
      res.writeHead(path === '/boom' ? 503 : 200, { 'content-type': 'application/json' });
      if (path === '/ok') res.end(`{"data":{"x":${nested(MAX_NESTING - 2)}}}`);
      else res.end(`{"data":{"x":${nested(100_000)}}}`);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  function client(): ApiClient {
    const c = new ApiClient({
      baseUrl,
      apiKey: 'vis_test_key_abcd',
      timeoutMs: 5_000,
      userAgent: 'vis-test',
      clock: fakeClock(0),
      random: () => 0.5,
    });
    clients.push(c);
    return c;
  }

  async function failure(p: Promise<unknown>): Promise<ServerError> {
    try {
      await p;
    } catch (err) {
      return err as ServerError;
    }
    throw new Error('succeeded');
  }

  const host = () => new URL(baseUrl).host;

  it('exactly at the limit: read as usual', async () => {
    const res = await client().send({ method: 'GET', path: '/ok' });
    expect(res.envelope.data).toHaveProperty('x');
    expect(res.attempts).toBe(1);
  });

  it('a 200 with 100,000 levels: exit 7, one request', async () => {
    const err = await failure(client().send({ method: 'GET', path: '/deep' }));
    expect(err).toBeInstanceOf(ServerError);
    expect(err.message).toBe(`the answer from ${host()} is nested deeper than ${MAX_NESTING} levels`);
    expect(hits.get('/deep')).toBe(1);
  });

  it('a JSON document (openapi.json) is held to the same limit', async () => {
    const err = await failure(client().fetchDocument('/doc'));
    expect(err.code).toBe('too_deep');
    expect(hits.get('/doc')).toBe(1);
  });

  it('a 503 with a deep body is retried as any 503, and the message names the status', async () => {
    const err = await failure(client().send({ method: 'GET', path: '/boom' }));
    expect(err.message).toBe(`the answer from ${host()} is nested deeper than ${MAX_NESTING} levels (HTTP 503)`);
    expect(hits.get('/boom')).toBe(4);
  });
});
