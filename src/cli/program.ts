/**
 * Builds the commander program from the endpoint table, plus the commands that are not
 * endpoints (auth, config, api, openapi, sandbox). Global options live on the root and
 * are recognised before or after the command words (`vis --demo topics` and
 * `vis topics --demo` both work).
 */
import { Argument, Command, Help, Option } from 'commander';
import { COMPLETE_COMMAND, SHELLS, type Shell } from '../completion/shells.js';
import { HELP_TOPICS, helpTopic, renderHelpTopic } from '../docs/topics.js';
import { ENDPOINTS, type EndpointSpec, type QueryParam } from '../endpoints.js';
import { UsageError } from '../errors.js';
import type { Context } from './context.js';
import { FORMATS, camel, commandWord, type RawGlobalOptions } from '../flags/names.js';
import type { Invocation } from './run-endpoint.js';

/** The request path (brands, hints, rendering) is loaded only when a data command runs, not for --help. */
async function runEndpoint(ctx: Context, spec: EndpointSpec, inv: Invocation): Promise<void> {
  const { runEndpoint: run } = await import('./run-endpoint.js');
  await run(ctx, spec, inv);
}

const collect = (v: string, prev: string[] = []) => [...prev, v];

export const HELP_GROUPS = {
  data: 'Visibility data:',
  account: 'Account:',
  tools: 'Tools:',
} as const;

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

/** Help text of a command that is not an endpoint: what it does, what it sends, examples. */
function toolDescription(what: string, calls: string): string {
  return `${what}\n\n${calls}`;
}

function examplesAfter(...examples: string[]): string {
  return `\nExamples:\n${examples.map((e) => `  $ ${e}`).join('\n')}\n`;
}

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

function describe(spec: EndpointSpec): string {
  const plan = spec.plan === 'pro' ? ' Needs the Pro or Growth plan.' : ' Available on every plan.';
  const cost = spec.free ? ' Free: no read spent.' : spec.spends ? ` Spends one monthly ${spec.spends.what}.` : ' Costs one read.';
  return `${spec.summary}\n\n${spec.description}\n\nCalls ${spec.method} ${spec.path}.${plan}${cost}`;
}

function examplesText(specs: EndpointSpec[]): string {
  const examples = specs.flatMap((s) => s.examples);
  return examples.length > 0 ? examplesAfter(...examples) : '';
}

function addParamOptions(cmd: Command, params: readonly QueryParam[]): void {
  for (const p of params) {
    if (p.name === 'url' || cmd.options.some((o) => o.long === `--${p.flag}`)) continue;
    cmd.addOption(new Option(`--${p.flag} ${p.placeholder}`, p.description));
  }
}

function invocation(cmd: Command, pathArg: string | undefined, extra: Partial<Invocation> = {}): Invocation {
  const globals = cmd.optsWithGlobals() as RawGlobalOptions;
  let marketFromFlag = false;
  for (let c: Command | null = cmd; c; c = c.parent) {
    if (c.getOptionValueSource('market') === 'cli') marketFromFlag = true;
  }
  return { pathArg, local: cmd.opts(), globals, marketFromFlag, ...extra };
}

/** Options of the list endpoint are refused when an item id is given. */
function refuseListOptions(cmd: Command, list: EndpointSpec | undefined, item: EndpointSpec): void {
  if (!list) return;
  for (const p of list.query) {
    if (cmd.getOptionValue(camel(p.flag)) !== undefined) {
      throw new UsageError(`--${p.flag} applies to the list (vis ${list.words.join(' ')}), not to vis ${item.words.join(' ')} <${item.pathParam?.name}>`);
    }
  }
}

/**
 * Builds the program. With `argv`, only the command that argv names is built (with the
 * root and its global options): `vis usage` need not build thirty other commands and
 * their options first (issue 8). When argv names no known command (root help, a typo,
 * `vis help ...`, `vis completion ...`, which walk the whole tree), everything is built,
 * so help, suggestions and errors are exactly those of the full program.
 */
export function buildProgram(ctx: Context, argv?: readonly string[]): Command {
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

  const byWord = new Map<string, EndpointSpec[]>();
  for (const spec of ENDPOINTS) {
    const w = spec.words[0]!;
    byWord.set(w, [...(byWord.get(w) ?? []), spec]);
  }
  const names = (word: string) => [word, ...(byWord.get(word)?.flatMap((s) => (s.words.length === 1 ? (s.aliases ?? []) : [])) ?? [])];
  const only = argv === undefined ? undefined : commandWord(argv);
  const scoped = only !== undefined && ([...byWord.keys()].some((w) => names(w).includes(only)) || ONE_COMMAND_TOOLS.includes(only));

  for (const [word, specs] of byWord) {
    if (scoped && !names(word).includes(only!)) continue;
    const list = specs.find((s) => s.words.length === 1 && !s.pathParam);
    const item = specs.find((s) => s.words.length === 1 && s.pathParam);
    const subs = specs.filter((s) => s.words.length === 2);
    const main = list ?? item!;
    const cmd = program
      .command(word)
      .summary(main.summary)
      .description(describe(main) + (item && list ? `\n\nWith <${item.pathParam!.name}>: ${item.summary}. Calls ${item.method} ${item.path}.` : ''))
      .helpGroup(HELP_GROUPS[main.group])
      .addHelpText('after', examplesText([main, ...(item && list ? [item] : [])]));
    for (const alias of main.aliases ?? []) cmd.alias(alias);
    if (item) cmd.argument(`${list ? '[' : '<'}${item.pathParam!.name}${list ? ']' : '>'}`, item.pathParam!.description);
    addParamOptions(cmd, main.query);
    // commander passes (arg?, opts, command): the argument only when one is declared.
    cmd.action(async (...args: unknown[]) => {
      const self = args[args.length - 1] as Command;
      const arg = item ? (args[0] as string | undefined) : undefined;
      if (item && arg !== undefined) {
        refuseListOptions(self, list, item);
        await runEndpoint(ctx, item, invocation(self, arg));
      } else {
        await runEndpoint(ctx, main, invocation(self, undefined));
      }
    });

    for (const sub of subs) {
      const sc = cmd
        .command(sub.words[1]!)
        .summary(sub.summary)
        .description(describe(sub))
        .addHelpText('after', examplesText([sub]));
      addParamOptions(sc, sub.query);
      if (sub.body) {
        sc.argument('<domain-or-url>', 'the prospect’s domain or http(s) URL');
        addParamOptions(sc, sub.body.filter((b) => b.name !== 'market'));
        sc.addOption(new Option('--field <key=value>', 'add a body field verbatim (repeatable)').argParser(collect));
        sc.addOption(new Option('-y, --yes', 'do not ask before spending a pitch report'));
        sc.action(async (url: string, opts: { field?: string[]; yes?: boolean }, self: Command) => {
          await runEndpoint(ctx, sub, { ...invocation(self, undefined, { fields: opts.field, yes: opts.yes }), local: { ...self.opts(), url } });
        });
      } else {
        sc.action(async (_opts: unknown, self: Command) => {
          await runEndpoint(ctx, sub, invocation(self, undefined));
        });
      }
    }
  }

  registerToolCommands(program, ctx, scoped ? only : undefined);
  return program;
}

/** Tool commands that can be built alone (help and completion walk the whole program). */
const ONE_COMMAND_TOOLS = ['auth', 'config', 'api', 'openapi', 'export', 'sandbox', COMPLETE_COMMAND];

/** Commands that are not endpoints; each module is loaded only when its command runs. */
function registerToolCommands(program: Command, ctx: Context, only: string | undefined): void {
  const want = (name: string) => only === undefined || only === name;
  const USAGE_CHECK = 'Calls GET /usage (free: no read spent). Available on every plan.';
  const LOCAL_ONLY = 'Sends no request: works on the config file only.';

  if (want('auth')) {
    const auth = program
      .command('auth')
      .summary('Log in, log out, and see which key is in use')
      .description(
        toolDescription(
          'Manage the API key of a profile. The key is read from a hidden prompt or from stdin, never from the command line, and saved in the config file (0600).',
          'Calls GET /usage (free: no read spent) for login and status; logout sends no request. Available on every plan.',
        ),
      )
      .helpGroup(HELP_GROUPS.account)
      .addHelpText('after', examplesAfter('vis auth login --base-url https://api.example.com/api/v1', 'vis auth status'));
    auth
      .command('login')
      .summary('Save an API key for a profile (hidden prompt, or stdin when piped)')
      .description(
        toolDescription(
          'Save an API key for a profile: read from a hidden prompt on a TTY, or from stdin when piped. The key is checked before it is saved.',
          USAGE_CHECK,
        ),
      )
      .addHelpText('after', examplesAfter('vis auth login --base-url https://api.example.com/api/v1', 'vis auth login --profile agency < key.txt'))
      .action(async (_o: unknown, self: Command) => (await import('./commands/auth.js')).authLogin(ctx, self.optsWithGlobals()));
    auth
      .command('status')
      .summary('Which key is in use and where it came from (masked)')
      .description(toolDescription('Which key is in use and where it came from, masked to its last 4 characters, and whether the API accepts it.', USAGE_CHECK))
      .addHelpText('after', examplesAfter('vis auth status', 'vis auth status --profile agency'))
      .action(async (_o: unknown, self: Command) => (await import('./commands/auth.js')).authStatus(ctx, self.optsWithGlobals()));
    auth
      .command('logout')
      .summary('Remove the saved key of the active profile')
      .description(toolDescription('Remove the saved key of the active profile (other settings stay).', LOCAL_ONLY))
      .addHelpText('after', examplesAfter('vis auth logout', 'vis auth logout --profile agency'))
      .action(async (_o: unknown, self: Command) => (await import('./commands/auth.js')).authLogout(ctx, self.optsWithGlobals()));
  }

  if (want('config')) {
    const config = program
      .command('config')
      .summary('Read and change saved settings (base URL, brand, market, format)')
      .description(
        toolDescription(
          'Saved settings, one set per profile: base_url, brand, market, format. The active profile is the one `vis config set profile NAME` chose, unless --profile or VIS_PROFILE says otherwise.',
          LOCAL_ONLY,
        ),
      )
      .helpGroup(HELP_GROUPS.account)
      .addHelpText('after', examplesAfter('vis config set market GB-en', 'vis config list'));
    const configAction =
      (name: 'get' | 'set' | 'unset' | 'list' | 'path') =>
      async (...args: unknown[]) => {
        const self = args[args.length - 1] as Command;
        const { configCommand } = await import('./commands/config.js');
        await configCommand(ctx, name, self.args, self.optsWithGlobals());
      };
    const KEY_ARG = 'profile, base_url, brand, market or format';
    config
      .command('get')
      .argument('<key>', KEY_ARG)
      .summary('Print one setting of the active profile')
      .description(
        toolDescription('Print one setting of the active profile: base_url, brand, market, format; or `profile`, the active profile’s name.', LOCAL_ONLY),
      )
      .addHelpText('after', examplesAfter('vis config get market', 'vis config get profile'))
      .action(configAction('get'));
    config
      .command('set')
      .argument('<key>', KEY_ARG)
      .argument('<value>', 'the new value; for profile, the name of the profile to make active')
      .summary('Change a setting of the active profile, or switch profiles')
      .description(
        toolDescription('Change a setting of the active profile: base_url, brand, market, format; or `profile` to switch the active profile.', LOCAL_ONLY),
      )
      .addHelpText('after', examplesAfter('vis config set market GB-en', 'vis config set profile agency', 'vis config set brand 12 --profile agency'))
      .action(configAction('set'));
    config
      .command('unset')
      .argument('<key>', KEY_ARG)
      .summary('Remove a setting of the active profile')
      .description(
        toolDescription('Remove a setting of the active profile: base_url, brand, market or format; `profile` goes back to the default profile.', LOCAL_ONLY),
      )
      .addHelpText('after', examplesAfter('vis config unset market', 'vis config unset brand --profile agency'))
      .action(configAction('unset'));
    config
      .command('list')
      .summary('All profiles and settings (keys masked)')
      .description(toolDescription('All profiles and their settings, keys masked to their last 4 characters; the active profile is marked.', LOCAL_ONLY))
      .addHelpText('after', examplesAfter('vis config list'))
      .action(configAction('list'));
    config
      .command('path')
      .summary('Where the config file is')
      .description(toolDescription('Print the path of the config file ($VIS_CONFIG_DIR/config.json, else $XDG_CONFIG_HOME/vis/config.json).', LOCAL_ONLY))
      .addHelpText('after', examplesAfter('vis config path'))
      .action(configAction('path'));
  }

  if (want('api')) {
    program
      .command('api <path>')
      .summary('Raw GET of any API path, for what the commands do not cover yet')
      .description(
        toolDescription(
          'GET any path under the base URL and print the answer. The brand and market options are added as query parameters when given.',
          'Calls GET <path>: one read, except the free /usage and /brands. The plan needed is the endpoint’s.',
        ),
      )
      .helpGroup(HELP_GROUPS.tools)
      .addHelpText('after', examplesAfter('vis api /topics --param days=30', 'vis api /openapi.json --format json'))
      .action(async (path: string, _o: unknown, self: Command) => (await import('./commands/api.js')).apiCommand(ctx, path, self.optsWithGlobals()));
  }

  if (want('openapi')) {
    program
      .command('openapi')
      .summary('Print the API’s OpenAPI description ({base_url}/openapi.json)')
      .description(toolDescription('Print the API’s OpenAPI description as received.', 'Calls GET /openapi.json. Available on every plan.'))
      .helpGroup(HELP_GROUPS.tools)
      .addHelpText('after', examplesAfter('vis openapi > openapi.json', "vis --demo openapi | jq '.paths | keys'"))
      .action(async (_o: unknown, self: Command) => (await import('./commands/api.js')).openapiCommand(ctx, self.optsWithGlobals()));
  }

  if (want('export')) {
    program
      .command('export')
      .summary('Write every endpoint to files (csv or json) with a manifest, for cron jobs')
      .description(
        toolDescription(
          'Writes DIR/<brand>/<market>/<endpoint>.csv (or .json) for every data endpoint that needs no argument, then DIR/manifest.json: every file, its rows and period, and what was skipped or failed and why. Item endpoints (topics.get, tasks.get, competitors.get, pitches.get, answers.runs) only with --only: one file per item. Paced under the rate limit; each file written atomically. --format is csv (default) or json.',
          'Calls GET /usage and GET /brands first (free) to plan and check the budget, and refuses (exit 6) when the plan needs more reads than are left. Then one read per file: per brand, market and endpoint; GET /markets (1 read per brand) with --all-markets when /brands does not list them; an item endpoint costs its list plus one read per item. Plan-gated endpoints (403) and unconnected integrations (409) are skipped, not failures.',
        ),
      )
      .helpGroup(HELP_GROUPS.tools)
      .option('--dir <dir>', 'folder to write into (created if missing)')
      .option('--only <ids>', 'export only these endpoint ids, comma-separated (e.g. topics,competitors,topics.get)')
      .option('--all-brands', 'every brand of the account (default: --brand, or the only brand)')
      .option('--all-markets', 'every market of each brand (default: --market, or the primary market)')
      .option('--dry-run', 'print the plan and its cost in reads; read and write nothing')
      .option('--force', 'when the reads left do not cover the plan, export what fits instead of refusing')
      .addHelpText(
        'after',
        examplesAfter(
          'vis export --dir ./export --dry-run',
          'vis export --dir /data/vis/$(date +%F) --all-brands --all-markets --quiet',
          'vis export --dir ./topics --only topics,topics.get --format json',
        ),
      )
      .action(async (_o: unknown, self: Command) => (await import('./commands/export.js')).exportCommand(ctx, self.optsWithGlobals()));
  }

  if (want('sandbox')) {
    program
      .command('sandbox')
      .summary('Serve the whole API on loopback from built-in data, with demo keys')
      .description(
        toolDescription(
          'Serves the API on a loopback address until Ctrl-C, and prints its base URL and the demo keys.',
          'Sends no request: it is the server, with built-in demo accounts on every plan.',
        ),
      )
      .helpGroup(HELP_GROUPS.tools)
      .option('--port <n>', 'port to listen on (default: a free one)')
      .option('--host <address>', 'loopback address to listen on', '127.0.0.1')
      .addHelpText('after', examplesAfter('vis sandbox --port 8787', 'VIS_BASE_URL=http://127.0.0.1:8787/api/v1 VIS_API_KEY=vis_demo_growth vis topics'))
      .action(async (opts: { port?: string; host: string }) => (await import('./commands/sandbox.js')).sandboxCommand(ctx, opts));
  }

  if (want('completion')) {
    program
      .command('completion')
      .summary('Print the shell completion script for bash, zsh or fish')
      .description(
        toolDescription(
          [
            'Print the completion script of a shell: commands, sub-commands, flags and their values, profile names, and brand names for --brand.',
            '',
            'bash: save it as ~/.local/share/bash-completion/completions/vis',
            '      (or source it from ~/.bashrc)',
            'zsh:  save it as _vis in a folder on $fpath, before compinit runs',
            'fish: save it as ~/.config/fish/completions/vis.fish',
          ].join('\n'),
          'Sends no request. When TAB completes --brand, the script asks `vis __complete brands`, which calls GET /brands (free: no read spent) at most once a day per account and is silent when offline.',
        ),
      )
      .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
      .helpGroup(HELP_GROUPS.tools)
      .addHelpText(
        'after',
        examplesAfter(
          'vis completion bash > ~/.local/share/bash-completion/completions/vis',
          'vis completion zsh > ~/.zfunc/_vis',
          'vis completion fish > ~/.config/fish/completions/vis.fish',
        ),
      )
      .action(async (shell: Shell) => {
        const { completionScript } = await import('../completion/index.js');
        ctx.io.stdout.write(completionScript(shell, program));
      });
  }

  if (want(COMPLETE_COMMAND)) {
    program
      .command(COMPLETE_COMMAND, { hidden: true })
      .description('Candidates for the completion scripts, one a line: brands or profiles. Prints nothing on any error.')
      .argument('[source]', 'brands or profiles')
      .action(async (source: string | undefined, _o: unknown, self: Command) =>
        (await import('./commands/complete.js')).printCandidates(ctx, source, self.optsWithGlobals()),
      );
  }

  if (want('help')) {
    const topics = HELP_TOPICS.map((t) => t.name).join(', ');
    program
      .command('help')
      .summary(`Help for a command, or a topic: ${topics}`)
      .description(toolDescription(`Help for a command (the same as \`vis <command> --help\`), or one of the topics: ${topics}.`, 'Sends no request.'))
      .argument('[command...]', `a command and its sub-commands, or a topic (${topics})`)
      .helpGroup(HELP_GROUPS.tools)
      .addHelpText('after', examplesAfter('vis help topics', 'vis help answers runs', 'vis help exit-codes'))
      .action((words: string[]) => showHelp(ctx, program, words));
  }
}

/**
 * `vis help [words...]`: commander's own help command only knows commands, so this one
 * replaces it, with the same output for commands plus the topics.
 */
function showHelp(ctx: Context, program: Command, words: string[]): void {
  const topic = words.length === 1 ? helpTopic(words[0]!) : undefined;
  if (topic) {
    // Fitted like commander's help: the terminal's width, or 80 when not a terminal.
    ctx.io.stdout.write(renderHelpTopic(topic, ctx.io.stdoutIsTTY ? ctx.io.columns : 80));
    return;
  }
  let target = program;
  for (const word of words) {
    const next = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) {
      const asked = ['vis', ...words.slice(0, words.indexOf(word) + 1)].join(' ');
      throw new UsageError(`no help for "${asked}": not a command or help topic`, {
        hint: `Run \`vis --help\` for the commands; topics: ${HELP_TOPICS.map((t) => t.name).join(', ')}.`,
      });
    }
    target = next;
  }
  target.outputHelp();
}
