#!/usr/bin/env node
// The `vis` command: turns on Node's compile cache where this Node has it (22+), then
// loads the bundle. CommonJS (bin/package.json says so), like the bundle, so that
// starting vis never starts Node's ES module loader (see scripts/build.mjs).
'use strict';

// `vis --version` alone is answered from package.json, before the bundle is even parsed:
// scripts and shell prompts call it often. Any other argv goes through the CLI.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // A reader that went away (`vis --version | true`) is not an error, as for any command.
  process.stdout.on('error', (err) => {
    if (err.code !== 'EPIPE') process.exitCode = 1;
  });
  process.stdout.write(`${require('../package.json').version}\n`);
  return;
}

const nodeModule = require('node:module');

if (typeof nodeModule.enableCompileCache === 'function') {
  try {
    nodeModule.enableCompileCache();
  } catch {
    // A read-only cache directory must never stop the CLI.
  }
}
require('../dist/vis.cjs');
