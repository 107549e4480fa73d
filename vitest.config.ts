import { defineConfig } from 'vitest/config';

// .ci/run asks for a JSON report too, to print one plain closing line
// ("N passed, N failed, N skipped") that any log reader understands.
const jsonReport = process.env.VIS_TEST_RESULTS;

// Every file shares its worker's loaded modules with the files that ran before it there
// (isolate: false): the CLI, zod and undici are imported once per worker, not once per
// file, which halves the suite's CPU time. A file must then leave no state behind (no
// process.env or cwd left changed, fake timers restored). The files listed here cannot
// (they vi.mock a dependency; the package test's `npx vis` from a packed tarball has hung
// after other files in its worker), so each runs in a process of its own.
const ISOLATED = ['test/config/store.test.ts', 'test/history/pg/url-os-user.test.ts', 'test/fs/atomic-write.test.ts', 'test/e2e/package.e2e.test.ts'];

export default defineConfig({
  test: {
    // One printed fast-check seed per run (FC_SEED replays it): test/setup/fc-seed.*.
    globalSetup: ['test/setup/tmp.global.ts', 'test/setup/fc-seed.global.ts'],
    setupFiles: ['test/setup/fc-seed.setup.ts'],
    // A guard against a hang, not a measure: a two-core machine busy with other work (a
    // second npm test, say) runs a spawned test ten times slower than an idle one.
    testTimeout: 120_000,
    hookTimeout: 120_000,
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
