import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/http/sha256.js';
import { paceFileName } from '../../src/http/shared-window.js';

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('sha256Hex (names the shared pacing window without node:crypto)', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'],
  ])('the FIPS 180-4 vector %j', (text, digest) => {
    expect(sha256Hex(text)).toBe(digest);
  });

  it('equals node:crypto at every length around the 64-byte block and padding edges', () => {
    for (let n = 0; n <= 200; n++) {
      const text = 'k'.repeat(n);
      expect(sha256Hex(text), `length ${n}`).toBe(nodeSha256(text));
    }
  });

  it('equals node:crypto on any text, multi-byte UTF-8 included', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => sha256Hex(text) === nodeSha256(text)));
  });

  it('the pace file name is the first 32 hex digits of SHA-256(base URL, newline, key)', () => {
    expect(paceFileName('https://api.example/api/v1', 'vis_key_123')).toBe(`${nodeSha256('https://api.example/api/v1\nvis_key_123').slice(0, 32)}.json`);
  });
});
