/**
 * The process entry point: builds the real io, handles Ctrl-C and closed pipes, and sets
 * the exit code that src/cli/run.ts decided. vis runs unattended in cron jobs, so every
 * way out is bounded: a signal exits at once, a bug exits 1 with one line, and a finished
 * command cannot be held open by a stray socket or timer.
 */
import type { Env } from './domain/env.js';

/** The hidden command of the completion scripts (src/completion/shells.ts, COMPLETE_COMMAND). */
const QUICK_COMMAND = '__complete';
const SIGNAL_EXIT: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
/** How long a finished command may take to exit on its own before it is made to. */
const EXIT_GRACE_MS = 1_000;

async function main(): Promise<void> {
  const env = process.env as Env;
  const argv = process.argv.slice(2);
  // What the completion scripts run on every TAB is answered without the program (which
  // src/cli/run.ts builds): see src/cli/commands/completion/quick.ts.
  const quick = argv[0] === QUICK_COMMAND;
  const [{ processIO, terminalHolders }, { debugRequested }, { restoreTerminal }, cli, { removePendingTempFiles }] = await Promise.all([
    import('./terminal/io.js'),
    import('./flags/argv.js'),
    import('./terminal/progress.js'),
    quick ? undefined : import('./cli/run.js'),
    import('./output/write.js'),
  ]);
  const io = processIO(env, argv.includes('--no-color'));
  const debug = debugRequested(argv, env);
  const controller = new AbortController();

  // Ctrl-C: remove any half-written output file, put the cursor back and leave at once,
  // without a stack and without waiting on anything but a pager's exit (bounded), so a
  // second Ctrl-C has nothing to wait for either. All else here is synchronous. The listener stays installed (not
  // `once`): with none left, Node would restore the default action and a second Ctrl-C
  // arriving while this one exits would kill vis by signal instead of exit 130.
  let exiting = false;
  const onSignal = (sig: NodeJS.Signals) => {
    if (exiting) return;
    exiting = true;
    controller.abort();
    removePendingTempFiles();
    const leave = () => {
      if (io.stderrIsTTY) {
        restoreTerminal();
        process.stderr.write('\u001b[?25h');
      }
      process.exit(SIGNAL_EXIT[sig] ?? 1);
    };
    // A pager holds the terminal: end it and wait for it (it restores the screen), then leave.
    if (terminalHolders.size === 0) return leave();
    setTimeout(leave, EXIT_GRACE_MS).unref();
    void Promise.allSettled([...terminalHolders].map((stop) => stop())).then(leave);
  };
  for (const sig of Object.keys(SIGNAL_EXIT) as NodeJS.Signals[]) process.on(sig, onSignal);

  // A bug that escapes the command (an error in a callback, a rejected promise nobody
  // awaited): one line, exit 1, no partial file.
  const fail = (err: unknown) => {
    removePendingTempFiles();
    if (io.stderrIsTTY) restoreTerminal();
    const code = (err as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'EPIPE') process.exit(0);
    if (process.stderr.destroyed) process.exit(1);
    if (cli) process.exit(cli.report(err, io, debug) || 1);
    // The quick completion loaded no runner: its report is loaded for this line.
    void import('./cli/run.js').then(
      ({ report }) => process.exit(report(err, io, debug) || 1),
      () => process.exit(1),
    );
  };
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);

  // A closed pipe (`vis … | head -1`) ends vis quietly: stop writing, exit 0.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') return fail(err);
    process.stdout.destroy();
    controller.abort();
  });
  // Nobody is reading the messages any more either (`vis … 2>&1 | head -1`).
  process.stderr.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.stderr.destroy();
  });

  const code = cli
    ? await cli.run(argv, io, env, controller.signal)
    : await import('./cli/commands/completion/quick.js').then(async ({ completeQuickly }) =>
        (await completeQuickly(argv, io, env, controller.signal)) ? 0 : (await import('./cli/run.js')).run(argv, io, env, controller.signal),
      );
  process.exitCode = process.stdout.destroyed && code === 130 ? 0 : code;
  await Promise.all([flush(process.stdout), flush(process.stderr)]);
  // Everything is written and closed: the process exits now on its own. If a socket or
  // timer still holds it (a bug), do not let a cron job hang on it.
  const watchdog = setTimeout(() => {
    if (debug && !process.stderr.destroyed) {
      const open = process.getActiveResourcesInfo().filter((r) => r !== 'Timeout');
      process.stderr.write(`vis debug: exiting although these are still open: ${open.join(', ') || 'nothing'}\n`);
    }
    process.exit();
  }, EXIT_GRACE_MS);
  watchdog.unref();
}

/** Resolves once everything written to the stream so far has been handed to the OS. */
function flush(stream: NodeJS.WriteStream): Promise<void> {
  if (stream.destroyed || !stream.writable) return Promise.resolve();
  return new Promise((resolve) => {
    stream.write('', () => resolve());
  });
}

// `vis --version` alone is answered by bin/vis.js from package.json, before this bundle
// is even parsed; any other argv with it (`vis topics --version`) is commander's.
main().catch((err: unknown) => {
  // Only a failure to load vis itself gets here: main() handles everything after that.
  process.stderr.write(`vis: could not start: ${String((err as Error)?.message ?? err)}\n`);
  process.exitCode = 1;
});
