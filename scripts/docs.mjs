// Rewrites README.md's generated command reference from src/endpoints.ts.
// The TypeScript generator is bundled in memory with esbuild, so no build step is needed.
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';

const out = await build({ entryPoints: ['src/docs/reference.ts'], bundle: true, format: 'esm', platform: 'node', write: false });
const mod = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
const readme = readFileSync('README.md', 'utf8');
const next = mod.spliceReference(readme);
if (next !== readme) {
  writeFileSync('README.md', next);
  console.error('README.md: command reference updated');
} else {
  console.error('README.md: command reference already up to date');
}
