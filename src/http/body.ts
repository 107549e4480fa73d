/**
 * The body of one answer, collected as it arrives, within a size limit, and decoded.
 *
 * Memory. Bytes are counted chunk by chunk and the request is abandoned the moment the
 * count passes the limit, so a body that never ends costs at most the limit. A body whose
 * Content-Length is known goes straight into one buffer of that size; otherwise the
 * chunks are joined once at the end and dropped. Either way a successful body is held at
 * most twice at its peak (its bytes, then its text while it is decoded). Error messages
 * quote only the first HEAD_BYTES, kept apart, so a failure never joins everything
 * received just to cut an excerpt.
 */

/** 256 MiB: far above any answer of the API, far below what would exhaust memory. */
export const DEFAULT_MAX_BODY_BYTES = 256 * 1024 * 1024;
/**
 * The most VIS_MAX_BODY_MB may say: a body becomes one JavaScript string, and V8 strings
 * stop at 2^29 - 24 characters (512 MiB less a little).
 */
export const MAX_BODY_MB_LIMIT = 500;
/** The most response-header bytes accepted: 16 KiB, Node's and so undici's default. */
export const MAX_HEADER_BYTES = 16 * 1024;
/** How much of the start of a body is kept for the excerpts of error messages. */
export const HEAD_BYTES = 4 * 1024;

export class BodyCollector {
  /** Bytes received so far. */
  bytes = 0;
  private readonly head = Buffer.alloc(HEAD_BYTES);
  private headBytes = 0;
  private chunks: Buffer[] = [];
  /** The single buffer of a body whose length was announced. */
  private whole: Buffer | undefined;

  /** `expected`: the Content-Length, when the server sent one within the limit. */
  constructor(
    private readonly maxBytes: number,
    expected?: number,
  ) {
    if (expected !== undefined && expected > 0 && expected <= maxBytes) this.whole = Buffer.allocUnsafe(expected);
  }

  /** Takes a chunk; false when the body has now passed the limit (the chunk is not kept). */
  add(chunk: Buffer): boolean {
    const at = this.bytes;
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      this.chunks = [];
      this.whole = undefined;
      return false;
    }
    if (this.headBytes < HEAD_BYTES) this.headBytes += chunk.copy(this.head, this.headBytes, 0, HEAD_BYTES - this.headBytes);
    if (this.whole && this.bytes <= this.whole.length) {
      chunk.copy(this.whole, at);
    } else {
      if (this.whole) {
        // More than the Content-Length said (undici would normally stop it first).
        this.chunks.push(this.whole.subarray(0, at));
        this.whole = undefined;
      }
      this.chunks.push(chunk);
    }
    return true;
  }

  /** The first bytes as text, for an excerpt (undecodable bytes become U+FFFD). */
  headText(): string {
    return new TextDecoder('utf-8').decode(this.head.subarray(0, this.headBytes));
  }

  /** Every byte received, as one buffer; the collector lets go of them. */
  take(): Buffer {
    let all: Buffer;
    if (this.whole) all = this.whole.subarray(0, this.bytes);
    else all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.bytes);
    this.chunks = [];
    this.whole = undefined;
    return all;
  }
}

/** Text decoded as UTF-8 (a leading BOM dropped), or the offset of the first byte that is not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): { text: string } | { invalidAt: number } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes) };
  } catch {
    return { invalidAt: firstInvalidUtf8(bytes) };
  }
}

/**
 * The offset of the first byte that does not belong to a well-formed UTF-8 sequence
 * (Unicode table 3-7: no overlong forms, no surrogates, nothing past U+10FFFF), or -1.
 * A sequence cut short by the end counts as invalid at its first byte.
 */
export function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) lo = 0xa0;
      if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) lo = 0x90;
      if (c === 0xf4) hi = 0x8f;
    } else return i;
    if (i + need >= b.length) return i; // cut short by the end
    const second = b[i + 1]!;
    if (second < lo || second > hi) return i;
    for (let k = 2; k <= need; k++) {
      const x = b[i + k]!;
      if (x < 0x80 || x > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}
