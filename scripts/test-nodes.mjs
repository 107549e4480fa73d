#!/usr/bin/env node
// `npm run test:nodes`: the end-to-end tests (the built vis, spawned) on the other Node
// majors vis supports, besides the one running npm test. The Node binaries come from
// the npm registry (scripts/pinned-nodes.mjs), are kept in .cache/nodes/, and are
// used only here and by `npm run bench`. Linux x64 only; elsewhere it says so and exits 0.
// Run `npm run build` first (npm test does); .ci/run runs this after npm test.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODES, nodeBinary, pinnedNodesSupported } from './pinned-nodes.mjs';

// The spawned tests, and the in-process ones that go through vis's own transport (undici)
// to a loopback server: they were spawned once, and Node's HTTP stack differs by major.
const TESTS = [
  'test/e2e',
  'test/boot/boot.test.ts',
  'test/output/commands.test.ts',
  'test/output/piped-table.test.ts',
  'test/export/export.test.ts',
  'test/http/resilience.test.ts',
  'test/http/hardening.test.ts',
  'test/http/api-errors.test.ts',
  'test/http/key-exposure.test.ts',
  'test/config/commands.test.ts',
  'test/completion/complete.test.ts',
  'test/cli/adversarial.test.ts',
  'test/cli/tools.test.ts',
  'test/cli/nesting.test.ts',
  'test/cli/commands/report-reads.test.ts',
  'test/config/config-files.test.ts',
  // The report's dates, times and numbers come from each Node's own ICU: its goldens and the
  // charts' text alternatives must read the same on every Node.
  'test/report/render-golden.test.ts',
  'test/report/render-format.test.ts',
  'test/report/charts.test.ts',
];

const root = fileURLToPath(new URL('..', import.meta.url));

if (!pinnedNodesSupported) {
  console.log(`test:nodes: only on linux x64 (this is ${process.platform} ${process.arch}); skipped`);
  process.exit(0);
}
if (!existsSync(join(root, 'dist', 'vis.cjs'))) {
  console.error('test:nodes: dist/vis.cjs is missing; run `npm run build` first.');
  process.exit(1);
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
