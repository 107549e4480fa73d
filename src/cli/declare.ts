/**
 * What every command's declaration shares: the help groups and layout helpers, the
 * declaration contract the root program registers, and the runF seam. Light on purpose:
 * `vis --help` loads every declaration, so nothing here (or in a declare.ts) may import
 * zod, the client or a renderer; parse.ts and run.ts are imported when a command runs.
 */
import type { Command } from 'commander';
import type { GlobalName } from '../flags/globals.js';
import type { Context } from '../services/context.js';

export const HELP_GROUPS = {
  data: 'Visibility data:',
  account: 'Account:',
  tools: 'Tools:',
} as const;

/** Help text of a command that is not an endpoint: what it does, what it sends, examples. */
export function toolDescription(what: string, calls: string): string {
  return `${what}\n\n${calls}`;
}

export function examplesAfter(...examples: string[]): string {
  return `\nExamples:\n${examples.map((e) => `  $ ${e}`).join('\n')}\n`;
}

/** A command of the Account group whose verbs the caller adds (`vis auth`, `vis config`, `vis cache`). */
export function accountGroup(program: Command, name: string, o: { summary: string; what: string; calls: string; examples: readonly string[] }): Command {
  return program
    .command(name)
    .summary(o.summary)
    .description(toolDescription(o.what, o.calls))
    .helpGroup(HELP_GROUPS.account)
    .addHelpText('after', examplesAfter(...o.examples));
}

const GLOBALS_USED = new WeakMap<Command, ReadonlySet<GlobalName>>();
const GLOBALS_TOLERATED = new WeakMap<Command, ReadonlySet<GlobalName>>();
const WHY_NOT = new WeakMap<Command, Partial<Record<GlobalName, string>>>();

/** Why a command does not take some global options: the end of its refusal message. */
export type WhyNot = Partial<Record<GlobalName, string>>;

/**
 * Declares which global options `cmd` uses: its help lists those (after its own options)
 * and no others, and any other typed on the command line is refused before it runs
 * (src/cli/globals-rule.ts). A command that declares none (a group such as `vis config`)
 * lists none. `whyNot` says, for some of the others, why the command does not take them.
 */
export function usesGlobals(cmd: Command, names: readonly GlobalName[], whyNot: WhyNot = {}): Command {
  GLOBALS_USED.set(cmd, new Set(names));
  WHY_NOT.set(cmd, whyNot);
  return cmd;
}

/** The global options `cmd` declared it uses; empty when it declared none. */
export function globalsUsedBy(cmd: Command): ReadonlySet<GlobalName> {
  return GLOBALS_USED.get(cmd) ?? new Set();
}

/**
 * Global options `cmd` accepts and ignores though its help does not list them: the
 * account options on the commands that describe vis itself (help, completion), so an
 * alias such as `alias vd='vis --demo'` still runs `vd help topics`.
 */
export function toleratesGlobals(cmd: Command, names: readonly GlobalName[]): Command {
  GLOBALS_TOLERATED.set(cmd, new Set(names));
  return cmd;
}

export function globalsToleratedBy(cmd: Command): ReadonlySet<GlobalName> {
  return GLOBALS_TOLERATED.get(cmd) ?? new Set();
}

/** Why `cmd` does not take `name`, when its declaration says. */
export function whyNotTaken(cmd: Command, name: GlobalName): string | undefined {
  return WHY_NOT.get(cmd)?.[name];
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

/** The "what it sends" line of commands that only check the key, or only touch the config file. */
export const USAGE_CHECK = 'Calls GET /usage (free: no read spent). Available on every plan.';
export const LOCAL_ONLY = 'Sends no request: works on the config file only.';
