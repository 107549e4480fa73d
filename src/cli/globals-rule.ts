/**
 * One rule for the global options (src/flags/globals.ts). They live on the root program,
 * so commander accepts every one on every command, before or after the command words;
 * what a command really uses is declared (usesGlobals in declare.ts), and its help and
 * completions list only those. A global typed on the command line that the command does
 * not use is refused here, before its action runs (nothing parsed, opened, sent or
 * written): exit 2, `--market does not apply to vis config get`. Except:
 *
 * - ACCEPTED_EVERYWHERE (-q, --debug, --no-color): how vis reports, never what it does;
 * - what a command tolerates (toleratesGlobals: the account options on help, completion).
 *
 * Only flags are refused: environment variables and profile settings never are.
 */
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { ACCEPTED_EVERYWHERE, GLOBAL_OPTIONS, type GlobalName } from '../flags/globals.js';
import { globalsToleratedBy, globalsUsedBy, whyNotTaken } from './declare.js';

/** Every global `cmd` accepts on its command line. */
export function globalsAcceptedBy(cmd: Command): Set<GlobalName> {
  return new Set([...globalsUsedBy(cmd), ...globalsToleratedBy(cmd), ...ACCEPTED_EVERYWHERE]);
}

/** The globals typed on the command line (not defaults), in the order of GLOBAL_OPTIONS. */
function typedGlobals(root: Command): GlobalName[] {
  return GLOBAL_OPTIONS.filter((g) => {
    const option = root.options.find((o) => o.name() === g.name);
    return option !== undefined && root.getOptionValueSource(option.attributeName()) === 'cli';
  }).map((g) => g.name);
}

/** Why a command that does not use `name` does not, when that is the same for every such command. */
function defaultWhyNot(name: GlobalName, used: ReadonlySet<GlobalName>): string | undefined {
  switch (name) {
    case 'format':
      return 'it prints plain text';
    case 'columns':
    case 'rows':
    case 'wide':
      return 'it prints no table';
    case 'no-pager':
      return 'it never pages';
    case 'refresh':
    case 'no-cache':
      return 'what it shows is never cached';
    case 'days':
      return 'it has no period';
    case 'from':
    case 'to':
      return used.has('days') ? 'it takes a trailing window only: use --days' : 'it has no period';
    case 'base-url':
    case 'timeout':
    case 'demo':
    case 'param':
      return used.has('timeout') ? undefined : 'it sends no request';
    default:
      return undefined;
  }
}

/** `config get` for `vis config get`. */
function commandName(cmd: Command): string {
  const words: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}

/** Throws UsageError (exit 2) when a global typed on the command line is one `cmd` does not take. */
export async function refuseGlobalsNotTaken(root: Command, cmd: Command): Promise<void> {
  const accepted = globalsAcceptedBy(cmd);
  const refused = typedGlobals(root).find((n) => !accepted.has(n));
  if (refused === undefined) return;
  const used = globalsUsedBy(cmd);
  const name = commandName(cmd);
  const why = whyNotTaken(cmd, refused) ?? defaultWhyNot(refused, used);
  // Which commands have a period is worth naming; the table it comes from loads only now.
  const periodless = (refused === 'days' || refused === 'from' || refused === 'to') && !used.has('days');
  const hint = periodless ? (await import('../flags/rules.js')).periodHint() : `Run \`vis ${name} --help\` for the options it takes.`;
  throw new UsageError(`--${refused} does not apply to vis ${name}${why === undefined ? '' : `: ${why}`}`, { hint });
}
