/**
 * What every command's declaration shares: the help groups and layout helpers, the
 * declaration contract the root program registers, and the runF seam. Light on purpose:
 * `vis --help` loads every declaration, so nothing here (or in a declare.ts) may import
 * zod, the client or a renderer; parse.ts and run.ts are imported when a command runs.
 */
import { Option, type Command } from 'commander';
import { FORMATS, type RawGlobalOptions } from '../flags/argv.js';
import { commandOption, type CommandOptionName } from '../flags/command-options.js';
import type { Context } from '../services/context.js';
import type { Invocation } from '../services/endpoint-request.js';

export const HELP_GROUPS = {
  data: 'Visibility data:',
  account: 'Account:',
  tools: 'Tools:',
} as const;

/** Help text of a command that is not an endpoint: what it does, what it sends, examples. */
export function toolDescription(what: string, calls: string): string {
  return `${what}\n\n${calls}`;
}

/** Example command lines closing the command's help (laid out at the help's width: help-layout.ts). */
export function addExamples<C extends Command>(cmd: C, ...examples: readonly string[]): C {
  extrasOf(cmd).examples.push(...examples);
  return cmd;
}

/** A titled two-column list a command's help shows after its options (`vis sandbox`: the demo keys). */
export interface HelpSection {
  title: string;
  rows: ReadonlyArray<readonly [term: string, description: string]>;
}

/** Sections and closing paragraphs of each command's help (program.ts lays them out). */
interface HelpExtras {
  sections: HelpSection[];
  paragraphs: string[];
  examples: string[];
}
const HELP_EXTRAS = new WeakMap<Command, HelpExtras>();

function extrasOf(cmd: Command): HelpExtras {
  let extras = HELP_EXTRAS.get(cmd);
  if (!extras) HELP_EXTRAS.set(cmd, (extras = { sections: [], paragraphs: [], examples: [] }));
  return extras;
}

/** A list in the command's help, laid out like its options: descriptions wrap under their column. */
export function addHelpSection(cmd: Command, section: HelpSection): Command {
  extrasOf(cmd).sections.push(section);
  return cmd;
}

/** Paragraphs closing the command's help, wrapped to the help's width at spaces. */
export function addHelpParagraphs(cmd: Command, ...paragraphs: string[]): Command {
  extrasOf(cmd).paragraphs.push(...paragraphs);
  return cmd;
}

export function helpExtras(cmd: Command): Readonly<{ [K in keyof HelpExtras]: readonly HelpExtras[K][number][] }> {
  return HELP_EXTRAS.get(cmd) ?? { sections: [], paragraphs: [], examples: [] };
}

/** A command of the Account group whose verbs the caller adds (`vis auth`, `vis config`, `vis cache`). */
export function accountGroup(program: Command, name: string, o: { summary: string; what: string; calls: string; examples: readonly string[] }): Command {
  return addExamples(program.command(name), ...o.examples)
    .summary(o.summary)
    .description(toolDescription(o.what, o.calls))
    .helpGroup(HELP_GROUPS.account);
}

/** One verb of an account group (`vis auth login`), as the group's table declares it. */
export interface VerbDeclaration<V extends string> {
  verb: V;
  /** Its arguments, as commander writes them, with their help. */
  args?: ReadonlyArray<readonly [name: string, description: string]>;
  summary: string;
  description: string;
  examples: readonly string[];
}

/**
 * Each verb of a group's table under `group`, in the table's order: its arguments, its help
 * (`calls` says what it sends) and an action that hands `act` the verb and the command
 * typed (its arguments are `self.args`).
 */
export function addVerbs<D extends VerbDeclaration<string>>(
  group: Command,
  verbs: readonly D[],
  calls: (v: D) => string,
  act: (v: D, self: Command) => Promise<void>,
): void {
  for (const v of verbs) {
    const sub = addExamples(group.command(v.verb), ...v.examples);
    for (const [name, description] of v.args ?? []) sub.argument(name, description);
    sub
      .summary(v.summary)
      .description(toolDescription(v.description, calls(v)))
      // commander passes (args…, opts, command): the command typed is always last.
      .action(async (...args: unknown[]) => act(v, args[args.length - 1] as Command));
  }
}

/**
 * The options several commands share, added where they apply (like gh's AddJSONFlags):
 * commander then lists each in that command's help, completes it, and refuses it on a
 * command that does not take it (explained in vis's words by src/cli/option-errors.ts).
 */
function addShared(cmd: Command, names: readonly CommandOptionName[], repeatable: readonly CommandOptionName[] = []): Command {
  for (const name of names) {
    const d = commandOption(name);
    const option = new Option(d.flags, d.description);
    if (name === 'format') option.choices(FORMATS);
    if (name === 'param' || repeatable.includes(name) || name === 'engine' || name === 'state' || name === 'action') option.argParser(collect);
    cmd.addOption(option);
  }
  return cmd;
}

const RANGE = ['days', 'from', 'to'] as const;
const TABLE_OUTPUT = ['format', 'output', 'columns', 'rows', 'wide', 'no-pager'] as const;
const PLAIN_OUTPUT = ['format', 'output', 'no-pager'] as const;

/** -b/--brand: which brand, for every command that reads a brand's data. */
export const addBrandOption = (cmd: Command): Command => addShared(cmd, ['brand']);

/** -m/--market: which market of the brand. */
export const addMarketOption = (cmd: Command): Command => addShared(cmd, ['market']);

/**
 * Several brands or markets in one command: --brand and --market repeatable (and A,B),
 * with --all-brands and, where the data has markets, --all-markets. Repeatable on item
 * commands too, so that two of them are refused by name rather than the last one winning.
 */
export const addScopeOptions = (cmd: Command, o: { market: boolean; all: boolean }): Command =>
  addShared(
    cmd,
    [
      ...(['brand'] as const),
      ...(o.all ? (['all-brands'] as const) : []),
      ...(o.market ? (['market'] as const) : []),
      ...(o.all && o.market ? (['all-markets'] as const) : []),
    ],
    ['brand', 'market'],
  );

/** The period: a trailing window (`days`), or a window or a date range (`range`). */
export const addPeriodOptions = (cmd: Command, kind: 'days' | 'range'): Command => addShared(cmd, kind === 'days' ? ['days'] : RANGE);

/**
 * What a command that prints an answer takes: its format, where it goes, the pager, and,
 * when it can draw a table, the table's columns, rows and width.
 */
export const addOutputOptions = (cmd: Command, o: { table: boolean }): Command => addShared(cmd, o.table ? TABLE_OUTPUT : PLAIN_OUTPUT);

/** --refresh and --no-cache: for a command whose answers the response cache keeps (src/cache/). */
export const addCacheOptions = (cmd: Command): Command => addShared(cmd, ['refresh', 'no-cache']);

/**
 * --sort and --top on a command whose answer is a list (a main collection), and the row
 * filters its endpoints take (`listFilters` in src/endpoints.ts).
 */
export const addListOptions = (cmd: Command, filters: readonly ('engine' | 'state' | 'action')[]): Command =>
  addShared(cmd, ['sort', 'top', ...(['engine', 'state', 'action'] as const).filter((f) => filters.includes(f))]);

/** --param key=value (repeatable): for a command that sends a GET it builds from the table. */
export const addParamOption = (cmd: Command): Command => addShared(cmd, ['param']);

/**
 * One request's options, for the commands that send a request as typed (`vis api`, whose
 * answer prints as a table can) or write each answer to a file (`vis export`, -f alone):
 * its brand, market and period, then the output, the cache and verbatim parameters.
 */
export const addRequestOptions = (cmd: Command, output: 'table' | 'files'): Command =>
  addShared(cmd, ['brand', 'market', 'days', 'from', 'to', ...(output === 'table' ? TABLE_OUTPUT : (['format'] as const)), 'refresh', 'no-cache', 'param']);

/**
 * The options of a command over several brands and markets that reads through the cache
 * (`vis changes`, `vis report`): the scopes, then what it prints (`output`) or the
 * period it reads (`range`), then the cache's.
 */
export const addScopesReadOptions = (cmd: Command, own: 'output' | 'range'): Command =>
  addShared(cmd, ['brand', 'all-brands', 'market', 'all-markets', ...(own === 'output' ? PLAIN_OUTPUT : RANGE), 'refresh', 'no-cache'], ['brand', 'market']);

/**
 * What an action parses: the root's globals, the command's own options, and those a
 * parent command took off the command line for it. Commander lets `vis answers` take the
 * options it shares with `vis answers history` wherever they are typed; the ones typed
 * before `history`, or that `history` does not take, were refused before the action
 * (src/cli/option-errors.ts). Not optsWithGlobals: a parent's defaults (--no-cache's
 * `cache: true`) would win over what was typed.
 */
export function optionsOf(cmd: Command): RawGlobalOptions {
  const parents: Command[] = [];
  let root = cmd;
  while (root.parent) {
    root = root.parent;
    if (root.parent) parents.push(root);
  }
  const typed = parents.flatMap((p) =>
    p.options.filter((o) => p.getOptionValueSource(o.attributeName()) === 'cli').map((o) => [o.attributeName(), p.getOptionValue(o.attributeName())] as const),
  );
  return { ...root.opts(), ...cmd.opts(), ...Object.fromEntries(typed) } as RawGlobalOptions;
}

/**
 * How an endpoint's command was typed, for the data commands and their recorded series
 * (`vis history <word>`): its argument, its options, and whether --market was typed
 * rather than taken from the environment or the profile.
 */
export function invocationOf(cmd: Command, pathArg: string | undefined, extra: Partial<Invocation> = {}): Invocation {
  let marketFromFlag = false;
  for (let c: Command | null = cmd; c; c = c.parent) {
    if (c.getOptionValueSource('market') === 'cli') marketFromFlag = true;
  }
  return { pathArg, local: cmd.opts(), globals: optionsOf(cmd), marketFromFlag, ...extra };
}

/**
 * A word that names a list, an item, or both (`vis topics [id]`): the main endpoint's
 * aliases and the item's argument (optional beside a list) on `cmd`, and an action that
 * hands `run` the endpoint typed (the item when an id was given) and how it was typed.
 */
export function declareListAndItem<S extends { aliases?: readonly string[]; pathParam?: { name: string; description: string } }>(
  cmd: Command,
  main: S,
  list: S | undefined,
  item: S | undefined,
  run: (spec: S, inv: Invocation) => Promise<void>,
): void {
  for (const alias of main.aliases ?? []) cmd.alias(alias);
  if (item) cmd.argument(`${list ? '[' : '<'}${item.pathParam!.name}${list ? ']' : '>'}`, item.pathParam!.description);
  // commander passes (arg?, opts, command): the argument only when one is declared.
  cmd.action(async (...args: unknown[]) => {
    const arg = item ? (args[0] as string | undefined) : undefined;
    await run(item && arg !== undefined ? item : main, invocationOf(args[args.length - 1] as Command, arg));
  });
}

/** commander's argParser for a repeatable option. */
export const collect = (v: string, prev: string[] = []) => [...prev, v];

/** What every parse step returns: typed, fully checked options, named by their command. */
export interface ParsedOptions {
  /** `vis <command>` without `vis`, e.g. "config set", or "data" for the table's commands. */
  command: string;
}

/**
 * gh's runF: what an action does with the parsed options instead of running them. Tests
 * pass one to stop after parsing (nothing opened, nothing sent); without one, the
 * command's run(options, ctx) runs.
 */
export type RunF = (options: ParsedOptions) => Promise<void> | void;

/** Runs the parsed options, or hands them to the seam. */
export async function runOrCapture<O extends ParsedOptions>(options: O, runF: RunF | undefined, run: () => Promise<unknown>): Promise<void> {
  if (runF) await runF(options);
  else await run();
}

/**
 * The action of a command that parses, then runs: `parse` turns what was typed (and the
 * command's arguments) into checked options, and `run` runs them unless the runF seam
 * takes them. Each loads its module only when the command runs.
 */
export function parseThenRun<O extends ParsedOptions>(
  runF: RunF | undefined,
  parse: (raw: RawGlobalOptions, args: readonly unknown[]) => O | Promise<O>,
  run: (options: O) => Promise<unknown>,
): (...args: unknown[]) => Promise<void> {
  return async (...args) => {
    // commander passes the declared arguments, then the options, then the command.
    const options = await parse(optionsOf(args[args.length - 1] as Command), args);
    await runOrCapture(options, runF, () => run(options));
  };
}

/** A command (or, for the table, a family of them) the root program can register. */
export interface CommandDeclaration {
  /**
   * Does the command line's first word name this declaration, so it can be built alone?
   * help and completion walk the whole program: they answer false and are built only
   * with everything.
   */
  answers(word: string): boolean;
  /** Adds the command(s) to the root; with `only`, just the one that word names. */
  register(program: Command, ctx: Context, only: string | undefined, runF: RunF | undefined): void;
}

/**
 * What `vis --help` lists of a command, known without building it: the root's help is
 * made from these alone, since building every command's options costs more than the rest
 * of the run. `usage` is what the list shows after the names (`[options] [id]`).
 * src/cli/program.ts lists them (COMMAND_LIST); test/cli/program.test.ts holds each to the command as built.
 */
export interface CommandListing {
  name: string;
  aliases?: readonly string[];
  summary: string;
  group: string;
  usage?: string;
  hidden?: boolean;
}

/** The "what it sends" line of commands that only check the key, or only touch the config file. */
export const USAGE_CHECK = 'Calls GET /usage (free: no read spent). Available on every plan.';
export const LOCAL_ONLY = 'Sends no request: works on the config file only.';
