// Rewrites the generated command reference in docs/commands.md from src/endpoints.ts.
// The TypeScript generator is bundled in memory with esbuild, so no build step is needed.
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';

const out = await build({ entryPoints: ['src/docs/reference.ts'], bundle: true, format: 'esm', platform: 'node', write: false });
const mod = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
const file = mod.REFERENCE_FILE;
const text = readFileSync(file, 'utf8');
const next = mod.spliceReference(text);
if (next !== text) {
  writeFileSync(file, next);
  console.error(`${file}: command reference updated`);
} else {
  console.error(`${file}: command reference already up to date`);
}
