/**
 * Turns a response into the chosen format and writes it to stdout or, atomically, to the
 * -o file. Renderers are imported lazily: a json run never loads the table code. A table
 * that is not going to a terminal (and VIS_FORCE_TTY unset) is the piped layout: its rows
 * go to stdout or -o, and everything else (the notes: the other fields, the `No … match.`
 * sentence) to stderr only with --verbose (and not with --quiet). A pipe's reader asked
 * for rows; text beside them on the terminal reads as part of the output, or as a fault.
 */
import { accessSync, constants } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ServerError, UsageError, VisError } from '../errors.js';
import type { EndpointSpec } from '../endpoints.js';
import type { Envelope } from '../http/envelope.js';
import { writeFailure } from '../text/write-failure.js';
import { isNestingError } from '../text/nesting.js';
import {
  isTerminalDevice,
  namesFolder,
  outputTarget,
  type OutputTarget,
  writeFd,
  writeFileAtomic,
  writeInPlace,
  writeStream,
  type Chunks,
  type Written,
} from '../output/write.js';
import type { Env } from '../domain/env.js';
import { forcedTty } from './force-tty.js';
import { stderrColumns, type IO } from './io.js';
import { wrapAtSpaces } from '../text/wrap-message.js';
import type { FlagOptions, Format } from '../flags/rules.js';
import type { ListedAnswer, ListOptions } from '../output/filter.js';

/** What rendering needs of the command's context: the streams, the variables, Ctrl-C. */
export interface RenderContext {
  io: IO;
  env: Env;
  signal: AbortSignal;
  /** --verbose: the piped table's notes go to stderr. */
  verbose: boolean;
}

export interface RenderRequest {
  format: Format;
  flags: FlagOptions;
  /** The endpoint spec when the data came from a table entry; undefined for `vis api`. */
  spec?: Pick<EndpointSpec, 'id' | 'collection' | 'noun' | 'period'>;
  raw: string;
  envelope: Envelope;
  /** --sort, --top and the row filters, applied to the collection in every format (src/output/filter.ts). */
  list?: ListOptions;
  /** Topic names by id for the terminal's views (src/services/topic-names.ts); no other output uses them. */
  topicNames?: ReadonlyMap<string, string> | undefined;
}

/** Refuses output options that cannot work (and a bad VIS_FORCE_TTY), before any request is sent. */
export function checkOutputOptions(format: Format, flags: FlagOptions, ctx: Pick<RenderContext, 'io' | 'env'>): void {
  forcedTty(ctx.io, ctx.env);
  if (format === 'json' && (flags.columns !== undefined || flags.rows !== undefined)) {
    throw new UsageError(
      `--${flags.columns !== undefined ? 'columns' : 'rows'} applies to --format csv and table; json is the API's answer exactly as received`,
      { hint: 'Pipe the json into jq to pick fields.' },
    );
  }
  if (flags.output !== undefined && flags.output !== STDOUT) checkOutputPath(flags.output);
}

/** `-o -` is stdout, as for most Unix tools. */
const STDOUT = '-';

function checkOutputPath(output: string): void {
  const path = resolve(output);
  const target: OutputTarget = namesFolder(output) ? { kind: 'folder' } : outputTarget(path);
  if (target.kind === 'folder') throw new UsageError(`--output must name a file, not a folder (got "${output}")`);
  if (target.kind === 'fd') return;
  if (target.kind === 'in-place') {
    // A device or FIFO is written where it is: its own permission matters, not its folder's.
    try {
      accessSync(path, constants.W_OK);
    } catch {
      throw new UsageError(`--output: ${output} is not writable`);
    }
    return;
  }
  try {
    accessSync(dirname(path), constants.W_OK);
  } catch {
    throw new UsageError(`--output: the folder ${dirname(path)} does not exist or is not writable`);
  }
}

/**
 * A --sort column the endpoint's schema does not know is refused before the read (exit 2,
 * naming the columns); for an endpoint whose rows the schema does not describe, the check
 * waits for the answer (src/output/filter.ts).
 */
export async function checkListOptions(spec: Pick<EndpointSpec, 'id'>, list: ListOptions): Promise<void> {
  if (list.sort === undefined) return;
  const [{ everyKnownColumn }, { isKnownColumn, unknownSortField }] = await Promise.all([import('../schemas/columns.js'), import('../output/filter.js')]);
  const known = everyKnownColumn(spec.id);
  if (known.length > 0 && !isKnownColumn(list.sort.field, known)) throw unknownSortField(list.sort.field, known);
}

export async function renderResponse(ctx: RenderContext, req: RenderRequest): Promise<void> {
  let rendered: Rendered;
  try {
    rendered = await renderChunks(ctx, req, toStdout(req.flags.output));
    await emit(ctx, req.flags.output, rendered.chunks, { pager: req.flags.pager });
  } catch (err) {
    throw selectionError(err);
  }
  const { notes, filterNote } = rendered;
  // The piped table's notes, after the rows: only asked for (--verbose), and never with --quiet.
  if (notes !== '' && ctx.verbose && !req.flags.quiet) await writeQuietly(ctx.io.stderr, [notes]);
  await writeFilterNote(ctx, req.flags, filterNote);
}

/**
 * The list options' note (filters that left nothing: what the answer does hold; --top:
 * which end is shown) on stderr, at a terminal only: a pipe's reader gets the rows alone.
 * One answer's, or once for several brands and markets (src/terminal/render-combined.ts).
 */
export async function writeFilterNote(ctx: RenderContext, flags: Pick<FlagOptions, 'output' | 'quiet'>, note: string | undefined): Promise<void> {
  const atTerminal = ctx.io.stderrIsTTY && (!toStdout(flags.output) || ctx.io.stdoutIsTTY);
  if (note === undefined || !atTerminal || flags.quiet) return;
  // Wrapped at spaces, as every message: the terminal would break it mid-word.
  const columns = stderrColumns(ctx.io);
  await writeQuietly(ctx.io.stderr, [`${columns === undefined ? note : wrapAtSpaces(note, columns)}\n`]);
}

/** What goes to stdout (or -o), and what goes to stderr. */
interface Rendered {
  chunks: Chunks;
  notes: string;
  /** The list options matched no row: the values the answer has (filter.ts noMatchNote). */
  filterNote?: string | undefined;
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

/**
 * `toTerminal`: the output goes to stdout (where the table may take its terminal layout).
 * Only csv asks whether a terminal reads it wherever it goes (writesToTerminal): json
 * escapes by itself, and tables always sanitise.
 */
async function renderChunks(ctx: RenderContext, req: RenderRequest, toTerminal: boolean): Promise<Rendered> {
  const { format, flags, spec } = req;
  if (format === 'json' && !hasList(req)) {
    // Without list options, the answer byte for byte as received (re-indented).
    const { renderJson } = await import('../output/json.js');
    return { chunks: renderJson(req.raw), notes: '' };
  }
  // Numbers as sent, which JSON.parse (the client's) may not keep: json keeps the whole
  // envelope as received, csv and table the numbers.
  const { parseExactJson, parseKeepingNumbers } = await import('../output/exact-json.js');
  let envelope = format === 'json' ? (parseExactJson(req.raw) as Envelope) : parseKeepingNumbers(req.raw, req.envelope);
  let listed: ListedAnswer<Envelope> | undefined;
  if (hasList(req)) {
    // The list options apply here once, for every format. They come only with an endpoint's
    // answer (src/cli/commands/data/run.ts), which the client has checked is an envelope.
    const [{ listAnswer }, { knownColumns }] = await Promise.all([import('../output/filter.js'), import('../schemas/columns.js')]);
    listed = listAnswer(envelope, spec!, req.list!, (data) => knownColumns(spec!.id, data));
    envelope = listed.body;
  }
  const filterNote = listed?.filterNote;
  if (format === 'json') {
    // The envelope as received but its collection filtered, and meta.filters saying how.
    const [{ renderJson }, { exactStringify }] = await Promise.all([import('../output/json.js'), import('../text/raw-number.js')]);
    return { chunks: renderJson(exactStringify(listed!.json)), notes: '', filterNote };
  }
  // The schemas are built only here, for csv or a piped table of an endpoint with a main collection.
  const known = async () => {
    if (spec?.collection === undefined) return undefined;
    return listed?.knownColumns ?? (await import('../schemas/columns.js')).knownColumns(spec.id, envelope.data);
  };
  if (format === 'csv') {
    const { renderCsvChunks } = await import('../output/csv.js');
    const chunks = renderCsvChunks(envelope.data, {
      collection: spec?.collection,
      oneRecord: spec !== undefined && spec.collection === undefined,
      period: spec !== undefined && spec.period !== 'none',
      knownColumns: await known(),
      rows: flags.rows,
      columns: flags.columns,
      terminal: writesToTerminal(ctx, flags.output),
    });
    return { chunks, notes: '', filterNote };
  }
  const { renderTable, renderPlainTable } = await import('../output/table.js');
  // VIS_FORCE_TTY: the terminal layout wherever the table goes (never a pager, see force-tty.ts).
  const forced = forcedTty(ctx.io, ctx.env);
  const tty = forced !== null || (toTerminal && ctx.io.stdoutIsTTY);
  if (!tty) {
    const { rows, rest } = renderPlainTable(envelope, { spec, rows: flags.rows, columns: flags.columns, knownColumns: await known() });
    return { chunks: [rows], notes: rest, filterNote };
  }
  const chunks = renderTable(envelope, {
    spec,
    width: forced?.width ?? ctx.io.columns,
    color: toTerminal && ctx.io.color,
    tty,
    wide: flags.wide,
    rows: flags.rows,
    columns: flags.columns,
    topicNames: req.topicNames,
  });
  return { chunks, notes: '', filterNote };
}

/** Were list options given (on an endpoint's answer)? Checked without loading filter.ts. */
function hasList(req: RenderRequest): boolean {
  return req.list !== undefined && Object.keys(req.list).length > 0;
}

export function toStdout(output: string | undefined): boolean {
  return output === undefined || output === STDOUT;
}

/**
 * True when what is written to `output` (see emit) reaches a terminal: stdout or -o - on
 * a TTY, -o /dev/stdout, /dev/stderr or /dev/fd/N naming one, or -o naming a terminal
 * device (/dev/tty, a link to /dev/pts/N). VIS_FORCE_TTY does not count: it asks for the
 * table's layout, and csv into a file or a pipe stays byte for byte as received.
 */
export function writesToTerminal(ctx: Pick<RenderContext, 'io'>, output: string | undefined): boolean {
  if (toStdout(output)) return ctx.io.stdoutIsTTY;
  const path = resolve(output as string);
  const target = outputTarget(path);
  if (target.kind === 'fd') {
    if (target.fd === 1) return ctx.io.stdoutIsTTY;
    if (target.fd === 2) return ctx.io.stderrIsTTY;
    // Loaded here, not with the module: node:tty brings node:net and the streams.
    return process.getBuiltinModule('node:tty').isatty(target.fd);
  }
  return target.kind === 'in-place' && !target.fifo && isTerminalDevice(path);
}

/**
 * Writes to stdout, or to the -o target: a regular file atomically, anything else (a
 * device, a FIFO, /dev/stdout, /dev/fd/N) in place; see outputTarget. With `pager` (a
 * result, not --no-pager), output to a real terminal that is taller than it goes through
 * the pager (terminal/pager.ts, loaded only then); -o - is stdout and paged alike.
 */
export async function emit(ctx: RenderContext, output: string | undefined, chunks: Written, o: { pager?: boolean } = {}): Promise<void> {
  if (output === undefined || output === STDOUT) {
    const rows = ctx.io.stdoutRows;
    if (o.pager !== true || rows === undefined || Buffer.isBuffer(chunks)) return writeQuietly(ctx.io.stdout, chunks);
    const { writePaged } = await import('./pager.js');
    return writePaged(
      {
        env: ctx.env,
        columns: ctx.io.columns,
        rows,
        stderr: ctx.io.stderr,
        stderrColumns: stderrColumns(ctx.io),
        direct: (c) => writeQuietly(ctx.io.stdout, c),
      },
      chunks,
    );
  }
  const path = resolve(output);
  const target = outputTarget(path);
  try {
    if (target.kind === 'fd') {
      if (target.fd === 1) return await writeQuietly(ctx.io.stdout, chunks);
      if (target.fd === 2) return await writeQuietly(ctx.io.stderr, chunks);
      return await writeFd(target.fd, chunks, ctx.signal);
    }
    if (target.kind === 'in-place') return await writeInPlace(path, chunks, ctx.signal);
    writeFileAtomic(path, chunks);
  } catch (err) {
    // Only the file system's refusals (no space, no permission, file too large) are the
    // user's to fix; anything else thrown while rendering is a VisError or a bug.
    if (!isSystemError(err)) throw err;
    // The reader of a FIFO or descriptor went away, as with `vis … | head -1`.
    if (target.kind !== 'replace' && err.code === 'EPIPE') return;
    // In the user's words and for the path they gave: err.message names the temp file beside it.
    const failure = writeFailure(err.code);
    throw new VisError('usage', `could not write ${output}: ${failure.why}`, {
      code: err.code,
      hint:
        target.kind === 'replace'
          ? `${failure.check} Nothing was written; any earlier file of that name is unchanged.`
          : err.code === 'ENXIO'
            ? 'It is a socket (or a device with nothing behind it): vis writes only to files, devices and FIFOs.'
            : `${failure.check} It is not a regular file, so it was written in place: part of the output may have reached it.`,
    });
  }
}

async function writeQuietly(stream: IO['stdout'], chunks: Written): Promise<void> {
  try {
    await writeStream(stream, chunks);
  } catch (err) {
    // The reader went away (`vis … | head -1`): not an error worth a word.
    if ((err as NodeJS.ErrnoException).code === 'EPIPE' || (err as NodeJS.ErrnoException).code === 'ERR_STREAM_DESTROYED') return;
    throw err;
  }
}

function isSystemError(err: unknown): err is NodeJS.ErrnoException & { code: string } {
  const e = err as NodeJS.ErrnoException | undefined;
  return e instanceof Error && typeof e.code === 'string' && typeof e.syscall === 'string';
}
