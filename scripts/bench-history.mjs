// The history the bench times `vis changes` and `vis history topics` over: 90 days of a
// daily `vis export` of the growth demo account, each read from a sandbox whose clock is
// set to that day (its `Date` header names the scan day) on one port (so one recorded
// API), all recorded into one store, then taken in by the first history command. Not `vis --demo`: the demo's history is
// simulated and records nothing, and the bench times the store. The sandboxes run in this
// process (dist/lib/sandbox.cjs); the last, on the real clock, keeps serving while the bench
// runs (a history command may ask for the account's brands). About two minutes on 2 cores.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';

function run(argv, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0], argv.slice(1), { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (b) => (err += b));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${argv.slice(1).join(' ')} exited ${code}: ${err.trim()}`))));
  });
}

/**
 * Fills `store` with `days` recorded days ending yesterday (UTC), and returns the env that
 * points vis at it (and at the sandbox it was read from), and `stop` for that sandbox.
 * `work` is the bench's temp folder.
 */
export async function populateHistory({ node, vis, work, store, days = 90 }) {
  const { startSandbox } = createRequire(import.meta.url)(join(vis, '..', '..', 'dist', 'lib', 'sandbox.cjs'));
  const serve = (port, now) => startSandbox({ port, ...(now ? { now: () => now } : {}), rateLimitPerMinute: 1_000_000, quiet: true });
  // The real time once the days are recorded, on the port every day was read from.
  let sandbox = await serve(0);
  const port = sandbox.port;
  const env = {
    ...process.env,
    VIS_HISTORY: store,
    VIS_CONFIG_DIR: join(work, 'config-history'),
    // The code cache and the pacing window in the bench's folder, never the user's ~/.cache.
    XDG_CACHE_HOME: join(work, 'cache-history'),
    VIS_BASE_URL: sandbox.baseUrl,
    VIS_API_KEY: 'vis_demo_growth',
    VIS_RATE_LIMIT: '100000',
    NO_COLOR: '1',
  };
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const queue = Array.from({ length: days }, (_, i) => new Date(today - (days - i) * 86_400_000).toISOString().slice(0, 10));
  const started = Date.now();
  for (const day of queue) {
    // A sandbox of that day (its month's reads unspent), and no cache: each day's answers are read, and so recorded.
    await sandbox.close();
    sandbox = await serve(port, new Date(`${day}T10:00:00Z`));
    await run([node, vis, 'export', '--no-cache', '--dir', join(work, 'history-export', day), '--days', '7', '-q'], env);
  }
  await sandbox.close();
  sandbox = await serve(port);
  const recorded = Date.now() - started;
  const t = Date.now();
  await run([node, vis, 'history', 'topics', '--format', 'csv'], env);
  return { env, recordedMs: recorded, ingestMs: Date.now() - t, stop: () => sandbox.close() };
}
