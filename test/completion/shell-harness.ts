/**
 * Runs the completion scripts in real shells: bash (the completion function called with
 * COMP_WORDS/COMP_CWORD/COMP_LINE/COMP_POINT as readline sets them), fish (`complete -C`)
 * and zsh (an interactive shell in a pseudo-terminal, see zsh-capture.zsh). `vis` on
 * their PATH is a shim that runs the built bin/vis.js, so dynamic candidates come from
 * the real program.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe } from 'vitest';
import { runToEnd } from '../support/spawned.js';

export const ROOT = resolve(__dirname, '../..');
export const COMPLETIONS = join(ROOT, 'completions');
export const BASH_COMPLETION = '/usr/share/bash-completion/bash_completion';
const ZSH_CAPTURE = join(__dirname, 'zsh-capture.zsh');

const IN_CI = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== '0' && process.env.CI.toLowerCase() !== 'false';

export function hasCommand(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/**
 * A describe block that needs `what` (a shell, or bash-completion). Without it the block
 * is skipped locally, with the reason in its name, and fails in CI, where .ci/run
 * installs it.
 */
export function describeWith(what: string, present: boolean, body: () => void): void {
  if (!present && !IN_CI) {
    describe.skip(`${what} (not installed here: skipped; CI installs it with .ci/run and fails without it)`, body);
    return;
  }
  describe(what, () => {
    beforeAll(() => {
      if (!present) throw new Error(`${what} is not installed; .ci/run installs zsh, fish and bash-completion with apt-get`);
    });
    body();
  });
}

/** A folder with a `vis` that runs the built CLI, to put first on a shell's PATH. */
export function visShimDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vis-shim-'));
  const shim = join(dir, 'vis');
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  writeFileSync(shim, `#!/bin/sh\nexec ${q(process.execPath)} ${q(join(ROOT, 'bin', 'vis.js'))} "$@"\n`);
  chmodSync(shim, 0o755);
  return dir;
}

export interface ShellResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program to its end; killed after `timeoutMs` so a hung shell fails the test instead of hanging it. */
export function runProgram(file: string, args: string[], env: Record<string, string>, cwd?: string, timeoutMs = 30_000): Promise<ShellResult> {
  return runToEnd(file, args, { env, cwd, timeoutMs });
}

const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * How readline hands a line to a bash completion function: the words split at blanks and
 * at the COMP_WORDBREAKS characters `=` and `:` (each run of them a word of its own), the
 * cursor at the end. Good for the lines these tests type (no quotes).
 */
export function readlineWords(line: string): string[] {
  const words = line
    .split(/\s+/)
    .filter((w) => w !== '')
    .flatMap((w) => w.split(/([=:]+)/).filter((p) => p !== ''));
  if (line === '' || /\s$/.test(line)) words.push('');
  return words;
}

/**
 * COMPREPLY of `_vis` for each line (cursor at the end), in one bash that sourced the
 * script (and bash-completion first, when `withBashCompletion`), each call from a fresh
 * COMPREPLY and COMP_* as readline sets them. Also prints `complete -p vis` first, so the
 * caller can check the registration.
 */
export async function bashCompleteAll(
  lines: readonly string[],
  env: Record<string, string>,
  withBashCompletion: boolean,
  cwd?: string,
): Promise<Array<{ registration: string; candidates: string[] }>> {
  const calls = lines.flatMap((line) => {
    const words = readlineWords(line);
    return [
      'COMPREPLY=()',
      `COMP_LINE=${sq(line)}`,
      'COMP_POINT=${#COMP_LINE}',
      `COMP_WORDS=(${words.map(sq).join(' ')})`,
      `COMP_CWORD=${words.length - 1}`,
      'COMP_TYPE=9 COMP_KEY=9',
      '_vis vis "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"',
      `printf '%s\\n' ${sq(LINE_MARK)} "\${COMPREPLY[@]}"`,
    ];
  });
  const script = [withBashCompletion ? `source ${sq(BASH_COMPLETION)}` : '', `source ${sq(join(COMPLETIONS, 'vis.bash'))}`, 'complete -p vis', ...calls].join(
    '\n',
  );
  const r = await runProgram('bash', ['--norc', '--noprofile', '-c', script], env, cwd);
  if (r.code !== 0) throw new Error(`bash exited ${r.code}: ${r.stderr}`);
  const [head = '', ...answers] = r.stdout.split(`${LINE_MARK}\n`);
  if (answers.length !== lines.length) throw new Error(`bash answered ${answers.length} of ${lines.length} lines: ${r.stdout}${r.stderr}`);
  const registration = head.split('\n')[0] ?? '';
  return answers.map((a) => ({ registration, candidates: a.split('\n').filter((c) => c !== '') }));
}

/** What `bashCompleteAll` gives for one line. */
export async function bashComplete(
  line: string,
  env: Record<string, string>,
  withBashCompletion: boolean,
  cwd?: string,
): Promise<{ registration: string; candidates: string[] }> {
  return (await bashCompleteAll([line], env, withBashCompletion, cwd))[0]!;
}

/** Marks the start of each line's candidates in a batch's output. */
const LINE_MARK = '<<<vis-completion-line>>>';

/** Candidates fish offers for each line, from `complete -C` (without their descriptions), in one fish. */
export async function fishCompleteAll(lines: readonly string[], env: Record<string, string>, source = true, cwd?: string): Promise<string[][]> {
  const load = source ? `source ${sq(join(COMPLETIONS, 'vis.fish'))}; ` : '';
  const calls = lines.map((line) => `echo ${sq(LINE_MARK)}; complete -C ${sq(line)}`).join('; ');
  const args = source ? ['--no-config', '-c', `${load}${calls}`] : ['-c', calls];
  const r = await runProgram('fish', args, env, cwd);
  if (r.code !== 0) throw new Error(`fish exited ${r.code}: ${r.stderr}`);
  const answers = r.stdout.split(`${LINE_MARK}\n`).slice(1);
  if (answers.length !== lines.length) throw new Error(`fish answered ${answers.length} of ${lines.length} lines: ${r.stdout}${r.stderr}`);
  return answers.map((a) =>
    a
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => l.split('\t')[0]!),
  );
}

/** What `fishCompleteAll` gives for one line. */
export async function fishComplete(line: string, env: Record<string, string>, source = true, cwd?: string): Promise<string[]> {
  return (await fishCompleteAll([line], env, source, cwd))[0]!;
}

/**
 * Candidates an interactive zsh offers for each line + TAB, with completions/ on $fpath, in
 * one zsh that types them in turn (a zsh started per line spent most of its time starting);
 * each line is typed on an empty line, and completed afresh.
 */
export async function zshCompleteAll(lines: readonly string[], env: Record<string, string>, cwd?: string): Promise<string[][]> {
  const r = await runProgram('zsh', ['-f', ZSH_CAPTURE, COMPLETIONS, ...lines], env, cwd, 60_000);
  if (r.code !== 0) throw new Error(`zsh capture exited ${r.code}: ${r.stderr}${r.stdout}`);
  const answers = r.stdout.split('<<<vis-line>>>\n').slice(1);
  if (answers.length !== lines.length) throw new Error(`zsh answered ${answers.length} of ${lines.length} lines: ${r.stdout}${r.stderr}`);
  return answers.map((a) => a.split('\n').filter((l) => l !== ''));
}

/** What `zshCompleteAll` gives for one line. */
export async function zshComplete(line: string, env: Record<string, string>, cwd?: string): Promise<string[]> {
  return (await zshCompleteAll([line], env, cwd))[0]!;
}

export const bashCompletionInstalled = () => existsSync(BASH_COMPLETION);

const PTY_LINES = join(__dirname, 'pty-lines.zsh');

/** The shells `typedLines` can type into; `bash+bash-completion` loads bash-completion first. */
export type TypingShell = 'bash' | 'bash+bash-completion' | 'zsh' | 'fish';

/**
 * What sets up each shell for `typedLines`: the completion script, and a `vis` function
 * that reports its arguments instead of running (`vis __complete` still runs the real one).
 */
function typingInit(shell: TypingShell): { command: string; init: string } {
  const report = `printf '<<<vis-arg>>>%s\\n' "$@"; printf '<<<vis-%s>>>\\n' done`;
  const posix = [`vis() { if [[ $1 == __complete ]]; then command vis "$@"; return; fi; ${report}; }`, `__vis_ready() { printf '<<<vis-%s>>>\\n' ready; }`];
  switch (shell) {
    case 'bash':
    case 'bash+bash-completion':
      return {
        command: 'bash --norc --noprofile -i',
        init: [
          "PS1='$ ' PS2='> '",
          shell === 'bash+bash-completion' ? `source ${sq(BASH_COMPLETION)}` : '',
          `source ${sq(join(COMPLETIONS, 'vis.bash'))}`,
          ...posix,
        ].join('\n'),
      };
    case 'zsh':
      return {
        command: 'zsh -f -i',
        init: ["PROMPT='' RPROMPT='' PS2=''", `fpath=(${sq(COMPLETIONS)} $fpath)`, 'autoload -Uz compinit && compinit -u -D', ...posix].join('\n'),
      };
    case 'fish':
      return {
        command: 'fish --no-config -i',
        init: [
          `source ${sq(join(COMPLETIONS, 'vis.fish'))}`,
          `function vis; if test "$argv[1]" = __complete; command vis $argv; return; end; ${report.replace('"$@"', '$argv')}; end`,
          `function __vis_ready; printf '<<<vis-%s>>>\\n' ready; end`,
        ].join('\n'),
      };
  }
}

/**
 * Each line typed into an interactive `shell` in a pseudo-terminal, completed with TAB and
 * entered (see pty-lines.zsh): the arguments `vis` received, or undefined when the shell
 * never ran the line. The shell's own line editor inserts the completion and the shell
 * reads the result, quotes, expansions and history expansion included.
 */
export async function typedLines(shell: TypingShell, lines: readonly string[], env: Record<string, string>, cwd: string): Promise<Array<string[] | undefined>> {
  const { command, init } = typingInit(shell);
  const initFile = join(mkdtempSync(join(tmpdir(), 'vis-typing-')), 'init');
  writeFileSync(initFile, `${init}\n`);
  const r = await runProgram('zsh', ['-f', PTY_LINES, initFile, command, ...lines], env, cwd, 60_000);
  if (r.code !== 0) throw new Error(`${shell} in a pseudo-terminal exited ${r.code}: ${r.stderr}${r.stdout}`);
  const answers = r.stdout.split('<<<vis-line>>>\n').slice(1);
  if (answers.length !== lines.length) throw new Error(`${shell} answered ${answers.length} of ${lines.length} lines: ${r.stdout}${r.stderr}`);
  return answers.map((a) => {
    const args = a.split('\n').filter((l) => l !== '');
    return args[0] === '<<<vis-not-run>>>' ? undefined : args;
  });
}
