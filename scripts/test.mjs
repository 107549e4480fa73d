#!/usr/bin/env node
// `npm test` after the build: the typecheck (tsc --noEmit) and the test run (vitest run)
// side by side, since the tests do not need the typecheck's answer and tsc mostly runs
// while vitest's workers wait on spawned processes and sockets. tsc's output is held back
// and printed after vitest's, so the two never interleave. Fails (exit 1 or vitest's
// code) when either fails: a type error still fails npm test. Arguments go to vitest.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// What node_modules/.bin/tsc and .bin/vitest run.
const tscBin = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const vitestBin = join(root, 'node_modules', 'vitest', 'vitest.mjs');

function run(args, capture) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let out = '';
    if (capture) {
      child.stdout.setEncoding('utf8').on('data', (d) => (out += d));
      child.stderr.setEncoding('utf8').on('data', (d) => (out += d));
    }
    child.on('error', (error) => resolve({ code: 1, out: `${out}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out }));
  });
}

const typecheck = run([tscBin, '--noEmit', '-p', 'tsconfig.json'], true);
const tests = await run([vitestBin, 'run', ...process.argv.slice(2)], false);
const types = await typecheck;
if (types.code === 0) console.log('typecheck (tsc --noEmit): no errors');
else {
  process.stderr.write(types.out);
  console.error(`typecheck (tsc --noEmit) failed (exit ${types.code})`);
}
process.exitCode = tests.code !== 0 ? tests.code : types.code !== 0 ? 1 : 0;
