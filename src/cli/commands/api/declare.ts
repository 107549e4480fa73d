/** `vis api <path>`: the declaration. parse.ts and run.ts load when it runs. */
import type { Command } from 'commander';
import {
  addBrandOption,
  addCacheOptions,
  addMarketOption,
  addOutputOptions,
  addParamOption,
  addPeriodOptions,
  examplesAfter,
  HELP_GROUPS,
  optionsOf,
  runOrCapture,
  toolDescription,
  type CommandDeclaration,
} from '../../declare.js';

export const apiCommand: CommandDeclaration = {
  answers: (word) => word === 'api',
  register(program, ctx, _only, runF) {
    // A raw call: every shared option is sent or applied (brand, market and period as query parameters).
    const api = program.command('api <path>');
    for (const add of [
      addBrandOption,
      addMarketOption,
      (c: Command) => addPeriodOptions(c, 'range'),
      (c: Command) => addOutputOptions(c, { table: true }),
      addCacheOptions,
      addParamOption,
    ])
      add(api);
    api
      .summary('Raw GET of any API path, for what the commands do not cover yet')
      .description(
        toolDescription(
          'GET any path under the base URL and print the answer: the JSON envelope as received, unless --format says otherwise (VIS_FORMAT and the profile’s format do not apply). The brand and market options are added as query parameters when given.',
          'Calls GET <path>: one read, except the free /usage and /brands. The plan needed is the endpoint’s.',
        ),
      )
      .helpGroup(HELP_GROUPS.tools)
      .addHelpText('after', examplesAfter('vis api /topics --param days=30', 'vis api /tasks --param status=done --format csv'))
      .action(async (path: string, _o: unknown, self: Command) => {
        const options = (await import('./parse.js')).parseApiOptions(ctx, path, optionsOf(self));
        await runOrCapture(options, runF, async () => (await import('./run.js')).runApi(options, ctx));
      });
  },
};
