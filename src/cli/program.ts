/**
 * The root program: its global options and help layout, the registration of every
 * command from the table of declarations below, and the list of commands (COMMAND_LIST)
 * `vis --help` shows without building them. Each command lives in its own folder,
 * src/cli/commands/<noun>/: declare.ts (its commander declaration, light), parse.ts
 * (argv, environment and profile to typed, checked options) and run.ts (run(options,
 * ctx)); the data commands share one folder, declared from the endpoint table. Only the
 * true global options live on the root, recognised before or after the command words
 * (`vis --demo topics` and `vis topics --demo` both work); every other option is declared
 * by the commands that take it (the helpers in declare.ts), so commander refuses it
 * elsewhere, in vis's words (option-errors.ts).
 */
import { Command, CommanderError, Help, Option, type Argument } from 'commander';
import { HELP_TOPICS } from '../docs/topics.js';
import type { Context } from '../services/context.js';
import { layoutHelp, MIN_WIDTH_TO_WRAP, type HelpPage } from './help-layout.js';
import { addHelpParagraphs, HELP_GROUPS, helpExtras, type CommandDeclaration, type CommandListing, type RunF } from './declare.js';
import { explainOptionError, misplacedOptions, optionsNotTaken } from './option-errors.js';
import { commandWord } from '../flags/argv.js';
import { COMMAND_OPTIONS } from '../flags/command-options.js';
import { GLOBAL_OPTIONS } from '../flags/globals.js';
import { plainCommands } from '../text/commands.js';
import { dataCommands, dataListings } from './commands/data/declare.js';
import { authCommand } from './commands/auth/declare.js';
import { configCommand } from './commands/config/declare.js';
import { cacheCommand } from './commands/cache/declare.js';
import { apiCommand } from './commands/api/declare.js';
import { openapiCommand } from './commands/openapi/declare.js';
import { exportCommand } from './commands/export/declare.js';
import { reportCommand } from './commands/report/declare.js';
import { changesCommand } from './commands/changes/declare.js';
import { historyCommand } from './commands/history/declare.js';
import { sandboxCommand } from './commands/sandbox/declare.js';
import { mcpCommand } from './commands/mcp/declare.js';
import { COMPLETE_COMMAND, completeCommand, completionCommand } from './commands/completion/declare.js';
import { helpCommand } from './commands/help/declare.js';
import { versionCommand } from './commands/version/declare.js';
import { versionText } from './version.js';

/** Every command, in the order `vis --help` lists them within their groups. */
const COMMANDS: readonly CommandDeclaration[] = [
  dataCommands,
  changesCommand,
  historyCommand,
  authCommand,
  configCommand,
  cacheCommand,
  apiCommand,
  openapiCommand,
  exportCommand,
  reportCommand,
  sandboxCommand,
  mcpCommand,
  completionCommand,
  completeCommand,
  versionCommand,
  helpCommand,
];

const SHARED_FLAGS: ReadonlySet<string> = new Set(COMMAND_OPTIONS.map((o) => o.flags));

/** Every command's line in `vis --help`, in the order of COMMANDS. */
export const COMMAND_LIST: readonly CommandListing[] = [
  ...dataListings(),
  {
    name: 'changes',
    summary: 'What changed between the two newest recorded days: topics, answer states, competitors, pages, issues',
    group: HELP_GROUPS.data,
    usage: '[options]',
  },
  { name: 'history', summary: 'What data commands read, day by day: a series, a check, pruning', group: HELP_GROUPS.data },
  { name: 'auth', summary: 'Log in, log out, and see which key is in use', group: HELP_GROUPS.account },
  { name: 'config', summary: 'Read and change saved settings (base URL, brand, market, format)', group: HELP_GROUPS.account },
  { name: 'cache', summary: 'The local response cache: status and clear', group: HELP_GROUPS.account },
  { name: 'api', summary: 'Raw GET of any API path, for what the commands do not cover yet', group: HELP_GROUPS.tools, usage: '<path>' },
  { name: 'openapi', summary: 'Print the API’s OpenAPI description ({base_url}/openapi.json)', group: HELP_GROUPS.tools },
  { name: 'export', summary: 'Write every endpoint to files (csv or json) with a manifest, for cron jobs', group: HELP_GROUPS.tools, usage: '[options]' },
  { name: 'report', summary: 'The client report: one self-contained HTML file with charts, and PDF', group: HELP_GROUPS.tools, usage: '[options]' },
  { name: 'sandbox', summary: 'Serve the whole API on loopback from built-in data, with demo keys', group: HELP_GROUPS.tools, usage: '[options]' },
  { name: 'mcp', summary: 'Serve vis to AI agents as an MCP server over stdio', group: HELP_GROUPS.tools, usage: '[options]' },
  { name: 'completion', summary: 'Print the shell completion script for bash, zsh or fish', group: HELP_GROUPS.tools, usage: '<shell>' },
  { name: COMPLETE_COMMAND, summary: '', group: '', usage: '[source]', hidden: true },
  { name: 'version', summary: 'Print the version of vis (also vis --version)', group: HELP_GROUPS.tools },
  {
    name: 'help',
    summary: `Help for a command, or a topic: ${HELP_TOPICS.map((t) => t.name).join(', ')}`,
    group: HELP_GROUPS.tools,
    usage: '[command...]',
  },
];

/** The term of a listed command in `vis --help` (commander's, from the listing). */
const LISTED_TERMS = new WeakMap<Command, string>();

/** A command of the list alone, for the root's help: names, summary and group, nothing to run. */
function addListing(program: Command, l: CommandListing): void {
  const cmd = program.command(l.name, { hidden: l.hidden }).summary(l.summary).helpGroup(l.group);
  if (l.aliases) cmd.aliases(l.aliases);
  const names = l.aliases?.length ? `${l.name}|${l.aliases[0]}` : l.name;
  LISTED_TERMS.set(cmd, l.usage ? `${names} ${l.usage}` : names);
}

/** `vis --help` lists the groups in this order, whatever order the commands were added in. */
const GROUP_ORDER: readonly string[] = [HELP_GROUPS.data, HELP_GROUPS.account, HELP_GROUPS.tools];

function groupRank(heading: string): number {
  const i = GROUP_ORDER.indexOf(heading);
  return i < 0 ? GROUP_ORDER.length : i;
}

/** What commander calls the help command it adds to a group (`vis config help get`). */
const COMMANDER_HELP_COMMAND = 'display help for command';

/** The option or argument as help describes it: without its choices when its description names each one. */
function choicesUnlessNamed<T extends Option | Argument>(item: T): T {
  const choices = item.argChoices;
  const words = new Set(item.description.split(/[^\w-]+/));
  if (!choices || !choices.every((c) => words.has(c))) return item;
  return Object.assign(Object.create(Object.getPrototypeOf(item) as object) as T, item, { argChoices: undefined });
}

/**
 * The help layout shared by every command (sub-commands inherit it), as gh lays it out:
 * usage, description, arguments, the sub-commands, the command's own options, then the
 * global ones under their own title (the root's, which every command takes; not a parent
 * command's own: `vis answers runs --help` shows no option of `vis answers`), then any
 * section and closing paragraph the command adds (declare.ts), then its examples. The
 * root lists its commands first: they are what `vis --help` is read for.
 */
const HELP_CONFIGURATION = {
  showGlobalOptions: true,
  // Commander leaves text unwrapped, one long line the terminal cuts mid-word, when it has
  // fewer than 40 columns for it (a description beside a long term at 80 columns): always wrap.
  minWidthToWrap: MIN_WIDTH_TO_WRAP,
  sortSubcommands: false,
  visibleGlobalOptions(this: Help, cmd: Command): Option[] {
    let root = cmd;
    while (root.parent) root = root.parent;
    return root === cmd ? [] : root.options.filter((o) => !o.hidden && o.long !== '--version');
  },
  // `[options]` marks the commands with options of their own (`tasks [options] [id]`):
  // the shared ones (brand, format, ...) most commands take say nothing in a list of commands.
  subcommandTerm(this: Help, cmd: Command): string {
    const listed = LISTED_TERMS.get(cmd);
    if (listed !== undefined) return listed;
    const term = Help.prototype.subcommandTerm.call(this, cmd);
    return cmd.options.some((o) => !SHARED_FLAGS.has(o.flags)) ? term : term.replace(' [options]', '');
  },
  // A description that names every choice (`table, json or csv`) says it already; commander's
  // `(choices: ...)` would say it twice. The choices still check the value and feed completion.
  optionDescription(this: Help, option: Option): string {
    return Help.prototype.optionDescription.call(this, choicesUnlessNamed(option));
  },
  argumentDescription(this: Help, argument: Argument): string {
    return Help.prototype.argumentDescription.call(this, choicesUnlessNamed(argument));
  },
  // The help command commander adds to a group, worded like every other row and like vis's own.
  subcommandDescription(this: Help, cmd: Command): string {
    const text = Help.prototype.subcommandDescription.call(this, cmd);
    return text === COMMANDER_HELP_COMMAND ? 'Help for a command' : text;
  },
  groupItems<T extends Command | Option>(this: Help, unsorted: T[], visible: T[], getGroup: (item: T) => string): Map<string, T[]> {
    const groups = Help.prototype.groupItems.bind(this)(unsorted, visible, getGroup);
    return new Map([...groups].sort(([a], [b]) => groupRank(a) - groupRank(b)));
  },
  formatHelp(this: Help, cmd: Command, helper: Help): string {
    return layoutHelp(helpPage(cmd, helper), helper);
  },
};

/**
 * What a command's help page lists, before it is laid out at a width (layoutHelp): usage,
 * description, arguments, the sub-commands, the command's own options, then the global
 * ones under their own title, then any section and closing paragraph the command adds
 * (declare.ts). Help is read on a terminal: a command the texts quote as Markdown is its
 * bare words here. The build writes these pages for `vis [command...] --help` (src/boot/help.ts).
 */
export function helpPage(cmd: Command, helper: Help): HelpPage {
  const extras = helpExtras(cmd);
  const termWidth = Math.max(helper.padWidth(cmd, helper), ...extras.sections.flatMap((s) => s.rows.map(([term]) => term.length)));
  const lists: HelpPage['lists'] = [];
  const list = (heading: string, rows: Array<[string, string]>) => lists.push([heading, rows.map(([term, markdown]) => [term, plainCommands(markdown)])]);
  list(
    'Arguments:',
    helper.visibleArguments(cmd).map((a) => [helper.argumentTerm(a), helper.argumentDescription(a)]),
  );
  const commands = helper.groupItems(cmd.commands as Command[], helper.visibleCommands(cmd), (sub) => sub.helpGroup() || 'Commands:');
  for (const [group, subs] of commands)
    list(
      group,
      subs.map((sub) => [helper.subcommandTerm(sub), helper.subcommandDescription(sub)]),
    );
  // The root's options are the global ones: every command takes them.
  const ownTitle = cmd.parent ? 'Options:' : 'Global options:';
  const options = helper.groupItems(cmd.options as Option[], helper.visibleOptions(cmd), (o) => o.helpGroupHeading ?? ownTitle);
  for (const [group, opts] of options)
    list(
      group,
      opts.map((o) => [helper.optionTerm(o), helper.optionDescription(o)]),
    );
  list(
    'Global options:',
    helper.visibleGlobalOptions(cmd).map((o) => [helper.optionTerm(o), helper.optionDescription(o)]),
  );
  for (const section of extras.sections)
    list(
      section.title,
      section.rows.map(([term, text]) => [term, text]),
    );
  return {
    usage: helper.commandUsage(cmd),
    description: plainCommands(helper.commandDescription(cmd)),
    lists,
    termWidth,
    paragraphs: extras.paragraphs.map((p) => plainCommands(p)),
    examples: [...extras.examples],
  };
}

/** The true global options (src/flags/globals.ts, docs/guide.md, Global options), on the root. */
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
 * their options first: start-up time is paid on every run. When argv names no command
 * (`vis`, `vis --help`), the root lists every command from COMMAND_LIST, built from
 * nothing but its names and summary. When argv names no known command (a typo, `vis help
 * ...`, `vis completion ...`, which walk the whole tree), everything is built, so help,
 * suggestions and errors are exactly those of the full program; so is the program an
 * option's refusal is explained from.
 *
 * With `runF`, every command hands its parsed options to runF instead of running them
 * (tests stop after parsing: nothing opened, nothing sent).
 */
export function buildProgram(ctx: Context, argv?: readonly string[], runF?: RunF): Command {
  const program = new Command('vis')
    .description('The Brand AI-Visibility Read API from the terminal: topic scores, AI answers, competitors, sources and more.')
    .version(versionText(ctx.version, ctx.verbose || ctx.debug).trimEnd(), '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true)
    .configureHelp(HELP_CONFIGURATION);
  // Read by people who installed vis, where README.md is no file beside them: the topics,
  // and where the installed package keeps its documentation.
  addHelpParagraphs(
    program,
    'Get started without an account: vis --demo topics',
    `More help: vis help <command>, ${HELP_TOPICS.map((t) => `vis help ${t.name}`).join(', ')}. Shell completion: vis completion --help. ` +
      'Full documentation: README.md and docs/ in the installed package ($(npm root -g)/vis after a global install).',
  );
  addGlobalOptions(program);

  const word = argv === undefined ? undefined : commandWord(argv);
  const alone = word === undefined ? undefined : COMMANDS.find((c) => c.answers(word));
  const listOnly = argv !== undefined && word === undefined;
  if (listOnly) for (const listing of COMMAND_LIST) addListing(program, listing);
  else
    for (const command of COMMANDS) {
      if (alone && command !== alone) continue;
      command.register(program, ctx, alone ? word : undefined, runF);
    }
  // Every command throws instead of exiting; an option it does not take (or typed before
  // the command words) is explained in vis's words, as a UsageError (exit 2), before any
  // action runs. The whole program is built only then, to tell a misplaced option from
  // one no command takes.
  const full = () => (alone || listOnly ? buildProgram(ctx) : program);
  for (const c of allCommands(program)) {
    c.exitOverride((err: CommanderError) => {
      throw explainOptionError(err, c, program, full);
    });
    // Without a sub-command (`vis`, `vis config`) commander shows the help as an error, on
    // stderr; it is what was asked for, so it goes where help goes (exit 0 either way).
    const help = c.help.bind(c);
    c.help = ((context?: { error?: boolean }) => help({ ...context, error: false })) as Command['help'];
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
