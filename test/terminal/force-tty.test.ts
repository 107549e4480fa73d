/**
 * VIS_FORCE_TTY (src/terminal/force-tty.ts): the values it takes, and in-process runs of a
 * table command with stdout not a terminal: the terminal layout when forced, the piped
 * rows otherwise, the piped notes on stderr unless --quiet, and a bad value refused
 * before any request.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseForceTty, terminalWidth } from '../../src/terminal/force-tty.js';
import { UsageError } from '../../src/errors.js';
import { testIO } from '../support/context.js';
import { FakeApi, ok } from '../support/http.js';
import { runInProcess } from '../support/run.js';

describe('parseForceTty', () => {
  it.each([undefined, '', '  ', '0', 'false', 'No', 'OFF'])('%j is not forced', (raw) => {
    expect(parseForceTty(raw, 120)).toBeNull();
  });

  it.each([
    ['1', 120],
    ['true', 120],
    ['yes', 120],
    ['always', 120],
    ['20', 20],
    ['100', 100],
    [' 132 ', 132],
    ['1000', 1000],
    ['50%', 60],
    ['100%', 120],
    ['1%', 20], // never narrower than the table's minimum
    ['v2', 120], // a word, even with a digit in it
  ])('%j forces the terminal layout, %i columns wide (terminal: 120)', (raw, width) => {
    expect(parseForceTty(raw, 120)).toEqual({ width });
  });

  it.each(['5', '19', '1001', '0%', '101%', '1.5', '-3', '+80', '120px', '%', '50 %', 'abc%', '.5', '1e3', '0x40', 'x50%', '50%x'])(
    '%j is refused, naming VIS_FORCE_TTY and the rule',
    (raw) => {
      expect(() => parseForceTty(raw, 120)).toThrow(UsageError);
      expect(() => parseForceTty(raw, 120)).toThrow(/^VIS_FORCE_TTY must be a width from 20 to 1000 columns, a percentage .* got "/);
    },
  );

  it('sanitises the value it quotes', () => {
    expect(() => parseForceTty('5\u001b[2J', 80)).toThrow(/got "5(?!\u001b)/);
  });
});

describe('terminalWidth: the real terminal, when stdout is redirected', () => {
  it("is stdout's on a terminal, else stderr's, else the io's fallback ($COLUMNS or 80)", () => {
    expect(terminalWidth(testIO({ stdoutIsTTY: true, columns: 97 }))).toBe(97);
    expect(terminalWidth(testIO({ stderrIsTTY: true, columns: 150 }))).toBe(150);
    expect(terminalWidth(testIO({ columns: 72 }))).toBe(72);
  });

  it('stdout first; a stderr without a usable width is passed over; no width at all is 80', () => {
    const io = (o: { stdoutIsTTY?: boolean; stderrIsTTY?: boolean; columns: number; stderrColumns?: number }) =>
      ({
        ...testIO(),
        stdoutIsTTY: o.stdoutIsTTY ?? false,
        stderrIsTTY: o.stderrIsTTY ?? false,
        columns: o.columns,
        stderr: { columns: o.stderrColumns },
      }) as unknown as Parameters<typeof terminalWidth>[0];
    expect(terminalWidth(io({ stdoutIsTTY: true, stderrIsTTY: true, columns: 97, stderrColumns: 150 }))).toBe(97);
    expect(terminalWidth(io({ stderrIsTTY: true, columns: 72, stderrColumns: 150 }))).toBe(150);
    expect(terminalWidth(io({ stderrIsTTY: false, columns: 72, stderrColumns: 150 }))).toBe(72);
    expect(terminalWidth(io({ stderrIsTTY: true, columns: 72, stderrColumns: 0 }))).toBe(72);
    expect(terminalWidth(io({ stderrIsTTY: true, columns: 72 }))).toBe(72);
    expect(terminalWidth(io({ columns: 0 }))).toBe(80);
    expect(terminalWidth(io({ stderrIsTTY: true, columns: 0, stderrColumns: -1 }))).toBe(80);
  });
});

const TOPICS = { period: { from: '2026-11-01', to: '2026-11-21', days: 21 }, topics: [{ id: 'a', name: 'CRM for startups', visibility: 0.42 }] };
const api = () => new FakeApi().on({ method: 'GET', path: '/topics' }, ok(TOPICS, { brand: { id: 1, name: 'Acme' } }));

describe('vis topics with stdout not a terminal', () => {
  it('prints the rows alone on stdout, the period in their last columns, and nothing on stderr', async () => {
    const r = await runInProcess(['topics'], { api: api() });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, 'id\tname\tvisibility\tperiod_from\tperiod_to\na\tCRM for startups\t0.42\t2026-11-01\t2026-11-21\n', '']);
  });

  it('--verbose adds the rest on stderr, after the rows; --quiet leaves it out even then', async () => {
    const r = await runInProcess(['--verbose', 'topics'], { api: api() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('id\tname\tvisibility\tperiod_from\tperiod_to\na\tCRM for startups\t0.42\t2026-11-01\t2026-11-21\n');
    expect(r.stderr).toContain('period.from\t2026-11-01\nperiod.to\t2026-11-21\nperiod.days\t21\n');
    const quiet = await runInProcess(['--verbose', 'topics', '-q'], { api: api() });
    expect([quiet.code, quiet.stdout]).toEqual([0, r.stdout]);
    expect(quiet.stderr).not.toContain('period.');
  });

  it('VIS_FORCE_TTY: the terminal layout (heading, rule, period in the heading), no colour, nothing on stderr', async () => {
    const r = await runInProcess(['topics'], { api: api(), env: { VIS_FORCE_TTY: '1' } });
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toContain('Acme');
    expect(lines[0]).toContain('2026-11-01 – 2026-11-21 (21 days)');
    expect(r.stdout).toContain('─');
    expect(r.stdout).not.toContain('\t');
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stderr).toBe('');
  });

  it('VIS_FORCE_TTY=N fits the table to N columns, N% to that share of the terminal on stderr', async () => {
    const long = { ...TOPICS, topics: [{ id: 'a', name: 'x'.repeat(300), visibility: 0.42 }] };
    const widest = (out: string) => Math.max(...out.split('\n').map((l) => [...l].length));
    const at = async (value: string, stderrColumns?: number) => {
      const a = new FakeApi().on({ method: 'GET', path: '/topics' }, ok(long));
      const io = stderrColumns === undefined ? undefined : { stderrIsTTY: true, columns: stderrColumns };
      const r = await runInProcess(['topics'], { api: a, env: { VIS_FORCE_TTY: value }, io });
      expect(r.code).toBe(0);
      return widest(r.stdout);
    };
    expect(await at('60')).toBe(60);
    expect(await at('133')).toBe(133);
    expect(await at('50%', 180)).toBe(90);
    expect(await at('true', 110)).toBe(110);
  });

  it('-o FILE: the file gets the rows alone, nothing on stderr; with VIS_FORCE_TTY, the terminal layout without colour', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-force-tty-'));
    const rows = join(dir, 'rows.tsv');
    const r = await runInProcess(['topics', '-o', rows], { api: api() });
    expect([r.code, r.stdout]).toEqual([0, '']);
    expect(readFileSync(rows, 'utf8')).toBe('id\tname\tvisibility\tperiod_from\tperiod_to\na\tCRM for startups\t0.42\t2026-11-01\t2026-11-21\n');
    expect(r.stderr).toBe('');
    const drawn = join(dir, 'table.txt');
    const f = await runInProcess(['topics', '-o', drawn], { api: api(), env: { VIS_FORCE_TTY: '70', FORCE_COLOR: '1' } });
    expect([f.code, f.stdout, f.stderr]).toEqual([0, '', '']);
    const text = readFileSync(drawn, 'utf8');
    expect(text.split('\n')[0]).toContain('Acme');
    expect(text).toContain('─');
    expect(text).not.toContain('\u001b');
  });

  it('VIS_FORCE_TTY=0 is off: the piped rows', async () => {
    const r = await runInProcess(['topics'], { api: api(), env: { VIS_FORCE_TTY: '0' } });
    expect(r.stdout.split('\n')[0]).toBe('id\tname\tvisibility\tperiod_from\tperiod_to');
  });

  it.each([['topics'], ['topics', '--format', 'json'], ['api', '/topics']])(
    'a bad VIS_FORCE_TTY is exit 2 naming it, before any request (%s)',
    async (...argv) => {
      const r = await runInProcess(argv, { api: new FakeApi(), env: { VIS_FORCE_TTY: '12' } });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('VIS_FORCE_TTY must be a width from 20 to 1000 columns');
      expect(r.stderr).toContain('got "12"');
      expect(r.requests).toHaveLength(0);
      expect(r.stdout).toBe('');
    },
  );
});
