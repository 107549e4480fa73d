/**
 * Writes the output of a data command asked for several brands and markets
 * (src/output/combined.ts) where the single answer would go: stdout, the pager, or -o.
 * Only after every read: Ctrl-C while reading leaves no partial output.
 */
import type { EndpointSpec } from '../endpoints.js';
import type { ScopeResult } from '../domain/scope.js';
import type { CombinedMeta } from '../output/combined.js';
import type { FlagOptions, Format } from '../flags/rules.js';
import { ServerError, UsageError } from '../errors.js';
import { isNestingError } from '../text/nesting.js';
import { forcedTty } from './force-tty.js';
import { emit, toStdout, writesToTerminal, type RenderContext } from './render.js';

export interface CombinedRenderRequest {
  format: Format;
  flags: FlagOptions;
  spec: Pick<EndpointSpec, 'id' | 'collection' | 'period' | 'noun'>;
  results: readonly ScopeResult[];
  meta: CombinedMeta;
}

export async function renderCombinedResponse(ctx: RenderContext, req: CombinedRenderRequest): Promise<void> {
  const combined = await import('../output/combined.js');
  const { format, flags, spec } = req;
  let chunks: Iterable<string> | string;
  try {
    if (format === 'json') {
      chunks = combined.renderCombinedJson(req.results, req.meta);
    } else {
      // csv and table print numbers as sent, which JSON.parse (the client's) may not keep.
      const { parseKeepingNumbers } = await import('../output/exact-json.js');
      const results = req.results.map((r) => (r.raw === null || r.envelope === null ? r : { ...r, envelope: parseKeepingNumbers(r.raw, r.envelope) }));
      const { knownColumns } = await import('../schemas/columns.js');
      const opts = {
        collection: spec.collection,
        oneRecord: spec.collection === undefined,
        period: spec.period !== 'none',
        knownColumns: spec.collection === undefined ? undefined : (data: unknown) => knownColumns(spec.id, data),
        rows: flags.rows,
        columns: flags.columns,
      };
      if (format === 'csv') {
        chunks = combined.renderCombinedCsv(results, { ...opts, terminal: writesToTerminal(ctx, flags.output) });
      } else {
        const forced = forcedTty(ctx.io, ctx.env);
        const toTerminal = toStdout(flags.output);
        chunks =
          forced !== null || (toTerminal && ctx.io.stdoutIsTTY)
            ? await combined.renderCombinedTable(results, {
                ...opts,
                width: forced?.width ?? ctx.io.columns,
                color: toTerminal && ctx.io.color,
                wide: flags.wide,
                spec,
              })
            : await combined.renderCombinedPlain(results, opts);
      }
    }
  } catch (err) {
    if (err instanceof Error && (err.name === 'RowsKeyError' || err.name === 'ColumnsError')) throw new UsageError(err.message);
    if (isNestingError(err)) throw new ServerError(err.message, { code: 'too_deep' });
    throw err;
  }
  await emit(ctx, flags.output, chunks, { pager: flags.pager });
}
