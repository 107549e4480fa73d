// Rewrites completions/ (bash, zsh, fish) from the commander program, which is built from
// src/endpoints.ts; `vis completion <shell>` prints the same text. The TypeScript generator
// is bundled with esbuild (no build step needed) into a temporary file: the bundle holds
// CommonJS dependencies that need a file URL for require().
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = mkdtempSync(join(tmpdir(), 'vis-completions-'));
let files;
try {
  const outfile = join(dir, 'files.mjs');
  await build({
    entryPoints: ['scripts/completion-files.ts'],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    banner: { js: "import { createRequire as __visCreateRequire } from 'node:module'; const require = __visCreateRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  files = (await import(pathToFileURL(outfile).href)).completionFiles();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

for (const file of files) {
  let current;
  try {
    current = readFileSync(file.path, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === file.text) {
    console.error(`${file.path}: already up to date`);
  } else {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.text);
    console.error(`${file.path}: ${current === undefined ? 'created' : 'updated'}`);
  }
}
