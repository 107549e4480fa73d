/**
 * The options several commands share, as data: the declare helpers (src/cli/declare.ts)
 * add them to the commands that take them, `vis help options` lists them, and src/boot
 * knows which take a value (argv.ts). Each is declared where it applies: commander itself
 * lists it in that command's help and refuses it elsewhere. Light: `vis --help` loads it.
 */
import { ENDPOINTS, needsArgument, type EndpointSpec } from '../endpoints.js';
import type { OptionDefinition } from './globals.js';

export const COMMAND_OPTION_NAMES = [
  'brand',
  'all-brands',
  'market',
  'all-markets',
  'days',
  'from',
  'to',
  'format',
  'output',
  'columns',
  'rows',
  'wide',
  'no-pager',
  'refresh',
  'no-cache',
  'param',
  'sort',
  'top',
  'engine',
  'state',
  'action',
] as const;

export type CommandOptionName = (typeof COMMAND_OPTION_NAMES)[number];

export interface CommandOption extends OptionDefinition<CommandOptionName> {
  /** Who takes it, for `vis help options`. */
  where: string;
}

export const COMMAND_OPTIONS: readonly CommandOption[] = [
  { name: 'brand', flags: '-b, --brand <id|name>', description: 'brand id, or a brand name (env VIS_BRAND)', where: 'data commands of a brand, api, export' },
  {
    name: 'all-brands',
    flags: '--all-brands',
    description: 'every brand of the account in one output (--brand A,B, or repeated, names several)',
    where: 'data commands of a brand without an item argument',
  },
  {
    name: 'market',
    flags: '-m, --market <code|id>',
    description: 'market: US-en, US, or a market id (env VIS_MARKET)',
    where: 'data commands of a market, api, export',
  },
  {
    name: 'all-markets',
    flags: '--all-markets',
    description: "each brand's live markets in one output (--market A,B, or repeated, names several)",
    where: 'data commands of a market without an item argument',
  },
  { name: 'days', flags: '-d, --days <n>', description: 'period: days back ending today, 1-90', where: 'commands with a period, api, export' },
  {
    name: 'from',
    flags: '--from <date>',
    description: 'period start, YYYY-MM-DD (at most 90 days before --to)',
    where: 'commands with a date range, api, export',
  },
  { name: 'to', flags: '--to <date>', description: 'period end, YYYY-MM-DD (default today; needs --from)', where: 'commands with a date range, api, export' },
  { name: 'format', flags: '-f, --format <format>', description: 'table, json or csv (env VIS_FORMAT)', where: 'data commands, api, openapi, export' },
  {
    name: 'output',
    flags: '-o, --output <file>',
    description: 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout',
    where: 'data commands, api, openapi',
  },
  { name: 'columns', flags: '--columns <a,b,c>', description: 'csv/table: pick and order columns', where: 'data commands, api' },
  {
    name: 'rows',
    flags: '--rows <key>',
    description: 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)',
    where: 'data commands, api',
  },
  { name: 'wide', flags: '--wide', description: 'table: keep long text whole', where: 'data commands, api' },
  { name: 'no-pager', flags: '--no-pager', description: 'never page long output on a terminal (also VIS_PAGER=)', where: 'data commands, api, openapi' },
  {
    name: 'refresh',
    flags: '--refresh',
    description: 'read from the API even when the cache holds the answer, and cache the new one',
    where: 'cached data commands, api, export',
  },
  {
    name: 'no-cache',
    flags: '--no-cache',
    description: 'neither read nor write the local cache (also VIS_CACHE=off)',
    where: 'cached data commands, api, export',
  },
  { name: 'param', flags: '--param <key=value>', description: 'add a query parameter verbatim (repeatable)', where: 'data commands, api, export' },
  {
    name: 'sort',
    flags: '--sort <column>',
    description: 'sort the rows by this column as csv names it, numbers as numbers; -column for descending',
    where: 'list commands',
  },
  {
    name: 'top',
    flags: '--top <n>',
    description: 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)',
    where: 'list commands',
  },
  {
    name: 'engine',
    flags: '--engine <names>',
    description: 'only these engines, comma-separated or repeatable: their rows, or their columns of a matrix',
    where: 'prompts, answers, answers runs, perception, pages',
  },
  {
    name: 'state',
    flags: '--state <states>',
    description: 'only rows where an engine (of --engine, else any) is in one of these states, comma-separated or repeatable',
    where: 'prompts, answers',
  },
  { name: 'action', flags: '--action <actions>', description: 'only rows with one of these actions, comma-separated or repeatable', where: 'content-gaps' },
];

/** The definition of a shared option by name. */
export function commandOption(name: CommandOptionName): CommandOption {
  return COMMAND_OPTIONS.find((o) => o.name === name)!;
}

/** Which commands take period flags, from the table, so a new period endpoint is named too. */
export function periodHint(): string {
  const names = ENDPOINTS.filter((e) => e.period !== 'none').map((e) => e.words.join(' ') + (e.period === 'days' ? ' (--days only)' : ''));
  return `Period flags apply to ${names.slice(0, -1).join(', ')} and ${names.at(-1)}.`;
}

/**
 * Can one command read this endpoint for several brands and markets (--all-brands…)? A
 * brand's list read: an item (`vis topics <id>`), a required argument (`vis answers runs
 * --prompt`) or a POST names one thing of one brand, and the account's own lists are
 * the same whichever brand asks.
 */
export function readsSeveralScopes(spec: Pick<EndpointSpec, 'brand' | 'listsMarkets' | 'pathParam' | 'query' | 'method'>): boolean {
  return spec.brand && spec.listsMarkets !== true && !needsArgument(spec as EndpointSpec);
}
