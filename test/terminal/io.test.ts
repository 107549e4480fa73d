import { describe, expect, it } from 'vitest';
import { colorEnabled, terminalColumns } from '../../src/terminal/io.js';

describe('colour conventions (--no-color, NO_COLOR, FORCE_COLOR, TTY)', () => {
  it.each([
    [true, {}, false, true],
    [false, {}, false, false],
    [true, {}, true, false],
    [true, { NO_COLOR: '1' }, false, false],
    [true, { NO_COLOR: '' }, false, true],
    [false, { FORCE_COLOR: '1' }, false, true],
    [true, { FORCE_COLOR: '0' }, false, false],
    [true, { FORCE_COLOR: 'false' }, false, false],
    [false, { FORCE_COLOR: '1' }, true, false],
    [true, { NO_COLOR: '1', FORCE_COLOR: '1' }, false, false],
    [true, { TERM: 'dumb' }, false, false],
    [true, { TERM: 'dumb', FORCE_COLOR: '1' }, false, true],
  ] as const)('tty=%s env=%j --no-color=%s -> %s', (tty, env, flag, expected) => {
    expect(colorEnabled(tty, env, flag)).toBe(expected);
  });
});

describe('terminal width', () => {
  it('uses the terminal, then $COLUMNS, then 80', () => {
    expect(terminalColumns({ isTTY: true, columns: 132 }, { COLUMNS: '60' })).toBe(132);
    expect(terminalColumns({ isTTY: false }, { COLUMNS: '60' })).toBe(60);
    expect(terminalColumns({ isTTY: true, columns: 0 }, { COLUMNS: 'wide' })).toBe(80);
    expect(terminalColumns({}, {})).toBe(80);
  });
});
