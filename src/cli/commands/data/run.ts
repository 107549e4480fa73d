/**
 * The run step of every data command: open the session, resolve the brand, ask before
 * spending, send, render. Everything that can be refused was refused in parse.ts.
 */
import { UsageError } from '../../../errors.js';
import { apiVersionOf } from '../../../output/combined.js';
import { resolveBrand } from '../../../services/brands.js';
import type { Context } from '../../../services/context.js';
import { cacheNote, invalidateAfter, sendCached } from '../../../services/cached.js';
import { checkListOptions, renderResponse } from '../../../terminal/render.js';
import { resolvePrompt } from '../../../services/question-lookup.js';
import { openSession } from '../../../services/session.js';
import { answerScope, resultScope, topicNamesOf } from '../../../services/topic-names.js';
import type { DataOptions } from './parse.js';
import { VisError } from '../../../errors.js';
import { readsSeveralScopes } from '../../../flags/command-options.js';
import { sanitizeForTerminal } from '../../../text/sanitize.js';
import { selectBrands, wholeBrand } from '../../../services/brand-choice.js';
import { scopeRequest } from '../../../services/scope-request.js';
import { accountBrands, ANNOUNCE_OVER, readScopes, reportFailures, scopeProgress, scopeResults, oneEndpointPlan } from '../../../services/scopes.js';
import { renderCombinedResponse } from '../../../terminal/render-combined.js';
import type { Session } from '../../../services/session.js';
import { writeMessage } from '../../../terminal/io.js';

/**
 * Does this run read several brands or markets? The flags say so, except for one --brand
 * value holding a comma: one brand's whole name, or several brands (GET /brands, free, tells).
 */
async function readsSeveral(ctx: Context, session: Session, options: DataOptions): Promise<boolean> {
  const { scopes, spec } = options;
  if (scopes.several) return true;
  const one = Array.isArray(scopes.brands) && scopes.brands.length === 1 ? scopes.brands[0]! : undefined;
  if (one === undefined || !one.includes(',')) return false;
  if (wholeBrand(one, await accountBrands(ctx, session))) return false;
  if (spec.pathParam !== undefined || !readsSeveralScopes(spec)) {
    throw new UsageError(`--brand: ${options.request.command} reads one brand; "${sanitizeForTerminal(one)}" names several (no brand is named so)`);
  }
  return true;
}

/**
 * The command for several brands and markets: the reads planned, counted and paid for, and
 * made by the one service (src/services/scopes.ts), then printed all at once. Each failed
 * scope is named on stderr; the exit code is the first failure's in output order.
 */
async function runSeveral(ctx: Context, session: Session, options: DataOptions): Promise<void> {
  const { spec, request, scopes } = options;
  const quiet = request.flags.quiet;
  const brands = selectBrands(scopes.brands, session.settings.brand, await accountBrands(ctx, session));
  const configured = scopes.markets === undefined ? session.settings.market?.value : undefined;
  const what = `${request.command} for ${brands.length} brand${brands.length === 1 ? '' : 's'}`;
  const read = await readScopes(ctx, session, {
    what,
    brands,
    markets: scopes.markets ?? (configured === undefined ? undefined : [configured]),
    specs: [spec],
    plan: oneEndpointPlan(spec, request.query),
    unknownMarkets: 'one read',
    unlisted: 'brand',
    counted: ({ needed, discover }) => {
      if (needed > ANNOUNCE_OVER && ctx.io.stderrIsTTY && !quiet)
        writeMessage(ctx.io, `${what}: ${discover > 0 ? 'at least ' : ''}${needed} reads to make (the cache holds the rest)`);
    },
    progress: {
      markets: (brand) => `${request.command}: the markets of ${sanitizeForTerminal(brand.name)}…`,
      read: scopeProgress(request.command),
    },
  });
  const { results: answers, firstFailure } = scopeResults(read);
  const results =
    options.format === 'table' && spec.namesTopics
      ? await Promise.all(answers.map(async (r) => (r.envelope === null ? r : { ...r, topicNames: await topicNamesOf(ctx, session, resultScope(r)) })))
      : answers;
  await renderCombinedResponse(ctx, {
    format: options.format,
    flags: request.flags,
    spec,
    results,
    list: options.list,
    meta: {
      api_version: apiVersionOf(results),
      filters: {
        brands: scopes.brands === 'all' ? 'all' : brands.map((b) => String(b.id)),
        markets: scopes.markets === 'all' ? 'all' : (scopes.markets?.slice() ?? null),
      },
    },
  });
  reportFailures(ctx, results);
  if (firstFailure) {
    const failed = results.filter((r) => r.error).length;
    throw new VisError(firstFailure.kind, `${failed} of ${results.length} reads failed (named above); the exit code is the first one's`, {
      code: firstFailure.code,
    });
  }
}

export async function runData(options: DataOptions, ctx: Context): Promise<void> {
  const { spec, request } = options;
  await checkListOptions(spec, options.list);
  const session = await openSession(ctx, options.session);
  try {
    if (await readsSeveral(ctx, session, options)) {
      await runSeveral(ctx, session, options);
      return;
    }
    if (options.confirm === 'ask') await confirmSpend(ctx, String(request.body?.url ?? ''), spec.words);

    const { brand, market } = session.settings;
    const brandId = spec.brand && brand ? await resolveBrand(session, brand.value, brand.source, ctx) : undefined;
    const scoped = scopeRequest(spec, { id: brandId }, market?.value, { path: request.path });
    const query = [...scoped.query];
    for (const pair of request.query) {
      // `vis answers runs --prompt <id>`: the API takes the text (src/services/question-lookup.ts).
      if (spec.idLookup && pair[0] === spec.idLookup.param) query.push([pair[0], await resolvePrompt(ctx, session, pair[1], scoped.query, spec)]);
      else query.push(pair);
    }

    session.progress.start(`${request.command}…`);
    const req = { ...scoped, query, body: request.body, unknownOutcome: spec.spends?.unknownOutcome };
    const res = await sendCached(ctx, session, spec, req).finally(() => invalidateAfter(session, spec));
    session.progress.stop();
    // Topic ids by name on a terminal, from what the cache already holds: never a read (src/services/topic-names.ts).
    const topicNames = options.format === 'table' && spec.namesTopics ? await topicNamesOf(ctx, session, answerScope(req.query, res.envelope.meta)) : undefined;
    await renderResponse(ctx, { format: options.format, flags: request.flags, spec, raw: res.raw, envelope: res.envelope, list: options.list, topicNames });
    // stdout stays the answer alone; on a terminal one quiet line says where it came from.
    if (res.fromCache && ctx.io.stderrIsTTY && !request.flags.quiet) {
      writeMessage(ctx.io, cacheNote(res.fromCache, ctx.clock.now(), ctx.env.TZ));
    }
  } finally {
    await session.close();
  }
}

/** A call that spends (POST /pitches): parse made sure there is a terminal to ask at. */
async function confirmSpend(ctx: Context, target: string, words: readonly string[]): Promise<void> {
  const { createInterface } = await import('node:readline');
  const rl = createInterface({ input: ctx.io.stdin, output: ctx.io.stderr, terminal: true });
  const answer = await new Promise<string>((resolve) => {
    rl.question(`Scan ${target} and create a pitch report? This spends 1 of the month's pitch reports. [y/N] `, resolve);
  }).finally(() => rl.close());
  if (!/^y(es)?$/i.test(answer.trim())) {
    throw new UsageError(`${words.join(' ')} cancelled: nothing was spent`);
  }
}
