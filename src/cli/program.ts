/**
 * The root program: its global options and help layout, and the registration of every
 * command from the table of declarations below. Each command lives in its own folder,
 * src/cli/commands/<noun>/: declare.ts (its commander declaration, light), parse.ts
 * (argv, environment and profile to typed, checked options) and run.ts (run(options,
 * ctx)); the data commands share one folder, declared from the endpoint table. Global
 * options live on the root and are recognised before or after the command words
 * (`vis --demo topics` and `vis topics --demo` both work).
 */
import { Command, Help, Option } from 'commander';
import { HELP_TOPICS } from '../docs/topics.js';
import type { Context } from './context.js';
import { collect, HELP_GROUPS, type CommandDeclaration, type RunF } from './declare.js';
import { FORMATS, commandWord } from '../flags/names.js';
import { dataCommands } from './commands/data/declare.js';
import { authCommand } from './commands/auth/declare.js';
import { configCommand } from './commands/config/declare.js';
import { apiCommand } from './commands/api/declare.js';
import { openapiCommand } from './commands/openapi/declare.js';
import { exportCommand } from './commands/export/declare.js';
import { sandboxCommand } from './commands/sandbox/declare.js';
import { completionCommand } from './commands/completion/declare.js';
import { completeCommand } from './commands/complete/declare.js';
import { helpCommand } from './commands/help/declare.js';

/** Every command, in the order `vis --help` lists them within their groups. */
const COMMANDS: readonly CommandDeclaration[] = [
  dataCommands,
  authCommand,
  configCommand,
  apiCommand,
  openapiCommand,
  exportCommand,
  sandboxCommand,
  completionCommand,
  completeCommand,
  helpCommand,
];

/** `vis --help` lists the groups in this order, whatever order the commands were added in. */
const GROUP_ORDER: readonly string[] = [HELP_GROUPS.data, HELP_GROUPS.account, HELP_GROUPS.tools];

function groupRank(heading: string): number {
  const i = GROUP_ORDER.indexOf(heading);
  return i < 0 ? GROUP_ORDER.length : i;
}

/** The help layout shared by every command (sub-commands inherit it). */
const HELP_CONFIGURATION = {
  showGlobalOptions: true,
  sortSubcommands: false,
  groupItems<T extends Command | Option>(this: Help, unsorted: T[], visible: T[], getGroup: (item: T) => string): Map<string, T[]> {
    const groups = Help.prototype.groupItems.bind(this)(unsorted, visible, getGroup);
    return new Map([...groups].sort(([a], [b]) => groupRank(a) - groupRank(b)));
  },
};

/** The global options of contract section 2, shared by every data command. */
export function addGlobalOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('-b, --brand <id|name>', 'brand id, or a brand name (env VIS_BRAND)'))
    .addOption(new Option('-m, --market <code|id>', 'market: US-en, US, or a market id (env VIS_MARKET)'))
    .addOption(new Option('-d, --days <n>', 'period: days back ending today, 1-90'))
    .addOption(new Option('--from <date>', 'period start, YYYY-MM-DD (at most 90 days before --to)'))
    .addOption(new Option('--to <date>', 'period end, YYYY-MM-DD (default today; needs --from)'))
    .addOption(new Option('-f, --format <format>', 'table, json or csv (env VIS_FORMAT)').choices(FORMATS))
    .addOption(new Option('-o, --output <file>', 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'))
    .addOption(new Option('--columns <a,b,c>', 'csv/table: pick and order columns'))
    .addOption(new Option('--rows <key>', 'csv/table: use this array inside data as the rows'))
    .addOption(new Option('--wide', 'table: keep long text whole'))
    .addOption(new Option('--param <key=value>', 'add a query parameter verbatim (repeatable)').argParser(collect))
    .addOption(new Option('--profile <name>', 'saved profile to use (env VIS_PROFILE)'))
    .addOption(new Option('--base-url <url>', 'API base address ending in /api/v1 (env VIS_BASE_URL)'))
    .addOption(new Option('--demo', 'use the built-in sandbox: no key or network needed (env VIS_DEMO=1)'))
    .addOption(new Option('--timeout <seconds>', 'per request, default 30'))
    .addOption(new Option('-q, --quiet', 'no spinner, progress or warnings on stderr'))
    .addOption(new Option('--debug', 'log each request to stderr; the key is never shown (env VIS_DEBUG=1)'))
    .addOption(new Option('--no-color', 'no colour (also NO_COLOR; FORCE_COLOR forces it)'));
}

/**
 * Builds the program. With `argv`, only the command that argv names is built (with the
 * root and its global options): `vis usage` need not build thirty other commands and
 * their options first (issue 8). When argv names no known command (root help, a typo,
 * `vis help ...`, `vis completion ...`, which walk the whole tree), everything is built,
 * so help, suggestions and errors are exactly those of the full program.
 *
 * With `runF`, every command hands its parsed options to runF instead of running them
 * (tests stop after parsing: nothing opened, nothing sent).
 */
export function buildProgram(ctx: Context, argv?: readonly string[], runF?: RunF): Command {
  const program = new Command('vis')
    .description('The Brand AI-Visibility Read API from the terminal: topic scores, AI answers, competitors, sources and more.')
    .version(ctx.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true)
    .configureHelp(HELP_CONFIGURATION)
    .addHelpText(
      'after',
      [
        '',
        'Get started without an account: vis --demo topics',
        `More help: vis help <command>, ${HELP_TOPICS.map((t) => `vis help ${t.name}`).join(', ')}.`,
        'Shell completion: vis completion --help. Docs: README.md.',
        '',
      ].join('\n'),
    );
  addGlobalOptions(program);

  const word = argv === undefined ? undefined : commandWord(argv);
  const alone = word === undefined ? undefined : COMMANDS.find((c) => c.answers(word));
  for (const command of COMMANDS) {
    if (alone && command !== alone) continue;
    command.register(program, ctx, alone ? word : undefined, runF);
  }
  return program;
}
