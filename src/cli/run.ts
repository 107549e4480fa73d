/**
 * Runs one command line and is the one place that turns errors into exit codes and
 * messages (docs/guide.md, Exit codes). src/main.ts wires it to the process.
 */
import { CommanderError } from 'commander';
import { exitCodeFor, InterruptedError, UsageError, VisError } from '../errors.js';
import { printable } from '../http/redact.js';
import { createContext, type ContextOverrides } from '../services/context.js';
import { debugRequested, demoRequested, verboseRequested } from '../flags/argv.js';
import type { Env } from '../domain/env.js';
import { writeMessage, type IO } from '../terminal/io.js';
import { buildProgram } from './program.js';

import { VERSION } from './version.js';

export { VERSION };

export async function run(argv: string[], io: IO, env: Env, signal: AbortSignal, overrides: ContextOverrides = {}): Promise<number> {
  const debug = debugRequested(argv, env);
  const ctx = createContext(io, env, VERSION, signal, { debug, verbose: verboseRequested(argv), demo: demoRequested(argv, env), ...overrides });
  ctx.runCommandLine = (line, lineIO) => run(line, lineIO, env, signal, { ...overrides, clock: ctx.clock, random: ctx.random });
  // Every command of the program throws instead of exiting (buildProgram).
  const program = buildProgram(ctx, argv);
  for (const c of [program, ...allCommands(program)]) {
    // Commander's own errors are reported below, in vis's format, with exit code 2.
    // Help is fitted to the terminal's width (else $COLUMNS, else 80), like the topics.
    c.configureOutput({
      writeOut: (s) => void io.stdout.write(s),
      writeErr: (s) => void io.stderr.write(s),
      outputError: () => undefined,
      getOutHelpWidth: () => io.columns,
      getErrHelpWidth: () => io.columns,
    });
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    return report(err, io, debug);
  }
}

function allCommands(cmd: import('commander').Command): import('commander').Command[] {
  return cmd.commands.flatMap((c) => [c, ...allCommands(c)]);
}

/**
 * Prints `vis: <message> [<code>]` and a hint line; returns the exit code. Everything it
 * prints passes through the terminal sanitiser and then redactSecrets (printable): masking
 * after sanitising, so a key a server split with an escape sequence, which the sanitiser
 * removes, is whole again when it is looked for. Then it is wrapped at spaces on a
 * terminal (writeMessage).
 */
export function report(err: unknown, io: IO, debug: boolean): number {
  if (err instanceof CommanderError) {
    if (err.exitCode === 0 || err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return 0;
    if (err.code === 'commander.help') return 0;
    const message = err.message.replace(/^error: /, '');
    return report(new UsageError(message, { hint: 'Run `vis --help` (or `vis <command> --help`) for usage.' }), io, debug);
  }
  if (err instanceof InterruptedError) return 130;
  const code = exitCodeFor(err);
  const say = (text: string, lines = true) => writeMessage(io, printable(text, { allowNewlines: lines }));
  if (err instanceof VisError) {
    const tag = err.code ? ` [${err.code}]` : '';
    say(`vis: ${err.message}${tag}`);
    if (err.attempts !== undefined && err.attempts > 1) say(`Gave up after ${err.attempts} attempts.`);
    if (err.hint) say(err.hint);
    // A known failure is no bug: --debug adds what answered, never a stack (exit 1 only has one).
    if (debug && err.status !== undefined) say(`vis debug: HTTP ${err.status}${err.code ? ` ${err.code}` : ''}; request id: ${err.requestId ?? 'none sent'}`);
    return code;
  }
  const e = err as Error;
  say(`vis: unexpected error: ${String(e?.message ?? err)}`, false);
  if (debug && e?.stack) say(e.stack);
  else io.stderr.write('This is a bug in vis. Run again with --debug for the stack trace, and report it.\n');
  return 1;
}
