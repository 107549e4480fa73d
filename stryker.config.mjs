// `npm run mutation`: StrykerJS mutation testing of the modules that guard keys,
// terminals, CSV files, the response cache, the files vis reads back and writes, and
// exit codes. On demand only (several minutes on two cores); not part of npm test or .ci/run. The clear-text report prints a score per file: each
// file should stay at 90% or more, and the run fails if the total drops below 90.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'src/errors.ts',
    'src/http/url.ts',
    'src/http/redact.ts',
    'src/config/key-binding.ts',
    'src/http/retry.ts',
    'src/text/sanitize.ts',
    'src/output/csv.ts',
    'src/output/flatten.ts',
    'src/terminal/render.ts',
    'src/cache/store.ts',
    'src/cache/keys.ts',
    'src/cache/freshness.ts',
    'src/services/cached.ts',
    'src/terminal/force-tty.ts',
    'src/terminal/pager.ts',
    'src/fs/safe-file.ts',
    'src/fs/inside-folder.ts',
    'src/export/manifest-check.ts',
    'src/services/question-lookup.ts',
    'src/output/views/shown.ts',
    'src/cli/option-errors.ts',
    'src/services/request-log.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  clearTextReporter: { allowColor: false, logTests: false },
  thresholds: { high: 95, low: 90, break: 90 },
  // A mutant that loops forever (a scan index that never moves) is stopped after this.
  timeoutMS: 3000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
