import { defineConfig } from 'vitest/config';

// .ci/run asks for a JSON report too, to print one plain closing line
// ("N passed, N failed, N skipped") that any log reader understands.
const jsonReport = process.env.VIS_TEST_RESULTS;

// Files that change module state for the whole file (vi.mock of a dependency), the
// pager's, whose pager-quits-early write hangs after some other files ran in the same
// worker, and the package test, whose `npx vis` never returned after some other files in
// a fresh-clone CI run (both not yet understood): each runs in a fresh process. Every other file shares its worker's modules with the files
// that ran before it there (isolate: false), which saves re-importing and re-transforming
// the CLI, zod and undici for each of 120 files, half the suite's CPU time. A file must then
// leave no state behind (no process.env or cwd left changed, fake timers restored); a
// file that cannot goes here.
const ISOLATED = ['test/config/store.test.ts', 'test/cli/pager.test.ts', 'test/e2e/package.e2e.test.ts'];

export default defineConfig({
  test: {
    // One printed fast-check seed per run (FC_SEED replays it): test/setup/fc-seed.*.
    globalSetup: ['test/setup/tmp.global.ts', 'test/setup/fc-seed.global.ts'],
    setupFiles: ['test/setup/fc-seed.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // End-to-end tests spawn the built CLI; two cores, so keep the pool small.
    pool: 'forks',
    maxWorkers: 2,
    reporters: jsonReport ? ['default', ['json', { outputFile: jsonReport }]] : ['default'],
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: ISOLATED, isolate: false } },
    ],
  },
});
