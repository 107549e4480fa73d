import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { sanitizeForTerminal } from '../../src/text/sanitize.js';
import { renderPlainTable, renderTable, renderView, type TableOptions } from '../../src/output/table.js';
import { displayWidth } from '../../src/text/width.js';
import { FORBIDDEN_IN_TERMINAL, hostileEnvelope, hostileText, withHostileStrings } from './hostile.js';
import { fetchViewCases, type ViewCase } from './sandbox-envelopes.js';

/** The SGR sequences our own chalk instance writes (bold, dim and their resets). */
const OWN_SGR = /\u001b\[(?:1|2|22)m/g;
/** The views' colours as well: foreground colours, underline and their resets. */
const VIEW_SGR = /\u001b\[(?:1|2|4|22|24|3[0-79]|39)m/g;

const SPEC = { id: 'items', collection: 'items', noun: 'items' };

describe('no terminal control reaches the output', () => {
  it('sanitizeForTerminal leaves no ESC, BEL, C0/C1 control, DEL, bidi control or separator', () => {
    fc.assert(
      fc.property(hostileText(24), (s) => {
        const strict = sanitizeForTerminal(s);
        expect(strict).not.toMatch(FORBIDDEN_IN_TERMINAL);
        expect(strict).not.toMatch(/[\t\n]/);
        const lines = sanitizeForTerminal(s, { allowNewlines: true });
        expect(lines).not.toMatch(FORBIDDEN_IN_TERMINAL);
        // Sanitising is a fixed point: already-safe text comes back unchanged.
        expect(sanitizeForTerminal(strict)).toBe(strict);
      }),
      { numRuns: 1000 },
    );
  });

  it('sanitizeForTerminal keeps the ordinary text between sequences', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z0-9 ]{0,8}$/), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('\u001b[31m', '\u001b]0;t\u0007', '\u009b2J', '\u001bc'),
        (words, seq) => {
          expect(sanitizeForTerminal(words.join(seq))).toBe(words.join(''));
        },
      ),
    );
  });

  const layouts: Array<[string, Omit<TableOptions, 'width'>]> = [
    ['tty', { tty: true, color: false, wide: false }],
    ['tty, colour', { tty: true, color: true, wide: false }],
    ['tty, --wide', { tty: true, color: false, wide: true }],
    ['piped', { tty: false, color: false, wide: false }],
  ];

  it.each(layouts)('renderTable (%s) writes only its own SGR, and values add no TAB or line break', (_name, layout) => {
    fc.assert(
      fc.property(hostileEnvelope(), fc.integer({ min: 20, max: 140 }), (envelope, width) => {
        const out = renderTable(envelope, { ...layout, width, spec: SPEC });
        const visible = out.replace(OWN_SGR, '');
        expect(visible).not.toMatch(FORBIDDEN_IN_TERMINAL);
        if (layout.tty) {
          expect(visible).not.toContain('\t');
          if (!layout.wide) for (const line of visible.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(width);
        } else {
          // Every line of a tab-separated block has as many fields as its header.
          const blocks = visible.replace(/\n$/, '').split('\n\n');
          for (const block of blocks) {
            const lines = block.split('\n').filter((l) => !l.startsWith('# '));
            const [header, ...rows] = lines;
            if (header === undefined || !header.includes('\t') || rows.length === 0) continue;
            const fields = header.split('\t').length;
            for (const row of rows) expect(row.split('\t')).toHaveLength(fields);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('renderPlainTable: neither the rows (stdout) nor the rest (stderr) carry terminal control; every row line has as many fields as the header', () => {
    fc.assert(
      fc.property(hostileEnvelope(), (envelope) => {
        const { rows, rest } = renderPlainTable(envelope, { spec: SPEC });
        expect(rows).not.toMatch(FORBIDDEN_IN_TERMINAL);
        expect(rest).not.toMatch(FORBIDDEN_IN_TERMINAL);
        const lines = rows.split('\n');
        expect(lines.pop()).toBe('');
        const fields = lines[0]?.split('\t').length;
        for (const line of lines) expect(line.split('\t')).toHaveLength(fields ?? 0);
      }),
      { numRuns: 200 },
    );
  });
});

describe('no terminal control reaches the output of a view', () => {
  // Real sandbox payloads for every endpoint with a view, each string replaced by hostile text.
  let cases: ViewCase[] = [];
  beforeAll(async () => {
    cases = await fetchViewCases();
  });

  const layouts: Array<[string, Omit<TableOptions, 'width'>]> = [
    ['tty', { tty: true, color: false, wide: false }],
    ['tty, colour', { tty: true, color: true, wide: false }],
    ['tty, --wide', { tty: true, color: false, wide: true }],
    ['piped', { tty: false, color: false, wide: false }],
  ];

  function check(out: string, layout: Omit<TableOptions, 'width'>, width: number): void {
    const visible = out.replace(VIEW_SGR, '');
    expect(visible).not.toMatch(FORBIDDEN_IN_TERMINAL);
    if (layout.tty) {
      expect(visible).not.toContain('\t');
      // The one line allowed past the width: a word that cannot be broken (a URL) alone on it.
      if (!layout.wide) for (const line of visible.split('\n')) if (/\s/.test(line.trim())) expect(displayWidth(line)).toBeLessThanOrEqual(width);
    }
  }

  it.each(layouts)('every view (%s) draws hostile strings safely, within the width, without falling back', (_name, layout) => {
    fc.assert(
      fc.property(fc.nat({ max: 1000 }), fc.array(hostileText(), { minLength: 1, maxLength: 40 }), fc.integer({ min: 20, max: 140 }), (pick, pool, width) => {
        const c = cases[pick % cases.length] as ViewCase;
        const envelope = withHostileStrings(c.envelope, pool);
        const opts = { ...layout, width, spec: c.spec };
        if (layout.tty) {
          // Hostile text is still text: the view draws it itself (strict: a bug would throw).
          const viewed = renderView(envelope, opts, true);
          expect(viewed, `${c.id} fell back`).not.toBeNull();
        }
        check(renderTable(envelope, opts), layout, width);
      }),
      { numRuns: 150 },
    );
  });

  it('hostile keys (a shape no view knows) fall back to the generic rendering, just as safely', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 1000 }),
        fc.array(hostileText(), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 20, max: 140 }),
        fc.boolean(),
        (pick, pool, width, color) => {
          const c = cases[pick % cases.length] as ViewCase;
          const envelope = withHostileStrings(c.envelope, pool, { keys: true });
          const layout = { tty: true, color, wide: false };
          check(renderTable(envelope, { ...layout, width, spec: c.spec }), layout, width);
        },
      ),
      { numRuns: 60 },
    );
  });
});
