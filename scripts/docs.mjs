// Rewrites the generated parts of the docs from src/endpoints.ts: the command reference in
// docs/commands.md and the MCP tool table in docs/mcp.md. The TypeScript generators are
// bundled in memory with esbuild, so no build step is needed.
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';

async function load(entry) {
  const out = await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', write: false });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
}

async function splice(entry, fileOf, spliceOf, what) {
  const mod = await load(entry);
  const file = mod[fileOf];
  const text = readFileSync(file, 'utf8');
  const next = mod[spliceOf](text);
  if (next !== text) {
    writeFileSync(file, next);
    console.error(`${file}: ${what} updated`);
  } else {
    console.error(`${file}: ${what} already up to date`);
  }
}

await splice('src/docs/reference.ts', 'REFERENCE_FILE', 'spliceReference', 'command reference');
await splice('scripts/mcp-tools.ts', 'MCP_DOC_FILE', 'spliceMcpTools', 'MCP tool table');
