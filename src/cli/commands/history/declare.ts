/**
 * `vis history`: the recorded series of a data command (one sub-command per data command
 * that reads an endpoint, declared from the endpoint table with that command's words,
 * argument and flags, so the flags pick the recorded query as they would pick the
 * request), `vis history check`, `vis history prune` and `vis history push`. parse.ts and
 * run.ts load when one runs.
 */
import { Option, type Command } from 'commander';
import { DAYS_BACK_HELP } from '../../../flags/days-back.js';
import { ENDPOINTS, type EndpointSpec, type QueryParam } from '../../../endpoints.js';
import type { Context } from '../../../services/context.js';
import {
  addBrandOption,
  addHelpParagraphs,
  addMarketOption,
  addOutputOptions,
  addParamOption,
  addPeriodOptions,
  addExamples,
  HELP_GROUPS,
  declareListAndItem,
  invocationOf,
  parseThenRun,
  runOrCapture,
  toolDescription,
  type CommandDeclaration,
  type RunF,
} from '../../declare.js';
import type { Invocation } from '../../../services/endpoint-request.js';

const NO_REQUEST = 'Sends no request and needs no key: works on the local history store (docs/history.md).';
const SERIES_NO_READ =
  'Spends no read and needs no key: works on the local history store (docs/history.md). When the records alone cannot tell the brand or the market, the free GET /brands tells them as for the data command (with a key, or --demo).';

/** The endpoints a history series is kept for: the reads (GET, not free) of the table. */
export function recordedEndpoints(): EndpointSpec[] {
  return ENDPOINTS.filter((s) => s.method === 'GET' && !s.free);
}

function addParamOptions(cmd: Command, params: readonly QueryParam[]): void {
  for (const p of params) {
    if (cmd.options.some((o) => o.long === `--${p.flag}`)) continue;
    cmd.addOption(new Option(`--${p.flag} ${p.placeholder}`, p.description));
  }
}

/** The data command's flags that pick the recorded query, then the days and the output. */
function addSeriesOptions(cmd: Command, specs: readonly EndpointSpec[]): void {
  if (specs.some((s) => s.brand)) addBrandOption(cmd);
  if (specs.some((s) => s.market)) addMarketOption(cmd);
  if (specs.some((s) => s.period === 'range')) addPeriodOptions(cmd, 'range');
  else if (specs.some((s) => s.period === 'days')) addPeriodOptions(cmd, 'days');
  cmd.addOption(new Option('--since <date|Nd>', `the first scan day shown: ${DAYS_BACK_HELP}`));
  cmd.addOption(new Option('--until <date>', 'the last scan day shown: YYYY-MM-DD'));
  addOutputOptions(cmd, { table: true });
  addParamOption(cmd);
}

async function seriesThenRun(ctx: Context, runF: RunF | undefined, spec: EndpointSpec, inv: Invocation): Promise<void> {
  const { parseHistoryOptions } = await import('./parse.js');
  const options = parseHistoryOptions(ctx, spec, inv);
  await runOrCapture(options, runF, async () => (await import('./run.js')).runHistory(options, ctx));
}

/** The required flags of an example, with a value the data command's own examples give them. */
function requiredExample(spec: EndpointSpec): string[] {
  return spec.query
    .filter((q) => q.required)
    .flatMap((q) => {
      const typed = spec.examples.map((e) => new RegExp(`--${q.flag} ("[^"]*"|'[^']*'|\\S+)`).exec(e)?.[1]).filter((v) => v !== undefined);
      // A quoted value is a text: what the history is filed under (an id is looked up only by a request).
      return [`--${q.flag}`, typed.find((v) => /^["']/.test(v)) ?? typed[0] ?? '…'];
    });
}

function summaryOf(spec: EndpointSpec): string {
  return `Recorded days of vis ${spec.words.join(' ')}${spec.pathParam ? ` [${spec.pathParam.name}]` : ''}`;
}

function describe(spec: EndpointSpec, item?: EndpointSpec): string {
  const words = `vis ${spec.words.join(' ')}`;
  const withItem = item ? ` With <${item.pathParam!.name}>: the recorded days of vis ${item.words.join(' ')} <${item.pathParam!.name}>.` : '';
  return toolDescription(
    `The answers of \`${words}\` recorded day by day, oldest first: one row per record per scan day, the day first. Its flags pick the recorded query as they pick the request; --since and --until pick the days.${withItem}`,
    SERIES_NO_READ,
  );
}

function registerWord(history: Command, ctx: Context, runF: RunF | undefined, word: string, specs: EndpointSpec[]): void {
  const list = specs.find((s) => s.words.length === 1 && !s.pathParam);
  const item = specs.find((s) => s.words.length === 1 && s.pathParam);
  const main = list ?? item;
  const subs = specs.filter((s) => s.words.length === 2);
  const cmd = history.command(word);
  if (main) {
    addExamples(cmd, `vis history ${word} --since 30d`, `vis history ${word} --format csv > ${word}-history.csv`);
    cmd.summary(summaryOf(main)).description(describe(main, list && item ? item : undefined));
    declareListAndItem(cmd, main, list, item, (spec, inv) => seriesThenRun(ctx, runF, spec, inv));
    addParamOptions(cmd, main.query);
    addSeriesOptions(cmd, list && item ? [list, item] : [main]);
  } else {
    cmd.summary(`Recorded days of vis ${word} …`).description(toolDescription(`The recorded days of the vis ${word} commands.`, NO_REQUEST));
  }
  for (const sub of subs) {
    const sc = addExamples(cmd.command(sub.words[1]!), `vis history ${[...sub.words, ...requiredExample(sub)].join(' ')} --since 7d`)
      .summary(summaryOf(sub))
      .description(describe(sub));
    addParamOptions(sc, sub.query);
    addSeriesOptions(sc, [sub]);
    sc.action(async (_opts: unknown, self: Command) => {
      await seriesThenRun(ctx, runF, sub, invocationOf(self, undefined));
    });
  }
}

export const historyCommand: CommandDeclaration = {
  answers: (word) => word === 'history',
  register(program, ctx, _only, runF) {
    const history = addExamples(
      program.command('history'),
      'vis history topics --since 30d',
      'vis history competitors --market GB-en --format csv',
      'vis history visibility',
      'vis history check',
      'vis history prune --before 180d',
      'vis history push postgres://vis@db.example.com/brands',
    )
      .summary('What data commands read, day by day: a series, a check, pruning')
      .description(
        toolDescription(
          'Every data command keeps what it reads in a local history store, one answer per scan day. `vis history <data command>` prints a command’s recorded days (with the same flags as the command itself); `vis history check` says what the store holds and whether it is sound; `vis history prune` removes old days.',
          NO_REQUEST,
        ),
      )
      .helpGroup(HELP_GROUPS.data);
    addHelpParagraphs(history, 'Where the store is, its tables and ready SQL queries: docs/history.md.');
    const byWord = new Map<string, EndpointSpec[]>();
    for (const spec of recordedEndpoints()) byWord.set(spec.words[0]!, [...(byWord.get(spec.words[0]!) ?? []), spec]);
    for (const [word, specs] of byWord) registerWord(history, ctx, runF, word, specs);

    addExamples(history.command('check'), 'vis history check')
      .summary('What the store holds, its size per month, and whether it is sound')
      .description(
        toolDescription(
          'The store’s file, size and schema version, the answers and bodies it holds, each brand and market recorded with its first and last day, the size per month, the journal, and any problem found. Exits 2 when the store is damaged, written by a newer vis, or unsafe (others can write to it); a damaged store is never overwritten.',
          NO_REQUEST,
        ),
      )
      .action(
        parseThenRun(
          runF,
          async (raw) => (await import('./parse.js')).parseCheckOptions(ctx, raw),
          async (options) => (await import('./check.js')).runHistoryCheck(options, ctx),
        ),
      );

    addExamples(history.command('prune'), 'vis history prune --before 2026-01-01 --dry-run', 'vis history prune --before 365d')
      .summary('Remove the recorded days before a date')
      .description(
        toolDescription(
          'Removes the answers of the scan days before --before, and the bodies no answer uses any more. --before 180d keeps the day 180 days ago and every day since.',
          NO_REQUEST,
        ),
      )
      .addOption(new Option('--before <date|Nd>', `remove the scan days before this one: ${DAYS_BACK_HELP}`))
      .addOption(new Option('--dry-run', 'count what would be removed, and remove nothing'))
      .action(
        parseThenRun(
          runF,
          async (raw) => (await import('./parse.js')).parsePruneOptions(ctx, raw),
          async (options) => (await import('./prune.js')).runHistoryPrune(options, ctx),
        ),
      );

    addExamples(
      history.command('push'),
      'vis history push postgres://vis@db.example.com/brands',
      'vis history push postgres://vis@db.example.com/brands --file ./old-history.db',
    )
      .summary('Copy the local history into a team history in PostgreSQL')
      .description(
        toolDescription(
          'Copies every answer of the local SQLite history (the default store, or --file) into the PostgreSQL history at URL. An answer already there, or a newer one of the same day, is kept: pushing twice adds nothing. URL is postgres://user@host/database, with no password (a command line is visible to every user): give it in PGPASSWORD or ~/.pgpass (docs/history-postgres.md).',
          'Sends no request to the API and needs no key: reads the local store, writes to the PostgreSQL server.',
        ),
      )
      .argument('<url>', 'the PostgreSQL history: postgres://user@host:port/database')
      .addOption(new Option('--file <path>', 'the SQLite history to push (default: the file VIS_HISTORY or the profile names, else the default file)'))
      .addOption(new Option('--dry-run', 'count what would be copied, and write nothing'))
      .action(
        parseThenRun(
          runF,
          async (raw, [url]) => {
            const { parsePushOptions } = await import('./parse.js');
            return parsePushOptions(ctx, url as string, raw as Parameters<typeof parsePushOptions>[2]);
          },
          async (options) => (await import('./push.js')).runHistoryPush(options, ctx),
        ),
      );
  },
};
