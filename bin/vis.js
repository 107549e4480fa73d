#!/usr/bin/env node
// The `vis` command. CommonJS (bin/package.json says so), like the bundle, so that
// starting vis never starts Node's ES module loader (see scripts/build.mjs).
'use strict';

// `vis --version` alone is answered from package.json, before the bundle is even parsed:
// scripts and shell prompts call it often. Any other argv (`vis --version --verbose`,
// `vis version`) goes through the CLI, which prints the same first line (src/cli/version.ts).
const args = process.argv.slice(2);
// VIS_DEBUG asks for the second line (Node and platform): the CLI prints that.
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V') && !process.env.VIS_DEBUG) {
  // A reader that went away (`vis --version | true`) is not an error, as for any command.
  process.stdout.on('error', (err) => {
    if (err.code !== 'EPIPE') process.exitCode = 1;
  });
  process.stdout.write(`vis ${require('../package.json').version}\n`);
  return;
}

// The code cache and one V8 flag: src/boot/.
const dist = require('node:path').join(module.path, '..', 'dist');
require('../dist/boot.cjs').boot(dist);
// `vis [command...] --help` from the pages the build wrote, without the CLI (src/boot/help.ts).
const last = args[args.length - 1];
if ((last === '--help' || last === '-h') && require('../dist/help.cjs').answerHelp(args, process.env, require('node:path').join(dist, 'help'))) return;
// `vis __complete <source>` (each TAB of the completion scripts) from the files, without the
// CLI unless the brands must be fetched (src/boot/complete.ts).
if (args[0] === '__complete') {
  require('../dist/complete.cjs')
    .answerCompletion(args, process.env)
    .then((answered) => answered || require('../dist/vis.cjs'));
  return;
}
require('../dist/vis.cjs');
