/**
 * Where a result goes and what a failure there means (docs/guide.md, Global options `-o` and
 * "Signals, pipes and files"; docs/security.md, Terminal): `-o` is checked before any
 * request, a write failure names the file and says what became of it, a reader that goes
 * away ends vis quietly, and anything that is not a write failure keeps its own class.
 * Test titles are fixed text (no temp path in them), so each test is found again by name.
 */
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createContext } from '../../src/services/context.js';
import { checkOutputOptions, emit } from '../../src/terminal/render.js';
import { InterruptedError, ServerError, UsageError, VisError } from '../../src/errors.js';
import type { FlagOptions, Format } from '../../src/flags/rules.js';
import { fakeClock, flagOptions, testContext, testIO } from '../support/context.js';
import { lockFolder } from '../support/files.js';
import { FakeApi } from '../support/http.js';
import { runInProcess } from '../support/run.js';
import { makeFifo, stopFifoWatchdogs } from '../fs/fifo.js';

const folder = () => mkdtempSync(join(tmpdir(), 'vis-render-targets-'));
const asRoot = process.getuid?.() === 0;

afterEach(() => {
  stopFifoWatchdogs();
  vi.restoreAllMocks();
});

/** The pager on, as a terminal's default. */
const flags = (o: Partial<FlagOptions>): FlagOptions => flagOptions({ pager: true, ...o });

/** What checkOutputOptions throws (undefined when it accepts the options). */
function refusal(format: Format, o: Partial<FlagOptions>): unknown {
  try {
    checkOutputOptions(format, flags(o), testContext());
    return undefined;
  } catch (err) {
    return err;
  }
}

describe('-o and the format, checked before any request', () => {
  it('--columns or --rows with json: a usage error naming the flag, with the way to pick fields', () => {
    const cases: Array<[Partial<FlagOptions>, string]> = [
      [{ columns: ['name'] }, '--columns'],
      [{ rows: 'items' }, '--rows'],
    ];
    for (const [o, flag] of cases) {
      const err = refusal('json', o);
      expect(err).toBeInstanceOf(UsageError);
      expect((err as UsageError).message).toBe(`${flag} applies to --format csv and table; json is the API's answer exactly as received`);
      expect((err as UsageError).hint).toBe('Pipe the json into jq to pick fields.');
    }
  });

  it('a folder: refused, naming it', () => {
    const dir = folder();
    const err = refusal('csv', { output: dir });
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe(`--output must name a file, not a folder (got "${dir}")`);
  });

  it('a file in a folder that does not exist: refused, naming the folder', () => {
    const dir = join(folder(), 'missing');
    const err = refusal('csv', { output: join(dir, 'out.csv') });
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe(`--output: the folder ${dir} does not exist or is not writable`);
  });

  it('a file, new or existing, in a folder that exists: accepted', () => {
    const dir = folder();
    writeFileSync(join(dir, 'old.csv'), 'x');
    expect(refusal('csv', { output: join(dir, 'old.csv') })).toBeUndefined();
    expect(refusal('csv', { output: join(dir, 'new.csv') })).toBeUndefined();
    expect(refusal('json', {})).toBeUndefined();
  });

  it('-o - is stdout, even where the current folder holds a folder named -', () => {
    const dir = folder();
    mkdirSync(join(dir, '-'));
    vi.spyOn(process, 'cwd').mockReturnValue(dir);
    expect(refusal('csv', { output: '-' })).toBeUndefined();
    // The same folder named any other way is refused.
    expect(refusal('csv', { output: './-' })).toBeInstanceOf(UsageError);
  });

  it("vis's own descriptors (/dev/stdout, /dev/fd/N, a link to one) are accepted as they are, whatever their folder", (t) => {
    const dir = folder();
    symlinkSync('/dev/stderr', join(dir, 'err'));
    const unlock = lockFolder(dir);
    if (unlock === undefined) return t.skip();
    try {
      for (const output of ['/dev/stdout', '/dev/stderr', '/dev/fd/1', join(dir, 'err')]) expect(refusal('csv', { output })).toBeUndefined();
    } finally {
      unlock();
    }
  });

  it('a FIFO: accepted in a folder no one may write to (it is written in place)', (t) => {
    const dir = folder();
    makeFifo(join(dir, 'pipe'));
    const unlock = lockFolder(dir);
    if (unlock === undefined) return t.skip();
    try {
      expect(refusal('csv', { output: join(dir, 'pipe') })).toBeUndefined();
      // A new file there is refused: the folder is what matters for it.
      expect(refusal('csv', { output: join(dir, 'new.csv') })).toBeInstanceOf(UsageError);
    } finally {
      unlock();
    }
  });

  // Root may write to any FIFO, so only another user sees this refusal.
  it.skipIf(asRoot)('a FIFO vis may not write to: refused, naming it', () => {
    const p = join(folder(), 'pipe');
    makeFifo(p);
    chmodSync(p, 0o400);
    const err = refusal('csv', { output: p });
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe(`--output: ${p} is not writable`);
  });
});

/** A Context whose stdout fails every write with `err` (or is already destroyed). */
function failingStdout(err: NodeJS.ErrnoException | 'destroyed') {
  const io = testIO();
  const stdout = new Writable({
    write(_chunk, _enc, done) {
      done(err === 'destroyed' ? undefined : err);
    },
  });
  if (err === 'destroyed') stdout.destroy();
  else stdout.on('error', () => undefined);
  return createContext({ ...io, stdout }, {}, '0.0.0-test', new AbortController().signal, { clock: fakeClock() });
}

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: write`), { code, syscall: 'write' });
}

describe('stdout whose reader went away', () => {
  it('EPIPE (vis … | head -1) ends the write quietly', async () => {
    await expect(emit(failingStdout(errno('EPIPE')), undefined, 'rows\n')).resolves.toBeUndefined();
    await expect(emit(failingStdout(errno('EPIPE')), '-', 'rows\n')).resolves.toBeUndefined();
  });

  it('a stream already destroyed, or destroyed under the write (ERR_STREAM_DESTROYED), ends the write quietly', async () => {
    await expect(emit(failingStdout('destroyed'), undefined, 'rows\n')).resolves.toBeUndefined();
    const destroyed = Object.assign(new Error('Cannot call write after a stream was destroyed'), { code: 'ERR_STREAM_DESTROYED' });
    await expect(emit(failingStdout(destroyed), undefined, 'rows\n')).resolves.toBeUndefined();
  });

  it('any other failure of stdout is reported', async () => {
    await expect(emit(failingStdout(errno('EIO')), undefined, 'rows\n')).rejects.toMatchObject({ code: 'EIO' });
  });
});

describe('-o: a failed write names the file and says what became of it', () => {
  it('a regular file: nothing was written', async () => {
    const path = join(folder(), 'missing', 'out.csv');
    const err = (await emit(testContext(), path, 'a,b\r\n').catch((e: unknown) => e)) as VisError;
    expect(err).toBeInstanceOf(VisError);
    expect(err.kind).toBe('usage');
    expect(err.message).toBe(`could not write ${path}: its folder does not exist (any more)`);
    expect(err.code).toBe('ENOENT');
    expect(err.hint).toBe('Check that the folder exists. Nothing was written; any earlier file of that name is unchanged.');
  });

  it('a file where a folder should be: the path given, never the temp file beside it, and what to check (exit 2)', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'rep'), 'a report written as a file\n');
    const path = join(dir, 'rep', 'comb.html');
    const err = (await emit(testContext(), path, '<html>').catch((e: unknown) => e)) as VisError;
    expect(err.kind).toBe('usage');
    expect(err.code).toBe('ENOTDIR');
    expect(err.message).toBe(`could not write ${path}: a part of the path is a file, not a folder`);
    expect(err.hint).toBe('Check each folder on the way to it: one of them is a file. Nothing was written; any earlier file of that name is unchanged.');
    const r = await runInProcess(['topics', '--brand', '12', '--format', 'csv', '-o', path], { api: topicsApi(TOPICS) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`vis: could not write ${path}: a part of the path is a file, not a folder [ENOTDIR]\nCheck each folder`);
    expect(r.stderr).not.toMatch(/\.tmp\b|open '/);
  });

  it('a descriptor that refuses writes: written in place, so part may have reached it', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'ro'), '');
    const fd = openSync(join(dir, 'ro'), 'r');
    try {
      const err = (await emit(testContext(), `/dev/fd/${fd}`, 'a,b\r\n').catch((e: unknown) => e)) as VisError;
      expect(err).toBeInstanceOf(VisError);
      expect(err.kind).toBe('usage');
      expect(err.message).toBe(`could not write /dev/fd/${fd}: the file system refused it (EBADF)`);
      expect(err.code).toBe('EBADF');
      expect(err.hint).toBe(
        'Check the path, its folder and the space left there. It is not a regular file, so it was written in place: part of the output may have reached it.',
      );
    } finally {
      closeSync(fd);
    }
  });

  it('a socket: refused, saying vis writes only to files, devices and FIFOs (exit 2)', async () => {
    const sock = join(folder(), 'sock');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(sock, resolve));
    try {
      const err = (await emit(testContext(), sock, 'x').catch((e: unknown) => e)) as VisError;
      expect(err.kind).toBe('usage');
      expect(err.hint).toBe('It is a socket (or a device with nothing behind it): vis writes only to files, devices and FIFOs.');
      const r = await runInProcess(['topics', '--brand', '12', '--format', 'csv', '-o', sock], { api: topicsApi(TOPICS) });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`could not write ${sock}`);
    } finally {
      server.close();
    }
  });

  it('a FIFO whose reader goes away early ends vis quietly', async () => {
    const p = join(folder(), 'pipe');
    makeFifo(p);
    // `head -c 1` reads one byte and leaves: the rest of a large result meets a closed pipe.
    const head = (await import('node:child_process')).spawn('head', ['-c', '1', p], { stdio: ['ignore', 'pipe', 'inherit'] });
    const gone = new Promise((resolve) => head.on('close', resolve));
    await expect(emit(testContext(), p, ['x'.repeat(1 << 20), 'y'.repeat(1 << 20)])).resolves.toBeUndefined();
    await gone;
  });

  it('an error thrown while rendering is not a write failure: it keeps its class', async () => {
    const dir = folder();
    const deep = new ServerError('the answer is nested too deep', { code: 'too_deep' });
    function* rows(): Generator<string> {
      yield 'a\r\n';
      throw deep;
    }
    await expect(emit(testContext(), join(dir, 'out.csv'), rows())).rejects.toBe(deep);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('Ctrl-C while a FIFO waits for its reader is an interruption, not a write failure', async () => {
    const p = join(folder(), 'pipe');
    makeFifo(p);
    const controller = new AbortController();
    const ctx = createContext(testIO(), {}, '0.0.0-test', controller.signal, { clock: fakeClock() });
    const pending = emit(ctx, p, 'never read');
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(InterruptedError);
  });
});

const ESC = '\u001b';
const TOPICS = JSON.stringify({
  data: {
    topics: [
      { id: 1, title: 'Acme' },
      { id: 2, title: 'Beta' },
    ],
  },
  meta: {},
});

function topicsApi(body: string): FakeApi {
  return new FakeApi().on({ method: 'GET', path: '/topics' }, { status: 200, headers: { 'content-type': 'application/json' }, body }, 'always');
}

describe('rendering through a command', () => {
  it('--columns naming a column the data does not have is a usage error (exit 2)', async () => {
    for (const format of ['csv', 'table']) {
      const r = await runInProcess(['topics', '--brand', '12', '--format', format, '--columns', 'nope'], { api: topicsApi(TOPICS) });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('nope');
      expect(r.stdout).toBe('');
    }
  });

  it('csv of a list whose answer holds its records under another name: one row per record', async () => {
    const body = JSON.stringify({ data: { results: [{ id: 1 }, { id: 2 }] }, meta: {} });
    const r = await runInProcess(['topics', '--brand', '12', '--format', 'csv', '--columns', 'id'], { api: topicsApi(body) });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('id\r\n1\r\n2\r\n');
  });

  it('a table on a colour terminal is coloured; the same table into a file is not', async () => {
    const onTty = await runInProcess(['topics', '--brand', '12'], {
      api: topicsApi(TOPICS),
      io: { stdoutIsTTY: true, color: true },
      env: { NO_COLOR: undefined },
    });
    expect(onTty.code).toBe(0);
    expect(onTty.stdout).toContain(`${ESC}[`);
    const file = join(folder(), 'out.txt');
    const forced = await runInProcess(['topics', '--brand', '12', '-o', file], {
      api: topicsApi(TOPICS),
      io: { stdoutIsTTY: true, color: true },
      env: { NO_COLOR: undefined, VIS_FORCE_TTY: '80' },
    });
    expect(forced.code).toBe(0);
    const { readFileSync } = process.getBuiltinModule('node:fs');
    expect(readFileSync(file, 'utf8')).toContain('Acme');
    expect(readFileSync(file, 'utf8')).not.toContain(ESC);
  });
});
