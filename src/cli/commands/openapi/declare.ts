/** `vis openapi`: the declaration. parse.ts and run.ts load when it runs. */
import type { Command } from 'commander';
import { addOutputOptions, addExamples, HELP_GROUPS, optionsOf, runOrCapture, toolDescription, type CommandDeclaration } from '../../declare.js';

export const openapiCommand: CommandDeclaration = {
  answers: (word) => word === 'openapi',
  register(program, ctx, _only, runF) {
    // The document as received: --format json only (parse.ts refuses table and csv).
    addOutputOptions(addExamples(program.command('openapi'), 'vis openapi > openapi.json', "vis --demo openapi | jq '.paths | keys'"), { table: false })
      .summary('Print the API’s OpenAPI description ({base_url}/openapi.json)')
      .description(toolDescription('Print the API’s OpenAPI description as received.', 'Calls GET /openapi.json. Available on every plan.'))
      .helpGroup(HELP_GROUPS.tools)
      .action(async (_o: unknown, self: Command) => {
        const options = (await import('./parse.js')).parseOpenapiOptions(ctx, optionsOf(self));
        await runOrCapture(options, runF, async () => (await import('./run.js')).runOpenapi(options, ctx));
      });
  },
};
