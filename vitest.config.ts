import { defineConfig } from 'vitest/config';

// .ci/run asks for a JSON report too, to print one plain closing line
// ("N passed, N failed, N skipped") that any log reader understands.
const jsonReport = process.env.VIS_TEST_RESULTS;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One printed fast-check seed per run (FC_SEED replays it): test/setup/fc-seed.*.
    globalSetup: ['test/setup/fc-seed.global.ts'],
    setupFiles: ['test/setup/fc-seed.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // End-to-end tests spawn the built CLI; two cores, so keep the pool small.
    pool: 'forks',
    maxWorkers: 2,
    reporters: jsonReport ? ['default', ['json', { outputFile: jsonReport }]] : ['default'],
  },
});
