/**
 * Text from the API never drives the terminal, whatever the format (docs/security.md):
 * csv printed on a terminal gets the table's rule (whole escape sequences removed, other
 * controls shown as visible escapes), field by field, so the rows stay rows. Into a file
 * or a pipe, csv is written exactly as received. json escapes on its own.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CAN_SEE_FIFO_OPENS, waitingInOpen } from '../fs/fifo.js';
import { FakeApi } from '../support/http.js';
import { runInProcess } from '../support/run.js';

const ESC = '\u001b';
/** A clipboard write, a hyperlink, a screen clear, an 8-bit CSI, a C1 control, a bidi override and a line break. */
const TITLE = `Best CRM${ESC}]52;c;ZWNobyBvd25lZA==\u0007 ${ESC}]8;;https://evil.example${ESC}\\click${ESC}]8;;${ESC}\\${ESC}[2J\u009b31m\u0085\u202eevil\r\nnext`;
/** What a terminal shows of it: the sequences gone, the rest as escapes. */
const TITLE_SHOWN = 'Best CRM click\\x85\\u202eevil\\r\\nnext';

const TOPICS = JSON.stringify({
  data: { period: { from: '2026-11-19', to: '2026-11-25' }, topics: [{ id: 1, title: TITLE, note: 'plain, "quoted"' }] },
  meta: {},
});
/** The period columns every topics row ends with. */
const PERIOD = ['2026-11-19', '2026-11-25'];
const OVERVIEW = JSON.stringify({ data: { headline: TITLE, visibility: 42 }, meta: {} });

/** Every control but the CRLF that ends a csv row. */
const CONTROL = /[\x00-\x1f\x7f-\x9f\u2028-\u202e\u2066-\u2069]/;

function api(path: string, body: string): FakeApi {
  return new FakeApi().on({ method: 'GET', path }, { status: 200, headers: { 'content-type': 'application/json' }, body }, 'always');
}

function rows(csv: string): string[][] {
  return parse(csv, { record_delimiter: '\r\n' }) as string[][];
}

function expectSafeCsv(out: string): void {
  expect(out.replace(/\r\n/g, '')).not.toMatch(CONTROL);
  expect(out.endsWith('\r\n')).toBe(true);
}

describe('csv on a terminal', () => {
  it.each([
    ['stdout', []],
    ['-o -', ['-o', '-']],
  ])('vis topics --format csv, %s: sequences removed, controls escaped, one row per record', async (_, extra) => {
    const r = await runInProcess(['topics', '--brand', '12', '--format', 'csv', ...extra], { api: api('/topics', TOPICS), io: { stdoutIsTTY: true } });
    expect(r.code).toBe(0);
    expectSafeCsv(r.stdout);
    expect(rows(r.stdout)).toEqual([
      ['id', 'title', 'note', 'period_from', 'period_to'],
      ['1', TITLE_SHOWN, 'plain, "quoted"', ...PERIOD],
    ]);
  });

  it('vis overview --format csv: the one record the same way', async () => {
    const r = await runInProcess(['overview', '--brand', '12', '--format', 'csv'], { api: api('/overview', OVERVIEW), io: { stdoutIsTTY: true } });
    expect(r.code).toBe(0);
    expectSafeCsv(r.stdout);
    expect(rows(r.stdout)[1]).toContain(TITLE_SHOWN);
  });

  it('vis api --format csv the same way', async () => {
    const r = await runInProcess(['api', '/topics', '--format', 'csv'], { api: api('/topics', TOPICS), io: { stdoutIsTTY: true } });
    expect(r.code).toBe(0);
    expectSafeCsv(r.stdout);
    expect(rows(r.stdout)[1]).toEqual(['1', TITLE_SHOWN, 'plain, "quoted"']);
  });

  it('-o /dev/stdout is the terminal too', async () => {
    const r = await runInProcess(['topics', '--brand', '12', '--format', 'csv', '-o', '/dev/stdout'], {
      api: api('/topics', TOPICS),
      io: { stdoutIsTTY: true },
    });
    expect(r.code).toBe(0);
    expectSafeCsv(r.stdout);
    expect(rows(r.stdout)[1]?.[1]).toBe(TITLE_SHOWN);
  });

  it('a header from the API is sanitised as well', async () => {
    const body = JSON.stringify({ data: { topics: [{ [`ti${ESC}[2Jtle\u202e`]: 'x' }] }, meta: {} });
    const r = await runInProcess(['topics', '--brand', '12', '--format', 'csv'], { api: api('/topics', body), io: { stdoutIsTTY: true } });
    expect(r.stdout).toBe('title\\u202e,period_from,period_to\r\nx,,\r\n');
  });

  it('a formula hidden behind an escape sequence is still guarded once the sequence is removed', async () => {
    const body = JSON.stringify({ data: { topics: [{ t: `${ESC}[0m=HYPERLINK("x")` }] }, meta: {} });
    const r = await runInProcess(['topics', '--brand', '12', '--format', 'csv'], { api: api('/topics', body), io: { stdoutIsTTY: true } });
    expect(rows(r.stdout)[1]).toEqual([`'=HYPERLINK("x")`, '', '']);
  });
});

describe('csv into a pipe or a file: exactly as received', () => {
  const exact = `id,title,note,period_from,period_to\r\n1,"${TITLE}","plain, ""quoted""",2026-11-19,2026-11-25\r\n`;

  it('piped stdout', async () => {
    const r = await runInProcess(['topics', '--brand', '12', '--format', 'csv'], { api: api('/topics', TOPICS) });
    expect(r.stdout).toBe(exact);
  });

  it('-o file, even when stdout is a terminal', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vis-render-terminal-')), 'topics.csv');
    const r = await runInProcess(['topics', '--brand', '12', '--format', 'csv', '-o', file], { api: api('/topics', TOPICS), io: { stdoutIsTTY: true } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(readFileSync(file, 'utf8')).toBe(exact);
  });

  it('-o /dev/stderr: sanitised when stderr is a terminal, exact when it is not', async () => {
    const onTty = await runInProcess(['topics', '--brand', '12', '--format', 'csv', '-o', '/dev/stderr'], {
      api: api('/topics', TOPICS),
      io: { stderrIsTTY: true },
    });
    expect(onTty.stdout).toBe('');
    expect(onTty.stderr).toContain(`1,${TITLE_SHOWN},`);
    const piped = await runInProcess(['topics', '--brand', '12', '--format', 'csv', '-o', '/dev/stderr'], {
      api: api('/topics', TOPICS),
      io: { stdoutIsTTY: true },
    });
    expect(piped.stderr).toBe(exact);
  });

  it('-o /dev/fd/N of a file vis holds open: exact, even with stdout and stderr terminals', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vis-render-terminal-')), 'out.csv');
    const fd = openSync(file, 'w');
    try {
      // Both of vis's own streams on a terminal: descriptor N is asked about itself.
      const r = await runInProcess(['topics', '--brand', '12', '--format', 'csv', '-o', `/dev/fd/${fd}`], {
        api: api('/topics', TOPICS),
        io: { stdoutIsTTY: true, stderrIsTTY: true },
      });
      expect(r.code).toBe(0);
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(file, 'utf8')).toBe(exact);
  });

  it.runIf(CAN_SEE_FIFO_OPENS)('-o a FIFO: exact, and its reader is not disturbed by the terminal check (it would see end of file)', async () => {
    const fifo = join(mkdtempSync(join(tmpdir(), 'vis-render-terminal-')), 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const cat = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'inherit'] });
    const collected = new Promise<string>((resolve) => {
      let out = '';
      cat.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
      cat.on('close', () => resolve(out));
    });
    try {
      // Once cat waits in its open of the FIFO, vis's open finds a reader at once.
      await waitingInOpen(cat.pid!);
      const r = await runInProcess(['topics', '--brand', '12', '--format', 'csv', '-o', fifo], { api: api('/topics', TOPICS), io: { stdoutIsTTY: true } });
      expect(r.code).toBe(0);
      expect(await collected).toBe(exact);
    } finally {
      cat.kill();
    }
  });

  it('VIS_FORCE_TTY changes the table only: csv into a pipe stays exact', async () => {
    const r = await runInProcess(['topics', '--brand', '12', '--format', 'csv'], { api: api('/topics', TOPICS), env: { VIS_FORCE_TTY: '80' } });
    expect(r.stdout).toBe(exact);
  });
});

describe('json on a terminal', () => {
  it('escapes every control inside strings (no raw ESC, C1 or bidi control), and jq reads back the same value', async () => {
    const r = await runInProcess(['topics', '--brand', '12', '--format', 'json'], { api: api('/topics', TOPICS), io: { stdoutIsTTY: true } });
    expect(r.code).toBe(0);
    expect(r.stdout.replace(/\n/g, '')).not.toMatch(CONTROL);
    expect((JSON.parse(r.stdout) as { data: { topics: Array<{ title: string }> } }).data.topics[0]?.title).toBe(TITLE);
  });
});

describe('invisible characters on a terminal', () => {
  const body = JSON.stringify({ data: { topics: [{ id: 1, title: 'Ac\u200bme\u00ad \ufeffCRM\u{e0041}' }] }, meta: {} });
  const shown = 'Ac\\u200bme\\xad \\ufeffCRM\\u{e0041}';

  it('csv shows them as escapes', async () => {
    const r = await runInProcess(['topics', '--brand', '12', '--format', 'csv'], { api: api('/topics', body), io: { stdoutIsTTY: true } });
    expect(rows(r.stdout)[1]).toEqual(['1', shown, '', '']);
  });

  it('the table too', async () => {
    const r = await runInProcess(['topics', '--brand', '12', '--format', 'table', '--wide'], {
      api: api('/topics', body),
      io: { stdoutIsTTY: true, columns: 120 },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(shown);
  });

  it('json writes them as \\u escapes that read back as the same text', async () => {
    const r = await runInProcess(['topics', '--brand', '12', '--format', 'json'], { api: api('/topics', body), io: { stdoutIsTTY: true } });
    expect(r.stdout).toContain('"Ac\\u200bme\\u00ad \\ufeffCRM\\udb40\\udc41"');
    expect((JSON.parse(r.stdout) as { data: { topics: Array<{ title: string }> } }).data.topics[0]?.title).toBe('Ac\u200bme\u00ad \ufeffCRM\u{e0041}');
  });
});

/**
 * A real terminal device and a real FIFO reader, through Python's pty and inotify (the
 * standard library and libc): what vis writes to them, as the terminal or reader gets it.
 */
const python = spawnSync('python3', ['-c', 'import ctypes, pty'], { stdio: 'ignore' }).status === 0;

/** A pseudo-terminal in raw mode (no CR added): its device path, and what reached it once vis is done. */
function terminal(): Promise<{ path: string; received: () => Promise<string> }> {
  const script = `
import os, pty, select, sys, tty
m, s = pty.openpty()
tty.setraw(s)
sys.stdout.write(os.ttyname(s) + "\\n"); sys.stdout.flush()
sys.stdin.read()
out = b""
while select.select([m], [], [], 0.2)[0]:
    out += os.read(m, 65536)
sys.stdout.buffer.write(out); sys.stdout.flush()
`;
  return helper(script, []).then(({ first, rest }) => ({ path: first, received: rest }));
}

/**
 * A reader holding `fifo` open, and counting (inotify) how often a writer closed it: a
 * reader such as `cat` stops at the first close of its only writer.
 */
function fifoReader(fifo: string): Promise<{ received: () => Promise<{ data: string; writerCloses: number }> }> {
  const script = `
import ctypes, json, os, struct, sys
IN_CLOSE_WRITE, IN_OPEN = 0x08, 0x20
libc = ctypes.CDLL(None, use_errno=True)
ifd = libc.inotify_init1(os.O_NONBLOCK)
libc.inotify_add_watch(ifd, sys.argv[1].encode(), IN_OPEN | IN_CLOSE_WRITE)
r = os.open(sys.argv[1], os.O_RDONLY | os.O_NONBLOCK)
sys.stdout.write("ready\\n"); sys.stdout.flush()
sys.stdin.read()
data = b""
while True:
    try:
        chunk = os.read(r, 65536)
    except BlockingIOError:
        break
    if not chunk:
        break
    data += chunk
try:
    events = os.read(ifd, 65536)
except BlockingIOError:
    events = b""
closes, off = 0, 0
while off < len(events):
    wd, mask, cookie, size = struct.unpack_from("iIII", events, off)
    off += 16 + size
    closes += 1 if mask & IN_CLOSE_WRITE else 0
sys.stdout.write(json.dumps({"data": data.decode(), "writerCloses": closes}))
`;
  return helper(script, [fifo]).then(({ rest }) => ({ received: async () => JSON.parse(await rest()) as { data: string; writerCloses: number } }));
}

/** Runs a Python helper: its first line once it is ready, then (after its stdin is closed) the rest of its output. */
function helper(script: string, args: string[]): Promise<{ first: string; rest: () => Promise<string> }> {
  const child = spawn('python3', ['-c', script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  let ready = false;
  const closed = new Promise<string>((resolve) => child.on('close', () => resolve(out)));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      if (!ready && out.includes('\n')) {
        ready = true;
        const first = out.slice(0, out.indexOf('\n'));
        out = out.slice(out.indexOf('\n') + 1);
        resolve({
          first,
          rest: () => {
            child.stdin.end();
            return closed;
          },
        });
      }
    });
  });
}

describe.skipIf(!python)('a real terminal device and a real FIFO reader', () => {
  it('-o /dev/pts/N, or a link to it: sanitised as on stdout, and nothing on stdout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-render-terminal-'));
    for (const via of ['device', 'link']) {
      const tty = await terminal();
      const output = via === 'device' ? tty.path : join(dir, 'tty');
      if (via === 'link') symlinkSync(tty.path, output);
      const r = await runInProcess(['topics', '--brand', '12', '--format', 'csv', '-o', output], { api: api('/topics', TOPICS) });
      const shown = await tty.received();
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('');
      expectSafeCsv(shown);
      expect(rows(shown)[1]).toEqual(['1', TITLE_SHOWN, 'plain, "quoted"', ...PERIOD]);
    }
  });

  it('-o a FIFO: opened once, so a reader that stops at the first end of file gets every byte, exact', async () => {
    const fifo = join(mkdtempSync(join(tmpdir(), 'vis-render-terminal-')), 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const reader = await fifoReader(fifo);
    const r = await runInProcess(['topics', '--brand', '12', '--format', 'csv', '-o', fifo], { api: api('/topics', TOPICS), io: { stdoutIsTTY: true } });
    expect(r.code).toBe(0);
    expect(await reader.received()).toEqual({
      data: `id,title,note,period_from,period_to\r\n1,"${TITLE}","plain, ""quoted""",2026-11-19,2026-11-25\r\n`,
      writerCloses: 1,
    });
  });
});
