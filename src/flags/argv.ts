/**
 * The command line as typed, before commander: the format names, the options' raw
 * values, and the scans of argv that run before any command is built (--debug, the
 * command word). Kept apart from the zod rules in rules.ts so that `vis --help` (which
 * checks no values) does not load zod. Dependency-free, so
 * src/boot can use it before the bundle loads.
 */

import { isTruthy, type Env } from '../domain/env.js';
import { UsageError } from '../errors.js';

export const FORMATS = ['table', 'json', 'csv'] as const;
export type Format = (typeof FORMATS)[number];

/**
 * The rule for a format, wherever it comes from: --format (parseFlags), VIS_FORMAT or a
 * profile (resolveFormat in services/settings.ts), `vis config set format`. `source` names it.
 * (commander's choices on -f only declare the values, for help and completion.) Here, not
 * beside the zod rules, so that reading the settings (TAB completion too) loads no zod.
 */
export function checkFormat(value: string, source: string): Format {
  if (!(FORMATS as readonly string[]).includes(value)) {
    throw new UsageError(`${source} must be one of ${FORMATS.join(', ')} (got "${value}")`);
  }
  return value as Format;
}

/**
 * Was debugging asked for: --debug anywhere on the command line, or VIS_DEBUG. The one
 * place it is decided; main (stack traces of escaped bugs), run (error reports) and the
 * session (the request log) all ask it, through the Context after start-up.
 */
export function debugRequested(argv: readonly string[], env: Env): boolean {
  return argv.includes('--debug') || isTruthy(env.VIS_DEBUG);
}

/** Is this a run of the demo: --demo before any `--`, or VIS_DEMO. Read from argv, like --debug: the Context's today depends on it. */
export function demoRequested(argv: readonly string[], env: Env): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).includes('--demo') || isTruthy(env.VIS_DEMO);
}

/**
 * Was the request log asked for: --verbose before any `--`. Read from argv, like --debug,
 * because every client of the run (a session's, `vis auth login`'s) reports through the
 * Context, which exists before commander parses.
 */
export function verboseRequested(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).includes('--verbose');
}

/**
 * What commander hands over for the options of a command line (all strings, as typed):
 * the root's globals merged with the command's own (optionsOf in src/cli/declare.ts).
 */
export interface RawGlobalOptions {
  brand?: string;
  market?: string;
  days?: string;
  from?: string;
  to?: string;
  format?: string;
  output?: string;
  profile?: string;
  baseUrl?: string;
  demo?: boolean;
  timeout?: string;
  refresh?: boolean;
  /** false for --no-cache (commander's negated option). */
  cache?: boolean;
  quiet?: boolean;
  debug?: boolean;
  verbose?: boolean;
  color?: boolean;
  pager?: boolean;
  param?: string[];
  rows?: string;
  columns?: string;
  wide?: boolean;
}

export function camel(flag: string): string {
  return flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** A repeatable option's values as typed (commander hands one value, or a list when it was repeated); undefined when not given. */
export function typedValues(raw: unknown): string[] | undefined {
  return raw === undefined ? undefined : (Array.isArray(raw) ? raw : [raw]).map(String);
}

/** A repeatable option's values, split at commas when `split`, trimmed, empty pieces dropped; undefined when none is left. */
export function optionValues(raw: unknown, split: boolean): string[] | undefined {
  const typed = typedValues(raw);
  if (typed === undefined) return undefined;
  const values = split ? typed.flatMap((v) => v.split(',')) : typed;
  const kept = values.map((v) => v.trim()).filter((v) => v !== '');
  return kept.length > 0 ? kept : undefined;
}

/**
 * The root program's options that take a value (GLOBAL_OPTIONS in globals.ts; a test keeps
 * the two the same). src/boot reads argv before commander is loaded, so it needs them as data.
 */
export const GLOBAL_VALUE_FLAGS: ReadonlySet<string> = new Set(['--profile', '--base-url', '--timeout']);

/**
 * The shared command options that take a value (COMMAND_OPTIONS in command-options.ts; a
 * test keeps the two the same). Typed before the command word they are refused, but the
 * command word must still be found to build that command and name it in the refusal.
 */
export const COMMAND_VALUE_FLAGS: ReadonlySet<string> = new Set([
  '-b',
  '--brand',
  '-m',
  '--market',
  '-d',
  '--days',
  '--from',
  '--to',
  '-f',
  '--format',
  '-o',
  '--output',
  '--columns',
  '--rows',
  '--param',
  '--sort',
  '--top',
  '--engine',
  '--state',
  '--action',
]);

const VALUE_FLAGS: ReadonlySet<string> = new Set([...GLOBAL_VALUE_FLAGS, ...COMMAND_VALUE_FLAGS]);

/**
 * The first word of argv that is not an option or an option's value: the command.
 * `vis --market US-en topics` -> "topics". Undefined when there is none.
 */
export function commandWord(argv: readonly string[], takesValue: ReadonlySet<string> = VALUE_FLAGS): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return argv[i + 1];
    if (!arg.startsWith('-') || arg === '-') return arg;
    if (!arg.includes('=') && takesValue.has(arg)) i++;
  }
  return undefined;
}
