/**
 * Figures drawn three lines tall with block characters, for the one number a view is
 * about (the visibility score). Only digits, `.`, `-` and `%` are drawn; anything else
 * gives null and the view prints the number in one line instead.
 */
const GLYPHS: Readonly<Record<string, readonly [string, string, string]>> = {
  '0': ['█▀█', '█ █', '▀▀▀'],
  '1': ['▀█ ', ' █ ', '▀▀▀'],
  '2': ['▀▀█', '█▀▀', '▀▀▀'],
  '3': ['▀▀█', ' ▀█', '▀▀▀'],
  '4': ['█ █', '▀▀█', '  ▀'],
  '5': ['█▀▀', '▀▀█', '▀▀▀'],
  '6': ['█▀▀', '█▀█', '▀▀▀'],
  '7': ['▀▀█', '  █', '  ▀'],
  '8': ['█▀█', '█▀█', '▀▀▀'],
  '9': ['█▀█', '▀▀█', '▀▀▀'],
  '.': [' ', ' ', '▀'],
  '-': ['  ', '▀▀', '  '],
  '%': ['▀ ▄▀', ' ▄▀ ', '▀  ▄'],
};

/** Three lines of equal width, or null when `text` holds a character without a glyph. */
export function bigDigits(text: string): [string, string, string] | null {
  const rows: [string[], string[], string[]] = [[], [], []];
  for (const ch of text) {
    const glyph = GLYPHS[ch];
    if (glyph === undefined) return null;
    for (let r = 0; r < 3; r++) rows[r]?.push(glyph[r] as string);
  }
  if (rows[0].length === 0) return null;
  return [rows[0].join(' '), rows[1].join(' '), rows[2].join(' ')];
}
