/** vis's own SHA-256 gives node:crypto's digest, whatever the text and its length. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/domain/sha256.js';

const node = (text: string) => createHash('sha256').update(text).digest('hex');

describe('sha256Hex', () => {
  it.each(['', 'abc', 'https://api.example.com/api/v1\nvis_live_0123456789abcdef', 'é, ß, 漢字 and 🙂'])('%j as node:crypto hashes it', (text) => {
    expect(sha256Hex(text)).toBe(node(text));
  });

  it('every length across the block and padding edges (0 to 200 bytes)', () => {
    for (let n = 0; n <= 200; n++) expect(sha256Hex('x'.repeat(n)), String(n)).toBe(node('x'.repeat(n)));
  });

  it('two-byte characters across the same edges, and lone surrogates: the bytes hashed are the UTF-8 ones', () => {
    for (let n = 0; n <= 100; n++) expect(sha256Hex('\u00e9'.repeat(n)), String(n)).toBe(node('\u00e9'.repeat(n)));
    for (const text of ['\ud800', 'a\udc00b']) expect(sha256Hex(text)).toBe(node(text));
  });
});
