/**
 * The data commands, declared from the endpoint table (src/endpoints.ts): one generic
 * declaration rather than a folder per endpoint. Each first word of the table becomes a
 * command (`vis topics [id]`), its second words sub-commands (`vis answers runs`), with
 * the endpoint's own options and help. parse.ts and run.ts are the same for all of them.
 */
import { Option, type Command } from 'commander';
import { ENDPOINTS, PLAN_TEXT, endpointById, type EndpointSpec, type QueryParam } from '../../../endpoints.js';
import type { Context } from '../../../services/context.js';
import {
  addCacheOptions,
  addListOptions,
  addMarketOption,
  addOutputOptions,
  addParamOption,
  addPeriodOptions,
  addScopeOptions,
  collect,
  addExamples,
  HELP_GROUPS,
  declareListAndItem,
  invocationOf,
  runOrCapture,
  type CommandDeclaration,
  type CommandListing,
  type RunF,
} from '../../declare.js';
import { COMMAND_OPTIONS, readsSeveralScopes } from '../../../flags/command-options.js';
import type { Invocation } from '../../../services/endpoint-request.js';

function describe(spec: EndpointSpec): string {
  const plan = ` ${PLAN_TEXT[spec.plan].help}`;
  const cost = spec.free ? ' Free: no read spent.' : spec.spends ? ` Spends one monthly ${spec.spends.what}.` : ' Costs one read.';
  const lookup = spec.idLookup ? endpointById(spec.idLookup.list) : undefined;
  const idCost = lookup
    ? ` An id costs one more: GET ${lookup.path}, to find the text, unless the cache holds it (as after \`vis ${lookup.words.join(' ')}\`).` +
      ' Any value without a space is looked up as an id; one no row there has is sent as given, so a text the list does not hold still works. A value with a space is always a text and costs nothing more.'
    : '';
  return `${helpSummary(spec)}\n\n${spec.description}\n\nCalls ${spec.method} ${spec.path}.${plan}${cost}${idCost}`;
}

/**
 * The summary as a command's own help opens with it: without the closing plan or cost
 * (`(Pro, Growth)`, `(free: no read spent)`), which the Calls sentence below says in full.
 * The list of commands keeps them: there the summary is all a command gets.
 */
function helpSummary(spec: EndpointSpec): string {
  const plan = ` (${PLAN_TEXT[spec.plan].table})`;
  const summary = spec.summary.endsWith(plan) ? spec.summary.slice(0, -plan.length) : spec.summary;
  return summary.replace(/ \((?:free|spends)\b[^)]*\)$/i, '');
}

function examplesOf(specs: EndpointSpec[]): string[] {
  return specs.flatMap((s) => s.examples);
}

function addParamOptions(cmd: Command, params: readonly QueryParam[]): void {
  for (const p of params) {
    if (p.name === 'url' || cmd.options.some((o) => o.long === `--${p.flag}`)) continue;
    cmd.addOption(new Option(`--${p.flag} ${p.placeholder}`, paramHelp(p)));
  }
}

/** A parameter's help, with the values known for it where the reference leaves them open. */
function paramHelp(p: QueryParam): string {
  if (!p.known) return p.description;
  return `${p.description}; known: ${p.known.join(', ')} (others are passed through as given)`;
}

/**
 * The options an endpoint's command shares with others: brand, market and period as its
 * endpoints take them (a word with a list and an item, `vis topics [id]`, takes what
 * either takes), the cache for a cached GET, then the output and --param.
 */
function addEndpointOptions(cmd: Command, specs: readonly EndpointSpec[]): void {
  const market = specs.some((s) => s.market);
  if (specs.some((s) => s.brand)) addScopeOptions(cmd, { market, all: specs.some(readsSeveralScopes) });
  else if (market) addMarketOption(cmd);
  // POST /pitches takes --market into its body.
  if (!market && specs.some((s) => s.body?.some((b) => b.flag === 'market'))) addMarketOption(cmd);
  if (specs.some((s) => s.period === 'range')) addPeriodOptions(cmd, 'range');
  else if (specs.some((s) => s.period === 'days')) addPeriodOptions(cmd, 'days');
  addOutputOptions(cmd, { table: true });
  if (specs.some((s) => s.collection !== undefined)) addListOptions(cmd, [...new Set(specs.flatMap((s) => s.listFilters ?? []))]);
  if (specs.some((s) => s.method === 'GET' && s.freshness !== 'none')) addCacheOptions(cmd);
  addParamOption(cmd);
}

/** Parse, then run (or hand the options to runF); both loaded only when a data command runs. */
async function parseThenRun(ctx: Context, runF: RunF | undefined, spec: EndpointSpec, inv: Invocation, list?: EndpointSpec): Promise<void> {
  const { parseDataOptions } = await import('./parse.js');
  const options = parseDataOptions(ctx, spec, inv, list);
  await runOrCapture(options, runF, async () => (await import('./run.js')).runData(options, ctx));
}

/** The table's endpoints by first word, in table order. */
function byFirstWord(): Map<string, EndpointSpec[]> {
  const byWord = new Map<string, EndpointSpec[]>();
  for (const spec of ENDPOINTS) {
    const w = spec.words[0]!;
    byWord.set(w, [...(byWord.get(w) ?? []), spec]);
  }
  return byWord;
}

/** A command's names: its word and the aliases of its one-word endpoints. */
function namesOf(word: string, specs: readonly EndpointSpec[]): string[] {
  return [word, ...specs.flatMap((s) => (s.words.length === 1 ? (s.aliases ?? []) : []))];
}

function registerWord(program: Command, ctx: Context, runF: RunF | undefined, word: string, specs: EndpointSpec[]): void {
  const list = specs.find((s) => s.words.length === 1 && !s.pathParam);
  const item = specs.find((s) => s.words.length === 1 && s.pathParam);
  const subs = specs.filter((s) => s.words.length === 2);
  const main = list ?? item!;
  const cmd = addExamples(program.command(word), ...examplesOf([main, ...(item && list ? [item] : [])]))
    .summary(main.summary)
    .description(describe(main) + (item && list ? `\n\nWith <${item.pathParam!.name}>: ${helpSummary(item)}. Calls ${item.method} ${item.path}.` : ''))
    .helpGroup(HELP_GROUPS[main.group]);
  declareListAndItem(cmd, main, list, item, (spec, inv) => parseThenRun(ctx, runF, spec, inv, spec === item ? list : undefined));
  addParamOptions(cmd, main.query);
  addEndpointOptions(cmd, item && list ? [main, item] : [main]);

  for (const sub of subs) {
    const sc = addExamples(cmd.command(sub.words[1]!), ...examplesOf([sub]))
      .summary(sub.summary)
      .description(describe(sub));
    addParamOptions(sc, sub.query);
    if (sub.body) {
      sc.argument('<domain-or-url>', 'the prospect’s domain or http(s) URL');
      addParamOptions(
        sc,
        sub.body.filter((b) => b.name !== 'market'),
      );
      sc.addOption(new Option('--field <key=value>', 'add a body field verbatim (repeatable)').argParser(collect));
      sc.addOption(new Option('-y, --yes', 'do not ask before spending a pitch report'));
      addEndpointOptions(sc, [sub]);
      sc.action(async (url: string, opts: { field?: string[]; yes?: boolean }, self: Command) => {
        await parseThenRun(ctx, runF, sub, { ...invocationOf(self, undefined, { fields: opts.field, yes: opts.yes }), local: { ...self.opts(), url } });
      });
    } else {
      addEndpointOptions(sc, [sub]);
      sc.action(async (_opts: unknown, self: Command) => {
        await parseThenRun(ctx, runF, sub, invocationOf(self, undefined));
      });
    }
  }
}

/**
 * The line of each command in `vis --help`, without building it (src/cli/program.ts): the
 * main endpoint's summary and aliases, the item's argument, and `[options]` when its query
 * takes a flag that is not one of the shared options, as registerWord builds it.
 */
export function dataListings(): CommandListing[] {
  const shared = new Set(COMMAND_OPTIONS.map((o) => o.flags));
  return [...byFirstWord()].map(([name, specs]) => {
    const list = specs.find((s) => s.words.length === 1 && !s.pathParam);
    const item = specs.find((s) => s.words.length === 1 && s.pathParam);
    const main = list ?? item!;
    const own = main.query.some((p) => p.name !== 'url' && !shared.has(`--${p.flag} ${p.placeholder}`));
    const argument = item ? (list ? `[${item.pathParam!.name}]` : `<${item.pathParam!.name}>`) : '';
    return { name, aliases: main.aliases, summary: main.summary, group: HELP_GROUPS[main.group], usage: [own ? '[options]' : '', argument].join(' ').trim() };
  });
}

export const dataCommands: CommandDeclaration = {
  answers: (word) => [...byFirstWord()].some(([w, specs]) => namesOf(w, specs).includes(word)),
  register(program, ctx, only, runF) {
    for (const [word, specs] of byFirstWord()) {
      if (only !== undefined && !namesOf(word, specs).includes(only)) continue;
      registerWord(program, ctx, runF, word, specs);
    }
  },
};
