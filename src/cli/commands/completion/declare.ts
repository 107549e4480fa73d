/**
 * `vis completion <shell>`: prints the script made from the whole program. commander
 * checks the shell (its choices), so there is nothing else to parse.
 *
 * `vis __complete [source]` (hidden): what those scripts ask on TAB. It prints candidates
 * or nothing, never an error, so it has no parse step that could refuse: candidates.ts
 * swallows every failure.
 */
import { Argument, type Command } from 'commander';
import { COMPLETE_COMMAND, SHELLS, type Shell } from '../../../completion/shells.js';
export { COMPLETE_COMMAND } from '../../../completion/shells.js';
import { addExamples, HELP_GROUPS, optionsOf, runOrCapture, toolDescription, type CommandDeclaration } from '../../declare.js';

export interface CompletionOptions {
  command: 'completion';
  shell: Shell;
}

export const completionCommand: CommandDeclaration = {
  // The script walks every command: never built alone.
  answers: () => false,
  register(program, ctx, _only, runF) {
    addExamples(
      program.command('completion'),
      'vis completion bash > ~/.local/share/bash-completion/completions/vis',
      'vis completion zsh > ~/.zfunc/_vis',
      'vis completion fish > ~/.config/fish/completions/vis.fish',
    )
      .summary('Print the shell completion script for bash, zsh or fish')
      .description(
        toolDescription(
          [
            'Print the completion script of a shell: commands, sub-commands, flags and their values, profile names, and brand names for --brand.',
            '',
            'bash: save it as ~/.local/share/bash-completion/completions/vis',
            '      (or source it from ~/.bashrc)',
            'zsh:  save it as _vis in a folder on $fpath, before compinit runs',
            'fish: save it as ~/.config/fish/completions/vis.fish',
          ].join('\n'),
          'Sends no request. When TAB completes --brand, the script asks `vis __complete brands`, which calls GET /brands (free: no read spent) at most once a day per account and is silent when offline.',
        ),
      )
      .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
      .helpGroup(HELP_GROUPS.tools)
      .action(async (shell: Shell) => {
        const options: CompletionOptions = { command: 'completion', shell };
        await runOrCapture(options, runF, async () => {
          const { completionScript } = await import('../../../completion/index.js');
          ctx.io.stdout.write(completionScript(shell, program));
        });
      });
  },
};

export const completeCommand: CommandDeclaration = {
  answers: (word) => word === COMPLETE_COMMAND,
  register(program, ctx) {
    // Never refuses: it prints candidates or nothing, whatever the script passes along.
    program
      .command(COMPLETE_COMMAND, { hidden: true })
      .allowUnknownOption()
      .allowExcessArguments()
      .description('Candidates for the completion scripts, one a line: brands or profiles. Prints nothing on any error.')
      .argument('[source]', 'brands or profiles')
      .action(async (source: string | undefined, _o: unknown, self: Command) =>
        (await import('../completion/candidates.js')).printCandidates(ctx, source, optionsOf(self)),
      );
  },
};
