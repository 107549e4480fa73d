/**
 * `vis __complete [source]` (hidden): what the completion scripts ask on TAB. It prints
 * candidates or nothing, never an error, so it has no parse step that could refuse: its
 * run.ts swallows every failure.
 */
import type { Command } from 'commander';
import { COMPLETE_COMMAND } from '../../../completion/shells.js';
import { GLOBAL_NAMES } from '../../../flags/globals.js';
import { toleratesGlobals, type CommandDeclaration } from '../../declare.js';

export const completeCommand: CommandDeclaration = {
  answers: (word) => word === COMPLETE_COMMAND,
  register(program, ctx) {
    // Never refuses: it prints candidates or nothing, whatever the script passes along.
    toleratesGlobals(program.command(COMPLETE_COMMAND, { hidden: true }), GLOBAL_NAMES)
      .description('Candidates for the completion scripts, one a line: brands or profiles. Prints nothing on any error.')
      .argument('[source]', 'brands or profiles')
      .action(async (source: string | undefined, _o: unknown, self: Command) =>
        (await import('./run.js')).printCandidates(ctx, source, self.optsWithGlobals()),
      );
  },
};
