#!/usr/bin/env node
// `npm test` after the build: the checks (tsc --noEmit, then `npm run lint` and `npm run
// format:check`) and the test run (vitest run) side by side, since the tests do not need
// the checks' answers and the checks mostly run while vitest's workers wait on spawned
// processes and sockets. The checks run one after another, so no more than one competes
// with vitest for the two cores. Their output is held back and printed after vitest's, so
// the two never interleave. Fails (exit 1 or vitest's code) when any fails: a type error,
// a lint finding or a file Prettier would change still fails npm test. Arguments go to vitest.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// What node_modules/.bin/tsc and .bin/vitest run.
const tscBin = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const vitestBin = join(root, 'node_modules', 'vitest', 'vitest.mjs');
// npm itself, as the one that runs `npm test` (else the one on PATH), for the scripts
// package.json defines once.
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];

function run(args, capture, command = process.execPath) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let out = '';
    if (capture) {
      child.stdout.setEncoding('utf8').on('data', (d) => (out += d));
      child.stderr.setEncoding('utf8').on('data', (d) => (out += d));
    }
    child.on('error', (error) => resolve({ code: 1, out: `${out}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out }));
  });
}

// As `npm run typecheck`: incremental, its state in .cache/ (as lint's and format's caches
// are), so a run after a small change re-checks what the change touches: about 12 s of CPU
// instead of 54 on two cores. TypeScript compares each file's text, so a stale state only
// costs a full check.
const TSC_ARGS = ['--noEmit', '--incremental', '--tsBuildInfoFile', join(root, '.cache', 'tsc', 'tsconfig.tsbuildinfo'), '-p', 'tsconfig.json'];
const script = (name) => run([...npm.slice(1), 'run', '--silent', name], true, npm[0]);
const checks = (async () => [
  { name: 'typecheck (tsc --noEmit)', ok: 'no errors', ...(await run([tscBin, ...TSC_ARGS], true)) },
  { name: 'lint (npm run lint)', ok: 'no problems', ...(await script('lint')) },
  { name: 'format (npm run format:check)', ok: 'every file as Prettier writes it', ...(await script('format:check')) },
])();
const tests = await run([vitestBin, 'run', ...process.argv.slice(2)], false);
let failed = false;
for (const check of await checks) {
  if (check.code === 0) console.log(`${check.name}: ${check.ok}`);
  else {
    failed = true;
    process.stderr.write(check.out);
    console.error(`${check.name} failed (exit ${check.code})`);
  }
}
process.exitCode = tests.code !== 0 ? tests.code : failed ? 1 : 0;
