/** No secret in what `vis mcp` sends: the key, a database password, a webhook URL, as written or percent-encoded. */
import { describe, expect, it } from 'vitest';
import { MASK, MIN_SECRET_LENGTH, maskDeep, maskText, secretForms } from '../../src/mcp/mask.js';

const KEY = 'vis_live_0123456789';
const HOOK = 'https://hooks.example.com/services/T0/B0/secret path';

describe('secretForms', () => {
  it('keeps each secret and its percent-encoded form, longest first, once each', () => {
    expect(secretForms([KEY, undefined, KEY, HOOK])).toEqual([encodeURIComponent(HOOK), HOOK, KEY]);
  });
  it('leaves out secrets shorter than the minimum, keeps one of exactly the minimum', () => {
    expect(MIN_SECRET_LENGTH).toBe(6);
    expect(secretForms(['abcde', '', undefined])).toEqual([]);
    expect(secretForms(['abcdef'])).toEqual(['abcdef']);
  });
});

describe('maskText', () => {
  it('masks every occurrence, and the encoded form', () => {
    const forms = secretForms([KEY, HOOK]);
    expect(MASK).toBe('***');
    expect(maskText(`a ${KEY} b ${KEY}`, forms)).toBe('a *** b ***');
    expect(maskText(`url=${encodeURIComponent(HOOK)}`, forms)).toBe('url=***');
    expect(maskText(`posted to ${HOOK}.`, forms)).toBe('posted to ***.');
  });
  it('leaves text without a secret unchanged, to the byte', () => {
    const text = 'The API’s text \u001b[31m as sent, with <b>markup</b>\n';
    expect(maskText(text, secretForms([KEY]))).toBe(text);
  });
  it('masks a secret that holds another whole', () => {
    expect(maskText('pw=secret123-longer', secretForms(['secret123', 'secret123-longer']))).toBe('pw=***');
  });
});

describe('maskDeep', () => {
  it('masks strings at any depth, keys included, and leaves every other value as it is', () => {
    const forms = secretForms([KEY]);
    const value = { [KEY]: 1, list: [`k ${KEY}`, 2, null, true, { deep: KEY }], n: 3, none: null };
    expect(maskDeep(value, forms)).toEqual({ '***': 1, list: ['k ***', 2, null, true, { deep: '***' }], n: 3, none: null });
    expect(maskDeep(KEY, forms)).toBe('***');
    expect(maskDeep(42, forms)).toBe(42);
  });
  it('without secrets, returns the value itself', () => {
    const value = { a: [1] };
    expect(maskDeep(value, [])).toBe(value);
  });
  it('does not change the value it was given', () => {
    const value = { a: KEY };
    maskDeep(value, secretForms([KEY]));
    expect(value.a).toBe(KEY);
  });
});
