import { describe, expect, it } from 'vitest';
import { checkEnvelope, checkErrorEnvelope } from '../../src/http/envelope.js';

describe('success envelope', () => {
  it.each([
    [{ data: {}, meta: {} }],
    [{ data: { topics: [] }, meta: { api_version: 'v1', brand: { id: 1, name: 'A' }, market: { id: 2, code: 'US-en', label: 'US' } } }],
    [{ data: { x: 1 } }],
    [{ data: [1, 2], meta: {} }],
    // Unknown meta fields or retyped ones must not turn a good answer into an error.
    [{ data: {}, meta: { brand: 'A', extra: [1] }, links: {} }],
  ])('accepts %j', (body) => {
    expect(checkEnvelope(body)).toBeDefined();
  });

  it.each([
    [null],
    [[]],
    ['text'],
    [{}],
    [{ meta: {} }],
    [{ data: null, meta: {} }],
    [{ data: 'x', meta: {} }],
    [{ data: {}, meta: 'v1' }],
    [{ error: { code: 'x', message: 'y' } }],
  ])('refuses %j', (body) => {
    expect(checkEnvelope(body)).toBeUndefined();
  });
});

describe('error envelope', () => {
  it('reads code and message', () => {
    expect(checkErrorEnvelope({ error: { code: 'not_found', message: 'No topic 9' } })).toEqual({ code: 'not_found', message: 'No topic 9' });
  });
  it.each([[{}], [{ error: 'not_found' }], [{ error: { message: 'x' } }], [{ error: { code: '', message: 'x' } }], [{ error: { code: 'x' } }], [null]])(
    'refuses %j',
    (body) => {
      expect(checkErrorEnvelope(body)).toBeUndefined();
    },
  );
});
