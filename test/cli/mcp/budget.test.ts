/** The read cap of one `vis mcp` connection and its flag: only reads the API charges count. */
import { describe, expect, it } from 'vitest';
import { ReadBudget } from '../../../src/cli/commands/mcp/budget.js';
import { DEFAULT_MAX_READS, parseMaxReads } from '../../../src/cli/commands/mcp/parse.js';

describe('ReadBudget', () => {
  it('counts a charged read, never a free one nor a cache hit, and refuses past the cap', () => {
    const b = new ReadBudget(1);
    b.count({ free: true }, false);
    b.count({ free: false }, true);
    expect(b.reads).toEqual({ spent: 0, left: 1 });
    expect(b.allows({ free: false })).toBe(true);
    b.count({ free: false }, false);
    expect(b.reads).toEqual({ spent: 1, left: 0 });
    expect(b.allows({ free: false })).toBe(false);
    expect(b.allows({ free: true })).toBe(true);
  });
});

describe('--max-reads', () => {
  it('defaults to 20 and takes a whole number up to 100000', () => {
    expect(parseMaxReads(undefined)).toBe(DEFAULT_MAX_READS);
    expect(DEFAULT_MAX_READS).toBe(20);
    expect(parseMaxReads('0')).toBe(0);
    expect(parseMaxReads('100000')).toBe(100000);
  });
  it.each(['-1', '1.5', 'lots', '', '100001'])('refuses %j naming the flag', (v) => {
    expect(() => parseMaxReads(v)).toThrow(/--max-reads/);
  });
});

describe('ReadBudget over several reads', () => {
  it('fits as many reads as are left, no more, and adds what a job over several brands spent', () => {
    const b = new ReadBudget(3);
    expect(b.fits(3)).toBe(true);
    expect(b.fits(4)).toBe(false);
    b.add(2);
    expect(b.reads).toEqual({ spent: 2, left: 1 });
    expect(b.fits(1)).toBe(true);
    expect(b.fits(2)).toBe(false);
    b.add(2);
    expect(b.reads).toEqual({ spent: 4, left: 0 });
  });
});
