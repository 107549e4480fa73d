import { defineConfig } from 'vitest/config';

// The tests `npm run mutation` (stryker.config.mjs) runs against each mutant: the
// in-process ones only. The end-to-end tests spawn dist/, which Stryker does not
// mutate, and the completion tests start real shells; both would only slow it down.
// Every other test file runs in-process (test/ mirrors src/), so all of them count.
// Narrowing here, not with Stryker's `testFiles`, keeps values built at module load
// (tables, regexes) attributed to the tests that use them.
// The documents' and help's examples test is left out too: it changes the working folder
// (process.chdir), which Stryker's vitest runner (worker threads) does not allow, and each
// example is a whole command whose rules the unit tests pin one by one.
// The history store's size test is left out as well: 30 days of sandbox reads take
// seconds per mutant, and what it measures (bytes on disk) no mutant of the store's
// logic changes without another test failing first.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'test/completion/**', 'test/docs/examples.test.ts', 'test/history/store-size.test.ts', '**/node_modules/**'],
    globalSetup: ['test/setup/tmp.global.ts', 'test/setup/fc-seed.global.ts'],
    setupFiles: ['test/setup/fc-seed.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
