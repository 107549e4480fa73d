/**
 * Signals, pipes and files through the built `vis` as a real process: Ctrl-C mid-request
 * and mid-wait, a closed pipe, an -o write that fails half-way. The checks are on exit
 * codes, output and the files left behind, never on timing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, startTestServer, sendJson, type TestServer } from './helpers.js';
import { runShell, sh, spawnVis, STACK_LINE, startFaultySandbox, VIS, type FaultySandbox } from './resilience-support.js';
import { waitUntil } from '../support/wait.js';

let sb: FaultySandbox;
const env = (extra: Record<string, string> = {}) => cleanEnv({ VIS_BASE_URL: sb.baseUrl, VIS_API_KEY: 'vis_demo_growth', ...extra });

/** A folder holding report.json with known old contents. */
function folderWithOldFile(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vis-out-'));
  const file = join(dir, 'report.json');
  writeFileSync(file, 'old contents\n');
  return { dir, file };
}

beforeAll(async () => {
  sb = await startFaultySandbox();
});
afterAll(() => sb.close());

describe('Ctrl-C', () => {
  it('mid-request: exit 130 at once, nothing on stdout or stderr, the old -o file untouched, no temp file', async () => {
    await sb.reset([{ path: '/topics', kind: 'slow', delayMs: 30_000 }]);
    const { dir, file } = folderWithOldFile();
    const vis = spawnVis(['topics', '--format', 'json', '-o', file], env());
    await vis.until(() => sb.count('GET', '/topics') === 1);
    vis.child.kill('SIGINT');
    const r = await vis.done;
    expect(r.code).toBe(130);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('');
    expect(readFileSync(file, 'utf8')).toBe('old contents\n');
    expect(readdirSync(dir)).toEqual(['report.json']);
  });

  it('mid-wait (a Retry-After of 30 s): exit 130, no stack, no file, no temp file', async () => {
    await sb.reset([{ path: '/topics', kind: 'status', status: 429, retryAfter: '30' }]);
    const dir = mkdtempSync(join(tmpdir(), 'vis-out-'));
    const vis = spawnVis(['topics', '--format', 'csv', '-o', join(dir, 'new.csv'), '--debug'], env());
    await vis.until(() => vis.stderr().includes('retry 1 of 3 for GET /topics in 30000 ms'));
    vis.child.kill('SIGINT');
    const r = await vis.done;
    expect(r.code).toBe(130);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(STACK_LINE);
    expect(r.stderr).not.toMatch(/Error|interrupted/i);
    expect(readdirSync(dir)).toEqual([]);
    expect(sb.count('GET', '/topics')).toBe(1);
  });

  it('a second Ctrl-C right after the first changes nothing: still 130, still quiet', async () => {
    await sb.reset([{ path: '/topics', kind: 'slow', delayMs: 30_000 }]);
    const vis = spawnVis(['topics'], env());
    await vis.until(() => sb.count('GET', '/topics') === 1);
    vis.child.kill('SIGINT');
    vis.child.kill('SIGINT');
    const r = await vis.done;
    expect(r.code).toBe(130);
    expect(r.stderr).toBe('');
  });

  it('SIGTERM (a cron timeout, systemd) exits 143 the same way', async () => {
    await sb.reset([{ path: '/topics', kind: 'slow', delayMs: 30_000 }]);
    const { dir, file } = folderWithOldFile();
    const vis = spawnVis(['topics', '-o', file], env());
    await vis.until(() => sb.count('GET', '/topics') === 1);
    vis.child.kill('SIGTERM');
    const r = await vis.done;
    expect(r.code).toBe(143);
    expect(r.stderr).toBe('');
    expect(readdirSync(dir)).toEqual(['report.json']);
  });
});

// util-linux `script` gives vis a real pseudo-terminal, so the spinner runs.
const hasScript = process.platform === 'linux' && spawnSync('script', ['--version']).status === 0;

describe.skipIf(!hasScript)('on a terminal', () => {
  it('the spinner counts the wait down, and Ctrl-C clears it and shows the cursor again', async () => {
    await sb.reset([{ path: '/topics', kind: 'status', status: 429, retryAfter: '30' }]);
    const inner = `stty cols 100 rows 30; node ${sh(VIS)} topics --format csv & echo "PID=$!"; wait $!; echo "EXIT=$?"`;
    // script's typescript goes to a file of the test's own, never the machine's /dev/null.
    const typescript = join(mkdtempSync(join(tmpdir(), 'vis-script-')), 'typescript');
    const child = spawn('script', ['-qec', inner, typescript], { env: env({ NO_COLOR: '1' }), stdio: ['ignore', 'pipe', 'pipe'] });
    let screen = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (screen += d));
    const closed = new Promise<void>((r) => child.on('close', () => r()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    try {
      await waitUntil(() => /rate limited, retrying in (30|29) s/.test(screen) && /PID=\d+/.test(screen), 'the countdown on the terminal', 20);
      process.kill(Number(/PID=(\d+)/.exec(screen)![1]), 'SIGINT');
      await closed;
    } finally {
      clearTimeout(killer);
    }
    expect(screen).toMatch(/EXIT=130/);
    const afterSpinner = screen.slice(screen.lastIndexOf('retrying in'));
    expect(afterSpinner).toContain('\u001b[?25h'); // the cursor is shown again
    expect(screen.lastIndexOf('\u001b[?25h')).toBeGreaterThan(screen.lastIndexOf('\u001b[?25l'));
    expect(screen).not.toMatch(STACK_LINE);
  });
});

describe('a closed pipe ends vis quietly', () => {
  let big: TestServer;
  beforeAll(async () => {
    // Far more than a pipe holds, so the writer is sure to meet the closed end.
    const answers = Array.from({ length: 20_000 }, (_, i) => ({ id: i, prompt: `question ${i}`, answer: 'word '.repeat(20) }));
    const body = { data: { answers }, meta: {} };
    big = await startTestServer((_req, res) => sendJson(res, 200, body));
  });
  afterAll(() => big.close());

  it('vis answers --format json | head -c 10 (the demo): 10 bytes out, stderr empty, vis exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-pipe-'));
    const err = join(dir, 'stderr');
    const r = await runShell(
      `set -o pipefail; node ${sh(VIS)} --demo answers --format json 2>${sh(err)} | head -c 10; echo " exit=\${PIPESTATUS[0]}"`,
      cleanEnv(),
    );
    expect(r.stdout).toMatch(/^\{\n {2}"data.{0,8} exit=0\n$/s);
    expect(readFileSync(err, 'utf8')).toBe('');
  });

  it.each(['json', 'csv'])('a 3 MB answer as %s | head -c 10: stderr empty, vis exits 0 and does not linger', async (format) => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-pipe-'));
    const err = join(dir, 'stderr');
    const r = await runShell(
      `set -o pipefail; node ${sh(VIS)} answers --format ${format} 2>${sh(err)} | head -c 10 >/dev/null; echo "exit=\${PIPESTATUS[0]}"`,
      cleanEnv({ VIS_BASE_URL: big.baseUrl, VIS_API_KEY: 'k_pipe_test_1' }),
    );
    // The shell only gets here once vis has exited; runShell kills it after 15 s otherwise.
    expect(r.signal).toBeNull();
    expect(r.stdout).toBe('exit=0\n');
    expect(readFileSync(err, 'utf8')).toBe('');
  });

  it('vis … 2>&1 | head -c 1 with an error: the closed stderr does not crash vis either', async () => {
    await sb.reset([{ path: '/topics', kind: 'status', status: 404, code: 'not_found' }]);
    const r = await runShell(`node ${sh(VIS)} topics 2>&1 | head -c 1; echo " exit=\${PIPESTATUS[0]}"`, env());
    expect(r.stdout).toBe('v exit=5\n');
  });
});

describe('-o: atomic, and the old file survives any failure', () => {
  it('success replaces the file whole, leaves no temp file', async () => {
    await sb.reset();
    const { dir, file } = folderWithOldFile();
    const r = await runShell(`node ${sh(VIS)} topics --format json -o ${sh(file)}`, env());
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(JSON.parse(readFileSync(file, 'utf8')).data.topics.length).toBeGreaterThan(0);
    expect(readdirSync(dir)).toEqual(['report.json']);
  });

  it('a write interrupted by the file system (file size limit): exit 2, old file untouched, no temp file', async () => {
    await sb.reset();
    const { dir, file } = folderWithOldFile();
    // 4 KiB is less than the answer: the write fails part-way with EFBIG. The history is
    // off: its journal write would meet the same limit, and say so in a warning of its own.
    const r = await runShell(`ulimit -f 4; exec node ${sh(VIS)} --demo answers --format json -o ${sh(file)}`, cleanEnv({ VIS_HISTORY: 'off' }));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `vis: could not write ${file}: the file would be larger than allowed [EFBIG]\nCheck the file size limit (ulimit -f), or write it to another file system. Nothing was written; any earlier file of that name is unchanged.\n`,
    );
    expect(readFileSync(file, 'utf8')).toBe('old contents\n');
    expect(readdirSync(dir)).toEqual(['report.json']);
  });

  it('a failed request never touches the file', async () => {
    await sb.reset([{ path: '/topics', kind: 'status', status: 404, code: 'not_found' }]);
    const { dir, file } = folderWithOldFile();
    const before = statSync(file).mtimeMs;
    const r = await runShell(`node ${sh(VIS)} topics -o ${sh(file)}`, env());
    expect(r.code).toBe(5);
    expect(readFileSync(file, 'utf8')).toBe('old contents\n');
    expect(statSync(file).mtimeMs).toBe(before);
    expect(readdirSync(dir)).toEqual(['report.json']);
  });
});
