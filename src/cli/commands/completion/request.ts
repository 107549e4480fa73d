/**
 * The command lines of `vis __complete <source>` that are answered without building the
 * program (by quick.ts in the bundle, and before it by src/boot/complete.ts): the ones the
 * completion scripts send. Reads argv only.
 */
import type { RawGlobalOptions } from '../../../flags/argv.js';
import { COMPLETE_COMMAND } from '../../../completion/shells.js';

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
