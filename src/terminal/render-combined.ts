/**
 * Writes the output of a data command asked for several brands and markets
 * (src/output/combined.ts) where the single answer would go: stdout, the pager, or -o.
 * Only after every read: Ctrl-C while reading leaves no partial output.
 */
import type { EndpointSpec } from '../endpoints.js';
import type { ScopeResult } from '../domain/scope.js';
import type { CombinedMeta } from '../output/combined.js';
import type { FlagOptions, Format } from '../flags/rules.js';
import type { ListOptions } from '../output/filter.js';
import { ServerError, UsageError } from '../errors.js';
import { isNestingError } from '../text/nesting.js';
import { forcedTty } from './force-tty.js';
import { emit, toStdout, writeFilterNote, writesToTerminal, type RenderContext } from './render.js';

export interface CombinedRenderRequest {
  format: Format;
  flags: FlagOptions;
  spec: Pick<EndpointSpec, 'id' | 'collection' | 'period' | 'noun'>;
  results: readonly ScopeResult[];
  meta: CombinedMeta;
  /** --sort, --top and the row filters: applied to each brand × market's answer on its own. */
  list?: ListOptions;
}

/**
 * Each answer with the list options applied by the step a single answer takes
 * (src/output/filter.ts listAnswer), as if it had come so: its raw text the filtered
 * envelope, numbers as sent. Sorting and --top work within each
 * brand × market, so every result of the JSON document stays one answer; what applied is
 * added to the document's meta.filters.
 */
async function listed(req: CombinedRenderRequest): Promise<CombinedRenderRequest & { note?: string | undefined }> {
  if (req.list === undefined || Object.keys(req.list).length === 0) return req;
  const [filter, { parseExactJson }, { exactStringify }, { knownColumns }] = await Promise.all([
    import('../output/filter.js'),
    import('../output/exact-json.js'),
    import('../text/raw-number.js'),
    import('../schemas/columns.js'),
  ]);
  const counts: Array<{ after: number; matched: number }> = [];
  const results = req.results.map((r) => {
    if (r.raw === null || r.envelope === null) return r;
    const out = filter.listAnswer(parseExactJson(r.raw), req.spec, req.list!, (data) => knownColumns(req.spec.id, data));
    counts.push(out.counts);
    const raw = exactStringify(out.body);
    return { ...r, raw, envelope: JSON.parse(raw) as NonNullable<ScopeResult['envelope']> };
  });
  // Said even when no answer came back: they were asked for, and would have applied.
  const meta = { ...req.meta, filters: { ...req.meta.filters, ...filter.appliedFilters(req.list) } };
  // Which end --top kept, said once for every brand and market, as for one answer.
  return { ...req, results, meta, note: filter.scopesTopNote(counts, req.list) };
}

export async function renderCombinedResponse(ctx: RenderContext, asked: CombinedRenderRequest): Promise<void> {
  const req = await listed(asked);
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
  await writeFilterNote(ctx, flags, req.note);
}
