/**
 * `vis history <data command>` written out: json as vis's own document, csv and the piped
 * table as day-first rows, and on a terminal the key figure's series
 * (src/output/views/history.ts), or the day-first table for a command without one. Here
 * rather than in the command because the rows take the endpoint's known columns from its
 * schema, as every csv does. Renderers are loaded only for the format asked for.
 */
import type { EndpointSpec } from '../endpoints.js';
import { UsageError } from '../errors.js';
import type { FlagOptions, Format } from '../flags/rules.js';
import type { Chunks } from '../output/write.js';
import type { RecordedDay } from '../output/views/history-rows.js';
import { forcedTty } from './force-tty.js';
import { emit, toStdout, writesToTerminal, type RenderContext } from './render.js';

export interface HistoryRenderRequest {
  format: Format;
  flags: FlagOptions;
  spec: Pick<EndpointSpec, 'id' | 'collection' | 'period'>;
  days: readonly RecordedDay[];
  /** The json document, made by the caller (vis's own shape). */
  json: () => string;
  /** Who, where and which command, above the series on a terminal. */
  heading: string;
}

/** What the table renderers are told the rows are: no view of their own, so the generic table. */
const SERIES_SPEC = { id: 'history', collection: 'rows', noun: 'recorded rows', period: 'none' };

export async function renderHistory(ctx: RenderContext, req: HistoryRenderRequest): Promise<void> {
  let chunks: Chunks | null;
  try {
    chunks = await historyChunks(ctx, req);
  } catch (err) {
    // --rows or --columns naming what the recorded answers do not have.
    if (err instanceof Error && (err.name === 'RowsKeyError' || err.name === 'ColumnsError')) throw new UsageError(err.message);
    throw err;
  }
  if (chunks !== null) await emit(ctx, req.flags.output, chunks, { pager: req.flags.pager });
}

async function historyChunks(ctx: RenderContext, req: HistoryRenderRequest): Promise<Chunks | null> {
  const { flags, spec, days } = req;
  if (req.format === 'json') return (await import('../output/json.js')).renderJson(req.json());
  const [{ dayTable, asAnswer }, { knownColumns }, { isEndpointId }] = await Promise.all([
    import('../output/views/history-rows.js'),
    import('../schemas/columns.js'),
    import('../endpoints.js'),
  ]);
  const id = spec.id;
  const known = isEndpointId(id) ? (data: unknown) => knownColumns(id, data) : undefined;
  const table = dayTable(days, spec, { rows: flags.rows, columns: flags.columns, known });
  const answer = asAnswer(table);
  if (req.format === 'csv') {
    const { renderCsvChunks } = await import('../output/csv.js');
    return renderCsvChunks(answer.data, { collection: SERIES_SPEC.collection, knownColumns: table.columns, terminal: writesToTerminal(ctx, flags.output) });
  }
  // An empty history has no rows to show; the command said on stderr how to fill it.
  if (days.length === 0) return null;
  const { keyFigureFor, renderPlainTable, renderTable, seriesLines } = await import('../output/table.js');
  const forced = forcedTty(ctx.io, ctx.env);
  const toTerminal = toStdout(flags.output);
  if (forced === null && !(toTerminal && ctx.io.stdoutIsTTY)) return renderPlainTable(answer, { spec: SERIES_SPEC, knownColumns: table.columns }).rows;
  const width = forced?.width ?? ctx.io.columns;
  const color = toTerminal && ctx.io.color;
  if (flags.columns === undefined && flags.rows === undefined) {
    const figure = keyFigureFor(id);
    const lines = figure === undefined ? null : seriesLines(figure, { heading: req.heading, days }, { width, wide: flags.wide, color });
    if (lines !== null) return `${lines.join('\n')}\n`;
  }
  return renderTable(answer, { spec: SERIES_SPEC, width, color, tty: true, wide: flags.wide });
}
