/**
 * The pager under a real terminal (a tmux pane, 80x24): the built vis pages tall output
 * through $VIS_PAGER (a fake pager script recording its arguments and stdin), not short
 * output or a pipe; a pager quit early ends vis with exit 0 and no message; Ctrl-C while
 * paging exits 130 with the pager ended (it ignores SIGINT as less does) and reaped.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv, shellQuote, tmuxServer, until, VIS } from './helpers.js';

const tmux = tmuxServer(`vis-pager-test-${process.pid}`);
afterAll(() => {
  tmux('kill-server');
});

const q = shellQuote;

interface PaneRun {
  dir: string;
  session: string;
  /** Resolves with vis's exit code, its stderr, and what the pager recorded. */
  done: Promise<{ code: number; stderr: string }>;
  file(name: string): string | undefined;
}

let sessions = 0;
/**
 * Runs `vis <args>` in a fresh 80x24 tmux pane, stdout on the pane, stderr to a file,
 * with `pagerScript` (sh, `$D` its folder) as VIS_PAGER. `shellTail` follows the vis command (a pipe).
 */
function inPane(args: string[], pagerScript: string, o: { shellTail?: string; env?: Record<string, string> } = {}): PaneRun {
  const dir = mkdtempSync(join(tmpdir(), 'vis-pager-e2e-'));
  writeFileSync(join(dir, 'pager'), `#!/bin/sh\nD=${q(dir)}\necho $$ > "$D/pid"\nprintf '%s\\n' "$@" > "$D/args"\n${pagerScript}\n`);
  chmodSync(join(dir, 'pager'), 0o755);
  const env = cleanEnv({ TERM: 'xterm-256color', VIS_PAGER: `${join(dir, 'pager')} --from-vis`, ...o.env });
  const exports = Object.entries(env)
    .map(([k, v]) => `${k}=${q(v)}`)
    .join(' ');
  // A trap with a command (not an ignore) lets Ctrl-C reach vis, and the runner survive it to record the code.
  writeFileSync(
    join(dir, 'run.sh'),
    `trap 'echo int >> ${q(join(dir, 'runner-int'))}' INT\nenv -i ${exports} ${q(process.execPath)} ${q(VIS)} ${args.map(q).join(' ')} 2> ${q(join(dir, 'stderr'))} ${o.shellTail ?? ''}\necho $? > ${q(join(dir, 'code.tmp'))}\nmv ${q(join(dir, 'code.tmp'))} ${q(join(dir, 'code'))}\nsleep 30\n`,
  );
  const session = `s${sessions++}`;
  const r = tmux('new-session', '-d', '-s', session, '-x', '80', '-y', '24', `sh ${q(join(dir, 'run.sh'))}`);
  if (r.status !== 0) throw new Error(`tmux: ${r.stderr}`);
  const file = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : undefined);
  const done = until(() => file('code') !== undefined, 'the exit code').then(() => ({ code: Number(file('code')), stderr: file('stderr') ?? '' }));
  return { dir, session, done, file };
}

const TALL = ['--demo', 'topics', '--format', 'json'];

describe('pager on a real terminal', () => {
  it('tall output goes through VIS_PAGER, whole, with its arguments; vis exits 0 when it does', async () => {
    const run = inPane(TALL, 'cat > "$D/input"');
    const r = await run.done;
    expect(r).toEqual({ code: 0, stderr: '' });
    expect(run.file('args')).toBe('--from-vis\n');
    const input = run.file('input') ?? '';
    expect(JSON.parse(input).data.topics.length).toBeGreaterThan(3);
    expect(input.split('\n').length).toBeGreaterThan(24);
  });

  it('short output and a pipe: no pager', async () => {
    const short = inPane(['--demo', 'usage', '--format', 'json', '--columns', 'x'], 'cat > "$D/input"');
    // (a usage error: one line on stderr, nothing to page)
    const piped = inPane(TALL, 'cat > "$D/input"', { shellTail: `| cat > /dev/null` });
    const fewLines = inPane(['--demo', 'brands', '--format', 'csv'], 'cat > "$D/input"');
    expect((await short.done).code).toBe(2);
    expect((await piped.done).code).toBe(0);
    expect((await fewLines.done).code).toBe(0);
    for (const run of [short, piped, fewLines]) expect(run.file('pid')).toBeUndefined();
  });

  it('a pager quit before the end: vis exits 0 with nothing on stderr', async () => {
    // Output far larger than a pipe buffer, so vis is still writing when the pager leaves.
    const run = inPane(['--demo', 'openapi', '--format', 'json'], 'head -c 100 > "$D/input"\nexit 0');
    const r = await run.done;
    expect(r).toEqual({ code: 0, stderr: '' });
    expect(run.file('input')?.length).toBe(100);
  });

  it('Ctrl-C while paging: exit 130, the pager ended and reaped', async () => {
    const run = inPane(TALL, `trap '' INT\ntrap 'echo term > "$D/term"; exit 0' TERM\necho ready > "$D/ready"\nwhile :; do sleep 0.05; done`);
    await until(() => run.file('ready') !== undefined);
    tmux('send-keys', '-t', run.session, 'C-c');
    const r = await run.done;
    expect(r.code).toBe(130);
    expect(run.file('term')).toBe('term\n');
    const pid = Number(run.file('pid'));
    expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
  });
});
