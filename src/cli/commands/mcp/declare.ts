/** `vis mcp`: the declaration. parse.ts and run.ts, and the MCP SDK, load when it runs. */
import { Option, type Command } from 'commander';
import { addExamples, HELP_GROUPS, optionsOf, runOrCapture, toolDescription, type CommandDeclaration } from '../../declare.js';

export const mcpCommand: CommandDeclaration = {
  answers: (word) => word === 'mcp',
  register(program, ctx, _only, runF) {
    addExamples(program.command('mcp'), 'vis mcp', 'vis --demo mcp', 'vis mcp --max-reads 50')
      .summary('Serve vis to AI agents as an MCP server over stdio')
      .description(
        toolDescription(
          'Run a Model Context Protocol server on stdin and stdout for an AI agent (Claude, Cursor, VS Code). It reads through the same key, profile, base URL, cache and pacing as vis; stdout carries protocol messages only. It ends when stdin closes or on Ctrl-C.',
          'One tool per data command (named as its endpoint: topics, topics_get, answers_runs), plus brands, markets, usage, history and changes; each says what it costs and the plan it needs. Calls GET /<endpoint> for each data tool called (POST /pitches only with --allow-pitches). A connection spends at most --max-reads reads the API charges (cache hits and free reads are not counted), and a result larger than --max-bytes is cut to whole records with a note saying how to narrow. No secret (key, database password, webhook URL) is ever sent. In Claude Code: claude mcp add vis -- vis mcp; every client’s setup and every tool: docs/mcp.md.',
        ),
      )
      .addOption(new Option('--max-reads <n>', 'reads the API charges that one connection may spend (default: 20)'))
      .addOption(new Option('--max-bytes <n>', 'the largest result sent, in bytes, 1000-10000000 (default: 100000)'))
      .addOption(new Option('--allow-pitches', 'offer the tool that creates a pitch report (it spends one of the month’s)'))
      .helpGroup(HELP_GROUPS.tools)
      .action(async (_o: unknown, self: Command) => {
        const own = self.opts<{ maxReads?: string; maxBytes?: string; allowPitches?: boolean }>();
        const raw = { ...optionsOf(self), maxReads: own.maxReads, maxBytes: own.maxBytes, allowPitches: own.allowPitches };
        const options = (await import('./parse.js')).parseMcpOptions(ctx, raw);
        await runOrCapture(options, runF, async () => (await import('./run.js')).runMcp(options, ctx));
      });
  },
};
