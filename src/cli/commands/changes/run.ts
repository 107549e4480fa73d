/**
 * `vis changes`, run after parse.ts: with --fetch, read today's answers first (any
 * failure ends the command with its own exit code before anything is compared); then
 * open the history, compare (src/history/changes/), print, and with --exit-code end with
 * exit 8 when anything changed.
 */
import { ChangesFoundError, VisError } from '../../../errors.js';
import type { Change, ChangesResult } from '../../../domain/changes.js';
import { CHANGE_KINDS } from '../../../domain/changes.js';
import { endpointById } from '../../../endpoints.js';
import { changesFrom } from '../../../history/changes/compare.js';
import { KIND_ENDPOINTS } from '../../../history/changes/kinds.js';
import { chooseMarkets, chooseRecordedScopes } from '../../../history/changes/scopes.js';
import type { HistoryReader } from '../../../history/types.js';
import type { Context } from '../../../services/context.js';
import { openHistory, type OpenedHistory } from '../../../services/history.js';
import { deliver } from '../../../services/notify.js';
import { DEMO_API, openDemoHistory } from '../../../services/demo-history.js';
import { selectBrands } from '../../../services/brand-choice.js';
import { scopeRequest } from '../../../services/scope-request.js';
import { accountBrands, readScopes, scopeMarket, type PlannedScope } from '../../../services/scopes.js';
import { writeMessage } from '../../../terminal/io.js';
import { openSession } from '../../../services/session.js';
import { forcedTty } from '../../../terminal/force-tty.js';
import { emit, toStdout, writesToTerminal } from '../../../terminal/render.js';
import { sanitizeForTerminal } from '../../../text/sanitize.js';
import type { ChangesOptions } from './parse.js';

/** How the run opens the history; tests hand in an in-memory one. */
export type HistoryOpener = () => Promise<OpenedHistory>;

export async function runChanges(options: ChangesOptions, ctx: Context, open: HistoryOpener = defaultOpener(options, ctx)): Promise<void> {
  // A history that cannot be used (off, unsafe, written by a newer vis) is refused before any read is spent on it.
  if (options.fetch) await (await open()).close();
  const fetched = options.fetch ? await fetchToday(options, ctx) : undefined;
  const store = await open();
  let result: ChangesResult;
  try {
    result = await changesFor(store, options, fetched);
  } finally {
    await store.close();
  }
  await printChanges(ctx, options, result);
  // After the changes are printed; a notification that fails is exit 7, which wins over --exit-code's 8.
  if (options.notify && (result.changes.length > 0 || options.notify.always)) await notifyChanges(ctx, options, result);
  const failure = exitFailure(options, result);
  if (failure) throw failure;
}

/** --notify: the comparison posted in the webhook's format; `json` is the document `-f json` prints. */
async function notifyChanges(ctx: Context, options: ChangesOptions, result: ChangesResult): Promise<void> {
  const target = options.notify!;
  const { slackMessage, teamsMessage } = await import('../../../output/notify.js');
  const payload =
    target.format === 'slack'
      ? slackMessage(result, target.demo)
      : target.format === 'teams'
        ? teamsMessage(result, target.demo)
        : changesDocument(options, result);
  await deliver(ctx, target, payload);
  if (ctx.io.stderrIsTTY && !options.flags.quiet) writeMessage(ctx.io, `vis changes: notified ${target.display} (${target.format})`);
}

/** The history the base URL names; the demo's is simulated by the sandbox, and no store is opened. */
function defaultOpener(options: ChangesOptions, ctx: Context): HistoryOpener {
  return options.api === DEMO_API ? () => openDemoHistory(ctx) : () => openHistory(ctx, options.flags.profile);
}

/** The brands and markets --fetch read, which are then the ones compared. */
interface Fetched {
  brandIds: string[] | undefined;
}

/** The comparison of the scopes asked for, read from `reader` alone. */
export async function changesFor(reader: HistoryReader, options: ChangesOptions, fetched?: Fetched): Promise<ChangesResult> {
  const chosen = fetched
    ? {
        brandIds: fetched.brandIds,
        markets: chooseMarkets(options.markets, options.settings.market),
      }
    : chooseRecordedScopes(await reader.scopes(options.api), {
        brands: options.brands,
        markets: options.markets,
        configuredBrand: options.settings.brand,
        configuredMarket: options.settings.market,
      });
  return changesFrom(reader, { api: options.api, brandIds: chosen.brandIds, markets: chosen.markets, since: options.since, threshold: options.threshold });
}

/** --exit-code: exit 8 when anything changed; nothing changed, or nothing to compare, is 0. */
export function exitFailure(options: Pick<ChangesOptions, 'exitCode'>, result: ChangesResult): ChangesFoundError | undefined {
  if (!options.exitCode || result.changes.length === 0) return undefined;
  const n = result.changes.length;
  return new ChangesFoundError(`${n} ${n === 1 ? 'change' : 'changes'} from ${result.from} to ${result.to} (--exit-code)`);
}

/** What a change says beyond its kind and scope, in the order the JSON and the CSV give it. */
const FACT_FIELDS = ['subject', 'label', 'engine', 'before', 'after', 'delta', 'points', 'move', 'news', 'path', 'endpoint', 'item', 'query'] as const;

function changeFacts(c: Change): Pick<Change, (typeof FACT_FIELDS)[number]> {
  return Object.fromEntries(FACT_FIELDS.map((field) => [field, c[field]])) as Pick<Change, (typeof FACT_FIELDS)[number]>;
}

/** The JSON document: the result, and how it was asked for. */
export function changesDocument(options: Pick<ChangesOptions, 'api' | 'threshold' | 'since' | 'sinceAsked'>, result: ChangesResult): object {
  return {
    data: {
      from: result.from,
      to: result.to,
      changes: result.changes.map((c) => ({
        kind: c.kind,
        brand: c.brand,
        market: c.market,
        ...changeFacts(c),
      })),
      not_compared: result.notCompared.map((n) => ({ kind: n.kind, brand: n.brand, market: n.market, endpoint: n.endpoint, reason: n.reason })),
    },
    meta: {
      api: options.api,
      threshold: options.threshold,
      since: options.since ?? null,
      since_asked: options.sinceAsked ?? null,
      since_fallback: result.sinceFallback,
      note: noteOf(result) ?? null,
      // The demo's changes are made up: a reader of the document (or of the webhook's post) is told so.
      ...(options.api === DEMO_API ? { demo: true } : {}),
    },
  };
}

function noteOf(result: ChangesResult): string | undefined {
  if (result.to === null) return 'nothing recorded yet';
  if (result.from === null) return `nothing to compare yet: only ${result.to} is recorded`;
  return undefined;
}

/** The CSV's columns, in order (changeRows writes them so). */
export const CSV_COLUMNS = ['from', 'to', 'kind', 'brand_id', 'brand_name', 'market_code', 'market_label', ...FACT_FIELDS] as const;

/** One CSV row per change, flat. */
export function changeRows(result: ChangesResult): Array<Record<string, string | number | boolean | null>> {
  return result.changes.map((c) => ({
    from: result.from,
    to: result.to,
    kind: c.kind,
    brand_id: c.brand.id,
    brand_name: c.brand.name,
    market_code: c.market?.code ?? null,
    market_label: c.market?.label ?? null,
    ...changeFacts(c),
  }));
}

/** The result in the format asked, as text. */
export async function renderChanges(ctx: Context, options: ChangesOptions, result: ChangesResult): Promise<string> {
  if (options.format === 'json') return (await import('../../../output/json.js')).renderJsonValue(changesDocument(options, result));
  if (options.format === 'csv') {
    const { renderCsv } = await import('../../../output/csv.js');
    const rows = changeRows(result);
    // No change: the header alone, so a script reading the columns still finds them.
    if (rows.length === 0) return `${CSV_COLUMNS.join(',')}\r\n`;
    return renderCsv({ changes: rows }, { collection: 'changes', terminal: writesToTerminal(ctx, options.flags.output) });
  }
  const { renderChangesView } = await import('../../../output/table.js');
  // As every table: colour when it goes to stdout and the terminal takes it (NO_COLOR, FORCE_COLOR); VIS_FORCE_TTY's width.
  return renderChangesView(result, {
    width: forcedTty(ctx.io, ctx.env)?.width ?? ctx.io.columns,
    color: toStdout(options.flags.output) && ctx.io.color,
    wide: options.flags.wide,
    threshold: options.threshold,
    since: options.since,
  });
}

export async function printChanges(ctx: Context, options: ChangesOptions, result: ChangesResult): Promise<void> {
  await emit(ctx, options.flags.output, await renderChanges(ctx, options, result), { pager: options.flags.pager });
  const note = noteOf(result);
  // The table's heading says it; json and csv say it beside the output, at a terminal.
  if (note !== undefined && options.format !== 'table' && ctx.io.stderrIsTTY && !options.flags.quiet) writeMessage(ctx.io, `vis changes: ${note}`);
}

/**
 * --fetch: the six answers the comparison reads, for each brand and market asked, through
 * the cache (so the recorder keeps them). The brands are chosen as the data commands
 * choose them (GET /brands, free); the cost is counted first, refused when the month's
 * reads cannot pay it, and shown on a terminal. An endpoint the plan does not include
 * (403) or an integration not connected (409) is not read, and so is listed as not
 * compared; any other failure ends the command with its own exit code.
 */
async function fetchToday(options: ChangesOptions, ctx: Context): Promise<Fetched> {
  const session = await openSession(ctx, options.fetch!);
  try {
    const quiet = options.flags.quiet;
    const brands = selectBrands(options.brands, session.settings.brand, await accountBrands(ctx, session));
    const configured = options.markets === undefined ? options.settings.market?.value : undefined;
    const specs = CHANGE_KINDS.map((k) => endpointById(KIND_ENDPOINTS[k]));
    const what = `vis changes --fetch for ${brands.length} brand${brands.length === 1 ? '' : 's'}`;
    await readScopes(ctx, session, {
      what,
      brands,
      markets: options.markets ?? (configured === undefined ? undefined : [configured]),
      specs,
      // Endpoint by endpoint, each over every brand and market; data the same in every market once per brand.
      plan: (list) =>
        specs.flatMap((spec) =>
          list.flatMap(({ brand, markets }): PlannedScope[] =>
            (spec.market && !spec.sameInEveryMarket ? (markets ?? [undefined]) : [undefined]).map((market) => ({
              brand,
              market,
              reads: [{ spec, request: scopeRequest(spec, brand, market) }],
            })),
          ),
        ),
      unknownMarkets: 'one read',
      learnMarketsFirst: true,
      unlisted: 'command',
      counted: ({ needed }) => {
        if (ctx.io.stderrIsTTY && !quiet) writeMessage(ctx.io, `${what}: reads to make: ${needed} (the cache holds the rest)`);
      },
      progress: { read: (_scope, _read, i, n) => `${what}: ${i + 1}/${n}…` },
      failed: (err, read, scope) => {
        // A plan without this endpoint leaves it unread: it is then not compared, not a failure.
        if (err instanceof VisError && err.kind === 'plan') return;
        session.progress.stop();
        const market = scopeMarket(read.spec, scope);
        writeMessage(
          ctx.io,
          `vis: ${sanitizeForTerminal(scope.brand.name)}${market ? ` (${sanitizeForTerminal(market.code)})` : ''}: GET ${read.spec.path} failed`,
        );
        throw err;
      },
    });
    // Brands the account did not name (no GET /brands answer): every brand the history holds.
    const ids = brands.map((b) => b.id);
    return { brandIds: ids.includes(undefined) ? undefined : ids.map(String) };
  } finally {
    await session.close();
  }
}
