/**
 * Pacing shared by every vis process of a key, with real processes: twelve
 * `vis usage` started together (cron jobs of single commands), one key, a sandbox that
 * allows 10 requests a minute and VIS_RATE_LIMIT=10. Ten go through; the other two wait
 * for the window (a minute), so the test stops them with Ctrl-C once they say so. Paced
 * per process, all twelve would have been sent and two refused with a 429.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { cleanEnv, VIS } from './helpers.js';
import { waitUntil } from '../support/wait.js';

const LIMIT = 10;
const PROCESSES = 12;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0, quiet: true, rateLimitPerMinute: LIMIT });
});
afterAll(() => sandbox.close());

interface Child {
  proc: ChildProcess;
  stderr: string;
  exit: Promise<number | null>;
}

function start(env: Record<string, string>): Child {
  const proc = spawn(process.execPath, [VIS, 'usage', '--format', 'json', '--debug'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const child: Child = { proc, stderr: '', exit: new Promise((resolve) => proc.on('close', (code) => resolve(code))) };
  proc.stderr!.setEncoding('utf8').on('data', (d: string) => (child.stderr += d));
  return child;
}

describe('parallel vis processes with one key', () => {
  it(`${PROCESSES} at once with a limit of ${LIMIT} a minute: ${LIMIT} sent, the others wait their turn, no 429`, async () => {
    const cache = mkdtempSync(join(tmpdir(), 'vis-pace-cache-'));
    const env = cleanEnv({ VIS_BASE_URL: sandbox.baseUrl, VIS_API_KEY: 'vis_demo_growth', VIS_RATE_LIMIT: String(LIMIT), XDG_CACHE_HOME: cache });
    const children = Array.from({ length: PROCESSES }, () => start(env));
    try {
      const waiting = () => children.filter((c) => /pacing: waiting \d+ ms to stay under 10 requests a minute/.test(c.stderr));
      await waitUntil(() => waiting().length === PROCESSES - LIMIT, 'the others to wait their turn', 50);
      const done = children.filter((c) => c.proc.exitCode !== null || !waiting().includes(c));
      expect(await Promise.all(done.map((c) => c.exit))).toEqual(Array(LIMIT).fill(0));
      for (const c of waiting()) c.proc.kill('SIGINT');
      expect(await Promise.all(waiting().map((c) => c.exit))).toEqual(Array(PROCESSES - LIMIT).fill(130));
      expect(sandbox.requests.map((r) => r.status)).toEqual(Array(LIMIT).fill(200));
    } finally {
      for (const c of children) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
    }
  });
});
