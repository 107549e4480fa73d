import { afterEach, describe, expect, it } from 'vitest';
import { clearSecrets, redactSecrets, registerSecret } from '../../src/http/redact.js';

afterEach(() => clearSecrets());

describe('redactSecrets', () => {
  it('masks a registered key wherever it appears, and its URL-encoded form', () => {
    registerSecret('sk_live/Zq+9w==');
    expect(redactSecrets('key sk_live/Zq+9w== rejected')).toBe('key *** rejected');
    expect(redactSecrets('?k=sk_live%2FZq%2B9w%3D%3D&x=1')).toBe('?k=***&x=1');
    expect(redactSecrets('sk_live/Zq+9w==sk_live/Zq+9w==')).toBe('******');
  });

  it('masks any Bearer credential, registered or not, in any case', () => {
    expect(redactSecrets('authorization: Bearer vis_unknown_12345678')).toBe('authorization: Bearer ***');
    expect(redactSecrets('-H "Authorization: BEARER abc.def-ghi"')).toBe('-H "Authorization: BEARER ***"');
    expect(redactSecrets('Bearer ***')).toBe('Bearer ***');
  });

  it('leaves prose and placeholders alone', () => {
    const prose = 'Missing API key: send the header "Authorization: Bearer <API_KEY>" with a Bearer tokenish';
    expect(redactSecrets(prose)).toBe(prose);
  });

  it('does not mangle text with very short keys', () => {
    registerSecret('abc');
    expect(redactSecrets('abcdef')).toBe('abcdef');
  });
});

describe('redactSecrets keeps the text around a key', () => {
  afterEach(() => clearSecrets());
  it('brackets and quotes after a Bearer token stay', () => {
    registerSecret('vis_live_abcdef123');
    expect(redactSecrets('(header: Bearer vis_live_abcdef123)')).toBe('(header: Bearer ***)');
    expect(redactSecrets('[Bearer other_token_999]')).toBe('[Bearer ***]');
  });
});

describe('redactSecrets: the edges of each rule', () => {
  afterEach(() => clearSecrets());

  it('masks a Bearer token after any run of whitespace, and keeps that whitespace', () => {
    expect(redactSecrets('Bearer  vis_live_12345678')).toBe('Bearer  ***');
    expect(redactSecrets('Bearer\tvis_live_12345678')).toBe('Bearer\t***');
    expect(redactSecrets('Bearer \t vis_live_12345678 end')).toBe('Bearer \t *** end');
    expect(redactSecrets('bearer\nvis_live_12345678')).toBe('bearer\n***');
  });

  it('a token is 8 or more characters with a digit or one of _-.=+/~', () => {
    expect(redactSecrets('Bearer a1234567')).toBe('Bearer ***');
    expect(redactSecrets('Bearer a123456')).toBe('Bearer a123456');
    for (const mark of ['0', '_', '-', '.', '=', '+', '/', '~']) {
      expect(redactSecrets(`Bearer abcdefg${mark}`), mark).toBe('Bearer ***');
    }
    expect(redactSecrets('Bearer abcdefgh')).toBe('Bearer abcdefgh');
    expect(redactSecrets('Bearer abcdefgh!')).toBe('Bearer abcdefgh!');
  });

  it('Bearer must be a word of its own, and every token in the text is masked', () => {
    expect(redactSecrets('xBearer vis_live_12345678')).toBe('xBearer vis_live_12345678');
    expect(redactSecrets('Bearer aaaa_1111 and bearer bbbb_2222')).toBe('Bearer *** and bearer ***');
    expect(redactSecrets('Bearer abc_1234"rest')).toBe('Bearer ***"rest');
    expect(redactSecrets('Bearer abc_1234;x')).toBe('Bearer ***;x');
  });

  it('registers keys of 6 characters or more, not shorter ones', () => {
    registerSecret('k3y_ab');
    registerSecret('k3y_a');
    expect(redactSecrets('[k3y_ab] [k3y_a]')).toBe('[***] [k3y_a]');
  });

  it('masks every registered key, and clearSecrets forgets them', () => {
    registerSecret('first_key_1');
    registerSecret('second key 2');
    expect(redactSecrets('first_key_1 second key 2 second%20key%202')).toBe('*** *** ***');
    clearSecrets();
    expect(redactSecrets('first_key_1')).toBe('first_key_1');
  });

  it('leaves text without a key as it is', () => {
    registerSecret('vis_live_secret');
    expect(redactSecrets('nothing to hide')).toBe('nothing to hide');
    expect(redactSecrets('')).toBe('');
  });
});
