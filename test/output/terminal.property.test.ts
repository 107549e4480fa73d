/**
 * A real terminal emulator (xterm.js, headless) as the judge: after rendering a table of
 * hostile text, the terminal must be in the same state as after rendering harmless text
 * that occupies the same cells: no title set, no bell, no mode switched, no alternate
 * screen, and the cursor exactly where the harmless table leaves it.
 *
 * "The same cells": each string that sanitising would change is replaced by letters with
 * the width its sanitised form has on screen (digits, signs and dots kept, so numeric
 * alignment and dotted-key flattening behave the same). Any difference in terminal state
 * can then only come from a control sequence that got through. The cursor is judged by
 * the lines written instead: the table wraps text at spaces, and a value shown as JSON
 * (an array of records in a cell) spells a control character as an escape of another
 * width than the twin's letters, so the two tables need not have the same lines.
 */
import xterm from '@xterm/headless';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { sanitizeForTerminal } from '../../src/text/sanitize.js';
import { renderTable, renderView } from '../../src/output/table.js';
import { displayWidth } from '../../src/text/width.js';
import { hostileEnvelope, hostileText, withHostileStrings } from './hostile.js';
import { fetchViewCases, type ViewCase } from './sandbox-envelopes.js';

// The package is CommonJS: under ESM its API arrives as the default export.
const { Terminal } = xterm;

interface TerminalState {
  title: string | null;
  bell: boolean;
  row: number;
  column: number;
  buffer: string;
  modes: string;
}

async function play(text: string, cols: number): Promise<TerminalState> {
  // convertEol: LF moves to column 0 as well, as the tty driver's ONLCR does for real output.
  const term = new Terminal({ cols, rows: 24, scrollback: 10_000, convertEol: true, allowProposedApi: true });
  let title: string | null = null;
  let bell = false;
  term.onTitleChange((t) => (title = t));
  term.onBell(() => (bell = true));
  await new Promise<void>((resolve) => term.write(text, resolve));
  const active = term.buffer.active;
  const state = {
    title,
    bell,
    row: active.baseY + active.cursorY,
    column: active.cursorX,
    buffer: active.type,
    modes: JSON.stringify(term.modes),
  };
  term.dispose();
  return state;
}

const KEEP = /[0-9.+\-eE]/;
const LETTERS = 'fghijklmnopqrstuvwxyz'; // no `e`: varying letters must not make a number

/**
 * Text that is already safe stays as it is (the envelope's own keys among it); other text
 * becomes letters of the same screen width as its sanitised form, with `n` encoded in
 * them to keep keys distinct; null if `n` does not fit.
 *
 * Each code point is measured in its context, exactly as displayWidth measures the whole
 * text (the width it adds to the text before it): a combining mark after `e` adds 0 cells
 * although on its own, at the start of a text, it counts 1. A character that adds nothing
 * is left out, since in the twin it would have another context and maybe another width.
 */
function harmlessForm(s: string, n: number): string | null {
  const safe = sanitizeForTerminal(s);
  if (n === 0 && safe === s) return s;
  const chars: string[] = [];
  const free: number[] = [];
  let prefix = '';
  let before = 0;
  for (const ch of safe) {
    prefix += ch;
    const after = displayWidth(prefix);
    const width = after - before;
    before = after;
    if (KEEP.test(ch) && width === 1) {
      chars.push(ch);
    } else {
      for (let w = width; w > 0; w--) {
        free.push(chars.length);
        chars.push(LETTERS[0] as string);
      }
    }
  }
  let rest = n;
  for (let p = free.length - 1; p >= 0 && rest > 0; p--) {
    chars[free[p] as number] = LETTERS[rest % LETTERS.length] as string;
    rest = Math.floor(rest / LETTERS.length);
  }
  return rest > 0 ? null : chars.join('');
}

function collectKeys(value: unknown, keys: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) collectKeys(item, keys);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      keys.add(k);
      collectKeys(v, keys);
    }
  }
}

/**
 * The harmless twin of an envelope, or null when one cannot be made at the same widths.
 * Keys map one-to-one across the whole envelope: records of one table share columns, so
 * two keys that differ must still differ (and equal ones stay equal) in the twin.
 */
function harmlessTwin(envelope: unknown): unknown {
  const keys = new Set<string>();
  collectKeys(envelope, keys);
  const keyMap = new Map<string, string>();
  const taken = new Set<string>();
  for (const k of keys) {
    if (sanitizeForTerminal(k) === k) {
      keyMap.set(k, k);
      taken.add(k);
    }
  }
  for (const k of keys) {
    if (keyMap.has(k)) continue;
    let twin: string | null = null;
    for (let n = 0; ; n++) {
      twin = harmlessForm(k, n);
      if (twin === null || !taken.has(twin)) break;
    }
    if (twin === null) return null;
    keyMap.set(k, twin);
    taken.add(twin);
  }
  const convert = (value: unknown): unknown => {
    if (typeof value === 'string') return harmlessForm(value, 0);
    if (Array.isArray(value)) return value.map(convert);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [keyMap.get(k) as string, convert(v)]));
    }
    return value;
  };
  return convert(envelope);
}

const SPEC = { id: 'items', collection: 'items', noun: 'items' };

/** Renders both tables and compares what a terminal makes of each. */
async function expectSameState(envelope: unknown, twin: unknown, width: number, color: boolean): Promise<void> {
  const hostileOut = renderTable(envelope, { spec: SPEC, width, color, tty: true, wide: false });
  const harmlessOut = renderTable(twin, { spec: SPEC, width, color, tty: true, wide: false });
  const [hostile, baseline] = await Promise.all([play(hostileOut, width), play(harmlessOut, width)]);
  expect(hostile.title).toBeNull();
  expect(hostile.bell).toBe(false);
  expect(hostile.buffer).toBe('normal');
  expect(hostile.modes).toBe(baseline.modes);
  // The cursor one row per line written (a URL wider than the terminal wraps onto more), at its start.
  const rows = hostileOut
    .split('\n')
    .slice(0, -1)
    .reduce((n, line) => n + rowsOf(line.replace(SGR, ''), width), 0);
  expect(hostile.row).toBe(rows);
  expect(hostile.column).toBe(0);
}

describe('a terminal emulator shows hostile tables as harmless ones', () => {
  it('keeps title, bell, modes, screen and cursor as for harmless text of the same width', async () => {
    await fc.assert(
      fc.asyncProperty(hostileEnvelope(), fc.integer({ min: 20, max: 120 }), fc.boolean(), async (envelope, width, color) => {
        const twin = harmlessTwin(envelope);
        fc.pre(twin !== null);
        await expectSameState(envelope, twin, width, color);
      }),
      { numRuns: 150 },
    );
  });

  // The counterexample of seed 752700: a key `e` + COMBINING ACUTE ACCENT (one cell) once
  // got a twin two cells wide, because the twin measured the mark on its own.
  it('measures a combining mark in its context when making the twin (seed 752700)', async () => {
    const key = 'e\u0301\u001b]0;pwned\u0007';
    expect(harmlessForm(key, 0)).toBe('e');
    // (n = 1 asks for a twin even of safe text.) A mark with nothing before it is shown as
    // its escape (seed 76088455), six plain cells; a ZWJ emoji sequence is one wide glyph.
    expect(sanitizeForTerminal('\u0301')).toBe('\\u0301');
    expect(displayWidth(harmlessForm('\u0301', 1) as string)).toBe(6);
    expect(harmlessForm('\u{1f469}\u200d\u{1f4bb}', 1)).toBe('fg');
    const envelope = {
      data: {
        period: { from: '', to: '', days: '' },
        items: [],
        note: '',
        nested: {},
        history: [
          { [key]: [], '\x80': [] },
          { '\u202a': null, '': 100000000 },
        ],
      },
      meta: { brand: { id: 0, name: '' }, market: { id: 0, code: '', label: '' } },
    };
    const twin = harmlessTwin(envelope);
    expect(twin).not.toBeNull();
    await expectSameState(envelope, twin, 24, false);
  });

  // The counterexample of seed 570185785: an 8-bit OSC with nothing in it (`\x9d\x9c`)
  // shows as nothing, yet it once made its column of numbers count as text, so the number
  // beside it was cut to `1000000…` where the harmless table (an empty cell) kept it whole.
  it('judges a column of numbers by what is shown (seed 570185785)', async () => {
    expect(sanitizeForTerminal('\x9d\x9c')).toBe('');
    const envelope = {
      data: {
        period: { from: '', to: '', days: '' },
        items: [
          { '': 100000000, '\u001b': '' },
          { '': '\x9d\x9c', '\u0000': null },
        ],
        note: '',
        nested: {},
        history: [],
      },
      meta: { brand: { id: 0, name: '' }, market: { id: 0, code: '', label: '' } },
    };
    const twin = harmlessTwin(envelope);
    expect(twin).not.toBeNull();
    await expectSameState(envelope, twin, 20, false);
    const out = renderTable(envelope, { spec: SPEC, width: 20, color: false, tty: true, wide: false });
    expect(out).toContain('100000000');
    expect(out).not.toContain('1000000…');
  });

  it('notices when raw control text does get through (the judge is not blind)', async () => {
    const raw = 'title\u001b]0;pwned\u0007\u001b[2J\u001b[H\u0007\u001b[?1049h\n';
    const state = await play(raw, 40);
    expect(state.title).toBe('pwned');
    expect(state.bell).toBe(true);
    expect(state.buffer).toBe('alternate');
    const safe = await play(`${sanitizeForTerminal(raw.trimEnd())}\n`, 40);
    expect(safe.title).toBeNull();
    expect(safe.bell).toBe(false);
    expect(safe.buffer).toBe('normal');
  });
});

/**
 * The views on real payloads whose every string is hostile. A view lays text out by its
 * content (wrapping at spaces, grouping equal values), so a twin of the same widths is
 * not the same layout; the judge is instead a fresh terminal given the rendered text:
 * nothing but the lines may happen. No title, no bell, the normal screen, the modes a
 * plain line of text leaves, and the cursor at the start of the row after the last line
 * (each line is one row: a line that wrapped or moved the cursor would shift it).
 */
/** The colours vis itself writes. */
const SGR = /\u001b\[[0-9;]*m/g;

/**
 * The rows a line takes on a terminal `width` cells wide: one, or more for a line wider
 * than that, where a character that does not fit on a row starts the next.
 */
function rowsOf(line: string, width: number): number {
  if (displayWidth(line) <= width) return 1;
  let rows = 1;
  let column = 0;
  let prefix = '';
  let before = 0;
  for (const ch of line) {
    prefix += ch;
    const after = displayWidth(prefix);
    const cells = after - before;
    before = after;
    if (column + cells > width) {
      rows++;
      column = 0;
    }
    column += cells;
  }
  return rows;
}

describe('a terminal emulator shows every view of hostile payloads as plain lines', () => {
  let cases: ViewCase[] = [];
  let plainModes = '';
  beforeAll(async () => {
    cases = await fetchViewCases();
    plainModes = (await play('plain text\n', 40)).modes;
  });

  it('keeps title, bell, modes and screen, and the cursor one row per line written', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 1000 }),
        fc.array(hostileText(), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 20, max: 120 }),
        fc.boolean(),
        async (pick, pool, width, color) => {
          const c = cases[pick % cases.length] as ViewCase;
          const envelope = withHostileStrings(c.envelope, pool);
          const opts = { spec: c.spec, width, color, tty: true, wide: false };
          expect(renderView(envelope, opts, true), `${c.id} fell back`).not.toBeNull();
          const out = renderTable(envelope, opts);
          const state = await play(out, width);
          expect(state.title).toBeNull();
          expect(state.bell).toBe(false);
          expect(state.buffer).toBe('normal');
          expect(state.modes).toBe(plainModes);
          // A word wider than the terminal (a URL kept whole) alone on a line wraps onto more rows.
          const rows = out
            .split('\n')
            .slice(0, -1)
            .reduce((n, line) => n + rowsOf(line.replace(SGR, ''), width), 0);
          expect(state.row).toBe(rows);
          expect(state.column).toBe(0);
        },
      ),
      { numRuns: 100 },
    );
  });
});
