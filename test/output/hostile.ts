/**
 * Generators of text an attacker (or a broken upstream) could put into API strings:
 * complete and truncated escape sequences in 7- and 8-bit form, every C0 and C1 control,
 * DEL, bidi controls, line separators, mixed with ordinary and wide text.
 */
import fc from 'fast-check';

const ESC = '\x1b';

/** Whole sequences that would drive a terminal if they got through. */
export const ESCAPE_SEQUENCES: readonly string[] = [
  `${ESC}]0;pwned${'\x07'}`, // set the window title
  `${ESC}]2;pwned${ESC}\\`,
  `${ESC}]8;;https://evil.example${ESC}\\`, // hyperlink
  `${ESC}]52;c;ZWNobyBvd25lZA==\x07`, // clipboard write
  '\u009d0;pwned\u009c', // 8-bit OSC
  `${ESC}[2J`, // clear screen
  `${ESC}[H`, // cursor home
  `${ESC}[5A`, // cursor up
  `${ESC}[10;1H`, // cursor position
  `${ESC}[?1049h`, // alternate screen
  `${ESC}[?25l`, // hide cursor
  `${ESC}[?1000h`, // mouse tracking
  `${ESC}[?2004h`, // bracketed paste
  `${ESC}[4h`, // insert mode
  `${ESC}[1;5r`, // scroll region
  `${ESC}[31;1m`, // colour
  `${ESC}[6n`, // report cursor position (answerback)
  '\u009b2J', // 8-bit CSI
  '\u009b?1049h',
  `${ESC}P1$r0m${ESC}\\`, // DCS
  '\u0090q#0\u009c', // 8-bit DCS
  `${ESC}_Gf=100;AAAA${ESC}\\`, // APC (kitty graphics)
  `${ESC}^pm${ESC}\\`,
  `${ESC}Xsos${ESC}\\`,
  `${ESC}c`, // full reset
  `${ESC}7`,
  `${ESC}8`,
  `${ESC}M`, // reverse index
  `${ESC}D`, // index
  `${ESC}E`, // next line
  `${ESC}#8`, // fill screen with E
  `${ESC}(0`, // line-drawing charset
  `${ESC}=`,
];

/** Pieces that are not whole sequences: introducers cut off, stray terminators. */
const FRAGMENTS: readonly string[] = [
  ESC,
  `${ESC}[`,
  `${ESC}]`,
  `${ESC}P`,
  `${ESC}]0;half`,
  `${ESC}[12`,
  '\u009b',
  '\u009d',
  '\u0090',
  '\u009c',
  `${ESC}\\`,
  `${ESC}(`,
];

/** One character of the dangerous classes. */
const controlChar = fc
  .oneof(
    fc.integer({ min: 0x00, max: 0x1f }),
    fc.constant(0x7f),
    fc.integer({ min: 0x80, max: 0x9f }),
    fc.integer({ min: 0x202a, max: 0x202e }),
    fc.integer({ min: 0x2066, max: 0x2069 }),
    fc.constantFrom(0x2028, 0x2029),
    // Invisible: soft hyphen, zero-width space and joiners, word joiner, BOM, a Hangul filler, tags.
    fc.constantFrom(0xad, 0x200b, 0x200c, 0x200d, 0x2060, 0x206a, 0xfeff, 0x3164, 0xe0001, 0xe0041, 0xe007f),
  )
  .map((cp) => String.fromCodePoint(cp));

/** Ordinary text, including wide characters the layout has to measure. */
const plainText = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('漢字', 'かな', '한글', 'é', 'e\u0301', 'Ｆｕｌｌ', ' ', '…', ',', '"', "'", '=', '-', '+', '@', '\\'),
);

/** Random hostile text: any mix of the pieces above. */
export function hostileText(maxPieces = 8): fc.Arbitrary<string> {
  return fc
    .array(fc.oneof(plainText, controlChar, fc.constantFrom(...ESCAPE_SEQUENCES), fc.constantFrom(...FRAGMENTS)), { maxLength: maxPieces })
    .map((pieces) => pieces.join(''));
}

/**
 * What must never reach a terminal raw: every C0 control but TAB and LF (the layouts' own
 * separators; tests check separately that values never add any), DEL, C1, bidi, LS/PS,
 * and the invisible characters (the joiners ZWJ and ZWNJ are allowed after an emoji or
 * a letter of a script that spells with them, so they are checked in sanitize.test.ts).
 */
export const FORBIDDEN_IN_TERMINAL =
  /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028-\u202e\u00ad\u180e\u200b\u2060-\u206f\u115f\u1160\u3164\ufeff\uffa0\ufff9-\ufffb\u{e0000}-\u{e007f}]/u;

/** An envelope with hostile text everywhere the renderer reads from: meta, keys, cells, fields, sub-tables. */
export function hostileEnvelope(): fc.Arbitrary<unknown> {
  const text = hostileText();
  const cell = fc.oneof(
    text,
    fc.integer(),
    fc.constant(null),
    fc.array(text, { maxLength: 3 }),
    fc.array(fc.dictionary(text, text, { maxKeys: 2 }), { maxLength: 2 }),
  );
  const record = fc.dictionary(text, cell, { maxKeys: 4 });
  return fc.record({
    data: fc.record({
      period: fc.record({ from: text, to: text, days: fc.oneof(text, fc.integer()) }),
      items: fc.array(record, { maxLength: 4 }),
      note: text,
      nested: fc.dictionary(text, fc.oneof(text, record), { maxKeys: 3 }),
      history: fc.array(record, { maxLength: 3 }),
    }),
    meta: fc.record({
      brand: fc.record({ id: fc.integer(), name: text }),
      market: fc.record({ id: fc.integer(), code: text, label: text }),
    }),
  });
}

/**
 * `value` with every string replaced by one of `pool` (in turn), keeping the shape: the
 * numbers, booleans and nulls stay, so a view still recognises its payload and has to
 * draw hostile text itself. With `keys`, object keys are replaced too (a shape no view
 * knows; it must fall back safely).
 */
export function withHostileStrings(value: unknown, pool: readonly string[], options: { keys?: boolean } = {}): unknown {
  let n = 0;
  const next = (): string => pool[n++ % pool.length] ?? '';
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return next();
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, child] of Object.entries(v)) {
        const key = options.keys ? `${next()}${k}` : k;
        out[key] = walk(child);
      }
      return out;
    }
    return v;
  };
  return walk(value);
}
