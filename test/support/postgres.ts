/**
 * A real PostgreSQL for the tests of the PostgreSQL history store: one server per test
 * file (start-up costs about a second), each test in a database of its own.
 *
 * The server is made by initdb in a fresh temporary folder and listens only on 127.0.0.1
 * (a free port) and on a unix socket in that folder. Local (socket) connections are
 * trusted; over TCP every role but `vis_password` is trusted too, and that one must give
 * its password (scram-sha-256), for the tests that need a password. initdb and postgres
 * refuse to run as root, so when the tests do they run as `nobody`, the folder handed to
 * it. The server is stopped and its folder removed by stop() (a file's afterAll), and also
 * when the process exits, so a failed or interrupted test leaves nothing running.
 *
 * Without PostgreSQL (no initdb under `pg_config --bindir` or /usr/lib/postgresql/*\/bin),
 * or when it cannot start, the tests skip and say why: scripts/ci-deps.sh installs it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClientConfig, QueryResult } from 'pg';
import type { PgTarget } from '../../src/history/pg/target.js';
import { unusedPort } from './ports.js';

/** The role that must log in with a password over TCP. */
export const PASSWORD_ROLE = 'vis_password';
export const PASSWORD = 'correct horse battery staple';

export interface PgServer {
  readonly host: string;
  readonly port: number;
  /** The folder of the unix socket (and of the data). */
  readonly socketDir: string;
  /** A new, empty database, owned by the superuser; its name. */
  database(): Promise<string>;
  /** A target on `database` (over the socket as the superuser unless told otherwise). */
  target(database: string, o?: { user?: string; password?: string; tcp?: boolean; schema?: string }): PgTarget;
  /** Runs SQL as the superuser in `database`; returns the rows (of the last statement, when several and no parameters). */
  admin(database: string, sql: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  stop(): Promise<void>;
}

/** The folder of PostgreSQL's server programs, if any. */
export function findPgBin(): string | undefined {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (existsSync(join(dir, 'initdb'))) return dir;
  } catch {
    // No pg_config: look where Debian installs the server.
  }
  const root = '/usr/lib/postgresql';
  let versions: string[] = [];
  try {
    versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  } catch {
    return undefined;
  }
  return versions.map((v) => join(root, v, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
}

const IS_ROOT = process.getuid?.() === 0;

/** How a server program runs: as nobody when the tests run as root. */
function asServerUser(cmd: string, args: string[]): [string, string[]] {
  return IS_ROOT ? ['setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', cmd, ...args]] : [cmd, args];
}

const running = new Set<{ child: ChildProcess; dir: string }>();
let exitHook = false;

/** On exit (a test that failed, an interrupted run): no server left running, no folder left behind. */
function hookExit(): void {
  if (exitHook) return;
  exitHook = true;
  process.on('exit', () => {
    for (const r of running) {
      try {
        // SIGQUIT: an immediate shutdown, the server's children told to exit at once.
        r.child.kill('SIGQUIT');
      } catch {
        // Already gone.
      }
      rmSync(r.dir, { recursive: true, force: true });
    }
  });
}

/** Starts a server, or says why it cannot. */
export async function startPostgres(): Promise<{ server: PgServer } | { skip: string }> {
  const bin = findPgBin();
  if (bin === undefined) return { skip: 'no PostgreSQL server found (pg_config --bindir, /usr/lib/postgresql/*/bin): install postgresql (scripts/ci-deps.sh)' };
  let last = '';
  // A port found free may be taken before the server binds it: try again on another.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return { server: await start(bin) };
    } catch (err) {
      last = (err as Error).message;
    }
  }
  return { skip: `PostgreSQL could not start: ${last}` };
}

async function start(bin: string): Promise<PgServer> {
  const dir = mkdtempSync(join(tmpdir(), 'vis-pg-'));
  const data = join(dir, 'data');
  if (IS_ROOT) chownSync(dir, 65534, 65534);
  const pwfile = join(dir, 'pw');
  try {
    writeFileSync(pwfile, 'postgres\n');
    if (IS_ROOT) chownSync(pwfile, 65534, 65534);
    const [initdb, initArgs] = asServerUser(join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--pwfile',
      pwfile,
      '-E',
      'UTF8',
      '--locale=C',
      '--auth-local=trust',
      '--auth-host=trust',
      '--no-sync',
    ]);
    execFileSync(initdb, initArgs, { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir });
    writeFileSync(
      join(data, 'pg_hba.conf'),
      ['local all all trust', `host all ${PASSWORD_ROLE} 127.0.0.1/32 scram-sha-256`, 'host all all 127.0.0.1/32 trust', ''].join('\n'),
    );
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${String((err as { stderr?: Buffer }).stderr ?? (err as Error).message).trim()}`);
  }
  const port = await unusedPort();
  const settings = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: dir,
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    max_connections: '40',
    shared_buffers: '16MB',
    dynamic_shared_memory_type: 'mmap',
    logging_collector: 'off',
  };
  const [cmd, args] = asServerUser(join(bin, 'postgres'), ['-D', data, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])]);
  const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir });
  const entry = { child, dir };
  running.add(entry);
  hookExit();
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in 30 s: ${log.slice(-500)}`)), 30_000);
    child.stderr!.on('data', (d: Buffer) => {
      log += d.toString();
      if (log.includes('ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`postgres exited (${code}): ${log.slice(-500).trim()}`));
    });
  }).catch((err: unknown) => {
    child.kill('SIGQUIT');
    running.delete(entry);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  });
  // Keep draining the log, or the server blocks once the pipe is full.
  child.stderr!.resume();

  const pg = (await import('pg')).default;
  let n = 0;
  const config = (database: string, o: { user?: string; password?: string; tcp?: boolean } = {}): ClientConfig => ({
    host: o.tcp ? '127.0.0.1' : dir,
    port,
    database,
    user: o.user ?? 'postgres',
    ...(o.password === undefined ? {} : { password: o.password }),
    connectionTimeoutMillis: 10_000,
  });
  const admin = async (database: string, sql: string, params: unknown[] = []) => {
    const c = new pg.Client(config(database));
    await c.connect();
    try {
      // Without parameters, by the simple protocol: several statements, the last one's rows.
      const result = params.length === 0 ? ((await c.query(sql)) as unknown as QueryResult | QueryResult[]) : await c.query(sql, params);
      return (Array.isArray(result) ? result[result.length - 1]! : result).rows as Array<Record<string, unknown>>;
    } finally {
      await c.end();
    }
  };
  return {
    host: '127.0.0.1',
    port,
    socketDir: dir,
    async database() {
      const name = `t${process.pid}_${++n}`;
      await admin('postgres', `CREATE DATABASE ${name}`);
      return name;
    },
    target(database, o = {}) {
      return { config: config(database, o), schema: o.schema ?? 'vis', display: `postgres://${o.user ?? 'postgres'}@127.0.0.1:${port}/${database}` };
    },
    admin,
    async stop() {
      if (!running.has(entry)) return;
      running.delete(entry);
      if (child.exitCode === null) {
        const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        // SIGINT: a fast shutdown, every session ended.
        child.kill('SIGINT');
        await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
