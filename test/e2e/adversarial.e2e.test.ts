/**
 * An attacker's view of vis, through the built CLI, where a real process is what is
 * tested: a hostile server on loopback whose text reaches a real terminal (a pty), and
 * FIFOs planted where vis reads a file (the export's manifest, the response cache, the
 * completion cache). What must hold:
 * - no escape sequence, C1 control, bidi control or invisible character from the server
 *   reaches a terminal raw;
 * - a FIFO planted where vis reads a file never hangs it, and a link planted as a cache
 *   entry is never written through.
 * The rest of the attacker's view (every list command's views, keys, the export folder,
 * -o) runs in-process: test/cli/adversarial.test.ts.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeFifo, stopFifoWatchdogs, waitedOnFifos } from '../fs/fifo.js';
import { hostileServer, KEY, RAW_TERMINAL, type Hostile } from '../support/hostile-server.js';
import { cleanEnv, runVis, shellQuote, VIS } from './helpers.js';

let h: Hostile;
beforeAll(async () => {
  h = await hostileServer();
});
afterAll(() => h.server.close());

// A test that failed before asking its FIFOs' watchdogs leaves none running.
afterEach(() => stopFifoWatchdogs());
const env = (extra: Record<string, string | undefined> = {}) => cleanEnv({ VIS_BASE_URL: h.server.baseUrl, VIS_API_KEY: KEY, ...extra });

/**
 * Runs `vis args` with stdout on a real terminal (script(1) gives it a pty; stderr goes to
 * a file, so vis's own spinner is not mistaken for the server's text): the screen's bytes.
 * Asynchronous: the hostile server runs in this process and must keep answering.
 */
async function onTerminal(args: string[], environment: Record<string, string>, cols = 80): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'vis-pty-'));
  const cmd = `stty cols ${cols} rows 50; ${shellQuote(process.execPath)} ${shellQuote(VIS)} ${args.map(shellQuote).join(' ')} 2>${shellQuote(join(dir, 'stderr'))}`;
  const child = spawn('script', ['-qec', cmd, join(dir, 'typescript')], { env: environment, stdio: ['pipe', 'pipe', 'inherit'] });
  let screen = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (screen += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  await new Promise((r) => child.on('close', r));
  clearTimeout(timer);
  rmSync(dir, { recursive: true, force: true });
  // The pty turns each \n into \r\n, so CSV's own CRLF arrives as \r\r\n.
  return screen.replace(/\r+\n/g, '\n');
}

describe('hostile server text through every list command', () => {
  it.each([['topics', '--format', 'csv'], ['overview', '--format', 'csv'], ['topics', '--format', 'csv', '-o', '-'], ['forum', '--format', 'csv'], ['topics']])(
    'on a real terminal, vis %s … gets no raw escape sequence or invisible character',
    async (...args) => {
      const screen = await onTerminal(args, env({ VIS_PAGER: 'cat' }));
      expect(screen).toContain('Acme');
      // The pty turns \n into \r\n and the table may colour nothing (NO_COLOR): any ESC is the server's.
      const raw = RAW_TERMINAL.exec(screen);
      expect(raw && `U+${raw[0].codePointAt(0)!.toString(16)} in ${JSON.stringify(screen.slice(Math.max(0, raw.index - 30), raw.index + 10))}`).toBeNull();
    },
  );
});

describe('planted files: the export folder and its manifest', () => {
  it('a FIFO at manifest.json: --resume answers at once (exit 2), never hangs', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vis-adv-'));
    const dir = join(root, 'export');
    mkdirSync(dir, { mode: 0o700 });
    // Its watchdog wakes a vis that waits on the FIFO, and says so.
    makeFifo(join(dir, 'manifest.json'));
    const r = await runVis(['export', '--dir', dir, '--resume'], { env: env() });
    expect(await waitedOnFifos()).toEqual([]);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/manifest\.json/);
  });
});

describe('planted files: the caches', () => {
  it('a FIFO or a link planted as a response-cache entry is a miss: no hang, no write through', async () => {
    const home = env();
    const first = await runVis(['topics', '--format', 'json'], { env: home });
    expect(first.code, first.stderr).toBe(0);
    const root = `${home.VIS_CONFIG_DIR}-cache`;
    const entries = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'));
    expect(entries.length).toBeGreaterThan(0);
    const victim = join(mkdtempSync(join(tmpdir(), 'vis-adv-')), 'victim.txt');
    writeFileSync(victim, 'precious');
    for (const [i, entry] of entries.entries()) {
      rmSync(join(root, entry));
      if (i % 2 === 0) makeFifo(join(root, entry));
      else symlinkSync(victim, join(root, entry));
    }
    const again = await runVis(['topics', '--format', 'json'], { env: home });
    expect(await waitedOnFifos()).toEqual([]);
    expect(again.signal).toBeNull();
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(first.stdout);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
  });

  it('a FIFO planted as the completion cache: TAB still answers at once', async () => {
    const home = env();
    makeFifo(join(home.VIS_CONFIG_DIR!, 'completion-cache.json'));
    const r = await runVis(['__complete', 'brands'], { env: home });
    expect(await waitedOnFifos()).toEqual([]);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });
});
