/**
 * How SQLite's WebAssembly is compiled: the V8 flags set before it loads, each by name,
 * since a flag set while Node runs does not bring what it implies on the command line.
 */
import { describe, expect, it } from 'vitest';
import { BASELINE_WASM_FLAGS, compileOnThisThread } from '../../src/history/sqlite.js';

describe('compileOnThisThread', () => {
  it('keeps V8 to its baseline compiler: no tier-up, dynamic or eager, no background compile tasks, each function validated when first compiled', () => {
    const set: string[] = [];
    compileOnThisThread({ setFlagsFromString: (flag) => set.push(flag) });
    expect(set).toEqual(['--liftoff-only', '--no-wasm-tier-up', '--no-wasm-dynamic-tiering', '--wasm-num-compilation-tasks=0', '--wasm-lazy-validation']);
    expect(set).toEqual(BASELINE_WASM_FLAGS);
  });

  it('a V8 that refuses a flag is not fatal: the store works the same', () => {
    const set: string[] = [];
    const refusing = {
      setFlagsFromString: (flag: string) => {
        set.push(flag);
        throw new Error('no such flag');
      },
    };
    expect(() => compileOnThisThread(refusing)).not.toThrow();
    expect(set).toEqual(['--liftoff-only']);
  });
});
