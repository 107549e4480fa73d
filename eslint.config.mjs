import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

// The globals of the Node that runs the linter, which is the Node the scripts run on.
const nodeGlobals = Object.fromEntries(Object.getOwnPropertyNames(globalThis).map((name) => [name, 'readonly']));

// The recommended rules without type information: the type-checked set takes over three
// times as long for the whole tree (about a minute on two cores), and tsc in `npm test`
// already checks the types.
export default defineConfig(
  {
    ignores: ['dist/', 'dist.staging-*/', 'dist.old-*/', 'coverage/', 'reports/', '.stryker-tmp/', '.cache/', '.vitest-cache/', 'completions/', 'test/golden/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: nodeGlobals },
    rules: {
      // A terminal sanitiser and its tests are about control characters: matching them is the point.
      'no-control-regex': 'off',
      // Only code without semicolons can run two lines together; Prettier writes them all.
      'no-unexpected-multiline': 'off',
      // `const { dropped: _omit, ...rest } = obj` is how a field is left out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    // The shim is CommonJS on purpose (bin/package.json): require() loads the bundle without
    // starting Node's ES module loader.
    files: ['bin/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests walk JSON by the shape they assert (the OpenAPI document, sandbox replies) or
    // break on purpose (manifests); the assertions are the type check there. src/ has no `any`.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
