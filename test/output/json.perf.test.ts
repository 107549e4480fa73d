import { describe, expect, it } from 'vitest';
import { renderJson } from '../../src/output/json.js';

// In a file of its own so it runs in a fresh worker, like the one call a CLI process
// makes: after json.test.ts (deep-nesting output of megabytes, hundreds of property runs,
// the error paths) the heap and the JIT state are nothing like what users run, and the
// timings measured there were mostly garbage collection.
describe('renderJson: speed', () => {
  it('re-indents a 5 MB body faster than a JSON.parse + JSON.stringify round trip', () => {
    // The brief is "well under 100 ms"; that holds on an idle machine (about 50-80 ms on a
    // slow 2-core CI VM), but an absolute time on a shared runner is noise. So the check is
    // relative to the native round trip this replaces, measured in the same process (each
    // in its own batch: the round trip's garbage would otherwise be collected on our
    // clock), plus a loose absolute bound that still catches an accidental quadratic.
    const records = Array.from({ length: 30_000 }, (_, i) => ({
      id: i,
      name: `topic ${i} \u202e with some text`,
      score: i / 7,
      tags: ['a', 'b', 'c'],
      nested: { from: '2025-01-01', to: '2025-01-07', ok: i % 2 === 0, none: null },
    }));
    const raw = JSON.stringify({ data: { records }, meta: { api_version: 'v1' } });
    expect(raw.length).toBeGreaterThan(5_000_000);
    // The fastest of several runs: load from other test workers only ever adds time, so
    // the minimum is the least noisy estimate of what the code itself costs.
    const fastest = (run: () => unknown): number => {
      let best = Infinity;
      for (let i = 0; i < 9; i++) {
        const started = performance.now();
        run();
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    const ours = fastest(() => renderJson(raw));
    const native = fastest(() => JSON.stringify(JSON.parse(raw), null, 2));
    expect(ours).toBeLessThan(native);
    expect(ours).toBeLessThan(400);
  });
});
