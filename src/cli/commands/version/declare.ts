/**
 * `vis version`: what `vis --version` prints, as a command, as gh has it. Nothing to parse
 * or load, so no parse.ts or run.ts.
 */
import { addExamples, HELP_GROUPS, runOrCapture, toolDescription, type CommandDeclaration } from '../../declare.js';
import { versionText } from '../../version.js';

export const versionCommand: CommandDeclaration = {
  answers: (word) => word === 'version',
  register(program, ctx, _only, runF) {
    addExamples(program.command('version'), 'vis version', 'vis version --verbose')
      .summary('Print the version of vis (also vis --version)')
      .description(
        toolDescription(
          'Print the version of vis, the same as `vis --version` and `vis -V`. With --verbose or --debug, a second line names the Node version and platform, for a bug report.',
          'Sends no request.',
        ),
      )
      .helpGroup(HELP_GROUPS.tools)
      .action(async () => {
        await runOrCapture({ command: 'version' }, runF, async () => void ctx.io.stdout.write(versionText(ctx.version, ctx.verbose || ctx.debug)));
      });
  },
};
