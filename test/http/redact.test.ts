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
