/**
 * The checked-in completion scripts (completions/), as `npm run completions` writes them
 * and the drift test compares them: the same text `vis completion <shell>` prints, made
 * from a program built with an inert context (nothing runs, nothing is read).
 */
import { Writable } from 'node:stream';
import type { Command } from 'commander';
import { createContext } from '../src/services/context.js';
import type { IO } from '../src/terminal/io.js';
import { buildProgram } from '../src/cli/program.js';
import { completionScript } from '../src/completion/index.js';
import { COMPLETION_FILES, SHELLS, type Shell } from '../src/completion/shells.js';

export interface CompletionFile {
  shell: Shell;
  /** Relative to the repository root. */
  path: string;
  text: string;
}

export function inertIO(): IO {
  const sink = () => new Writable({ write: (_chunk, _enc, done) => done() });
  return {
    stdout: sink(),
    stderr: sink(),
    stdin: process.stdin,
    stdoutIsTTY: false,
    stderrIsTTY: false,
    stdinIsTTY: false,
    color: false,
    stderrColor: false,
    columns: 80,
  };
}

/** The `vis` program as the CLI builds it, for reading its commands and help; running it does nothing useful. */
export function inertProgram(): Command {
  return buildProgram(createContext(inertIO(), {}, '0.0.0', new AbortController().signal));
}

export function completionFiles(): CompletionFile[] {
  const program = inertProgram();
  return SHELLS.map((shell) => ({ shell, path: `completions/${COMPLETION_FILES[shell]}`, text: completionScript(shell, program) }));
}
