/** The size bound of a `vis mcp` result: whole records, the same in text and structured content, a note, never sent whole. */
import { describe, expect, it } from 'vitest';
import { boundResult, byteLength, recordsKey, type SentResult, type Structured } from '../../src/mcp/bound.js';

const render = (st: Structured): SentResult => ({ content: [{ type: 'text', text: JSON.stringify(st) }], structuredContent: st });
const rows = (n: number, width = 50) => Array.from({ length: n }, (_, i) => ({ id: i, text: 'x'.repeat(width) }));
const structured = (data: unknown): Structured => ({ data, meta: null, reads: { spent: 0, left: 1 }, truncated: null });

describe('byteLength', () => {
  it('counts UTF-8 bytes of the JSON, not characters', () => {
    expect(byteLength('é')).toBe(4);
    expect(byteLength({ a: 1 })).toBe(7);
    expect(byteLength('€')).toBe(5);
  });
});

describe('recordsKey', () => {
  it('takes the named collection when it is an array', () => {
    expect(recordsKey({ topics: [], other: [] }, 'topics')).toBe('topics');
  });
  it('else the only array of the data', () => {
    expect(recordsKey({ days: [], n: 1 }, undefined)).toBe('days');
    expect(recordsKey({ days: [], n: 1 }, 'topics')).toBe('days');
    expect(recordsKey({ topics: 'no', days: [] }, 'topics')).toBe('days');
  });
  it('none when there are several arrays and no collection, or none at all, or data is no object', () => {
    expect(recordsKey({ a: [], b: [] }, undefined)).toBeUndefined();
    expect(recordsKey({ a: 1 }, undefined)).toBeUndefined();
    expect(recordsKey([1, 2], undefined)).toBeUndefined();
    expect(recordsKey(null, undefined)).toBeUndefined();
    expect(recordsKey('text', undefined)).toBeUndefined();
  });
});

describe('boundResult', () => {
  it('sends a result that fits as it is, untouched', () => {
    const st = structured({ topics: rows(3) });
    const r = boundResult(st, render, { maxBytes: 100_000, collection: 'topics', hint: 'Narrow it.' });
    expect(r).toEqual(render(st));
    expect(r.structuredContent?.truncated).toBeNull();
  });

  it('a result exactly at the bound is sent whole', () => {
    const st = structured({ topics: rows(5) });
    const size = byteLength(render(st));
    expect(boundResult(st, render, { maxBytes: size, collection: 'topics', hint: 'h' }).structuredContent?.truncated).toBeNull();
    expect(boundResult(st, render, { maxBytes: size - 1, collection: 'topics', hint: 'h' }).structuredContent?.truncated).not.toBeNull();
  });

  it('cuts a larger one to the most leading whole records that fit, the text to the same records, with the note', () => {
    const st = structured({ topics: rows(200), period: { days: 7 } });
    const r = boundResult(st, render, { maxBytes: 5_000, collection: 'topics', hint: 'Use a smaller limit.' });
    expect(byteLength(r)).toBeLessThanOrEqual(5_000);
    const sc = r.structuredContent as unknown as Structured & { data: { topics: unknown[]; period: unknown } };
    const kept = sc.data.topics.length;
    expect(kept).toBeGreaterThan(0);
    expect(sc.data.topics).toEqual(rows(200).slice(0, kept));
    expect(sc.data.period).toEqual({ days: 7 });
    expect(sc.truncated).toEqual({ kept, total: 200, hint: `Cut to ${kept} of 200 topics to fit 5000 bytes. Use a smaller limit.` });
    expect(JSON.parse(r.content[0]!.text)).toEqual(sc);
    expect(r.isError).toBeUndefined();
    // One record more would not have fitted.
    const more = render({ ...st, data: { ...(st.data as object), topics: rows(200).slice(0, kept + 1) }, truncated: sc.truncated });
    expect(byteLength(more)).toBeGreaterThan(5_000);
  });

  it('keeps every record but the last when only that one is too many', () => {
    const st = structured({ topics: rows(4) });
    const three = render({ ...st, data: { topics: rows(4).slice(0, 3) }, truncated: { kept: 3, total: 4, hint: 'Cut to 3 of 4 topics to fit 1000 bytes. h' } });
    const r = boundResult(st, render, { maxBytes: Math.max(byteLength(three), byteLength(render(st)) - 1), collection: 'topics', hint: 'h' });
    expect((r.structuredContent as unknown as Structured).truncated?.kept).toBe(3);
  });

  it('may keep no record at all, saying so', () => {
    const st = structured({ topics: rows(3, 2_000) });
    const r = boundResult(st, render, { maxBytes: 1_000, collection: 'topics', hint: 'h' });
    expect((r.structuredContent as unknown as Structured).truncated).toMatchObject({ kept: 0, total: 3 });
    expect(byteLength(r)).toBeLessThanOrEqual(1_000);
  });

  it('refuses with an error, sending nothing of the data, when not even the result without records fits', () => {
    const st = structured({ topics: rows(3), note: 'y'.repeat(5_000) });
    const r = boundResult(st, render, { maxBytes: 1_000, collection: 'topics', hint: 'Ask for less.' });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toBeUndefined();
    expect(r.content).toEqual([
      { type: 'text', text: 'The answer is larger than 1000 bytes (vis mcp --max-bytes) even without its records: nothing was sent. Ask for less.' },
    ]);
  });

  it('refuses the same way when the data holds no records to cut', () => {
    const r = boundResult(structured({ note: 'y'.repeat(5_000) }), render, { maxBytes: 1_000, hint: 'Ask for less.' });
    expect(r).toEqual({
      content: [{ type: 'text', text: 'The answer is larger than 1000 bytes (vis mcp --max-bytes): nothing was sent. Ask for less.' }],
      isError: true,
    });
  });

  it('counts multi-byte text in bytes', () => {
    const st = structured({ topics: Array.from({ length: 50 }, () => ({ t: '€'.repeat(30) })) });
    const r = boundResult(st, render, { maxBytes: 3_000, collection: 'topics', hint: 'h' });
    expect(byteLength(r)).toBeLessThanOrEqual(3_000);
    expect(JSON.stringify(r).length).toBeLessThan(3_000);
  });
});
