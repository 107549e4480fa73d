// Bundles src/main.ts into dist/ with esbuild. Code splitting keeps what a command does
// not need (the sandbox, the table renderer, ora, conf) out of the start-up path.
import { build } from 'esbuild';
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const dist = fileURLToPath(new URL('../dist', import.meta.url));
// Build beside dist/ and swap it in at the end, so a failed or concurrent build never
// leaves a half-written dist/ behind for a running vis (or a running test) to trip on.
const staging = `${dist}.staging-${process.pid}`;
const retired = `${dist}.old-${process.pid}`;
rmSync(staging, { recursive: true, force: true });

await build({
  entryPoints: { vis: 'src/main.ts' },
  outdir: staging,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: false,
  sourcemap: false,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  define: { __VIS_VERSION__: JSON.stringify(pkg.version) },
  // Some dependencies are CommonJS and call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __visCreateRequire } from 'node:module'; const require = __visCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

try {
  renameSync(dist, retired);
} catch (err) {
  if (err.code !== 'ENOENT') throw err;
}
renameSync(staging, dist);
rmSync(retired, { recursive: true, force: true });
