import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // End-to-end tests spawn the built CLI; two cores, so keep the pool small.
    pool: 'forks',
    maxWorkers: 2,
  },
});
