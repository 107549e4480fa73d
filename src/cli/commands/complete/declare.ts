/**
 * `vis __complete [source]` (hidden): what the completion scripts ask on TAB. It prints
 * candidates or nothing, never an error, so it has no parse step that could refuse: its
 * run.ts swallows every failure.
 */
import type { Command } from 'commander';
import { COMPLETE_COMMAND } from '../../../completion/shells.js';
import type { CommandDeclaration } from '../../declare.js';

export const completeCommand: CommandDeclaration = {
  answers: (word) => word === COMPLETE_COMMAND,
  register(program, ctx) {
    program
      .command(COMPLETE_COMMAND, { hidden: true })
      .description('Candidates for the completion scripts, one a line: brands or profiles. Prints nothing on any error.')
      .argument('[source]', 'brands or profiles')
      .action(async (source: string | undefined, _o: unknown, self: Command) =>
        (await import('./run.js')).printCandidates(ctx, source, self.optsWithGlobals()),
      );
  },
};
