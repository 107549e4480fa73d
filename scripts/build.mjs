// Bundles src/main.ts into dist/ with esbuild. Code splitting keeps what a command does
// not need (the sandbox, the table renderer, ora, conf) out of the start-up path.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: { vis: 'src/main.ts' },
  outdir: 'dist',
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
