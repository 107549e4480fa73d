/**
 * Turns a response into the chosen format and writes it to stdout or, atomically, to the
 * -o file. Renderers are imported lazily: a json run never loads the table code.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ServerError, UsageError, VisError } from '../errors.js';
import type { EndpointSpec } from '../endpoints.js';
import type { Envelope } from '../http/envelope.js';
import { isNestingError } from '../output/nesting.js';
import { writeFileAtomic, writeStream, type Chunks } from '../output/write.js';
import type { Context } from './context.js';
import type { FlagOptions, Format } from './options.js';

export interface RenderRequest {
  format: Format;
  flags: FlagOptions;
  /** The endpoint spec when the data came from a table entry; undefined for `vis api`. */
  spec?: Pick<EndpointSpec, 'id' | 'collection' | 'noun'>;
  raw: string;
  envelope: Envelope;
}

/** Refuses output options that cannot work, before any request is sent. */
export function checkOutputOptions(format: Format, flags: FlagOptions): void {
  if (format === 'json' && (flags.columns !== undefined || flags.rows !== undefined)) {
    throw new UsageError(
      `--${flags.columns !== undefined ? 'columns' : 'rows'} applies to --format csv and table; json is the API's answer exactly as received`,
      { hint: 'Pipe the json into jq to pick fields.' },
    );
  }
  if (flags.output !== undefined) {
    const path = resolve(flags.output);
    let isDir = false;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      // Does not exist yet: fine, the folder is what matters.
    }
    if (isDir) throw new UsageError(`--output must name a file, not a folder (got "${flags.output}")`);
    try {
      accessSync(dirname(path), constants.W_OK);
    } catch {
      throw new UsageError(`--output: the folder ${dirname(path)} does not exist or is not writable`);
    }
  }
}

export async function renderResponse(ctx: Context, req: RenderRequest): Promise<void> {
  try {
    const chunks = await renderChunks(ctx, req, req.flags.output === undefined);
    await emit(ctx, req.flags.output, chunks);
  } catch (err) {
    throw selectionError(err);
  }
}

/**
 * --rows / --columns naming something the data does not have is a usage error; data
 * nested past the limit (which the client refuses before it gets here) a server error.
 */
function selectionError(err: unknown): unknown {
  if (err instanceof Error && (err.name === 'RowsKeyError' || err.name === 'ColumnsError')) {
    return new UsageError(err.message);
  }
  if (isNestingError(err)) return new ServerError(err.message, { code: 'too_deep' });
  return err;
}

async function renderChunks(ctx: Context, req: RenderRequest, toTerminal: boolean): Promise<Chunks> {
  const { format, flags, spec, envelope } = req;
  if (format === 'json') {
    const { renderJson } = await import('../output/json.js');
    return renderJson(req.raw);
  }
  if (format === 'csv') {
    const { renderCsvChunks } = await import('../output/csv.js');
    return renderCsvChunks(envelope.data, { collection: spec?.collection, rows: flags.rows, columns: flags.columns });
  }
  const { renderTable } = await import('../output/table.js');
  const tty = toTerminal && ctx.io.stdoutIsTTY;
  return renderTable(envelope, {
    spec,
    width: ctx.io.columns,
    color: tty && ctx.io.color,
    tty,
    wide: flags.wide,
    rows: flags.rows,
    columns: flags.columns,
  });
}

export async function emit(ctx: Context, output: string | undefined, chunks: Chunks): Promise<void> {
  if (output === undefined) {
    try {
      await writeStream(ctx.io.stdout, chunks);
    } catch (err) {
      // The reader went away (`vis … | head -1`): not an error worth a word.
      if ((err as NodeJS.ErrnoException).code === 'EPIPE' || (err as NodeJS.ErrnoException).code === 'ERR_STREAM_DESTROYED') return;
      throw err;
    }
    return;
  }
  try {
    writeFileAtomic(resolve(output), chunks);
  } catch (err) {
    // Only the file system's refusals (no space, no permission, file too large) are the
    // user's to fix; anything else thrown while rendering is a VisError or a bug.
    if (!isSystemError(err)) throw err;
    throw new VisError('usage', `could not write ${output}: ${err.message}`, {
      hint: 'Nothing was written; any earlier file of that name is unchanged.',
    });
  }
}

function isSystemError(err: unknown): err is NodeJS.ErrnoException & { code: string } {
  const e = err as NodeJS.ErrnoException | undefined;
  return e instanceof Error && typeof e.code === 'string' && typeof e.syscall === 'string';
}
