/** `vis api <path>`: the declaration. parse.ts and run.ts load when it runs. */
import { addRequestOptions, addExamples, HELP_GROUPS, parseThenRun, toolDescription, type CommandDeclaration } from '../../declare.js';

export const apiCommand: CommandDeclaration = {
  answers: (word) => word === 'api',
  register(program, ctx, _only, runF) {
    // A raw call: every shared option is sent or applied (brand, market and period as query parameters).
    addRequestOptions(addExamples(program.command('api <path>'), 'vis api /topics --param days=30', 'vis api /tasks --param status=done --format csv'), 'table')
      .summary('Raw GET of any API path, for what the commands do not cover yet')
      .description(
        toolDescription(
          'GET any path under the base URL and print the answer: the JSON envelope as received, unless --format says otherwise (VIS_FORMAT and the profile’s format do not apply). The brand and market options are added as query parameters when given.',
          'Calls GET <path>: one read, except the free /usage and /brands. The plan needed is the endpoint’s.',
        ),
      )
      .helpGroup(HELP_GROUPS.tools)
      .action(
        parseThenRun(
          runF,
          async (raw, [path]) => (await import('./parse.js')).parseApiOptions(ctx, path as string, raw),
          async (options) => (await import('./run.js')).runApi(options, ctx),
        ),
      );
  },
};
