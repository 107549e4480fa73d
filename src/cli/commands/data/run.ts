/**
 * The run step of every data command: open the session, resolve the brand, ask before
 * spending, send, render. Everything that can be refused was refused in parse.ts.
 */
import { UsageError } from '../../../errors.js';
import { resolveBrand } from '../../../services/brands.js';
import type { Context } from '../../../services/context.js';
import { cacheNote, invalidateAfter, sendCached } from '../../../services/cached.js';
import { checkListOptions, renderResponse } from '../../../terminal/render.js';
import { resolvePrompt } from '../../../services/question-lookup.js';
import { openSession } from '../../../services/session.js';
import type { DataOptions } from './parse.js';

export async function runData(options: DataOptions, ctx: Context): Promise<void> {
  const { spec, request } = options;
  await checkListOptions(spec, options.list);
  const session = await openSession(ctx, options.session);
  try {
    if (options.confirm === 'ask') await confirmSpend(ctx, options);

    const query: Array<[string, string]> = [];
    if (spec.brand && session.settings.brand) {
      query.push(['brand_id', await resolveBrand(session, session.settings.brand.value, session.settings.brand.source, ctx)]);
    }
    if (spec.market && session.settings.market) query.push(['market', session.settings.market.value]);
    const scope = [...query];
    for (const pair of request.query) {
      // `vis answers runs --prompt <id>`: the API takes the text (src/services/question-lookup.ts).
      if (spec.idLookup && pair[0] === spec.idLookup.param) query.push([pair[0], await resolvePrompt(ctx, session, pair[1], scope, spec)]);
      else query.push(pair);
    }

    session.progress.start(`${request.command}…`);
    const req = { method: spec.method, path: request.path, query, body: request.body, unknownOutcome: spec.spends?.unknownOutcome };
    const res = await sendCached(ctx, session, spec, req).finally(() => invalidateAfter(session, spec));
    session.progress.stop();
    await renderResponse(ctx, { format: options.format, flags: request.flags, spec, raw: res.raw, envelope: res.envelope, list: options.list });
    // stdout stays the answer alone; on a terminal one quiet line says where it came from.
    if (res.fromCache && ctx.io.stderrIsTTY && !request.flags.quiet) {
      ctx.io.stderr.write(`${cacheNote(res.fromCache, ctx.clock.now(), ctx.env.TZ)}\n`);
    }
  } finally {
    await session.close();
  }
}

/** A call that spends (POST /pitches): parse made sure there is a terminal to ask at. */
async function confirmSpend(ctx: Context, options: DataOptions): Promise<void> {
  const target = String(options.request.body?.url ?? '');
  const { createInterface } = await import('node:readline');
  const rl = createInterface({ input: ctx.io.stdin, output: ctx.io.stderr, terminal: true });
  const answer = await new Promise<string>((resolve) => {
    rl.question(`Scan ${target} and create a pitch report? This spends 1 of the month's pitch reports. [y/N] `, resolve);
  }).finally(() => rl.close());
  if (!/^y(es)?$/i.test(answer.trim())) {
    throw new UsageError(`${options.spec.words.join(' ')} cancelled: nothing was spent`);
  }
}
