// The history the bench times `vis changes` and `vis history topics` over: 90 days of a
// daily `vis --demo export`, each run on the embedded sandbox set to that day (its `Date`
// header names the scan day), all recorded into one store, then taken in by
// the first history command. Two exports run at a time; about half a minute on 2 cores.
import { spawn } from 'node:child_process';
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
 * points vis at it. `work` is the bench's temp folder.
 */
export async function populateHistory({ node, vis, work, store, days = 90, parallel = 2 }) {
  const env = { ...process.env, VIS_HISTORY: store, VIS_CONFIG_DIR: join(work, 'config-history'), VIS_RATE_LIMIT: '100000', NO_COLOR: '1' };
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const queue = Array.from({ length: days }, (_, i) => new Date(today - (days - i) * 86_400_000).toISOString().slice(0, 10));
  const started = Date.now();
  async function worker(n) {
    for (let day = queue.shift(); day !== undefined; day = queue.shift()) {
      const sandbox = JSON.stringify({ now: `${day}T10:00:00Z`, rateLimitPerMinute: 1_000_000 });
      await run([node, vis, '--demo', 'export', '--dir', join(work, `history-export-${n}`, day), '--days', '7', '-q'], {
        ...env,
        VIS_SANDBOX_OPTIONS: sandbox,
      });
    }
  }
  await Promise.all(Array.from({ length: parallel }, (_, n) => worker(n)));
  const recorded = Date.now() - started;
  const t = Date.now();
  await run([node, vis, '--demo', 'history', 'topics', '--format', 'csv'], env);
  return { env, recordedMs: recorded, ingestMs: Date.now() - t };
}
