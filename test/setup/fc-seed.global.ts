import type { TestProject } from 'vitest/node';

// One fast-check seed per run, chosen here (FC_SEED, or a fresh one) and printed once,
// so a property that fails by chance in CI can be replayed exactly. Every test file
// gets it through `inject('fcSeed')` in fc-seed.setup.ts.
declare module 'vitest' {
  export interface ProvidedContext {
    fcSeed: number;
  }
}

/** The seed from FC_SEED (an integer), or a new one from the clock. */
export function chooseSeed(env: NodeJS.ProcessEnv = process.env): number {
  const given = env.FC_SEED?.trim();
  if (given) {
    if (!/^-?\d+$/.test(given)) throw new Error(`FC_SEED must be an integer, got "${given}"`);
    return Number(given) | 0;
  }
  return Date.now() | 0;
}

/** Chosen once per run: each project of vitest.config.ts loads this file anew and runs it. */
const RUN_SEED = Symbol.for('vis.test.fcSeed');

export default function setup(project: TestProject): void {
  const run = globalThis as { [RUN_SEED]?: number };
  if (run[RUN_SEED] === undefined) {
    run[RUN_SEED] = chooseSeed();
    console.log(`fast-check seed: ${run[RUN_SEED]} (replay with FC_SEED=${run[RUN_SEED]} npm test)`);
  }
  project.provide('fcSeed', run[RUN_SEED]);
}
