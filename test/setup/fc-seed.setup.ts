import fc from 'fast-check';
import { inject } from 'vitest';

// The run's seed (see fc-seed.global.ts) for every fc.assert in this file. fast-check
// names the seed and the shrunk counterexample's path in a failure's message.
fc.configureGlobal({ seed: inject('fcSeed') });
