/**
 * A whole command line run in-process: run() (the entry point's runner) with testIO(), a
 * fake clock, and the requests going to a FakeApi through the Context's transport seam.
 * What a spawned `vis` would print and exit with, with no process, socket or wait.
 * With `baseUrl` instead, the requests go through vis's own transport to a real server
 * (the sandbox on loopback, started by the test): no process, but a real socket.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../src/cli/run.js';
import type { Env } from '../../src/domain/env.js';
import { clearSecrets } from '../../src/http/redact.js';
import { fakeClock, testIO, type FakeClock, type TestIOOptions } from './context.js';
import { FakeApi, type RecordedRequest } from './http.js';

/** A key of the documented shape; nothing real. */
export const TEST_KEY = 'vis_test_0123456789abcdef';

export interface InProcessOptions {
  /** Added to the test environment; a value of undefined removes a variable. */
  env?: Record<string, string | undefined>;
  /** The fake API (a fresh one, expecting nothing, when left out). */
  api?: FakeApi;
  /** A real server to send to (VIS_BASE_URL), through vis's own transport, instead of the fake API. */
  baseUrl?: string;
  /** vis's own transport without `baseUrl`: to whatever base URL `env` or a profile names. */
  realTransport?: boolean;
  io?: TestIOOptions;
  clock?: FakeClock;
  /** What src/main.ts aborts on Ctrl-C or SIGTERM (a fresh one, never aborted, when left out). */
  signal?: AbortSignal;
}

export interface InProcessOutcome {
  code: number;
  stdout: string;
  stderr: string;
  requests: RecordedRequest[];
  clock: FakeClock;
}

/**
 * The environment of a test run: the fake API's base URL and a key, a fresh empty config
 * folder and HOME (never the real ones), no colour. Nothing from the real environment.
 */
export function testEnv(api: FakeApi, extra: Record<string, string | undefined> = {}): Env {
  const home = mkdtempSync(join(tmpdir(), 'vis-inproc-'));
  const env: Record<string, string | undefined> = {
    VIS_BASE_URL: api.baseUrl,
    VIS_API_KEY: TEST_KEY,
    VIS_CONFIG_DIR: join(home, 'config'),
    HOME: home,
    NO_COLOR: '1',
    ...extra,
  };
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

export async function runInProcess(argv: string[], o: InProcessOptions = {}): Promise<InProcessOutcome> {
  const api = o.api ?? new FakeApi();
  const clock = o.clock ?? fakeClock();
  const io = testIO(o.io);
  const before = api.requests.length;
  // Each run starts as a new process would: no key known to the redactor from an earlier run.
  clearSecrets();
  const env = testEnv(api, o.baseUrl === undefined ? o.env : { VIS_BASE_URL: o.baseUrl, ...o.env });
  const transport = o.baseUrl === undefined && !o.realTransport ? { transport: api.transport } : {};
  const code = await run(argv, io, env, o.signal ?? new AbortController().signal, { clock, random: () => 0.5, ...transport });
  const stderr = io.err();
  // Messages carry one `vis: ` prefix: a text that starts with `vis <command>` again is a wording mistake.
  const twice = /^vis: vis [^\n]*/m.exec(stderr);
  if (twice !== null) throw new Error(`vis printed its name twice: ${JSON.stringify(twice[0])}`);
  return { code, stdout: io.out(), stderr, requests: api.requests.slice(before), clock };
}

/**
 * What test/e2e's runVis(argv, { env, input }) spawns, in-process: a whole environment of
 * the kind cleanEnv() makes (no key or base URL unless it names them), stdin text, and
 * vis's own transport to whatever base URL that environment or a profile names. `clock`:
 * fakeClock(Date.now()) where the server's today is the real one (a sandbox on real time).
 */
export function runWithEnv(argv: string[], o: { env?: Record<string, string>; input?: string; clock?: FakeClock } = {}): Promise<InProcessOutcome> {
  return runInProcess(argv, {
    realTransport: true,
    env: { VIS_BASE_URL: undefined, VIS_API_KEY: undefined, ...o.env },
    io: o.input === undefined ? {} : { stdin: o.input },
    ...(o.clock === undefined ? {} : { clock: o.clock }),
  });
}
