/**
 * The true global options (docs/guide.md, Global options) as data: they change where vis
 * connects, as whom, how long it waits and how it reports, never what a command does, so
 * the root program holds them and every command accepts them, before or after its words.
 * Every other option is declared by the commands that take it (command-options.ts).
 * Dependency-free, like argv.ts: `vis --help` loads it.
 */

export const GLOBAL_NAMES = ['profile', 'base-url', 'demo', 'timeout', 'quiet', 'verbose', 'debug', 'no-color'] as const;

/** A global option by its long flag without the dashes (`base-url`, `no-color`). */
export type GlobalName = (typeof GLOBAL_NAMES)[number];

/** An option's flags and help line, for commander and for `vis help options`. */
export interface OptionDefinition<N extends string = string> {
  name: N;
  /** commander's flags string: `--profile <name>`. */
  flags: string;
  description: string;
}

export const GLOBAL_OPTIONS: readonly OptionDefinition<GlobalName>[] = [
  { name: 'profile', flags: '--profile <name>', description: 'saved profile to use (env VIS_PROFILE)' },
  { name: 'base-url', flags: '--base-url <url>', description: 'API base address ending in /api/v1 (env VIS_BASE_URL)' },
  { name: 'demo', flags: '--demo', description: 'use the built-in sandbox: no key or network needed (env VIS_DEMO=1)' },
  { name: 'timeout', flags: '--timeout <seconds>', description: 'per request, default 30' },
  { name: 'quiet', flags: '-q, --quiet', description: 'no spinner, progress or warnings on stderr' },
  {
    name: 'verbose',
    flags: '--verbose',
    description: "one line per request on stderr (method, path, status, time, cache, reads spent), and a piped table's notes",
  },
  { name: 'debug', flags: '--debug', description: 'log each request to stderr; the key is never shown (env VIS_DEBUG=1)' },
  { name: 'no-color', flags: '--no-color', description: 'no colour (also NO_COLOR; FORCE_COLOR forces it)' },
];
