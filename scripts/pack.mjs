#!/usr/bin/env node
// `npm run package`: the npm package of vis, as a tarball.
//
//   npm run package                        builds dist/, writes ./vis-<version>.tgz
//   node scripts/pack.mjs --no-build --pack-destination DIR [--json]
//
// The repository's package.json is the development manifest: the libraries vis bundles
// are devDependencies, and `prepare` builds dist/ on `npm install` in a clone. The
// published one is written here, into a staging folder that then gets packed: the
// development manifest's description of the package (name, version, bin, engines,
// files...) and nothing else, so the package has no dependencies and no script at all,
// and installs nothing but itself. Nothing in the repository is rewritten, so a failed
// or interrupted pack leaves no changed package.json behind, and `--ignore-scripts`
// cannot let the development manifest through. The repository's package.json is
// private (`npm publish` there refuses) and its `prepack` runs this with --refuse-here;
// publish the tarball: `npm publish vis-<version>.tgz`.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const NOTICES = 'THIRD_PARTY_NOTICES.md';

/** The fields of the development manifest that describe the published package. */
const PUBLISHED_FIELDS = [
  'name',
  'version',
  'description',
  'keywords',
  'homepage',
  'bugs',
  'repository',
  'author',
  'contributors',
  'license',
  'type',
  'bin',
  'engines',
  'os',
  'cpu',
];

/** The published package.json: no scripts, no dependencies of any kind, not private. */
function publishedManifest(dev) {
  for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies', 'bundleDependencies', 'bundledDependencies']) {
    if (dev[field] && Object.keys(dev[field]).length > 0) {
      throw new Error(
        `package.json: ${field} would be installed with vis, which runs only its bundle (dist/): make them devDependencies (scripts/build.mjs bundles them)`,
      );
    }
  }
  const out = {};
  for (const field of PUBLISHED_FIELDS) if (dev[field] !== undefined) out[field] = dev[field];
  out.files = [...(dev.files ?? []), NOTICES];
  return out;
}

function fail(message) {
  console.error(`pack: ${message}`);
  process.exit(1);
}

const args = process.argv.slice(2);
if (args.includes('--refuse-here')) {
  fail(
    '`npm pack` and `npm publish` in the repository would ship the development package.json (its prepare script, its devDependencies). Run `npm run package` instead: it writes vis-<version>.tgz with the published package.json (see scripts/pack.mjs).',
  );
}
const json = args.includes('--json');
const at = args.indexOf('--pack-destination');
const destination = resolve(at >= 0 ? (args[at + 1] ?? fail('--pack-destination needs a folder')) : root);

if (!args.includes('--no-build')) {
  const built = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
if (!existsSync(join(root, 'dist', 'vis.cjs')) || !existsSync(join(root, 'dist', NOTICES))) {
  fail('dist/ is missing or incomplete: run `npm run build` first');
}

const dev = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
let manifest;
try {
  manifest = publishedManifest(dev);
} catch (err) {
  fail(err.message);
}

const stage = mkdtempSync(join(tmpdir(), 'vis-package-'));
try {
  for (const entry of dev.files ?? []) cpSync(join(root, entry), join(stage, entry), { recursive: true });
  // The notices go at the package's root, where people and licence scanners look.
  renameSync(join(stage, 'dist', NOTICES), join(stage, NOTICES));
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const packed = spawnSync(npm, ['pack', stage, '--ignore-scripts', '--pack-destination', destination, ...(json ? ['--json'] : [])], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    shell: process.platform === 'win32',
  });
  process.exitCode = packed.status ?? 1;
} finally {
  rmSync(stage, { recursive: true, force: true });
}
