/** `vis help [command...]`: the declaration. parse.ts and run.ts load when it runs. */
import { HELP_TOPICS } from '../../../docs/topics.js';
import { addExamples, HELP_GROUPS, runOrCapture, toolDescription, type CommandDeclaration } from '../../declare.js';

export const helpCommand: CommandDeclaration = {
  // Help for a command needs that command built: never built alone.
  answers: () => false,
  register(program, ctx, _only, runF) {
    const topics = HELP_TOPICS.map((t) => t.name).join(', ');
    addExamples(program.command('help'), 'vis help topics', 'vis help answers runs', 'vis help exit-codes')
      .summary(`Help for a command, or a topic: ${topics}`)
      .description(toolDescription(`Help for a command (the same as \`vis <command> --help\`), or one of the topics: ${topics}.`, 'Sends no request.'))
      .argument('[command...]', `a command and its sub-commands, or a topic (${topics})`)
      .helpGroup(HELP_GROUPS.tools)
      .action(async (words: string[]) => {
        const options = (await import('./parse.js')).parseHelpOptions(program, words);
        await runOrCapture(options, runF, async () => (await import('./run.js')).runHelp(options, ctx));
      });
  },
};
