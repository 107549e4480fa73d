/**
 * The ApiClient under real faults, over real loopback HTTP, with a fake clock: waits
 * (Retry-After, backoff, pacing) are recorded instead of slept, so a 120 s cap or a
 * minute of pacing costs nothing. Timeouts are real but small (300 ms).
 *
 * The server is the sandbox with injected faults, or a small node:http server for what
 * the sandbox does not do (never answering, stalling a body, echoing the key).
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxControl } from '../support/http.js';
import { exitCodeFor, InterruptedError, LimitError, ServerError, type VisError } from '../../src/errors.js';
import { endpointById } from '../../src/endpoints.js';
import { BodyCollector, decodeUtf8, firstInvalidUtf8, HEAD_BYTES } from '../../src/http/body.js';
import { ApiClient, type ApiRequest } from '../../src/http/client.js';
import { Pacer, sharedPacer, type Clock } from '../../src/http/pacer.js';
import { startSandbox, type Fault, type Sandbox } from '../../src/sandbox/server.js';
import { fakeClock, type FakeClock } from '../support/context.js';
import { unusedPort } from '../support/ports.js';

const START = Date.parse('2026-11-22T10:00:00Z');
const KEY = 'vis_demo_growth';

interface Harness {
  client: ApiClient;
  clock: FakeClock;
  debug: string[];
}

function harness(baseUrl: string, over: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}): Harness {
  const clock = (over.clock as FakeClock | undefined) ?? fakeClock(START);
  const debug: string[] = [];
  const client = new ApiClient({
    baseUrl,
    apiKey: KEY,
    timeoutMs: 2_000,
    userAgent: 'vis-test',
    clock,
    random: () => 0.5,
    debug: (line) => debug.push(line),
    ...over,
  });
  clients.push(client);
  return { client, clock, debug };
}

const clients: ApiClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

/** The error a request fails with (the test fails if it succeeds). */
async function failure(client: ApiClient, req: ApiRequest): Promise<VisError> {
  try {
    await client.send(req);
  } catch (err) {
    return err as VisError;
  }
  throw new Error(`${req.method} ${req.path} succeeded`);
}

const GET_TOPICS: ApiRequest = { method: 'GET', path: '/topics' };
// As `vis pitches create` sends it: the table entry's spend says what to tell the user.
const CREATE_PITCH: ApiRequest = {
  method: 'POST',
  path: '/pitches',
  body: { url: 'acme.example' },
  unknownOutcome: endpointById('pitches.create').spends?.unknownOutcome,
};

let sandbox: Sandbox;

async function setFaults(faults: Fault[]): Promise<void> {
  expect(await sandboxControl(sandbox.baseUrl, '/__sandbox/reset')).toBe(204);
  expect(await sandboxControl(sandbox.baseUrl, '/__sandbox/faults', faults)).toBe(204);
}
const count = (method: string, path: string) => sandbox.requests.filter((r) => r.method === method && r.path === path).length;

beforeAll(async () => {
  sandbox = await startSandbox({ quiet: true });
});
afterAll(() => sandbox.close());

describe('429 rate_limited: wait Retry-After, up to 3 retries, never more than 120 s in all', () => {
  it('Retry-After in seconds: waits exactly that long, then succeeds', async () => {
    await setFaults([{ path: '/topics', kind: 'status', status: 429, retryAfter: '7', times: 2 }]);
    const { client, clock, debug } = harness(sandbox.baseUrl);
    const res = await client.send(GET_TOPICS);
    expect(res.status).toBe(200);
    expect(res.attempts).toBe(3);
    expect(clock.waits).toEqual([7_000, 7_000]);
    expect(count('GET', '/topics')).toBe(3);
    expect(debug.filter((l) => l.startsWith('→ GET'))).toHaveLength(3);
    expect(debug).toContain('retry 1 of 3 for GET /topics in 7000 ms (rate limited)');
  });

  it('Retry-After as an HTTP date: waits until then, by the client clock', async () => {
    await setFaults([{ path: '/topics', kind: 'status', status: 429, retryAfter: 'Sun, 22 Nov 2026 10:00:42 GMT', times: 1 }]);
    const { client, clock } = harness(sandbox.baseUrl);
    expect((await client.send(GET_TOPICS)).attempts).toBe(2);
    expect(clock.waits).toEqual([42_000]);
  });

  it('a Retry-After over the cap: gives up at once, exit 6, and says why', async () => {
    await setFaults([{ path: '/topics', kind: 'status', status: 429, retryAfter: '121' }]);
    const { client, clock } = harness(sandbox.baseUrl);
    const err = await failure(client, GET_TOPICS);
    expect(err).toBeInstanceOf(LimitError);
    expect(exitCodeFor(err)).toBe(6);
    expect(err.hint).toContain('the server asks to wait 121 s, more than the 120 s vis waits in all');
    expect(clock.waits).toEqual([]);
    expect(count('GET', '/topics')).toBe(1);
  });

  it('the cap counts every wait: 50 s, 50 s, then a third 50 s would pass 120 s', async () => {
    await setFaults([{ path: '/topics', kind: 'status', status: 429, retryAfter: '50' }]);
    const { client, clock } = harness(sandbox.baseUrl);
    const err = await failure(client, GET_TOPICS);
    expect(clock.waits).toEqual([50_000, 50_000]);
    expect(count('GET', '/topics')).toBe(3);
    expect(err.hint).toContain('another 50 s, which with the 100 s already waited');
    expect(exitCodeFor(err)).toBe(6);
  });

  it('still rate limited after 3 retries: 4 requests, exit 6', async () => {
    await setFaults([{ path: '/topics', kind: 'status', status: 429, retryAfter: '1' }]);
    const { client, clock } = harness(sandbox.baseUrl);
    const err = await failure(client, GET_TOPICS);
    expect(err.message).toBe('Injected fault: 429 rate_limited');
    expect(err.attempts).toBe(4);
    expect(exitCodeFor(err)).toBe(6);
    expect(clock.waits).toEqual([1_000, 1_000, 1_000]);
    expect(count('GET', '/topics')).toBe(4);
  });

  it('no usable Retry-After: waits 5 s', async () => {
    await setFaults([{ path: '/topics', kind: 'status', status: 429, times: 1 }]);
    const { client, clock } = harness(sandbox.baseUrl);
    await client.send(GET_TOPICS);
    expect(clock.waits).toEqual([5_000]);
  });

  it('a rate_limited POST is retried: the server did not act on it', async () => {
    await setFaults([{ path: '/pitches', method: 'POST', kind: 'status', status: 429, retryAfter: '2', times: 1 }]);
    const { client } = harness(sandbox.baseUrl);
    const res = await client.send(CREATE_PITCH);
    expect(res.status).toBe(201);
    expect(count('POST', '/pitches')).toBe(2);
  });

  it('other requests of the process wait with the one that was refused', async () => {
    await setFaults([{ path: '/topics', kind: 'status', status: 429, retryAfter: '30', times: 1 }]);
    const clock = fakeClock(START);
    const pacer = new Pacer(60, clock);
    const heldFor: number[] = [];
    const sleep = clock.sleep;
    clock.sleep = async (ms, signal) => {
      // While the refused request waits, the pacer holds every other one just as long.
      heldFor.push(pacer.delayFor(clock.t));
      return sleep(ms, signal);
    };
    const { client } = harness(sandbox.baseUrl, { clock, pacer });
    await client.send(GET_TOPICS);
    expect(clock.waits).toEqual([30_000]);
    expect(heldFor).toEqual([30_000]);
    expect(pacer.delayFor(clock.t)).toBe(0);
  });
});

describe('quota_exceeded and other 4xx: never retried', () => {
  it('quota_exceeded: exactly one request, exit 6', async () => {
    await setFaults([]);
    const { client, clock } = harness(sandbox.baseUrl, { apiKey: 'vis_demo_exhausted' });
    const err = await failure(client, GET_TOPICS);
    expect(err.code).toBe('quota_exceeded');
    expect(exitCodeFor(err)).toBe(6);
    expect(count('GET', '/topics')).toBe(1);
    expect(clock.waits).toEqual([]);
  });

  it('a 404: one request', async () => {
    await setFaults([]);
    const { client } = harness(sandbox.baseUrl);
    const err = await failure(client, { method: 'GET', path: '/topics/no-such-topic' });
    expect(exitCodeFor(err)).toBe(5);
    expect(sandbox.requests).toHaveLength(1);
  });
});

describe('502, other 5xx, resets: GET only, exponential backoff with full jitter', () => {
  it('502 then success: one backoff, two requests', async () => {
    await setFaults([{ path: '/topics', kind: 'status', status: 502, times: 1 }]);
    const { client, clock } = harness(sandbox.baseUrl);
    const res = await client.send(GET_TOPICS);
    expect(res.status).toBe(200);
    expect(count('GET', '/topics')).toBe(2);
    expect(clock.waits).toEqual([250]); // random 0.5 of the first ceiling, 500 ms
  });

  it('502 forever: exactly 4 requests, growing backoff, exit 7', async () => {
    await setFaults([{ path: '/topics', kind: 'status', status: 502 }]);
    const { client, clock } = harness(sandbox.baseUrl);
    const err = await failure(client, GET_TOPICS);
    expect(err).toBeInstanceOf(ServerError);
    expect(exitCodeFor(err)).toBe(7);
    expect(err.code).toBe('upstream_error');
    expect(err.message).toBe('Injected fault: 502 upstream_error');
    expect(err.attempts).toBe(4);
    expect(count('GET', '/topics')).toBe(4);
    expect(clock.waits).toEqual([250, 500, 1_000]);
  });

  it('the jitter is full: a random 0 retries at once, a random near 1 waits the whole ceiling', async () => {
    await setFaults([{ path: '/topics', kind: 'status', status: 503 }]);
    const low = harness(sandbox.baseUrl, { random: () => 0 });
    await failure(low.client, GET_TOPICS);
    expect(low.clock.waits).toEqual([0, 0, 0]);
    const high = harness(sandbox.baseUrl, { random: () => 0.999 });
    await failure(high.client, GET_TOPICS);
    expect(high.clock.waits).toEqual([499, 999, 1_998]);
  });

  it('a reset connection is retried for GET', async () => {
    await setFaults([{ path: '/topics', kind: 'reset', times: 2 }]);
    const { client } = harness(sandbox.baseUrl);
    expect((await client.send(GET_TOPICS)).attempts).toBe(3);
  });

  it('a connection closed without an answer is retried for GET', async () => {
    await setFaults([{ path: '/topics', kind: 'no-headers' }]);
    const { client } = harness(sandbox.baseUrl);
    const err = await failure(client, GET_TOPICS);
    expect(err.code).toBe('connection_closed');
    expect(exitCodeFor(err)).toBe(7);
    expect(count('GET', '/topics')).toBe(4);
  });
});

describe('POST /pitches is never repeated once it may have reached the server', () => {
  it('under 502: exactly one POST, exit 7, the outcome is unknown, check with `vis pitches`', async () => {
    await setFaults([{ path: '/pitches', method: 'POST', kind: 'status', status: 502 }]);
    const { client, clock } = harness(sandbox.baseUrl);
    const err = await failure(client, CREATE_PITCH);
    expect(count('POST', '/pitches')).toBe(1);
    expect(exitCodeFor(err)).toBe(7);
    expect(err.hint).toContain('The outcome is unknown');
    expect(err.hint).toContain('`vis pitches`');
    expect(clock.waits).toEqual([]);
  });

  it('under a reset: exactly one POST', async () => {
    await setFaults([{ path: '/pitches', method: 'POST', kind: 'reset' }]);
    const { client } = harness(sandbox.baseUrl);
    const err = await failure(client, CREATE_PITCH);
    expect(count('POST', '/pitches')).toBe(1);
    expect(err.hint).toContain('`vis pitches`');
  });

  it('under a timeout: exactly one POST, though the server did create the pitch', async () => {
    await setFaults([{ path: '/pitches', method: 'POST', kind: 'slow', delayMs: 3_000 }]);
    const before = sandbox.reads(KEY);
    const { client } = harness(sandbox.baseUrl, { timeoutMs: 300 });
    const err = await failure(client, CREATE_PITCH);
    expect(err.code).toBe('timeout');
    expect(exitCodeFor(err)).toBe(7);
    expect(err.message).toMatch(/^no answer from 127\.0\.0\.1:\d+ within 300 ms$/);
    expect(err.hint).toContain('`vis pitches`');
    expect(count('POST', '/pitches')).toBe(1);
    // Why it must not be repeated: the sandbox acted on it (a read and a report spent).
    expect(sandbox.reads(KEY)).toBe(before + 1);
  });

  it('the client knows no endpoint: without the spend’s advice the hint is the generic one', async () => {
    await setFaults([{ path: '/pitches', method: 'POST', kind: 'status', status: 502 }]);
    const { client } = harness(sandbox.baseUrl);
    const err = await failure(client, { ...CREATE_PITCH, unknownOutcome: undefined });
    expect(count('POST', '/pitches')).toBe(1);
    expect(err.hint).toContain(
      'The outcome is unknown: the request may have reached the server, so vis did not send it again. Check before repeating POST /pitches.',
    );
    expect(err.hint).not.toContain('`vis pitches`');
  });

  it('a refused connection is safe to repeat: it never left this machine', async () => {
    const port = await unusedPort();
    const { client, debug } = harness(`http://127.0.0.1:${port}/api/v1`);
    const err = await failure(client, CREATE_PITCH);
    expect(err.code).toBe('connection_refused');
    expect(exitCodeFor(err)).toBe(7);
    expect(debug.filter((l) => l.startsWith('→ POST'))).toHaveLength(4);
    expect(err.hint ?? '').not.toContain('outcome is unknown');
  });
});

describe('timeouts: every attempt finishes within --timeout', () => {
  let server: Server;
  let base: string;
  let hits: string[];
  let behave: (res: ServerResponse, path: string) => void;

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      req.resume();
      behave(res, req.url ?? '');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });
  afterEach(() => server.closeAllConnections());
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('a server that accepts and never sends headers: GET gives up after 4 attempts, exit 7', async () => {
    hits = [];
    behave = () => undefined;
    const { client, debug } = harness(base, { timeoutMs: 300 });
    const err = await failure(client, GET_TOPICS);
    expect(err.code).toBe('timeout');
    expect(exitCodeFor(err)).toBe(7);
    expect(err.message).toMatch(/^no answer from 127\.0\.0\.1:\d+ within 300 ms$/);
    expect(err.attempts).toBe(4);
    expect(err.hint).toBe('Raise --timeout if the server is slow.');
    expect(hits).toHaveLength(4);
    expect(debug.filter((l) => l.startsWith('✗ GET /topics failed'))).toHaveLength(4);
  });

  it('... and a POST is sent once', async () => {
    hits = [];
    behave = () => undefined;
    const { client } = harness(base, { timeoutMs: 300 });
    const err = await failure(client, CREATE_PITCH);
    expect(err.code).toBe('timeout');
    expect(hits).toEqual(['POST /api/v1/pitches']);
  });

  it('headers, then the body stalls: a timeout naming the status and what arrived', async () => {
    hits = [];
    behave = (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"data":');
    };
    const { client } = harness(base, { timeoutMs: 300 });
    const err = await failure(client, GET_TOPICS);
    expect(err.code).toBe('timeout');
    expect(err.status).toBe(200);
    expect(err.message).toMatch(/\(HTTP 200\) did not finish within 300 ms, after 8 of 100 bytes: \{"data":$/);
    expect(hits).toHaveLength(4);
  });

  it('a body that trickles in forever is cut off by the deadline, not only by the idle timeout', async () => {
    hits = [];
    const timers: NodeJS.Timeout[] = [];
    behave = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // A byte every 50 ms never leaves the connection idle for long.
      const t = setInterval(() => (res.writableEnded || res.destroyed ? clearInterval(t) : res.write(' ')), 50);
      timers.push(t);
    };
    const { client } = harness(base, { timeoutMs: 300 });
    const err = await failure(client, { method: 'POST', path: '/pitches', body: {} });
    timers.forEach(clearInterval);
    expect(err.code).toBe('timeout');
    expect(err.message).toContain('did not finish within 300 ms');
    expect(hits).toHaveLength(1);
  });
});

describe('answers that are not the envelope: exit 7 with the status and an excerpt', () => {
  it('an HTML error page from a proxy (502): retried, then exit 7 with the page in short', async () => {
    await setFaults([{ path: '/topics', kind: 'html', status: 502 }]);
    const { client } = harness(sandbox.baseUrl);
    const err = await failure(client, GET_TOPICS);
    expect(exitCodeFor(err)).toBe(7);
    expect(err.code).toBe('invalid_envelope');
    expect(err.message).toContain('the server answered HTTP 502 with a body that is not JSON: <html> <head><title>502 Bad Gateway</title>');
    expect(count('GET', '/topics')).toBe(4);
  });

  it('an HTML page with 200 (a login portal): not retried', async () => {
    await setFaults([{ path: '/topics', kind: 'html', status: 200 }]);
    const { client } = harness(sandbox.baseUrl);
    const err = await failure(client, GET_TOPICS);
    expect(err.message).toMatch(/^the server answered HTTP 200 with a body that is not JSON: <html>/);
    expect(count('GET', '/topics')).toBe(1);
  });

  it('a body that is not JSON', async () => {
    await setFaults([{ path: '/topics', kind: 'non-json' }]);
    const { client } = harness(sandbox.baseUrl);
    const err = await failure(client, GET_TOPICS);
    expect(err.message).toBe(
      'the server answered HTTP 200 with a body that is not JSON: upstream connect error or disconnect/reset before headers. reset reason: connection termination',
    );
    expect(exitCodeFor(err)).toBe(7);
  });

  it('an envelope without data', async () => {
    await setFaults([{ path: '/topics', kind: 'no-data' }]);
    const { client } = harness(sandbox.baseUrl);
    const err = await failure(client, GET_TOPICS);
    expect(err.message).toMatch(/^the server answered HTTP 200 with JSON that is not the API envelope: \{"meta":/);
    expect(exitCodeFor(err)).toBe(7);
    expect(count('GET', '/topics')).toBe(1);
  });

  it('a body cut off mid-way (fewer bytes than Content-Length): retried, then the status and the part that came', async () => {
    await setFaults([{ path: '/topics', kind: 'truncated' }]);
    const { client } = harness(sandbox.baseUrl);
    const err = await failure(client, GET_TOPICS);
    expect(err.code).toBe('truncated_response');
    expect(exitCodeFor(err)).toBe(7);
    expect(err.message).toMatch(/\(HTTP 200\) broke off after (\d+) of (\d+) bytes: \{"data":\{/);
    const [, got, of] = /after (\d+) of (\d+) bytes/.exec(err.message)!;
    expect(Number(got)).toBeLessThan(Number(of));
    expect(err.message.length).toBeLessThan(400); // a short excerpt, not the whole body
    expect(count('GET', '/topics')).toBe(4);
  });

  it('a truncated answer once, then a whole one: success', async () => {
    await setFaults([{ path: '/topics', kind: 'truncated', times: 1 }]);
    const { client } = harness(sandbox.baseUrl);
    expect((await client.send(GET_TOPICS)).attempts).toBe(2);
  });

  it('escape sequences in a body never reach the terminal through the excerpt', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('\u001b]0;owned\u0007\u001b[2Jhello\u009b31m');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { client } = harness(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`);
      const err = await failure(client, GET_TOPICS);
      expect(err.message).toContain('hello');
      expect(err.message).not.toMatch(/[\u001b\u0007\u009b]/);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('Ctrl-C', () => {
  it('during a retry wait: InterruptedError at once, nothing more sent', async () => {
    await setFaults([{ path: '/topics', kind: 'status', status: 429, retryAfter: '60' }]);
    const controller = new AbortController();
    const clock: Clock = {
      now: () => Date.now(),
      sleep: (_ms, signal) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
          setTimeout(() => controller.abort(), 10); // "the user presses Ctrl-C" during the wait
        }),
    };
    const { client } = harness(sandbox.baseUrl, { clock, signal: controller.signal });
    const err = await failure(client, GET_TOPICS);
    expect(err).toBeInstanceOf(InterruptedError);
    expect(exitCodeFor(err)).toBe(130);
    expect(count('GET', '/topics')).toBe(1);
  });

  it('during a request: InterruptedError, not a timeout', async () => {
    await setFaults([{ path: '/topics', kind: 'slow', delayMs: 10_000 }]);
    const controller = new AbortController();
    const { client } = harness(sandbox.baseUrl, { signal: controller.signal, timeoutMs: 30_000 });
    const pending = failure(client, GET_TOPICS);
    while (count('GET', '/topics') === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const err = await pending;
    expect(err).toBeInstanceOf(InterruptedError);
    expect(count('GET', '/topics')).toBe(1);
  });
});

describe('redirects and keys', () => {
  const SECRET = 'vis_live_Sup3rS3cretKey_0451';
  let server: Server;
  let base: string;
  let hits: number;

  beforeAll(async () => {
    // A hostile or broken server that echoes the Authorization header wherever it can.
    server = createServer((req, res) => {
      hits++;
      const auth = req.headers.authorization ?? '';
      const key = auth.replace(/^Bearer /, '');
      const path = (req.url ?? '').replace(/^\/api\/v1/, '');
      if (path === '/unauthorized') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'invalid_api_key', message: `Unknown key ${key} (sent as "${auth}")` } }));
      } else if (path === '/proxy') {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end(`<html><body><h1>Bad Gateway</h1><pre>Authorization: ${auth}</pre></body></html>`);
      } else if (path === '/moved') {
        res.writeHead(302, { location: `https://elsewhere.example/steal?key=${encodeURIComponent(key)}` });
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(`not json, but your key is ${key}`);
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  });

  it.each(['/unauthorized', '/proxy', '/moved', '/echo'])('an error about %s never carries the key', async (path) => {
    hits = 0;
    const { client, debug } = harness(base, { apiKey: SECRET });
    const err = await failure(client, { method: 'POST', path });
    const printed = [err.message, err.hint ?? '', ...debug].join('\n');
    expect(printed).not.toContain(SECRET);
    expect(printed).not.toContain(encodeURIComponent(SECRET).slice(0, 12));
    expect(printed).toContain('***');
    expect(hits).toBe(1);
  });

  it('a redirect is not followed', async () => {
    hits = 0;
    const { client } = harness(base, { apiKey: SECRET });
    const err = await failure(client, { method: 'GET', path: '/moved' });
    expect(err.code).toBe('redirect');
    expect(exitCodeFor(err)).toBe(7);
    expect(hits).toBe(1);
  });

  it('a key with a control character is refused before anything is sent', () => {
    hits = 0;
    expect(() => harness(base, { apiKey: 'abc\r\nX-Evil: 1' })).toThrow(/character 4 is U\+000D/);
    expect(hits).toBe(0);
  });

  it.each(['vis_live_k\u20acy', 'vis_live_k\u200by', '\u201cvis_live_key\u201d'])(
    'a key with %j (copy-paste) is refused before anything is sent, not retried',
    (apiKey) => {
      hits = 0;
      let err: unknown;
      try {
        harness(base, { apiKey });
      } catch (e) {
        err = e;
      }
      expect(exitCodeFor(err)).toBe(2);
      expect((err as Error).message).toMatch(/^the API key has a character an HTTP header cannot carry: character \d+ is U\+/);
      expect((err as Error).message).not.toContain('vis_live');
      expect(hits).toBe(0);
    },
  );
});

describe('hostile answers: size, headers, encodings, Retry-After', () => {
  let server: Server;
  let base: string;
  let hits: string[];
  let closed: number;
  let behave: (res: ServerResponse, req: { headers: Record<string, unknown> }) => void;
  const timers: NodeJS.Timeout[] = [];
  const MIB = 1024 * 1024;

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      req.resume();
      res.on('close', () => closed++);
      behave(res, req);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });
  afterEach(() => {
    timers.splice(0).forEach(clearInterval);
    server.closeAllConnections();
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  function setup(b: typeof behave): void {
    hits = [];
    closed = 0;
    behave = b;
  }
  const json =
    (status: number, body: string | Buffer, headers: Record<string, string> = {}) =>
    (res: ServerResponse) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(body);
    };
  /** A chunked body that never ends: 64 KiB as fast as the client reads. */
  const endless =
    (first = '{"data":"') =>
    (res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(first);
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
      };
      res.on('drain', pump);
      pump();
    };

  it('an endless body: abandoned as soon as it passes the limit, exit 7, one request, not retried', async () => {
    setup(endless());
    const { client, clock } = harness(base, { maxBodyBytes: MIB, timeoutMs: 10_000 });
    const err = await failure(client, GET_TOPICS);
    expect(err).toBeInstanceOf(ServerError);
    expect(exitCodeFor(err)).toBe(7);
    expect(err.code).toBe('response_too_large');
    expect(err.message).toMatch(/^the answer from 127\.0\.0\.1:\d+ is larger than the 1 MiB limit \(VIS_MAX_BODY_MB\)$/);
    expect(err.hint).toContain('VIS_MAX_BODY_MB');
    expect(hits).toHaveLength(1);
    expect(clock.waits).toEqual([]);
    // The connection was dropped, not read to the end.
    while (closed === 0) await new Promise((r) => setTimeout(r, 5));
  });

  it('the default limit is 256 MiB', async () => {
    setup(json(200, '{"data":{}}', { 'content-length': String(256 * MIB + 1) }));
    const { client } = harness(base);
    const err = await failure(client, GET_TOPICS);
    expect(err.message).toContain('larger than the 256 MiB limit (VIS_MAX_BODY_MB)');
  });

  it('a Content-Length over the limit: refused before reading, not retried', async () => {
    setup((res) => {
      res.writeHead(502, { 'content-type': 'application/json', 'content-length': String(600 * MIB) });
      res.write('{"data":');
    });
    const { client, debug } = harness(base, { maxBodyBytes: MIB });
    const err = await failure(client, GET_TOPICS);
    expect(err.code).toBe('response_too_large');
    expect(err.status).toBe(502);
    expect(hits).toHaveLength(1);
    expect(debug.filter((l) => l.startsWith('retry'))).toEqual([]);
  });

  it('exactly at the limit passes; one byte more does not, announced or not', async () => {
    const body = (n: number) => `{"data":{"s":"${'x'.repeat(n - 17)}"}}`;
    expect(body(1000)).toHaveLength(1000);
    for (const announced of [true, false]) {
      setup((res) => {
        res.writeHead(200, announced ? { 'content-length': '1000' } : {});
        res.end(body(1000));
      });
      const ok = await harness(base, { maxBodyBytes: 1000 }).client.send(GET_TOPICS);
      expect(ok.raw).toBe(body(1000));
      setup((res) => {
        res.writeHead(200, announced ? { 'content-length': '1001' } : {});
        res.end(body(1001));
      });
      const err = await failure(harness(base, { maxBodyBytes: 1000 }).client, GET_TOPICS);
      expect(err.message).toContain('larger than the 1000 bytes limit');
    }
  });

  it('a body that trips the limit cannot be quoted whole: an excerpt comes from the first few KiB', async () => {
    setup(endless('<html>'));
    const { client } = harness(base, { maxBodyBytes: 4 * MIB, timeoutMs: 10_000 });
    const err = await failure(client, GET_TOPICS);
    expect(err.message.length).toBeLessThan(200);
  });

  it('a huge body that is not the envelope: the excerpt is short', async () => {
    setup(json(200, `<html>${' '.repeat(3 * MIB)}${'y'.repeat(MIB)}</html>`));
    const { client } = harness(base, { maxBodyBytes: 8 * MIB });
    const err = await failure(client, GET_TOPICS);
    expect(err.message).toBe('the server answered HTTP 200 with a body that is not JSON: <html>');
  });

  it('response headers over 16 KiB: one request, exit 7, a clear message', async () => {
    setup(json(200, '{"data":{}}', { 'x-big': 'a'.repeat(100 * 1024) }));
    const { client, clock } = harness(base);
    const err = await failure(client, GET_TOPICS);
    expect(exitCodeFor(err)).toBe(7);
    expect(err.code).toBe('headers_too_large');
    expect(err.message).toMatch(/has headers larger than 16 KiB/);
    expect(hits).toHaveLength(1);
    expect(clock.waits).toEqual([]);
  });

  it('asks for no compression, and refuses a gzip answer naming it, without quoting its bytes', async () => {
    let asked: unknown;
    setup((res, req) => {
      asked = req.headers['accept-encoding'];
      json(200, gzipSync('{"data":{"a":"' + 'z'.repeat(500) + '"}}'), { 'content-encoding': 'gzip' })(res);
    });
    const { client } = harness(base);
    const err = await failure(client, GET_TOPICS);
    expect(asked).toBe('identity');
    expect(exitCodeFor(err)).toBe(7);
    expect(err.code).toBe('unsupported_encoding');
    expect(err.message).toMatch(/is compressed \(Content-Encoding: gzip\), which vis did not ask for/);
    expect(err.message).not.toMatch(/[^\x20-\x7e]/);
    expect(hits).toHaveLength(1); // and not retried, even for a 5xx
    setup(json(503, gzipSync('x'), { 'content-encoding': 'br' }));
    const again = await failure(harness(base).client, GET_TOPICS);
    expect(again.message).toContain('Content-Encoding: br');
    expect(hits).toHaveLength(1);
  });

  it('Content-Encoding: identity is the same as none', async () => {
    setup(json(200, '{"data":{"a":1}}', { 'content-encoding': 'Identity' }));
    expect((await harness(base).client.send(GET_TOPICS)).envelope.data).toEqual({ a: 1 });
  });

  it('a leading UTF-8 BOM is dropped, the rest kept as received', async () => {
    setup(json(200, '\ufeff{"data":{"n":1.0}}'));
    const res = await harness(base).client.send(GET_TOPICS);
    expect(res.raw).toBe('{"data":{"n":1.0}}');
    expect(res.envelope.data).toEqual({ n: 1 });
    setup(json(404, '\ufeff{"error":{"code":"not_found","message":"gone"}}'));
    const err = await failure(harness(base).client, GET_TOPICS);
    expect(exitCodeFor(err)).toBe(5);
  });

  it('a successful body that is not UTF-8 is refused with the byte offset, not altered', async () => {
    setup(json(200, Buffer.concat([Buffer.from('{"data":{"a":"x'), Buffer.from([0xc3, 0x28]), Buffer.from('"}}')])));
    const err = await failure(harness(base).client, GET_TOPICS);
    expect(exitCodeFor(err)).toBe(7);
    expect(err.code).toBe('invalid_utf8');
    expect(err.message).toBe('the server answered HTTP 200 with a body that is not valid UTF-8 (at byte 15 of 20)');
    expect(hits).toHaveLength(1);
  });

  it('an error body that is not UTF-8 is still read for its code (only quoted)', async () => {
    setup(json(404, Buffer.concat([Buffer.from('{"error":{"code":"not_found","message":"no \xff'), Buffer.from([0xff]), Buffer.from('"}}')])));
    const err = await failure(harness(base).client, GET_TOPICS);
    expect(exitCodeFor(err)).toBe(5);
  });

  it('a 503 with Retry-After: waits what it says, for GET', async () => {
    setup(json(503, '{"error":{"code":"unavailable","message":"down"}}', { 'retry-after': '100' }));
    const { client, clock } = harness(base);
    const err = await failure(client, GET_TOPICS);
    expect(exitCodeFor(err)).toBe(7);
    expect(clock.waits).toEqual([100_000]); // then 100 s more would pass the 120 s cap
    expect(hits).toHaveLength(2);
    expect(err.hint).toContain('another 100 s, which with the 100 s already waited is more than the 120 s vis waits in all');
  });

  it('a 503 HTML page from a proxy with Retry-After: honoured too', async () => {
    setup(json(503, '<html>busy</html>', { 'retry-after': '3' }));
    const { client, clock } = harness(base);
    await failure(client, GET_TOPICS);
    expect(clock.waits).toEqual([3_000, 3_000, 3_000]);
  });

  it('a 503 whose Retry-After is past the cap: stops at once and says why', async () => {
    setup(json(503, '{"error":{"code":"unavailable","message":"down"}}', { 'retry-after': '3600' }));
    const { client, clock } = harness(base);
    const err = await failure(client, GET_TOPICS);
    expect(clock.waits).toEqual([]);
    expect(hits).toHaveLength(1);
    expect(err.hint).toContain('the server asks to wait 3600 s, more than the 120 s vis waits in all');
  });

  it('a POST answered 503 with Retry-After is still sent once', async () => {
    setup(json(503, '{"error":{"code":"unavailable","message":"down"}}', { 'retry-after': '1' }));
    await failure(harness(base).client, CREATE_PITCH);
    expect(hits).toHaveLength(1);
  });

  it.each([
    ['-5', [5_000, 5_000, 5_000]],
    ['2, 3', [5_000, 5_000, 5_000]],
    ['5s', [5_000, 5_000, 5_000]],
    [' 12 ', [12_000, 12_000, 12_000]],
  ])('429 with Retry-After %j waits %j', async (value, waits) => {
    setup(json(429, '{"error":{"code":"rate_limited","message":"slow"}}', { 'retry-after': value }));
    const { client, clock } = harness(base);
    await failure(client, GET_TOPICS);
    expect(clock.waits).toEqual(waits);
  });

  it.each([['-5'], ['2, 3'], ['a12'], ['Sat, 03 Feb 2001 00:00:00 +0000']])('503 with Retry-After %j: the normal backoff', async (value) => {
    setup(json(503, '{"error":{"code":"unavailable","message":"down"}}', { 'retry-after': value }));
    const { client, clock } = harness(base);
    await failure(client, GET_TOPICS);
    expect(clock.waits).toEqual([250, 500, 1_000]);
  });

  it('a plain 500 is retried for GET (4 requests)', async () => {
    setup(json(500, '{"error":{"code":"internal_error","message":"oops"}}'));
    await failure(harness(base).client, GET_TOPICS);
    expect(hits).toHaveLength(4);
  });
});

describe('the body collector', () => {
  it('keeps the head apart and gives every byte back once', () => {
    for (const expected of [undefined, 10_000]) {
      const c = new BodyCollector(10_000, expected);
      const parts = [Buffer.alloc(3000, 0x61), Buffer.alloc(3000, 0x62), Buffer.alloc(4000, 0x63)];
      for (const p of parts) expect(c.add(p)).toBe(true);
      expect(c.bytes).toBe(10_000);
      expect(c.headText()).toBe('a'.repeat(3000) + 'b'.repeat(HEAD_BYTES - 3000));
      expect(c.take().equals(Buffer.concat(parts))).toBe(true);
      expect(c.take()).toHaveLength(0);
      expect(new BodyCollector(10_000, expected).add(Buffer.alloc(10_001))).toBe(false);
    }
  });

  it('a body longer than its Content-Length is kept whole all the same', () => {
    const c = new BodyCollector(100, 4);
    c.add(Buffer.from('abc'));
    c.add(Buffer.from('defg'));
    expect(c.take().toString()).toBe('abcdefg');
  });

  it('decodeUtf8 drops one leading BOM, refuses what TextDecoder would replace', () => {
    expect(decodeUtf8(Buffer.from('\ufeff{"a":1}'))).toEqual({ text: '{"a":1}' });
    expect(decodeUtf8(Buffer.from('\ufeff\ufeffx'))).toEqual({ text: '\ufeffx' });
    expect(decodeUtf8(Buffer.from([0x61, 0xed, 0xa0, 0x80]))).toEqual({ invalidAt: 1 }); // a surrogate
    expect(decodeUtf8(Buffer.from([0xc0, 0x80]))).toEqual({ invalidAt: 0 }); // overlong
    expect(decodeUtf8(Buffer.from([0x61, 0x62, 0xe2, 0x82]))).toEqual({ invalidAt: 2 }); // cut short
    expect(decodeUtf8(Buffer.from([0xf4, 0x90, 0x80, 0x80]))).toEqual({ invalidAt: 0 }); // past U+10FFFF
  });

  it('firstInvalidUtf8 agrees with a fatal TextDecoder on any bytes', () => {
    const fatal = new TextDecoder('utf-8', { fatal: true });
    const valid = (b: Uint8Array) => {
      try {
        fatal.decode(b);
        return true;
      } catch {
        return false;
      }
    };
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), (b) => {
        const at = firstInvalidUtf8(b);
        expect(at === -1).toBe(valid(b));
        if (at >= 0) expect(valid(b.subarray(0, at))).toBe(true);
      }),
      { numRuns: 5_000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.uint8Array({ maxLength: 3 }), (s, tail) => {
        const b = Buffer.concat([Buffer.from(s), tail]);
        expect(firstInvalidUtf8(b) === -1).toBe(valid(b));
      }),
    );
  });
});

describe('pacing: many requests stay under 60 a minute without ever meeting a 429', () => {
  let paced: Sandbox;
  const clock = fakeClock(START);

  beforeAll(async () => {
    // The sandbox's rate limiter reads the same fake clock as the client.
    paced = await startSandbox({ quiet: true, now: () => new Date(clock.t), rateLimitPerMinute: 60 });
  });
  afterAll(() => paced.close());

  /** Sends n requests, each taking 20 ms of fake time, alternating between the clients. */
  async function burst(cs: ApiClient[], n: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      await cs[i % cs.length]!.send({ method: 'GET', path: '/usage' });
      clock.t += 20;
    }
  }

  it('150 requests through one pacer: all 200, the pacer waited instead', async () => {
    const pacer = sharedPacer(paced.baseUrl, KEY, 60, clock);
    const { client } = harness(paced.baseUrl, { clock, pacer });
    await burst([client], 150);
    expect(paced.requests).toHaveLength(150);
    expect(paced.requests.filter((r) => r.status !== 200)).toEqual([]);
    expect(clock.waits.length).toBeGreaterThanOrEqual(2);
  });

  it('two clients of one key (a command and its export, say) share the pacer', async () => {
    const a = sharedPacer(paced.baseUrl, KEY, 60, clock);
    const b = sharedPacer(paced.baseUrl, KEY, 60, clock);
    expect(b).toBe(a);
    const one = harness(paced.baseUrl, { clock, pacer: a }).client;
    const two = harness(paced.baseUrl, { clock, pacer: b }).client;
    const before = paced.requests.length;
    await burst([one, two], 130);
    expect(paced.requests.slice(before).filter((r) => r.status !== 200)).toEqual([]);
  });

  it('without the pacer the same burst meets 429s (so the test above can fail)', async () => {
    clock.t += 120_000; // let the window empty
    const { client } = harness(paced.baseUrl, { clock });
    const before = paced.requests.length;
    await burst([client], 70);
    expect(paced.requests.slice(before).filter((r) => r.status === 429).length).toBeGreaterThan(0);
  });

  it('VIS_RATE_LIMIT-style lower limits are honoured: 5 a minute', async () => {
    clock.t += 120_000;
    const pacer = sharedPacer(paced.baseUrl, 'vis_demo_agency', 5, clock);
    const { client } = harness(paced.baseUrl, { clock, pacer, apiKey: 'vis_demo_agency' });
    const start = clock.t;
    await burst([client], 11);
    // 11 requests at 5 a minute: the 6th waits for the 1st to age out, the 11th for the 6th.
    expect(clock.t - start).toBeGreaterThanOrEqual(120_000);
  });
});
