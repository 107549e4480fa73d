/**
 * `vis mcp`: an MCP server over stdio for AI agents. One tool per data endpoint of the
 * table (tools.ts), plus `history` and `changes`, each read through the same session as
 * the CLI (key, profile, base URL, cache, pacing, history) under a per-connection read cap
 * (budget.ts) and a size bound per result (src/mcp/bound.ts), with every secret masked
 * (src/mcp/mask.ts). stdout carries protocol messages only. It ends when stdin closes or
 * on Ctrl-C / SIGTERM, cancelling what is pending and recording the history first.
 */
import { Writable } from 'node:stream';
import type { Context } from '../../../services/context.js';
import { ENDPOINTS, type EndpointSpec } from '../../../endpoints.js';
import { LimitError, UsageError, VisError } from '../../../errors.js';
import { cachedNow, cacheNote, invalidateAfter, sendCached } from '../../../services/cached.js';
import { scopeRequest } from '../../../services/scope-request.js';
import { openSession, type Session } from '../../../services/session.js';
import { parseScopes, prepareRequest } from '../../../services/endpoint-request.js';
import { resolveBrand } from '../../../services/brands.js';
import { resolvePrompt } from '../../../services/question-lookup.js';
import { selectBrands, wholeBrand } from '../../../services/brand-choice.js';
import { accountBrands, readScopes, scopeResults, oneEndpointPlan } from '../../../services/scopes.js';
import { registeredSecrets } from '../../../http/redact.js';
import type { CacheHit, ResponseCache } from '../../../cache/store.js';
import { terminalHolders, type IO } from '../../../terminal/io.js';
import { boundResult, type SentResult, type Structured } from '../../../mcp/bound.js';
import { maskDeep, maskText, secretForms } from '../../../mcp/mask.js';
import { ReadBudget } from './budget.js';
import type { HistoryRecorder } from '../../../history/recorder.js';
import {
  argumentMessage,
  inputShape,
  invocationOf,
  narrowHint,
  servedEndpoints,
  takesSeveral,
  toolDescriptionOf,
  toolName,
  type ToolArgs,
  type Zod,
} from './tools.js';
import { outputShape, SEVERAL_KEY } from './output.js';
import type { McpOptions } from './parse.js';

export { ReadBudget } from './budget.js';

type Sdk = typeof import('../../../mcp/sdk.js');

/** What a tool handler needs: the run's context, the one session, the cap, the bound, the secrets. */
interface Server {
  ctx: Context;
  session: Session;
  budget: ReadBudget;
  options: McpOptions;
  /** Set once shutting down: no request is sent after. */
  closing: boolean;
  /** The secrets known so far, in every form looked for. */
  forms(): string[];
}

/** An error result with vis's message and hint, masked. */
function errorResult(s: Server, message: string, hint?: string): SentResult {
  return { content: [{ type: 'text', text: maskText(hint ? `${message}\n${hint}` : message, s.forms()) }], isError: true };
}

/** A failure as a tool result: vis's message, its code and its hint (plan, key, quota). */
function failure(s: Server, err: unknown): SentResult {
  if (err instanceof VisError) return errorResult(s, `${err.message}${err.code ? ` [${err.code}]` : ''}`, err.hint);
  throw err;
}

/** The compact text of a result for text-only clients: the structured content as one line of JSON. */
function render(s: Server) {
  return (st: Structured): SentResult => {
    const masked = maskDeep(st, s.forms());
    return { content: [{ type: 'text', text: JSON.stringify(masked) }], structuredContent: masked };
  };
}

function answer(s: Server, spec: EndpointSpec | undefined, data: unknown, meta: unknown): SentResult {
  const structured: Structured = { data, meta: meta ?? null, reads: s.budget.reads, truncated: null };
  return boundResult(structured, render(s), {
    maxBytes: s.options.maxBytes,
    collection: spec?.collection,
    hint: spec ? narrowHint(spec) : 'To narrow it: a shorter period (since, until), one brand or market, or raise vis mcp --max-bytes.',
  });
}

const CAP_HINT = 'Use the history tool (no read), or ask what the cache holds: a repeated question is answered from it.';

function capReached(s: Server): SentResult {
  return errorResult(s, `This connection has spent its ${s.budget.max} reads (vis mcp --max-reads): nothing was read.`, CAP_HINT);
}

/** One endpoint's tool: the arguments checked by the flags' rules, then one read, or one per brand and market. */
async function callEndpoint(s: Server, spec: EndpointSpec, args: ToolArgs): Promise<SentResult> {
  const { ctx, session } = s;
  let parsed;
  try {
    const { inv, scopes } = parseScopes(spec, invocationOf(spec, args));
    parsed = { request: prepareRequest(ctx, spec, inv), scopes };
  } catch (err) {
    if (err instanceof UsageError)
      return errorResult(s, `Invalid argument: ${argumentMessage(spec, err.message)}`, err.hint && argumentMessage(spec, err.hint));
    throw err;
  }
  const { request, scopes } = parsed;
  if (s.closing) return errorResult(s, 'vis mcp is shutting down: nothing was read.');
  try {
    const brandAsked = Array.isArray(scopes.brands) && scopes.brands.length === 1 ? scopes.brands[0]! : undefined;
    const several =
      scopes.several ||
      (takesSeveral(spec) && brandAsked !== undefined && brandAsked.includes(',') && !wholeBrand(brandAsked, await accountBrands(ctx, session)));
    if (several) return await callSeveral(s, spec, request.query, scopes);
    const brand = brandAsked ?? session.settings.brand?.value;
    const brandId = spec.brand && brand ? await resolveBrand(session, brand, brandAsked ? 'brand' : session.settings.brand!.source, ctx) : undefined;
    const market = Array.isArray(scopes.markets) ? scopes.markets[0] : session.settings.market?.value;
    const scoped = scopeRequest(spec, { id: brandId }, market, { path: request.path });
    const query = [...scoped.query];
    for (const pair of request.query) {
      if (spec.idLookup && pair[0] === spec.idLookup.param) query.push([pair[0], await resolvePrompt(ctx, session, pair[1], scoped.query, spec)]);
      else query.push(pair);
    }
    const req = { ...scoped, query, body: request.body, unknownOutcome: spec.spends?.unknownOutcome };
    // Past the cap, only what the cache holds is answered.
    if (!s.budget.allows(spec) && !cachedNow(ctx, session, spec, req)) return capReached(s);
    if (s.closing) return errorResult(s, 'vis mcp is shutting down: nothing was read.');
    const res = await sendCached(ctx, session, spec, req).finally(() => invalidateAfter(session, spec));
    const meta = { ...(res.envelope.meta ?? {}), ...(res.fromCache ? { vis_cache: cacheNote(res.fromCache, ctx.clock.now(), ctx.env.TZ) } : {}) };
    return answer(s, spec, res.envelope.data, meta);
  } catch (err) {
    return failure(s, err);
  }
}

/** Several brands or markets: the reads planned and counted by the CLI's own service, refused whole when past the cap. */
async function callSeveral(
  s: Server,
  spec: EndpointSpec,
  query: ReadonlyArray<readonly [string, string]>,
  scopes: { brands: string[] | 'all' | undefined; markets: string[] | 'all' | undefined },
): Promise<SentResult> {
  const { ctx, session } = s;
  const brands = selectBrands(scopes.brands, session.settings.brand, await accountBrands(ctx, session));
  const configured = scopes.markets === undefined ? session.settings.market?.value : undefined;
  const read = await readScopes(ctx, session, {
    what: `${toolName(spec.id)} for ${brands.length} brand${brands.length === 1 ? '' : 's'}`,
    brands,
    markets: scopes.markets ?? (configured === undefined ? undefined : [configured]),
    specs: [spec],
    plan: oneEndpointPlan(spec, query),
    unknownMarkets: 'one read',
    unlisted: 'brand',
    counted: ({ needed }) => {
      if (!s.budget.fits(needed))
        throw new LimitError(`This call needs ${needed} reads and the connection has ${s.budget.reads.left} left (vis mcp --max-reads): nothing was read.`, {
          hint: CAP_HINT,
        });
    },
    progress: { read: () => '' },
  });
  const { results } = scopeResults(read);
  const data = {
    [SEVERAL_KEY]: results.map((r) => ({
      brand: r.brand,
      market: r.market,
      data: r.envelope?.data ?? null,
      ...(r.error ? { error: { ...r.error, exit_code: r.error.exitCode, exitCode: undefined } } : {}),
    })),
  };
  return answer(s, spec, data, { brands: scopes.brands ?? null, markets: scopes.markets ?? null });
}

/** A stream that keeps what is written to it. */
function capture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

/**
 * `vis history <kind>` or `vis changes`, run in-process as typed, with JSON on a captured
 * stdout: the same flags, rules and messages as the command line. They read the history,
 * never the API's budget.
 */
async function callCommand(s: Server, argv: string[]): Promise<SentResult> {
  const { ctx, options } = s;
  if (s.closing) return errorResult(s, 'vis mcp is shutting down: nothing was read.');
  const out = capture();
  const err = capture();
  const io: IO = {
    stdout: out.stream,
    stderr: err.stream,
    stdin: ctx.io.stdin,
    stdoutIsTTY: false,
    stderrIsTTY: false,
    stdinIsTTY: false,
    color: false,
    stderrColor: false,
    columns: 80,
  };
  const global = [
    ...(options.demo ? ['--demo'] : []),
    ...(options.profile ? ['--profile', options.profile] : []),
    ...(options.baseUrl ? ['--base-url', options.baseUrl] : []),
  ];
  if (ctx.runCommandLine === undefined) throw new Error('the runner made no context here: vis mcp runs history and changes through it');
  const code = await ctx.runCommandLine([...argv, ...global, '--format', 'json'], io);
  // `vis changes` exits 1 when it finds changes with --exit-code only: not asked here, so anything else is a failure.
  if (code !== 0 || out.text().trim() === '') return errorResult(s, err.text().trim() || `the command ended with exit code ${code}`);
  const doc = JSON.parse(out.text()) as { data: unknown; meta?: unknown };
  return answer(s, undefined, doc.data, doc.meta);
}

function scopeArgv(args: ToolArgs): string[] {
  const argv: string[] = [];
  for (const k of ['brand', 'market'] as const) {
    const v = args[k];
    if (v === 'all') argv.push(`--all-${k}s`);
    else if (Array.isArray(v)) for (const x of v) argv.push(`--${k}`, String(x));
    else if (v !== undefined) argv.push(`--${k}`, String(v));
  }
  return argv;
}

/** The endpoints a history series is kept for, as `vis history <kind>` names them. */
function recordedKinds(): EndpointSpec[] {
  return ENDPOINTS.filter((e) => e.method === 'GET' && !e.free);
}

function historyArgv(args: ToolArgs): string[] {
  const spec = recordedKinds().find((e) => toolName(e.id) === args.kind)!;
  const argv = ['history', ...spec.words];
  const item = args.item === undefined ? undefined : String(args.item);
  const required = spec.query.find((q) => q.required);
  if (item !== undefined && spec.pathParam) argv.push(item);
  else if (item !== undefined && required) argv.push(`--${required.flag}`, item);
  argv.push(...scopeArgv(args));
  for (const k of ['since', 'until'] as const) if (args[k] !== undefined) argv.push(`--${k}`, String(args[k]));
  return argv;
}

function changesArgv(args: ToolArgs): string[] {
  const argv = ['changes', ...scopeArgv(args)];
  for (const k of ['since', 'threshold'] as const) if (args[k] !== undefined) argv.push(`--${k}`, String(args[k]));
  return argv;
}

/**
 * The connection's own memory of answers when the session keeps no cache (--demo, whose
 * sandbox lives as long as the connection): a repeated question spends no read. Entries
 * live as long as the endpoint's freshness allows, as in the cache on disk.
 */
export function memoryCache(): ResponseCache {
  const entries = new Map<string, CacheHit>();
  const cache = {
    lookup(endpoint: string, key: string, now: number) {
      const hit = entries.get(`${endpoint} ${key}`);
      if (hit === undefined) return { miss: 'absent' };
      if (hit.expiresAt <= now) return { miss: 'expired' };
      return { hit };
    },
    store(endpoint: string, key: string, raw: string, fetchedAt: number, until: number) {
      entries.set(`${endpoint} ${key}`, { raw, fetchedAt, expiresAt: until } as CacheHit);
    },
    noteSaved() {},
    invalidate(endpoints: readonly string[]) {
      let n = 0;
      for (const k of [...entries.keys()])
        if (endpoints.includes(k.slice(0, k.indexOf(' ')))) {
          entries.delete(k);
          n++;
        }
      return n;
    },
  };
  return cache as unknown as ResponseCache;
}

/**
 * The session's recorder, which every answer read from the network passes (never a cache
 * hit): each one the API charges is counted there, the lookups a tool makes first included.
 */
function counting(recorder: HistoryRecorder, budget: ReadBudget): HistoryRecorder {
  return new Proxy(recorder, {
    get(target, prop) {
      if (prop === 'note')
        return (spec: EndpointSpec, res: Parameters<HistoryRecorder['note']>[1]) => {
          if (!spec.free) budget.add(1);
          return target.note(spec, res);
        };
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

/** The secrets of this run: the key, a PostgreSQL history's password, a webhook URL; and every key registered since. */
function secretsOf(ctx: Context, session: Session): () => string[] {
  const fixed: Array<string | undefined> = [session.settings.apiKey?.value, ctx.env.VIS_API_KEY, ctx.env.VIS_NOTIFY_URL];
  for (const url of [ctx.env.VIS_HISTORY, session.settings.history?.value]) {
    if (url === undefined || !/^postgres(ql)?:\/\//i.test(url)) continue;
    try {
      const password = new URL(url).password;
      fixed.push(password, decodeURIComponent(password));
    } catch {
      // Not a URL vis can read: the history refuses it before anything is sent.
    }
  }
  try {
    const profile = ctx.config().profile(ctx.config().activeProfileName(undefined, ctx.env).name);
    fixed.push(profile.notify, profile.api_key);
  } catch {
    // No readable config: nothing more to mask.
  }
  return () => secretForms([...fixed, ...registeredSecrets()]);
}

export async function runMcp(options: McpOptions, ctx0: Context): Promise<void> {
  // Closing the connection cancels what is pending, as Ctrl-C does.
  const stop = new AbortController();
  const ctx: Context = { ...ctx0, signal: AbortSignal.any([ctx0.signal, stop.signal]) };
  const opened = await openSession(ctx, options.session);
  const memory = memoryCache();
  const budget = new ReadBudget(options.maxReads);
  const session: Session = {
    ...opened,
    ...(opened.cacheMode === 'off' && options.session.demo ? { cacheMode: 'use' as const, cache: () => memory } : {}),
    ...(opened.history ? { history: counting(opened.history, budget) } : {}),
  };
  const s: Server = { ctx, session, budget, options, closing: false, forms: secretsOf(ctx, opened) };
  let sdk: Sdk;
  try {
    sdk = await import('../../../mcp/sdk.js');
  } catch (err) {
    await session.close();
    throw err;
  }
  const server = new sdk.McpServer({ name: 'vis', version: ctx.version }, { capabilities: { logging: {} } });
  registerTools(sdk.z, server, s);
  const transport = new sdk.StdioServerTransport(ctx.io.stdin, ctx.io.stdout);

  let finished: Promise<void> | undefined;
  const shutdown = () =>
    (finished ??= (async () => {
      s.closing = true;
      stop.abort();
      await server.close().catch(() => undefined);
      await session.close();
    })());
  // On SIGINT / SIGTERM the entry point waits (a second at most) for what holds it: the history is recorded first.
  terminalHolders.add(shutdown);
  try {
    const closed = new Promise<void>((resolve) => {
      transport.onclose = () => resolve();
      ctx.io.stdin.once('end', () => void shutdown());
      ctx.io.stdin.once('close', () => void shutdown());
      ctx.signal.addEventListener('abort', () => void shutdown(), { once: true });
    });
    await server.connect(transport);
    // A line that is not JSON-RPC is answered with an error (id null) and the server goes on.
    const onerror = server.server.onerror;
    transport.onerror = (err: Error) => {
      onerror?.(err);
      const parse = err instanceof SyntaxError;
      void transport
        .send({ jsonrpc: '2.0', id: null, error: { code: parse ? -32700 : -32600, message: parse ? 'Parse error' : 'Invalid Request' } } as never)
        .catch(() => undefined);
    };
    await closed;
    await shutdown();
  } finally {
    terminalHolders.delete(shutdown);
    await shutdown();
  }
}

function registerTools(z: Zod, server: InstanceType<Sdk['McpServer']>, s: Server): void {
  const guard = (fn: () => Promise<SentResult>) => async () => {
    try {
      return await fn();
    } catch (err) {
      // What is not vis's known failure is still a tool result, masked: the server goes on.
      if (err instanceof VisError) return failure(s, err);
      return errorResult(s, `vis: unexpected error: ${(err as Error)?.message ?? String(err)}`);
    }
  };
  for (const spec of servedEndpoints(s.options.allowPitches)) {
    const readOnly = spec.spends === undefined;
    server.registerTool(
      toolName(spec.id),
      {
        title: `vis ${spec.words.join(' ')}${spec.pathParam ? ` <${spec.pathParam.name}>` : ''}`,
        description: toolDescriptionOf(spec),
        inputSchema: inputShape(z, spec),
        outputSchema: outputShape(z, spec),
        annotations: { readOnlyHint: readOnly, destructiveHint: false, idempotentHint: readOnly, openWorldHint: true },
      },
      (args: ToolArgs) => guard(() => callEndpoint(s, spec, args))(),
    );
  }
  const kinds = recordedKinds().map((e) => toolName(e.id)) as [string, ...string[]];
  const scope = (what: string) =>
    z
      .union([z.string(), z.array(z.string())])
      .describe(`${what}; several as a list, or "all"`)
      .optional();
  server.registerTool(
    'history',
    {
      title: 'vis history <kind>',
      description:
        'The answers of one data tool recorded day by day in the local history, oldest first (as `vis history <kind>`). Free: no read spent, no key needed. Available on every plan.',
      inputSchema: {
        kind: z.enum(kinds).describe('the data tool whose recorded answers to show'),
        item: z.string().describe('the item for an item tool (topic id, competitor name, task id, question)').optional(),
        brand: z.string().describe('the brand, by id or name').optional(),
        market: z.string().describe('the market code').optional(),
        since: z.string().describe('the first scan day: YYYY-MM-DD or Nd (N days back)').optional(),
        until: z.string().describe('the last scan day: YYYY-MM-DD').optional(),
      },
      outputSchema: outputShape(z, undefined),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args: ToolArgs) => guard(() => callCommand(s, historyArgv(args)))(),
  );
  server.registerTool(
    'changes',
    {
      title: 'vis changes',
      description:
        'What moved between two recorded scan days, past a threshold in points (as `vis changes`). Free: reads the local history, no read spent. Available on every plan.',
      inputSchema: {
        brand: scope('the brands, by id or name'),
        market: scope('the market codes'),
        since: z.string().describe('the earlier day: YYYY-MM-DD or Nd (N days back); default the day before the latest').optional(),
        threshold: z.union([z.number(), z.string()]).describe('points from 0 to 100 a change must pass (default 5)').optional(),
      },
      outputSchema: outputShape(z, undefined),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args: ToolArgs) => guard(() => callCommand(s, changesArgv(args)))(),
  );
}
