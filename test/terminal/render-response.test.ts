/**
 * renderResponse called directly, on a fake terminal: which text goes to stdout and which to
 * stderr (a piped table's notes only with --verbose; the note of filters that matched no
 * row only where a person reads stderr), json with and without list options, and the
 * errors of a selection the data does not have.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointById } from '../../src/endpoints.js';
import { ServerError, UsageError } from '../../src/errors.js';
import type { FlagOptions, Format } from '../../src/flags/rules.js';
import type { Envelope } from '../../src/http/envelope.js';
import type { ListOptions } from '../../src/output/filter.js';
import { emit, renderResponse } from '../../src/terminal/render.js';
import { flagOptions, testIO, type TestIOOptions } from '../support/context.js';

const flags = flagOptions;

const GAPS = {
  data: {
    gaps: [
      { prompt: 'Best CRM?', action: 'write' },
      { prompt: 'Cheapest CRM?', action: 'leave' },
    ],
    total: 2,
  },
  meta: { request_id: 'r1' },
};
const RAW = JSON.stringify(GAPS);

async function render(
  format: Format,
  o: { io?: TestIOOptions; flags?: Partial<FlagOptions>; list?: ListOptions; verbose?: boolean; raw?: string } = {},
): Promise<{ stdout: string; stderr: string }> {
  const io = testIO(o.io);
  const raw = o.raw ?? RAW;
  await renderResponse(
    { io, env: {}, signal: new AbortController().signal, verbose: o.verbose ?? false },
    { format, flags: flags(o.flags), spec: endpointById('content-gaps'), raw, envelope: JSON.parse(raw) as Envelope, ...(o.list ? { list: o.list } : {}) },
  );
  return { stdout: io.out(), stderr: io.err() };
}

const NO_MATCH = 'No row matched. The answer has --action: write, leave.\n';

describe('a piped table', () => {
  it('writes its rows to stdout, and the other fields to stderr only with --verbose, never with --quiet', async () => {
    const plain = await render('table');
    expect(plain.stdout.split('\n')[0]).toBe('prompt\taction');
    expect(plain.stderr).toBe('');
    const verbose = await render('table', { verbose: true });
    expect(verbose.stdout).toBe(plain.stdout);
    expect(verbose.stderr).toContain('total');
    expect((await render('table', { verbose: true, flags: { quiet: true } })).stderr).toBe('');
  });
});

describe('--verbose', () => {
  it('adds nothing on stderr to json, csv or a table at a terminal: their output is whole on stdout', async () => {
    for (const out of [
      await render('json', { verbose: true }),
      await render('json', { verbose: true, list: { top: 1 } }),
      await render('csv', { verbose: true }),
      await render('table', { verbose: true, io: { stdoutIsTTY: true } }),
    ]) {
      expect(out.stdout).toContain('Best CRM?');
      expect(out.stderr).toBe('');
    }
  });
});

describe('filters that match no row', () => {
  const none: ListOptions = { action: ['rewrite'] };

  it('at a terminal, stderr says what the answer has', async () => {
    const r = await render('csv', { list: none, io: { stdoutIsTTY: true, stderrIsTTY: true } });
    expect(r.stderr).toBe(NO_MATCH);
  });

  it('-o a file, with stderr at a terminal: said too', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vis-render-response-')), 'gaps.csv');
    const r = await render('csv', { list: none, io: { stderrIsTTY: true }, flags: { output: file } });
    expect(r.stderr).toBe(NO_MATCH);
    // The header alone.
    expect(readFileSync(file, 'utf8').split('\r\n')).toEqual([expect.stringMatching(/^prompt_id,prompt,.*,action,reason$/), '']);
  });

  it('piped stdout, stderr not a terminal, or --quiet: not said', async () => {
    expect((await render('csv', { list: none, io: { stdoutIsTTY: false, stderrIsTTY: true } })).stderr).toBe('');
    expect((await render('csv', { list: none, io: { stdoutIsTTY: true, stderrIsTTY: false } })).stderr).toBe('');
    expect((await render('csv', { list: none, io: { stdoutIsTTY: true, stderrIsTTY: true }, flags: { quiet: true } })).stderr).toBe('');
  });

  it('json: the collection filtered, meta.filters saying how, and the note at a terminal', async () => {
    const r = await render('json', { list: none, io: { stdoutIsTTY: true, stderrIsTTY: true } });
    expect(JSON.parse(r.stdout)).toEqual({ data: { gaps: [], total: 2 }, meta: { request_id: 'r1', filters: { action: ['rewrite'] } } });
    expect(r.stderr).toBe(NO_MATCH);
  });

  it('filters that keep rows: no note', async () => {
    const r = await render('csv', { list: { action: ['write'] }, io: { stdoutIsTTY: true, stderrIsTTY: true } });
    expect(r.stdout).toBe('prompt,action\r\nBest CRM?,write\r\n');
    expect(r.stderr).toBe('');
  });
});

describe('--top after --sort', () => {
  const lowest: ListOptions = { sort: { field: 'prompt', descending: false }, top: 1 };

  it('at a terminal, stderr says which end of the sorted rows is shown', async () => {
    const r = await render('table', { list: lowest, io: { stdoutIsTTY: true, stderrIsTTY: true, columns: 200 } });
    expect(r.stdout).toContain('Best CRM?');
    expect(r.stdout).not.toContain('Cheapest CRM?');
    expect(r.stderr).toBe('Sorted by prompt, lowest first: the lowest 1 of 2 rows (--sort -prompt --top 1 for the highest).\n');
  });

  it('wrapped at spaces to the terminal’s width, as every message', async () => {
    const r = await render('table', { list: lowest, io: { stdoutIsTTY: true, stderrIsTTY: true, columns: 50 } });
    expect(r.stderr).toBe('Sorted by prompt, lowest first: the lowest 1 of 2\nrows (--sort -prompt --top 1 for the highest).\n');
  });

  it('piped, or --quiet: not said', async () => {
    expect((await render('csv', { list: lowest })).stderr).toBe('');
    expect((await render('table', { list: lowest, io: { stdoutIsTTY: true, stderrIsTTY: true }, flags: { quiet: true } })).stderr).toBe('');
  });
});

describe('json', () => {
  it('without list options (none, or an empty set) the answer as received, re-indented', async () => {
    const raw = '{"data":{"gaps":[{"prompt":"a","action":"write","n":1.50}]},"meta":{}}';
    const expected = `{\n  "data": {\n    "gaps": [\n      {\n        "prompt": "a",\n        "action": "write",\n        "n": 1.50\n      }\n    ]\n  },\n  "meta": {}\n}\n`;
    expect((await render('json', { raw })).stdout).toBe(expected);
    expect((await render('json', { raw, list: {} })).stdout).toBe(expected);
  });
});

describe('a selection the data does not have', () => {
  it('--rows or --columns naming nothing there is a usage error', async () => {
    await expect(render('csv', { flags: { columns: ['nope'] } })).rejects.toBeInstanceOf(UsageError);
    await expect(render('table', { flags: { rows: 'nope' } })).rejects.toBeInstanceOf(UsageError);
  });

  it('data nested past the limit is a server error (too_deep)', async () => {
    let deep = '1';
    for (let i = 0; i < 300; i++) deep = `[${deep}]`;
    const raw = `{"data":{"gaps":[{"prompt":${deep}}]},"meta":{}}`;
    const err = await render('csv', { raw }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect(err).toMatchObject({ code: 'too_deep' });
  });
});

describe('the pager', () => {
  const TALL = Array.from({ length: 10 }, (_, i) => `line ${i}`).join('\n') + '\n';
  // A PAGER that cannot be split says so on stderr: the sign that the pager had its turn.
  const NOTICE = "vis: no pager: PAGER has an unclosed quote: less '-R\n";

  async function emitted(output: string | undefined, chunks: string | Buffer, o: { pager?: boolean; rows?: number }) {
    const io = testIO({ stdoutIsTTY: true, stderrIsTTY: true, columns: 80, ...(o.rows === undefined ? {} : { rows: o.rows }) });
    await emit({ io, env: { PAGER: "less '-R" }, signal: new AbortController().signal, verbose: false }, output, chunks, { pager: o.pager });
    return { stdout: io.out(), stderr: io.err() };
  }

  it('text taller than the terminal, on stdout or -o -, has its turn', async () => {
    for (const output of [undefined, '-']) expect(await emitted(output, TALL, { pager: true, rows: 3 })).toEqual({ stdout: TALL, stderr: NOTICE });
  });

  it('not without the pager asked for, nor where the height is unknown, nor for bytes (a PDF)', async () => {
    expect(await emitted(undefined, TALL, { pager: false, rows: 3 })).toEqual({ stdout: TALL, stderr: '' });
    expect(await emitted(undefined, TALL, { rows: 3 })).toEqual({ stdout: TALL, stderr: '' });
    expect(await emitted(undefined, TALL, { pager: true })).toEqual({ stdout: TALL, stderr: '' });
    expect(await emitted(undefined, Buffer.from(TALL), { pager: true, rows: 3 })).toEqual({ stdout: TALL, stderr: '' });
  });
});
