/**
 * `vis __complete <source>` as the completion scripts send it, answered without building
 * the program: a shell runs it on every TAB, so it costs what its candidates cost and
 * nothing more (no commander, no declaration of any command). Only the shapes the scripts
 * send are answered here (request.ts): the source, then --profile and --base-url with their
 * values. Any other command line returns false, and the program answers it, the same way.
 * Most TABs never get here: src/boot/complete.ts answers from the files before the bundle
 * loads, and leaves this the lines that fetch the brands.
 * Must never print anything but candidates, like the command itself (candidates.ts).
 */
import type { Env } from '../../../domain/env.js';
import { debugRequested, demoRequested, verboseRequested } from '../../../flags/argv.js';
import { createContext } from '../../../services/context.js';
import type { IO } from '../../../terminal/io.js';
import { VERSION } from '../../version.js';
import { printCandidates } from './candidates.js';
import { quickRequest } from './request.js';

export { quickRequest } from './request.js';

/** Prints the candidates when argv is a request of the scripts (see quickRequest); else false, and nothing is done. */
export async function completeQuickly(argv: string[], io: IO, env: Env, signal: AbortSignal): Promise<boolean> {
  const request = quickRequest(argv);
  if (request === undefined) return false;
  // The context src/cli/run.ts would make for this command line.
  const ctx = createContext(io, env, VERSION, signal, { debug: debugRequested(argv, env), verbose: verboseRequested(argv), demo: demoRequested(argv, env) });
  await printCandidates(ctx, request.source, request.raw);
  return true;
}
