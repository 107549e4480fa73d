/**
 * The process entry point: builds the real io, handles Ctrl-C and closed pipes, and sets
 * the exit code that src/cli/run.ts decided.
 */
import { processIO, type Env } from './cli/io.js';
import { run } from './cli/run.js';
import { removePendingTempFiles } from './output/write.js';

async function main(): Promise<void> {
  const env = process.env as Env;
  const argv = process.argv.slice(2);
  const io = processIO(env, argv.includes('--no-color'));
  const controller = new AbortController();

  // Ctrl-C: remove any half-written output file and leave at once, without a stack.
  // A second Ctrl-C cannot wait on anything: the first one already exits.
  const onSignal = (sig: NodeJS.Signals) => {
    controller.abort();
    removePendingTempFiles();
    if (io.stderrIsTTY) process.stderr.write('\u001b[?25h'); // show the cursor if a spinner hid it
    process.exit(sig === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  // A closed pipe (`vis … | head -1`) ends vis quietly.
  const onPipeError = (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') {
      removePendingTempFiles();
      process.exitCode = 0;
      process.stdout.destroy();
      return;
    }
    throw err;
  };
  process.stdout.on('error', onPipeError);

  process.exitCode = await run(argv, io, env, controller.signal);
}

await main();
