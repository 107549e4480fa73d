import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeForTerminal } from '../../src/output/sanitize.js';
import { renderTable, type TableOptions } from '../../src/output/table.js';
import { displayWidth } from '../../src/output/width.js';
import { FORBIDDEN_IN_TERMINAL, hostileEnvelope, hostileText } from './hostile.js';

/** The SGR sequences our own chalk instance writes (bold, dim and their resets). */
const OWN_SGR = /\u001b\[(?:1|2|22)m/g;

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
      fc.property(fc.array(fc.stringMatching(/^[a-z0-9 ]{0,8}$/), { minLength: 1, maxLength: 6 }), fc.constantFrom('\u001b[31m', '\u001b]0;t\u0007', '\u009b2J', '\u001bc'), (words, seq) => {
        expect(sanitizeForTerminal(words.join(seq))).toBe(words.join(''));
      }),
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
});
