/**
 * Builds the commander program from the endpoint table, plus the commands that are not
 * endpoints (auth, config, api, openapi, sandbox). Global options live on the root and
 * are recognised before or after the command words (`vis --demo topics` and
 * `vis topics --demo` both work).
 */
import { Command, Option } from 'commander';
import { ENDPOINTS, type EndpointSpec, type QueryParam } from '../endpoints.js';
import { UsageError } from '../errors.js';
import type { Context } from './context.js';
import { FORMATS, camel, type RawGlobalOptions } from './options.js';
import { runEndpoint, type Invocation } from './run-endpoint.js';

const collect = (v: string, prev: string[] = []) => [...prev, v];

export const HELP_GROUPS = {
  data: 'Visibility data:',
  account: 'Account:',
  tools: 'Tools:',
} as const;

/** The global options of contract section 2, shared by every data command. */
export function addGlobalOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('-b, --brand <id|name>', 'brand id, or a brand name (env VIS_BRAND)'))
    .addOption(new Option('-m, --market <code|id>', 'market: US-en, US, or a market id (env VIS_MARKET)'))
    .addOption(new Option('-d, --days <n>', 'period: days back ending today, 1-90'))
    .addOption(new Option('--from <date>', 'period start, YYYY-MM-DD (at most 90 days before --to)'))
    .addOption(new Option('--to <date>', 'period end, YYYY-MM-DD (default today; needs --from)'))
    .addOption(new Option('-f, --format <format>', 'table, json or csv (env VIS_FORMAT)').choices(FORMATS))
    .addOption(new Option('-o, --output <file>', 'write to this file (atomically) instead of stdout'))
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
  const plan = spec.plan === 'pro' ? ' Needs the Pro or Growth plan.' : '';
  const cost = spec.free ? ' Free: no read spent.' : spec.method === 'POST' ? ' Spends one monthly pitch report.' : ' Costs one read.';
  return `${spec.summary}\n\n${spec.description}\n\nCalls ${spec.method} ${spec.path}.${plan}${cost}`;
}

function examplesText(specs: EndpointSpec[]): string {
  const lines = specs.flatMap((s) => s.examples.map((e) => `  $ ${e}`));
  return lines.length > 0 ? `\nExamples:\n${lines.join('\n')}\n` : '';
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

export function buildProgram(ctx: Context): Command {
  const program = new Command('vis')
    .description('The Brand AI-Visibility Read API from the terminal: topic scores, AI answers, competitors, sources and more.')
    .version(ctx.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true)
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .addHelpText('after', `\nGet started without an account: vis --demo topics\nDocs: README.md. Exit codes: 0 ok, 2 usage, 3 auth, 4 plan, 5 not found, 6 limits, 7 server/network.\n`);
  addGlobalOptions(program);

  const byWord = new Map<string, EndpointSpec[]>();
  for (const spec of ENDPOINTS) {
    const w = spec.words[0]!;
    byWord.set(w, [...(byWord.get(w) ?? []), spec]);
  }

  for (const [word, specs] of byWord) {
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

  registerToolCommands(program, ctx);
  return program;
}

/** Commands that are not endpoints; each module is loaded only when its command runs. */
function registerToolCommands(program: Command, ctx: Context): void {
  const auth = program.command('auth').summary('Log in, log out, and see which key is in use').helpGroup(HELP_GROUPS.account);
  auth
    .command('login')
    .description('Save an API key for a profile: read from a hidden prompt on a TTY, or from stdin when piped. The key is checked with the free GET /usage first.')
    .addHelpText('after', '\nExamples:\n  $ vis auth login --base-url https://api.example.com/api/v1\n  $ vis auth login --profile agency < key.txt\n')
    .action(async (_o: unknown, self: Command) => (await import('./commands/auth.js')).authLogin(ctx, self.optsWithGlobals()));
  auth
    .command('status')
    .description('Which key is in use and where it came from (masked to its last 4 characters), checked with the free GET /usage.')
    .action(async (_o: unknown, self: Command) => (await import('./commands/auth.js')).authStatus(ctx, self.optsWithGlobals()));
  auth
    .command('logout')
    .description('Remove the saved key of the active profile (other settings stay).')
    .action(async (_o: unknown, self: Command) => (await import('./commands/auth.js')).authLogout(ctx, self.optsWithGlobals()));

  const config = program.command('config').summary('Read and change saved settings (base URL, brand, market, format)').helpGroup(HELP_GROUPS.account);
  const configAction =
    (name: 'get' | 'set' | 'unset' | 'list' | 'path') =>
    async (...args: unknown[]) => {
      const self = args[args.length - 1] as Command;
      const { configCommand } = await import('./commands/config.js');
      await configCommand(ctx, name, self.args, self.optsWithGlobals());
    };
  config.command('get <key>').description('Print one setting of the active profile (or `profile`, the active profile name).').action(configAction('get'));
  config
    .command('set <key> <value>')
    .description('Change a setting of the active profile: base_url, brand, market, format; or `profile` to switch the active profile.')
    .addHelpText('after', '\nExamples:\n  $ vis config set market GB-en\n  $ vis config set profile agency\n  $ vis config set brand 12 --profile agency\n')
    .action(configAction('set'));
  config.command('unset <key>').description('Remove a setting of the active profile.').action(configAction('unset'));
  config.command('list').description('All profiles and settings (keys masked).').action(configAction('list'));
  config.command('path').description('Where the config file is.').action(configAction('path'));

  program
    .command('api <path>')
    .summary('Raw GET of any API path, for what the commands do not cover yet')
    .description('GET any path under the base URL and print the answer. The brand and market options are added as query parameters when given.')
    .helpGroup(HELP_GROUPS.tools)
    .addHelpText('after', '\nExamples:\n  $ vis api /topics --param days=30\n  $ vis api /openapi.json --format json\n')
    .action(async (path: string, _o: unknown, self: Command) => (await import('./commands/api.js')).apiCommand(ctx, path, self.optsWithGlobals()));

  program
    .command('openapi')
    .summary('Print the API’s OpenAPI description ({base_url}/openapi.json)')
    .helpGroup(HELP_GROUPS.tools)
    .action(async (_o: unknown, self: Command) => (await import('./commands/api.js')).openapiCommand(ctx, self.optsWithGlobals()));

  program
    .command('sandbox')
    .summary('Serve the whole API on loopback from built-in data, with demo keys')
    .description('Serves the API on a loopback address until Ctrl-C, and prints its base URL and the demo keys.')
    .helpGroup(HELP_GROUPS.tools)
    .option('--port <n>', 'port to listen on (default: a free one)')
    .option('--host <address>', 'loopback address to listen on', '127.0.0.1')
    .addHelpText('after', '\nExamples:\n  $ vis sandbox --port 8787\n  $ VIS_BASE_URL=http://127.0.0.1:8787/api/v1 VIS_API_KEY=vis_demo_growth vis topics\n')
    .action(async (opts: { port?: string; host: string }) => (await import('./commands/sandbox.js')).sandboxCommand(ctx, opts));
}
