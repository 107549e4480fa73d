/**
 * A key a server (or a proxy) echoes back in disguise: split by escape sequences or
 * control characters a terminal does not show, or percent-encoded. What a person or a log
 * reads after the terminal sanitiser must hold no 8-character run of it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { clearSecrets, printable, redactSecrets, registerSecret } from '../../src/http/redact.js';
import { sanitizeForTerminal } from '../../src/text/sanitize.js';

const KEY = 'sk_live_SECRETKEY_123456';

afterEach(() => clearSecrets());

/** The 8-character runs of `key` that `text` holds. */
export function keyRuns(text: string, key: string): string[] {
  const runs: string[] = [];
  for (let i = 0; i + 8 <= key.length; i++) if (text.includes(key.slice(i, i + 8))) runs.push(key.slice(i, i + 8));
  return runs;
}

const pct = (s: string, lower = false) =>
  [...s]
    .map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
    .map((e) => (lower ? e.toLowerCase() : e))
    .join('');
const at = (s: string, i: number, insert: string) => s.slice(0, i) + insert + s.slice(i);

/** [name, the text the server sends]: each hides KEY from a plain search. */
const DISGUISES: ReadonlyArray<readonly [string, string]> = [
  ['a CSI escape sequence in the middle', at(KEY, 14, '\x1b[m')],
  ['an SGR with parameters', at(KEY, 5, '\x1b[1;31m')],
  ['an 8-bit CSI', at(KEY, 10, '\x9b0m')],
  ['an OSC title, BEL-ended', at(KEY, 9, '\x1b]0;x\x07')],
  ['an OSC, ST-ended', at(KEY, 9, '\x1b]8;;\x1b\\')],
  ['a DCS', at(KEY, 4, '\x1bPq\x9c')],
  ['a two-byte escape (ESC 7)', at(KEY, 12, '\x1b7')],
  ['a run of several sequences', at(at(KEY, 16, '\x1b[0m\x1b[K'), 3, '\x1b(B')],
  ['a CSI with an intermediate byte', at(KEY, 5, '\x1b[0 q')],
  ['an 8-bit OSC, 8-bit ST', at(KEY, 9, '\x9d0;x\x9c')],
  ['an APC', at(KEY, 9, '\x1b_x\x1b\\')],
  ['a C1 control (NEL)', at(KEY, 11, '\x85')],
  ['a tab', at(KEY, 11, '\t')],
  ['a line end', at(KEY, 11, '\n')],
  ['a carriage return', at(KEY, 11, '\r')],
  ['a C0 control (NUL)', at(KEY, 7, '\x00')],
  ['DEL', at(KEY, 7, '\x7f')],
  ['a backspace', at(KEY, 7, '\b')],
  ['a zero-width space', at(KEY, 6, '\u200b')],
  ['a soft hyphen', at(KEY, 6, '\u00ad')],
  ['a bidi override', at(KEY, 6, '\u202e')],
  ['a control at every gap', [...KEY].join('\x01')],
  ['%5F for _', KEY.replaceAll('_', '%5F')],
  ['%5f for _ (lower-case hex)', KEY.replaceAll('_', '%5f')],
  ['every character percent-encoded', pct(KEY)],
  ['every character percent-encoded, lower-case hex', pct(KEY, true)],
  ['mixed-case hex', pct(KEY).replace(/%5F/g, '%5f').replace(/%4B/g, '%4b')],
  ['encoded twice (%255F)', KEY.replaceAll('_', '%255F')],
  ['an escape sequence percent-encoded', at(KEY, 14, '%1B%5Bm')],
  ['a percent-encoded control', at(KEY, 14, '%00')],
  ["the sanitiser's own notation of a control", at(KEY, 14, '\\x1b')],
  ['a \\u notation', at(KEY, 14, '\\u202e')],
  ['escape and percent-encoding together', at(KEY.replaceAll('_', '%5F'), 12, '\x1b[m')],
  // A sequence whose final byte is the key's own next character: the sanitiser removes it
  // whole, so the key would be one character short of whole when masked afterwards.
  ['an 8-bit CSI that ends on the key’s own letter', at(KEY, 8, '\x9b')],
  ['a 7-bit CSI that ends on the key’s own letter', at(KEY, 8, '\x1b[')],
  ['a two-byte escape ending on the key’s own letter (ESC S)', at(KEY, 8, '\x1b')],
];

describe('a registered key is masked however the server disguises it', () => {
  it.each(DISGUISES)('%s', (_name, disguised) => {
    registerSecret(KEY);
    const text = `invalid key "${disguised}" for this account`;
    // Sanitised first, as it is printed, then masked: nothing of the key is left.
    const shown = printable(text);
    expect(keyRuns(shown, KEY), JSON.stringify(shown)).toEqual([]);
    expect(shown).toMatch(/^invalid key "\*\*\*" for this account$/);
    // The masking alone (before the sanitiser, as the client masks a message) misses nothing either.
    const masked = sanitizeForTerminal(redactSecrets(text));
    expect(keyRuns(masked, KEY), JSON.stringify(masked)).toEqual([]);
  });

  it('a plain search alone would have missed each one (the cases are real)', () => {
    for (const [name, disguised] of DISGUISES) expect(disguised.includes(KEY), name).toBe(false);
  });

  it('keeps the text on both sides, and masks each copy of the key', () => {
    registerSecret(KEY);
    const text = `a ${at(KEY, 3, '\x1b[m')} b ${KEY.replaceAll('_', '%5F')} c`;
    expect(printable(text)).toBe('a *** b *** c');
  });

  it('masks two disguised copies side by side as two', () => {
    registerSecret(KEY);
    const disguised = at(KEY, 3, '\x85');
    expect(printable(`[${disguised}${disguised}]`)).toBe('[******]');
  });

  it('masks every key, wherever each stands in the text', () => {
    const other = 'vis_other_key_00112233';
    registerSecret(KEY);
    registerSecret(other);
    const text = `first ${at(other, 5, '\x85')}, then ${at(KEY, 5, '\x85')}, then ${at(other, 9, '%00')}`;
    expect(printable(text)).toBe('first ***, then ***, then ***');
  });

  it('a key inside a longer one: the longer one is masked once', () => {
    const inner = KEY.slice(3);
    registerSecret(KEY);
    registerSecret(inner);
    expect(printable(`<${at(KEY, 12, '\x85')}>`)).toBe('<***>');
    expect(printable(`<${at(KEY, 12, '\x85')}> <${at(inner, 2, '\x85')}>`)).toBe('<***> <***>');
  });

  it('a key of 6 characters is looked for in disguise; one that normalises to fewer is not', () => {
    registerSecret('k3y_ab');
    registerSecret('%41%42%43%44%45');
    expect(printable('[k3y%5Fab]')).toBe('[***]');
    expect(printable('[ABCDE]')).toBe('[ABCDE]');
  });

  it('masks only the key: controls around it stay as the sanitiser shows them', () => {
    registerSecret(KEY);
    expect(printable(`\x07${KEY}\x07`)).toBe('\\x07***\\x07');
    expect(printable(`%41${KEY}%41`)).toBe('%41***%41');
  });

  it('text that only looks like part of a key is left alone', () => {
    registerSecret(KEY);
    const near = [
      `${KEY.slice(0, -1)}`,
      `${KEY.slice(0, 10)}\x1b[m${KEY.slice(11)}`,
      `${KEY.slice(0, 10)}X${KEY.slice(10)}`,
      // The notation of a visible character does not read as that character, nor as nothing.
      `${KEY.slice(0, 10)}\\x41${KEY.slice(10)}`,
      `${KEY.slice(0, 10)}\\u0041${KEY.slice(10)}`,
    ];
    for (const text of near) expect(printable(text)).toBe(sanitizeForTerminal(text));
  });

  it('a key with a percent sign in it is found as written and as encoded', () => {
    registerSecret('pass%41word_99');
    expect(redactSecrets('u:pass%41word_99@h')).toBe('u:***@h');
    expect(redactSecrets('u:pass%2541word_99@h')).toBe('u:***@h');
  });

  it('printable keeps line ends when asked, and escapes them otherwise', () => {
    registerSecret(KEY);
    expect(printable(`a\n${KEY}`, { allowNewlines: true })).toBe('a\n***');
    expect(printable(`a\n${KEY}`)).toBe('a\\n***');
  });
});
