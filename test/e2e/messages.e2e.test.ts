/**
 * Error messages on a real 50-column terminal (a tmux pane): vis wraps them at spaces, so
 * no word is cut at the terminal's edge. What the pane shows is compared, word for word,
 * with the same message written into a pipe (one line a message, unwrapped).
 * The rule itself is pinned in-process (test/cli/report.test.ts, test/text/wrap-message.test.ts).
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv, runVis, shellQuote, tmuxServer, until, VIS } from './helpers.js';

const tmux = tmuxServer(`vis-messages-test-${process.pid}`);
afterAll(() => {
  tmux('kill-server');
});
const q = shellQuote;

describe('error messages on a 50-column terminal', () => {
  it('`vis --demo tasks 999999`: lines within 50 columns, every word whole, the words of the piped message', async () => {
    const args = ['--demo', 'tasks', '999999'];
    const env = cleanEnv({ TERM: 'xterm-256color' });
    const piped = await runVis(args, { env });
    expect(piped.code).toBe(5);
    const pipedLines = piped.stderr.trimEnd().split('\n');
    expect(pipedLines.some((l) => l.length > 50)).toBe(true); // long enough to need wrapping

    const dir = mkdtempSync(join(tmpdir(), 'vis-messages-e2e-'));
    const exports = Object.entries(env)
      .map(([k, v]) => `${k}=${q(v)}`)
      .join(' ');
    writeFileSync(
      join(dir, 'run.sh'),
      `clear\nenv -i ${exports} ${q(process.execPath)} ${q(VIS)} ${args.map(q).join(' ')} > /dev/null\necho $? > ${q(join(dir, 'code'))}\nsleep 30\n`,
    );
    const r = tmux('new-session', '-d', '-s', 'm', '-x', '50', '-y', '24', `sh ${q(join(dir, 'run.sh'))}`);
    expect(r.status, r.stderr).toBe(0);
    await until(() => existsSync(join(dir, 'code')) && readFileSync(join(dir, 'code'), 'utf8').endsWith('\n'));
    expect(readFileSync(join(dir, 'code'), 'utf8').trim()).toBe('5');
    const rows = tmux('capture-pane', '-p', '-t', 'm')
      .stdout.split('\n')
      .map((l) => l.trimEnd())
      .filter((l) => l !== '');

    // Rows as shown: a word cut by the terminal's edge would leave pieces no word of the message is.
    const words = new Set(piped.stderr.split(/\s+/).filter(Boolean));
    for (const row of rows) for (const w of row.split(/\s+/).filter(Boolean)) expect(words, `"${w}" in the row "${row}"`).toContain(w);
    expect(rows.join(' ').split(/\s+/)).toEqual(piped.stderr.trim().split(/\s+/));
    expect(rows.length).toBeGreaterThan(pipedLines.length);
  });
});
