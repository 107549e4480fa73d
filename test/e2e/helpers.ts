/**
 * End-to-end helpers: spawn the built `vis` (bin/vis.js -> dist/) with a clean
 * environment, and small loopback servers that record what they receive.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'esbuild';
import { runToEnd } from '../support/spawned.js';
import { waitUntil } from '../support/wait.js';

export const VIS = resolve(__dirname, '../../bin/vis.js');

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  cwd?: string;
  timeoutMs?: number;
}

/** An environment with nothing of the developer's: no key, no config, no colour. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: mkdtempSync(join(tmpdir(), 'vis-home-')),
    VIS_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'vis-config-')),
    NO_COLOR: '1',
    LANG: 'C.UTF-8',
  };
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

export function runVis(args: string[], opts: RunOptions = {}): Promise<RunResult> {
  // stdin is a pipe closed at once when there is no input, never the test runner's.
  return runToEnd(process.execPath, [VIS, ...args], {
    env: opts.env ?? cleanEnv(),
    cwd: opts.cwd,
    input: opts.input ?? '',
    timeoutMs: opts.timeoutMs ?? 120_000,
  });
}

/**
 * What a run of the built vis with `args` loads: each module it requires, one a line, in
 * the order asked (a --require hook logs every request), with its exit status and stderr.
 */
export function modulesLoaded(args: readonly string[], env: Record<string, string> = cleanEnv()): { status: number | null; stderr: string; loaded: string } {
  const hook = join(mkdtempSync(join(tmpdir(), 'vis-load-hook-')), 'hook.cjs');
  const log = `${hook}.log`;
  writeFileSync(
    hook,
    `const M = require('module'); const fs = require('fs'); const load = M._load;
     M._load = function (request, parent, isMain) { fs.appendFileSync(${JSON.stringify(log)}, request + '\\n'); return load.apply(this, arguments); };`,
  );
  const r = spawnSync(process.execPath, ['--require', hook, VIS, ...args], { encoding: 'utf8', env });
  return { status: r.status, stderr: r.stderr, loaded: readFileSync(log, 'utf8') };
}

/**
 * A driver of test/e2e/ (`entry`) bundled with esbuild into a temporary folder, as the
 * build bundles vis; `plugin` points it at what dist/ built. Returns the bundle's path.
 */
export async function bundleTestDriver(entry: string, plugin: Plugin): Promise<string> {
  const { build } = await import('esbuild');
  const out = join(mkdtempSync(join(tmpdir(), 'vis-driver-')), 'driver.cjs');
  await build({
    entryPoints: [join(__dirname, entry)],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
    plugins: [plugin],
  });
  return out;
}

/** `s` quoted for sh. */
export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * tmux on its own server (`-L name`), with no user configuration: real terminals of a given size.
 * Panes run their command through /bin/sh, not the user's login shell, which may be one that
 * refuses to run anything (nobody's nologin) or one that reads a profile.
 */
export function tmuxServer(name: string): (...args: string[]) => { status: number | null; stdout: string; stderr: string } {
  const conf = join(mkdtempSync(join(tmpdir(), 'vis-tmux-')), 'tmux.conf');
  writeFileSync(conf, 'set-option -g default-shell /bin/sh\n');
  // SHELL too: tmux takes the shell from it when it starts, before any configuration is read.
  const env = { ...process.env, SHELL: '/bin/sh' };
  return (...args) => spawnSync('tmux', ['-L', name, '-f', conf, ...args], { encoding: 'utf8', env });
}

/** Polls (50 ms steps) until `test` holds; the test's timeout bounds the wait. */
export function until(test: () => boolean, what = 'the condition'): Promise<void> {
  return waitUntil(test, what, 50);
}

export interface Recorded {
  method: string;
  path: string;
  query: Array<[string, string]>;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface TestServer {
  baseUrl: string;
  requests: Recorded[];
  close(): Promise<void>;
}

export type Handler = (req: Recorded, res: ServerResponse) => void;

/** A loopback server that records every request and answers with `handler`. */
export async function startTestServer(handler: Handler): Promise<TestServer> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const rec: Recorded = {
        method: req.method ?? '',
        path: url.pathname.replace(/^\/api\/v1/, ''),
        query: [...url.searchParams.entries()],
        headers: req.headers,
        body,
      };
      requests.push(rec);
      handler(rec, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** An API that answers /usage to `key` and 401 to any other. */
export function startUsageServer(key: string): Promise<TestServer> {
  return startTestServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${key}`) return sendJson(res, 401, { error: { code: 'invalid_api_key', message: 'no' } });
    return sendJson(res, 200, { data: { used: 1, limit: 100 }, meta: {} });
  });
}

/** The uid and gid of `nobody`, whom tests run vis as when they need permission bits to bite. */
export const NOBODY = 65534;

/** What vis loads at run time: the shim, the bundle and package.json (`--version`). */
const RUN_TIME_PARTS = ['bin', 'dist', 'package.json'];

/** argv for setpriv running a command as `uid`, with no supplementary groups. */
export function asUser(uid: number, argv: readonly string[]): string[] {
  return ['--reuid', String(uid), '--regid', String(uid), '--clear-groups', ...argv];
}

/** Why `uid` cannot run `vis --help` from `vis`, or undefined when it can. */
function whyNotRunnable(uid: number, vis: string): string | undefined {
  const r = spawnSync('setpriv', asUser(uid, [process.execPath, vis, '--help']), {
    cwd: '/',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/nonexistent', NO_COLOR: '1' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (r.error) return `setpriv: ${r.error.message}`;
  if (r.status === 0) return undefined;
  return (r.stderr.trim().split('\n')[0] ?? '') || `exit ${r.status}`;
}

/** Opens a copied tree to everyone: a private clone's files may be 0600 and its folders 0700. */
function openToAll(path: string, isDir: boolean): void {
  chmodSync(path, isDir ? 0o755 : 0o644);
  if (!isDir) return;
  for (const e of readdirSync(path, { withFileTypes: true })) openToAll(join(path, e.name), e.isDirectory());
}

/**
 * The built vis that user `uid` can run, or why there is none. A clone in a private
 * folder (a 0700 home, as root's is) cannot be read by another user; then what vis loads
 * at run time is copied to a folder anyone can read, in this run's temporary folder
 * (mode 1777, like /tmp). There is none when that user cannot reach the temporary folder
 * or run node itself.
 */
export function visRunnableBy(uid: number, vis = VIS): { vis: string } | { reason: string } {
  const direct = whyNotRunnable(uid, vis);
  if (direct === undefined) return { vis };
  const root = resolve(dirname(vis), '..');
  const copy = mkdtempSync(join(tmpdir(), 'vis-build-'));
  for (const part of RUN_TIME_PARTS) cpSync(join(root, part), join(copy, part), { recursive: true });
  openToAll(copy, true);
  const copied = join(copy, 'bin', 'vis.js');
  chmodSync(copied, 0o755);
  const still = whyNotRunnable(uid, copied);
  if (still === undefined) return { vis: copied };
  return { reason: `user ${uid} cannot run vis from ${vis} (${direct}) nor from a copy in ${copy} (${still})` };
}
