/** The completion cache's own SHA-256 gives node:crypto's digest, whatever the length of the line. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/cli/commands/completion/sha256.js';

const node = (text: string) => createHash('sha256').update(text).digest('hex');

describe('sha256Hex', () => {
  it.each(['', 'abc', 'https://api.example.com/api/v1\nvis_live_0123456789abcdef', 'é, ß, 漢字 and 🙂'])('%j as node:crypto hashes it', (text) => {
    expect(sha256Hex(text)).toBe(node(text));
  });

  it('every length across the block and padding edges (0 to 200 bytes)', () => {
    for (let n = 0; n <= 200; n++) expect(sha256Hex('x'.repeat(n)), String(n)).toBe(node('x'.repeat(n)));
  });
});
