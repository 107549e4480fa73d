/**
 * The global options (README, Global options) as data: the root program builds its options
 * from this list, `vis help options` lists it, and each command's help shows only the
 * ones that command uses (the data commands: from the endpoint table; the tools: the
 * list in their declaration). Dependency-free, like argv.ts: `vis --help` loads it.
 */
import type { EndpointSpec } from '../endpoints.js';

export const GLOBAL_NAMES = [
  'brand',
  'market',
  'days',
  'from',
  'to',
  'format',
  'output',
  'columns',
  'rows',
  'wide',
  'param',
  'profile',
  'base-url',
  'demo',
  'timeout',
  'refresh',
  'no-cache',
  'quiet',
  'debug',
  'no-color',
  'no-pager',
] as const;

/** A global option by its long flag without the dashes (`base-url`, `no-color`). */
export type GlobalName = (typeof GLOBAL_NAMES)[number];

export interface GlobalOption {
  name: GlobalName;
  /** commander's flags string: `-b, --brand <id|name>`. */
  flags: string;
  description: string;
}

export const GLOBAL_OPTIONS: readonly GlobalOption[] = [
  { name: 'brand', flags: '-b, --brand <id|name>', description: 'brand id, or a brand name (env VIS_BRAND)' },
  { name: 'market', flags: '-m, --market <code|id>', description: 'market: US-en, US, or a market id (env VIS_MARKET)' },
  { name: 'days', flags: '-d, --days <n>', description: 'period: days back ending today, 1-90' },
  { name: 'from', flags: '--from <date>', description: 'period start, YYYY-MM-DD (at most 90 days before --to)' },
  { name: 'to', flags: '--to <date>', description: 'period end, YYYY-MM-DD (default today; needs --from)' },
  { name: 'format', flags: '-f, --format <format>', description: 'table, json or csv (env VIS_FORMAT)' },
  {
    name: 'output',
    flags: '-o, --output <file>',
    description: 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout',
  },
  { name: 'columns', flags: '--columns <a,b,c>', description: 'csv/table: pick and order columns' },
  { name: 'rows', flags: '--rows <key>', description: 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)' },
  { name: 'wide', flags: '--wide', description: 'table: keep long text whole' },
  { name: 'param', flags: '--param <key=value>', description: 'add a query parameter verbatim (repeatable)' },
  { name: 'profile', flags: '--profile <name>', description: 'saved profile to use (env VIS_PROFILE)' },
  { name: 'base-url', flags: '--base-url <url>', description: 'API base address ending in /api/v1 (env VIS_BASE_URL)' },
  { name: 'demo', flags: '--demo', description: 'use the built-in sandbox: no key or network needed (env VIS_DEMO=1)' },
  { name: 'timeout', flags: '--timeout <seconds>', description: 'per request, default 30' },
  { name: 'refresh', flags: '--refresh', description: 'read from the API even when the cache holds the answer, and cache the new one' },
  { name: 'no-cache', flags: '--no-cache', description: 'neither read nor write the local cache (also VIS_CACHE=off)' },
  { name: 'quiet', flags: '-q, --quiet', description: 'no spinner, progress, warnings or piped-table notes on stderr' },
  { name: 'debug', flags: '--debug', description: 'log each request to stderr; the key is never shown (env VIS_DEBUG=1)' },
  { name: 'no-color', flags: '--no-color', description: 'no colour (also NO_COLOR; FORCE_COLOR forces it)' },
  { name: 'no-pager', flags: '--no-pager', description: 'never page long output on a terminal (also VIS_PAGER=)' },
];

/** What every command that sends a request uses: where, as whom, how long, what it says. */
export const CONNECTION_GLOBALS: readonly GlobalName[] = ['profile', 'base-url', 'demo', 'timeout', 'quiet', 'debug', 'no-color'];

/**
 * Accepted by every command, listed in its help or not: they change how vis reports
 * (stderr notes, the request log, colour), never what a command does, so they are safe
 * in an alias or a wrapper script. Any other global a command does not use is refused
 * (src/cli/globals-rule.ts).
 */
export const ACCEPTED_EVERYWHERE: readonly GlobalName[] = ['quiet', 'debug', 'no-color'];

/** Which account: also accepted by the commands that describe vis itself (help, completion). */
export const ACCOUNT_GLOBALS: readonly GlobalName[] = ['profile', 'base-url', 'demo'];

/** What a command that reads cacheable data takes: src/cache/, README "The cache". */
export const CACHE_GLOBALS: readonly GlobalName[] = ['refresh', 'no-cache'];

/** What every command that renders a response uses (table, json or csv). */
export const OUTPUT_GLOBALS: readonly GlobalName[] = ['format', 'output', 'columns', 'rows', 'wide', 'no-pager'];

/**
 * The globals a data command takes: brand, market and period as its endpoints do (a word
 * with a list and an item, `vis topics [id]`, takes what either takes), then the output,
 * --param and the connection. The parse step refuses the others (src/cli/commands/data/parse.ts).
 */
export function endpointGlobals(specs: readonly EndpointSpec[]): GlobalName[] {
  const used = new Set<GlobalName>();
  for (const spec of specs) {
    if (spec.brand) used.add('brand');
    // POST /pitches takes --market into its body.
    if (spec.market || spec.body?.some((b) => b.flag === 'market')) used.add('market');
    if (spec.period !== 'none') used.add('days');
    if (spec.period === 'range') (['from', 'to'] as const).forEach((n) => used.add(n));
    if (spec.method === 'GET' && spec.freshness !== 'none') CACHE_GLOBALS.forEach((n) => used.add(n));
  }
  [...OUTPUT_GLOBALS, 'param' as const, ...CONNECTION_GLOBALS].forEach((n) => used.add(n));
  return GLOBAL_NAMES.filter((n) => used.has(n));
}
