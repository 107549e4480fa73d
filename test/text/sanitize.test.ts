import { afterEach, describe, expect, it, vi } from 'vitest';
import { sanitizeForTerminal, visibleEscape } from '../../src/text/sanitize.js';

const ESC = '\x1b';

describe('sanitizeForTerminal: whole escape sequences are removed', () => {
  it.each([
    ['CSI colour', `a${ESC}[31mred${ESC}[0m b`, 'ared b'],
    ['CSI with private parameters (alternate screen)', `x${ESC}[?1049hy`, 'xy'],
    ['CSI with an intermediate byte (cursor shape)', `${ESC}[1 qz`, 'z'],
    ['CSI cursor up and erase', `top${ESC}[2A${ESC}[2K`, 'top'],
    ['8-bit CSI', 'a\u009b2Jb', 'ab'],
    ['OSC title ended by BEL', `${ESC}]0;pwned\x07after`, 'after'],
    ['OSC hyperlink ended by ESC \\', `${ESC}]8;;https://evil.example${ESC}\\click${ESC}]8;;${ESC}\\`, 'click'],
    ['OSC ended by 8-bit ST', `${ESC}]2;t\u009cz`, 'z'],
    ['8-bit OSC ended by BEL', '\u009d0;t\x07z', 'z'],
    ['8-bit OSC ended by 8-bit ST', '\u009d52;c;aGk=\u009cz', 'z'],
    ['OSC 52 clipboard write', `${ESC}]52;c;ZWNobyBoaQ==\x07ok`, 'ok'],
    ['DCS', `${ESC}P1$r0m${ESC}\\ok`, 'ok'],
    ['8-bit DCS', '\u0090q#0;2;0;0;0\u009cok', 'ok'],
    ['SOS', `${ESC}Xsecret${ESC}\\ok`, 'ok'],
    ['PM', `${ESC}^secret${ESC}\\ok`, 'ok'],
    ['APC', `${ESC}_Gf=100;AAAA${ESC}\\ok`, 'ok'],
    ['8-bit SOS, PM, APC', '\u0098a\u009c\u009eb\u009c\u009fc\u009cok', 'ok'],
    ['full reset ESC c', `a${ESC}cb`, 'ab'],
    ['save/restore cursor ESC 7 / ESC 8', `${ESC}7a${ESC}8`, 'a'],
    ['reverse index ESC M', `${ESC}Ma`, 'a'],
    ['charset designation ESC ( B', `${ESC}(Ba`, 'a'],
    ['screen alignment test ESC # 8', `${ESC}#8a`, 'a'],
    ['keypad mode ESC =', `${ESC}=a`, 'a'],
    ['a lone ST as ESC \\', `a${ESC}\\b`, 'ab'],
    // The edges of each byte range: parameters 0x30-0x3F, intermediates 0x20-0x2F, CSI
    // finals 0x40-0x7E, other finals 0x30-0x7E.
    ['CSI with the lowest final byte @', `${ESC}[@z`, 'z'],
    ['CSI with the highest final byte ~', `${ESC}[5~z`, 'z'],
    ['CSI with parameters 0 and ?', `${ESC}[0;?<=>9mz`, 'z'],
    ['CSI with the intermediates space and /', `${ESC}[1 /pz`, 'z'],
    ['ESC with the intermediate / and the final 0', `${ESC}/0z`, 'z'],
    ['ESC with the final ~', `${ESC}~z`, 'z'],
    ['ESC with the intermediate space', `${ESC} Fz`, 'z'],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeForTerminal(input)).toBe(expected);
  });
});

describe('sanitizeForTerminal: incomplete sequences show their introducer and swallow nothing', () => {
  it.each([
    ['OSC with no terminator', `a${ESC}]0;title and the rest`, 'a\\x1b]0;title and the rest'],
    ['8-bit OSC with no terminator', 'a\u009d0;rest', 'a\\x9d0;rest'],
    ['DCS with no terminator', `${ESC}Pdata`, '\\x1bPdata'],
    ['DCS: BEL does not end it', `${ESC}Pq\x07x`, '\\x1bPq\\x07x'],
    ['OSC broken off by CAN', `${ESC}]0;x\x18y`, '\\x1b]0;x\\x18y'],
    ['OSC broken off by another sequence', `${ESC}]0;x${ESC}[31my`, '\\x1b]0;xy'],
    ['CSI cut off by the end', `a${ESC}[12`, 'a\\x1b[12'],
    ['CSI introducer at the very end', `a${ESC}[`, 'a\\x1b['],
    ['CSI broken by a control', `${ESC}[1\n2m`, '\\x1b[1\\n2m'],
    ['CSI broken by a non-ASCII character', `${ESC}[1é`, '\\x1b[1é'],
    ['parameter after intermediate', `${ESC}[ 1m`, '\\x1b[ 1m'],
    ['ESC at the end', `a${ESC}`, 'a\\x1b'],
    ['ESC before a non-ASCII character', `${ESC}é`, '\\x1bé'],
    ['ESC ESC then a CSI', `${ESC}${ESC}[31mx`, '\\x1bx'],
    ['ESC followed by intermediates only', `${ESC}(`, '\\x1b('],
    ['8-bit CSI cut off', '\u009b12', '\\x9b12'],
    ['OSC broken off by SUB', `${ESC}]0;x\x1ay`, '\\x1b]0;x\\x1ay'],
    // Only ESC makes `ESC \` an ST: after BEL or CAN a backslash is text.
    ['OSC ended by BEL, then a backslash', `${ESC}]0;t\x07\\z`, '\\z'],
    ['OSC broken off by CAN, then a backslash', `${ESC}]0;x\x18\\y`, '\\x1b]0;x\\x18\\y'],
    ['8-bit DCS broken off by CAN', '\u0090x\x18y\u009c', '\\x90x\\x18y\\x9c'],
    ['CSI broken by DEL', `${ESC}[1\x7fm`, '\\x1b[1\\x7fm'],
    ['CSI broken by a byte below the intermediates', `${ESC}[\x1fm`, '\\x1b[\\x1fm'],
    ['ESC then DEL', `${ESC}\x7f`, '\\x1b\\x7f'],
    ['ESC then a control', `${ESC}\x01`, '\\x1b\\x01'],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeForTerminal(input)).toBe(expected);
  });
});

describe('sanitizeForTerminal: other controls become visible escapes', () => {
  it.each([
    ['NUL', '\x00', '\\x00'],
    ['BEL', 'ding\x07', 'ding\\x07'],
    ['backspace', 'ab\bc', 'ab\\x08c'],
    ['TAB', 'a\tb', 'a\\tb'],
    ['LF', 'a\nb', 'a\\nb'],
    ['CR', 'a\rb', 'a\\rb'],
    ['vertical tab and form feed', '\v\f', '\\x0b\\x0c'],
    ['SUB and CAN alone', '\x1a\x18', '\\x1a\\x18'],
    ['DEL', 'a\x7f', 'a\\x7f'],
    ['C1 NEL', 'a\u0085b', 'a\\x85b'],
    // NEL and the other C1 controls are not sequence introducers: text up to a later ST stays.
    ['C1 NEL before an 8-bit ST', 'a\x85hidden\x9cb', 'a\\x85hidden\\x9cb'],
    ['C1 NEL before ESC \\', `a\x85hidden${ESC}\\b`, 'a\\x85hiddenb'],
    ['every other C1 control before an ST', '\x80a\x8fb\x91c\x97d\x99e\x9af\x9c', '\\x80a\\x8fb\\x91c\\x97d\\x99e\\x9af\\x9c'],
    ['C1 IND and RI', '\u0084\u008d', '\\x84\\x8d'],
    ['a lone 8-bit ST', '\u009c', '\\x9c'],
    ['right-to-left override', 'abc\u202edef', 'abc\\u202edef'],
    ['every embedding and override control', '\u202a\u202b\u202c\u202d\u202e', '\\u202a\\u202b\\u202c\\u202d\\u202e'],
    ['every isolate control', '\u2066\u2067\u2068\u2069', '\\u2066\\u2067\\u2068\\u2069'],
    ['line and paragraph separators', 'a\u2028b\u2029c', 'a\\u2028b\\u2029c'],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeForTerminal(input)).toBe(expected);
  });

  it.each([
    ['plain ASCII', 'Hello, world: 42% (ok) [1] {x} ~'],
    ['CJK, emoji, accents', '漢字 かな 한글 🚀👩‍💻🇺🇸 é e\u0301'],
    ['bidi marks LRM, RLM, ALM (harmless, used in RTL text)', 'abc\u200e\u200f\u061cdef'],
    ['a no-break space and an ideographic space (visible as space)', 'a\u00a0b\u3000c'],
    ['emoji ZWJ sequences (family, rainbow flag, skin tone, keycap)', '👨\u200d👩\u200d👧 🏳\ufe0f\u200d🌈 👋🏽\u200d x 1\ufe0f\u20e3'],
    ['ZWJ and ZWNJ in scripts that spell with them (Devanagari, Persian, Malayalam)', 'क्\u200dष \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645 ന്\u200d'],
    ['backslashes are not doubled', 'C:\\path\\x1b'],
    ['the empty string', ''],
  ])('leaves %s alone', (_name, input) => {
    expect(sanitizeForTerminal(input)).toBe(input);
  });

  it('lets TAB and LF through with allowNewlines, and nothing else', () => {
    expect(sanitizeForTerminal('a\tb\nc\rd\x07e', { allowNewlines: true })).toBe('a\tb\nc\\rd\\x07e');
    expect(sanitizeForTerminal(`line1\n${ESC}[2Aline2`, { allowNewlines: true })).toBe('line1\nline2');
  });

  it('writes visible escapes in JavaScript notation', () => {
    expect(visibleEscape(0x1b)).toBe('\\x1b');
    expect(visibleEscape(0x09)).toBe('\\t');
    expect(visibleEscape(0x0a)).toBe('\\n');
    expect(visibleEscape(0x0d)).toBe('\\r');
    expect(visibleEscape(0x9f)).toBe('\\x9f');
    expect(visibleEscape(0x2069)).toBe('\\u2069');
  });
});

/**
 * Characters the regular expressions of one call step over, counted through
 * RegExp.prototype.exec (which `test` and `exec` both go through): a measure of the work
 * done that does not depend on the machine's speed.
 */
function charactersScanned(run: () => void): number {
  const exec = RegExp.prototype.exec;
  let scanned = 0;
  vi.spyOn(RegExp.prototype, 'exec').mockImplementation(function (this: RegExp, text: string) {
    const start = this.global || this.sticky ? this.lastIndex : 0;
    const m = exec.call(this, text);
    scanned += (m === null ? text.length : m.index + m[0].length) - start;
    return m;
  });
  try {
    run();
  } finally {
    vi.restoreAllMocks();
  }
  return scanned;
}

describe('sanitizeForTerminal: invisible characters are shown as escapes', () => {
  it.each([
    ['zero-width space', 'Ac\u200bme', 'Ac\\u200bme'],
    ['word joiner', 'Ac\u2060me', 'Ac\\u2060me'],
    ['BOM / zero-width no-break space', '\ufeffAcme', '\\ufeffAcme'],
    ['soft hyphen (below U+0100, so \\xNN)', 'Ac\u00adme', 'Ac\\xadme'],
    ['invisible operators U+2061-U+2064 and the unassigned U+2065', '\u2061\u2062\u2063\u2064\u2065', '\\u2061\\u2062\\u2063\\u2064\\u2065'],
    ['deprecated format controls U+206A-U+206F', '\u206a\u206b\u206c\u206d\u206e\u206f', '\\u206a\\u206b\\u206c\\u206d\\u206e\\u206f'],
    ['Mongolian vowel separator', 'a\u180eb', 'a\\u180eb'],
    ['interlinear annotation controls', '\ufff9a\ufffab\ufffb', '\\ufff9a\\ufffab\\ufffb'],
    ['Hangul fillers (blank letters)', '\u115f\u1160\u3164\uffa0', '\\u115f\\u1160\\u3164\\uffa0'],
    ['tag characters (hidden ASCII), astral, in braces', 'ok\u{e0001}\u{e0068}\u{e0069}\u{e007f}', 'ok\\u{e0001}\\u{e0068}\\u{e0069}\\u{e007f}'],
    ['the ends of the tag block', '\u{e0000}\u{e007f}', '\\u{e0000}\\u{e007f}'],
    ['astral format controls (Egyptian, shorthand, musical)', '\u{13430}\u{1bca0}\u{1d173}', '\\u{13430}\\u{1bca0}\\u{1d173}'],
    ['ZWJ between Latin letters (a lookalike)', 'Ac\u200dme', 'Ac\\u200dme'],
    ['ZWNJ between Latin letters', 'Ac\u200cme', 'Ac\\u200cme'],
    ['ZWJ at the start', '\u200dAcme', '\\u200dAcme'],
    ['ZWJ after a space or a digit', 'a \u200d1\u200d', 'a \\u200d1\\u200d'],
    ['ZWJ after a Greek or Cyrillic letter', '\u03b1\u200d\u0430\u200c', '\u03b1\\u200d\u0430\\u200c'],
    ['ZWJ after a combining accent', 'e\u0301\u200d', 'e\u0301\\u200d'],
    ['ZWJ after a letter shared by all scripts (a modifier letter)', '\u02bb\u200d', '\u02bb\\u200d'],
    ['ZWJ after a Latin letter, an emoji earlier in the text', '👍 Ac\u200dme', '👍 Ac\\u200dme'],
    ['ZWJ after a Latin letter, Devanagari earlier in the text', 'क a\u200db', 'क a\\u200db'],
    ['other invisible characters are escaped after an emoji too', '👍\u200b👍\u2060', '👍\\u200b👍\\u2060'],
    ['a joiner after an escaped control', 'a\x07\u200d', 'a\\x07\\u200d'],
    ['a joiner kept between two escapes', '👍\u200d\u200b', '👍\u200d\\u200b'],
    ['ZWJ after a removed escape sequence: the character before the sequence decides', `👍${ESC}[1m\u200d`, '👍\u200d'],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeForTerminal(input)).toBe(expected);
  });

  it('escapes every format (Cf) character but the documented exceptions, also with newlines kept', () => {
    const kept = new Set([0x200e, 0x200f, 0x061c, 0x200c, 0x200d]);
    const visibleSigns = /^[\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\u{110bd}\u{110cd}]$/u;
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (!/^\p{Cf}$/u.test(ch) || kept.has(cp) || visibleSigns.test(ch)) continue;
      for (const o of [{}, { allowNewlines: true }]) expect(sanitizeForTerminal(`a${ch}b`, o), cp.toString(16)).toBe(`a${visibleEscape(cp)}b`);
    }
  });

  it('leaves the visible Arabic number signs alone (prepended concatenation marks)', () => {
    expect(sanitizeForTerminal('\u0600١٢ \u06dd١ \u{110bd}')).toBe('\u0600١٢ \u06dd١ \u{110bd}');
  });

  it('writes an astral escape in braces, so it reads as one code point', () => {
    expect(visibleEscape(0xe0041)).toBe('\\u{e0041}');
    expect(visibleEscape(0x10000)).toBe('\\u{10000}');
    expect(visibleEscape(0xffff)).toBe('\\uffff');
  });
});

describe('sanitizeForTerminal: work grows linearly with the input', () => {
  afterEach(() => vi.restoreAllMocks());

  // Unterminated 8-bit OSC introducers with no possible end anywhere after them: a
  // scanner that looked for the end again from each introducer would step over the rest
  // of the text once per introducer (n^2/2 characters).
  it.each([
    ['unterminated 8-bit OSC introducers', (n: number) => '\u009dx'.repeat(n)],
    ['unterminated 8-bit DCS introducers', (n: number) => '\u0090ab'.repeat(n)],
    // Each DCS is broken off by the BEL at the very end: every lookup has the same answer.
    ['8-bit DCS introducers before one BEL at the end', (n: number) => `${'\u0090x'.repeat(n)}\x07`],
  ])('%s', (_name, make) => {
    const small = make(2_000);
    const large = make(8_000);
    const smallWork = charactersScanned(() => sanitizeForTerminal(small));
    const largeWork = charactersScanned(() => sanitizeForTerminal(large));
    expect(smallWork).toBeGreaterThan(0);
    expect(smallWork).toBeLessThanOrEqual(4 * small.length);
    expect(largeWork).toBeLessThanOrEqual(4 * large.length);
  });

  it('still finds each end after a cached one (answers are reused only while valid)', () => {
    expect(sanitizeForTerminal('\u009dx\u009dy\x07z\u009dw\u009c!')).toBe('z!');
    // BEL does not end a DCS: it breaks it off, and the ST after it stands alone.
    expect(sanitizeForTerminal(`\u0090a\x07b\u009c${ESC}]t\x07c`)).toBe('\\x90a\\x07b\\x9cc');
    expect(sanitizeForTerminal(`${ESC}]a${ESC}]b\x07c`)).toBe('\\x1b]ac');
  });
});

describe('sanitizeForTerminal: cost', () => {
  // A quadratic scan would take minutes on these and hit the test timeout; linear ones
  // finish at once. No time is asserted here: speed is measured by `npm run bench`.
  it.each([
    ['unterminated OSC introducers', `${ESC}]`.repeat(200_000)],
    ['unterminated DCS introducers with text', `${ESC}Pabc`.repeat(100_000)],
    ['CSI parameters that never end', `${ESC}[${'1;'.repeat(500_000)}`],
    ['controls everywhere', '\x07a\u202eb\x9bc'.repeat(100_000)],
    ['5 MB of clean text', 'clean text, nothing to do. '.repeat(200_000)],
  ])('stays linear on %s', (_name, input) => {
    const out = sanitizeForTerminal(input);
    expect(out).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
  });
});

describe('sanitizeForTerminal: a combining mark with nothing before it is shown as its escape', () => {
  it('left behind by a removed sequence (ESC [ e is a whole CSI): seed 76088455 of the terminal property', () => {
    expect(sanitizeForTerminal('\u001b[e\u0301fLx')).toBe('\\u0301fLx');
  });

  it('at the start of text from the API, one mark escaped; what follows combines with the escape', () => {
    expect(sanitizeForTerminal('\u0301abc')).toBe('\\u0301abc');
    expect(sanitizeForTerminal('\u{1d167}x')).toBe('\\u{1d167}x');
    // U+0300 is the first combining mark; U+02FF (a modifier letter) is not one.
    expect(sanitizeForTerminal('\u0300x')).toBe('\\u0300x');
    expect(sanitizeForTerminal('\u02ffx')).toBe('\u02ffx');
    expect(sanitizeForTerminal('\u0301\u0302a')).toBe('\\u0301\u0302a');
  });

  it('a mark after a letter is part of it and stays (NFD names)', () => {
    expect(sanitizeForTerminal('Zoe\u0308')).toBe('Zoe\u0308');
    expect(sanitizeForTerminal('e\u0301\u001b[31m')).toBe('e\u0301');
  });

  it('with newlines kept, a mark at the start of any line is escaped', () => {
    expect(sanitizeForTerminal('a\n\u0301b\n\u0302', { allowNewlines: true })).toBe('a\n\\u0301b\n\\u0302');
    expect(sanitizeForTerminal('a\u0301\nb', { allowNewlines: true })).toBe('a\u0301\nb');
  });

  it('a line that starts the text with a newline: the mark after it (newline at index 0)', () => {
    expect(sanitizeForTerminal('\n\u0301x', { allowNewlines: true })).toBe('\n\\u0301x');
    // Through the scanning path too (a control elsewhere in the text).
    expect(sanitizeForTerminal('\n\u0301x\u0007', { allowNewlines: true })).toBe('\n\\u0301x\\x07');
  });

  it('an astral mark (two UTF-16 units) at the start of a later line is replaced whole, leaving no lone surrogate', () => {
    const out = sanitizeForTerminal('a\n\u{1d167}b\n', { allowNewlines: true });
    expect(out).toBe('a\n\\u{1d167}b\n');
    expect(out).not.toMatch(/[\ud800-\udfff]/);
  });

  it('text ending in a newline, and empty text, end the scan without a mark to look at', () => {
    expect(sanitizeForTerminal('a\n', { allowNewlines: true })).toBe('a\n');
    expect(sanitizeForTerminal('', { allowNewlines: true })).toBe('');
    expect(sanitizeForTerminal('')).toBe('');
  });
});
