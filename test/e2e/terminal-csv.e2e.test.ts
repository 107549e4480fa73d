/**
 * csv on a real terminal (a pty made by util-linux `script`, which records every byte the
 * terminal received): text from the API is sanitised field by field, both on stdout and
 * through -o naming the terminal device (a link in a temp folder to the pty). The same
 * command into a pipe prints the bytes as received. The rule is pinned in-process
 * (test/terminal/render-terminal.test.ts, test/output/csv.test.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, runVis, sendJson, shellQuote, startTestServer, VIS, type TestServer } from './helpers.js';

const ESC = '\u001b';
const TITLE = `Forum${ESC}]52;c;ZWNobyBvd25lZA==\u0007 ${ESC}]8;;https://evil.example${ESC}\\link${ESC}]8;;${ESC}\\${ESC}[2J\u009b31m\u202eevil\nnext`;
const SHOWN = 'Forum link\\u202eevil\\nnext';
const q = shellQuote;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((_req, res) => sendJson(res, 200, { data: { topics: [{ id: 1, title: TITLE }] }, meta: {} }));
});
afterAll(async () => {
  await server.close();
});

/**
 * What the terminal received while `sh -c script` ran in it (the recorder's own first and
 * last lines dropped). Spawned, not spawnSync: the test server answers from this process.
 */
async function onTerminal(script: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'vis-terminal-csv-'));
  const log = join(dir, 'typescript');
  const child = spawn('script', ['-q', '-e', '-c', script, log], {
    stdio: ['pipe', 'ignore', 'pipe'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', TERM: 'xterm-256color' },
  });
  child.stdin.end();
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code, stderr).toBe(0);
  const lines = readFileSync(log, 'utf8').split('\n');
  return lines.slice(1, -2).join('\n');
}

function command(extra: string): string {
  const env = cleanEnv({ VIS_BASE_URL: server.baseUrl, VIS_API_KEY: 'vis_test_0123456789abcdef' });
  const exports = Object.entries(env)
    .map(([k, v]) => `${k}=${q(v)}`)
    .join(' ');
  return `env -i ${exports} ${q(process.execPath)} ${q(VIS)} topics --brand 12 --format csv --no-pager ${extra}`;
}

describe('vis topics --format csv on a terminal', () => {
  it('stdout: no escape sequence or control reaches the terminal; the text is shown with visible escapes', async () => {
    const seen = await onTerminal(command(''));
    expect(seen).not.toContain(ESC);
    expect(seen).not.toMatch(/[\u0080-\u009f\u202e\u0007]/);
    expect(seen).toContain(`1,${SHOWN}`);
  });

  it('-o naming the terminal device (through a link): sanitised the same way', async () => {
    const link = join(mkdtempSync(join(tmpdir(), 'vis-terminal-link-')), 'term');
    const seen = await onTerminal(`ln -s "$(tty)" ${q(link)} && ${command(`-o ${q(link)}`)}`);
    expect(seen).not.toContain(ESC);
    expect(seen).toContain(`1,${SHOWN}`);
  });

  it('into a pipe: the bytes as received', async () => {
    const r = await runVis(['topics', '--brand', '12', '--format', 'csv'], {
      env: cleanEnv({ VIS_BASE_URL: server.baseUrl, VIS_API_KEY: 'vis_test_0123456789abcdef' }),
    });
    expect(r.code).toBe(0);
    // topics has a period; this answer carries none, so its columns are empty.
    expect(r.stdout).toBe(`id,title,period_from,period_to\r\n1,"${TITLE}",,\r\n`);
  });
});
