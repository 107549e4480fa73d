/** `vis mcp`: the declaration. parse.ts and run.ts, and the MCP SDK, load when it runs. */
import { Option, type Command } from 'commander';
import { examplesAfter, HELP_GROUPS, optionsOf, runOrCapture, toolDescription, type CommandDeclaration } from '../../declare.js';

export const mcpCommand: CommandDeclaration = {
  answers: (word) => word === 'mcp',
  register(program, ctx, _only, runF) {
    program
      .command('mcp')
      .summary('Serve vis to AI agents as an MCP server over stdio')
      .description(
        toolDescription(
          'Run a Model Context Protocol server on stdin and stdout for an AI agent (Claude, Cursor, VS Code). It reads through the same key, profile, base URL, cache and pacing as vis; stdout carries protocol messages only. It ends when stdin closes or on Ctrl-C.',
          'Each tool says what it costs; a connection spends at most --max-reads reads the API charges (cache hits and free reads are not counted).',
        ),
      )
      .addOption(new Option('--max-reads <n>', 'reads the API charges that one connection may spend (default: 20)'))
      .helpGroup(HELP_GROUPS.tools)
      .addHelpText('after', examplesAfter('vis mcp', 'vis --demo mcp', 'claude mcp add vis -- vis mcp'))
      .action(async (_o: unknown, self: Command) => {
        const raw = { ...optionsOf(self), maxReads: self.opts<{ maxReads?: string }>().maxReads };
        const options = (await import('./parse.js')).parseMcpOptions(ctx, raw);
        await runOrCapture(options, runF, async () => (await import('./run.js')).runMcp(options, ctx));
      });
  },
};
