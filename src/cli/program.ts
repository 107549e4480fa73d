/**
 * The root program: its global options and help layout, and the registration of every
 * command from the table of declarations below. Each command lives in its own folder,
 * src/cli/commands/<noun>/: declare.ts (its commander declaration, light), parse.ts
 * (argv, environment and profile to typed, checked options) and run.ts (run(options,
 * ctx)); the data commands share one folder, declared from the endpoint table. Only the
 * true global options live on the root, recognised before or after the command words
 * (`vis --demo topics` and `vis topics --demo` both work); every other option is declared
 * by the commands that take it (the helpers in declare.ts), so commander refuses it
 * elsewhere, in vis's words (option-errors.ts).
 */
import { Command, CommanderError, Help, Option } from 'commander';
import { HELP_TOPICS } from '../docs/topics.js';
import type { Context } from '../services/context.js';
import { HELP_GROUPS, type CommandDeclaration, type RunF } from './declare.js';
import { explainOptionError, misplacedOptions, optionsNotTaken } from './option-errors.js';
import { commandWord } from '../flags/argv.js';
import { COMMAND_OPTIONS } from '../flags/command-options.js';
import { GLOBAL_OPTIONS } from '../flags/globals.js';
import { dataCommands } from './commands/data/declare.js';
import { authCommand } from './commands/auth/declare.js';
import { configCommand } from './commands/config/declare.js';
import { cacheCommand } from './commands/cache/declare.js';
import { apiCommand } from './commands/api/declare.js';
import { openapiCommand } from './commands/openapi/declare.js';
import { exportCommand } from './commands/export/declare.js';
import { sandboxCommand } from './commands/sandbox/declare.js';
import { completeCommand, completionCommand } from './commands/completion/declare.js';
import { helpCommand } from './commands/help/declare.js';

/** Every command, in the order `vis --help` lists them within their groups. */
const COMMANDS: readonly CommandDeclaration[] = [
  dataCommands,
  authCommand,
  configCommand,
  cacheCommand,
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

const SHARED_FLAGS: ReadonlySet<string> = new Set(COMMAND_OPTIONS.map((o) => o.flags));

/**
 * The help layout shared by every command (sub-commands inherit it). A command's help
 * lists its own options, then the global ones: the root's, which every command takes
 * (not a parent command's own: `vis answers runs --help` shows no option of `vis answers`).
 */
const HELP_CONFIGURATION = {
  showGlobalOptions: true,
  sortSubcommands: false,
  visibleGlobalOptions(this: Help, cmd: Command): Option[] {
    let root = cmd;
    while (root.parent) root = root.parent;
    return root === cmd ? [] : root.options.filter((o) => !o.hidden && o.long !== '--version');
  },
  // `[options]` marks the commands with options of their own (`tasks [options] [id]`):
  // the shared ones (brand, format, ...) most commands take say nothing in a list of commands.
  subcommandTerm(this: Help, cmd: Command): string {
    const term = Help.prototype.subcommandTerm.call(this, cmd);
    return cmd.options.some((o) => !SHARED_FLAGS.has(o.flags)) ? term : term.replace(' [options]', '');
  },
  groupItems<T extends Command | Option>(this: Help, unsorted: T[], visible: T[], getGroup: (item: T) => string): Map<string, T[]> {
    const groups = Help.prototype.groupItems.bind(this)(unsorted, visible, getGroup);
    return new Map([...groups].sort(([a], [b]) => groupRank(a) - groupRank(b)));
  },
};

/** The true global options (src/flags/globals.ts, README's Global options), on the root. */
export function addGlobalOptions(cmd: Command): Command {
  for (const g of GLOBAL_OPTIONS) cmd.addOption(new Option(g.flags, g.description));
  return cmd;
}

function allCommands(cmd: Command): Command[] {
  return [cmd, ...cmd.commands.flatMap(allCommands)];
}

/**
 * Builds the program. With `argv`, only the command that argv names is built (with the
 * root and its global options): `vis usage` need not build thirty other commands and
 * their options first: start-up time is paid on every run. When argv names no known
 * command (root help, a typo, `vis help ...`, `vis completion ...`, which walk the whole
 * tree), everything is built, so help, suggestions and errors are exactly those of the
 * full program.
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
  // Every command throws instead of exiting; an option it does not take (or typed before
  // the command words) is explained in vis's words, as a UsageError (exit 2), before any
  // action runs. The whole program is built only then, to tell a misplaced option from
  // one no command takes.
  const full = () => (alone ? buildProgram(ctx) : program);
  for (const c of allCommands(program)) {
    c.exitOverride((err: CommanderError) => {
      throw explainOptionError(err, program, full);
    });
    // A command with sub-commands (`vis answers history`) takes, wherever they are typed,
    // the options it shares with them (optionsOf in declare.ts hands them down); typed
    // before the sub-command's word, or not taken by it, they are refused here.
    if (c !== program && c.commands.length > 0) {
      c.hook('preSubcommand', (parent, sub) => {
        const refusal = misplacedOptions(program) ?? optionsNotTaken(parent, sub);
        if (refusal) throw refusal;
      });
    }
  }
  return program;
}
