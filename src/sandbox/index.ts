/**
 * The sandbox as the CLI loads it (`--demo`, `vis sandbox`, the demo's simulated history): one module, which the build
 * bundles on its own (dist/lib/sandbox.cjs), so the commands that never start a sandbox
 * do not even parse its code and data.
 */
export { sandboxOptionsFromEnv } from './options.js';
export { serveSandbox } from './serve.js';
export { startSandbox } from './server.js';
export { DemoHistory } from './history.js';
