/**
 * `vis __complete <source>` as the completion scripts send it, answered without building
 * the program: a shell runs it on every TAB, so it costs what its candidates cost and
 * nothing more (no commander, no declaration of any command). Only the shapes the scripts
 * send are answered here: the source, then --profile and --base-url with their values.
 * Any other command line returns false, and the program answers it, the same way.
 * Must never print anything but candidates, like the command itself (candidates.ts).
 */
import type { Env } from '../../../domain/env.js';
import { debugRequested, demoRequested, verboseRequested, type RawGlobalOptions } from '../../../flags/argv.js';
import { createContext } from '../../../services/context.js';
import type { IO } from '../../../terminal/io.js';
import { VERSION } from '../../version.js';
import { COMPLETE_COMMAND } from '../../../completion/shells.js';
import { printCandidates } from './candidates.js';

/** The options the scripts pass along, by flag, and where each goes in the parsed options. */
const PASSED: Readonly<Record<string, 'profile' | 'baseUrl'>> = { '--profile': 'profile', '--base-url': 'baseUrl' };

/**
 * The source and options of a command line the scripts send, as commander would hand
 * them over; undefined for anything else. A value must not look like an option (commander
 * would take it, this does not guess).
 */
export function quickRequest(argv: readonly string[]): { source: string; raw: RawGlobalOptions } | undefined {
  const [word, source, ...rest] = argv;
  if (word !== COMPLETE_COMMAND || source === undefined || source.startsWith('-')) return undefined;
  const raw: RawGlobalOptions = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const eq = arg.indexOf('=');
    const name = PASSED[eq < 0 ? arg : arg.slice(0, eq)];
    if (name === undefined) return undefined;
    const value = eq < 0 ? rest[++i] : arg.slice(eq + 1);
    if (value === undefined || (eq < 0 && value.startsWith('-'))) return undefined;
    raw[name] = value;
  }
  return { source, raw };
}

/** Prints the candidates when argv is a request of the scripts (see quickRequest); else false, and nothing is done. */
export async function completeQuickly(argv: string[], io: IO, env: Env, signal: AbortSignal): Promise<boolean> {
  const request = quickRequest(argv);
  if (request === undefined) return false;
  // The context src/cli/run.ts would make for this command line.
  const ctx = createContext(io, env, VERSION, signal, { debug: debugRequested(argv, env), verbose: verboseRequested(argv), demo: demoRequested(argv, env) });
  await printCandidates(ctx, request.source, request.raw);
  return true;
}
